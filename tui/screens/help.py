"""`?`: help for whatever screen is showing, in a scrollable box."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from tui.widgets.markdown_text import MarkdownText
from tui.widgets.text import SCROLL_BINDINGS, Static, VerticalScroll

GLOBAL_KEYS = """
## Everywhere

- `?` this help, `q` or `Esc` back (games are saved after every move)
- `Tab` / `Shift+Tab` move between panels, arrows or `j`/`k` move in a list, `Enter` chooses
- `Ctrl+P` finds a screen, a command or a move of yours by name
- `Ctrl+Q` quits at once (nothing is lost)
"""


class HelpText(VerticalScroll, can_focus=False):
    """The help's scrolling box. It never takes the focus: the screen's own keys scroll it."""


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 76; max-height: 22; border: round $accent; background: $surface; padding: 0 1;
    }
    HelpScreen.big > VerticalScroll { width: 100; max-height: 90%;
    }
    HelpScreen .hint { dock: bottom; }
    """
    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "Close"),
        *SCROLL_BINDINGS,
        Binding("home", "ends(False)", "Top", show=False),
        Binding("end", "ends(True)", "Bottom", show=False),
    ]

    def __init__(self, about: Screen) -> None:
        super().__init__()
        self.text = (getattr(about, "HELP", "") or "").strip() + "\n" + GLOBAL_KEYS
        game = getattr(about, "game", None)
        if hasattr(game, "how_to_play"):  # a game's table: its rules follow its keys
            self.text += "\n---\n\n" + game.how_to_play()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 120 and self.app.size.height >= 40, "big")

    def compose(self) -> ComposeResult:
        with HelpText():
            yield MarkdownText(self.text)
            yield Static("Esc, q or ? closes this help", classes="hint")

    def action_scroll(self, lines: int) -> None:
        self.query_one(HelpText).scroll_relative(y=lines, animate=False)

    def action_ends(self, bottom: bool) -> None:
        text = self.query_one(HelpText)
        text.scroll_end(animate=False) if bottom else text.scroll_home(animate=False)
