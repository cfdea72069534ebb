"""Text another person typed, run through every screen that shows it, at 80x24: names at the
tables, deck names, table seats, coined words' authors, save labels, daily results. Each
shows as itself (or cut with "…" where it does not fit), never as markup, never as a control
sequence, and no screen crashes on it (a name like `[link=http://e]Bo` used to stop a
Disciple Versus table with a MarkupError, for both players)."""

from __future__ import annotations

from datetime import date

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Seat
from saves.session import GameSession
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.safe_text import safe_text

HOSTILE = [
    "[link=http://e]Bo",
    "[b]Al[/b][red]x",
    "[DK] Anna",
    "Bob [AFK]",
    "[@click=app.quit]x",
    "[",
    "\x1b[2J\x1b]0;evil\x07",
    "Ev\u202eil\u202c",  # a bidirectional override
    "Ze\u200bro\u200dWi\ufeffde",  # zero-width characters
    "漢" * 200,
    "Two\nlines",
]
NEVER_SHOWN = ("\x1b", "\x07", "\u202e", "\u202c", "\u200b", "\u200d", "\ufeff")


def shows(screen: str, name: str) -> bool:
    """Whether the screen shows `name` as itself: whole, or its start cut with "…"; a name
    with a line break may be on two lines (no line of a box grows a second one)."""
    wanted = safe_text(name)
    screen = screen.replace(" …", "…")  # a wide character cut: the cell left over is blank
    if wanted in screen:
        return True
    if "\n" in name and all(safe_text(part) in screen for part in name.split("\n")):
        return True
    return any(wanted[:end].rstrip() + "…" in screen for end in range(min(len(wanted) - 1, 60), 1, -1))


def check(app, names: list[str]) -> str:
    text = screen_text(app)
    assert app.is_running  # `[@click=app.quit]` was never a link
    for bad in NEVER_SHOWN:
        assert bad not in text
    missing = [name for name in names if not shows(text, name)]
    assert missing == [], text
    return text


def batches(size: int) -> list[list[str]]:
    return [HOSTILE[i : i + size] for i in range(0, len(HOSTILE), size)]


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


# ----- the tables -------------------------------------------------------------------------


def bot_moves(session, until) -> None:
    """Bot moves for whoever acts, until `until(session)` (or the game's end)."""
    game = session.game
    for _ in range(2000):
        if until(session) or game.outcome(session.state) is not None:
            return
        seat = game.to_move(session.state)[0]
        session.play(game.bot_action(session.state, seat))


@pytest.mark.parametrize("names", batches(2), ids=lambda names: repr(names[0][:12]))
async def test_a_disciple_versus_table_shows_both_players_names_as_typed(paths, store, names):
    """Both seats at one keyboard: each player's table names the other, and its own, literally."""
    from tui.disciple.screen import DiscipleScreen
    from tui.screens.privacy import PrivacyScreen

    names = (names + ["Plain Pat"])[:2]
    session = GameSession.start(store, GAMES["disciple"], 5, mode="versus", names=names)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.open_session(GameSession.resume(app.store, session.save_id))
        await pilot.pause()
        seen = set()
        for _ in range(40):
            if isinstance(app.screen, PrivacyScreen):
                check(app, [app.screen.player])
                await keys(pilot, "enter")
            screen = app.screen
            assert isinstance(screen, DiscipleScreen)
            check(app, names)  # both names: one's own panel, and the rival's
            seen.add(screen.seat)
            if seen == {0, 1}:
                break
            full = screen.session.state
            seat = GAMES["disciple"].to_move(full)[0]
            with app._context():
                screen.play(GAMES["disciple"].bot_action(full, seat))
            await pilot.pause()
        assert seen == {0, 1}
