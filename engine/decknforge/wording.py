"""How DecknForge's log lines read. The rules write `Line(kind, parts)`; these give the words.

The parts are names as the table shows them: a deck's label ("P1", or its name), a card's label
("7♠"), a Monster or an Adventurer with whose deck it is ("A♠/P1"), a deck's tag ("P1", "P1#2"
in the solo variant: R20), the pieces hanging on one Adventurer side by side ("5♠ 3♥"), and
numbers. A list of pairs (a hit Adventurer and its gear, one that moves and its new slot) is
kept flat: first, second, first, second... Every line is written before the change it tells of.
"""

from __future__ import annotations

from collections.abc import Iterator


def _pairs(flat: tuple) -> Iterator[tuple]:
    return zip(flat[::2], flat[1::2])


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards)


def _moves(moves: tuple) -> list[str]:
    """(Adventurer, slot, Adventurer, slot...): the ones that change slot as the slots close up."""
    return [f"{adventurer} moves to slot {slot}" for adventurer, slot in _pairs(moves)]


def _drawn(who: str, count: int, pile: str) -> str:
    what = "Equipment" if pile == "equipment" else f"Adventurer{'' if count == 1 else 's'}"
    return f"{who} draws {count} {what}."


def _xp_clear(tag: str, card: str, word: str) -> str:
    said = f": {card} takes {word}" if card else ""
    return f"{tag}: +150 XP{said}."


def _not_kept(decks: tuple[str, ...]) -> str:
    """Decks that are no stored deck's: a bot's, or the fresh ones of a game begun without decks."""
    names = " and ".join([", ".join(decks[:-1]), decks[-1]]) if len(decks) > 1 else decks[0]
    one = len(decks) == 1
    return (
        f"{names}'s deck{'' if one else 's'} {'was' if one else 'were'} made for this game only:"
        f" {'its' if one else 'their'} XP and words are not kept (a deck saved from the new-game"
        " screen keeps what it gains)."
    )


def _scar(who: str, monster: str, modifier: int, gear: str) -> str:
    monster = f"{monster} +{modifier}" if monster else "no blank Monster"
    return f"{who}'s scar: {monster}; {gear or 'no blank Equipment'} to upgrade."


def _strips(joker: str, count: int, pieces: tuple) -> str:
    told = "; ".join(f"{gear} off {adventurer}" for gear, adventurer in _pairs(pieces))
    return f"{joker} strips {count} piece{'' if count == 1 else 's'} of gear: {told}."


def _hits(monster: str, hit: tuple, moves: tuple) -> str:
    """`hit`: (Adventurer, its gear or "", ...)."""
    named = ", ".join(adventurer + (f" ({gear})" if gear else "") for adventurer, gear in _pairs(hit))
    closing = f"; {', '.join(_moves(moves))}" if moves else ""
    return f"{monster} hits {named}: discarded with their gear{closing}."


def _back_in_slot(adventurer: str, slot: int, gear: str, moves: tuple) -> str:
    carried = f" with {gear}" if gear else ""
    return f"{adventurer} is back in slot {slot}{carried}{''.join(f'; {move}' for move in _moves(moves))}."


def _strikes_at(monster: str, suits: tuple[str, ...]) -> str:
    """Why an Adventurer falls: its suit is one the Monster strikes (R10)."""
    if not suits:
        return f"{monster} strikes no suit: it hits nobody."
    return f"{monster} strikes every {' and every '.join(suits)} Adventurer."


def _retaliation(monster: str, parts: tuple, words: int, total: int) -> str:
    """The retaliation summed (R11). `parts`: (hit Adventurer, the value of its gear, ...);
    `words`: what words added."""
    terms = [f"{value} from {adventurer}'s gear" if value else f"0 from {adventurer} (no gear)"
             for adventurer, value in _pairs(parts)]  # fmt: skip
    if words:
        terms.append(f"{words} from words")
    return f"Retaliation against {monster}: {' + '.join(terms)} = {total}."


def _standing(total: int, need: int, left: int) -> str:
    return f"Equipped {total} against Strength {need}; {left} Monster{'' if left == 1 else 's'} left."


