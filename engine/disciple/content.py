"""Disciple's content: TOML under content/, decoded into the Structs of cards.py and checked on
load (checks.py)."""

from __future__ import annotations

from functools import cache
from importlib import resources

import msgspec

from engine.disciple.cards import (  # noqa: F401 (the content's kinds are named here too)
    ACTION_KINDS,
    BUFF_OPS,
    CARD_OPS,
    COUNTER_TRIGGERS,
    DEBUFF_OPS,
    EVENT_OPS,
    GROUPS,
    KINDS,
    PASSIVE_OPS,
    RARITIES,
    SKILL_OPS,
    TAGS,
    TIERS,
    Card,
    CommonFile,
    Content,
    ContentError,
    Counter,
    DeckEntry,
    EnemyAttack,
    EnemyCard,
    EventCard,
    EventChoice,
    Keyword,
    LockIn,
    Op,
    Pattern,
    PatternAction,
    Special,
    StartChoice,
    Style,
    StyleFile,
    style_deck,
)
from engine.disciple.checks import check

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
    problems = check(content)
    if problems:
        raise ContentError("; ".join(problems))
    return content


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
