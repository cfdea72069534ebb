"""The coach: the best few moves for a seat, with what each is worth, found without peeking.

A hint and the hard bot see only `game.view(state, seat)`. It is determinized Monte Carlo
search: every playout starts from a state re-dealt to agree with the view (`Game.redeal`:
hidden cards, draw order and the Rng's seed drawn afresh), makes one of the seat's moves and
plays on with the game's quick playout moves (`Game.rollout_action`, its greedy bot) to the end
or the game's horizon (`Game.playout_horizon`); moves race each other on the same deals and
dice (Search), starting from the game's order and default move (`Game.search_moves`), and what
a playout is worth is the game's word (`Game.playout_worth`: a win, or a chance estimated where
the horizon cut it short). A game whose playouts are quick may fix its search
(`Game.fixed_search`: Disruption): its whole budget is played when the search is made, seeded
by what the seat sees, so the answer is there at once and the same every time.

The engine never reads the clock: a time budget, progress and cancelling live above it,
calling `run` again and again.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from engine.core.rng import Rng

LEVELS = ("easy", "hard")  # easy: the game's greedy bot; hard: search

MAX_PLAYOUT_MOVES = 20_000  # a playout longer than this is cut short (worth as it stands)
ELIMINATE = 2.0  # standard errors behind the leader that put a move out of the race
PRIOR = 1.0  # standard errors ahead of the default move a move needs to take the lead


class Advice(msgspec.Struct, frozen=True):
    action: Any  # one of game.legal_actions(state) for `seat`
    worth: float  # in the game's own terms: a chance 0..1, or an expected score
    worth_text: str  # the worth in words: "62% to win the encounter", "score 41 expected"
    why: str  # one line of why, in the game's own words (data, not markup)
    samples: int = 0  # playouts through this move


def mixed_seed(*parts: int) -> int:
    """One seed from several numbers (SplitMix64's mix over each in turn)."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = Rng.from_seed(value ^ (part & ((1 << 64) - 1))).next_u64()
    return value


def lead(better: list[float], other: list[float]) -> float:
    """By how many standard errors `better` leads `other` over the rounds both ran (the first
    ones: a move runs every round from the first until it drops out of a race)."""
    diffs = [x - y for x, y in zip(better, other)]
    count = len(diffs)
    if count < 2:
        return 0.0
    mean = sum(diffs) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1))
    if spread == 0:
        return math.inf if mean > 0 else (-math.inf if mean < 0 else 0.0)
    return mean / (spread / math.sqrt(count))


