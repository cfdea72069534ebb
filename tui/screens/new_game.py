"""New game: a game's options and an optional seed, then Start."""

from __future__ import annotations

import secrets

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input, Select

from engine.core.game import Game, GameOption
from tui.widgets.checkbox import MarkedCheckbox
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import SeatPicker
from tui.widgets.text import Static, Vertical


class NewGameScreen(Screen[None]):
    DEFAULT_CSS = """
    NewGameScreen > Vertical { width: 70; height: auto; }
    NewGameScreen Input { width: 30; }
    NewGameScreen Button { margin: 1 0 0 0; }
    NewGameScreen .option-help { color: $text-muted; padding: 0 0 0 4; }
    NewGameScreen .option-label { padding: 0 0 0 1; text-style: bold; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]
    HELP = """
# New game

Set the options, then press `Enter` on **Start** (or `Ctrl+S` anywhere).

- `Tab` (or `Enter`) moves between options, `Space` toggles a checkbox
- Leave the seed empty for a fresh shuffle; the same seed and moves replay the same game
- In a game of several players, **Seats** says who plays each seat besides you: a person at
  this keyboard, the game's bot, or **open to others**, which opens a shared table that
  friends join from their own terminal (`tabletop-tui join CODE`)
"""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(f"New game of {self.game.title}", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Options"
            for option in self.game.options:
                if option.kind == "choice":  # a checkbox carries its label; a list does not
                    yield Static(option.label, classes="option-label")
                yield self._widget_for(option)
                if option.help:
                    yield Static(option.help, classes="option-help")
            yield Input(placeholder="seed (empty: random)", id="seed", type="integer")
        with Vertical(classes="panel", id="seats-box") as box:
            box.border_title = "Seats"
        yield Button("Start", id="start", variant="primary")
        yield KeyBar()

    def _widget_for(self, option: GameOption) -> MarkedCheckbox | Select[str] | Input:
        widget_id = f"opt-{option.name}"
        if option.kind == "bool":
            return MarkedCheckbox(option.label, value=bool(option.default), id=widget_id)
        if option.kind == "choice":
            return Select(
                [(option.choice_label(choice), choice) for choice in option.choices],
                value=option.default,
                allow_blank=False,
                id=widget_id,
            )
        return Input(str(option.default), type="integer", id=widget_id)

    def on_mount(self) -> None:
        self.seat_names: list[str] = []
        self.show_seats()
        self.query_one("#start", Button).focus()

    def show_seats(self) -> None:
        """One row per seat when the options make a game of several players."""
        try:
            options = self.game.check_options(self.chosen_options())
            names = self.game.seats(self.game.new_game(seed=0, **options))
        except (ValueError, TypeError):
            return  # an option being typed: keep the seats shown
        if names == self.seat_names:
            return
        self.seat_names = names
        box = self.query_one("#seats-box", Vertical)
        box.remove_children()
        box.display = len(names) > 1
        if len(names) > 1:
            box.mount(SeatPicker(names, id="seats"))

    def on_select_changed(self, event: Select.Changed) -> None:
        if not (event.select.id or "").startswith("seat-"):
            self.show_seats()

    def on_checkbox_changed(self, event: object) -> None:
        self.show_seats()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "seed":
            self.show_seats()

    def chosen_options(self) -> dict[str, object]:
        chosen: dict[str, object] = {}
        for option in self.game.options:
            widget = self.query_one(f"#opt-{option.name}")
            if isinstance(widget, Input):
                chosen[option.name] = int(widget.value) if widget.value.strip() else option.default
            else:
                chosen[option.name] = widget.value
        return chosen

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            options = self.game.check_options(self.chosen_options())
        except ValueError as problem:
            self.notify(str(problem), severity="error")
            return
        seed = int(seed_text) if seed_text else secrets.randbelow(2**32)
        app = self.app
        pickers = self.query(SeatPicker)
        seats = pickers.first().seats() if pickers else None
        app.pop_screen()
        if pickers and pickers.first().shared:
            app.open_shared(self.game.id, seed, seats, **options)
        else:
            app.start_game(self.game.id, seed, seats=seats, **options)

    def action_back(self) -> None:
        self.app.pop_screen()
