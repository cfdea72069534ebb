"""The cover laid over a table between two people at one keyboard, so neither sees the other's
hand: "Pass to ANN — Enter when ready".

A table keeps one cover and lays it again at each change of seat, naming the next player: built
once, it costs far less to show than a new screen composed, styled and laid out every time."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tui.plain import plain
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Center, Middle, Static


class PrivacyScreen(Screen[bool]):
    DEFAULT_CSS = """
    PrivacyScreen { background: $background; }
    PrivacyScreen Static#pass { width: auto; padding: 1 4; border: round $accent; }
    """
    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("q,escape", "leave", "Menu"),
    ]
    HELP = """
# Pass the keyboard

The table is hidden so the next player does not see the last one's cards. Hand the keyboard
over; the named player presses `Enter` to see their own seat. `q` or `Esc` returns to the menu (the
game is saved).
"""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._message(), id="pass")
        yield KeyBar()

    def pass_to(self, name: str) -> None:
        """Name the player the keyboard goes to next (before the cover is laid again)."""
        if name == self.player:
            return
        before = self._message()
        self.player = name
        if self.is_mounted:
            message = self._message()  # a name as long as the last keeps the box where it was
            self.query_one("#pass", Static).update(message, layout=message.cell_len != before.cell_len)

    def _message(self) -> Text:
        return Text.assemble("Pass to ", (plain(self.player).plain, "bold"), " — Enter when ready")

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
        self.app.pop_screen()  # the table under this cover: back to the menu
