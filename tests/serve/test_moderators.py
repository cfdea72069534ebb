"""On a server only the keys its host lists as moderators review coined words; at home anyone."""

from __future__ import annotations

import pytest

from engine.decknforge.lexicon import Effect, Trigger
from engine.decknforge.moderation import coin
from saves.paths import DataPaths
from saves.settings import Settings, save_settings
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.decknforge.storage import word_store


@pytest.fixture
def served(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_TUI_PLAYER", "k0123456789abcdef")
    paths = DataPaths(tmp_path / "host" / "players" / "k0123456789abcdef", tmp_path / "host")
    paths.ensure()
    save_settings(paths, Settings(display_name="Ann"))
    word_store(paths).add(coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB"))
    return paths


async def review(paths: DataPaths) -> tuple[str, str]:
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "m", "a")
        await pilot.pause()
        shown = screen_text(app)
    return shown, word_store(paths).load()[0][0].status


async def test_a_player_who_does_not_moderate_cannot_review(served):
    shown, status = await review(served)
    assert status == "pending" and "Review" not in shown.splitlines()[-1]


async def test_a_moderator_approves(served, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_MODERATOR", "1")
    shown, status = await review(served)
    assert status == "approved"
