"""A checkbox whose state shows as a mark, not only as a colour."""

from __future__ import annotations

from textual.widgets import Checkbox


class MarkedCheckbox(Checkbox):
    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name)
        return "x" if self.value else " "
