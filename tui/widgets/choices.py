"""A keyboard list of choices that redraws in place (no new layout on change).

Games list their legal actions here: arrows or j/k move, Enter picks. The screen hears
`Picked` (a message carrying the index) and may `watch` the `cursor` reactive to redraw what
the highlighted choice involves in the same frame. A moved cursor repaints its two lines only.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive

from tui.cut import cut, first_fitting
from tui.widgets.lines import LineByLine


class Choice(msgspec.Struct, frozen=True):
    label: str
    note: str = ""  # right-aligned, e.g. a chance to win
    key: str = ""  # the shortcut shown before the label
    enabled: bool = True
    # the label for a list too narrow for it, saying what a choice needs first (e.g. its
    # numbers before its name); "" when the label is only cut. Either ends in "…" if cut.
    short: str = ""


class ChoiceList(LineByLine, can_focus=True):
    DEFAULT_CSS = """
    ChoiceList { height: 1fr; background: $surface; }
    ChoiceList:focus { background-tint: $foreground 4%; }
    """
    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "pick", "Choose", show=False),
    ]

    class Picked(Message):
        def __init__(self, choice_list: ChoiceList, index: int) -> None:
            super().__init__()
            self.choice_list, self.index = choice_list, index

    cursor: reactive[int] = reactive(0, repaint=False)  # watch_cursor repaints the lines it moved between

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []
        self._jumped: tuple[str, int] | None = None  # the key that last moved the cursor, and where to

    def show(self, choices: Sequence[Choice], cursor: int = 0) -> None:
        """Replace the choices and highlight `cursor` (no repaint when nothing changed)."""
        choices = list(choices)
        cursor = min(max(cursor, 0), max(len(choices) - 1, 0))
        if choices == self.choices:
            self.cursor = cursor  # repaints if it moved
            return
        self.choices = choices
        self._jumped = None
        self.cursor = cursor
        self.repaint_lines()

    def watch_cursor(self) -> None:
        self.repaint_lines()

    def on_focus(self) -> None:
        self.repaint_lines()  # the cursor is drawn bold while the list has the keys

    def on_blur(self) -> None:
        self.repaint_lines()

    def line_content(self) -> Text:
        height = max(self.content_size.height, 1)
        width = max(self.content_size.width, 10)
        crowded = len(self.choices) > height
        rows = height - 1 if crowded else height  # the last line then tells what is hidden
        top = min(max(self.cursor - rows + 1, 0), max(len(self.choices) - rows, 0))
        lines = [self._line(i, width) for i in range(top, min(top + rows, len(self.choices)))]
        if crowded:
            below = len(self.choices) - top - rows
            lines.append(Text(cut(f"  ▲ {top} more  ▼ {below} more", width), style="dim"))
        return Text("\n").join(lines)

    def _line(self, index: int, width: int) -> Text:
        choice = self.choices[index]
        pointer = "▸" if index == self.cursor else " "  # the cursor without colour, too
        room = max(width - len(choice.note) - 1, 1)
        labels = [choice.label, choice.short] if choice.short else [choice.label]
        left = first_fitting([f"{pointer} {choice.key:>1} {label}" for label in labels], room)
        line = Text(cut(f"{cut(left, room):<{room}} {choice.note}", width).ljust(width))
        if not choice.enabled:
            line.stylize("dim")
        if index == self.cursor:
            line.stylize("reverse bold" if self.has_focus else "reverse")
        return line

    def jump(self, key: str, rows: Sequence[int]) -> None:
        """A key that names several rows (`rows`, in list order): its first press highlights
        the first of them, whatever is highlighted; pressed again while the highlight is
        where it put it, the next (after the last, the first again)."""
        if not rows:
            return
        if self._jumped == (key, self.cursor) and self.cursor in rows:
            later = [i for i in rows if i > self.cursor]
            target = (later or rows)[0]
        else:
            target = rows[0]
        self.cursor = target
        self._jumped = (key, target)

    def action_move(self, step: int) -> None:
        if self.choices:
            self.cursor = (self.cursor + step) % len(self.choices)

    def action_jump(self, index: int) -> None:
        if self.choices:
            self.cursor = index % len(self.choices)

    def action_pick(self) -> None:
        if self.choices and self.choices[self.cursor].enabled:
            self.post_message(self.Picked(self, self.cursor))
