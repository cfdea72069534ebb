"""A check any game can use: every change on the table is told by a log line, before it.

A game's test gives `facts(state)`: what a player sees change, as {key: Fact(value, names)}
(HP and vitality, where each card is, counters). The checker plays seeded games and, at every
log line written, takes the facts again: each change between one line and the next must be
told by that line, which has to mention one of the fact's names. A change before the first line
of a move, or a move that changes the table and writes nothing, fails too.

Lines are caught as they are written by swapping the state's log for a list that notes the
facts on each append, so the check needs no hook in any engine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple

# A name is a word a line must hold, or a tuple of words it must all hold.
Name = str | tuple[str, ...]


class Fact(NamedTuple):
    value: Any
    names: tuple[Name, ...]  # a line telling of a change of this fact mentions one of these


Facts = dict[Hashable, Fact]


class Unexplained(NamedTuple):
    action: str
    line: str  # the line that should have told of it ("" = before any line of the move)
    key: Hashable
    before: Any
    after: Any

    def __str__(self) -> str:
        told = f"after the line {self.line!r}" if self.line else "before any line"
        return f"{self.action}: {self.key} went {self.before!r} -> {self.after!r} {told}"


class _WatchedLog(list):
    """The state's log, noting the facts as each line is written (before its effect)."""

    def __init__(self, lines: Iterable[Any], state: Any, facts: Callable[[Any], Facts]) -> None:
        super().__init__(lines)
        self.state, self.facts = state, facts
        self.marks: list[tuple[Facts, Any]] = []

    def append(self, line: Any) -> None:
        self.marks.append((self.facts(self.state), line))
        super().append(line)


def _mentions(text: str, name: Name) -> bool:
    if isinstance(name, tuple):
        return all(part.casefold() in text for part in name)
    return name.casefold() in text


def changes(before: Facts, after: Facts) -> list[tuple[Hashable, Fact, Fact]]:
    """Facts present on both sides whose value differs (a fact that comes or goes with its
    card, such as a beast's HP, is told by the card's move)."""
    return [(key, old, after[key]) for key, old in before.items() if key in after and after[key].value != old.value]


def explain_step(game: Any, state: Any, action: Any, facts: Callable[[Any], Facts]) -> list[Unexplained]:
    """Apply `action`, and return every change the log did not tell before it happened."""
    watched = _WatchedLog(state.log, state, facts)
    start = facts(state)
    state.log = watched
    try:
        game.apply(state, action)
    finally:
        state.log = list(watched)
    end = facts(state)
    label = repr(action)
    problems: list[Unexplained] = []
    snapshots = [start] + [facts_at for facts_at, _ in watched.marks] + [end]
    lines = [""] + [game.log_text(line) for _, line in watched.marks]
    for told, old, new in zip(lines, snapshots, snapshots[1:]):
        text = told.casefold()
        for key, was, now in changes(old, new):
            if not told or not any(_mentions(text, name) for name in was.names + now.names):
                problems.append(Unexplained(label, told, key, was.value, now.value))
    return problems


def explain_games(
    game: Any,
    facts: Callable[[Any], Facts],
    playouts: Iterable[tuple[Any, Callable[[Any], Any]]],
    most: int = 3000,
) -> list[Unexplained]:
    """Play each (state, choose) to its end, `choose(state)` picking every move, and gather
    what went untold: one problem per kind of fact and kind of move, so a report stays short."""
    seen: set[tuple[Any, str]] = set()
    problems: list[Unexplained] = []
    for state, choose in playouts:
        for _ in range(most):
            if game.outcome(state) is not None:
                break
            for problem in explain_step(game, state, choose(state), facts):
                kind = (problem.key[0] if isinstance(problem.key, tuple) else problem.key, problem.action.split("(")[0])
                if kind not in seen:
                    seen.add(kind)
                    problems.append(problem)
    return problems
