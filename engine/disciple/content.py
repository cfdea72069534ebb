"""Disciple's content: TOML under content/, decoded into Structs and checked on load."""

from __future__ import annotations

from functools import cache
from importlib import resources

import msgspec

from engine.disciple.model import COLOURS

KINDS = ("generic", "upper", "lower", "grapple", "stance", "style", "energy")
RARITIES = ("common", "uncommon", "epic", "legendary")
TAGS = {
    "upper": ("punch", "elbow"),
    "lower": ("kick", "knee"),
    "grapple": ("choke", "joint", "point"),
    "stance": ("guard", "control", "mount"),
    "generic": ("state",),
    "style": (),
    "energy": (),
}
TIERS = ("minion", "miniboss", "boss")
ACTION_KINDS = ("upper", "lower", "grapple", "none")
GROUPS = ("1", "2", "2.5", "3", "4", "boss")

# The effect vocabulary. Buffs land on the one acting, debuffs on the opponent.
BUFF_OPS = ("power", "guard", "clinch", "feint")
DEBUFF_OPS = ("exposed", "rocked", "submit", "weakened", "stun")
SKILL_OPS = ("attack", "draw", "heal", "energy")
CARD_OPS = BUFF_OPS + DEBUFF_OPS + SKILL_OPS
# while in play: +n damage for a tag; -n damage taken of a kind; up to n Guard does not fade
PASSIVE_OPS = ("bonus", "armor", "keep_guard")
EVENT_OPS = ("heal", "lose", "add_card", "add_skills", "add_energy", "remove_card")
COUNTER_TRIGGERS = ("upper", "lower", "grapple", "none", "any")


