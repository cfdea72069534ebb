"""The bottom line of every screen: the keys that work right now.

A light stand-in for Textual's Footer: one line of text redrawn when the screen's bindings
change, instead of a widget per key rebuilt each time (which made start-up and moves slow).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize

from tui.widgets.text import Static

# A key bound to one of these is the way out of a screen or to its help: it is never left off
# the bar, however many other keys a screen offers.
LEAVE_AND_HELP_KEYS = frozenset({"escape", "q", "question_mark"})
MORE = " …"  # stands for keys that did not fit; `?` lists every key of the screen


class KeyOnShow(NamedTuple):
    key: str  # as shown: "esc", "^s", "→"
    description: str  # the binding's own short description
    enabled: bool
    labelled: tuple[str, bool] | None  # the screen's own label and whether it works now
    kept: bool  # a way out or to help: always on the bar


MOST_PIECES = 256  # pieces kept drawn: labels change with the table, the store stays bounded


def _column(segment: Segment) -> int:
    """Where in its line a drawn segment starts, as Textual marks it for a mouse selection."""
    meta = segment.style.meta if segment.style else {}
    return meta.get("offset", (0, 0))[0]


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $panel; color: $foreground; }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.bindings_changed(self.screen)

    refit = on_resize  # laid out before its first frame (GameScreen.on_screen_resume): fit now

    def bindings_changed(self, screen) -> None:
        """Redraw the keys. A screen may label a key itself (`key_hint(action)` gives the text
        and whether it works now, e.g. what Undo would take back); when those labels do not
        fit the line, the keys' own short descriptions are shown instead, then packed closer.
        A key the screen labels as not working now is left off (pressed, it says why).
        Keys stay in their order whatever fits; when even that is too long, the keys before
        the way out and help give way to "…" (never the way out or help themselves)."""
        if screen is not self.screen:
            return
        keys = self._live_keys(screen)  # asks the screen about every key: once a redraw
        text = self.fitted(keys, self.size.width)
        if text == self._shown:
            return  # the same keys: nothing to repaint
        self._shown = text
        self.update(text, layout=False)

    _shown: Text | None = None
    # Each piece of the line drawn so far (a key, a label, in its style), by what it says,
    # for the width and style they were drawn at: a move changes a label or two, and the
    # line is put together from the pieces rather than drawn whole again.
    _pieces: dict[tuple[object, ...], list[tuple[str, Style, int]]] = {}
    _pieces_fit: tuple[int, object] | None = None

    def render_line(self, y: int) -> Strip:
        """The line as Static would draw it (the same cells, styles and offsets), from pieces
        drawn before where it can: only a piece never seen is drawn."""
        text = self._shown
        width = self.size.width
        if y or text is None or text.cell_len > width or text.style or "\t" in text.plain or self.text_selection:
            return super().render_line(y)  # cut, or not one plain line: Static draws it
        style = self.visual_style
        if self._pieces_fit != (width, style) or len(self._pieces) > MOST_PIECES:
            self._pieces_fit, self._pieces = (width, style), {}
        pieces = self._pieces
        segments: list[Segment] = []
        x = 0
        for piece in text.divide(sorted({span.start for span in text.spans} | {span.end for span in text.spans})):
            if not piece.plain:
                continue
            key = (piece.plain, *piece.spans)
            drawn = pieces.get(key)
            if drawn is None:
                visual = visualize(self, piece, markup=False)
                strip = Visual.to_strips(self, visual, piece.cell_len, 1, style)[0]
                drawn = pieces[key] = [  # each segment's words, style and column in the piece
                    (segment.text, segment.style or Style(), _column(segment)) for segment in strip
                ]
            segments += [Segment(said, look + Style.from_meta({"offset": (x + at, 0)})) for said, look, at in drawn]
            x += piece.cell_len
        return Strip(segments, x)

    def _live_keys(self, screen) -> list[KeyOnShow]:
        hint = getattr(screen, "key_hint", None)
        keys = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            labelled = hint(binding.action) if hint is not None else None
            if labelled is not None and not labelled[1]:
                continue  # the screen says it cannot work now (nothing to undo): not offered
            kept = not LEAVE_AND_HELP_KEYS.isdisjoint(k.strip() for k in binding.key.split(","))
            keys.append(KeyOnShow(self.app.get_key_display(binding), binding.description, enabled, labelled, kept))
        return keys

    @classmethod
    def fitted(cls, keys: list[KeyOnShow], width: int) -> Text:
        """The keys as they fit in `width` cells: the screen's labels, else the short
        descriptions, else those packed one space apart, else as many keys as fit followed by
        "…" and every kept key."""
        for long, gap in ((True, " "), (False, " "), (False, "")):
            text = cls._keys(keys, long, gap)
            if text.cell_len <= width:
                return text
        kept = cls._keys([k for k in keys if k.kept], long=False, gap="")
        room = width - kept.cell_len - len(MORE)
        shown = Text()
        for key in keys:
            if key.kept:
                continue
            entry = cls._keys([key], long=False, gap="")
            if shown.cell_len + entry.cell_len > room:
                break
            shown.append_text(entry)
        shown.append(MORE, style="dim")
        shown.append_text(kept)
        return shown

    @staticmethod
    def _keys(keys: list[KeyOnShow], long: bool, gap: str) -> Text:
        """The keys in a row, `gap` wider apart than one space (the last resort packs them)."""
        text = Text()
        for key in keys:
            enabled, description = key.enabled, key.description
            if key.labelled is not None:
                enabled = enabled and key.labelled[1]
                description = key.labelled[0] if long else description
            text.append(f" {key.key}", style="bold" if enabled else "dim")
            text.append(f" {description}{gap}", style="" if enabled else "dim")
        return text
