"""The coach: the best few moves for a seat, with what each is worth, found without peeking.

A hint and the hard bot see only `game.view(state, seat)`. Where a game can judge its next
move exactly (Disruption's encounters), the answer is exact. Elsewhere it is information-set
Monte Carlo tree search: every playout starts from a state re-dealt to agree with the view
(`Game.redeal`: hidden cards, draw order and the Rng's seed drawn afresh), walks a tree of
moves shared by every deal (UCT over the moves legal in that deal), and plays on to the end
with the game's quick playout moves (`Game.rollout_action`). Moves are compared by what the
playouts through them were worth to the seat that made them.

The engine never reads the clock: a time budget, progress and cancelling live above it,
calling `run` again and again.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from engine.core.rng import Rng

LEVELS = ("easy", "hard")  # easy: the game's greedy bot; hard: search

EXPLORE = 0.7  # UCT's exploration constant, for worths in 0..1
MAX_PLAYOUT_MOVES = 20_000  # a playout longer than this is cut short (worth as it stands)


class Advice(msgspec.Struct, frozen=True):
    action: Any  # one of game.legal_actions(state) for `seat`
    worth: float  # in the game's own terms: a chance 0..1, or an expected score
    worth_text: str  # the worth in words: "62% to win the encounter", "score 41 expected"
    why: str  # one line of why, in the game's own words (data, not markup)
    samples: int = 0  # playouts through this move (0 where exact)


class _Node:
    """A move in the tree, shared by every deal in which it is legal (information-set MCTS)."""

    __slots__ = ("seat", "visits", "total", "seen", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the move leading here (its worth is theirs)
        self.visits = 0
        self.total = 0.0
        self.seen = 0  # deals in which this move was legal when its parent was reached
        self.children: dict[Any, _Node] = {}


class Search:
    """Search for `seat`'s next move, seeing only game.view(state, seat): every playout
    starts from a state re-dealt to agree with that view (hidden cards, draw order and
    the Rng's seed re-randomised). Deterministic for the same view, seed and playouts."""

    def __init__(self, game: Any, state: Any, seat: int, seed: int = 0) -> None:
        if game.outcome(state) is not None or not game.to_move(state):
            raise ValueError("The game is over.")
        if seat not in game.to_move(state):
            names = game.seats(state)
            name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
            raise ValueError(f"It is not {name}'s move.")
        self.game = game
        self.seat = seat
        self.view = game.view(state, seat)
        if self.view is state:  # a one-seat game's view is the state: keep a copy of our own
            self.view = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
        self._type = type(state)
        self.rng = Rng.from_seed(seed)
        first = game.redeal(self.view, seat, Rng.from_seed(seed ^ 0x5EED))
        self.legal = [a for a in game.legal_actions(first) if game.seat_of(a) == seat]
        if not self.legal:
            raise ValueError("There is no move to make.")
        self.root = _Node(seat)
        self.playouts = 0
        exact = game.exact_advice(self.view, seat)
        self.exact = exact is not None
        self._exact: list[Advice] = [Advice(*entry) for entry in exact or ()]

    # ----- searching ------------------------------------------------------------------

    def run(self, playouts: int) -> None:
        """`playouts` more playouts (none where the answer is exact)."""
        if self.exact:
            return
        game = self.game
        for _ in range(playouts):
            deal = game.redeal(self.view, self.seat, self.rng)
            self._playout(deal)
            self.playouts += 1

    def _playout(self, deal: Any) -> None:
        game, rng = self.game, self.rng
        node, path = self.root, [self.root]
        expanded = False
        first = True
        while game.outcome(deal) is None:
            movers = game.to_move(deal)
            if not movers:
                break
            legal = self.legal if first else game.legal_actions(deal)
            first = False
            mover = movers[0]
            legal = [a for a in legal if game.seat_of(a) == mover] or legal
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    continue
                child.seen += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                if expanded:
                    break  # the tree grows one node a playout: play on from here
                action = untried[rng.below(len(untried))]
                child = node.children[action] = _Node(mover)
                child.seen = 1
                expanded = True
            else:
                action, child = self._select(node, legal)
            game.apply(deal, action)
            node = child
            path.append(child)
        self._roll_out(deal)
        worths: dict[int, float] = {}
        for step in path:
            worth = worths.get(step.seat)
            if worth is None:
                worth = worths[step.seat] = game.playout_worth(deal, step.seat)
            step.visits += 1
            step.total += worth

    def _select(self, node: _Node, legal: list[Any]) -> tuple[Any, _Node]:
        best, best_child, best_score = None, None, -math.inf
        for action in legal:
            child = node.children[action]
            score = child.total / child.visits + EXPLORE * math.sqrt(math.log(child.seen) / child.visits)
            if score > best_score:
                best, best_child, best_score = action, child, score
        return best, best_child  # type: ignore[return-value]

    def _roll_out(self, deal: Any) -> None:
        game, rng = self.game, self.rng
        for _ in range(MAX_PLAYOUT_MOVES):
            if game.outcome(deal) is not None or not game.to_move(deal):
                return
            game.apply(deal, game.rollout_action(deal, rng))

    # ----- answering ------------------------------------------------------------------

    def advice(self, best: int = 3) -> list[Advice]:
        """The best `best` moves, best first: the most played through (the search sends its
        playouts where the worth is highest), then the higher worth."""
        if self.exact:
            return self._exact[:best]
        game, view, seat = self.game, self.view, self.seat
        ranked = []
        for index, action in enumerate(self.legal):
            child = self.root.children.get(action)
            visits, total = (child.visits, child.total) if child else (0, 0.0)
            mean = total / visits if visits else 0.0
            ranked.append((-visits, -mean, index, action, mean, total, visits))
        ranked.sort(key=lambda entry: entry[:3])
        answer = []
        for *_, action, mean, total, visits in ranked[:best]:
            if visits:
                why = game.hint_why(view, seat, action, total, visits)
            else:
                why = "not searched yet"
            answer.append(Advice(action, mean, game.worth_words(view, seat, mean), why, visits))
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
    """The hard bot's move: the search's best after `playouts` (the game's default)."""
    search = Search(game, state, seat, seed)
    if len(search.legal) == 1:
        return search.legal[0]
    search.run(game.search_playouts if playouts is None else playouts)
    return search.advice(1)[0].action
