"""Results per seat (DESIGN "Seats"): each seat of a finished game has its own result, and a
player's history, stats and daily board file the seat they sat in. Every game here is a real
one, played to its end by the games' bots from a seed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.content import load
from engine.disciple.decks import default_versus_deck
from engine.registry import GAMES
from saves import atomic, stats
from saves.envelope import Seat
from saves.filing import sweep_tables
from saves.history import INDEX_NAME, History
from saves.paths import DataPaths
from saves.session import GameSession, SharedSession
from saves.store import SaveStore
from saves.tables import TableStore
from tests.conftest import FIXED_TIME

DATA = Path(__file__).parent / "data"
DISCIPLE, DECKNFORGE = GAMES["disciple"], GAMES["decknforge"]
BOXING, KARATE = (msgspec.to_builtins(default_versus_deck(load(), s)) for s in ("boxing", "karate"))
# Seeded Versus games the bots play to their ends: with Boxing against Karate, Karate (seat 1)
# wins seed 0; with the decks the other way round seat 0 wins seeds 1 and 2.
SEAT_0_LOSES = dict(seed=0, decks=[BOXING, KARATE])
SEAT_0_WINS = dict(seed=1, decks=[KARATE, BOXING])


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def bots_play(game, state):
    """Every seat to the bot, to the end."""
    for _ in range(20000):
        if game.outcome(state) is not None:
            return state
        game.apply(state, game.bot_action(state, game.to_move(state)[0]))
    raise AssertionError("the game did not end")


def versus(seed: int, decks) -> object:
    return bots_play(DISCIPLE, DISCIPLE.new_game(seed=seed, mode="versus", names=["Ann", "Ben"], decks=decks))


# ----- the engine ---------------------------------------------------------------------------


@pytest.mark.parametrize("setup", [SEAT_0_LOSES, SEAT_0_WINS, dict(seed=2, decks=[KARATE, BOXING])])
def test_versus_one_seat_wins_the_other_loses_and_each_reads_its_own(setup):
    state = versus(**setup)
    results = DISCIPLE.seat_outcomes(state)
    standing = [not me.beaten for me in state.players]  # the table itself says who fell
    assert [r.won for r in results] == standing and sorted(standing) == [False, True]
    winner, loser = (results.index(r) for r in sorted(results, key=lambda r: not r.won))
    win, loss = results[winner], results[loser]
    names = [me.name for me in state.players]
    assert loss.summary.startswith(f"{names[loser]} lost to {names[winner]}")
    assert state.players[loser].beaten in loss.summary and "win" not in loss.summary
    assert win.summary.startswith(f"{names[winner]} wins") and win.score is loss.score is None
    assert DISCIPLE.seat_outcome(state, None) == DISCIPLE.outcome(state)  # a spectator: the table's


def test_the_setups_above_really_go_both_ways():
    assert DISCIPLE.seat_outcome(versus(**SEAT_0_LOSES), 0).won is False
    assert DISCIPLE.seat_outcome(versus(**SEAT_0_WINS), 0).won is True


@pytest.mark.parametrize("seed", [3, 5])
def test_coop_every_seat_has_the_partys_result(seed):
    state = bots_play(DISCIPLE, DISCIPLE.new_game(seed=seed, mode="coop", players=3))
    party = DISCIPLE.outcome(state)
    assert party.won is state.won
    assert DISCIPLE.seat_outcomes(state) == [party] * 3


def test_a_campaign_leader_shares_the_bands_result_r44():
    state = DISCIPLE.new_game(seed=4, mode="campaign", players=2, cl="human")
    bots_play(DISCIPLE, state)
    band = DISCIPLE.outcome(state)
    results = DISCIPLE.seat_outcomes(state)
    assert len(results) == 3 and results[:2] == [band, band]
    leader = results[2]
    assert leader.won is band.won is state.won and leader.score == band.score
    assert "you led" in leader.summary


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_decknforge_each_player_banks_their_own_decks_xp(seed):
    state = bots_play(DECKNFORGE, DECKNFORGE.new_game(seed=seed, players=3))
    results = DECKNFORGE.seat_outcomes(state)
    after = DECKNFORGE.result_decks(state)
    for seat, (result, player) in enumerate(zip(results, state.players)):
        assert result.won is (state.result == "clear")  # the band clears or falls as one
        assert result.score == after[seat].xp - state.decks[seat].xp  # what this deck banks
        assert player.label in result.summary and [v for _, v in result.terms] == [result.score]
        assert DECKNFORGE.rank(result) == DECKNFORGE.rank(DECKNFORGE.outcome(state))


@pytest.mark.parametrize("game_id", ["disruption", "druid-path"])
def test_a_one_seat_game_keeps_its_one_outcome_as_seat_0s(game_id):
    game, chooser = GAMES[game_id], Rng.from_seed(2)
    state = game.new_game(seed=2)
    while game.outcome(state) is None:  # seeded random moves: these games have no bot
        game.apply(state, chooser.choice(game.legal_actions(state)))
    assert game.seat_outcomes(state) == [game.outcome(state)] and game.seat_outcome(state, 0) == game.outcome(state)


# ----- history and stats --------------------------------------------------------------------


def shared_versus(tmp_path, setup):
    """Ann and Ben, each with a data folder of their own, at one shared Versus table in the
    common folder, played to the end by the bots from each player's seat."""
    folders = {who: DataPaths(tmp_path / who, common=tmp_path / "common") for who in ("ann", "ben")}
    for paths in folders.values():
        paths.ensure()
    tables = TableStore(folders["ann"], GAMES, clock=lambda: FIXED_TIME)
    seats = [Seat(name="Ann", player="ann", brings=setup["decks"][0]), Seat(name="Ben")]
    code = tables.create(DISCIPLE, setup["seed"], {"mode": "versus"}, seats)
    tables.claim(code, "ben", "Ben", setup["decks"][1])  # each brings their own deck
    sessions = {who: SharedSession.open(tables, code, who) for who in folders}
    ann = sessions["ann"]
    while ann.outcome() is None:
        seat = DISCIPLE.to_move(ann.state)[0]
        mover = sessions["ann" if seat == 0 else "ben"]
        mover.reload()  # the other's moves, as each terminal reads them
        mover.play(DISCIPLE.bot_action(mover.state, seat))
        ann.reload()
    stores = {who: SaveStore(paths, GAMES, clock=lambda: FIXED_TIME) for who, paths in folders.items()}
    return tables, code, sessions, stores


