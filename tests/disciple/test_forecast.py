"""The damage a card in hand shows (engine/disciple/forecast.py) is what playing it deals: in
seeded random games of every playstyle, each attacking card the seat may play is forecast from
the seat's own view and then played on a copy of the full state, and the foe's vitality loss
compared."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.effects import foe_of
from engine.disciple.forecast import dealt
from engine.disciple.model import Disciple, PlayCard, State
from engine.registry import GAMES

GAME = GAMES["disciple"]
PLAYSTYLES = {
    "solo": ({}, range(10)),
    "coop": ({"mode": "coop", "players": 2}, range(3)),
    "versus": ({"mode": "versus"}, range(6)),
    "campaign": ({"mode": "campaign", "players": 2}, range(1)),
}


def copy(state: State) -> State:
    return msgspec.json.decode(msgspec.json.encode(state), type=State)


@pytest.mark.parametrize("playstyle", list(PLAYSTYLES))
def test_a_forecast_is_what_playing_the_card_deals(playstyle):
    options, seeds = PLAYSTYLES[playstyle]
    compared = powered = 0
    for seed in seeds:
        state = GAME.new_game(seed, **options)
        chooser = Rng.from_seed(seed + 7)
        for _ in range(600):
            if GAME.outcome(state) is not None:
                break
            legal = GAME.legal_actions(state)
            for action in legal:
                if not isinstance(action, PlayCard) or action.taps is not None:
                    continue
                seat = action.seat
                shown = dealt(GAME.view(state, seat), seat, action.hand_index)
                if shown is None:
                    continue
                trial = copy(state)
                foe = foe_of(trial, trial.players[seat])
                if isinstance(foe, Disciple) and foe.counters:
                    continue  # a counter set face down may answer it: the forecast cannot know
                before = foe.vitality
                GAME.apply(trial, action)
                assert before - foe.vitality == shown, (seed, action)  # the one it hit, beaten or not
                compared += 1
                powered += state.players[seat].power > 0 or state.players[seat].feint
            state_action = chooser.choice(legal)
            GAME.apply(state, state_action)
    assert compared > 20
    if playstyle == "solo":
        assert powered > 0  # Power or Feint pending was among the cards compared
