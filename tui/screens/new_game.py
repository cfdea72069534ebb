"""New game, for a game with no setup screen of its own (Disruption): the game's options, who
sits at each seat when the options make a game of several players, the seed and Start, on the
form every New game screen shares (tui/setup_form.py)."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from saves.envelope import Seat
from tui.plain import plain
from tui.setup_form import HERE, OPEN, SetupForm, next_value, option_text, seat_of, setup_help
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
        rows = [
            (f"option:{o.name}", Choice(f"{o.label}: {option_text(o, self.values[o.name])}"))
            for o in self.game.options
        ]
        for seat, name in enumerate(self.seat_names):
            who = "you" if seat == 0 else SEAT_TEXT[self.kinds[seat]]
            rows.append((f"seat:{seat}", Choice(f"{plain(name).plain}: {who}", key=str(seat + 1))))
        return rows

    def note(self, row: str) -> str:
        if row.startswith("option:"):
            return self.options[row.removeprefix("option:")].help + "\nSpace or the arrows change it."
        if row.startswith("seat:"):
            return "Space on a seat: a person here, the bot (b), or open to others (o)."
        return ""

    def changeable(self, row: str) -> bool:
        return row.startswith("option:") or super().changeable(row)

    def change(self, row: str, step: int) -> None:
        option = self.options[row.removeprefix("option:")]
        self.values[option.name] = next_value(option, self.values[option.name], step)
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
