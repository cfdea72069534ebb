"""Shown instead of a broken layout while the terminal is smaller than the minimum."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: auto; height: auto; text-align: center; }
    """
    HELP = "The window is too small for the game. Make it larger and play resumes."

    class Notice(Static):
        def __init__(self, min_width: int, min_height: int) -> None:
            super().__init__()
            self.min_width, self.min_height = min_width, min_height

        def show(self, width: int, height: int) -> None:
            self.update(
                f"The terminal is {width}x{height}.\n"
                f"tabletop-tui needs at least {self.min_width}x{self.min_height}.\n"
                "Enlarge the window to go on; nothing is lost."
            )

    def __init__(self, min_width: int, min_height: int) -> None:
        super().__init__()
        self.notice = self.Notice(min_width, min_height)

    def compose(self) -> ComposeResult:
        yield self.notice

    def on_mount(self) -> None:
        self.notice.show(self.app.size.width, self.app.size.height)
