"""Shown instead of a broken layout while the terminal is smaller than the minimum."""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.screen import Screen
from tui.widgets.text import Static


def notice_lines(width: int, height: int, min_width: int, min_height: int) -> list[str]:
    """The longest notice that fits `width` x `height` in whole words, down to the size needed
    alone; nothing where not even that fits (a terminal under five columns)."""
    needed = f"{min_width}x{min_height}"
    notices = (
        (f"The terminal is {width}x{height}.", f"tabletop-tui needs at least {needed}.",
         "Enlarge the window to go on; nothing is lost."),
        (f"tabletop-tui needs at least {needed}.", "Enlarge the window; nothing is lost."),
        (f"Needs at least {needed}; nothing is lost.",),
        (f"Needs at least {needed}.",),
        (f"Needs {needed}.",),
        (needed,),
    )  # fmt: skip
    for paragraphs in notices:
        lines = [
            line
            for paragraph in paragraphs
            for line in textwrap.wrap(paragraph, max(width, 1), break_long_words=False, break_on_hyphens=False)
        ]
        if len(lines) <= height and all(len(line) <= width for line in lines):
            return lines
    return []


class TooSmallScreen(Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: auto; height: auto; text-align: center; text-wrap: nowrap; }
    """
    HELP = "The window is too small for the game. Make it larger and play resumes."

    class Notice(Static):
        def __init__(self, min_width: int, min_height: int) -> None:
            super().__init__(markup=False)
            self.min_width, self.min_height = min_width, min_height

        def show(self, width: int, height: int) -> None:
            self.update("\n".join(notice_lines(width, height, self.min_width, self.min_height)))

    def __init__(self, min_width: int, min_height: int) -> None:
        super().__init__()
        self.notice = self.Notice(min_width, min_height)

    def compose(self) -> ComposeResult:
        yield self.notice

    def on_mount(self) -> None:
        self.notice.show(self.app.size.width, self.app.size.height)
