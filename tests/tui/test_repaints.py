"""What does not change is not repainted: a box whose title is set again to the same words, a
choice list shown the same choices, a key bar whose keys are the same."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.lines import Lines
from tui.widgets.panel import panel


def count_refreshes(widget) -> list[int]:
    calls: list[int] = []
    original = widget.refresh

    def refresh(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    widget.refresh = refresh
    return calls


class Boxes(App[None]):
    def compose(self):
        yield panel(Static("cards", id="cards"), "Hand")
        yield panel(ChoiceList(id="choices"), "Choices")
        yield Lines("\n".join(f"line {n}" for n in range(5)), id="lines")


async def test_a_box_repaints_only_for_a_new_title():
    app = Boxes()
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one("#cards-panel")
        box.border_subtitle = "3 cards"
        await pilot.pause()
        calls = count_refreshes(box)
        box.border_title, box.border_subtitle = "Hand", "3 cards"
        assert calls == []
        box.border_subtitle = "4 cards"
        assert calls == [1] and box.border_subtitle == "4 cards"


class PaintedRows(Boxes):
    """Notes the screen rows of each partial repaint sent to the terminal."""

    CSS = ".panel { border: round white; height: 6; } #lines { height: 5; }"

    def _display(self, screen, renderable) -> None:
        self.__dict__.setdefault("painted", []).append({y for y, _, _ in getattr(renderable, "spans", ())})
        super()._display(screen, renderable)


async def test_a_new_title_repaints_the_border_row_it_is_on_and_nothing_else():
    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one("#cards-panel")
        await pilot.pause()
        top, bottom = box.region.y, box.region.bottom - 1
        box.border_subtitle = "4 cards"
        await pilot.pause()
        assert app.painted[-1] == {bottom}
        box.border_title = "Your hand"
        await pilot.pause()
        assert app.painted[-1] == {top}
        rows = screen_text(app).splitlines()
        assert "Your hand" in rows[top] and "4 cards" in rows[bottom]
        assert "cards" in rows[top + 1]  # what the box holds is still drawn


async def test_changed_lines_repaint_and_the_others_do_not():
    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        lines = app.query_one("#lines", Lines)
        await pilot.pause()
        top = lines.region.y
        lines.update("line 0\nline 1\nLINE TWO\nline 3\nline 4", layout=False)
        await pilot.pause()
        assert app.painted[-1] == {top + 2}
        lines.update("line 1\nline 1\nLINE TWO\nline 3", layout=False)  # a line gone, one changed
        await pilot.pause()
        assert app.painted[-1] == {top, top + 4}
        rows = screen_text(app).splitlines()[top : top + 5]
        assert rows == ["line 1", "line 1", "LINE TWO", "line 3", ""]


async def test_a_line_shown_again_is_not_drawn_again_and_looks_as_if_it_were():
    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        lines = app.query_one("#lines", Lines)
        await pilot.pause()
        drawn: list[set[int]] = []
        original = lines._draw_new_lines
        lines._draw_new_lines = lambda rows, new: drawn.append(set(new)) or original(rows, new)
        first = "line 0\nline 1\nline 2\nline 3\nline 4"
        lines.update("line 0\nline 1\nLINE TWO\nline 3\nline 4", layout=False)
        lines.update("line 1\nline 2\nLINE TWO\nline 3\nline 0", layout=False)  # line 2 back, moved up
        lines.update(first, layout=False)
        await pilot.pause()
        assert drawn == [{2}]  # only LINE TWO was ever drawn: the others were kept as drawn
        kept = lines._strips_of_lines()
        lines._strip_cache, lines._strip_history = {}, {}
        assert kept == lines._strips_of_lines()  # the same rows as drawn afresh, where they sit now
        assert screen_text(app).splitlines()[lines.region.y : lines.region.y + 5] == first.splitlines()


async def test_a_moved_cursor_repaints_the_two_lines_it_moved_between():
    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        choices = app.query_one("#choices", ChoiceList)
        choices.show([Choice(f"Choice {n}", key=str(n)) for n in range(4)])
        choices.focus()
        await pilot.pause()
        top = choices.region.y
        await pilot.press("down")
        await pilot.pause()
        assert app.painted[-1] == {top, top + 1}
        assert "▸ 1 Choice 1" in screen_text(app).splitlines()[top + 1]


async def test_a_choice_list_repaints_only_for_new_choices_or_a_moved_cursor():
    app = Boxes()
    async with app.run_test(size=SIZE) as pilot:
        choices = app.query_one("#choices", ChoiceList)
        shown = [Choice("Roll", key="r"), Choice("Trade", key="t")]
        choices.show(shown)
        await pilot.pause()
        calls = count_refreshes(choices)
        choices.show(list(shown))
        await pilot.pause()
        assert calls == []
        choices.show(shown, cursor=1)
        await pilot.pause()
        assert calls and choices.cursor == 1


async def test_the_key_bar_repaints_only_when_its_keys_change(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        calls = count_refreshes(bar)
        app.screen.refresh_bindings()
        await pilot.pause()
        assert calls == []


class HiddenLog(App[None]):
    """Lines in a box hidden from the screen, as the log is behind the legend at 80x24."""

    CSS = "#hidden-panel { height: 6; } #hidden-panel.hidden { display: none; }"

    def compose(self):
        yield panel(Lines("line 0", id="hidden"), "Log")
        yield Static("below", id="below")


async def test_lines_not_on_screen_ask_for_no_repaint_and_show_what_they_say_once_shown():
    app = HiddenLog()
    async with app.run_test(size=SIZE) as pilot:
        box, lines = app.query_one("#hidden-panel"), app.query_one("#hidden", Lines)
        box.add_class("hidden")
        await pilot.pause()
        compositor = app.screen._compositor
        compositor.full_map  # mapped as it now stands
        calls = count_refreshes(lines)
        lines.update("line 1\nline 2", layout=False)
        await pilot.pause()
        assert calls == [] and not compositor._full_map_invalidated  # nothing laid out again for it
        assert "line 1" not in screen_text(app)
        box.remove_class("hidden")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert "line 1" in rows[lines.region.y] and "line 2" in rows[lines.region.y + 1]
        lines.update("line 1\nline 3", layout=False)  # shown: repainted line by line again
        await pilot.pause()
        assert calls and "line 3" in screen_text(app).splitlines()[lines.region.y + 1]


async def test_the_key_bar_draws_its_line_as_static_would_from_pieces_drawn_before(paths):
    from tui.widgets.keybar import KeyOnShow
    from tui.widgets.text import Static as PlainStatic

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        drawn = []
        for n in range(8):  # the last four bars are the first four again
            keys = [
                KeyOnShow("u", "Undo", n % 4 != 0, (f"Undo play card {n % 4}", True), False),
                KeyOnShow("t", "Tap", n % 2 == 0, None, False),
                KeyOnShow("esc", "Back", True, None, True),
                KeyOnShow("?", "Help", True, None, True),
            ]
            text = KeyBar.fitted(keys, bar.size.width)
            bar._shown = text
            bar.update(text, layout=False)
            before = len(bar._pieces)
            line = KeyBar.render_line(bar, 0)
            drawn.append(len(bar._pieces) - before)
            assert list(line) == list(PlainStatic.render_line(bar, 0))  # cells, styles, offsets
            assert line.text == text.plain
        assert drawn[1] and drawn[4:] == [0, 0, 0, 0]  # every piece of the last four was drawn before


async def test_a_box_whose_inputs_did_not_change_is_not_built_again():
    from tui.widgets.panel import Painter

    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        paint = Painter(app.screen)
        built: list[str] = []

        def build(words: str):
            return lambda: built.append(words) or words

        assert paint.keyed("lines", ("hand", 3), build("three cards"))
        assert not paint.keyed("lines", ("hand", 3), build("three cards, built again"))
        assert paint.keyed("lines", ("hand", 4), build("four cards"))
        paint("lines", "painted without a key")
        assert paint.keyed("lines", ("hand", 4), build("four cards again"))
        paint.forget()
        assert paint.keyed("lines", ("hand", 4), build("after a setting changed"))
        await pilot.pause()
        assert built == ["three cards", "four cards", "four cards again", "after a setting changed"]
        assert "after a setting changed" in screen_text(app)


async def test_a_marked_box_is_built_again_after_a_move_whatever_its_key():
    from tui.widgets.panel import Painter

    app = PaintedRows()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        moves = [0]
        paint = Painter(app.screen, marked_by=lambda widget_id: moves[0])
        assert paint.keyed("lines", "same", lambda: "drawn")
        assert not paint.keyed("lines", "same", lambda: "drawn")
        moves[0] = 1  # a move: what the box marks as changed compares with another table
        assert paint.keyed("lines", "same", lambda: "drawn")


async def test_a_line_drawn_on_its_own_is_the_row_textual_draws_for_it(monkeypatch):
    """Lines that fit are drawn without Textual's wrapping pass (tui/widgets/lines.py,
    `_one_row`): every row, its styles and where a mouse selection would place it, is the one
    Textual's own render of the whole text gives; a line too long, one with a tab, a wide
    character or a style of its own is drawn either way."""
    from rich.text import Text
    from textual.content import Content
    from textual.visual import Visual, visualize

    from tui.plain import shown

    texts = [
        Text("Vitality 12/20  Guard 3"),
        Text.assemble(("Energy ", "bold"), ("●●○", "yellow"), "  Focus 2"),
        Text("a row in a style of its own", style="reverse"),
        Text("宮本 武蔵 · 二天一流 wide characters"),
        Text("a\ttab"),
        Text(""),
        Text("a line far too long for the box it sits in, so Textual wraps it over rows " * 2),
        Text.assemble(("the end", "italic"), " ", ("♠♣♥♦", "bold red")),
    ]
    import tui.widgets.lines as line_widgets

    fits: list[bool] = []
    one_row = line_widgets._one_row

    def noted(*args):
        row = one_row(*args)
        fits.append(row is not None)
        return row

    monkeypatch.setattr(line_widgets, "_one_row", noted)
    app = TallLines()
    async with app.run_test(size=SIZE) as pilot:
        lines = app.query_one("#lines", Lines)
        await pilot.pause()
        for content in (Text("\n").join(texts), Content("\n").join(Content.from_rich_text(t) for t in texts)):
            lines.update(content, layout=False)
            await pilot.pause()
            lines._strip_cache, lines._strip_history = {}, {}
            fits.clear()
            ours = lines._strips_of_lines()
            assert fits.count(True) == 7 and fits.count(False) == 1  # the long line: Textual's
            width, height, style = lines._strips_fit()
            safe = shown(content)  # what the widget shows: control characters dropped (tui/plain.py)
            textual = Visual.to_strips(lines, visualize(lines, safe, markup=False), width, None, style)[:height]
            assert ours == textual
            assert [[seg.style for seg in row] for row in ours] == [[seg.style for seg in row] for row in textual]
            assert len(ours) > len(texts)  # the long line took rows of its own


class TallLines(App[None]):
    CSS = "#lines { height: 14; width: 60; }"

    def compose(self):
        yield Lines("", id="lines")
