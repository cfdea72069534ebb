"""`tabletop-tui hint SAVE`: the best few moves, one a line, best first, each with its worth,
for a saved game or one's own seat at a shared table; reading only (the save is as it was);
a finished game, a seat not to move or not one's own: one line and exit status 2."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.coach import Search
from engine.core.rng import Rng
from engine.registry import GAMES
from saves.session import GameSession
from saves.store import SaveStore
from saves.tables import TableStore
from tests.tui.test_watch import table_in_progress
from tui import coach
from tui.cli import main
from tui.tables.identity import PLAYER_ENV_VAR


@pytest.fixture
def data(tmp_path):
    return tmp_path / "cli-data"


def hint(capsys, data, *args):
    code = main(["--data-dir", str(data), "hint", *args])
    out, err = capsys.readouterr()
    return code, out, err


def saved(data, game_id: str, seed: int, moves: int, **options) -> GameSession:
    from saves.paths import DataPaths

    paths = DataPaths.resolve(str(data))
    paths.ensure()
    session = GameSession.start(SaveStore(paths, GAMES), GAMES[game_id], seed, **options)
    chooser = Rng.from_seed(seed)
    for _ in range(moves):
        session.play(chooser.choice(session.legal_actions()))
    session.hold.release()
    return session


def test_a_saved_game_s_hint_is_one_move_a_line_best_first_with_its_worth(capsys, data):
    session = saved(data, "disruption", 5, 0)
    before = session.store.paths.save_file(session.save_id).read_bytes()
    code, out, err = hint(capsys, data, "1", "--budget", "0.1")
    assert code == 0, err
    game = GAMES["disruption"]
    expected = Search(game, session.state, 0).advice(3)  # exact: the same every time
    lines = out.splitlines()
    assert len(lines) == len(expected) == 3
    for number, (line, advice) in enumerate(zip(lines, expected), start=1):
        assert line == f"{number}. {game.describe(advice.action, session.state)} — {advice.worth_text} ({advice.why})"
    assert "the odds exact" in err
    assert session.store.paths.save_file(session.save_id).read_bytes() == before  # nothing written


def test_a_searched_game_s_hint_names_legal_moves_by_the_save_s_name_too(capsys, data):
    session = saved(data, "druid-path", 1, 0)
    code, out, err = hint(capsys, data, session.save_id, "--budget", "0.1")
    assert code == 0, err
    game = GAMES["druid-path"]
    names = {game.describe(a, session.state) for a in game.legal_actions(session.state)}
    lines = out.splitlines()
    assert 1 <= len(lines) <= 3
    for number, line in enumerate(lines, start=1):
        assert line.startswith(f"{number}. ")
        move, worth = line[len(f"{number}. "):].split(" — ", 1)
        assert move in names and "% to defeat" in worth
    assert "playouts in" in err


def test_a_finished_game_has_no_hint_one_line_and_exit_2(capsys, data):
    session = saved(data, "disruption", 5, 0)
    chooser = Rng.from_seed(3)
    session.hold = session.store.hold(session.save_id)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    session.hold.release()
    code, out, err = hint(capsys, data, session.save_id)
    assert code == 2 and out == ""
    assert err.startswith("tabletop-tui: the game is over") and err.count("\n") == 1


def test_a_seat_not_to_move_has_no_hint(capsys, data):
    session = saved(data, "disciple", 2, 0, mode="versus")
    moving = GAMES["disciple"].to_move(session.state)
    other = 2 if moving == (0,) else 1
    code, out, err = hint(capsys, data, "1", "--seat", str(other))
    assert code == 2 and out == ""
    assert "tabletop-tui: it is not" in err and "'s move" in err and err.count("\n") == 1
    code, _, err = hint(capsys, data, "1", "--seat", "5")
    assert code == 2 and "there is no seat 5" in err


@pytest.fixture
def ann(monkeypatch):
    monkeypatch.setenv(PLAYER_ENV_VAR, "name:ann")


def test_at_a_shared_table_the_hint_is_for_one_s_own_seat_only(capsys, data, ann):
    from saves.paths import DataPaths

    paths = DataPaths.resolve(str(data))
    paths.ensure()
    code = table_in_progress(paths, "decknforge", {"players": 2}, 2, 0)
    before = (paths.tables / f"{code}.json").read_bytes()
    status, out, err = hint(capsys, data, code.lower(), "--budget", "0.1")
    assert status == 0, err
    assert 1 <= len(out.splitlines()) <= 3 and "% to clear the dungeon" in out
    assert err.startswith("Ann: ")  # the seat it was for
    status, out, err = hint(capsys, data, code, "--seat", "2")
    assert status == 2 and out == "" and "seat 2 (Ben) is not yours" in err
    assert (paths.tables / f"{code}.json").read_bytes() == before  # read, never written


def test_at_a_shared_table_a_seat_waiting_for_another_has_no_hint(capsys, data, monkeypatch):
    from saves.paths import DataPaths

    paths = DataPaths.resolve(str(data))
    paths.ensure()
    code = table_in_progress(paths, "disciple", {"mode": "versus"}, 2, 0)
    tables = TableStore(paths, GAMES)
    state = tables.decode_state(tables.read(code))
    waiting = "ben" if GAMES["disciple"].to_move(state) == (0,) else "ann"
    monkeypatch.setenv(PLAYER_ENV_VAR, f"name:{waiting}")
    status, out, err = hint(capsys, data, code)
    assert status == 2 and out == "" and err.startswith("tabletop-tui: it is not your move") and err.count("\n") == 1
    monkeypatch.setenv(PLAYER_ENV_VAR, "name:cy")
    status, _, err = hint(capsys, data, code)
    assert status == 2 and "you have no seat at table" in err


def test_a_hint_for_nothing_named_says_so(capsys, data):
    status, out, err = hint(capsys, data, "nothing-here")
    assert status == 2 and out == "" and "no save named 'nothing-here'" in err
    status, _, err = hint(capsys, data, "1", "--budget", "-1")
    assert status == 2 and "--budget" in err


def test_the_hint_sees_only_the_seat_s_view(data):
    """Two tables alike but for what the seat may not see (the other's hand, the decks'
    order, dealt again): the same hint, move for move, for the same thinking."""
    game = GAMES["decknforge"]
    state = saved(data, "decknforge", 4, 0, players=2).state
    other = game.redeal(game.view(state, 0), 0, Rng.from_seed(99))
    assert msgspec.json.encode(game.view(other, 0)) == msgspec.json.encode(game.view(state, 0))
    assert msgspec.json.encode(other) != msgspec.json.encode(state)
    answers = [[(a.action, a.worth_text, a.why) for a in coach.hint(game, s, 0, 1.0, clock=counter()).advice] for s in (state, other)]
    assert answers[0] == answers[1] and answers[0]


def counter():
    """A clock that says each step took a tenth of a second: the same playouts every run."""
    ticks = iter(range(10**6))
    return lambda: next(ticks) * 0.1


def test_seats_are_shown_by_name_too(capsys, data):
    session = saved(data, "disciple", 2, 0, mode="versus")
    names = session.seat_names()
    moving = GAMES["disciple"].to_move(session.state)[0]
    status, out, err = hint(capsys, data, "1", "--seat", names[moving].lower(), "--budget", "0.1")
    assert status == 0, err
    assert err.startswith(f"{names[moving]}: ") and out.startswith("1. ")
