"""Rules and help written in Markdown, shown as one block of text.

Textual's Markdown widget makes a widget of every heading, paragraph and list item: a game's
rules became hundreds of them, and opening the help or turning to another game's rules took
most of a second. Here the text is one widget, drawn by Rich's Markdown renderer in the
widget's own colours, with bold and underline for emphasis, so it reads in every theme.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.theme import Theme
from tui.widgets.text import Static

# Rich's own Markdown styles bring their colours (cyan code on black): these keep the theme's.
PLAIN_STYLES = Theme(
    {
        "markdown.h1": "bold",
        "markdown.h1.border": "none",
        "markdown.h2": "bold underline",
        "markdown.h3": "bold",
        "markdown.h4": "italic",
        "markdown.code": "bold",
        "markdown.code_block": "none",
        "markdown.item.bullet": "bold",
        "markdown.item.number": "bold",
        "markdown.hr": "dim",
        "markdown.block_quote": "italic",
        "markdown.link": "underline",
        "markdown.link_url": "underline",
    }
)


class PlainMarkdown:
    """A Rich renderable: `text` as Markdown in the plain styles above."""

    def __init__(self, text: str) -> None:
        self.markdown = Markdown(text, hyperlinks=False)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(PLAIN_STYLES):
            yield from console.render(self.markdown, options)


READING_WIDTH = 100  # columns of a line of rules or help at most, its padding included


class MarkdownText(Static):
    """A block of Markdown; `show` puts other text in its place."""

    # Lines of prose stop at a reading width, however wide the terminal.
    DEFAULT_CSS = f"MarkdownText {{ height: auto; max-width: {READING_WIDTH}; }}"

    def __init__(self, text: str = "", **options) -> None:
        super().__init__(PlainMarkdown(text), **options)

    def show(self, text: str) -> None:
        self.update(PlainMarkdown(text))
