"""DecknForge's log as data: every kind of line the rules write has its words in wording.py, and
every kind worded there is written (a kind without words would show as its raw parts)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.decknforge.wording import RETIRED, TURNING_POINTS, WORDING
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
    assert written == set(WORDING) - RETIRED  # old logs' kinds are worded, never written now
    assert TURNING_POINTS < set(WORDING)


def test_the_log_says_why_an_attack_went_as_it_did():
    """Content 4: the suits a Monster strikes (why an Adventurer falls, R10) and the
    retaliation summed part by part (R11), before the verdict."""
    from tests.decknforge.helpers import finish_round, new, rig_monster, set_slots

    state = new(1)
    set_slots(state, 0, [("QS", ["2S", "3H"]), ("KH", ["9H"])])
    set_slots(state, 1, [("JS", ["4D"]), ("QD", ["3D"])])
    rig_monster(state, "AS", owner=1, mod=5)  # attack 1 + 5 = 6
    finish_round(state)
    lines = GAME.log_lines(state)
    strikes = next(i for i, line in enumerate(lines) if line.startswith("A♠/P2 strikes"))
    assert lines[strikes] == "A♠/P2 strikes every ♠ Adventurer."
    retaliation = lines.index("Retaliation against A♠/P2: 5 from Q♠/P1's gear + 4 from J♠/P2's gear = 9.")
    assert strikes < retaliation and lines[retaliation + 1] == "Retaliation 9 beats A♠/P2's attack 6: slain."
    hits = lines[strikes + 1]
    assert hits.startswith("A♠/P2 hits Q♠/P1 (2♠ 3♥), J♠/P2 (4♦):")  # the gear lost with them
    assert "K♥/P1 (" not in hits and "Q♦/P2 (" not in hits  # not a suit it strikes


def test_a_monster_that_hits_nobody_says_so_and_sums_nothing():
    from tests.decknforge.helpers import finish_round, new, rig_monster, set_slots

    state = new(1)
    set_slots(state, 0, [("KH", ["9H"])])
    set_slots(state, 1, [("QD", ["3D"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    kinds = [line.what for line in state.log]
    assert "strikes at" in kinds and "retaliation" not in kinds and "survives unanswered" in kinds
