"""History: a finished game moves from saves/ to history/, survives a crash at that moment,
campaigns keep each game and the road, and the listing stays right whatever its index says."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic, filing
from saves.filing import sweep
from saves.history import INDEX_NAME, History
from saves.replay import from_history
from saves.session import CampaignSession, GameSession


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def play_out(session, seed: int = 0, stop_before_end: bool = False):
    chooser = Rng.from_seed(seed)
    while session.outcome() is None:
        action = chooser.choice(session.legal_actions())
        if stop_before_end:
            probe = msgspec.json.decode(msgspec.json.encode(session.state), type=session.game.State)
            session.game.apply(probe, action)
            if session.game.outcome(probe) is not None:
                return action
        session.play(action)
    return None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_game_moves_to_history_with_everything_to_replay_it(store, game_id):
    game = GAMES[game_id]
    session = GameSession.start(store, game, 21)
    play_out(session, 21)
    assert not store.paths.save_file(session.save_id).exists() and store.list() == []
    record = History(store).read(session.save_id)
    outcome = game.seat_outcome(session.state, 0)  # everyone played here: seat 0 is "you"
    entry = record.entry
    assert entry.seat == 0
    assert (entry.game_id, entry.won, entry.score) == (game_id, outcome.won, outcome.score)
    assert entry.result == ("won" if outcome.won else "lost") and entry.summary == outcome.summary
    assert record.seed == 21 and record.options == session.envelope.options
    assert entry.moves == len(record.actions) == len(session.envelope.actions) > 0
    assert entry.variant == game.variant(session.state, session.envelope.options)
    timeline = from_history(store, session.save_id)
    final = msgspec.json.encode(session.state)
    assert msgspec.json.encode(timeline.state(len(timeline))) == final
    assert msgspec.json.encode(msgspec.json.decode(record.state, type=game.State)) == final
    assert session.filed == entry


def test_decknforge_records_the_decks_that_played(store):
    session = GameSession.start(store, GAMES["decknforge"], 4, players=3)
    play_out(session, 4)
    assert History(store).read(session.save_id).entry.decks == ["P1", "P2", "P3"]


def test_a_crash_after_the_record_is_written_is_finished_by_the_next_start(store, monkeypatch):
    session = GameSession.start(store, GAMES["disruption"], 8)
    last = play_out(session, 8, stop_before_end=True)

    def crash(save_id):
        raise OSError("power cut")

    monkeypatch.setattr(store, "delete", crash)
    with pytest.raises(OSError):
        session.play(last)
    monkeypatch.undo()
    written = store.paths.history / f"{session.save_id}.json"
    assert written.exists() and store.paths.save_file(session.save_id).exists()  # both: the crash
    before = written.read_bytes()
    assert sweep(store) == []  # nothing to file again, only the save to remove
    assert not store.paths.save_file(session.save_id).exists()
    assert written.read_bytes() == before
    assert [e.id for e in History(store).list()] == [session.save_id]


def test_a_crash_before_the_record_is_written_files_the_game_at_the_next_start(store, monkeypatch):
    session = GameSession.start(store, GAMES["druid-path"], 8)
    last = play_out(session, 8, stop_before_end=True)

    def crash(self, record):
        raise OSError("power cut")

    monkeypatch.setattr(History, "write", crash)
    with pytest.raises(OSError):
        session.play(last)
    monkeypatch.undo()
    assert History(store).list() == []
    envelope = store.read(session.save_id)  # the save holds the finished table
    assert GAMES["druid-path"].outcome(store.decode_state(envelope)) is not None
    filed = sweep(store)
    assert [e.id for e in filed] == [session.save_id] and store.list() == []
    assert History(store).read(session.save_id).entry.moves == len(envelope.actions)
    assert sweep(store) == []


def test_a_decknforge_game_stopped_between_its_decks_writes_the_rest_at_the_next_start(store, monkeypatch):
    """The game's result and its decks are one step: a stop after the first deck took it
    leaves the record pending (not listed), and the next start writes the second deck only."""
    from engine.decknforge.legacy import fresh_deck
    from saves import legacy
    from saves.shelf import Shelf

    game = GAMES["decknforge"]
    decks = legacy.deck_store(store.paths, game)
    band = [decks.create(fresh_deck(initials)) for initials in ("AB", "CD")]
    session = GameSession.start(store, game, 3, decks=band)
    last = play_out(session, 3, stop_before_end=True)
    real, writes = Shelf.write_envelope, []

    def stop_at_second(self, name, envelope):
        writes.append(name)
        if len(writes) == 2:
            raise OSError("power cut")
        real(self, name, envelope)

    monkeypatch.setattr(Shelf, "write_envelope", stop_at_second)
    with pytest.raises(OSError):
        session.play(last)
    monkeypatch.undo()
    assert [len(d.history) for d in decks.decks()] == [1, 0]
    assert History(store).list() == [] and History(store).pending() == [session.save_id]
    assert [e.id for e in sweep(store)] == [session.save_id]
    assert History(store).pending() == [] and store.list() == []
    for deck in decks.decks():
        assert len(deck.history) == 1 and decks.shelf.read(deck.id)[0].applied == [session.save_id]
    files = {p: p.read_bytes() for p in store.paths.decks.glob("*.json")}
    assert sweep(store) == [] and {p: p.read_bytes() for p in store.paths.decks.glob("*.json")} == files


def test_a_campaign_keeps_each_games_result_and_its_own(store):
    game = GAMES["druid-path"]
    session = CampaignSession.start(store, game, 6, druid="seren")
    kept = History(store)
    for number in range(1, 5):
        session.start_next_game()
        play_out(session, number)
        record = kept.read(filing.campaign_game_id(session.save_id, number - 1))
        assert record.entry.campaign == session.save_id and record.entry.label.endswith(f"game {number}")
        replayed = from_history(store, record.entry.id)  # a campaign's game replays on its own
        assert msgspec.json.encode(replayed.state(len(replayed))) == msgspec.json.encode(session.state)
        won = session.outcome().won
        session.record_game()
        if not won:
            break
    assert store.list() == []  # the road is over: the campaign moved too
    road = kept.read(session.save_id).entry
    assert road.kind == "campaign" and road.reached == number
    assert road.result == session.campaign.status and road.variant == {"Druid": "Seren"}
    games = [e for e in kept.list() if e.campaign == session.save_id]
    assert len(games) == number and all(e.kind == "game" for e in games)


def test_a_new_save_never_takes_a_finished_games_id(store):
    first = GameSession.start(store, GAMES["disruption"], 1)
    play_out(first, 1)
    second = GameSession.start(store, GAMES["disruption"], 2)  # same second on the fixed clock
    assert second.save_id != first.save_id


def test_the_listing_index_is_only_a_cache(store):
    for seed in range(3):
        play_out(GameSession.start(store, GAMES["disruption"], seed), seed)
    kept = History(store)
    ids = [e.id for e in kept.list()]
    index = store.paths.history / INDEX_NAME
    assert len(ids) == 3 and index.exists()
    kept.delete(ids[0])
    assert [e.id for e in kept.list()] == ids[1:]
    index.write_bytes(b"not json")
    assert [e.id for e in kept.list()] == ids[1:]
    (store.paths.history / "broken.json").write_bytes(b"{")
    listed = kept.list()
    broken = next(e for e in listed if e.id == "broken")
    assert broken.damaged and "not complete JSON" in broken.damage
    assert kept.find("1") == listed[0] and kept.find(ids[1]).id == ids[1]


def test_a_record_changed_after_it_was_listed_is_read_again(store):
    """The index keeps each record's size, time and inode: a record damaged (or edited) since
    the last listing is not shown as the index remembers it."""
    session = GameSession.start(store, GAMES["disruption"], 3)
    play_out(session, 3)
    kept = History(store)
    [entry] = kept.list()
    assert not entry.damaged
    record = kept.path(entry.id)
    record.write_bytes(record.read_bytes()[:-40])  # cut short, in place
    [listed] = kept.list()
    assert listed.id == entry.id and listed.damaged and "not complete JSON" in listed.damage


def test_listing_filters_by_game(store):
    play_out(GameSession.start(store, GAMES["disruption"], 1), 1)
    play_out(GameSession.start(store, GAMES["druid-path"], 1), 1)
    kept = History(store)
    assert [e.game_id for e in kept.list("druid-path")] == ["druid-path"]
    assert len(kept.list()) == 2


LOST_DISRUPTION = 2  # a seed whose random play loses


def test_games_filed_under_earlier_scoring_are_shown_with_todays(store):
    """DecknForge once scored the round it ended in (now the XP a deck banks, R32); a lost
    Disruption game once had a score (now none, R5). Their files keep what was written; the
    listing, a read, the stats and the daily board show today's score."""
    from saves.stats import sections

    kept = History(store)
    old_scores = {}
    for game_id, seed in (("decknforge", 3), ("disruption", LOST_DISRUPTION)):
        session = GameSession.start(store, GAMES[game_id], seed)
        play_out(session, seed)
        record = kept.read(session.save_id)
        old = session.state.round if game_id == "decknforge" else 17  # as filed back then
        record.entry = msgspec.structs.replace(record.entry, score=old)
        kept.write(record)
        old_scores[game_id] = (session.save_id, session.outcome())
    assert not old_scores["disruption"][1].won
    (store.paths.history / INDEX_NAME).unlink(missing_ok=True)
    raw = msgspec.json.decode((store.paths.history / f"{old_scores['decknforge'][0]}.json").read_bytes())
    assert raw["entry"]["score"] == old_scores["decknforge"][1].length  # the file is left as it was
    for game_id, (save_id, outcome) in old_scores.items():
        now = outcome.score  # XP for DecknForge; a lost Disruption game: None
        assert kept.read(save_id).entry.score == now
        assert next(e for e in kept.list() if e.id == save_id).score == now
    titles = {"disruption": "Disruption", "decknforge": "DecknForge"}
    for section in sections(kept.list(), titles):
        line = section.lines[0]
        outcome = old_scores[section.game_id][1]
        assert line.best == outcome.score and line.average == outcome.score
