"""The view property test, over every game and playstyle of several seats (Disciple Versus,
Co-Op and Campaign, with the CL bot or a person leading; DecknForge for 2-4): seeded random
playouts, and at every step, for every seat and for a spectator (None):

- the view hides what the rules hide from that seat (other hands, decks, face-down counters,
  the Campaign Leader's event decks, the shuffle), and keeps every count; a Co-Op table is
  open to its players (R40), never to a spectator, who sees no hand in any playstyle;
- no event of the step and no log line it wrote names a card that seat may not know: a card
  the table hides from it before and after the step, of which no copy lies face up and none
  came or went (tests/seat_knowledge.py works those out from the views);
- a replay of the same moves (saves/replay.py) shows each seat, frame by frame, exactly its
  view at the table, and anyone who did not play it the spectator's: never more.

SEAT_VIEW_GAMES sets the games per playstyle (2 by default), SEAT_VIEW_STEPS how many moves
of each are checked (300); `python -m tests.fuzz seat_views --games N` runs it longer.
"""

from __future__ import annotations

import os
from typing import Any

import msgspec
import pytest

from engine.core.rng import Rng
from engine.decknforge.view import HIDDEN as FORGE_HIDDEN
from engine.disciple.view import HIDDEN as DISCIPLE_HIDDEN
from engine.registry import GAMES
from saves.replay import ReplaySession, Timeline
from saves.session import new_lines
from tests.seat_knowledge import DISCIPLE_NAMES, Glimpse, kept_secret, named

GAME_COUNT = int(os.environ.get("SEAT_VIEW_GAMES", "2"))
STEPS = int(os.environ.get("SEAT_VIEW_STEPS", "300"))

PLAYSTYLES = [
    ("disciple", {"mode": "versus"}),
    ("disciple", {"mode": "coop", "players": 2}),
    ("disciple", {"mode": "coop", "players": 4}),
    ("disciple", {"mode": "campaign", "players": 2}),
    ("disciple", {"mode": "campaign", "players": 3, "cl": "human"}),
    ("decknforge", {"players": 2}),
    ("decknforge", {"players": 3}),
    ("decknforge", {"players": 4}),
]


def check_view(game: Any, state: Any, seat: int | None) -> Any:
    """The view of `seat` by the rules' zones, not by the view's own code: what it may not
    see is a placeholder, counts stay, the shuffle is gone."""
    seen = game.view(state, seat)
    if game.id == "decknforge":
        assert seen.seed == 0 and seen.rng.counter == 0
        if state.phase == "turn":
            for full, mine in zip(state.players, seen.players):
                for pile in ("adventurer_deck", "equipment_deck") + (("hand",) if full.seat != seat else ()):
                    assert [c.code for c in getattr(mine, pile)] == [FORGE_HIDDEN] * len(getattr(full, pile)), pile
            assert {c.code for c in seen.monster_pile} <= {FORGE_HIDDEN}
        return seen
    leader = len(state.players)
    open_table = state.mode == "coop" or (state.mode == "campaign" and state.cl != "human")
    if open_table and seat is not None:  # R40: the band's table is open to its players
        return seen
    assert seen.rng.counter == 0
    for index, (full, mine) in enumerate(zip(state.players, seen.players)):
        if state.mode == "campaign" and seat is not None:  # R43: hands open; event decks the CL's
            if seat != leader:
                assert mine.event_deck == [DISCIPLE_HIDDEN] * len(full.event_deck)
                assert sorted(mine.draw) == mine.draw == sorted(full.draw)
        elif index != seat:  # another Disciple: hand, draw pile, deck list (and Versus counters) face down
            for pile in ("hand", "draw", "owned", "counters"):
                if pile == "counters" and state.mode != "versus":  # set face up (R35 is Versus')
                    assert mine.counters == full.counters
                    continue
                assert getattr(mine, pile) == [DISCIPLE_HIDDEN] * len(getattr(full, pile)), (pile, seat)
        else:
            assert mine.hand == full.hand and mine.counters == full.counters
            assert sorted(mine.draw) == mine.draw == sorted(full.draw)
        assert (mine.discard, mine.stance, mine.style, mine.state_card) == (
            full.discard, full.stance, full.style, full.state_card)  # fmt: skip
    return seen


def told(game: Any, events: list[Any], before: list[Any], after: list[Any]) -> list[str]:
    """The words a step put before every seat: its events and the log lines it wrote."""
    words = [game.log_text(event.line) for event in events]
    return words + [game.log_text(line) for line in new_lines(before, after)]


def play(game_id: str, options: dict[str, Any], seed: int) -> int:
    """One seeded random game, checked at every step (up to STEPS); its number of moves."""
    game = GAMES[game_id]
    state = game.new_game(seed=seed, **game.check_options(dict(options)))
    start = msgspec.json.encode(state)
    seats: list[int | None] = [*range(len(game.seats(state))), None]
    chooser = Rng.from_seed(seed * 7 + 1)
    frames: list[dict[int | None, bytes]] = []  # each seat's view after each move
    actions = []
    views = {seat: check_view(game, state, seat) for seat in seats}
    frames.append({seat: msgspec.json.encode(seen) for seat, seen in views.items()})
    glimpses = {seat: Glimpse(game, state, views[seat]) for seat in seats}
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        before_log = list(state.log)
        before = glimpses
        action = chooser.choice(game.legal_actions(state))
        events = game.apply(state, action)
        actions.append(action)
        words = told(game, events, before_log, list(state.log))
        views = {seat: check_view(game, state, seat) for seat in seats}
        glimpses = {seat: Glimpse(game, state, views[seat]) for seat in seats}
        for seat in seats:
            secret = kept_secret(before[seat], glimpses[seat])
            for line in words:
                assert not named(line, secret, game_id), (seed, len(actions), seat, line)
            if game_id == "disciple":  # an event's parts hold no hidden card either
                parts = msgspec.json.encode(events).decode()
                ids = {i for i, name in DISCIPLE_NAMES.items() if name in secret}
                assert not [i for i in ids if f'"{i}"' in parts], (seed, len(actions), seat)
        frames.append({seat: msgspec.json.encode(seen) for seat, seen in views.items()})
    check_replay(game, start, actions, frames)
    return len(actions)


def check_replay(game: Any, start: bytes, actions: list[Any], frames: list[dict[int | None, bytes]]) -> None:
    """Each player's replay shows their own seat's view of every frame, a stranger's the
    spectator's: byte for byte what that seat saw at the table."""
    first = msgspec.json.decode(start, type=game.State)
    players = [f"key:{seat}" for seat in range(len(game.seats(first)))]
    timeline = Timeline(game, first, actions, "a table", "history", players)
    assert timeline.reachable == len(actions)
    for viewer, seat in [*((who, seat) for seat, who in enumerate(players)), ("key:stranger", None)]:
        replay = ReplaySession(timeline, 0, viewer)
        assert replay.views == ([seat, None] if seat is not None else [None])
        for index in range(0, len(actions) + 1, max(1, len(actions) // 40)):
            replay.go(index)
            assert msgspec.json.encode(game.view(replay.state, replay.views[0])) == frames[index][seat], index


@pytest.mark.parametrize(("game_id", "options"), PLAYSTYLES, ids=lambda v: str(v))
def test_no_seat_is_shown_a_card_it_may_not_know(game_id, options):
    for seed in range(GAME_COUNT):
        play(game_id, options, seed)
