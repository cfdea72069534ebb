"""Loads the TOML card files under content/ into Structs and checks them against the rulebook."""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib.resources import files

import msgspec

from engine.druid_path.model import (
    LANES,
    STEPS,
    Ability,
    BeastCard,
    DarachCard,
    DruidCard,
    ItemCard,
    PathCard,
    RobotCard,
    ShadowCard,
    SpiritCard,
)

# The rulebook's deck composition table: rarity -> type -> count.
RARITY_TABLE = {
    "rare": {"Earth": 1, "Fire": 1, "Water": 1, "Sand": 1, "Multi-type": 1, "Omnikind": 1},
    "uncommon": {"Earth": 2, "Fire": 2, "Water": 2, "Sand": 2, "Multi-type": 4, "Omnikind": 2},
    "common": {"Earth": 4, "Fire": 4, "Water": 4, "Sand": 4, "Multi-type": 2, "Omnikind": 2},
}
TYPE_COLOUR = {"Earth": "green", "Fire": "red", "Water": "blue", "Sand": "yellow"}


class ContentError(ValueError):
    """A content file breaks a rule of the game; the message names the card."""


class Content(msgspec.Struct, frozen=True):
    paths: dict[str, PathCard]
    druids: dict[str, DruidCard]
    darachs: dict[str, DarachCard]
    beasts: dict[str, BeastCard]
    shadows: dict[str, ShadowCard]
    items: dict[str, ItemCard]
    robots: dict[str, RobotCard]
    spirit: SpiritCard


class _Paths(msgspec.Struct):
    path: list[PathCard]


class _Druids(msgspec.Struct):
    druid: list[DruidCard]
    spirit: SpiritCard


class _Darachs(msgspec.Struct):
    darach: list[DarachCard]


class _Beasts(msgspec.Struct):
    beast: list[BeastCard]


class _Shadows(msgspec.Struct):
    shadow: list[ShadowCard]


class _Items(msgspec.Struct):
    item: list[ItemCard]


class _Robots(msgspec.Struct):
    robot: list[RobotCard]


def _read(name: str, kind: type) -> object:
    raw = files("engine.druid_path").joinpath("content", name).read_bytes()
    try:
        return msgspec.toml.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{name}: {exc}") from exc


def _by_id(cards: list, what: str) -> dict:
    ids = Counter(card.id for card in cards)
    twice = [i for i, n in ids.items() if n > 1]
    if twice:
        raise ContentError(f"{what}: duplicate ids {twice}")
    return {card.id: card for card in cards}


@cache
def load() -> Content:
    content = Content(
        paths=_by_id(_read("paths.toml", _Paths).path, "paths"),
        druids=_by_id((d := _read("druids.toml", _Druids)).druid, "druids"),
        darachs=_by_id(_read("darachs.toml", _Darachs).darach, "darachs"),
        beasts=_by_id(_read("beastborgs.toml", _Beasts).beast, "beastborgs"),
        shadows=_by_id(_read("shadow_beastborgs.toml", _Shadows).shadow, "shadow beastborgs"),
        items=_by_id(_read("items.toml", _Items).item, "items"),
        robots=_by_id(_read("robots.toml", _Robots).robot, "robots"),
        spirit=d.spirit,
    )
    validate(content)
    return content


def _check_ability(where: str, ability: Ability | None, side: str) -> None:
    if ability is None:
        return
    if ability.kind == "ward" and (side != "shadow" or ability.effects):
        raise ContentError(f"{where}: ward is a shadow ability with no effects")
    if ability.kind == "block" and side != "light":
        raise ContentError(f"{where}: only Druid beastborgs block")
    if ability.kind == "blocked" and side != "shadow":
        raise ContentError(f"{where}: only Darach beastborgs are blocked")
    if ability.kind != "activated" and ability.cost:
        raise ContentError(f"{where}: only activated abilities cost stamina")
    if ability.kind != "ward" and not ability.effects:
        raise ContentError(f"{where}: an ability needs effects")
    for effect in ability.effects:
        if effect.op == "roll_boost" or effect.op == "attach":
            raise ContentError(f"{where}: {effect.op} belongs on item cards")


