"""Text that repaints line by line.

A move changes a few lines of each box: a number in the You panel, one card of the hand, a new
line of the log (the others move up a row). Textual redraws a widget whole whenever its content
is set; these widgets instead work out which of their lines changed and repaint only those, and
a line they drew before, wherever it now sits, is not rendered again.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content, _FormattedLine  # how Content draws one line (see _one_row)
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget

from tui.plain import shown
from tui.widgets.text import PlainTitles, Static


HISTORY = 128  # lines a widget keeps drawn after they left it, to show again without drawing


class LineByLine(PlainTitles, Widget):
    """A widget whose content is lines of text: `line_content()` gives them, and after a change
    `repaint_lines()` repaints those that differ from the lines on screen. Each line drawn is
    kept by what it says, so a line shown again is not rendered again. Like every widget of
    the app it shows a string as plain text (tui/plain.py), a word too long for a line cut with "…"."""

    DEFAULT_CSS = """
    LineByLine { text-overflow: ellipsis; }
    """

    def __init__(self, *children: Widget, **kwargs: Any) -> None:
        kwargs.pop("markup", None)
        super().__init__(*children, markup=False, **kwargs)
        # Plain text holds no links to style (no markup, no actions): each row drawn skips the
        # pass that looks for them.
        self.set_reactive(Widget.auto_links, False)

    _line_content: VisualType = ""
    _line_strips: list[Strip] | None = None  # the content's lines as on screen, None: to be drawn
    _line_strips_fit: tuple[int, int, object] = (0, 0, None)  # the width, height and style they fit
    _strip_cache: dict[object, tuple[int, list[Strip]]] = {}  # by what a line says: where it was, its rows
    # Lines shown before the ones on screen, newest last, by what they say: a number that
    # goes back to what it was, a cursor moved back, a card that comes round again.
    _strip_history: dict[object, tuple[int, list[Strip]]] = {}

    def line_content(self) -> VisualType:
        """What the widget shows now (a subclass may make it for its size)."""
        return self._line_content

    def repaint_lines(self) -> None:
        """The content changed: repaint only the lines that differ from those on screen."""
        if self.is_mounted and not self._displayed():
            # Not on screen (the log behind the legend): nothing to paint now, and a refresh
            # of a widget the screen does not show had Textual map every widget again before
            # the next frame. Its lines are drawn afresh when it shows.
            self._line_strips = None
            self._set_dirty()
            return
        before = self._line_strips if self._line_strips_fit == self._strips_fit() else None
        if before is None or not self.is_mounted:
            self._line_strips = None
            self.refresh()
            return
        after = self._line_strips = self._strips_of_lines()
        width = self.size.width
        changed = [
            y for y in range(max(len(before), len(after)))
            if y >= len(before) or y >= len(after) or (before[y] is not after[y] and before[y] != after[y])
        ]  # fmt: skip
        for first, last in _runs(changed):
            self.refresh(Region(0, first, width, last - first + 1))

    def _displayed(self) -> bool:
        """Whether the widget is shown: neither it nor a box around it has `display: none`."""
        node: Any = self
        while node is not None and node is not self.screen:
            if not node.display:
                return False
            node = node.parent
        return True

    def render_line(self, y: int) -> Strip:
        if self._line_strips is None or self._line_strips_fit != self._strips_fit():
            self._line_strips = self._strips_of_lines()
        if y < len(self._line_strips):
            return self._line_strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _strips_fit(self) -> tuple[int, int, object]:
        return (self.size.width, self.size.height, self.visual_style)

    def _strips_of_lines(self) -> list[Strip]:
        """The content's rows at the widget's size: lines drawn before are taken as drawn."""
        fit = self._strips_fit()
        width, height, style = fit
        if fit != self._line_strips_fit:
            self._strip_cache = {}  # drawn for another width or style: none of them fits now
            self._strip_history = {}
        self._line_strips_fit = fit
        content = shown(self.line_content())
        lines = _lines_of(self, content) if self.text_selection is None else None
        if lines is None:  # not text, or part of it selected: drawn whole, as Textual does
            visual = visualize(self, content, markup=False)
            return Visual.to_strips(self, visual, width, height, style)[:height]
        lines = lines[:height]  # a line takes a row at least
        cached, self._strip_cache = self._strip_cache, {}
        history = self._strip_history
        if history is LineByLine._strip_history:
            history = self._strip_history = {}
        new = {index for index, (key, _) in enumerate(lines) if key not in cached and key not in history}
        drawn_now = self._draw_new_lines(lines, new) if new else {}
        strips: list[Strip] = []
        for index, (key, _) in enumerate(lines):
            if index in drawn_now:
                rows = drawn_now[index]
            else:
                was_at, rows = cached[key] if key in cached else history[key]
                if was_at != index:  # the line moved (a log's lines move up): mark where it is
                    rows = [_on_line(row, index) for row in rows]
            self._strip_cache[key] = (index, rows)
            strips += rows
        for key in self._strip_cache:
            history.pop(key, None)
        for key, drawn in cached.items():  # the lines this draw left behind, kept a while
            if key not in self._strip_cache:
                history[key] = drawn
        for key in list(history)[: max(len(history) - HISTORY, 0)]:  # the oldest go first
            del history[key]
        return strips[:height]

    def _draw_new_lines(self, lines: list[tuple[object, Text | Content]], new: set[int]) -> dict[int, list[Strip]]:
        """The rows of the lines numbered `new`. A line that fits the width as it is (the most
        of them: a number changed, a card came) is drawn as Textual draws it, without its
        wrapping and aligning passes, which find nothing to do there (`_one_row`); the others
        are drawn in one go where they sit (the rest left blank): one render is much cheaper
        than one per line."""
        width, _, style = self._line_strips_fit
        drawn: dict[int, list[Strip]] = {}
        if self._rows_as_drawn():
            for index in new:
                row = _one_row(self, lines[index][1], index, width, style)
                if row is not None:
                    drawn[index] = [row]
            new = new - drawn.keys()
            if not new:
                return drawn
        blank = Text() if isinstance(lines[0][1], Text) else Content()
        shown = [line if index in new else blank for index, (_, line) in enumerate(lines)]
        together = Text("\n").join(shown) if isinstance(blank, Text) else Content("\n").join(shown)
        rendered = Visual.to_strips(self, visualize(self, together, markup=False), width, None, style)
        row = 0
        for index in range(len(lines)):  # a line's rows: one, and those a long line wraps onto
            first = row
            row += 1
            while row < len(rendered) and _line_of(rendered[row]) == index:
                row += 1
            if index in new:
                drawn[index] = rendered[first:row]
        return drawn

    def _rows_as_drawn(self) -> bool:
        """Whether a line that fits is drawn as it stands: left-aligned, unpadded text at the
        box's top left (every box of the tables), so Textual's render would not move it."""
        rules = self.styles
        return (
            rules.text_align in ("left", "start")
            and not rules.line_pad
            and tuple(rules.content_align) == ("left", "top")
            and not self.auto_links
        )


def _one_row(widget: Widget, line: Text | Content, index: int, width: int, style: Style) -> Strip | None:
    """The row Textual draws for `line`, line `index` of the content, when it fits `width` as
    it is (no tab, no wrap, nothing cut); None otherwise. What Content.render_strips does for
    such a line, less what it finds nothing to do for."""
    content = visualize(widget, line, markup=False)
    if not isinstance(content, Content) or "\t" in content.plain or content.cell_length > width:
        return None
    segments, cells = _FormattedLine(widget._get_style, content, width, y=index).to_strip(style)
    return Strip(segments, cells)


def _offset_of(strip: Strip) -> tuple[int, int] | None:
    """Where in the content the strip's first cell is (column, line), as Textual marks it for
    a mouse selection; None for a row with no text."""
    first = next(iter(strip), None)
    return first.style.meta.get("offset") if first is not None and first.style else None


def _line_of(strip: Strip) -> int | None:
    offset = _offset_of(strip)
    return None if offset is None else offset[1]


def _on_line(strip: Strip, index: int) -> Strip:
    """A row drawn for one line of the content, marked as a row of line `index`."""
    offset = _offset_of(strip)
    if offset is None:
        return strip
    return strip.apply_offsets(offset[0], index)  # a wrapped line's later rows start further in


def _lines_of(widget: Widget, content: VisualType) -> list[tuple[object, Text | Content]] | None:
    """The content's lines, each with a key that tells it from any other line; None when
    the content is not text."""
    if isinstance(content, str):
        content = visualize(widget, content, markup=False)  # type: ignore[assignment]
    if isinstance(content, Content):
        return [((line.plain, tuple(line.spans)), line) for line in content.split("\n", allow_blank=True)]
    if isinstance(content, Text):
        return [
            ((line.plain, tuple(line.spans), line.style, line.justify, line.overflow, line.no_wrap), line)
            for line in content.split("\n", allow_blank=True)
        ]
    return None


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted rows as (first, last) runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


class Lines(LineByLine, Static):
    """A Static whose `update` repaints only the lines that changed, when its size stays
    (`layout=False`, as the tables' boxes are updated)."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._line_content = shown(content)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if layout:
            self._line_strips = None
            self._line_content = shown(content)
            super().update(content, layout=True)
            return
        content = shown(content)
        self._set_static_content(content)
        self._line_content = content
        self.repaint_lines()

    def _set_static_content(self, content: Any) -> None:
        """What Static itself reports as its content; its visual (only needed for an automatic
        height) is made again when asked for."""
        self._Static__content = content
        self._Static__visual = None
