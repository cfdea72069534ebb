"""What a victory scores (R5): the allies left in hand, +5 for winning, -2 per defeat. The
encounter tells it as the game ends; the rules give it as the outcome. Rulings cited as R1,
R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from engine.disruption.model import WINS_TO_WIN, Card, State


def ally_value(cards: list[Card]) -> int:
    return sum(card.rank for card in cards)


def hand_value(state: State) -> int:
    return ally_value(state.hand)


def score_terms(state: State) -> tuple[tuple[str, int], ...]:
    """What a victory's score is made of: allies left in hand, +5 for winning, -2 per defeat.
    A lost game has no score (R5): the rulebook scores only a victory."""
    if state.wins < WINS_TO_WIN:
        return ()
    hand = " ".join(card.label for card in state.hand) or "none"
    terms = [(f"allies left in hand ({hand})", hand_value(state)), ("victory", 5)]
    if state.defeats:
        terms.append((f"{state.defeats} defeat{'s' if state.defeats > 1 else ''} x -2", -2 * state.defeats))
    return tuple(terms)


def score(state: State) -> int | None:
    """A victory's score; None for a loss or a game still running (R5)."""
    terms = score_terms(state)
    return sum(value for _, value in terms) if terms else None
