"""A checkbox whose state shows as a mark, not only as a colour.

Space toggles it; Enter moves on to the next field, so pressing Enter to get through a form
never changes an option the player did not mean to change.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Checkbox


class MarkedCheckbox(Checkbox, inherit_bindings=False):
    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"
    BINDINGS = [
        Binding("space", "toggle_button", "Toggle", show=False),
        Binding("enter", "app.focus_next", "Next", show=False),
    ]

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name)
        return "x" if self.value else " "
