"""Which screen plays which game, and which screen sets up a new one."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from textual.screen import Screen

from saves.session import GameSession
from tui.decknforge.screen import DecknForgeScreen
from tui.decknforge.setup import DecknForgeSetup
from tui.disruption.screen import DisruptionScreen

GAME_SCREENS: dict[str, type[Screen[None]]] = {
    "disruption": DisruptionScreen,
    "decknforge": DecknForgeScreen,
}

# Games whose new game needs more than options (DecknForge: which saved deck at each seat).
# The others use the generic New game screen.
NEW_GAME_SCREENS: dict[str, Callable[[], Screen[None]]] = {
    "decknforge": DecknForgeSetup,
}


def playable(game_id: str) -> bool:
    """A game can be started or resumed once it has rules and a screen."""
    return game_id in GAME_SCREENS


def screen_for(session: GameSession) -> Screen[None]:
    return GAME_SCREENS[session.game.id](session)  # type: ignore[call-arg]


class HomeEntry(NamedTuple):
    """A line of the home menu beyond the games (a game's own collections, like decks)."""

    key: str
    label: str
    about: str
    screen: Callable[[], Screen[None]]


def _decks() -> Screen[None]:
    from tui.decknforge.decks_screen import DecksScreen

    return DecksScreen()


def _lexicon() -> Screen[None]:
    from tui.decknforge.lexicon_screen import LexiconScreen

    return LexiconScreen()


HOME_ENTRIES: tuple[HomeEntry, ...] = (
    HomeEntry("d", "DecknForge decks", "Your DecknForge legacy decks:\nmake, name and read them.", _decks),
    HomeEntry("l", "DecknForge Lexicon", "DecknForge's Qi Words: browse,\nsearch, define, coin and review.", _lexicon),
)