def _unspoken(who: str, cards: tuple[str, ...]) -> str:
    return f"{who}'s {' '.join(cards)} burn{'s' if len(cards) == 1 else ''} unspoken."


def _round_begins(number: int, refills: tuple) -> str:
    """`refills`: (deck, cards drawn, ...) for each hand that refills."""
    told = ", ".join(f"{who} draws {count}" for who, count in _pairs(refills))
    return f"Round {number} begins{f': hands refill, {told}' if told else ''}."


WORDING = {
    # setting out
    "enter": lambda names, count: f"{_cards(names)} enter a dungeon of {count} Monsters.",
    # the player turn (R5)
    "ends turn": "{0} ends the turn.",
    "draws equipment": "{0} draws Equipment.",
    "draws adventurer": "{0} draws an Adventurer.",
    "swaps for adventurer": "{0} discards {1} and draws an Adventurer.",
    "hires": "{0} hires {1}.",
    "equips": "{0} equips {1} on {2}.",
    "casts": "{0} casts {1} for {2}.",
    "unspoken": _unspoken,
    # words (the effects as the Lexicon words them, joined)
    "word": lambda tag, card, name, effects: f"{tag}'s {card} {name}: {' and '.join(effects)}.",
    "word draws": _drawn,
    "hand stripped": lambda who, cards: f"{who} discards {_cards(cards)} from hand.",
    "smashed": "{0} is smashed off {1}.",
    "deck burnt": lambda who, cards: f"{who} discards {_cards(cards)} from the top of the Equipment deck.",
    "armed": "{0} goes from {1}'s Equipment deck onto {2}.",
    "recruited": "{0} hires {1} from the deck.",
    "salvaged": "{0} takes {1} back from the discard.",
    # the Monster attack
    "attack": "Round {0}: the Monster attack ({1} to draw).",
    "comes out": "{0} comes out of the pile.",
    "takes row": "{0} takes row {1}.",
    "no room": "{0} finds no room: row {1} opens.",
    "strikes at": _strikes_at,
    "retaliation": _retaliation,
    "strips nothing": "{0} strips no gear.",
    "strips": _strips,
    "hits": _hits,
    "back in slot": _back_in_slot,
    "gear kept": "{0} takes {1} back into hand from {2}.",
    "slain": "Retaliation {0} beats {1}'s attack {2}: slain.",
    "crawls back": "{0} crawls back under the Monster pile.",
    "survives": "{0} ({1}) survives: retaliation {2} does not beat its attack.",
    "survives unanswered": "{0} ({1}) survives: nobody is hit to answer its attack.",
    # after the attack
    "cleared": "Equipped {0} beats Strength {1}: the dungeon is cleared!",
    "driven out": lambda out: (
        f"{_cards(out)} {'has' if len(out) == 1 else 'have'} no Adventurer left and"
        f" {'leaves' if len(out) == 1 else 'leave'}: the band falls."
    ),
    "last monster": "The last Monster is gone and the dungeon stands ({0} vs {1}): a fall.",
    "standing": _standing,
    "round begins": _round_begins,
    # the end
    "home": "Every card goes home to its owner's deck.",
    "clear xp": _xp_clear,
    "scar": _scar,
    "scar monster": "{0} writes {1} +{2} on {3}.",
    "scar equipment": "{0} upgrades {1} with {2}.",
    "fall xp": "{0}: +10 XP.",
    "not kept": _not_kept,
    # not a log line: the attack event's summary, (Monster, how it went, ...)
    "strikes": lambda strikes: "; ".join(f"{monster} {result}" for monster, result in _pairs(strikes)),
}

# Kinds of line only earlier versions wrote (their words brought discarded cards back, which
# no word does now: R19); worded still, so old logs read as they did.
RETIRED = frozenset({"salvaged", "back in slot", "gear kept", "crawls back"})

# The lines a dungeon's story is told by (the end screen's turning points): Adventurers hit,
# Monsters slain or back under the pile, jokers stripping gear or widening the dungeon, the end
# (and whether the decks keep it).
TURNING_POINTS = frozenset(
    {"hits", "slain", "crawls back", "strips", "no room", "cleared", "driven out", "last monster",
     "not kept"}
)

