"""One viewer for what every table shows in full over itself: the whole log, the whole table,
a card or a term, the piles. The same keys open the same views at every table (tui/grammar.py),
and close them again."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from tui.grammar import KEYS
from tui.widgets.text import SCROLL_BINDINGS, Static, VerticalScroll

# What closes a viewer: Esc, q, Enter, and the viewing keys that open one (tui/grammar.py).
CLOSE_KEYS = ",".join(["escape", "q", "enter", *(k.key for k in KEYS if k.action in ("info", "piles", "details", "log"))])


class Viewer(ModalScreen[None]):
    """A scrollable box of text over the table: card keywords, the whole log, details."""

    DEFAULT_CSS = """
    Viewer { align: center middle; }
    Viewer > VerticalScroll {
        width: 96%; max-width: 110; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding(CLOSE_KEYS, "dismiss", "Close"),
        *SCROLL_BINDINGS,
    ]

    def __init__(self, title: str, body: Text, at_end: bool = False) -> None:
        super().__init__()
        self.title_text, self.body, self.at_end = title, body, at_end

    closing = "Esc closes · j/k scroll"

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self.title_text
            box.border_subtitle = self.closing
            yield Static(self.body, id="info-body")

    def on_mount(self) -> None:
        if self.at_end:
            self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)


SCROLL_KEYS = frozenset({"j", "k", "up", "down", "pageup", "pagedown", "space", "b"})


class Pause(Viewer):
    """What just happened at the table, said until the player moves on: any key but those
    that scroll closes it (and does nothing else), so a key pressed for the next move is
    never played on a table the player has not yet looked at. It leaves the top of the table
    (the status line, a band of players) in view: the others' moves show there meanwhile."""

    DEFAULT_CSS = """
    Pause { align: center bottom; }
    Pause > VerticalScroll { max-height: 70%; }
    """
    closing = "any key goes on · j/k scroll"

    def on_key(self, event: events.Key) -> None:
        if event.key in SCROLL_KEYS:
            return
        event.stop()
        event.prevent_default()
        self.dismiss()


def log_viewer(lines: Sequence[str]) -> Viewer:
    """The whole log, oldest first, opened at its newest line."""
    return Viewer("Log (oldest first)", Text("\n".join(lines) or "Nothing has happened yet."), at_end=True)
