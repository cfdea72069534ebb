"""The bottom line of every screen: the keys that work right now.

A light stand-in for Textual's Footer: one line of text redrawn when the screen's bindings
change, instead of a widget per key rebuilt each time (which made start-up and moves slow).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


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

    def bindings_changed(self, screen) -> None:
        """Redraw the keys. A screen may label a key itself (`key_hint(action)` gives the text
        and whether it works now, e.g. what Undo would take back); when those labels do not
        fit the line, the keys' own short descriptions are shown instead."""
        if screen is not self.screen:
            return
        keys = self._live_keys(screen)  # asks the screen about every key: once a redraw
        text = self._keys(keys, long=True)
        if text.cell_len > self.size.width:
            text = self._keys(keys, long=False)
        if text == self._shown:
            return  # the same keys: nothing to repaint
        self._shown = text
        self.update(text, layout=False)

    _shown: Text | None = None

    def _live_keys(self, screen) -> list[tuple[str, str, bool, tuple[str, bool] | None]]:
        """(key shown, description, enabled, the screen's own label) of each key on show."""
        hint = getattr(screen, "key_hint", None)
        keys = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            labelled = hint(binding.action) if hint is not None else None
            keys.append((self.app.get_key_display(binding), binding.description, enabled, labelled))
        return keys

    @staticmethod
    def _keys(keys: list[tuple[str, str, bool, tuple[str, bool] | None]], long: bool) -> Text:
        text = Text()
        for key, description, enabled, labelled in keys:
            if labelled is not None:
                enabled = enabled and labelled[1]
                description = labelled[0] if long else description
            text.append(f" {key}", style="bold" if enabled else "dim")
            text.append(f" {description} ", style="" if enabled else "dim")
        return text
