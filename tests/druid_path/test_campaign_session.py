"""A campaign kept in one save file through the generic CampaignSession and the game's hooks."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.druid_path.campaign import CampaignError
from engine.druid_path.model import PendingRoll, Tame
from saves.history import History
from saves.session import CampaignSession, GameSession
from tests.druid_path.helpers import GAME


def test_a_campaign_file_holds_progress_and_the_game_in_progress(store) -> None:
    session = CampaignSession.start(store, GAME, 5, druid="seren")
    assert session.kind == "campaign" and session.state is None and session.legal_actions() == []
    entry = store.list()[0]
    assert entry.kind == "campaign" and "Seren's campaign" in entry.summary
    session.start_next_game()
    rng = Rng.from_seed(1)
    for _ in range(20):
        session.play(rng.choice(session.legal_actions()))
    assert len(session.envelope.actions) == 20

    again = GameSession.resume(store, session.save_id)
    assert isinstance(again, CampaignSession)
    assert msgspec.json.encode(again.campaign) == msgspec.json.encode(session.campaign)
    assert msgspec.json.encode(again.state) == msgspec.json.encode(session.state)
    assert "fighting Kaliran" in store.list()[0].summary


def test_recording_needs_a_finished_game_and_abandoning_is_saved(store) -> None:
    session = CampaignSession.start(store, GAME, 2)
    session.start_next_game()
    with pytest.raises(CampaignError):
        session.record_game()
    session.abandon()  # the road is over: the campaign moves to the history
    record = History(store).read(session.save_id)
    assert record.entry.result == "abandoned" and "abandoned" in record.entry.summary
    again = msgspec.json.decode(record.state, type=GAME.Campaign)
    assert again.status == "abandoned" and again.game is None and store.list() == []


def test_the_latest_roll_stays_in_the_state_after_it_settles() -> None:
    state, rng = GAME.new_game(4), Rng.from_seed(4)
    assert state.last_roll is None
    while not (tames := [a for a in GAME.legal_actions(state) if isinstance(a, Tame)]):
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    GAME.apply(state, tames[0])
    roll = state.pending if isinstance(state.pending, PendingRoll) else state.last_roll
    assert roll.purpose == "tame" and len(roll.dice) == 2
    assert f"rolled {roll.dice[0]}+{roll.dice[1]}" in " ".join(state.log)
