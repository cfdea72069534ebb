"""Game.validate: a sound state gives [], each kind of impossible state a readable reason.
(The fuzz test checks it stays [] on every state of 600 random runs.)"""

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from engine.disciple.model import Choose, EnergyCard, Pending, State

from .helpers import GAME, to_first_fight


def mid_fight() -> State:
    """A real state of turn 2 of the first fight (so the skills decks add up)."""
    state = to_first_fight(GAME.new_game(seed=5, style="boxing"))
    rng = Rng.from_seed(5)
    while state.turn < 2 or state.phase != "player" or state.pending is not None:
        GAME.apply(state, greedy_action(GAME, state, rng))
    assert state.enemies and GAME.outcome(state) is None
    return state


def copy(state: State) -> State:
    return msgspec.json.decode(msgspec.json.encode(state), type=State)


def test_sound_states_give_no_problems():
    assert GAME.validate(GAME.new_game(seed=1)) == []
    assert GAME.validate(mid_fight()) == []


def _break(change) -> list[str]:
    state = copy(mid_fight())
    change(state)
    return GAME.validate(state)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda s: s.players[0].hand.append(s.players[0].hand[0]), "in the deck but"),
        (lambda s: s.players[0].draw.clear(), "in the deck but"),
        (lambda s: s.players[0].skills_deck.pop(), "in the skills decks but"),
        (lambda s: s.players[0].hand.append("nunchaku"), "unknown card 'nunchaku'"),
        (lambda s: setattr(s.players[0], "vitality", 30), "above 25"),
        (lambda s: setattr(s.players[0], "guard", -1), "Guard is below zero"),
        (lambda s: s.players[0].pool.__setitem__(1, -2), "energy pool"),
        (lambda s: setattr(s.enemies[0], "vitality", 99), "more vitality than it started"),
        (lambda s: s.enemies[0].patterns.pop(), "attack patterns are not its pile"),
        (lambda s: setattr(s.players[0], "stance", s.players[0].hand[0]), "cannot be in play as the stance"),
        (lambda s: setattr(s, "phase", "dancing"), "unknown phase"),
        (lambda s: setattr(s, "won", True), "result disagree"),
        (lambda s: setattr(s, "enemies", []), "no enemy"),
    ],
)
def test_each_broken_piece_is_named(change, words):
    problems = _break(change)
    assert problems and any(words in p for p in problems), problems


def test_a_pending_decision_that_cannot_be_made_is_named():
    state = copy(mid_fight())
    state.pending = Pending(kind="weakened", prompt="", options=["99"])
    assert any("no enemy turn" in p for p in GAME.validate(state))
    state.pending = Pending(kind="stun_tap", prompt="", options=["0"])
    state.players[0].to_tap = 1
    state.players[0].energy[0].tapped = True
    assert any("cannot be chosen" in p for p in GAME.validate(state))
    state.pending = Pending(kind="reward", prompt="", options=[])
    assert any("no options" in p for p in GAME.validate(state))
    state.pending = Pending(kind="haiku", prompt="", options=["a"])
    assert any("unknown decision" in p for p in GAME.validate(state))


def test_a_finished_run_and_a_style_choice_are_sound():
    state = GAME.new_game(seed=3)
    assert state.pending.kind == "style" and GAME.validate(state) == []
    GAME.apply(state, Choose(0))
    assert GAME.validate(state) == []
    state = mid_fight()
    state.players[0].vitality = 1
    state.players[0].energy = [EnergyCard("blue", 1, tapped=True)]
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.legal_actions(state)[-1])
    assert GAME.validate(state) == []


def test_a_save_of_the_first_content_is_refused_with_its_reason(store):
    """Content 2 changed cards, enemies and patterns: a save of content 1 cannot be played
    (content 3 and 4 changed only how the state and its log are kept, 5 some rules, 6 some
    numbers; see test_upgrade.py)."""
    import json

    from saves.envelope import Damaged
    from saves.session import GameSession

    assert GAME.content_version == 6
    session = GameSession.start(store, GAME, 1)
    path = store.paths.save_file(session.save_id)
    raw = json.loads(path.read_bytes())
    path.write_text(json.dumps(dict(raw, content_version=1)))
    with pytest.raises(Damaged, match="older Disciple: A Journey cards"):
        store.read(session.save_id)
