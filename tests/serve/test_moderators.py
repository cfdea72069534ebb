"""On a server only the keys its host lists as moderators approve or reject coined words; any
player but a word's author may challenge it (R39)."""

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


async def test_a_player_who_does_not_moderate_cannot_approve_but_may_challenge(served):
    shown, status = await review(served)
    footer = shown.splitlines()[-1]
    assert status == "pending" and "Approve" not in footer and "Challenge" in footer


async def test_a_moderator_approves(served, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_MODERATOR", "1")
    shown, status = await review(served)
    assert status == "approved"


async def test_a_damaged_list_of_moderators_is_told_to_the_moderator_and_an_author_waits(served, monkeypatch):
    """R39: an author approves their own word only while no other moderator could. A list of
    moderators that cannot be read may hold one: the author waits, and is told why."""
    from engine.decknforge.moderation import coin as coin_word
    from tests.tui.test_decknforge_screen import keys

    monkeypatch.setenv("TABLETOP_TUI_MODERATOR", "1")
    words = word_store(served)
    words.add(coin_word("GLOOMTIDE", "monster", Trigger("attack"), [Effect("fortify", 2)], "AN",
                        author_id="k0123456789abcdef"))  # fmt: skip
    listed = words.judges.path("list")
    listed.parent.mkdir(parents=True)
    listed.write_text("[]")
    app = make_app(served)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        said = [str(n.message) for n in app._notifications]
        assert said == ["The Lexicon's list of moderators (moderators/list.json) cannot be used: it holds a JSON"
                        " list, not a tabletop-tui-moderators file; it is kept as list.damaged.json and a new"
                        " list begun."]  # fmt: skip
        assert words.checked_moderators() == (["k0123456789abcdef"], "")
        listed.write_text("")  # damaged again, from another terminal
        await keys(pilot, "m", "down", "a")
        said = [str(n.message) for n in app._notifications]
    assert "You coined this word: another moderator must approve it. The Lexicon's list" in said[-1]
    assert "cannot be used: the file is empty." in said[-1]
    assert {w.name: w.status for w in words.load()[0]}["GLOOMTIDE"] == "pending"
    assert (listed.parent / "list.damaged.json").read_text() == "[]"
