"""The app's driver under `tabletop-tui web`: Textual's web driver (keys and the screen framed on
stdin and stdout, for the server to carry to the browser), with what tui/terminal.py adds to the
terminal's driver: input the app has not handled yet is bounded (a flood of keys is dropped past
MAX_WAITING_INPUT waiting events), and the end of input (the server gone) ends the app, which
saves and exits, instead of leaving it running with no one to draw for."""

from __future__ import annotations

import weakref
from typing import Any

from textual import events
from textual.drivers.web_driver import WebDriver

from tui.terminal import MAX_WAITING_INPUT


class PageDriver(WebDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting: weakref.WeakSet[events.Event] = weakref.WeakSet()
        self.dropped = 0

    def send_message(self, message: Any) -> None:
        if isinstance(message, (events.Key, events.MouseEvent)):
            if len(self._waiting) >= MAX_WAITING_INPUT:
                self.dropped += 1
                return
            self._waiting.add(message)
        super().send_message(message)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # stdin ended, not the app: the server is gone
            app: Any = self._app
            loop = getattr(app, "_loop", None)
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(app.terminal_gone)
