"""The name other players see: asked on a first visit to a shared server, and changed from
Settings (on a server or on one's own machine) whenever the player likes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from tui.widgets.text import Vertical
from textual.screen import Screen
from textual.widgets import Input
from tui.widgets.text import Static

from saves.names import NAME_LIMIT, check_name, claim_name
from tui.plain import plain
from tui.tables.identity import served_identity
from tui.widgets.keybar import KeyBar


class NameField(Input):
    """The name's field: its own Enter (which submits) is shown on the key bar, so the bar
    still says what Enter does while the field has the focus."""

    BINDINGS = [Binding("enter", "submit", "Keep this name")]


class DisplayNameScreen(Screen[str | None]):
    DEFAULT_CSS = """
    DisplayNameScreen > Vertical { height: auto; }
    DisplayNameScreen #name { width: 30; }
    DisplayNameScreen #problem { color: $error; height: 1; }
    """
    # Not a priority binding: keys that arrive together ("Ann" and Enter in one packet) must
    # reach the field before Enter reads it. The field submits; the binding names the key.
    BINDINGS = [Binding("enter", "keep", "Keep this name"), Binding("escape", "cancel", "Keep the old name", show=False)]
    HELP = f"""
# Your name

Other players see this name at shared tables. Type 1 to {NAME_LIMIT} characters and press
`Enter` (a wide character, such as a Chinese one, takes two). On a first visit it is asked once
(`Ctrl+Q` leaves without choosing); `n` in Settings changes it later, and `Esc` there keeps
the old one.
"""

    def __init__(self, current: str | None = None) -> None:
        super().__init__()
        self.current = current  # the name to change ("" none yet); None on a first visit

    def compose(self) -> ComposeResult:
        changing = self.current is not None
        yield Static("Your name" if changing else "Welcome to tabletop-tui", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Your name"
            yield Static(
                "Other players will see this name at the tables you share.\n"
                f"{'Change it' if changing else 'Choose it once'}: 1 to {NAME_LIMIT} characters, not one another"
                " player has.\n"
                + ("Tables joined from now on show it. Enter keeps it; Esc keeps the old one." if changing
                   else "Enter keeps it; Ctrl+Q leaves without choosing.")
            )  # fmt: skip
            yield NameField(self.current or "", id="name", max_length=NAME_LIMIT * 2, placeholder="your name")
            yield Static(id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def action_cancel(self) -> None:
        if self.current is not None:  # a first visit has no old name to keep
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        name, problem = check_name(self.query_one("#name", Input).value)
        if not problem and served_identity():  # on a server no two players share a name
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
        self.app.table_name = ""  # the name at tables from here on is this one
        self.dismiss(name)
