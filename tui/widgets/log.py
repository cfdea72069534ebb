"""The game log: the newest lines that fit, oldest at the top. It fills its container."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text

from tui.widgets.lines import Lines


class GameLog(Lines):
    DEFAULT_CSS = """
    GameLog { height: 1fr; }
    """

    lines: Sequence[str] = ()
    newest = 0  # how many of the last lines are marked (a replay's current move)

    def show(self, lines: Sequence[str]) -> None:
        if list(lines) == list(self.lines):
            return  # unchanged: no repaint
        self.lines = list(lines)
        self._draw()

    def mark_newest(self, count: int) -> None:
        """Mark the last `count` lines (reversed, and with a bar: not by colour alone)."""
        if count != self.newest:
            self.newest = count
            self._draw()

    def _draw(self) -> None:
        self.repaint_lines()

    def line_content(self) -> Text:
        """The newest lines that fit, wrapped to the width the log has when it is painted (so
        the first frame already fits the terminal's real size)."""
        height = max(self.content_size.height, 1)
        width = max(self.content_size.width, 10)
        wrapped: list[Text] = []
        for number, line in enumerate(reversed(self.lines)):  # newest first, as many as show
            marked = number < self.newest
            rows = textwrap.wrap(line, width - 1 if marked else width, subsequent_indent="  ") or [""]
            wrapped[:0] = [Text("▌" + row, style="reverse") if marked else Text(row) for row in rows]
            if len(wrapped) >= height:
                break
        return Text("\n").join(wrapped[-height:])
