"""Text a player typed, made safe to show on a screen (see tui/safe_text.py): also never read
as Textual or Rich markup (`[@click=app.quit]` stays those characters)."""

from __future__ import annotations

from textual.content import Content

from tui.safe_text import safe_text


def plain(text: str) -> Content:
    """`text` as plain content; for a Rich `Text` or a plain string, use its `.plain`."""
    return Content(safe_text(text))