class Op(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    op: str
    n: int = 1
    tag: str = ""  # bonus/armor: which cards or actions; add_card: the card id
    colour: str = ""  # energy, add_energy


class Counter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    on: str  # an enemy action kind, or "any"
    ops: tuple[Op, ...]


class LockIn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    needs: tuple[str, ...]  # tags or ids, one of which must be in play
    breaks: int  # damage the opponent must deal to break it


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: str
    rarity: str = "common"
    style: str = ""
    tags: tuple[str, ...] = ()
    cost: dict[str, int] = {}
    effects: tuple[Op, ...] = ()
    combo: tuple[str, ...] = ()  # ids or tags that cost 1 less right after this card
    flow: tuple[Op, ...] = ()  # extra effects when a Combo listed this card
    focus: tuple[Op, ...] = ()  # resolved on play and at each start of turn in play
    passive: tuple[Op, ...] = ()  # in force while in play
    counter: Counter | None = None
    lock_in: LockIn | None = None
    colour: str = ""  # energy cards
    amount: int = 0  # energy cards
    text: str = ""

    @property
    def stays(self) -> bool:
        return self.kind in ("stance", "style") or "state" in self.tags


class DeckEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    card: str
    copies: int = 1


class StartChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    prompt: str
    options: tuple[str, ...]


class Style(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    blurb: str
    energy: tuple[str, ...]  # the allotment: one colour per energy card
    start: tuple[DeckEntry, ...]  # fixed part of the starting deck
    start_choices: tuple[StartChoice, ...]
    skills: tuple[DeckEntry, ...]
    events: dict[str, tuple[str, ...]]  # group -> event ids (the miniboss is listed apart)
    minibosses: dict[str, str]  # group -> enemy id
    boss: str


class EnemyAttack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    name: str
    bonus: int = 0
    ops: tuple[Op, ...] = ()


class Special(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    when: str  # "start" (combat begins) or "turn" (each enemy turn begins)
    ops: tuple[Op, ...]
    text: str = ""


class EnemyCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    tier: str
    vitality: int
    attacks: tuple[EnemyAttack, ...] = ()
    specials: tuple[Special, ...] = ()
    patterns_per_turn: int = 1
    text: str = ""
    style: str = ""  # filled in on load: the style file it comes from, whose patterns it uses


class EventChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    ops: tuple[Op, ...] = ()


class EventCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    text: str
    enemy: str = ""  # an enemy event names its enemy
    choices: tuple[EventChoice, ...] = ()
    learn_style: bool = False  # the Group 2.5 event


class PatternAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    damage: int = 0
    ops: tuple[Op, ...] = ()


class Pattern(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    actions: tuple[PatternAction, ...]


class Keyword(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    help: str


class StyleFile(msgspec.Struct, forbid_unknown_fields=True):
    style: Style
    cards: list[Card]
    enemies: list[EnemyCard]
    patterns: dict[str, list[Pattern]]  # tier -> the pile this style's enemies draw from


class CommonFile(msgspec.Struct, forbid_unknown_fields=True):
    cards: list[Card]  # energy cards and other cards every style may gain
    events: list[EventCard]
    keywords: list[Keyword]


class Content(msgspec.Struct, frozen=True):
    styles: dict[str, Style]
    cards: dict[str, Card]
    enemies: dict[str, EnemyCard]
    events: dict[str, EventCard]
    patterns: dict[str, dict[str, list[Pattern]]]  # style -> tier -> pile
    keywords: dict[str, Keyword]

    def pile(self, enemy_id: str) -> list[Pattern]:
        """The attack pattern pile an enemy draws from: its own style's, of its tier (R21)."""
        enemy = self.enemies[enemy_id]
        return self.patterns[enemy.style][enemy.tier]


class ContentError(ValueError):
    pass


STYLE_FILES = ("boxing.toml", "karate.toml", "jiu_jitsu.toml")


def _read(name: str, kind: type):
    text = resources.files("engine.disciple").joinpath("content", name).read_bytes()
    try:
        return msgspec.toml.decode(text, type=kind)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{name}: {exc}") from exc


@cache
def load() -> Content:
    common = _read("common.toml", CommonFile)
    cards = {card.id: card for card in common.cards}
    enemies: dict[str, EnemyCard] = {}
    styles: dict[str, Style] = {}
    patterns: dict[str, dict[str, list[Pattern]]] = {}
    for name in STYLE_FILES:
        part = _read(name, StyleFile)
        styles[part.style.id] = part.style
        patterns[part.style.id] = part.patterns
        for card in part.cards:
            if card.id in cards:
                raise ContentError(f"{name}: card id '{card.id}' is used twice")
            cards[card.id] = card
        for enemy in part.enemies:
            if enemy.id in enemies:
                raise ContentError(f"{name}: enemy id '{enemy.id}' is used twice")
            enemies[enemy.id] = msgspec.structs.replace(enemy, style=part.style.id)
    content = Content(
        styles=styles,
        cards=cards,
        enemies=enemies,
        events={event.id: event for event in common.events},
        patterns=patterns,
        keywords={kw.name.lower(): kw for kw in common.keywords},
    )
    from engine.disciple.checks import check  # the checks read content through this module

    problems = check(content)
    if problems:
        raise ContentError("; ".join(problems))
    return content


def style_deck(content: Content, style: Style) -> list[str]:
    return [entry.card for entry in style.skills for _ in range(entry.copies)]


def card_label(card: Card) -> str:
    return card.name


_OP_KEYWORD = {
    "power": "power",
    "guard": "guard",
    "clinch": "clinch",
    "feint": "feint",
    "exposed": "exposed",
    "rocked": "rocked",
    "submit": "submit",
    "weakened": "weakened",
    "stun": "stun",
}


def card_keywords(card: Card) -> list[Keyword]:
    """The glossary entries a card uses, in a stable order, for the screen's help key."""
    content = load()
    words: list[str] = []
    ops = card.effects + card.flow + card.focus + (card.counter.ops if card.counter else ())
    words += [_OP_KEYWORD[op.op] for op in ops if op.op in _OP_KEYWORD]
    flags = (
        (card.combo, "combo"),
        (card.flow, "flow"),
        (card.focus, "focus"),
        (card.lock_in, "lock it in"),
        (card.counter, "counter"),
        (card.kind == "stance", "stance"),
        (card.kind == "style", "style"),
        ("state" in card.tags, "state"),
    )
    words += [word for flag, word in flags if flag]
    seen: list[str] = []
    for word in words:
        if word not in seen and word in content.keywords:
            seen.append(word)
    return [content.keywords[word] for word in seen]
