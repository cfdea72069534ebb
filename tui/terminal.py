"""What the app needs of the terminal beyond Textual's Linux driver: to notice the terminal
going away, and to draw in ASCII where the output cannot carry the table's glyphs.

Textual's Linux driver reads keys in a thread and, when a read returns nothing, simply reads
again: a terminal that hung up (SSH dropped, window closed) while the process ignores SIGHUP
(nohup, some supervisors) leaves the app spinning on a dead descriptor for ever. This driver
reads the same way but treats end of input, or an error reading it, as the terminal gone: it
tells the app, which saves and exits. SIGHUP and SIGTERM, where the process has not been told
to ignore them, end the app the same way.

Where the output encoding cannot show the glyphs (see tui/glyphs.py), what is written to the
terminal is given their ASCII forms on its way out: one place, whatever drew it.
"""

from __future__ import annotations

import os
import selectors
import signal
import threading
from codecs import getincrementaldecoder
from typing import Any

from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

from tui.glyphs import output_needs_ascii, to_ascii

# Seconds the app is given to close down in order once the terminal is gone; past them the
# process ends at once (the saves are on disk by then: nothing is lost).
CLOSE_DOWN = 0.8


class TerminalDriver(LinuxDriver):
    """Textual's Linux driver, except that end of input ends the app and the output is ASCII
    where it must be (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ascii_only = output_needs_ascii(self._file)

    def write(self, data: str) -> None:
        super().write(to_ascii(data) if self.ascii_only else data)

    def run_input_thread(self) -> None:
        # As LinuxDriver.run_input_thread (textual 8), with the end of input handled.
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def process(selector_events: list[tuple[Any, int]], final: bool = False) -> bool:
            """Feed what was read to the parser; False once input has ended."""
            for last, (_key, mask) in loop_last(selector_events):
                if mask & selectors.EVENT_READ:
                    try:
                        data = os.read(self.fileno, 1024 * 4)
                    except OSError:
                        return False
                    if not data:
                        return False
                    for event in parser.feed(decode(data, final=final and last)):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return True

        try:
            while not self.exit_event.is_set():
                if not process(selector.select(0.1)):
                    self._input_ended()
                    return
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass

    def _input_ended(self) -> None:
        app: Any = self._app
        loop = getattr(app, "_loop", None)
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(app.terminal_gone)
        else:
            app.terminal_gone()


def catch_hang_up(on_hang_up: Any) -> None:
    """Have SIGHUP (and SIGTERM) call `on_hang_up` in the app's thread, where the process was
    not started to ignore them: the app then saves and ends in order, where the default would
    end it mid-move. Under nohup the end of input (above) is what ends the app."""
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers can only be set from the main thread
    for number in (signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(number) != signal.SIG_IGN:
            signal.signal(number, lambda _number, _frame: on_hang_up())


def end_soon(seconds: float = CLOSE_DOWN, status: int = 0) -> None:
    """Make sure the process ends within `seconds`, even if closing down blocks on a terminal
    that is gone."""
    timer = threading.Timer(seconds, os._exit, (status,))
    timer.daemon = True
    timer.start()
