"""Text a player typed is shown as itself: never read as markup, never a control sequence."""

from __future__ import annotations

from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.session import GameSession
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.decknforge.decks_screen import DecksScreen
from tui.decknforge.storage import deck_store
from tui.plain import plain
from tui.screens.saves import SavesScreen

HOSTILE = "[bold red]x[/] [@click=app.quit]\x1b[2J\x1b]0;pwn\x07\nnext\u202eline"


def test_plain_keeps_markup_as_characters_and_drops_controls():
    shown = plain(HOSTILE)
    assert shown.plain == "[bold red]x[/] [@click=app.quit][2J]0;pwn next" + "line"
    assert not shown.spans  # no style was read from the brackets
    assert plain("Ann\tB\r\nC").plain == "Ann B  C"
    assert plain("日本語 ✦ Zoë").plain == "日本語 ✦ Zoë"


async def test_a_save_named_with_markup_shows_it_literally(paths, store):
    session = GameSession.start(store, GAMES["disruption"], 3)
    store.rename(session.save_id, HOSTILE)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("#menu")  # the Continue entry and its About text show the label
        menu.cursor = app.screen.ids.index("continue")
        await pilot.pause()
        home = screen_text(app)
        app.push_screen(SavesScreen())
        await pilot.pause()
        listing = screen_text(app)
        await pilot.press("d")  # the question quotes the label too
        await pilot.pause()
        question = screen_text(app)
        assert app.is_running  # a [@click=app.quit] was never a link to press
    assert "Continue: [bold red]x[/]" in home
    assert "[@click=app.quit][2J]0;pwn nextline" in home  # About: wrapped, but every character
    assert "[bold red]x[/] [@click=app.quit][2J]0;pwn nextline" in listing
    assert "Delete '[bold red]x[/] [@click=app.quit]" in question
    for text in (home, listing, question):
        assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text


async def test_a_deck_name_with_markup_shows_it_literally(paths):
    store = deck_store(paths)
    deck = fresh_deck("AB")
    deck.name = "[@click=app.quit]Q\x1b[31m\nR"
    store.create(deck)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DecksScreen())
        await pilot.pause()
        text = screen_text(app)
    assert "▸   [@click=app.quit]Q… L1 0XP" in text  # the list, cut to its width (ending in …)
    assert "│ [@click=app.quit]Q[31m R  " in text  # the summary
    assert "[@click=app.quit]Q[31m R · summary" in text  # the panel's title
    assert "\x1b" not in text


SHOWS_TEXT = {  # Textual's widgets that show text: the app takes them from tui/widgets/text.py
    "textual.widgets": {"Static", "Label", "OptionList", "Log", "RichLog", "DataTable", "ListView", "ListItem",
                        "Header", "Footer", "Tree", "Pretty", "Digits", "Markdown", "TextArea", "SelectionList",
                        "RadioSet", "RadioButton", "Tabs", "TabbedContent", "Collapsible", "Rule", "Link"},
    "textual.containers": None,  # any container: its border title is text
}
MAY_READ_MARKUP = {"tui/plain.py"}  # `styled`: the app's own markup, values inserted as plain text


def test_the_app_has_one_way_to_put_text_on_a_screen():
    """No module of the app shows text by a way that reads markup: every text widget and box
    comes from tui/widgets/text.py, nothing asks for markup, and none parses it but `styled`."""
    import ast
    from pathlib import Path

    root = Path(__file__).parents[2]
    found = []
    for path in sorted((root / "tui").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(), name)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in SHOWS_TEXT and name != "tui/widgets/text.py":
                banned = SHOWS_TEXT[node.module]
                found += [f"{name}: {a.name} from {node.module}" for a in node.names if banned is None or a.name in banned]
            if isinstance(node, ast.keyword) and node.arg == "markup" and not (
                isinstance(node.value, ast.Constant) and node.value.value is False
            ):
                found.append(f"{name}:{node.lineno}: markup={ast.unparse(node.value)}")
            if isinstance(node, ast.Attribute) and node.attr in ("from_markup", "render_markup") and name not in MAY_READ_MARKUP:
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (getattr(node, "module", "") or "").startswith("rich.markup") or a.name.startswith("rich.markup")
                for a in node.names
            ):
                found.append(f"{name}:{node.lineno}: imports rich.markup")
            if isinstance(node, ast.ClassDef) and name != "tui/widgets/lines.py":
                found += [f"{name}: {node.name} subclasses Widget" for b in node.bases if ast.unparse(b) == "Widget"]
    assert found == []


def test_styled_text_keeps_its_styles_and_loses_its_controls():
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    from tui.plain import shown, styled

    text = Text.assemble(("A\x1b[2J", "bold"), "\u202eb", ("c\x07d", "red"))
    kept = shown(text)
    assert kept.plain == "A[2Jbcd"
    assert [(s.start, s.end, s.style) for s in kept.spans] == [(0, 4, "bold"), (5, 7, "red")]
    content = styled("[b]$who[/b] wins\n", who="[red]x\x1b\nY")
    assert content.plain == "[red]x Y wins\n" and content.spans[0].end == 8  # one line, no markup read
    group = shown(Group(Padding(Text("in\x1bside"), (0, 0, 0, 2)), Text("two\nlines")))
    assert [part.renderable.plain if isinstance(part, Padding) else part.plain for part in group.renderables] == [
        "in" "side", "two\nlines"
    ]
