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

    def bindings_changed(self, screen) -> None:
        if screen is not self.screen:
            return
        text = Text()
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            text.append(f" {self.app.get_key_display(binding)}", style="bold" if enabled else "dim")
            text.append(f" {binding.description} ", style="" if enabled else "dim")
        self.update(text, layout=False)
