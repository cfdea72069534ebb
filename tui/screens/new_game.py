"""New game: a game's options and an optional seed, then Start."""

from __future__ import annotations

import secrets

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from engine.core.game import Game, GameOption
from tui.widgets.checkbox import MarkedCheckbox
from tui.widgets.keybar import KeyBar


class NewGameScreen(Screen[None]):
    DEFAULT_CSS = """
    NewGameScreen > Vertical { width: 70; height: auto; }
    NewGameScreen Input { width: 30; }
    NewGameScreen Button { margin: 1 0 0 0; }
    NewGameScreen .option-help { color: $text-muted; padding: 0 0 0 4; }
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
"""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(f"New game of {self.game.title}", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Options"
            for option in self.game.options:
                yield self._widget_for(option)
                if option.help:
                    yield Static(option.help, classes="option-help")
            yield Input(placeholder="seed (empty: random)", id="seed", type="integer")
            yield Button("Start", id="start", variant="primary")
        yield KeyBar()

    def _widget_for(self, option: GameOption) -> MarkedCheckbox | Select[str] | Input:
        widget_id = f"opt-{option.name}"
        if option.kind == "bool":
            return MarkedCheckbox(option.label, value=bool(option.default), id=widget_id)
        if option.kind == "choice":
            return Select(
                [(choice, choice) for choice in option.choices],
                value=option.default,
                allow_blank=False,
                id=widget_id,
            )
        return Input(str(option.default), type="integer", id=widget_id)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

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
        app.pop_screen()
        app.start_game(self.game.id, seed, **options)

    def action_back(self) -> None:
        self.app.pop_screen()
