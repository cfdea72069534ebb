"""The cover laid over a table between two people at one keyboard, so neither sees the other's
hand: "Pass to ANN — Enter when ready"."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tui.plain import plain
from tui.widgets.keybar import KeyBar


class PrivacyScreen(Screen[bool]):
    DEFAULT_CSS = """
    PrivacyScreen { background: $background; }
    PrivacyScreen Static#pass { width: auto; padding: 1 4; border: round $accent; }
    """
    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("q", "leave", "Menu"),
    ]
    HELP = """
# Pass the keyboard

The table is hidden so the next player does not see the last one's cards. Hand the keyboard
over; the named player presses `Enter` to see their own seat. `q` returns to the menu (the
game is saved).
"""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        message = Text.assemble("Pass to ", (plain(self.player).plain, "bold"), " — Enter when ready")
        with Middle():
            with Center():
                yield Static(message, id="pass")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
        self.app.pop_screen()  # the table under this cover: back to the menu
