"""Disruption for the coach (engine/core/coach.py): a deal that agrees with what the player
knows, and advice judged by the run. The player sees the whole table; what they cannot know is
the order of the three face-down decks and the dice to come.

An encounter's chances are exact (odds.py): every way to fight has its chance to win the
encounter, of a Major reward and of a Minor (best_first's order); a trade its chance averaged
over the Majors it may draw (encounter_advice). Those chances are what the hint says, but they
do not see what a move leaves for the rest of the run: a Major spent on a single the dice would
likely beat is missing against the pairs, three Minors traded now are not there later. So the
moves are ranked by the run: each is played on the same deals and dice (the decks re-shuffled,
the dice re-seeded, as redeal does: common random numbers), the rest of the run played out by
the greedy fight (the rules' easy_action), and a move that trails the leader by more than the
noise allows drops out, so the playouts go to the moves that matter (run_race). The
encounter's best way keeps the lead unless another is shown better by the run. The playouts
are fixed in number and seeded by the table, so the advice is the same every time for the
same table, and the engine reads no clock."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from engine.core.coach import lead
from engine.core.rng import Rng
from engine.disruption.encounter import ready_deck
from engine.disruption.model import WINS_TO_WIN, Fight, Reroll, State, Trade


def _order(card):
    return (card.suit, card.rank)


def redeal(state: State, rng: Rng) -> State:
    deal = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    for deck in (deal.defender_deck, deal.minor_deck, deal.major_deck):
        deck.sort(key=_order)  # what the deck holds, not how it lies, decides the deal
        rng.shuffle(deck)
    deal.rng = Rng.from_seed(rng.next_u64())
    return deal


def _percent(chance: Fraction | float) -> str:
    value = float(chance) * 100
    if 0 < value < 1:
        return "under 1%"
    if 99 < value < 100:
        return "over 99%"
    return f"{round(value)}%"


def _best_fight(game: Any, state: State) -> tuple[Fraction, Fraction]:
    """The best way to fight from this hand: its chances to win and of a Major reward."""
    ways = [a for a in game.legal_actions(state) if isinstance(a, (Fight, Reroll))]
    best = game.best_first(state, ways)[0]
    odds = game.chances(state, best)
    return odds.win, odds.major


def _trade_odds(game: Any, state: State, trade: Trade) -> tuple[Fraction, Fraction, int]:
    """A trade, averaged over the Majors it may draw (each as likely: their order is
    unknown): the chance to win the encounter then, of a Major reward, and how many Majors."""
    pool = list(state.major_deck) or [c for c in state.ally_graveyard if c.is_major]
    win = major = Fraction(0)
    for card in pool:
        after = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        traded = [after.hand[i] for i in trade.minors]
        for i in sorted(trade.minors, reverse=True):
            del after.hand[i]
        after.ally_graveyard.extend(traded)
        deck = ready_deck(after, major=True)
        if card in deck:
            deck.remove(card)
        after.hand.append(card)
        w, m = _best_fight(game, after)
        win += w
        major += m
    count = max(1, len(pool))
    return win / count, major / count, len(pool)


def encounter_advice(game: Any, state: State) -> list[tuple[Any, float, str, str]]:
    ways = [a for a in game.legal_actions(state) if isinstance(a, (Fight, Reroll))]
    ranked = []
    for way in game.best_first(state, ways):
        odds = game.chances(state, way)
        why = f"Major reward {_percent(odds.major)}, Minor {_percent(odds.minor)}"
        if isinstance(way, Reroll):
            why = "The tie must be rolled again. " + why
        ranked.append((odds.win, False, odds.major, way, why))
    for trade in (a for a in game.legal_actions(state) if isinstance(a, Trade)):
        win, major, count = _trade_odds(game, state, trade)
        why = f"then the best fight, over {count} Majors"
        ranked.append((win, True, major, trade, why))
    # at an equal chance a fight comes first (a trade spends three allies), then best_first's
    # order (the sort is stable)
    ranked.sort(key=lambda entry: (-entry[0], entry[1]))
    return [
        (way, float(win), f"{_percent(win)} to win the encounter", why)
        for win, _, _, way, why in ranked
    ]


# ----- the run -----------------------------------------------------------------------

RACE_PLAYOUTS = 1500  # playouts of a decision, all moves together: under a second of CPU
MIN_ROUNDS = 8  # rounds every move plays before any drops out of the race
ELIMINATE = 2.0  # standard errors behind the leader that put a move out of the race
PRIOR = 1.0  # standard errors ahead of the encounter's best a move needs to take the lead


def _seed(*parts: int) -> int:
    """One seed from several numbers (SplitMix64's mix over each in turn)."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = Rng.from_seed(value ^ (part & ((1 << 64) - 1))).next_u64()
    return value


def _copy(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def _rest_of_run(game: Any, deal: State) -> float:
    """The rest of the run, fought the greedy way: 1 for a disrupted ritual, else 0."""
    while deal.phase != "over":
        game.apply(deal, game.easy_action(deal, 0))
    return 1.0 if deal.wins >= WINS_TO_WIN else 0.0


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _leader(values: list[list[float]], alive: list[int]) -> int:
    """The move with the best run so far; the first (the encounter's best) unless shown better."""
    best = max(alive, key=lambda i: (_mean(values[i]), i == 0, -i))
    if 0 in alive and best != 0 and lead(values[best], values[0]) < PRIOR:
        return 0
    return best


def run_race(game: Any, state: State, moves: list[Any], playouts: int = RACE_PLAYOUTS) -> tuple[list[list[float]], int]:
    """Each move's playouts of the rest of the run (1 won, 0 lost), and the leader's index.
    A round deals the decks and dice afresh and plays every move still in the race through
    that same deal; the first move is the one the race keeps unless another is shown better."""
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    seed = _seed(state.logged, state.wins, state.defeats, len(state.hand))
    spent = rounds = 0
    while spent < playouts and len(alive) > 1:
        deal = redeal(state, Rng.from_seed(_seed(seed, rounds)))
        for index in alive:
            after = _copy(deal)
            game.apply(after, moves[index])
            values[index].append(_rest_of_run(game, after))
        spent += len(alive)
        rounds += 1
        if rounds >= MIN_ROUNDS:
            leader = _leader(values, alive)
            alive = [i for i in alive if i == leader or lead(values[leader], values[i]) <= ELIMINATE]
    return values, _leader(values, alive)


def advice(game: Any, state: State, playouts: int = RACE_PLAYOUTS) -> list[tuple[Any, float, str, str]]:
    """Every move as (action, worth, worth_text, why), best first by the run: the race's
    leader, then the moves by how long they stayed in the race and their share of won runs.
    The worth is that share; the words are the encounter's exact chances, then how many runs
    were played out through the move (fewer for one that dropped out early: a rougher share)."""
    exact = encounter_advice(game, state)
    if len(exact) < 2:
        return exact
    moves = [entry[0] for entry in exact]
    values, leader = run_race(game, state, moves, playouts)
    order = sorted(range(len(moves)), key=lambda i: (i != leader, -len(values[i]), -_mean(values[i]), i))
    answer = []
    for index in order:
        way, _, words, why = exact[index]
        run, runs = _mean(values[index]), len(values[index])
        answer.append((way, run, words, f"won {_percent(run)} of {runs} runs played out; {why}"))
    return answer
