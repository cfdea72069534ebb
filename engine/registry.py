"""Which games exist. GAMES holds the playable ones; CATALOGUE lists all four for menus."""

from __future__ import annotations

import msgspec

from engine.core.game import Game
from engine.decknforge.rules import DecknForgeGame
from engine.disciple.rules import DiscipleGame
from engine.disruption.rules import DisruptionGame
from engine.druid_path.rules import DruidPathGame


class CatalogueEntry(msgspec.Struct, frozen=True):
    id: str
    title: str
    blurb: str


CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("disciple", "Disciple: A Journey", "Solo martial-arts deckbuilder"),
    CatalogueEntry("druid-path", "Druid Path", "Solo monster-taming lane battler"),
    CatalogueEntry("disruption", "Disruption", "Solo dice and allies against the Ritual"),
    CatalogueEntry("decknforge", "DecknForge", "Legacy dungeon game with permanent decks"),
)

GAMES: dict[str, Game] = {
    game.id: game
    for game in (DiscipleGame(), DruidPathGame(), DisruptionGame(), DecknForgeGame())
}
