"""A game's log kept as data and written as words only when someone reads it.

A log line is `Line(what, parts)`: `what` names the kind of thing that happened (a key of the
game's wording), `parts` the names and numbers it is made of. Building a small tuple on every
move costs less than formatting text nobody may read, a screen can pick lines by kind (the
turning points of a game) without parsing words, and a save stays readable JSON
(`["tamed", ["Sparkit", 9]]`).

A game adopts it by keeping `log: list[Line]` in its state, writing with `write`, and giving
its wording to `Game.wording`; `Game.log_lines` then renders any state's log. Lines from
before a game adopted this are kept as `said` lines holding their old text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Union

import msgspec

# A part of a line: a name, a number, or a short list of them (dice faces, cards).
Part = Union[str, int, tuple[Union[str, int], ...]]

SAID = "said"  # a line of plain text: parts == (text,)


class Line(msgspec.Struct, frozen=True, array_like=True, gc=False):
    what: str
    parts: tuple[Part, ...] = ()


# How each kind of line reads: a str.format pattern over the parts, or a function of them.
Wording = Mapping[str, Union[str, Callable[..., str]]]


def said(text: str) -> Line:
    return Line(SAID, (text,))


def write(log: list[Line], line: Line, keep: int) -> None:
    """Append `line`, keeping only the newest `keep` lines."""
    log.append(line)
    if len(log) > keep:
        del log[:-keep]


def render(line: Any, wording: Wording) -> str:
    """The words of one line; a plain string (a game that keeps text) is its own words."""
    if isinstance(line, str):
        return line
    if line.what == SAID:
        return str(line.parts[0])
    form = wording.get(line.what)
    if form is None:  # a kind this program no longer words: still show what it held
        return f"{line.what}: " + ", ".join(str(part) for part in line.parts)
    if isinstance(form, str):
        return form.format(*line.parts)
    return form(*line.parts)


def upgrade_text_log(lines: list[Any]) -> list[Any]:
    """A saved log of plain strings, as `said` lines (for a game's state migration)."""
    return [["said", [text]] if isinstance(text, str) else text for text in lines]
