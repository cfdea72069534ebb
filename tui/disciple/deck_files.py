"""Disciple's Versus decks on disk, and the list a player picks from: each style's default deck
(always there, read-only, always legal) and then every built deck file, with whether it may
be played and why not. The files are the shared deck store's (saves/decks.py), in a folder of
their own; the legality is the engine's one check (engine/disciple/decks.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import msgspec

from engine.disciple.content import Content, load
from engine.disciple.decks import VersusDeck, check_versus_deck, default_versus_deck
from saves.decks import DeckStore
from saves.paths import DataPaths
from saves.shelf import utc_now

GAME_ID = "disciple"
DEFAULT_PREFIX = "default:"  # the key of a style's default deck: "default:boxing"


def versus_deck_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> DeckStore:
    return DeckStore(paths.disciple_decks, GAME_ID, VersusDeck, clock)


class DeckRow(msgspec.Struct, frozen=True):
    """One line of the deck list: a default deck, a built deck, or a file that cannot be read."""

    key: str  # "default:<style>" or the file's id
    deck: VersusDeck | None = None
    damage: str = ""  # why the file cannot be read
    problems: tuple[str, ...] = ()  # every broken rule (a built deck may be a draft)

    @property
    def default(self) -> bool:
        return self.key.startswith(DEFAULT_PREFIX)

    @property
    def damaged(self) -> bool:
        return bool(self.damage)

    @property
    def ready(self) -> bool:
        """Whether this deck may be picked to play."""
        return self.deck is not None and not self.problems


def deck_rows(store: DeckStore, content: Content | None = None) -> list[DeckRow]:
    """The default decks (in style order), then every deck file, damaged ones included."""
    content = content or load()
    rows = [DeckRow(DEFAULT_PREFIX + s, default_versus_deck(content, s)) for s in content.styles]
    for entry in store.list():
        if entry.damaged:
            rows.append(DeckRow(entry.deck_id, damage=entry.damage))
        else:
            problems = tuple(check_versus_deck(entry.deck, content))
            rows.append(DeckRow(entry.deck_id, entry.deck, problems=problems))
    return rows


def ready_decks(store: DeckStore, content: Content | None = None) -> list[DeckRow]:
    """The decks a seat may bring to a Versus game: defaults and legal built decks."""
    return [row for row in deck_rows(store, content) if row.ready]


def copy_name(name: str, taken: set[str]) -> str:
    """A name for a copy: the default's name without "(default)", then "copy", "copy 2"..."""
    base = name.removesuffix(" (default)").strip() or "Deck"
    candidate = f"{base} copy"
    n = 2
    while candidate in taken:
        candidate = f"{base} copy {n}"
        n += 1
    return candidate
