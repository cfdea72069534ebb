"""Stats: per game and per variant, worked out from the history each time it is shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine.registry import CATALOGUE
from saves import stats
from saves.history import History
from tui.screens.history import HistoryScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, VerticalScroll

TITLES = {entry.id: entry.title for entry in CATALOGUE}


class StatsScreen(Screen[None]):
    DEFAULT_CSS = """
    StatsScreen #stats-box { height: 1fr; }
    StatsScreen #stats { width: auto; }
    """
    BINDINGS = [
        Binding("h", "history", "History"),
        Binding("d", "decks", "DecknForge decks"),
        Binding("escape,q", "back", "Back"),
        Binding("j,down", "scroll(1)", show=False),
        Binding("k,up", "scroll(-1)", show=False),
    ]
    HELP = """
# Stats

Worked out from your history every time, so they always agree with it. For each game:
every game together, then one line per variant (a style, a Druid, a Darach, a path, a
player count), counted daily deals, and Druid Path campaigns with the furthest game of
the road reached.

- **won** and **win%**: games won and their share; **best**: the best game's score
  (DecknForge: the XP a deck banked, the best game being the clear in the fewest
  rounds); **avg**: the average score. A lost game of Disruption or Druid Path has no
  score, so it never counts in best or avg
- **streak**: wins in a row up to your latest game; **longest**: the longest such run
- DecknForge's stats per deck are on each deck's page: `d` opens the decks
- `h` lists the games these come from
"""

    def compose(self) -> ComposeResult:
        yield Static("Stats", classes="title")
        with VerticalScroll(id="stats-box"):
            yield Static(id="stats")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        try:
            text = stats.render(stats.sections(History(self.app.store).list(), TITLES))
        except OSError as error:  # the history folder itself cannot be read (a file in its place)
            text = f"The history cannot be listed: {error.strerror or error}"
        self.query_one("#stats", Static).update(text)

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#stats-box", VerticalScroll)
        box.scroll_relative(y=step, animate=False)

    def action_history(self) -> None:
        if isinstance(self.app.screen_stack[-2], HistoryScreen):
            self.app.pop_screen()
        else:
            self.app.push_screen(HistoryScreen())

    def action_decks(self) -> None:
        from tui.decknforge.decks_screen import DecksScreen

        self.app.push_screen(DecksScreen())

    def action_back(self) -> None:
        self.app.pop_screen()
