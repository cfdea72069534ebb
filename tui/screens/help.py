"""`?`: help for whatever screen is showing, in a scrollable box."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from tui.widgets.markdown_text import MarkdownText
from tui.widgets.text import SCROLL_BINDINGS, Static, VerticalScroll

GLOBAL_KEYS = """
## Everywhere

- `?` this help, `q` or `Esc` back (games are saved after every move)
- `Tab` / `Shift+Tab` move between panels, arrows or `j`/`k` move in a list, `Enter` chooses
- `Ctrl+P` finds a screen, a command or a move of yours by name
- `Ctrl+Q` quits at once (nothing is lost)
"""


def own_keys(screen: Screen) -> str:
    """The shared keys the player moved (tui/grammar.py, kept in the settings file) that this
    screen has, one line each: `Shift+X` the whole table (instead of `Shift+D`)."""
    from tui.grammar import BY_ID, shown

    keymap = getattr(screen.app, "_keymap", {})
    ids = {binding.id for _key, binding in screen._bindings if binding.id}
    ids |= {binding.id for _key, binding in screen.app._bindings if binding.id}
    lines = [
        f"- `{shown(key)}`: {BY_ID[key_id].says} (instead of `{shown(BY_ID[key_id].key)}`)\n"
        for key_id, key in keymap.items() if key_id in BY_ID and key_id in ids
    ]  # fmt: skip
    return "".join(lines)


class HelpText(VerticalScroll, can_focus=False):
    """The help's scrolling box. It never takes the focus: the screen's own keys scroll it."""


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 76; max-height: 22; border: round $accent; background: $surface; padding: 0 1;
    }
    HelpScreen.big > VerticalScroll { width: 100; max-height: 90%;
    }
    HelpScreen .hint { dock: bottom; }
    """
    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "Close"),
        *SCROLL_BINDINGS,
        Binding("home", "ends(False)", "Top", show=False),
        Binding("end", "ends(True)", "Bottom", show=False),
    ]

    def __init__(self, about: Screen) -> None:
        super().__init__()
        self.text = (getattr(about, "HELP", "") or "").strip() + "\n" + GLOBAL_KEYS
        changed = own_keys(about)
        if changed:  # the player's own keys (Settings): the text above names the usual ones
            self.text += "\n## Your keys\n\n" + changed
        game = getattr(about, "game", None)
        if hasattr(game, "how_to_play"):  # a game's table: its rules follow its keys
            self.text += "\n---\n\n" + game.how_to_play()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 120 and self.app.size.height >= 40, "big")

    def compose(self) -> ComposeResult:
        with HelpText():
            yield MarkdownText(self.text)
            yield Static("Esc, q or ? closes this help", classes="hint")

    def action_scroll(self, lines: int) -> None:
        self.query_one(HelpText).scroll_relative(y=lines, animate=False)

    def action_ends(self, bottom: bool) -> None:
        text = self.query_one(HelpText)
        text.scroll_end(animate=False) if bottom else text.scroll_home(animate=False)
