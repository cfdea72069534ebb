"""Campaigns (C1-C4 in RULINGS.md): the road, what carries over, saving and abandoning."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.game import Outcome
from engine.druid_path import campaign as cp
from engine.druid_path.bots import greedy_player
from engine.druid_path.table import C
from engine.core.rng import Rng
from tests.druid_path.helpers import GAME, check_invariants


def finish(campaign: cp.Campaign, won: bool, hp: int = 10) -> None:
    state = campaign.game
    assert state is not None
    state.result = "won" if won else "lost"
    state.phase = "over"
    state.druid_hp = hp


def test_start_lays_out_the_road_of_four_darachs() -> None:  # C1
    c = cp.start_campaign("emrys", seed=5)
    assert [leg.darach for leg in c.legs] == ["kaliran", "morvenna", "draeg", "vorthak"]
    assert [leg.path for leg in c.legs] == ["celthar", "thornwild", "naarmut", "mireholt"]
    assert [leg.darach_bonus for leg in c.legs] == [0, 2, 4, 6]
    assert c.status == "active" and c.game is None and c.druid_hp == C.druids["emrys"].hp
    assert cp.next_leg(c) == c.legs[0]
    with pytest.raises(cp.CampaignError):
        cp.start_campaign("nobody")


def test_next_game_uses_the_leg_and_carry_over() -> None:  # C1, C2
    c = cp.start_campaign("belthar", seed=1)
    c.legs[0] = cp.Leg("kaliran", "celthar", 3)
    c.druid_hp, c.resolve = 20, 1
    state = cp.start_next_game(c, GAME)
    assert state is c.game and state.darach_hp == C.darachs["kaliran"].hp + 3
    assert state.druid_hp == 20 and state.druid_hp_max == C.druids["belthar"].hp
    assert state.stamina == 1 + 3  # resolve, then the first Encounter's +3
    with pytest.raises(cp.CampaignError):
        cp.start_next_game(c, GAME)


def test_a_win_carries_wounds_and_resolve_into_the_next_game() -> None:  # C2
    c = cp.start_campaign("belthar", seed=2)
    cp.start_next_game(c, GAME)
    finish(c, won=True, hp=5)
    record = cp.record_game(c, GAME)
    assert record.result == "won" and record.druid_hp == 5
    assert c.game is None and c.druid_hp == 5 + cp.REST_HP and c.resolve == 1
    state = cp.start_next_game(c, GAME)
    assert state.darach == "morvenna" and state.path == "thornwild"
    assert state.druid_hp == 5 + cp.REST_HP
    assert state.darach_hp == C.darachs["morvenna"].hp + 2


def test_healing_between_games_stops_at_full_hp() -> None:
    c = cp.start_campaign("seren", seed=2)
    cp.start_next_game(c, GAME)
    finish(c, won=True, hp=C.druids["seren"].hp - 1)
    cp.record_game(c, GAME)
    assert c.druid_hp == C.druids["seren"].hp


def test_a_loss_ends_the_campaign() -> None:  # C3
    c = cp.start_campaign("oisin", seed=3)
    cp.start_next_game(c, GAME)
    with pytest.raises(cp.CampaignError):
        cp.record_game(c, GAME)  # not finished yet
    finish(c, won=False, hp=0)
    cp.record_game(c, GAME)
    assert c.status == "lost" and cp.next_leg(c) is None
    with pytest.raises(cp.CampaignError):
        cp.start_next_game(c, GAME)


def test_four_wins_win_the_campaign_and_scores_add_up() -> None:  # C3, C4
    c = cp.start_campaign("belthar", seed=4)
    for _ in range(4):
        cp.start_next_game(c, GAME)
        finish(c, won=True, hp=12)
        cp.record_game(c, GAME)
    assert c.status == "won" and len(c.records) == 4
    assert cp.total_score(c) == sum(r.score for r in c.records)
    assert "won" in cp.summary(c)
    assert all("won" in line for line in cp.road(c))


def test_abandon_mid_game() -> None:  # C3
    c = cp.start_campaign("emrys", seed=6)
    cp.start_next_game(c, GAME)
    cp.abandon(c)
    assert c.status == "abandoned" and c.game is None and c.records[-1].result == "abandoned"
    with pytest.raises(cp.CampaignError):
        cp.abandon(c)


def test_a_campaign_mid_game_survives_a_json_round_trip() -> None:
    c = cp.start_campaign("belthar", seed=7)
    cp.start_next_game(c, GAME)
    rng = Rng.from_seed(1)
    for _ in range(15):
        GAME.apply(c.game, greedy_player(GAME, c.game, rng))
    raw = msgspec.json.encode(c)
    back = msgspec.json.decode(raw, type=cp.Campaign)
    assert msgspec.json.encode(back) == raw
    check_invariants(back.game)
    # the resumed game plays on exactly like the original
    action = greedy_player(GAME, c.game, Rng.from_seed(9))
    GAME.apply(c.game, action)
    GAME.apply(back.game, action)
    assert msgspec.json.encode(back) == msgspec.json.encode(c)


def test_road_and_summary_describe_progress() -> None:
    c = cp.start_campaign("belthar", seed=8)
    assert cp.road(c)[0].endswith("next")
    cp.start_next_game(c, GAME)
    assert "fighting Kaliran" in cp.summary(c)
    assert cp.road(c)[0].endswith("in progress")


def test_a_whole_campaign_played_by_the_bot_ends() -> None:
    c = cp.start_campaign("oisin", seed=11)
    rng = Rng.from_seed(11)
    while c.status == "active":
        state = cp.start_next_game(c, GAME)
        while GAME.outcome(state) is None:
            GAME.apply(state, greedy_player(GAME, state, rng))
        cp.record_game(c, GAME)
    assert c.status in ("won", "lost") and c.records


def test_r37_c4_a_lost_game_and_a_lost_road_have_no_score() -> None:
    c = cp.start_campaign("belthar", seed=4)
    cp.start_next_game(c, GAME)
    finish(c, won=True, hp=12)
    won = cp.record_game(c, GAME)
    cp.start_next_game(c, GAME)
    state = c.game
    state.darach_hp = 5  # brought low, not down
    finish(c, won=False, hp=0)
    outcome = GAME.outcome(state)
    assert outcome.score is None and outcome.terms == () and not outcome.won
    darach = C.darachs[c.legs[1].darach].name
    assert f"{darach} was left at ♥5/{state.darach_hp_max}" in outcome.summary
    lost = cp.record_game(c, GAME)
    assert lost.score is None and won.score is not None and won.score > 0
    assert cp.total_score(c) == won.score  # only the win counts (C4)
    road = GAME.campaign_outcome(c)
    assert not road.won and road.score is None and "score" not in cp.summary(c)
    assert GAME.rank(road) < GAME.rank(Outcome(True, 0))  # below even the poorest win


def test_c4_a_road_saved_before_r37_does_not_count_its_lost_games_score() -> None:
    c = cp.start_campaign("belthar", seed=4)
    c.records = [
        cp.GameRecord(0, "kaliran", "celthar", 1, "won", 30, 7, 12),
        cp.GameRecord(1, "morvenna", "thornwild", 2, "lost", 25, 10, 0),  # the damage dealt, back then
    ]
    c.status = "lost"
    assert cp.total_score(c) == 30
    assert GAME.filed_score(False, 55) is None and GAME.filed_score(True, 30) == 30
