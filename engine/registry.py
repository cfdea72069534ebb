"""Which games exist. GAMES holds the playable ones; CATALOGUE lists all four for menus.

A game's rules and content load when the game is first looked up in GAMES, not when this module
is imported: the home menu needs only the catalogue, and loading every game's content would cost
start-up a noticeable fraction of a second.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the catalogue alone (the command line's help) needs no game code
    from engine.core.game import Game


class CatalogueEntry(NamedTuple):
    id: str
    title: str
    blurb: str


CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("disciple", "Disciple: A Journey", "Martial-arts deckbuilder: solo, versus, co-op or campaign"),
    CatalogueEntry("druid-path", "Druid Path", "Solo monster-taming lane battler"),
    CatalogueEntry("disruption", "Disruption", "Solo dice and allies against the Ritual"),
    CatalogueEntry("decknforge", "DecknForge", "Legacy dungeon game with permanent decks"),
)


class GameShelf(Mapping[str, "Game"]):
    """Game id -> game object, each built (its module imported, its content loaded) on first use."""

    def __init__(self, places: dict[str, str]) -> None:
        self._places = places  # game id -> "module:Class"
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            module, name = self._places[game_id].split(":")  # KeyError for an unknown id
            game = self._loaded[game_id] = getattr(import_module(module), name)()
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._places

    def loaded(self) -> list[str]:
        """The ids of the games built so far (start-up should build none)."""
        return list(self._loaded)


GAMES: Mapping[str, "Game"] = GameShelf(
    {
        "disciple": "engine.disciple.rules:DiscipleGame",
        "druid-path": "engine.druid_path.rules:DruidPathGame",
        "disruption": "engine.disruption.rules:DisruptionGame",
        "decknforge": "engine.decknforge.rules:DecknForgeGame",
    }
)
