"""Thinking about a move within a time budget: the one loop the hint panel at every table and
`tabletop-tui hint` share.

The engine's search (engine/core/coach.py) never reads a clock: it plays as many playouts as
it is asked for. Here it is asked for a few at a time (`step`), each step sized to take about
STEP seconds of CPU, until `time.process_time()` has passed the player's budget (Settings:
BUDGETS, about one second by default), the search says its answer is whole (a fixed search,
Game.fixed_search), or the player
cancels: a cancel is seen before the next step, so thinking stops within one step of it. Each
step is reported (playouts so far, CPU seconds spent) so a screen can show its progress.

Nothing here changes the game: the search gets a copy of the state, as the seat may know it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

BUDGETS = (0.3, 1.0, 3.0, 10.0)  # seconds of CPU a player may choose in Settings
DEFAULT_BUDGET = 1.0
STEP = 0.05  # seconds of CPU per step: between two looks at the clock and at a cancel
BEST = 3  # moves a hint offers, best first (a large terminal shows BEST_BIG)
BEST_BIG = 5


class Progress(NamedTuple):
    playouts: int
    spent: float  # seconds of CPU since thinking began
    budget: float
    done: bool = False

    def line(self) -> str:
        """The progress line a screen shows: "Thinking… 1,240 playouts, 0.4 of 1 s"."""
        counted = f"{self.playouts:,} playout{'' if self.playouts == 1 else 's'}"
        if self.done:
            return f"{counted} in {seconds(self.spent)} s of CPU"
        return f"Thinking… {counted}, {seconds(min(self.spent, self.budget))} of {seconds(self.budget)} s"


def seconds(value: float) -> str:
    """A number of seconds as the budget lines say it: 0.3, 1, 2.5, 10."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def budget_of(value: Any) -> float:
    """A budget from a settings file or a command line, made usable: a number of seconds
    between 0.05 and 600 (anything else, the default)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return DEFAULT_BUDGET
    return min(max(float(value), 0.05), 600.0)


def next_budget(value: float, step: int = 1) -> float:
    """The next of BUDGETS after `value` (Settings steps round them)."""
    if value in BUDGETS:
        return BUDGETS[(BUDGETS.index(value) + step) % len(BUDGETS)]
    later = [b for b in BUDGETS if b > value]
    return later[0] if step > 0 and later else BUDGETS[0]


def private_copy(game: Any, state: Any, seat: int | None) -> Any:
    """The state as `seat` may know it, as a copy of its own: what the search is given, so a
    hint neither sees what the seat may not nor touches the game being played."""
    view = game.view(state, seat)
    return msgspec.json.decode(msgspec.json.encode(view), type=type(view))


def open_search(game: Any, state: Any, seat: int, seed: int = 0) -> Any:
    """The engine's search for `seat`'s move in `state` (ValueError, one line, where there is
    no move to hint: the game over, or not this seat's move)."""
    from engine.core.coach import Search

    return Search(game, private_copy(game, state, seat), seat, seed=seed)


def think(
    search: Any,
    budget: float,
    report: Callable[[Progress], None] | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.process_time,
) -> bool:
    """Run `search` until `budget` seconds of CPU have passed (by `clock`), reporting each
    step; True when it ran its course, False when `cancelled` stopped it first."""
    start = clock()
    spent = 0.0
    size = 1  # playouts in the next step: one, until the clock says what one costs
    while not search.fixed and spent < budget:
        if cancelled():
            return False
        before, done_before = clock(), search.playouts
        search.run(size)
        now = clock()
        spent = now - start
        made = max(search.playouts - done_before, 1)
        each = max((now - before) / made, 1e-6)
        left = max(budget - spent, 0.0)
        size = max(1, int(min(STEP, left) / each))
        if report is not None:
            report(Progress(search.playouts, spent, budget))
    if cancelled():
        return False
    if report is not None:
        report(Progress(search.playouts, spent, budget, done=True))
    return True


class Hint(NamedTuple):
    """A finished hint: the advice best first, and what it cost."""

    advice: list[Any]
    progress: Progress
    fixed: bool  # whole when the search was made: thinking longer changes nothing


def hint(
    game: Any,
    state: Any,
    seat: int,
    budget: float = DEFAULT_BUDGET,
    best: int = BEST,
    seed: int = 0,
    report: Callable[[Progress], None] | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.process_time,
) -> Hint | None:
    """The best `best` moves for `seat`, thought about for `budget` seconds of CPU; None when
    cancelled. ValueError (one line) where there is no move to hint."""
    search = open_search(game, state, seat, seed)
    last: list[Progress] = []

    def seen(progress: Progress) -> None:
        last[:] = [progress]
        if report is not None:
            report(progress)

    if not think(search, budget, seen, cancelled, clock):
        return None
    progress = last[-1] if last else Progress(search.playouts, 0.0, budget, done=True)
    return Hint(search.advice(best), progress, search.fixed)
