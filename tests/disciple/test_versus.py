"""Versus: two Disciples with decks of their own, 50 vitality, the pull for the first turn,
face-down counters, defeat by running out of cards, and card effects between Disciples."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from engine.disciple.model import Choose, EndTurn, EnergyCard, PlayCard, State
from engine.disciple.versus import pull_winner
from engine.disciple.view import HIDDEN

from .helpers import GAME

CONTENT = load()
CARDS = CONTENT.cards


def versus(seed: int = 1, **options) -> State:
    return GAME.new_game(seed=seed, mode="versus", **options)


def rigged(hands: tuple[list[str], list[str]], draws: tuple[list[str], list[str]] | None = None,
           first: int = 0) -> State:
    """A Versus game on the first turn of `first`, with these hands and draw piles (the cards
    stay each player's own deck), each with plenty of energy."""
    state = versus()
    draws = draws or (["jab"] * 10, ["jab"] * 10)
    for me, hand, draw in zip(state.players, hands, draws):
        me.hand, me.draw, me.discard = list(hand), list(draw), []
        me.owned = list(hand) + list(draw)
        me.energy = [EnergyCard(colour, 3) for colour in ("blue", "blue", "blue", "red", "green", "gray")]
    state.active = first
    assert GAME.validate(state) == []
    return state


def play(state: State, card_id: str) -> None:
    seat = state.active
    GAME.apply(state, PlayCard(state.players[seat].hand.index(card_id), None, seat))


def end_turn(state: State) -> None:
    GAME.apply(state, EndTurn(state.active))


# ----- set-up ----------------------------------------------------------------------------


def test_each_disciple_has_50_vitality_their_whole_deck_and_their_allotment():
    state = versus(seed=4)
    boxing, karate = default_versus_deck(CONTENT, "boxing"), default_versus_deck(CONTENT, "karate")
    assert GAME.seats(state) == ["Player 1", "Player 2"]
    for me, deck in zip(state.players, (boxing, karate)):
        assert me.vitality == me.start_vitality == 50
        assert sorted(me.owned) == sorted(deck.cards) and len(me.hand) == 5
        assert sorted(me.draw + me.hand) == sorted(deck.cards)
        assert me.skills_deck == [] and me.event_deck == []
        assert [e.colour for e in me.energy] == list(deck.allotment)
    assert state.enemies == [] and GAME.to_move(state) == (state.active,)
    assert GAME.hides_between_seats(state)


def test_decks_travel_in_the_options_and_a_broken_one_is_refused_with_its_reason():
    mine = default_versus_deck(CONTENT, "jiujitsu")
    options = GAME.check_options({"mode": "versus", "decks": [mine, msgspec.to_builtins(mine)]})
    assert options["decks"][0] == msgspec.to_builtins(mine)  # plain data: a save replays it
    assert versus(seed=2, decks=options["decks"]).players[1].styles == ["jiujitsu"]
    short = VersusDeck("Short", ("boxing",), mine.allotment, ("jab",) * 10)
    with pytest.raises(ValueError, match="Short.*at least 60 cards"):
        versus(decks=[mine, short])
    with pytest.raises(ValueError, match="played by 2"):
        versus(players=3)


def test_the_pull_ranks_rarity_then_cost_then_the_type_wheel():
    jab, cross, uppercut = CARDS["jab"], CARDS["cross"], CARDS["uppercut"]
    assert pull_winner(jab, uppercut) == 1  # uncommon beats common
    assert pull_winner(cross, jab) == 0  # same rarity: 2 energy beats 1
    same = [c for c in CARDS.values() if c.rarity == "common" and sum(c.cost.values()) == 1]
    by_kind = {c.kind: c for c in same}
    assert pull_winner(by_kind["upper"], by_kind["lower"]) == 0
    assert pull_winner(by_kind["lower"], by_kind["grapple"]) == 0
    assert pull_winner(by_kind["upper"], by_kind["grapple"]) == 1  # Grapple beats Upper
    assert pull_winner(by_kind["generic"], by_kind["grapple"]) == 1  # every type beats Generic
    assert pull_winner(by_kind["upper"], by_kind["upper"]) is None  # same type: pull again
    if "stance" in by_kind:  # R31: neither way on the wheel
        assert pull_winner(by_kind["stance"], by_kind["upper"]) is None


def test_a_tied_pull_is_pulled_again_and_the_chain_is_shown_to_both():
    seeds = [seed for seed in range(200) if len(versus(seed=seed).pulls) > 1]
    assert seeds, "some seed ties the first pull"
    state = versus(seed=seeds[0])
    *ties, last = state.pulls
    for a, b in ties:
        assert pull_winner(CARDS[a], CARDS[b]) is None
    assert pull_winner(CARDS[last[0]], CARDS[last[1]]) == state.active
    lines = [line for line in GAME.log_lines(state) if "pulls" in line]
    assert len(lines) == len(state.pulls) and all("tie" in line for line in lines[:-1])
    assert f"{state.players[state.active].name} goes first." in GAME.log_lines(state)
    for seat in (0, 1):  # both seats see the whole chain
        seen = GAME.view(state, seat)
        assert seen.pulls == state.pulls and lines[-1] in GAME.log_lines(seen)


# ----- counters ---------------------------------------------------------------------------


def test_a_counter_is_face_down_to_the_opponent_and_answers_their_attack():
    state = rigged((["counter_right", "jab"], ["jab", "cross"]))
    play(state, "counter_right")  # Counter: on an Upper attack, Guard 3 and hit back for 3
    assert GAME.log_lines(state)[-2:] == ["Player 1 plays a card face down, tapping B.",
                              "Player 1 sets a counter face down."]
    hidden = GAME.view(state, 1).players[0]
    assert hidden.counters == [HIDDEN] and hidden.last_played == HIDDEN
    assert "counter_right" not in msgspec.json.encode(GAME.view(state, 1)).decode()
    assert GAME.view(state, 0).players[0].counters == ["counter_right"]
    end_turn(state)
    before = state.players[1].vitality
    play(state, "cross")  # Upper 4: the counter answers first
    assert "Counter! Player 1's Counter Right answers the attack." in GAME.log_lines(state)
    assert state.players[1].vitality == before - 3
    assert state.players[0].vitality == 50 - max(0, 4 - 3)  # its Guard 3 soaks most of the cross
    assert state.players[0].counters == [] and "counter_right" in state.players[0].discard


def test_a_face_down_counter_with_an_effect_of_its_own_is_not_named_until_it_answers():
    state = rigged((["rising_block", "jab"], ["jab", "cross"]))  # Guard 1; Counter: Guard 4
    name = CARDS["rising_block"].name

    def named(text: str) -> bool:
        return name in text or "rising_block" in text

    assert not any(named(line) for line in GAME.log_lines(state))
    events = GAME.apply(state, PlayCard(0, None, 0))
    words = [GAME.log_text(event.line) for event in events]
    assert words == ["Player 1 plays a card face down, tapping N.",
                     "A face-down card: Player 1 gains 1 Guard (1).",
                     "Player 1 sets a counter face down."]
    assert state.players[0].guard == 1  # the Guard is gained all the same
    assert not any(named(msgspec.json.encode(event).decode()) for event in events)
    for seat in (1, None):  # the other seat and a spectator: in the log, its data, the table
        seen = GAME.view(state, seat)
        assert not any(named(line) for line in GAME.log_lines(seen))
        assert not named(msgspec.json.encode(seen).decode())
    end_turn(state)
    assert not any(named(line) for line in GAME.log_lines(GAME.view(state, 1)))
    events = GAME.apply(state, PlayCard(state.players[1].hand.index("jab"), None, 1))
    words = [GAME.log_text(event.line) for event in events]
    answer = words.index("Counter! Player 1's Rising Block answers the attack.")
    assert words[answer + 1] == "Rising Block: Player 1 gains 4 Guard (5)."  # shown: named again
    assert "Rising Block goes to Player 1's discard pile." in words


def test_a_counter_waits_for_its_type_and_is_discarded_at_its_owners_next_turn():
    state = rigged((["counter_right"], ["front_kick" if "front_kick" in CARDS else "jab"]))
    play(state, "counter_right")
    end_turn(state)
    kick = state.players[1].hand[0]
    if CARDS[kick].kind == "lower":
        play(state, kick)
        assert state.players[0].counters == ["counter_right"]  # a Lower attack: no answer
    end_turn(state)
    assert state.players[0].counters == [] and "counter_right" in state.players[0].discard


# ----- the end ----------------------------------------------------------------------------


def test_no_card_to_draw_at_the_end_of_ones_own_turn_is_defeat():
    state = rigged((["jab"], ["jab"]), draws=(["slip"], []), first=0)
    play(state, "slip") if "slip" in state.players[0].hand else None
    end_turn(state)  # Player 1 draws their last card: no defeat yet
    assert GAME.outcome(state) is None and state.players[0].draw == []
    end_turn(state)  # Player 2's draw pile is empty as their end-of-turn draw begins
    assert state.players[1].beaten == "out of cards" and state.winner == 0
    assert GAME.outcome(state).summary == "Player 1 wins: Player 2 is out of cards."
    assert GAME.legal_actions(state) == []


def test_an_empty_draw_pile_is_refilled_from_the_discards_as_in_solo():
    """Rulebook, Versus Gameplay (line 393): "Player turns are the same as Solo Gameplay",
    and Solo (line 246): "If you must draw and the Draw Pile is empty: Shuffle the Discard
    Pile into a new Draw Pile, then draw"."""
    state = rigged((["slip", "slip"], ["jab"]), draws=(["jab"], ["jab"] * 5))
    state.players[0].discard = ["cross", "hook"]
    state.players[0].owned += ["cross", "hook"]
    play(state, "slip")  # draw 1: the last card
    assert state.players[0].draw == [] and state.players[0].discard == ["cross", "hook"]
    play(state, "slip")  # draw 1: the discards become the draw pile first
    assert state.players[0].discard == [] and len(state.players[0].draw) == 1
    assert "Discard pile shuffled into a new draw pile." in GAME.log_lines(state)
    end_turn(state)  # the end-of-turn draw takes the last one: no defeat
    assert not state.players[0].beaten and GAME.outcome(state) is None
    assert sorted(state.players[0].hand) == ["cross", "hook", "jab"]


def test_no_card_left_anywhere_to_draw_is_defeat():
    state = rigged((["jab"], ["jab"]), draws=(["slip"], []), first=1)
    state.players[1].discard = []
    end_turn(state)  # Player 2: no draw pile and no discard pile as their end draw begins
    assert state.players[1].beaten == "out of cards" and state.winner == 0


def test_rocked_past_four_in_one_turn_knocks_a_disciple_out():
    state = rigged((["knockout_artist", "knockout_artist", "uppercut"], ["jab"]))
    play(state, "knockout_artist")  # Rocked 2
    play(state, "knockout_artist")  # Rocked 4: at the limit, still standing
    assert state.players[1].rocked == 4 and GAME.outcome(state) is None
    play(state, "uppercut")  # Rocked 5
    assert state.players[1].beaten == "knocked out" and state.winner == 0


def test_rocked_counts_one_turn_of_the_attacker():
    state = rigged((["knockout_artist", "knockout_artist"], ["jab"]))
    play(state, "knockout_artist")
    end_turn(state)
    end_turn(state)
    assert state.players[1].rocked == 0  # a new turn of Player 1 counts afresh
    play(state, "knockout_artist")
    assert state.players[1].rocked == 2


def test_submit_taps_a_disciple_out():
    state = rigged((["omoplata"], ["jab"]))
    state.players[1].vitality = 6
    play(state, "omoplata")  # Submit 6: loses 3, 3 left, and 6 > 3
    assert state.players[1].beaten == "tapped out" and state.winner == 0


def test_stun_makes_the_other_disciple_tap_energy_as_their_turn_begins():
    state = rigged((["elbow_crash"], ["jab"]))
    play(state, "elbow_crash")
    assert state.players[1].to_tap >= 1
    end_turn(state)
    pending = state.pending
    assert pending is not None and pending.kind == "stun_tap" and pending.seat == 1
    assert GAME.to_move(state) == (1,)
    with pytest.raises(IllegalAction, match="Player 2's move"):
        GAME.apply(state, Choose(0, seat=0))
    while state.pending is not None:
        GAME.apply(state, Choose(0, seat=1))
    assert any(e.tapped for e in state.players[1].energy) and state.players[1].to_tap == 0


def test_weakened_makes_the_other_disciple_discard_a_random_card():
    weakening = next(c.id for c in CARDS.values() if c.style == "jiujitsu"
                     and any(op.op == "weakened" for op in c.effects) and c.counter is None)
    state = rigged(([weakening], ["jab", "cross", "slip"]))
    play(state, weakening)
    assert len(state.players[1].hand) == 2 and len(state.players[1].discard) == 1
    assert "discards" in " ".join(GAME.log_lines(state)[-4:])


def test_healing_stops_at_50():
    state = rigged((["second_wind"], ["jab"]))
    state.players[0].vitality = 49
    play(state, "second_wind")
    assert state.players[0].vitality == 50


# ----- seats ------------------------------------------------------------------------------


def test_only_the_seat_whose_turn_it_is_may_act():
    state = versus(seed=3)
    other = 1 - state.active
    assert all(GAME.seat_of(a) == state.active for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="move, not"):
        GAME.apply(state, EndTurn(other))
    GAME.apply(state, EndTurn(state.active))
    assert state.active == other and GAME.to_move(state) == (other,)


def test_a_view_hides_the_other_hand_draw_and_deck_and_the_shuffle():
    state = versus(seed=5)
    seat = state.active
    seen = GAME.view(state, seat)
    me, them = seen.players[seat], seen.players[1 - seat]
    assert me.hand == state.players[seat].hand and me.draw == sorted(state.players[seat].draw)
    assert them.hand == [HIDDEN] * 5 and set(them.draw) == {HIDDEN} and set(them.owned) == {HIDDEN}
    assert seen.rng.seed == 0 and seen.rng.counter == 0
    assert GAME.view(state, None).players[seat].hand == [HIDDEN] * 5  # a spectator sees no hand
    assert state.players[1 - seat].hand != them.hand  # the view is a copy


def test_the_bot_plays_from_its_view_sets_counters_plays_combos_and_finishes_games():
    counters = combos = answered = 0
    for seed in range(12):
        state = versus(seed=seed)
        steps = 0
        while GAME.outcome(state) is None and steps < 3000:
            seat = GAME.to_move(state)[0]
            before = len(state.log), state.logged
            GAME.apply(state, GAME.bot_action(state, seat))
            words = GAME.log_lines(state)
            new = words[len(words) - min(state.logged - before[1], len(words)):]
            counters += sum("sets a counter face down" in line for line in new)
            combos += sum("(combo)" in line for line in new)
            answered += sum(line.startswith("Counter!") for line in new)
            steps += 1
        assert GAME.outcome(state) is not None
    assert counters and combos and answered


def test_a_shared_table_plays_the_decks_its_players_brought():
    mine = default_versus_deck(CONTENT, "jiujitsu")
    options = GAME.table_options(GAME.check_options({"mode": "versus"}), [mine, None])
    state = GAME.new_game(seed=1, **options)
    assert state.players[0].styles == ["jiujitsu"] and state.players[1].styles == ["karate"]
    assert GAME.table_options({"style": "ask"}, [None]) == {"style": "ask"}


def test_at_a_shared_table_the_disciples_take_their_players_names():
    options = GAME.table_options(GAME.check_options({"mode": "versus"}), [None, None], ["Ann", "Ann"])
    assert options["names"] == ["Ann (1)", "Ann (2)"]
    state = GAME.new_game(seed=3, **options)
    assert GAME.seats(state) == ["Ann (1)", "Ann (2)"]
    coop = GAME.table_options(GAME.check_options({"mode": "coop", "players": 2}), [None, None], ["Ann", " "])
    assert coop["names"] == ["Ann", "Player 2"]
