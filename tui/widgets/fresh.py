"""What the last move changed, marked at every table: the numbers it changed and the log lines
it added.

A table passes each box it draws through `Fresh.mark` (by a name of its own) and gives the
log through `Fresh.new_lines`; both compare with what the table showed before the last move
(the save's count of moves tells one move from the next). A number that changed stands out
in bold and underlined, a new log line in bold with a bar before it (never by colour alone),
until the next move: a player who looked away still sees what it did.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Hashable, Sequence

from rich.text import Text

CHANGED = "bold underline"  # a number the last move changed
NEW_LINE = "bold"  # a log line the last move added
_TOKEN = re.compile(r"\S+")
_DIGITS = re.compile(r"\d+")


class Fresh:
    def __init__(self) -> None:
        self.moves: int | None = None
        self.before: dict[Hashable, str] = {}  # what each box said before the last move
        self.now: dict[Hashable, str] = {}  # ... and says now
        self.log_before: list[str] | None = None
        self.log_now: list[str] | None = None
        # Where each box's changed numbers are, by what it said before the move and says now:
        # a box drawn again with the same words (a cursor moved) is not compared again.
        self.spans: dict[Hashable, tuple[str, str, list[tuple[int, int]]]] = {}

    def move(self, moves: int) -> None:
        """The table is drawn after `moves` moves: a new count makes what it showed till now
        the "before" of the move (an undo is a move too)."""
        if moves == self.moves:
            return
        if self.moves is not None:
            self.before = dict(self.now)
            self.log_before = self.log_now
        self.moves = moves

    def mark(self, key: Hashable, text: Text | str) -> Text:
        """`text` with the numbers the last move changed in it marked (CHANGED)."""
        text = Text(text) if isinstance(text, str) else text.copy()
        self.now[key] = text.plain
        old = self.before.get(key)
        if old is not None and old != text.plain:
            known = self.spans.get(key)
            if known is None or known[0] != old or known[1] != text.plain:
                known = self.spans[key] = (old, text.plain, changed_numbers(old, text.plain))
            for start, end in known[2]:
                text.stylize(CHANGED, start, end)
        return text

    def new_lines(self, lines: Sequence[str]) -> int:
        """How many of the log's last lines the last move added (the log may have let its
        oldest lines go meanwhile)."""
        lines = list(lines)
        self.log_now = lines
        old = self.log_before
        if old is None:
            return 0
        for dropped in range(len(old) + 1):  # the old lines that are left start the new log
            kept = old[dropped:]
            if lines[: len(kept)] == kept:
                return len(lines) - len(kept)
        return len(lines)


def changed_numbers(old: str, new: str) -> list[tuple[int, int]]:
    """Where in `new` a word holding a number differs from the same word of `old`: the lines
    are matched up, then their words, by their shape (a number's digits aside)."""
    spans: list[tuple[int, int]] = []
    old_lines, new_lines = old.split("\n"), new.split("\n")
    offsets = [0]
    for line in new_lines:
        offsets.append(offsets[-1] + len(line) + 1)
    old_shapes, new_shapes = [_shape(l) for l in old_lines], [_shape(l) for l in new_lines]
    if old_shapes == new_shapes:  # the lines match one for one (a move changes numbers, mostly)
        pairs = [(i, i) for i in range(len(new_lines))]
    else:
        pairs = []
        lines = difflib.SequenceMatcher(None, old_shapes, new_shapes, autojunk=False)
        for tag, a0, a1, b0, b1 in lines.get_opcodes():
            if tag in ("equal", "replace") and a1 - a0 == b1 - b0:
                pairs += zip(range(a0, a1), range(b0, b1))
    for a, b in pairs:
        if old_lines[a] != new_lines[b]:  # a line as it was changed no number
            spans += [(offsets[b] + s, offsets[b] + e) for s, e in _changed_words(old_lines[a], new_lines[b])]
    return spans


def _shape(line: str) -> str:
    return _DIGITS.sub("#", line)


def _changed_words(old: str, new: str) -> list[tuple[int, int]]:
    before = [m.group() for m in _TOKEN.finditer(old)]
    after = list(_TOKEN.finditer(new))
    before_shapes, after_shapes = [_shape(w) for w in before], [_shape(m.group()) for m in after]
    if before_shapes == after_shapes:  # word for word: no matching to do
        pairs: list[tuple[int, int]] = [(i, i) for i in range(len(after))]
    else:
        pairs = []
        words = difflib.SequenceMatcher(None, before_shapes, after_shapes, autojunk=False)
        for tag, a0, a1, b0, b1 in words.get_opcodes():
            if tag == "equal":
                pairs += zip(range(a0, a1), range(b0, b1))
    spans = []
    for a, b in pairs:
        word = after[b]
        if before[a] != word.group() and _DIGITS.search(word.group()):
            spans.append(word.span())
    return spans
