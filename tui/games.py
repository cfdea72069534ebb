"""Which screen plays which game."""

from __future__ import annotations

from textual.screen import Screen

from saves.session import GameSession
from tui.disciple.screen import DiscipleScreen
from tui.disruption.screen import DisruptionScreen

GAME_SCREENS: dict[str, type[Screen[None]]] = {
    "disciple": DiscipleScreen,
    "disruption": DisruptionScreen,
}


def playable(game_id: str) -> bool:
    """A game can be started or resumed once it has rules and a screen."""
    return game_id in GAME_SCREENS


def screen_for(session: GameSession) -> Screen[None]:
    return GAME_SCREENS[session.game.id](session)  # type: ignore[call-arg]