@pytest.mark.parametrize("setup", [SEAT_0_LOSES, SEAT_0_WINS])
def test_each_player_of_a_shared_versus_table_files_their_own_result(tmp_path, setup):
    tables, code, sessions, stores = shared_versus(tmp_path, setup)
    sessions["ben"].reload()
    state = sessions["ann"].state
    ann_entry = sessions["ann"].keep_result(stores["ann"])  # Ann's terminal saw the end
    ben_entry = sweep_tables(stores["ben"], tables, "ben")[0]  # Ben was away: filed later
    for entry, seat in ((ann_entry, 0), (ben_entry, 1)):
        won = state.winner == seat
        assert (entry.seat, entry.won, entry.result) == (seat, won, "won" if won else "lost")
        assert entry.summary == DISCIPLE.seat_outcome(state, seat).summary
        assert entry.seats == ["Ann", "Ben"]
    assert ann_entry.won is not ben_entry.won  # one winner, one loser
    for who, entry in (("ann", ann_entry), ("ben", ben_entry)):
        assert History(stores[who]).list() == [entry]  # read back as filed
        line = stats.sections(History(stores[who]).list(), {"disciple": "Disciple"})[0].lines[0]
        assert (line.played, line.won, line.streak) == (1, int(entry.won), int(entry.won))


def test_a_watcher_and_a_stranger_keep_nothing(tmp_path):
    tables, code, sessions, stores = shared_versus(tmp_path, SEAT_0_LOSES)
    watcher = SharedSession.open(tables, code, "cy")
    assert watcher.keep_result(stores["ann"]) is None
    assert sweep_tables(stores["ann"], tables, "cy") == []


