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
ahead of the app, and the app stays small and answers as soon as the flood stops. (What would
be dropped is dropped before it is parsed where that is safe: parsing costs far more than
reading.) A paste is one event, but Textual holds all of it until it ends: past MAX_PASTE bytes
the rest of a paste is dropped, up to its end.
"""

from __future__ import annotations

import os
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
LONGEST_KEY = 16  # bytes of the longest key or mouse report worth parsing past the room left
MAX_PASTE = 1 << 16  # bytes of one paste kept (nothing in the app takes more than a line)
PASTE_END = b"\x1b[201~"


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

    def _unparsed_drop(self, data: bytes) -> bytes:
        """What of `data` (read while the parser is between keys, outside a paste) is worth
        parsing. Text is one key a character: past the room left, it is dropped. Otherwise what
        lies between the first escape past the room left and the last escape is whole keys that
        would all be dropped: it goes, and the parser still reads a sequence the read cut whole."""
        room = max(MAX_WAITING_INPUT - len(self._waiting), 0)
        if b"\x1b" not in data:  # one key a character: those there is room for
            kept = data[: after_characters(data, room)]
            cut = cut_character(data)
            if len(kept) < len(data) - len(cut):
                kept += cut  # the start of a character the read cut, which the next read ends
        else:  # keys there is room for (a key is a few bytes at most), then the last one's start
            head = data.find(b"\x1b", room * LONGEST_KEY)
            if head < 0:
                return data
            kept = data[:head] + data[data.rfind(b"\x1b") :]
        self.dropped += len(data) - len(kept)
        return kept

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

        pasted = 0  # bytes of the paste in progress given to the parser
        carry = b""  # the end of paste bytes dropped: it may hold the start of PASTE_END

        def pasting() -> bool | None:
            """Whether the parser is in a paste (None: it cannot tell)."""
            frame = parser._gen.gi_frame  # Textual's parser keeps it here
            return frame.f_locals.get("bracketed_paste") if frame is not None else None

        def idle() -> bool:
            """Whether the parser and the decoder are between keys (in no escape sequence, no
            character and no paste), so that dropping whole keys cannot change what follows."""
            if parser._awaiting.timeout is not None or decoder.getstate()[0]:
                return False
            return pasting() is False

        def paste_cut(data: bytes) -> bytes:
            """`data` with what is past MAX_PASTE of a paste in progress taken out."""
            nonlocal pasted, carry
            if pasting() is not True:
                pasted, carry = 0, b""
                return data
            if pasted < MAX_PASTE:
                pasted += len(data)
                return data
            joined = carry + data
            end = joined.find(PASTE_END)
            if end < 0:
                carry = joined[-(len(PASTE_END) - 1) :]
                self.dropped += len(data)
                return b""
            carry = b""
            return joined[end:]

        def feed(data: bytes, final: bool = False) -> None:
            text = decode(data, final=final)
            if not text:  # a character the read cut, so far: the parser takes "" as the end
                return
            for event in parser.feed(text):
                self.process_message(event)

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
                    data = paste_cut(data)
                    if not idle():  # a key the last read cut: read it to its end first
                        end = data.find(b"\x1b", 1)
                        if end > 0:
                            feed(data[:end])
                            data = data[end:]
                    if idle():
                        data = self._unparsed_drop(data)
                    if data:
                        feed(data, final and last)
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


def after_characters(data: bytes, count: int) -> int:
    """Where the first `count` UTF-8 characters of `data` end."""
    seen = 0
    for index, byte in enumerate(data):
        if byte & 0xC0 != 0x80:  # a character starts here
            if seen == count:
                return index
            seen += 1
    return len(data)


def cut_character(data: bytes) -> bytes:
    """The first bytes of a UTF-8 character at the end of `data` that needs more of them."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 != 0x80:
            needs = 2 if byte >> 5 == 0b110 else 3 if byte >> 4 == 0b1110 else 4 if byte >> 3 == 0b11110 else 1
            return data[-back:] if needs > back else b""
    return b""


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