def validate(c: Content) -> None:
    """Raise ContentError unless the content matches the rulebook's counts and our vocabulary."""
    if len(c.paths) != 4 or "celthar" not in c.paths:
        raise ContentError("there are 4 paths and the first is Celthar Path")
    for path in c.paths.values():
        if len(path.steps) != STEPS:
            raise ContentError(f"{path.name}: a path has {STEPS} steps")
        for step in path.steps:
            for s in (step, step.alt) if step.alt else (step,):
                if s.beasts + s.spiral > LANES:
                    raise ContentError(f"{path.name}: a step fills at most {LANES} lanes")
                if path.mode == "classic" and (s.spiral or s.shadow_draw or step.alt):  # R30
                    raise ContentError(f"{path.name}: expansion steps need the expansion mode")
            if step.alt and step.alt.alt:
                raise ContentError(f"{path.name}: a branch has exactly two ways")
    if len(c.druids) != 4 or "belthar" not in c.druids or not c.druids["emrys"].spirits:
        raise ContentError("there are 4 Druids: Belthar first, Emrys with Spirit tokens")
    if len(c.darachs) != 4 or "kaliran" not in c.darachs:
        raise ContentError("there are 4 Darachs and the first is Kaliran")
    if len(c.beasts) != 40 or len(c.shadows) != 6 or len(c.items) != 40 or len(c.robots) != 12:
        raise ContentError("the box holds 40 beastborgs, 6 shadow, 40 items, 12 robots")
    table = Counter((b.rarity, b.kind) for b in c.beasts.values())
    for rarity, row in RARITY_TABLE.items():
        for kind, count in row.items():
            if table[(rarity, kind)] != count:
                raise ContentError(f"{count} {rarity} {kind} beastborgs, not {table[(rarity, kind)]}")
    for b in c.beasts.values():
        coloured = set(b.cost.coloured())
        if b.kind in TYPE_COLOUR and not coloured <= {TYPE_COLOUR[b.kind]}:
            raise ContentError(f"{b.name}: a {b.kind} beastborg costs {TYPE_COLOUR[b.kind]} gems")
        if b.kind == "Multi-type" and len(coloured) < 2:
            raise ContentError(f"{b.name}: a Multi-type beastborg costs two colours")
        if b.kind == "Omnikind" and coloured:
            raise ContentError(f"{b.name}: an Omnikind beastborg costs uncoloured gems only")
        if any(n > 3 for n in b.cost.coloured().values()) or b.cost.total() > 12:
            raise ContentError(f"{b.name}: costs more gems than the box holds")
        if not 2 <= b.tame <= 12 or b.hp < 1 or b.attack < 0:
            raise ContentError(f"{b.name}: tame 2-12, HP 1+, attack 0+")
        _check_ability(b.name, b.light, "light")
        _check_ability(b.name, b.shadow, "shadow")
    for s in c.shadows.values():
        _check_ability(s.name, s.shadow, "shadow")
    owners = Counter(r.owner for r in c.robots.values())
    if set(owners) != set(c.druids) or set(owners.values()) != {3}:
        raise ContentError("each Druid owns exactly 3 robots")
    for r in c.robots.values():
        if r.ability.kind != "activated" or r.energy < 1:
            raise ContentError(f"{r.name}: a robot has an activated ability and energy")
        _check_ability(r.name, r.ability, "light")
    for d in c.druids.values():
        if d.ability.kind != "activated":
            raise ContentError(f"{d.name}: a Druid ability is activated")
        _check_ability(d.name, d.ability, "light")
    for d in c.darachs.values():
        _check_ability(d.name, d.ability, "shadow")
        if d.stamina < 1 or not 2 <= d.parry <= 12:
            raise ContentError(f"{d.name}: stamina counter 1+, parry 2-12")
    for item in c.items.values():
        ops = {e.op for e in item.light}
        if item.kind == "potion" and "roll_boost" not in ops:
            raise ContentError(f"{item.name}: a potion boosts a roll")
        if item.kind != "potion" and "roll_boost" in ops:
            raise ContentError(f"{item.name}: only potions boost rolls")
        if ("attach" in ops) != (item.kind == "relic"):
            raise ContentError(f"{item.name}: relics, and only relics, attach")
        if any(e.op == "roll_boost" for e in item.shadow):
            raise ContentError(f"{item.name}: the Darach never rolls")
        if not item.light or not item.shadow or item.boost < 1:
            raise ContentError(f"{item.name}: an item has both sides and a discard boost")
