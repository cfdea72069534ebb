"""tui/coach.py: the thinking loop runs the engine's search in small steps until its budget of
CPU has passed, reports each step, stops at the first look after a cancel, and answers an
fixed search (played whole when it was made) at once."""

from __future__ import annotations

from tui import coach


class Counting:
    """A stand-in search whose playouts each take `cost` seconds on the clock it moves."""

    fixed = False

    def __init__(self, clock: list[float], cost: float) -> None:
        self.clock, self.cost, self.playouts, self.steps = clock, cost, 0, []

    def run(self, playouts: int) -> None:
        self.steps.append(playouts)
        self.playouts += playouts
        self.clock[0] += playouts * self.cost


def test_it_thinks_in_steps_of_about_step_seconds_until_the_budget_is_spent():
    now = [0.0]
    search = Counting(now, 0.001)
    seen: list[coach.Progress] = []
    assert coach.think(search, 1.0, seen.append, clock=lambda: now[0])
    assert search.steps[0] == 1  # one playout first, to learn what one costs
    assert all(step <= coach.STEP / 0.001 + 1 for step in search.steps)
    assert 1.0 <= now[0] < 1.0 + coach.STEP + 0.002  # stops once past the budget, within a step
    assert seen[-1].done and seen[-1].playouts == search.playouts
    assert [p.playouts for p in seen[:-1]] == sorted(p.playouts for p in seen[:-1])
    assert "Thinking… 1 playout, " in seen[0].line() and seen[-1].line().endswith("s of CPU")


def test_a_cancel_stops_it_at_the_next_step():
    now = [0.0]
    search = Counting(now, 0.001)
    steps = []

    def report(progress: coach.Progress) -> None:
        steps.append(progress)

    assert not coach.think(search, 10.0, report, cancelled=lambda: len(steps) >= 3, clock=lambda: now[0])
    assert len(search.steps) == 3 and now[0] < 0.2


def test_a_fixed_search_answers_at_once():
    class Fixed(Counting):
        fixed = True

    now = [0.0]
    search = Fixed(now, 1.0)
    seen: list[coach.Progress] = []
    assert coach.think(search, 10.0, seen.append, clock=lambda: now[0])
    assert search.steps == [] and seen == [coach.Progress(0, 0.0, 10.0, True)]


def test_budgets_read_from_a_file_are_made_usable_and_settings_step_round_them():
    assert coach.budget_of("lots") == coach.DEFAULT_BUDGET and coach.budget_of(True) == coach.DEFAULT_BUDGET
    assert coach.budget_of(float("nan")) == coach.DEFAULT_BUDGET
    assert coach.budget_of(-3) == 0.05 and coach.budget_of(10**9) == 600.0 and coach.budget_of(3) == 3.0
    assert [coach.next_budget(b) for b in coach.BUDGETS] == [1.0, 3.0, 10.0, 0.3]
    assert coach.next_budget(2.0) == 3.0 and coach.next_budget(60.0) == 0.3
    assert coach.seconds(1.0) == "1" and coach.seconds(0.3) == "0.3" and coach.seconds(2.46) == "2.5"
