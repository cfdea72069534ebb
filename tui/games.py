"""Which screen plays which game, which sets a new one up, and what else the home menu offers.

Screens are named here and imported only when opened, so start-up loads none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

from textual.screen import Screen

if TYPE_CHECKING:
    from engine.core.game import Game
    from saves.session import GameSession

# game id -> "module:Class" of the screen that plays it
GAME_SCREENS: dict[str, str] = {
    "disciple": "tui.disciple.screen:DiscipleScreen",
    "druid-path": "tui.druid_path.screen:DruidPathScreen",
    "disruption": "tui.disruption.screen:DisruptionScreen",
    "decknforge": "tui.decknforge.screen:DecknForgeScreen",
}

# Games whose new game needs more than the generic options form (Disciple: the playstyle and,
# in Versus, each seat's deck; Druid Path: single game or campaign; DecknForge: which saved
# deck at each seat). Each is called with the game.
NEW_GAME_SCREENS: dict[str, str] = {
    "disciple": "tui.disciple.setup:DiscipleSetup",
    "druid-path": "tui.druid_path.setup:DruidPathSetup",
    "decknforge": "tui.decknforge.setup:DecknForgeSetup",
}


# Games whose shared tables ask a joining player to bring something (DecknForge, Disciple
# Versus: a deck of their own). Each is called with the app, the table's options and a
# callback that receives what was brought (None: nothing asked of this table).
JOIN_CHOICES: dict[str, str] = {
    "disciple": "tui.disciple.setup:deck_to_bring",
    "decknforge": "tui.decknforge.setup:deck_to_bring",
}


def _load(target: str) -> Callable[..., Screen[None]]:
    module, name = target.split(":")
    return getattr(import_module(module), name)


def playable(game_id: str) -> bool:
    """A game can be started or resumed once it has rules and a screen."""
    return game_id in GAME_SCREENS


def choose_what_to_bring(
    game_id: str, options: dict[str, object], app: object, then: Callable[[object], None]
) -> None:
    """Ask a player joining a table what they bring, if the game asks anything."""
    if game_id in JOIN_CHOICES:
        _load(JOIN_CHOICES[game_id])(app, options, then)
    else:
        then(None)


def new_game_screen(game: Game) -> Screen[None]:
    """The New game screen: the generic options form, or a game's own set-up screen."""
    return _load(NEW_GAME_SCREENS.get(game.id, "tui.screens.new_game:NewGameScreen"))(game)


def table_class(game_id: str) -> type[Screen[None]]:
    """The class of a game's table (a replay reuses it read-only)."""
    return _load(GAME_SCREENS[game_id])  # type: ignore[return-value]


def screen_for(session: GameSession) -> Screen[None]:
    """A campaign between games opens on its campaign screen; anything else on its table."""
    if session.kind == "campaign" and session.state is None:
        return _load("tui.druid_path.campaign:CampaignScreen")(session)
    return _load(GAME_SCREENS[session.game.id])(session)


class HomeEntry(NamedTuple):
    """A line of the home menu beyond the games (a game's own collections, like decks)."""

    key: str
    label: str
    about: str
    screen: str  # "module:Class", opened with no arguments


HOME_ENTRIES: tuple[HomeEntry, ...] = (
    HomeEntry(
        "p",
        "Play together",
        "Shared tables: join a friend's\ngame from your own terminal, or\nwatch one.",
        "tui.tables.screens:TablesScreen",
    ),
    HomeEntry(
        "y",
        "Daily deal",
        "Today's deal of each game, the same\nfor everyone: one counted try, and\na board of everyone's results.",
        "tui.screens.daily:DailyScreen",
    ),
    HomeEntry(
        "h",
        "History",
        "Every finished game: its result,\nand a replay move by move.",
        "tui.screens.history:HistoryScreen",
    ),
    HomeEntry(
        "a",
        "Stats",
        "Played, won, best scores and\nstreaks, per game and variant.",
        "tui.screens.stats:StatsScreen",
    ),
    HomeEntry(
        "v",
        "Disciple Versus decks",
        "Your Disciple Versus decks: build\none from one or two styles, copy,\nrename; the default decks too.",
        "tui.disciple.decks_screen:VersusDecksScreen",
    ),
    HomeEntry(
        "d",
        "DecknForge decks",
        "Your DecknForge legacy decks:\nmake, name and read them.",
        "tui.decknforge.decks_screen:DecksScreen",
    ),
    HomeEntry(
        "l",
        "DecknForge Lexicon",
        "DecknForge's Qi Words: browse,\nsearch, define, coin and review.",
        "tui.decknforge.lexicon_screen:LexiconScreen",
    ),
)


def open_home_entry(entry: HomeEntry) -> Screen[None]:
    return _load(entry.screen)()


def home_screen(label: str) -> Screen[None]:
    """The screen of the home menu's entry `label`, for a screen that leads to another one
    (History's `s` to Stats) without the two modules importing each other."""
    return open_home_entry(next(entry for entry in HOME_ENTRIES if entry.label == label))
