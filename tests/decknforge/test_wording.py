"""DecknForge's log as data: every kind of line the rules write has its words in wording.py, and
every kind worded there is written (a kind without words would show as its raw parts)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.decknforge.wording import TURNING_POINTS, WORDING
from tests.decknforge.helpers import GAME
from tests.decknforge.test_fuzz import veteran_decks


def test_every_kind_of_line_written_is_worded_and_every_worded_kind_is_written():
    written: set[str] = set()
    for seed in range(60):  # fresh and veteran decks, the bot and random moves
        if seed % 2:
            state = GAME.new_game(seed, decks=veteran_decks(seed, 2 + seed % 3))
        else:
            state = GAME.new_game(seed, players=2 + seed % 3)
        rng = Rng.from_seed(seed)
        written.update(line.what for line in state.log)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            action = GAME.bot_action(state, seat) if seed % 3 == 0 else rng.choice(GAME.legal_actions(state))
            events = GAME.apply(state, action)
            written.update(line.what for line in state.log)
            written.update(event.line.what for event in events)
            assert all(GAME.log_text(line) for line in state.log)
    assert written == set(WORDING)
    assert TURNING_POINTS < set(WORDING)
