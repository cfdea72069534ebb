"""How text reaches a screen: as itself, never read as markup, never a control sequence.

Names, deck and table names, coined words and save labels are typed by one person and shown to
another, often inside the app's own words (`f"{name}'s hand"`). So in this app a string is
never markup: every widget that shows text (tui/widgets/text.py) and every notification
(`TabletopApp.notify`) puts a string on the screen as the characters it holds, with its control
characters dropped (tui/safe_text.py), and drops them from styled `Content` and Rich `Text` too.
Styled words of the app's own are built as `Content`/`Text`, or with `styled`, whose markup is
the app's and whose `$values` are inserted as plain text.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Span as RichSpan
from rich.text import Text
from textual.content import Content, Span

from tui.safe_text import kept_characters, safe_text


def short_time(iso: str) -> str:
    """An ISO time stamp to the minute, as the lists show it: `2026-05-17 21:30`."""
    return iso[:16].replace("T", " ")


def plain(text: str) -> Content:
    """`text` as plain content on one line; for a Rich `Text` or a plain string, use its `.plain`."""
    return Content(safe_text(text))


def styled(markup: str, **values: object) -> Content:
    """The app's own `markup` (a literal: never one holding a player's text) with each `$name`
    in it replaced by `values[name]` as plain text: `styled("[b]$who[/b] wins", who=name)`."""
    plain_values = {name: shown(v if isinstance(v, Content) else str(v), one_line=True) for name, v in values.items()}
    return Content.from_markup(markup, **plain_values)


def shown(visual: Any, one_line: bool = False) -> Any:
    """What a widget shows for `visual`: a string as plain `Content`, and any text without its
    control characters (styles kept); `one_line` (a title) turns line breaks into spaces.
    Text laid out in a Rich Group or Padding is made safe too; anything else (a Rich
    renderable of the app's own, such as help as Markdown) is given back as it is."""
    if isinstance(visual, str):
        return Content(_kept(visual, one_line)[0], strip_control_codes=False)
    if isinstance(visual, Content):
        kept = kept_characters(visual.plain, one_line)
        if kept is None:
            return visual
        text, where = kept
        return Content(text, _moved(visual.spans, where, Span), strip_control_codes=False)
    if isinstance(visual, Text):
        kept = kept_characters(visual.plain, one_line)
        if kept is None:
            return visual
        text, where = kept
        return Text(
            text, visual.style, justify=visual.justify, overflow=visual.overflow, no_wrap=visual.no_wrap,
            end=visual.end, tab_size=visual.tab_size, spans=_moved(visual.spans, where, RichSpan),
        )  # fmt: skip
    if isinstance(visual, Group):
        return Group(*(shown(part, one_line) for part in visual.renderables), fit=visual.fit)
    if isinstance(visual, Padding):
        return Padding(shown(visual.renderable, one_line), (visual.top, visual.right, visual.bottom, visual.left),
                       style=visual.style, expand=visual.expand)  # fmt: skip
    return visual


def _kept(text: str, one_line: bool) -> tuple[str, list[int] | None]:
    kept = kept_characters(text, one_line)
    return (text, None) if kept is None else kept


def _moved(spans: list[Any], where: list[int], make: type) -> list[Any]:
    """Spans laid over a text, laid over what is left of it (`where`: each kept character's
    place in the text); a span over dropped characters only is dropped."""
    moved = []
    for span in spans:
        start, end = bisect_left(where, span.start), bisect_left(where, span.end)
        if end > start:
            moved.append(make(start, end, span.style))
    return moved
