"""The app's driver under `tabletop-tui web`: Textual's web driver (keys and the screen framed on
stdin and stdout, for the server to carry to the browser), with what tui/terminal.py adds to the
terminal's driver: input the app has not handled yet is bounded (a flood of keys is dropped past
MAX_WAITING_INPUT waiting events), and the end of input (the server gone) ends the app, which
saves and exits, instead of leaving it running with no one to draw for."""

from __future__ import annotations

import weakref
from codecs import getincrementaldecoder
from typing import Any

from textual import events, log
from textual._xterm_parser import XTermParser
from textual.drivers._byte_stream import ByteStream
from textual.drivers.web_driver import WebDriver, _ExitInput

from tui.terminal import MAX_WAITING_INPUT, TerminalDriver


class PageDriver(WebDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting: weakref.WeakSet[events.Event] = weakref.WeakSet()
        self.dropped = 0

    def behind(self) -> bool:
        return len(self._waiting) >= MAX_WAITING_INPUT

    def send_message(self, message: Any) -> None:
        if isinstance(message, (events.Key, events.MouseEvent)):
            if len(self._waiting) >= MAX_WAITING_INPUT:
                self.dropped += 1
                return
            self._waiting.add(message)
        super().send_message(message)

    def run_input_thread(self) -> None:
        # As WebDriver.run_input_thread (textual 8), except that while the app is behind, keys
        # it would drop anyway are dropped before they are parsed (parsing a flood costs far
        # more than reading it), and the end of input (the server gone) ends the app.
        parser = XTermParser(debug=self._debug)
        decoder = getincrementaldecoder("utf-8")()
        byte_stream = ByteStream()

        def idle() -> bool:
            """Between keys: in no escape sequence, no character and no paste."""
            if parser._awaiting.timeout is not None or decoder.getstate()[0]:
                return False
            frame = parser._gen.gi_frame
            return frame is not None and frame.f_locals.get("bracketed_paste") is False

        try:
            for data in self._input_reader:
                for packet_type, payload in byte_stream.feed(data) if data else ():
                    if packet_type != "D":
                        self._on_meta(packet_type, payload)
                        continue
                    if idle():
                        payload = TerminalDriver._unparsed_drop(self, payload)  # type: ignore[arg-type]
                    for event in parser.feed(decoder.decode(payload)):
                        self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
        except _ExitInput:
            pass
        except Exception:  # noqa: BLE001 (as Textual's: a broken packet ends input, logged)
            from traceback import format_exc

            log(format_exc())
        finally:
            self._input_reader.close()
        if not self.exit_event.is_set():  # stdin ended, not the app: the server is gone
            app: Any = self._app
            loop = getattr(app, "_loop", None)
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(app.terminal_gone)