def test_a_local_game_against_the_bot_files_the_players_seat(store):
    session = GameSession.start(
        store, DISCIPLE, SEAT_0_LOSES["seed"], seats=[Seat(name="Ann"), Seat(name="Ben", bot=True)],
        mode="versus", names=["Ann", "Ben"], decks=SEAT_0_LOSES["decks"],
    )  # fmt: skip
    while session.outcome() is None:
        session.play(DISCIPLE.bot_action(session.state, DISCIPLE.to_move(session.state)[0]))
    entry = History(store).read(session.save_id).entry
    assert (entry.seat, entry.won, entry.result, entry.rank) == (0, False, "lost", (0, 0))
    assert entry.summary.startswith("Ann lost to Ben")
    line = stats.sections([entry], {"disciple": "Disciple"})[0].lines[0]
    assert (line.played, line.won) == (1, 0)


def test_coop_at_one_keyboard_files_the_partys_result(store):
    session = GameSession.start(store, DISCIPLE, 3, mode="coop", players=2)
    while session.outcome() is None:
        session.play(DISCIPLE.bot_action(session.state, DISCIPLE.to_move(session.state)[0]))
    entry = History(store).read(session.save_id).entry
    party = DISCIPLE.outcome(session.state)
    assert (entry.seat, entry.won, entry.score, entry.summary) == (0, party.won, party.score, party.summary)


# ----- history files kept before results were per seat --------------------------------------


def keep_old(store, name: str) -> str:
    record_id = json.loads((DATA / name).read_bytes())["entry"]["id"]
    store.paths.history.mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / name, store.paths.history / f"{record_id}.json")
    return record_id


def test_an_old_versus_record_the_player_lost_reads_as_lost(store):
    """The stored file was written before results were per seat: Ann (seat 0, at this
    keyboard, against the bot Ben) lost, and the file says won."""
    filed = json.loads((DATA / "disciple_v4_versus_history.json").read_bytes())["entry"]
    assert filed["won"] is True and "seat" not in filed  # the old mistake, as it was kept
    record_id = keep_old(store, "disciple_v4_versus_history.json")
    entry = History(store).read(record_id).entry
    assert (entry.seat, entry.won, entry.result) == (0, False, "lost")
    assert entry.summary.startswith("Ann lost to Ben")
    assert History(store).list() == [entry]
    line = stats.sections(History(store).list(), {"disciple": "Disciple"})[0].lines[0]
    assert (line.played, line.won) == (1, 0)


def test_an_index_from_before_is_read_again_once(store):
    record_id = keep_old(store, "disciple_v4_versus_history.json")
    old = json.loads((DATA / "disciple_v4_versus_history.json").read_bytes())["entry"]
    history = History(store)
    history.list()  # writes an index, then make it the one an older version kept
    index = json.loads((store.paths.history / INDEX_NAME).read_bytes())
    assert index["version"] == 2
    index["version"] = 1
    index["entries"] = [old]
    (store.paths.history / INDEX_NAME).write_text(json.dumps(index))
    assert [(e.id, e.won, e.seat) for e in history.list()] == [(record_id, False, 0)]
    assert json.loads((store.paths.history / INDEX_NAME).read_bytes())["version"] == 2


@pytest.mark.parametrize(
    "name, seat, won",
    [
        ("decknforge_v2_history.json", 0, True),  # two seats at one keyboard, older content
        ("disciple_v3_history.json", None, True),  # one seat: as it was filed
        ("disciple_v2_history.json", None, True),
    ],
)
def test_older_records_stay_readable(store, name, seat, won):
    record_id = keep_old(store, name)
    entry = History(store).read(record_id).entry
    filed = json.loads((DATA / name).read_bytes())["entry"]
    assert (entry.seat, entry.won, entry.label) == (seat, won, filed["label"])
    assert not entry.damaged and History(store).list() == [entry]


def test_the_daily_board_posts_the_players_own_result(store):
    """DecknForge's daily deal is its solo variant: one person at both seats of one keyboard.
    The board line is the result of the seat the history files (seat 0), in its own words."""
    from saves import daily, daily_play

    session = daily_play.start(store, DECKNFORGE)
    while session.outcome() is None:
        session.play(DECKNFORGE.bot_action(session.state, DECKNFORGE.to_move(session.state)[0]))
    own = DECKNFORGE.seat_outcome(session.state, 0)
    (line,) = daily.read_board(store, daily.today(store), "decknforge").lines
    assert (line.won, line.score, line.summary) == (own.won, own.score, own.summary)
    assert session.state.players[0].label in line.summary and line.rank == tuple(DECKNFORGE.rank(own))
