"""The game log: the newest lines that fit, oldest at the top. It fills its container."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static


class GameLog(Static):
    DEFAULT_CSS = """
    GameLog { height: 1fr; }
    """

    lines: Sequence[str] = ()

    def show(self, lines: Sequence[str]) -> None:
        if list(lines) == list(self.lines):
            return  # unchanged: no repaint
        self.lines = list(lines)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        height = max(self.content_size.height, 1)
        width = max(self.content_size.width, 10)
        wrapped: list[str] = []
        for line in reversed(self.lines):  # only the newest lines that fit are wrapped
            wrapped[:0] = textwrap.wrap(line, width, subsequent_indent="  ") or [""]
            if len(wrapped) >= height:
                break
        self.update(Text("\n".join(wrapped[-height:])), layout=False)
