"""The legend: a short key to the codes a table shows (`♥3/5`, `c0 +2r`, `L1 h7`, `=0`...).

Each game gives its entries (a code as the table writes it, what it means, and a pattern
that finds the code in the table's text); this module shows them. The legend lists the codes
the table shows now, in the game's order, so it stays short enough to sit in the log's place
at 80x24; a larger terminal has it beside the log. It is on for a first game and turned off
with `G` at any table or in Settings (kept in the settings file).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence

import msgspec
from rich.text import Text
from textual.content import Content
from textual.screen import Screen

from tui.grammar import BY_ID
from tui.widgets.lines import LineByLine, Lines
from tui.widgets.panel import Panel, panel

KEY = BY_ID["legend"].key  # the usual key (tui/grammar.py): g takes a green gem in Druid Path
TITLE = "Legend"
SUBTITLE = "G hides it"
NOT_SEEN = ("log", "legend")  # boxes whose text is not the table's codes
SHOWN, BESIDE = "legend-on", "legend-beside"  # the screen's classes: shown; beside the log

HELP = """
## Legend

While it is on, a **Legend** box explains the codes the table shows now (in the log's place
on a small terminal, beside it on a larger one; `L` still opens the whole log). `G`
(Shift+g) turns it off and on again at every table; Settings keeps the choice.
"""


class Entry(msgspec.Struct, frozen=True):
    code: str  # as the table writes it: "♥3/5"
    meaning: str  # in the project's own words: "HP left / most"
    pattern: str  # a regular expression that finds the code in the table's text

    def seen_in(self, text: str) -> bool:
        return re.search(self.pattern, text) is not None


def shown_entries(entries: Sequence[Entry], text: str) -> list[Entry]:
    """The entries whose code is on the table now, in the game's order."""
    return [entry for entry in entries if entry.seen_in(text)]


def entry_rows(entry: Entry, width: int) -> list[Text]:
    """An entry as rows of `width`: its code in bold, then its meaning, wrapped and indented."""
    rows = textwrap.wrap(f"{entry.code} {entry.meaning}", max(width, 10), subsequent_indent="  ")
    texts = [Text(row) for row in rows]
    texts[0].stylize("bold", 0, len(entry.code))
    return texts


def legend_text(entries: Sequence[Entry], width: int, rows: int) -> tuple[Text, int]:
    """The entries laid out `code meaning`, short ones side by side as they fit `width`, in
    `rows` rows at most; and how many did not fit (the last row then says so: `?` in the
    table's help lists them all)."""
    lines: list[tuple[list[Text], int]] = []  # a line's rows and how many entries it holds
    for entry in entries:
        piece = entry_rows(entry, width)
        last = lines[-1][0] if lines else []
        if len(last) == 1 and len(piece) == 1 and last[0].cell_len + 3 + piece[0].cell_len <= width:
            last[0].append(" · ", style="dim")
            last[0].append_text(piece[0])
            lines[-1] = (last, lines[-1][1] + 1)
        else:
            lines.append((piece, 1))
    left_out = 0
    if sum(len(r) for r, _ in lines) > rows:
        kept: list[tuple[list[Text], int]] = []
        for line in lines:
            if sum(len(r) for r, _ in kept) + len(line[0]) > rows - 1:
                break
            kept.append(line)
        left_out = len(entries) - sum(count for _, count in kept)
        lines = [*kept, ([Text(f"+{left_out} more: ? lists them", style="dim italic")], 0)]
    return Text("\n").join(row for rows_of, _ in lines for row in rows_of), left_out


def help_text(entries: Iterable[Entry]) -> str:
    """Every code of a table, for its help screen."""
    return "\n".join(f"- `{entry.code}` {entry.meaning}" for entry in entries)


def plain_of(content: object) -> str:
    if isinstance(content, (Text, Content)):
        return content.plain
    return "" if content is None else str(content)


def table_text(screen: Screen[object]) -> str:
    """Everything the table shows in words now, but the log and the legend: what the legend
    looks for its codes in."""
    parts: list[str] = []
    titles: list[str] = []
    widgets = screen.walk_children()  # one walk: a query of each type walks and matches it all again
    for widget in widgets:
        if isinstance(widget, LineByLine) and widget.id not in NOT_SEEN:
            parts.append(plain_of(widget._line_content))
            parts.extend(plain_of(c.label) + " " + plain_of(c.note) for c in getattr(widget, "choices", ()))
        if isinstance(widget, Panel) and widget.id not in HIDDEN_PANELS:
            titles += [plain_of(widget.border_title), plain_of(widget.border_subtitle)]
    return "\n".join(parts + titles)


HIDDEN_PANELS = frozenset(f"{name}-panel" for name in NOT_SEEN)


class Legend(Lines):
    """The legend's box: the entries that fit its size, drawn again when it changes."""

    DEFAULT_CSS = """
    Legend { height: auto; }
    """

    entries: Sequence[Entry] = ()
    left_out = 0

    def show(self, entries: Sequence[Entry]) -> None:
        if list(entries) == list(self.entries) and self.plain_drawn():
            return
        self.entries = list(entries)
        self._draw()

    def plain_drawn(self) -> bool:
        return bool(plain_of(self._line_content))

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = max(self.content_size.width, 20)
        text, self.left_out = legend_text(self.entries, width, self.rows_allowed())
        if not text.plain:
            text = Text("No codes on the table now.", style="dim")
        self.update(text, layout=self.screen.has_class(BESIDE) if self.is_attached else True)

    def rows_allowed(self) -> int:
        """Rows the legend may fill: all of its box in the log's place; beside the log, a
        quarter of the screen's height (the log keeps the rest)."""
        if self.is_attached and self.screen.has_class(BESIDE):
            return max(self.screen.size.height // 4, 4)
        return max(self.content_size.height, 1)


def legend_panel() -> Panel:
    box = panel(Legend(id="legend"), TITLE)
    box.border_subtitle = SUBTITLE
    return box
