"""The kinds of Disciple's content (cards, styles, enemies, events, patterns, keywords) as
Structs, and the words their TOML may use. content.py reads them and checks.py checks them."""

from __future__ import annotations

import msgspec


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


def style_deck(content: Content, style: Style) -> list[str]:
    return [entry.card for entry in style.skills for _ in range(entry.copies)]
