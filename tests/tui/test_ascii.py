"""A terminal whose output encoding cannot show the table's glyphs gets them in ASCII: boxes in
`+-|`, suits as letters, tracks as `#` and `.`, each as wide as the glyph it stands for, so the
layout holds."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, open_played, use_snapshot_dir
from tests.tui.pty_app import CSI, PtyApp
from tui.glyphs import ASCII_GLYPHS, output_needs_ascii, to_ascii

ROOT = Path(__file__).resolve().parents[2]


def glyphs_in_the_code() -> dict[str, str]:
    """Every non-ASCII character of the app's code, themes and game content, and a file it is in."""
    found: dict[str, str] = {}
    for folder in ("tui", "themes", "engine"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".tcss", ".toml", ".md") and path.is_file():
                for char in path.read_text(encoding="utf-8"):
                    if not char.isascii():
                        found.setdefault(char, str(path.relative_to(ROOT)))
    return found


def test_every_glyph_in_the_code_has_an_ascii_form_as_wide_as_itself():
    for glyph, where in glyphs_in_the_code().items():
        assert glyph in ASCII_GLYPHS, f"{glyph!r} (in {where}) has no ASCII form in tui/glyphs.py"
        ascii_form = ASCII_GLYPHS[glyph]
        assert ascii_form.isascii() and cell_len(ascii_form) == cell_len(glyph), glyph


def test_an_output_that_cannot_encode_the_glyphs_asks_for_ascii():
    def stream(encoding: str):
        return io.TextIOWrapper(io.BytesIO(), encoding=encoding)

    assert output_needs_ascii(stream("ascii")) and output_needs_ascii(stream("latin-1"))
    assert not output_needs_ascii(stream("utf-8"))


def test_a_glyph_not_in_the_table_still_takes_its_cells():
    assert to_ascii("Café ♠ 字 ☃") == "Cafe S ?? ?"


@pytest.mark.parametrize(
    "game_id, seed, moves",
    [("disruption", 7, 4), ("druid-path", 3, 12), ("disciple", 2, 6), ("decknforge", 1, 10)],
)
async def test_the_table_in_ascii_keeps_its_layout(paths, snapshot, game_id, seed, moves):
    use_snapshot_dir(snapshot, "ascii")
    app = make_app(paths, on_start=open_played(game_id, seed, moves))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if game_id == "decknforge":  # two players at one keyboard: the first lifts the cover
            await pilot.press("enter")
            await pilot.pause()
        drawn = screen_text(app)
    shown = to_ascii(drawn)  # what the terminal receives (tui/terminal.py)
    assert shown.isascii() and not drawn.isascii()
    assert [cell_len(line) for line in shown.splitlines()] == [cell_len(line) for line in drawn.splitlines()]
    snapshot.assert_match(shown, f"{game_id}.txt")


def test_the_real_terminal_gets_ascii_only(tmp_path):
    app = PtyApp(tmp_path, "new", "disruption", "--seed", "3", env={"PYTHONIOENCODING": "ascii"})
    try:
        assert app.read_until(b"Ritual Defender")
        app.drain()
        output = app.output
        app.press(b"r")
        assert app.read_until(b"Rolled")
        output += app.output
    finally:
        app.close()
    assert output.isascii() and b"\\u" not in output
    assert b"+- Ritual Defender" in CSI.sub(b"", output)  # the box's corner and edge, in ASCII
