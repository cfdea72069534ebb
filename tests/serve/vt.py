"""A small terminal emulator for the tests: what a client's screen shows, and which modes the
app left switched on (alternate screen, mouse reports, hidden cursor).

It understands what Textual and the server write: printable text (wide characters take two
cells), CR, LF, BS, cursor moves (CUP, CUU/CUD/CUF/CUB, CHA, VPA), erasing (ED, EL), private
modes (DECSET/DECRST), the alternate screen; colours (SGR), OSC and other strings are read and
ignored. Nothing else is needed to tell what a player sees.
"""

from __future__ import annotations

import re
from codecs import getincrementaldecoder

from rich.cells import get_character_cell_size

MOUSE_MODES = (1000, 1002, 1003, 1006, 1015)
ALT_SCREEN = (47, 1047, 1049)
SEQUENCE = re.compile(
    r"\x1b\[(?P<csi>[0-9;:?<>=!]*)(?P<mid>[ -/]*)(?P<final>[@-~])"  # CSI
    r"|\x1b\](?P<osc>[^\x07\x1b]*)(?:\x07|\x1b\\)"  # OSC ... BEL or ST
    r"|\x1b[P^_X][^\x1b]*\x1b\\"  # DCS, PM, APC, SOS ... ST
    r"|\x1b[()*+][0-9A-Za-z]"  # character sets
    r"|\x1b[^\[\]P^_X()*+]"  # any other two-byte escape
)
INCOMPLETE = re.compile(r"\x1b(\[[0-9;:?<>=!]*[ -/]*|\][^\x07\x1b]*|[P^_X][^\x1b]*|\x1b?|[()*+])?$")


class Screen:
    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.columns, self.rows = columns, rows
        self.main = self._blank()
        self.alternate = self._blank()
        self.modes: set[int] = {25}  # private modes switched on; 25: the cursor shows
        self.x = self.y = 0
        self._saved = (0, 0)
        self._decode = getincrementaldecoder("utf-8")("replace").decode
        self._rest = ""

    def _blank(self) -> list[list[str]]:
        return [[" "] * self.columns for _ in range(self.rows)]

    @property
    def cells(self) -> list[list[str]]:
        return self.alternate if self.alternate_on else self.main

    @property
    def alternate_on(self) -> bool:
        return any(mode in self.modes for mode in ALT_SCREEN)

    @property
    def mouse_on(self) -> bool:
        return any(mode in self.modes for mode in MOUSE_MODES)

    @property
    def cursor_shown(self) -> bool:
        return 25 in self.modes

    def text(self) -> str:
        """The screen as lines of text (a wide character's second cell is left out)."""
        return "\n".join("".join(c for c in row if c).rstrip() for row in self.cells)

    def resize(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.main, self.alternate = self._blank(), self._blank()
        self.x, self.y = min(self.x, columns - 1), min(self.y, rows - 1)

    def feed(self, data: bytes) -> None:
        text = self._rest + self._decode(data)
        self._rest = ""
        position = 0
        while position < len(text):
            escape = text.find("\x1b", position)
            self._print(text[position : escape if escape >= 0 else len(text)])
            if escape < 0:
                return
            match = SEQUENCE.match(text, escape)
            if match is None:
                if INCOMPLETE.match(text, escape):  # the rest comes with the next data
                    self._rest = text[escape:]
                    return
                position = escape + 1  # a lone ESC: ignored
                continue
            self._escape(match)
            position = match.end()

    # ----- text ------------------------------------------------------------------------

    def _print(self, text: str) -> None:
        cells = self.cells
        for character in text:
            if character == "\r":
                self.x = 0
            elif character == "\n":
                self._line_feed()
            elif character == "\b":
                self.x = max(self.x - 1, 0)
            elif character == "\t":
                self.x = min((self.x // 8 + 1) * 8, self.columns - 1)
            elif character < " " or character == "\x7f":
                continue
            else:
                width = get_character_cell_size(character)
                if width == 0:
                    continue
                if self.x + width > self.columns:
                    self.x = 0
                    self._line_feed()
                    cells = self.cells
                cells[self.y][self.x] = character
                if width == 2:
                    cells[self.y][self.x + 1] = ""
                self.x += width
                if self.x >= self.columns:  # stays at the margin until the next character
                    self.x = self.columns

    def _line_feed(self) -> None:
        if self.y == self.rows - 1:
            cells = self.cells
            del cells[0]
            cells.append([" "] * self.columns)
        else:
            self.y += 1

    # ----- escape sequences ------------------------------------------------------------

    def _escape(self, match: re.Match[str]) -> None:
        final = match.group("final")
        if final is None:
            sequence = match.group(0)
            if sequence == "\x1b7":
                self._saved = (self.x, self.y)
            elif sequence == "\x1b8":
                self.x, self.y = self._saved
            elif sequence == "\x1bc":
                self.__init__(self.columns, self.rows)
            return
        parameters = match.group("csi")
        if match.group("mid"):
            return
        if parameters.startswith("?"):
            modes = [int(p) for p in parameters[1:].split(";") if p.isdigit()]
            if final in "hl":
                for mode in modes:
                    self._set_mode(mode, final == "h")
            return
        if parameters[:1] in ("<", ">", "=", "!"):
            return  # keyboard protocols, device attributes, soft reset: nothing shown
        numbers = [int(p) if p.isdigit() else 0 for p in parameters.replace(":", ";").split(";")] if parameters else []

        def number(i: int = 0, default: int = 1) -> int:
            value = numbers[i] if i < len(numbers) else 0
            return value or default

        if final in "Hf":
            self.y = min(number(0) - 1, self.rows - 1)
            self.x = min(number(1) - 1, self.columns - 1)
        elif final == "A":
            self.y = max(self.y - number(), 0)
        elif final == "B":
            self.y = min(self.y + number(), self.rows - 1)
        elif final == "C":
            self.x = min(self.x + number(), self.columns - 1)
        elif final == "D":
            self.x = max(min(self.x, self.columns - 1) - number(), 0)
        elif final == "G":
            self.x = min(number() - 1, self.columns - 1)
        elif final == "d":
            self.y = min(number() - 1, self.rows - 1)
        elif final == "J":
            self._erase_display(number(0, 0))
        elif final == "K":
            self._erase_line(number(0, 0))

    def _set_mode(self, mode: int, on: bool) -> None:
        if mode in ALT_SCREEN:
            if on and not self.alternate_on:
                if mode == 1049:
                    self._saved = (self.x, self.y)
                self.alternate = self._blank()
            elif not on and self.alternate_on and mode == 1049:
                self.x, self.y = self._saved
        if on:
            self.modes.add(mode)
        else:
            self.modes.discard(mode)

    def _erase_display(self, how: int) -> None:
        cells = self.cells
        x = min(self.x, self.columns - 1)
        if how == 0:
            cells[self.y][x:] = [" "] * (self.columns - x)
            for row in range(self.y + 1, self.rows):
                cells[row] = [" "] * self.columns
        elif how == 1:
            cells[self.y][: x + 1] = [" "] * (x + 1)
            for row in range(self.y):
                cells[row] = [" "] * self.columns
        else:
            for row in range(self.rows):
                cells[row] = [" "] * self.columns

    def _erase_line(self, how: int) -> None:
        row = self.cells[self.y]
        x = min(self.x, self.columns - 1)
        if how == 0:
            row[x:] = [" "] * (self.columns - x)
        elif how == 1:
            row[: x + 1] = [" "] * (x + 1)
        else:
            row[:] = [" "] * self.columns
