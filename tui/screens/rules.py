"""How to play each game, written for players."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from engine.registry import CATALOGUE, GAMES
from tui.games import playable
from tui.widgets.keybar import KeyBar
from tui.widgets.markdown_text import MarkdownText
from tui.widgets.text import Horizontal, OptionList, Static, VerticalScroll


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #games { width: 26; height: auto; }
    RulesScreen #rules-text { width: 1fr; }
    RulesScreen MarkdownText { padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("pagedown,space", "page(1)", "Page down"),
        Binding("pageup,b", "page(-1)", "Page up"),
        Binding("j", "line(1)", show=False),
        Binding("k", "line(-1)", show=False),
    ]
    HELP = """
# Rules

Choose a game on the left with the arrows; its rules appear on the right.
`Space`/`PgDn` and `b`/`PgUp` page through them, `j`/`k` scroll a line.
"""

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.first = game_id

    def compose(self) -> ComposeResult:
        yield Static("Rules", classes="title")
        with Horizontal():
            yield OptionList(*(Option(e.title, id=e.id) for e in CATALOGUE), id="games")
            with VerticalScroll(id="rules-text"):
                yield MarkdownText()
        yield KeyBar()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        ids = [entry.id for entry in CATALOGUE]
        start = self.first if self.first in ids else next(e.id for e in CATALOGUE if playable(e.id))
        games.highlighted = ids.index(start)
        games.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        game_id = event.option.id or ""
        if playable(game_id):
            text = GAMES[game_id].how_to_play()
        else:
            entry = next(e for e in CATALOGUE if e.id == game_id)
            text = f"# {entry.title}\n\n{entry.blurb}.\n\nThis game is coming soon."
        self.query_one(MarkdownText).show(text)
        self.query_one("#rules-text", VerticalScroll).scroll_home(animate=False)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#rules-text", VerticalScroll)
        scroll.scroll_page_down(animate=False) if direction > 0 else scroll.scroll_page_up(animate=False)

    def action_line(self, lines: int) -> None:
        self.query_one("#rules-text", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()
