"""What energy.py remembers about paying for cards (per table of energy cards, pool and Combo,
and its LRU caches) gives the answers it would work out afresh, whatever games came before:
a key missing something an answer depends on (a tapped card, the Combo, the rest of the
hand) shows up here as a remembered answer that differs from a fresh one."""

from engine.core.rng import Rng
from engine.disciple import energy
from engine.disciple.content import load

from .helpers import GAME

CARDS = load().cards


def forget() -> None:
    energy._KNOWN.clear()
    energy._ways_in_order.cache_clear()
    energy._default_in_order.cache_clear()
    energy._unit_mixes.cache_clear()


def answers(me) -> tuple:
    """Every payment answer the rules ask for, for each card of the hand."""
    hand = range(len(me.hand))
    return (
        energy.plays(me),
        energy.playable_indices(me),
        [energy.playable(me, i) for i in hand],
        [energy.other_payments(me, i) for i in hand],
        [energy.default_taps(me, energy.cost_of(me, CARDS[me.hand[i]]), i) for i in hand],
        energy.payments(me, [1, 0, 0, 0]),
    )


def test_remembered_payment_answers_are_fresh_answers():
    checked = 0
    for seed, options in enumerate([{"style": "boxing"}, {"style": "karate"}, {"style": "jiujitsu"},
                                    {"mode": "coop", "players": 2}, {"mode": "versus"}]):
        state = GAME.new_game(seed=seed, **options)
        rng = Rng.from_seed(seed)
        steps = 0
        while GAME.outcome(state) is None and steps < 300:
            if state.phase == "player" and state.pending is None:
                me = state.players[state.active]
                remembered = answers(me)
                forget()
                assert answers(me) == remembered, f"seed {seed}, step {steps}"
                for i, card_id in enumerate(me.hand):  # R7's default heads the full search's list
                    cost = energy.cost_of(me, CARDS[card_id])
                    ways = energy.payments(me, cost, i)
                    if ways and CARDS[card_id].kind != "energy":
                        assert energy.default_taps(me, cost, i) == ways[0], f"seed {seed}, step {steps}"
                checked += 1
            actions = GAME.legal_actions(state)
            GAME.apply(state, actions[rng.below(len(actions))])
            steps += 1
    assert checked > 300  # enough turns with cards to pay for were looked at