class Search:
    """Search for `seat`'s next move, seeing only game.view(state, seat): every playout
    starts from a state re-dealt to agree with that view (hidden cards, draw order and
    the Rng's seed re-randomised). Deterministic for the same view, seed and playouts.

    The search runs in rounds. A round deals one state from the view and plays every move
    still in the race through it, each followed by the same quick playout (the same deal and
    the same dice for all: common random numbers, so moves are compared on equal luck). After
    each round a move that trails the leader by more than the noise allows (ELIMINATE standard
    errors of the paired difference) drops out, so the playouts go to the moves that matter.
    The game's default move (its greedy move, Game.search_moves) keeps the lead unless
    another is shown better: a search never plays worse than the greedy bot for want of
    playouts. A fixed search (Game.fixed_search) plays its whole budget here, in whole rounds,
    and `run` adds nothing: `fixed` says so."""

    def __init__(self, game: Any, state: Any, seat: int, seed: int = 0) -> None:
        if game.outcome(state) is not None or not game.to_move(state):
            raise ValueError("The game is over.")
        if seat not in game.to_move(state):
            names = game.seats(state)
            name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
            raise ValueError(f"It is not {name}'s move.")
        self.game = game
        self.seat = seat
        self.seed = seed
        self.view = game.view(state, seat)
        if self.view is state:  # a one-seat game's view is the state: keep a copy of our own
            self.view = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
        self._type = type(state)
        fixed_seed = game.fixed_search(self.view, seat)
        if fixed_seed is not None:
            self.seed = seed = fixed_seed
        first = game.redeal(self.view, seat, Rng.from_seed(mixed_seed(seed, 1 << 40)))
        legal = [a for a in game.legal_actions(first) if game.seat_of(a) == seat]
        if not legal:
            raise ValueError("There is no move to make.")
        self.legal, self.default = game.search_moves(self.view, seat, legal)
        self.min_rounds = game.search_min_rounds
        self.playouts = 0
        self.values: list[list[float]] = [[] for _ in self.legal]  # each round's worth, per move
        self.alive = list(range(len(self.legal)))
        self.rounds = 0
        self._queue: list[int] = []
        self._deal: Any = None
        self._dice = 0
        self.fixed = False
        if fixed_seed is not None:
            budget = game.search_budget(self.view)
            while self.playouts < budget and (len(self.alive) > 1 or self.rounds < self.min_rounds):
                self.run(len(self._queue) or len(self.alive))  # whole rounds; a lone move its first ones
            self.fixed = True

    # ----- searching ------------------------------------------------------------------

    def run(self, playouts: int) -> None:
        """`playouts` more playouts (none once a fixed search is made)."""
        if self.fixed:
            return
        for _ in range(playouts):
            if not self._queue:
                self._deal = self.game.redeal(self.view, self.seat, Rng.from_seed(mixed_seed(self.seed, self.rounds)))
                self._dice = mixed_seed(self.seed, self.rounds, 7)
                self._queue = list(self.alive)
            move = self._queue.pop(0)
            self.values[move].append(self._playout(move))
            self.playouts += 1
            if not self._queue:
                self.rounds += 1
                self._race()

    def _playout(self, move: int) -> float:
        game = self.game
        deal = msgspec.msgpack.decode(msgspec.msgpack.encode(self._deal), type=self._type)
        game.apply(deal, self.legal[move])
        rng = Rng.from_seed(self._dice)
        limit = game.playout_horizon(deal)
        for _ in range(MAX_PLAYOUT_MOVES if limit is None else limit):
            if game.outcome(deal) is not None or not game.to_move(deal):
                break
            game.apply(deal, game.rollout_action(deal, rng))
        return game.playout_worth(deal, self.seat)

    def _race(self) -> None:
        if self.rounds < self.min_rounds or len(self.alive) < 2:
            return
        leader = self._leader()
        kept = []
        for index in self.alive:
            if index != leader and self._ahead(leader, index) > ELIMINATE:
                continue
            kept.append(index)
        self.alive = kept

    def _mean(self, index: int) -> float:
        values = self.values[index]
        return sum(values) / len(values) if values else 0.0

    def _ahead(self, better: int, other: int) -> float:
        return lead(self.values[better], self.values[other])

    def _leader(self) -> int:
        best = max(self.alive, key=lambda i: (self._mean(i), i == self.default, -i))
        if self.default in self.alive and best != self.default:
            if self._ahead(best, self.default) < PRIOR:
                return self.default  # not shown better than the default move: keep to it
        return best

    # ----- answering ------------------------------------------------------------------

    def advice(self, best: int = 3) -> list[Advice]:
        """The best `best` moves, best first: the leader of the race, the others still in it
        by their worth, then those that dropped out, the last to go first."""
        game, view, seat = self.game, self.view, self.seat
        leader = self._leader() if self.alive else self.default
        order = sorted(
            range(len(self.legal)),
            key=lambda i: (i != leader, i not in self.alive, -len(self.values[i]), -self._mean(i), i),
        )
        answer = []
        for index in order[:best]:
            action, values = self.legal[index], self.values[index]
            mean = self._mean(index)
            if values:
                why = game.hint_why(view, seat, action, sum(values), len(values))
            else:
                why = "not searched yet"
            answer.append(Advice(action, mean, game.worth_words(view, seat, mean), why, len(values)))
        return answer


def bot_move(game: Any, state: Any, seat: int, level: str, seed: int = 0) -> Any:
    """The move a bot of `level` makes (hard: a Search of the game's fixed playout count, so
    the engine stays clock-free and a bot game replays exactly)."""
    if level not in LEVELS:
        raise ValueError(f"No bot level '{level}': {' or '.join(LEVELS)}")
    if level == "easy":
        return game.bot_action(state, seat, "easy")
    return hard_move(game, state, seat, seed)


def hard_move(game: Any, state: Any, seat: int, seed: int = 0, playouts: int | None = None) -> Any:
    """The hard bot's move: the search's best after `playouts` (the game's default for the
    state, Game.search_budget)."""
    search = Search(game, state, seat, seed)
    if search.fixed:  # played whole when made: no playouts to wait for
        return search.advice(1)[0].action
    if len(search.legal) == 1:
        return search.legal[0]
    budget = game.search_budget(state) if playouts is None else playouts
    while search.playouts < budget and len(search.alive) > 1:
        search.run(1)
    return search.advice(1)[0].action
