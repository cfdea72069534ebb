"""The Dungeon Strength as the book counts it, and the gentler house rule a table may choose
instead (R34), with what the bots measured of each: content/readings.toml."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import msgspec

MEASURED_GAMES = (1, 5, 10, 20)  # the legacy games whose clear rates each reading quotes


class Reading(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    title: str
    text: str
    clears: tuple[float, ...]  # share cleared at MEASURED_GAMES
    house_rule: bool = False  # not the book's reading: a table's own choice


class _ReadingFile(msgspec.Struct, forbid_unknown_fields=True):
    reading: list[Reading]


@lru_cache(maxsize=1)
def readings() -> dict[str, Reading]:
    raw = resources.files("engine.decknforge").joinpath("content/readings.toml").read_bytes()
    found = {r.name: r for r in msgspec.toml.decode(raw, type=_ReadingFile).reading}
    if set(found) != {"strict", "gentle"} or any(len(r.clears) != len(MEASURED_GAMES) for r in found.values()):
        raise ValueError("readings.toml must describe the strict and gentle readings")
    if found[BOOK_READING].house_rule or not found["gentle"].house_rule:
        raise ValueError("readings.toml: the strict reading is the book's, the gentle one a house rule")
    return found


BOOK_READING = "strict"  # R34: the pile is the dungeon (rulebook, Quickstart 2 and 4)
READINGS = tuple(readings())
DEFAULT_READING = BOOK_READING  # a house rule is only ever a table's own choice


def explain(name: str) -> str:
    """The reading in a few sentences, with how a legacy fares under it."""
    reading = readings()[name]
    rates = [f"{rate:.0%} at game {g}" for g, rate in zip(MEASURED_GAMES, reading.clears)]
    measured = ", ".join(rates[:-1]) + f" and {rates[-1]}"
    return (
        f"{reading.title}. {reading.text} Pairs of greedy bots playing 20-game legacies clear"
        f" {measured}."
    )
