"""Which screen plays which game, which sets a new one up, and which shows a campaign."""

from __future__ import annotations

from textual.screen import Screen

from engine.core.game import Game
from saves.session import GameSession
from tui.disciple.screen import DiscipleScreen
from tui.disruption.screen import DisruptionScreen
from tui.druid_path.screen import DruidPathScreen

GAME_SCREENS: dict[str, type[Screen[None]]] = {
    "disciple": DiscipleScreen,
    "disruption": DisruptionScreen,
    "druid-path": DruidPathScreen,
}


def playable(game_id: str) -> bool:
    """A game can be started or resumed once it has rules and a screen."""
    return game_id in GAME_SCREENS


def new_game_screen(game: Game) -> Screen[None]:
    """The New game screen: the generic options form, or a game's own set-up screen."""
    if game.id == "druid-path":
        from tui.druid_path.setup import DruidPathSetup

        return DruidPathSetup(game)  # type: ignore[arg-type]
    from tui.screens.new_game import NewGameScreen

    return NewGameScreen(game)


def screen_for(session: GameSession) -> Screen[None]:
    """A campaign between games opens on its campaign screen; anything else on its table."""
    if session.kind == "campaign" and session.state is None:
        from tui.druid_path.campaign import CampaignScreen

        return CampaignScreen(session)  # type: ignore[arg-type]
    return GAME_SCREENS[session.game.id](session)  # type: ignore[call-arg]
