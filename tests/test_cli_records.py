"""`history`, `stats`, `daily` and `replay` on the command line."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tui.app import TabletopApp
from tui.cli import main


@pytest.fixture
def data(tmp_path):
    return tmp_path / "cli-data"


@pytest.fixture
def launched(monkeypatch):
    calls = []
    monkeypatch.setattr(TabletopApp, "run", lambda app: calls.append(app))
    return calls


def finished_games(data, *games: str) -> list[str]:
    store = SaveStore(DataPaths(data), GAMES)
    ids = []
    for seed, game_id in enumerate(games):
        session = GameSession.start(store, GAMES[game_id], seed)
        chooser = Rng.from_seed(seed)
        while session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))
        ids.append(session.save_id)
    return ids


def run_main(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_history_lists_finished_games_newest_first_and_by_game(capsys, data):
    ids = finished_games(data, "disruption", "druid-path")
    code, out, _ = run_main(capsys, "--data-dir", str(data), "history")
    assert code == 0 and out.index(ids[1]) < out.index(ids[0])
    assert "Disruption" in out and "Druid Path" in out
    code, out, _ = run_main(capsys, "--data-dir", str(data), "history", "druid-path")
    assert code == 0 and ids[1] in out and ids[0] not in out


def test_history_mistakes_and_an_empty_history(capsys, data):
    assert run_main(capsys, "--data-dir", str(data), "history", "chess")[0] == 2
    code, out, _ = run_main(capsys, "--data-dir", str(data), "history")
    assert code == 0 and "No finished games yet." in out


def test_stats_prints_a_table_from_the_history(capsys, data):
    finished_games(data, "disruption", "disruption")
    code, out, _ = run_main(capsys, "--data-dir", str(data), "stats")
    assert code == 0
    line = next(line for line in out.splitlines() if "All games" in line)
    assert line.split()[2] == "2"  # played


def test_daily_and_replay_open_the_app(capsys, data, launched):
    assert run_main(capsys, "--data-dir", str(data), "daily", "disruption")[0] == 0
    assert len(launched) == 1
    ids = finished_games(data, "disruption")
    assert run_main(capsys, "--data-dir", str(data), "replay", ids[0])[0] == 0
    assert len(launched) == 2
    code, _, err = run_main(capsys, "--data-dir", str(data), "replay", "nothing")
    assert code == 2 and "cannot be replayed: there is no save or finished game" in err
    code, _, err = run_main(capsys, "--data-dir", str(data), "daily", "chess")
    assert code == 2 and "unknown game 'chess'" in err
