"""Shared set-ups for the Disciple tests: a run, or a fight with a hand chosen by the test."""

from __future__ import annotations

from engine.disciple import journey
from engine.disciple.combat import start_combat
from engine.disciple.content import load
from engine.disciple.model import Choose, State
from engine.disciple.rules import DiscipleGame

GAME = DiscipleGame()
PATTERN = {p.name: i for i, p in enumerate(load().patterns["boxing"]["minion"])}


def to_first_fight(state: State) -> State:
    while state.phase != "player":
        GAME.apply(state, Choose(0))
    return state


def fight(
    hand: list[str],
    enemy: str = "bx_brawler",
    draw: list[str] | None = None,
    style: str = "boxing",
    seed: int = 1,
    patterns: list[str] | None = None,
) -> State:
    """A fresh fight on turn 1 with exactly this hand and draw pile (top of pile last)."""
    state = to_first_fight(GAME.new_game(seed=seed, style=style, second_style=False))
    journey.gather_deck(state, state.players[0])
    draw = list(draw or [])
    state.players[0].owned = list(hand) + draw
    state.players[0].draw = []
    start_combat(state, enemy)
    state.players[0].hand = list(hand)
    state.players[0].draw = draw
    if patterns is not None:
        names = {p.name: i for i, p in enumerate(load().pile(enemy))}
        state.enemies[0].patterns = [names[name] for name in reversed(patterns)]
    return state


def play(state: State, card_id: str) -> None:
    from engine.disciple.model import PlayCard

    GAME.apply(state, PlayCard(state.players[0].hand.index(card_id)))


def end_turn(state: State) -> None:
    from engine.disciple.model import EndTurn

    GAME.apply(state, EndTurn())


def vitality_of(enemy_id: str) -> int:
    """An enemy's vitality as the content gives it (content numbers change with balance)."""
    return load().enemies[enemy_id].vitality


def submit_of(card_id: str) -> int:
    """The Submit a card's own effects apply, as the content gives it."""
    return sum(op.n for op in load().cards[card_id].effects if op.op == "submit")


def half_up(n: int) -> int:
    """What a Submit of n takes from vitality: half, rounded up (R2)."""
    return (n + 1) // 2
