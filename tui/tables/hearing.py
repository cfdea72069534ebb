"""How a shared table's screen learns of the others' moves: its bell rings at once when one
lands (saves/table_bell.py), and it still looks at the table's file every SLOW_LOOK seconds
(a ring missed, or a terminal on another machine sharing the folder). Where no bell can be
bound, it looks every `often` seconds instead, and says why in Textual's log."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

SLOW_LOOK = 2.0  # seconds between looks while the bell is heard


class Hearing:
    def __init__(self, screen: Any, tables: Any, code: str, terminal: str, look: Callable[[], None], often: float) -> None:
        self.screen, self.look, self.often = screen, look, often
        self.bell = tables.bell(code, terminal)
        self.problem: str | None = None  # why there is no bell, if there is none
        self._reading = False

    def start(self) -> None:
        self.problem = self._hang()
        if self.problem is not None:
            self.screen.log.warning(self.problem)
            self.screen.set_interval(self.often, self.look)
        else:
            self.screen.set_interval(SLOW_LOOK, self._look_slowly)

    def _hang(self) -> str | None:
        problem = self.bell.open()
        if problem is None:
            asyncio.get_running_loop().add_reader(self.bell.fileno(), self._rung)
            self._reading = True
        return problem

    def _rung(self) -> None:
        if self.bell.answer():
            self.screen.call_later(self.look)

    def _look_slowly(self) -> None:
        if not self.bell.still_hung():  # its file was taken away: hang it again
            self._unhang()
            if self._hang() is not None:
                return
        self.look()

    def _unhang(self) -> None:
        if self._reading:
            asyncio.get_running_loop().remove_reader(self.bell.fileno())
            self._reading = False
        self.bell.close()

    def stop(self) -> None:
        self._unhang()
