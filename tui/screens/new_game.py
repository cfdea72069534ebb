"""New game, for a game with no setup screen of its own (Disruption): the game's options, who
sits at each seat when the options make a game of several players, the seed and Start, on the
form every New game screen shares (tui/setup_form.py)."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game, GameOption
from saves.envelope import Seat
from tui.plain import plain
from tui.setup_form import HERE, OPEN, SetupForm, seat_of, setup_help
from tui.widgets.choices import Choice

SEAT_TEXT = {HERE: "a person at this keyboard", "bot": "the game's bot", OPEN: "open to others (a shared table)"}


class NewGameScreen(SetupForm):
    PANEL_TITLE = "Options"
    HELP = setup_help("""
# New game

Set the options, then start. In a game of several players each seat but yours is played by
a person at this keyboard, the game's bot, or is **open to others**, which opens a shared
table that friends join from their own terminal (`tabletop-tui join CODE`).
""")

    def __init__(self, game: Game) -> None:
        super().__init__(f"New game of {game.title}")
        self.game = game
        self.options = {o.name: o for o in game.options}
        self.values: dict[str, Any] = {o.name: o.default for o in game.options}
        self.seat_names: list[str] = []
        self._fit_seats()

    def _fit_seats(self) -> None:
        """One row per seat when the options make a game of several players, keeping what
        each seat had."""
        try:
            options = self.game.check_options(dict(self.values))
            names = list(self.game.seats(self.game.new_game(seed=0, **options)))
        except (ValueError, TypeError):
            return  # options the game refuses: the seats stay; Start says why
        self.seat_names = names if len(names) > 1 else []
        count = len(self.seat_names)
        self.kinds = (self.kinds + [HERE] * count)[:count]

    def form_rows(self) -> list[tuple[str, Choice]]:
        rows = [(f"option:{o.name}", Choice(f"{o.label}: {self._value_text(o)}")) for o in self.game.options]
        for seat, name in enumerate(self.seat_names):
            who = "you" if seat == 0 else SEAT_TEXT[self.kinds[seat]]
            rows.append((f"seat:{seat}", Choice(f"{plain(name).plain}: {who}", key=str(seat + 1))))
        return rows

    def _value_text(self, option: GameOption) -> str:
        value = self.values[option.name]
        if option.kind == "bool":
            return "[x] on" if value else "[ ] off"
        if option.kind == "choice":
            return option.choice_label(value)
        return str(value)

    def note(self, row: str) -> str:
        if row.startswith("option:"):
            return self.options[row.removeprefix("option:")].help + "\nSpace or the arrows change it."
        if row.startswith("seat:"):
            return "Space or the arrows: a person here, the bot (b) or open to a player in\nanother terminal (o)."
        return ""

    def changeable(self, row: str) -> bool:
        return row.startswith(("option:", "seat:"))

    def change(self, row: str, step: int) -> None:
        option = self.options[row.removeprefix("option:")]
        value = self.values[option.name]
        if option.kind == "bool":
            self.values[option.name] = not value
        elif option.kind == "choice":
            self.values[option.name] = option.choices[(option.choices.index(value) + step) % len(option.choices)]
        else:  # a number steps within its bounds, and wraps round where it has both
            value = (value or 0) + step
            low, high = option.minimum, option.maximum
            if low is not None and high is not None:
                value = low + (value - low) % (high - low + 1)
            elif low is not None or high is not None:
                value = max(value, low) if low is not None else min(value, high)
            self.values[option.name] = value
        self._fit_seats()

    def not_ready(self) -> str | None:
        try:
            self.game.check_options(dict(self.values))
        except (ValueError, TypeError) as problem:
            return str(problem)
        return None

    def table_seats(self) -> list[Seat] | None:
        if not self.seat_names:
            return None
        shared = OPEN in self.kinds
        return [seat_of(name, kind, shared) for name, kind in zip(self.seat_names, self.kinds)]

    def start(self, seed: int) -> None:
        options = self.game.check_options(dict(self.values))
        self.launch(self.game.id, seed, self.table_seats(), **options)
