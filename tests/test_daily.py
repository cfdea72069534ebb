"""The daily deal: one seed per game and UTC day, one counted try, and a board every player of
a host shares (display names only)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic, daily, daily_play
from saves.history import History
from saves.paths import DataPaths
from saves.settings import Settings, save_settings
from saves.store import SaveStore

DAY = date(2026, 5, 17)


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def test_the_seed_is_the_documented_hash_of_the_day_and_the_game():
    import hashlib

    digest = hashlib.sha256(b"2026-05-17 disruption").digest()
    assert daily.daily_seed("disruption", DAY) == int.from_bytes(digest[:4], "big")
    assert daily.daily_seed("disruption", DAY) == daily.daily_seed("disruption", date(2026, 5, 17))
    seeds = {daily.daily_seed(g, DAY + timedelta(days=n)) for g in GAMES for n in range(30)}
    assert len(seeds) == 4 * 30  # a different deal every day and for every game


def test_the_readme_example_is_right():
    """README: "Daily deal" quotes one day's seed so others can check their own code."""
    assert daily.daily_seed("disruption", date(2026, 1, 1)) == 157122654


def finish(session, seed=0):
    chooser = Rng.from_seed(seed)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    return session


def test_the_first_try_of_a_day_counts_and_later_ones_are_practice(store):
    game = GAMES["disruption"]
    first = daily_play.start(store, game)
    assert first.envelope.seed == daily.daily_seed("disruption", store.clock().date())
    assert "(practice)" not in first.envelope.label
    store.delete(first.save_id)  # a bad start thrown away does not buy a second counted try
    second = finish(daily_play.start(store, game))
    assert second.envelope.label.endswith("(practice)")
    assert second.envelope.seed == first.envelope.seed
    entry = History(store).read(second.save_id).entry
    assert entry.daily == "2026-05-17" and entry.practice
    other = daily_play.start(store, GAMES["druid-path"])  # another game has its own counted try
    assert "(practice)" not in other.envelope.label


def test_daily_decknforge_is_the_solo_table(store):
    session = daily_play.start(store, GAMES["decknforge"])
    assert session.state.solo and session.envelope.options["solo"] is True


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_daily_deal_is_new_game_with_the_seed_and_the_daily_options(store, game_id):
    """What the README tells others to run reproduces the deal exactly."""
    game = GAMES[game_id]
    session = daily_play.start(store, game)
    expected = game.new_game(daily.daily_seed(game_id, DAY), **game.check_options(dict(game.daily_options)))
    assert msgspec.json.encode(session.state) == msgspec.json.encode(expected)


def test_todays_try_in_progress_is_resumed(store):
    game = GAMES["druid-path"]
    assert daily_play.resume_today(store, game) is None
    started = daily_play.start(store, game)
    assert daily_play.resume_today(store, game).save_id == started.save_id
    finish(started)
    assert daily_play.resume_today(store, game) is None


def player(tmp_path, name: str, common, when: datetime) -> SaveStore:
    paths = DataPaths(tmp_path / name, common=common)
    paths.ensure()
    save_settings(paths, Settings(display_name=name.title()))
    return SaveStore(paths, GAMES, clock=lambda: when)


def test_the_board_ranks_every_players_counted_result(tmp_path):
    common = tmp_path / "common"
    noon = datetime(2026, 5, 17, 12, tzinfo=timezone.utc)
    players = [player(tmp_path, name, common, noon) for name in ("ana", "bo", "cy")]
    results = {}
    for number, store in enumerate(players):
        session = finish(daily_play.start(store, GAMES["disruption"]), seed=number)
        results[store] = session.outcome()
        finish(daily_play.start(store, GAMES["disruption"]), seed=number + 7)  # practice: not posted
    board = daily.read_board(players[0], DAY, "disruption").lines
    assert len(board) == 3 and {line.name for line in board} == {"Ana", "Bo", "Cy"}
    ranks = [tuple(line.rank) for line in board]
    assert ranks == sorted(ranks, reverse=True)
    for store, outcome in results.items():
        name = store.paths.root.name.title()
        line = next(line for line in board if line.name == name)
        assert (line.won, line.score) == (outcome.won, outcome.score)
    assert daily.read_board(players[0], DAY, "druid-path").lines == []
    assert daily.read_board(players[0], DAY + timedelta(days=1)).lines == []
    files = list((common / "daily" / "2026-05-17").iterdir())
    assert all("ana" not in f.name and "bo" not in f.name for f in files)  # nothing but names shown


def test_a_damaged_attempts_file_is_kept_aside(store):
    store.paths.daily_attempts.write_bytes(b"{broken")
    session = daily_play.start(store, GAMES["disruption"])
    assert "(practice)" not in session.envelope.label
    assert (store.paths.root / "daily.damaged.json").read_bytes() == b"{broken"
