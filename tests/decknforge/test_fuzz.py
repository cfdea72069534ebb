"""Seeded random games of 2-4 players through legal_actions/apply, every seat acting at once.

At every step: every card in exactly one place (home with its owner at the end), hand <= 7,
slots <= 3, and `validate` finds nothing. On the first games, also at every step: the save
round trip gives identical bytes, `is_legal` agrees with `legal_actions`, and every seat's view
hides what that seat may not know and cannot be told apart from the view of another table
that differs only in what is hidden (so the full state cannot be rebuilt from it).

`python -m tests.decknforge.test_fuzz 20000` runs a longer fuzz outside the suite.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import msgspec

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.decknforge.bots import GreedyPlayer, RandomPlayer, play
from engine.decknforge.model import (
    Card,
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Hire,
    InscribeScar,
    State,
    UpgradeScar,
)
from engine.decknforge.view import HIDDEN
from tests.decknforge.helpers import GAME, check_invariants, round_trip


def probes(seats: int) -> list:
    found = []
    for s in range(-1, seats + 1):
        found += [DrawEquipment(s), DrawAdventurer(s), DrawAdventurer(s, 0), DrawAdventurer(s, 7), EndTurn(s),
                  InscribeScar(s, "GNASH"), InscribeScar(s, "WILDJEST"), UpgradeScar(s, "KINDLE")]  # fmt: skip
        if 0 <= s < seats:
            found += [*(Hire(s, i) for i in range(-1, 8)), *(Cast(s, i) for i in range(-1, 8))]
            found += [Equip(s, i, j) for i in range(-1, 8) for j in range(-1, 4)]
    return found


GAMES = 200
CHECKED_GAMES = 10  # round trip, probes and views at every step


# ----- what a seat may know ---------------------------------------------------------------------


def identities(cards) -> Counter:
    return Counter((c.owner, c.code, c.word) for c in cards)


def public_cards(state: State) -> list[Card]:
    cards = state.lair + state.slain + state.escalations
    for row in state.rows:
        cards = cards + row
    for p in state.players:
        cards = cards + p.cast + p.discard + p.returned
        for slot in p.slots:
            cards = cards + [slot.adventurer] + slot.gear
    return cards


def all_view_cards(view: State) -> list[Card]:
    cards = public_cards(view) + view.monster_pile
    for p in view.players:
        cards += p.hand + p.adventurer_deck + p.equipment_deck
    return [c for c in cards if c.code != HIDDEN]


def check_view(state: State, seat: int | None) -> State:
    view = GAME.view(state, seat)
    known = identities(public_cards(state))
    if seat is not None:
        known += identities(state.players[seat].hand)
    if state.phase == "turn":  # hands and decks face down while the dungeon runs
        assert identities(all_view_cards(view)) <= known, "a view shows a card its seat may not know"
        for p in view.players:
            assert all(c.code == HIDDEN for c in p.adventurer_deck + p.equipment_deck)
            assert (p.seat == seat) or all(c.code == HIDDEN for c in p.hand)
        assert all(c.code == HIDDEN and not c.word for c in view.monster_pile)
    assert view.seed == 0 and view.rng.seed == 0 and view.rng.counter == 0
    for full, seen in zip(state.players, view.players):  # counts stay
        assert (len(full.hand), len(full.equipment_deck), len(full.adventurer_deck)) == (
            len(seen.hand), len(seen.equipment_deck), len(seen.adventurer_deck))  # fmt: skip
    assert len(view.monster_pile) == len(state.monster_pile)
    return view


def hidden_twin(state: State, seat: int | None, rng: Rng) -> State:
    """Another table that differs from `state` only in what `seat` may not know: the other
    hands swapped with their Equipment decks, every deck and the Monster pile reshuffled, and
    another shuffle to come."""
    twin = msgspec.json.decode(msgspec.json.encode(state), type=State)
    twin.seed, twin.rng = state.seed + 1, Rng(state.rng.seed + 1, state.rng.counter)
    for p in twin.players:
        if p.seat != seat:
            swap = [i for i, c in enumerate(p.hand) if c.code[0].isdigit()][:1]
            if swap and p.equipment_deck:
                i = swap[0]
                p.hand[i], p.equipment_deck[0] = p.equipment_deck[0], p.hand[i]
        rng.shuffle(p.equipment_deck)
        rng.shuffle(p.adventurer_deck)
    rng.shuffle(twin.monster_pile)
    return twin


def check_cannot_rebuild(state: State, seat: int | None, rng: Rng) -> None:
    twin = hidden_twin(state, seat, rng)
    if state.phase == "turn":
        assert msgspec.json.encode(GAME.view(twin, seat)) == msgspec.json.encode(GAME.view(state, seat))


# ----- the fuzz -----------------------------------------------------------------------------------


def play_random_game(seed: int, checked: bool, watch: Any = None) -> tuple[State, int]:
    """One seeded random game of 2-4 players with the invariants at every step; `checked` also
    round-trips the state, probes is_legal and checks every seat's view at every step. `watch`
    (the long fuzz runner's) sees the start and every move. Returns the end state and its
    number of moves."""
    players = 2 + seed % 3
    options = {"players": players, "strength": ("strict", "gentle")[seed % 2]}
    state = GAME.new_game(seed, **options)
    if watch is not None:
        watch.start(GAME, seed, options, state)
    chooser = Rng.from_seed(seed + 10_000)
    steps = 0
    probe = probes(players)
    while GAME.outcome(state) is None:
        if checked:
            state = msgspec.json.decode(round_trip(state), type=State)
            actions = GAME.legal_actions(state)
            for action in probe:
                assert GAME.is_legal(state, action) == (action in actions), action
            assert all(GAME.is_legal(state, a) for a in actions)
            assert {a.seat for a in actions} == set(GAME.to_move(state))
            for seat in (*range(players), None):
                check_view(state, seat)
                check_cannot_rebuild(state, seat, chooser)
        actions = GAME.legal_actions(state)
        assert actions, "a running game always offers a move"
        action = chooser.choice(actions)
        GAME.apply(state, action)  # any seat may act next: interleaved
        if watch is not None:
            watch.moved(state, action)
        check_invariants(state)  # validate() included
        steps += 1
        assert steps < 5000
    if checked:
        round_trip(state)
        assert GAME.legal_actions(state) == [] and GAME.to_move(state) == ()
    return state, steps


def fuzz(games: int, checked: int) -> dict[str, int]:
    results: dict[str, int] = {}
    for seed in range(games):
        state, _ = play_random_game(seed, seed < checked)
        results[state.result] = results.get(state.result, 0) + 1
    return results


def test_fuzz_random_games():
    results = fuzz(GAMES, CHECKED_GAMES)
    assert set(results) == {"clear", "fall", "driven_out"}, results


def test_fuzz_greedy_games_and_illegal_probes():
    for seed in range(60):
        state = GAME.new_game(seed, players=2 + seed % 3)
        play(GAME, state, [GreedyPlayer(seed * 7 + i) for i in range(4)])
        check_invariants(state)
    state = GAME.new_game(5)
    before = msgspec.json.encode(state)
    legal = GAME.legal_actions(state)
    for action in probes(2):
        if action not in legal:
            try:
                GAME.apply(state, action)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{action} was accepted")
    assert msgspec.json.encode(state) == before


def veteran_decks(seed: int, count: int) -> list:
    """Decks written all over: every card carries a word it can fire with, Monsters a number."""
    from engine.decknforge.legacy import fresh_deck
    from engine.decknforge.lexicon import fires_on, words_of
    from engine.decknforge.model import ROLE

    rng = Rng.from_seed(seed)
    pools = {kind: words_of(kind) for kind in ("adventurer", "equipment", "monster")}
    decks = []
    for i in range(count):
        deck = fresh_deck(f"V{i}")
        deck.level = 1 + rng.below(3)
        for card in deck.cards:
            if rng.below(3):
                card.word = rng.choice([w.name for w in pools[ROLE[card.code]] if fires_on(w, card.code)])
                if ROLE[card.code] == "monster":
                    card.modifier = 2 + rng.below(9)
        decks.append(deck)
    return decks


def veteran_fuzz(games: int, viewed: int) -> set[str]:
    """Tables of decks written all over, played by the bot or at random; the words that fired."""
    fired: set[str] = set()
    for seed in range(games):
        decks = veteran_decks(seed, 2 + seed % 3)
        state = GAME.new_game(seed, decks=decks)
        bot = RandomPlayer(seed)
        greedy = seed % 2 == 0
        while GAME.outcome(state) is None:
            if seed < viewed:
                state = msgspec.json.decode(round_trip(state), type=State)
                for seat in GAME.to_move(state):
                    check_view(state, seat)
            seat = GAME.to_move(state)[0]
            action = GAME.bot_action(state, seat) if greedy else bot.rng.choice(GAME.legal_actions(state))
            GAME.apply(state, action)
            check_invariants(state)
            # the log keeps only its last lines: read it after every move
            fired.update(line.parts[2] for line in state.log if line.what == "word")  # the word's name
    return fired


def test_fuzz_veteran_decks_run_every_word():
    from engine.decknforge.lexicon import base_words

    fired = veteran_fuzz(80, 8)
    assert len(fired & {w.name for w in base_words()}) >= 64  # read after every move: all but the rarest


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    print(fuzz(count, count // 20))
    from engine.decknforge.lexicon import base_words

    fired = veteran_fuzz(count // 4, count // 40) & {w.name for w in base_words()}
    print(f"{len(fired)} of {len(base_words())} built-in words fired on veteran decks")
