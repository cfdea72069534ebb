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

Input the app has not handled yet is bounded: Textual queues every key and mouse event it
reads, so a flood (megabytes of `j` pasted or piped into an SSH session) would grow the app
without end and keep it busy for minutes. While MAX_WAITING_INPUT events are still waiting to be
handled, further keys and mouse events are read and dropped: a person cannot type that far
ahead of the app, and the app stays small and answers as soon as the flood stops. (Plain text
beyond the room left is dropped before it is parsed: parsing costs far more than reading.)
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import threading
import weakref
from codecs import getincrementaldecoder
from typing import Any

from textual import events
from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

from tui.glyphs import output_needs_ascii, to_ascii

# Seconds the app is given to close down in order once the terminal is gone; past them the
# process ends at once (the saves are on disk by then: nothing is lost).
CLOSE_DOWN = 0.8
# Keys and mouse events read but not yet handled, past which more are dropped (see the module).
MAX_WAITING_INPUT = 32
PLAIN_TEXT = re.compile(rb"[ -~]+")  # printable ASCII: one key each, whatever came before


class TerminalDriver(LinuxDriver):
    """Textual's Linux driver, except that end of input ends the app and the output is ASCII
    where it must be (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ascii_only = output_needs_ascii(self._file)
        # The input events sent to the app that it still holds (queued or being handled): an
        # event is let go once handled, and then leaves this set.
        self._waiting: weakref.WeakSet[events.Event] = weakref.WeakSet()
        self.dropped = 0

    def behind(self) -> bool:
        return len(self._waiting) >= MAX_WAITING_INPUT

    def send_message(self, message: Any) -> None:
        """As Driver.send_message (called in the input thread), except that keys and mouse
        events are dropped while the app is behind (see the module)."""
        if isinstance(message, (events.Key, events.MouseEvent)):
            if self.behind():
                self.dropped += 1
                return
            self._waiting.add(message)
        super().send_message(message)

    def write(self, data: str) -> None:
        super().write(to_ascii(data) if self.ascii_only else data)

    def run_input_thread(self) -> None:
        # As LinuxDriver.run_input_thread (textual 8), with the end of input handled.
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decoder = getincrementaldecoder("utf-8")()
        decode = decoder.decode

        def idle() -> bool:
            """Whether the parser and the decoder are between keys (in no escape sequence
            and no character), so that dropping plain text cannot change what follows."""
            return parser._awaiting.timeout is None and not decoder.getstate()[0]

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
                    if PLAIN_TEXT.fullmatch(data) and idle():  # one key a byte: only those with room
                        room = max(MAX_WAITING_INPUT - len(self._waiting), 0)
                        self.dropped += max(len(data) - room, 0)
                        data = data[:room]
                        if not data:
                            continue
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
