"""What the bot does with the words on its cards."""

from __future__ import annotations

import pytest

from engine.decknforge.bots import GreedyPlayer, play
from engine.decknforge.legacy import EQUIPMENT_CODES, fresh_deck
from engine.decknforge.model import Cast, Hire
from tests.decknforge.helpers import GAME, set_slots, take

HIRE_WORDS = ("TETHER", "RIPTIDE", "RALLYHORN", "DAMPEN")  # "If you next hire an Adventurer"


def fires(state, name: str) -> int:
    return sum(1 for line in state.log if line.what == "word" and name in line.parts)


@pytest.mark.parametrize("name", HIRE_WORDS)
def test_the_bot_casts_a_hire_word_before_it_hires(name):
    """A hire word speaks only at a hire later in the caster's turn (R9): hiring first would
    waste it, so with a hire to make and an action to spare the bot casts first."""
    total = 0
    for seed in range(30):
        decks = [fresh_deck("AB"), fresh_deck("CD")]
        for card in decks[0].cards:
            if card.code in EQUIPMENT_CODES and card.code[-1] in "SH":  # half its Equipment
                card.word = name
        state = GAME.new_game(seed, decks=decks)
        play(GAME, state, [GreedyPlayer(), GreedyPlayer()])
        total += fires(state, name)
    assert total >= 10  # it fired before: 0 times in 30 games


def test_with_a_hire_to_make_the_bot_casts_the_hire_word_then_hires():
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks[0].card("5S").word = "RIPTIDE"  # "If you next hire an Adventurer, take 2 more actions"
    state = GAME.new_game(1, decks=decks)
    set_slots(state, 0, [("QH", [])])
    player = state.players[0]
    riptide, king = take(state, 0, "5S"), take(state, 0, "KC")
    player.hand = [*player.hand[:5], riptide, king]
    first = GAME.bot_action(state, 0)
    assert isinstance(first, Cast) and player.hand[first.card] == riptide
    GAME.apply(state, first)
    second = GAME.bot_action(state, 0)
    assert isinstance(second, Hire) and player.hand[second.card] == king
    GAME.apply(state, second)
    assert fires(state, "RIPTIDE") == 1 and player.actions_left == 3  # 3 - cast - hire + 2


def test_the_bot_plays_every_equipment_word_it_holds():
    """Each of the vocabulary's Equipment words, written on half of a deck's Equipment, speaks
    in the greedy bot's games: cast, hung or fired, none is left idle in the hand."""
    from engine.decknforge.lexicon import base_index

    idle = []
    for name, word in sorted(base_index().items()):
        if word.kind != "equipment":
            continue
        total = 0
        for seed in range(12):
            decks = [fresh_deck("AB"), fresh_deck("CD")]
            for card in decks[0].cards:
                if card.code in EQUIPMENT_CODES and card.code[-1] in "SH":
                    card.word = name
            state = GAME.new_game(seed, decks=decks)
            play(GAME, state, [GreedyPlayer(), GreedyPlayer()])
            total += fires(state, name)
        if not total:
            idle.append(name)
    assert not idle


def test_the_hard_bot_casts_the_hire_word_before_it_hires():
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks[0].card("5S").word = "RIPTIDE"
    state = GAME.new_game(1, decks=decks)
    set_slots(state, 0, [("QH", [])])
    player = state.players[0]
    riptide, king = take(state, 0, "5S"), take(state, 0, "KC")
    player.hand = [*player.hand[:5], riptide, king]
    first = GAME.bot_action(state, 0, "hard")
    assert isinstance(first, Cast) and player.hand[first.card] == riptide
