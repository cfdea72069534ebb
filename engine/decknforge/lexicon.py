"""The Lexicon: Qi Words as data (a trigger and up to two effects), FIND and DEFINE.

A word's rules text is generated from its trigger and effects, so what a word says and what
the engine does can never drift apart. Coining and moderation are in moderation.py. Pure
functions only: storing coined words is the saves layer's job.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Literal

import msgspec

Kind = Literal["adventurer", "equipment", "monster"]
# pending: waiting for a moderator; challenged: sent back to its author to modify (R39)
Status = Literal["approved", "pending", "rejected", "challenged"]
Verdict = Literal["coined", "approved", "rejected", "challenged", "resubmitted"]
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


class Trigger(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    event: str
    suit: str = ""  # only for hit_suit


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    op: str
    amount: int = 0
    suit: str = ""  # only for also_suit


class Review(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of a coined word's life: coined, judged, or modified and sent again."""

    verdict: Verdict
    by: str = ""  # who: a player's identity on a shared host, initials or "" on one machine
    reason: str = ""
    was: str = ""  # resubmitted: the rules text before the change


class Word(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: Kind
    trigger: Trigger
    effects: tuple[Effect, ...]
    status: Status = "approved"
    author: str = ""  # initials of whoever coined it; "" for the base lexicon
    note: str = ""  # the last moderator's reason (a rejection or a challenge)
    author_id: str = ""  # the author's identity on a shared host; "" on one machine
    history: tuple[Review, ...] = ()
    inscribed: bool = False  # written on some deck: valid for good (R40)


class GlossaryEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    term: str
    text: str


class _WordFile(msgspec.Struct, forbid_unknown_fields=True):
    word: list[Word]


class _GlossaryFile(msgspec.Struct, forbid_unknown_fields=True):
    entry: list[GlossaryEntry]


# ----- the vocabulary ----------------------------------------------------------------------

# Triggers each kind of word may use, with the phrase that follows "If ". An Equipment word
# speaks only when cast, and a cast lasts the caster's turn (R9): its triggers are the
# caster's own moves of that turn. Adventurer and Monster words speak at READY and in the
# Monster attack.
TRIGGERS: dict[str, dict[str, str]] = {
    "adventurer": {
        "hit": "a Monster hits this Adventurer",
        "hit_suit": "a {suit} Monster hits this Adventurer",
        "attack": "any Monster attacks while this Adventurer is in play",
        "joker": "a joker is placed in a row",
        "escalate": "the dungeon escalates",
        "slain": "a Monster is slain while this Adventurer is in play",
        "hired": "this Adventurer is hired",
        "round_start": "a round begins with this Adventurer in play",
    },
    "equipment": {
        "cast": "you cast this card",
        "hire": "you next hire an Adventurer this turn",
        "equip": "you next equip a piece this turn",
    },
    "monster": {
        "attack": "this Monster attacks",
        "hit": "this Monster hits an Adventurer",
        "survives": "this Monster lives through its attack",
        "slain": "this Monster is slain",
        "joker": "this joker is placed in a row",
        "escalate": "this joker widens the dungeon",
    },
}

HIT_TRIGGERS = frozenset({"hit", "hit_suit"})
# Moments inside a player's turn: what a word does then can still be used that turn.
IN_TURN = frozenset({"hired", "cast", "hire", "equip"})
ANY = None  # marker: every trigger of the kind


class Op(msgspec.Struct, frozen=True):
    kinds: frozenset[str]
    triggers: frozenset[str] | None  # None: any trigger the kind has
    cap: int  # largest amount; 0 for an effect without an amount
    text: str  # effect phrase: {n} amount, {s} plural s, {suit}, {target}, {later}, and the
    # verbs that agree with {n}: {join}, {are}
    needs_suit: bool = False


def _op(kinds: str, triggers: str | None, cap: int, text: str, needs_suit: bool = False) -> Op:
    return Op(
        frozenset(kinds.split()),
        None if triggers is None else frozenset(triggers.split()),
        cap,
        text,
        needs_suit,
    )


# The whole effect vocabulary. Nothing here brings a discarded card back: discarded is gone for
# good (glossary: DISCARDED; R19). Nothing here can clear, win or end a dungeon by itself:
# Strength changes are capped, floored and last one round (R16, R9). Each op may follow only
# the triggers at which it does something real (R37): a draw of Equipment outside a turn
# would be undone by the READY refill, a cast's Strength change would end before the check.
OPS: dict[str, Op] = {
    "retaliate": _op("adventurer", "attack hit hit_suit", 5,
                     "hit Adventurers count +{n} when they retaliate"),
    "weaken": _op("adventurer", "attack hit hit_suit", 5,
                  "the attacking Monster's attack drops by {n}"),
    "ward": _op("adventurer", "joker", 0, "the joker does not strip this Adventurer's gear"),
    "draw_equipment": _op("adventurer equipment", "hired cast hire equip", 3, "draw {n} Equipment"),
    "draw_adventurer": _op("adventurer equipment", ANY, 2, "draw {n} Adventurer{s}"),
    "actions": _op("adventurer equipment", ANY, 2, "take {n} more action{s}{later}"),
    "sap": _op("adventurer", ANY, 6, "the Dungeon Strength drops by {n} this round"),
    "arm": _op("adventurer equipment", "hired cast hire equip", 1,
               "the top card of your Equipment deck goes onto {target}"),
    "recruit": _op("adventurer equipment", "hired cast", 0,
                   "the top Adventurer of your deck is hired into an empty slot"),
    "empower": _op("monster", "attack hit", 5, "its attack rises by {n}"),
    "also_suit": _op("monster", "attack", 0, "it also hits {suit} Adventurers", needs_suit=True),
    "reinforce": _op("monster", "attack", 1, "{n} more Monster{s} {join} this attack"),
    "fortify": _op("monster", ANY, 6, "the Dungeon Strength rises by {n} this round"),
    "strip_hand": _op("monster", ANY, 2, "every player discards {n} random card{s} from hand"),
    "smash": _op("monster", ANY, 2, "the band's {n} best equipped piece{s} {are} discarded"),
    "burn_deck": _op("monster", ANY, 3,
                     "every player discards the top {n} card{s} of their Equipment deck"),
}  # fmt: skip

# Which Adventurer an "arm" effect puts the card on, by trigger.
ARM_TARGET = {
    "hired": "this Adventurer",
    "hire": "the Adventurer you hire",
    "equip": "the Adventurer you equip",
    "cast": "your Adventurer carrying the least gear",
}
# What a joker can do: it has no suit, so it hits no Adventurer of a suit (no "also hits"); a
# placed one strips the band's gear, and the stripped gear retaliates: it may be slain or stand
# (R4). Only these effects of its words ever change anything.
JOKER_OPS = frozenset({"empower", "reinforce", "fortify", "strip_hand", "smash", "burn_deck"})
JOKER_TRIGGERS = frozenset({"attack", "hit", "survives", "slain", "joker", "escalate"})
ACE_TRIGGERS = frozenset({"attack", "hit", "survives", "slain"})

USABLE = ("approved", "pending")
MAX_EFFECTS = 2
# Ideas a table might try to coin that the vocabulary refuses outright (rulebook: a term may
# never end or win the dungeon).
FORBIDDEN_IDEAS = ("clear", "win", "end", "fall", "flee", "escape", "empty", "destroy_pile")
NAME_PATTERN = re.compile(r"^[A-Z][A-Z'-]{2,19}$")


def trigger_text(kind: str, trigger: Trigger) -> str:
    return TRIGGERS.get(kind, {}).get(trigger.event, trigger.event).format(
        suit=SUIT_SYMBOL.get(trigger.suit, "?")
    )


def effect_text(kind: str, effect: Effect, trigger: str = "") -> str:
    op = OPS.get(effect.op)
    if op is None:
        return effect.op
    banked = trigger not in IN_TURN and trigger != "round_start" and bool(trigger)
    text = op.text.format(
        n=effect.amount,
        s="" if effect.amount == 1 else "s",
        suit=SUIT_SYMBOL.get(effect.suit, "?"),
        target=ARM_TARGET.get(trigger, "one of your Adventurers"),
        later=" in your next turn" if banked else "",  # R18
        join="joins" if effect.amount == 1 else "join",
        are="is" if effect.amount == 1 else "are",
    )
    return text


def word_text(word: Word) -> str:
    """The rules sentence, always in the If ... then ... form."""
    effects = " and ".join(effect_text(word.kind, e, word.trigger.event) for e in word.effects)
    return f"If {trigger_text(word.kind, word.trigger)}, then {effects}."


def check_word(word: Word, taken: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Every reason the word cannot stand, in player-readable form; [] when it is sound."""
    problems: list[str] = []
    if not NAME_PATTERN.match(word.name):
        problems.append("A name is 3 to 20 capital letters (an apostrophe or hyphen may join).")
    if word.name in taken:
        problems.append(f"{word.name} is already in the Lexicon.")
    return problems + vocabulary_problems(word)


def check_stored_word(word: Word) -> list[str]:
    """Why a word read from a lexicon file could not have been coined; [] when it could. What
    the vocabulary allows may change between versions: that is moderation's (recheck), not
    damage."""
    if not NAME_PATTERN.match(word.name):
        return [f"{word.name[:24]!r} is not a word's name: 3 to 20 capital letters."]
    return []


def vocabulary_problems(word: Word) -> list[str]:
    """What the word asks that the vocabulary cannot say (its name aside)."""
    problems: list[str] = []
    triggers = TRIGGERS.get(word.kind)
    if triggers is None:
        return [f"'{word.kind}' is not a kind of word."]
    if word.trigger.event not in triggers:
        problems.append(f"A {word.kind} word cannot fire on '{word.trigger.event}'.")
    if (word.trigger.event == "hit_suit") != bool(word.trigger.suit):
        problems.append("Only a suit trigger names a suit, and it must name one.")
    if word.trigger.suit and word.trigger.suit not in SUIT_SYMBOL:
        problems.append(f"'{word.trigger.suit}' is not a suit (S, H, D or C).")
    if not 1 <= len(word.effects) <= MAX_EFFECTS:
        problems.append(f"A word does one or {MAX_EFFECTS} things.")
    seen: set[str] = set()
    for effect in word.effects:
        op = OPS.get(effect.op)
        if op is None:
            if any(idea in effect.op.lower() for idea in FORBIDDEN_IDEAS):
                problems.append("A Qi Word may never end or win the dungeon outright.")
            else:
                problems.append(f"The vocabulary has no effect '{effect.op}'.")
            continue
        if effect.op in seen:
            problems.append(f"'{effect.op}' appears twice; write one bigger effect.")
        seen.add(effect.op)
        if word.kind not in op.kinds:
            problems.append(f"'{effect.op}' is not an effect a {word.kind} word can have.")
        if op.triggers is not None and word.trigger.event not in op.triggers:
            problems.append(f"'{effect.op}' cannot follow the trigger '{word.trigger.event}'.")
        if op.cap == 0 and effect.amount != 0:
            problems.append(f"'{effect.op}' takes no number.")
        if op.cap and not 1 <= effect.amount <= op.cap:
            problems.append(f"'{effect.op}' takes a number from 1 to {op.cap}.")
        if op.needs_suit != bool(effect.suit) or (effect.suit and effect.suit not in SUIT_SYMBOL):
            problems.append(f"'{effect.op}' {'needs' if op.needs_suit else 'takes no'} suit.")
    return problems


def fires_on(word: Word, code: str) -> bool:
    """Whether the word, written on this card, can ever do something (R38).

    Every Adventurer and Equipment word can fire on any card of its kind. A Monster word on an
    ace needs a trigger an ace meets; on a joker, a trigger a joker meets and only effects a
    joker can carry out.
    """
    if word.kind != "monster":
        return True
    if code.startswith("X"):
        return word.trigger.event in JOKER_TRIGGERS and all(e.op in JOKER_OPS for e in word.effects)
    return word.trigger.event in ACE_TRIGGERS


def cannot_fire(word: Word, code: str) -> str:
    """Why the word, written on this card, could never do anything ("" when it can): such a
    word is not offered for a scar on that card (R38)."""
    if word.kind != "monster" or code[:1] not in ("A", "X") or fires_on(word, code):
        return ""
    if code.startswith("X"):
        card, why = "a joker", "it has no suit to hit, and acts only on its strike, its row and the table as a whole"
    else:
        card, why = f"the ace {code[:-1]}{SUIT_SYMBOL.get(code[-1], '?')}", "an ace is never placed in a row"
    return f"{word.name} cannot fire on {card} ({why}): it will not be offered for this scar."


# ----- the base lexicon and glossary ---------------------------------------------------------


@lru_cache(maxsize=1)
def base_words() -> tuple[Word, ...]:
    """The agreed Lexicon shipped with the game, validated on load."""
    raw = resources.files("engine.decknforge").joinpath("content/words.toml").read_bytes()
    words = msgspec.toml.decode(raw, type=_WordFile).word
    names: set[str] = set()
    for word in words:
        problems = check_word(word, names)
        if problems or word.status != "approved":
            raise ValueError(f"bad word {word.name} in words.toml: {problems or word.status}")
        names.add(word.name)
    return tuple(words)


@lru_cache(maxsize=1)
def base_index() -> dict[str, Word]:
    return {word.name: word for word in base_words()}


@lru_cache(maxsize=1)
def glossary() -> tuple[GlossaryEntry, ...]:
    raw = resources.files("engine.decknforge").joinpath("content/glossary.toml").read_bytes()
    entries = msgspec.toml.decode(raw, type=_GlossaryFile).entry
    terms = [entry.term.upper() for entry in entries]
    if len(set(terms)) != len(terms) or not all(entry.text for entry in entries):
        raise ValueError("glossary.toml has a repeated or empty term")
    return tuple(entries)


def words_of(kind: str, extra: list[Word] | tuple[Word, ...] = ()) -> list[Word]:
    """WORDS: every usable word of one kind: the base lexicon, then the extra coined words
    that are approved or waiting for review (a rejected or challenged word is not usable)."""
    return [*base_words_of(kind), *usable_words_of(kind, extra)]


@lru_cache(maxsize=None)
def base_words_of(kind: str) -> tuple[Word, ...]:
    """The base lexicon's words of one kind (every one checked when the lexicon loaded)."""
    return tuple(w for w in base_words() if w.kind == kind)


def usable_words_of(kind: str, extra: list[Word] | tuple[Word, ...]) -> list[Word]:
    """The extra coined words of one kind that are approved or waiting for review."""
    return [w for w in extra if w.kind == kind and w.status in USABLE]


@lru_cache(maxsize=None)
def base_names_firing_on(kind: str, code: str) -> tuple[str, ...]:
    """The names of the base lexicon's words of one kind that can fire on this card (R38)."""
    return tuple(w.name for w in base_words_of(kind) if fires_on(w, code))


def find(query: str, extra: list[Word] | tuple[Word, ...] = ()) -> list[Word]:
    """FIND: words whose name or rules text holds every term of the query; names first."""
    terms = query.lower().split()
    pool = list(base_words()) + [w for w in extra if w.status != "rejected"]
    if not terms:
        return pool
    by_name: list[Word] = []
    by_text: list[Word] = []
    for word in pool:
        name = word.name.lower()
        text = word_text(word).lower()
        suits = " ".join(n for symbol, n in SUIT_NAME.items() if symbol in text)
        haystack = f"{name} {word.kind} {text} {suits}"
        if all(term in haystack for term in terms):
            (by_name if any(term in name for term in terms) else by_text).append(word)
    return by_name + by_text


def define(term: str) -> GlossaryEntry | None:
    """DEFINE: a glossary term in our own words. Accepts 'DEFINE SCAR' or just 'scar'."""
    wanted = term.strip().upper()
    if wanted.startswith("DEFINE "):
        wanted = wanted[len("DEFINE ") :].strip()
    for entry in glossary():
        if entry.term.upper() == wanted:
            return entry
    matches = [entry for entry in glossary() if entry.term.upper().startswith(wanted)]
    return matches[0] if len(matches) == 1 and wanted else None


