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
    newest = 0  # how many of the last lines are marked (a replay's current move, a table's last)
    newest_style = "reverse"
    mark_column = False  # a column kept before every line for the mark, so marking never rewraps

    def show(self, lines: Sequence[str]) -> None:
        if list(lines) == list(self.lines):
            return  # unchanged: no repaint
        self.lines = list(lines)
        self._draw()

    def mark_newest(self, count: int, style: str = "reverse", gutter: bool = False) -> None:
        """Mark the last `count` lines (reversed, or in `style`, and with a bar: not by colour
        alone); with a `gutter`, every line keeps the bar's column (a table, whose marks come
        and go with each move)."""
        if (count, style, gutter) != (self.newest, self.newest_style, self.mark_column):
            self.newest, self.newest_style, self.mark_column = count, style, gutter
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
            rows = textwrap.wrap(line, width - 1 if marked or self.mark_column else width, subsequent_indent="  ") or [""]
            blank = " " if self.mark_column else ""
            wrapped[:0] = [Text("▌" + row, style=self.newest_style) if marked else Text(blank + row) for row in rows]
            if len(wrapped) >= height:
                break
        return Text("\n").join(wrapped[-height:])
