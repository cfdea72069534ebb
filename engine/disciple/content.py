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


class CommonFile(msgspec.Struct, forbid_unknown_fields=True):
    cards: list[Card]  # energy cards and other cards every style may gain
    events: list[EventCard]
    patterns: dict[str, list[Pattern]]  # tier -> pile
    keywords: list[Keyword]


class Content(msgspec.Struct, frozen=True):
    styles: dict[str, Style]
    cards: dict[str, Card]
    enemies: dict[str, EnemyCard]
    events: dict[str, EventCard]
    patterns: dict[str, list[Pattern]]
    keywords: dict[str, Keyword]


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
    for name in STYLE_FILES:
        part = _read(name, StyleFile)
        styles[part.style.id] = part.style
        for card in part.cards:
            if card.id in cards:
                raise ContentError(f"{name}: card id '{card.id}' is used twice")
            cards[card.id] = card
        for enemy in part.enemies:
            if enemy.id in enemies:
                raise ContentError(f"{name}: enemy id '{enemy.id}' is used twice")
            enemies[enemy.id] = enemy
    content = Content(
        styles=styles,
        cards=cards,
        enemies=enemies,
        events={event.id: event for event in common.events},
        patterns=common.patterns,
        keywords={kw.name.lower(): kw for kw in common.keywords},
    )
    problems = check(content)
    if problems:
        raise ContentError("; ".join(problems))
    return content


def _check_ops(where: str, ops: tuple[Op, ...], allowed: tuple[str, ...], problems: list[str]):
    for op in ops:
        if op.op not in allowed:
            problems.append(f"{where}: unknown operation '{op.op}'")
        if op.colour and op.colour not in COLOURS:
            problems.append(f"{where}: unknown colour '{op.colour}'")


def check(content: Content) -> list[str]:
    """Everything that would make the content unplayable, as readable messages."""
    from engine.disciple.validate import validate_skills_deck

    problems: list[str] = []
    for card in content.cards.values():
        where = f"card {card.id}"
        if card.kind not in KINDS:
            problems.append(f"{where}: unknown kind '{card.kind}'")
            continue
        if card.rarity not in RARITIES:
            problems.append(f"{where}: unknown rarity '{card.rarity}'")
        for tag in card.tags:
            if tag not in TAGS[card.kind]:
                problems.append(f"{where}: tag '{tag}' does not fit a {card.kind} card")
        for colour in card.cost:
            if colour not in COLOURS:
                problems.append(f"{where}: unknown cost colour '{colour}'")
        _check_ops(where, card.effects + card.flow + card.focus, CARD_OPS, problems)
        _check_ops(where, card.passive, PASSIVE_OPS, problems)
        if card.counter is not None:
            if card.counter.on not in COUNTER_TRIGGERS:
                problems.append(f"{where}: unknown counter trigger '{card.counter.on}'")
            _check_ops(where, card.counter.ops, CARD_OPS, problems)
        if card.flow and not any(
            card.id in other.combo or set(card.tags) & set(other.combo) or card.kind in other.combo
            for other in content.cards.values()
        ):
            problems.append(f"{where}: has Flow but no Combo lists it")
        if card.lock_in is not None and card.kind not in ("upper", "lower", "grapple"):
            problems.append(f"{where}: only attacks can Lock It In")
        if card.lock_in is not None:
            holders = [c for c in content.cards.values() if c.kind in ("stance", "style")]
            for need in card.lock_in.needs:
                if not any(need == c.id or need in c.tags for c in holders):
                    problems.append(f"{where}: no stance or style can meet '{need}'")
        known_words = {c.id for c in content.cards.values()} | set(KINDS)
        known_words |= {tag for tags in TAGS.values() for tag in tags}
        for word in card.combo:
            if word not in known_words:
                problems.append(f"{where}: Combo names unknown '{word}'")
        if card.kind == "energy" and (card.colour not in COLOURS or card.amount < 1):
            problems.append(f"{where}: an energy card needs a colour and an amount")
        if card.focus and not card.stays:
            problems.append(f"{where}: Focus needs a card that stays in play")
    for enemy in content.enemies.values():
        where = f"enemy {enemy.id}"
        if enemy.tier not in TIERS:
            problems.append(f"{where}: unknown tier '{enemy.tier}'")
        for attack in enemy.attacks:
            if attack.kind not in ACTION_KINDS:
                problems.append(f"{where}: unknown attack kind '{attack.kind}'")
            _check_ops(where, attack.ops, CARD_OPS, problems)
        for special in enemy.specials:
            if special.when not in ("start", "turn"):
                problems.append(f"{where}: unknown special timing '{special.when}'")
            _check_ops(where, special.ops, CARD_OPS, problems)
    for event in content.events.values():
        where = f"event {event.id}"
        if event.enemy and event.enemy not in content.enemies:
            problems.append(f"{where}: unknown enemy '{event.enemy}'")
        for choice in event.choices:
            _check_ops(where, choice.ops, EVENT_OPS, problems)
            for op in choice.ops:
                if op.op == "add_card" and op.tag not in content.cards:
                    problems.append(f"{where}: unknown card '{op.tag}'")
        if not event.enemy and not event.learn_style and not event.choices:
            problems.append(f"{where}: a non-enemy event needs choices")
    for tier in TIERS:
        pile = content.patterns.get(tier, [])
        if len(pile) < 3:
            problems.append(f"patterns: the {tier} pile needs at least 3 cards")
        for pattern in pile:
            for action in pattern.actions:
                if action.kind not in ACTION_KINDS:
                    problems.append(f"pattern {pattern.name}: unknown kind '{action.kind}'")
                _check_ops(f"pattern {pattern.name}", action.ops, CARD_OPS, problems)
    for style in content.styles.values():
        where = f"style {style.id}"
        if len(style.energy) != 3 or any(c not in COLOURS for c in style.energy):
            problems.append(f"{where}: the energy allotment is three known colours")
        deck_problems = validate_skills_deck(style_deck(content, style), content)
        problems += [f"{where}: {p}" for p in deck_problems]
        for entry in style.start:
            if entry.card not in content.cards:
                problems.append(f"{where}: unknown starting card '{entry.card}'")
        for choice in style.start_choices:
            for option in choice.options:
                if option not in content.cards:
                    problems.append(f"{where}: unknown starting choice '{option}'")
        skill_count = {e.card: e.copies for e in style.skills}
        need: dict[str, int] = {}
        for entry in style.start:
            if content.cards.get(entry.card) and content.cards[entry.card].kind != "energy":
                need[entry.card] = need.get(entry.card, 0) + entry.copies
        for card_id, n in need.items():
            if skill_count.get(card_id, 0) < n:
                problems.append(f"{where}: the skills deck lacks {n} x '{card_id}' to start")
        for group in GROUPS[:-1]:
            for event_id in style.events.get(group, ()):
                if event_id not in content.events and event_id not in content.enemies:
                    problems.append(f"{where}: unknown event '{event_id}' in group {group}")
        for group in ("1", "2", "3"):
            boss_id = style.minibosses.get(group, "")
            if content.enemies.get(boss_id) is None or content.enemies[boss_id].tier != "miniboss":
                problems.append(f"{where}: group {group} needs a miniboss")
        if content.enemies.get(style.boss) is None or content.enemies[style.boss].tier != "boss":
            problems.append(f"{where}: needs a final boss")
    return problems


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
