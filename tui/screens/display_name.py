"""A player's first visit to a shared server: the name other players will see, asked once."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from saves.names import NAME_LIMIT, check_name, claim_name
from tui.plain import plain
from tui.tables.identity import served_identity
from tui.widgets.keybar import KeyBar


class DisplayNameScreen(Screen[str]):
    DEFAULT_CSS = """
    DisplayNameScreen > Vertical { height: auto; }
    DisplayNameScreen #name { width: 30; }
    DisplayNameScreen #problem { color: $error; height: 1; }
    """
    # Not a priority binding: keys that arrive together ("Ann" and Enter in one packet) must
    # reach the field before Enter reads it. The field submits; the binding names the key.
    BINDINGS = [Binding("enter", "keep", "Keep this name")]
    HELP = f"""
# Your name

Other players see this name at shared tables. Type 1 to {NAME_LIMIT} characters and press
`Enter`. It is asked only this once; `Ctrl+Q` leaves without choosing.
"""

    def compose(self) -> ComposeResult:
        yield Static("Welcome to tabletop-tui", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Your name"
            yield Static(
                "Other players will see this name at the tables you share.\n"
                f"Choose it once: 1 to {NAME_LIMIT} characters, not one another player has.\n"
                "Enter keeps it; Ctrl+Q leaves without choosing."
            )
            yield Input(id="name", max_length=NAME_LIMIT, placeholder="your name")
            yield Static(id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        name, problem = check_name(self.query_one("#name", Input).value)
        if not problem:
            try:
                problem, note = claim_name(self.app.paths, served_identity(), name)
            except OSError as error:
                problem = f"The name could not be kept: {error.strerror}."
            else:
                if note:  # the host's list of names was damaged: this name begins a new one
                    self.app.notify(f"{note}.", severity="warning", timeout=15, markup=False)
        if problem:
            self.query_one("#problem", Static).update(plain(problem))
            return
        self.app.update_settings(display_name=name)
        self.dismiss(name)
