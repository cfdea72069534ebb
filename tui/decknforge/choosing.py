"""The DecknForge Choices list: which lines it shows and with which keys.

A piece of Equipment that could go on several Adventurers is one line; picked, the list asks
which Adventurer (instead of a line for every pair of card and Adventurer). Digits are the
places of cards in the hand, then of the Adventurers' slots while one is being picked.
"""

from __future__ import annotations

from typing import Any

from engine.decknforge.model import LABEL, VALUE, DrawAdventurer, DrawEquipment, EndTurn, Equip, State
from tui.decknforge.table import DIGITS
from tui.widgets.choices import Choice

ACTION_KEYS = {DrawEquipment: "d", DrawAdventurer: "a", EndTurn: "e"}
EQUIP = "equip"  # (EQUIP, card, seat): equip this card, the Adventurer to be picked next


def grouped(legal: list[Any], equipping: int | None) -> list[Any]:
    """The legal moves as the list offers them: while a card is being equipped, its
    Adventurers; otherwise one line for a card that could go on several."""
    if equipping is not None:
        slots = [a for a in legal if isinstance(a, Equip) and a.card == equipping]
        if slots:
            return slots
    shown: list[Any] = []
    for action in legal:
        if isinstance(action, Equip):
            on = sum(isinstance(a, Equip) and a.card == action.card for a in legal)
            if on > 1:
                if (EQUIP, action.card, action.seat) not in shown:
                    shown.append((EQUIP, action.card, action.seat))
                continue
        shown.append(action)
    return shown


def rows(game: Any, state: State, choices: list[Any], equipping: int | None) -> list[Choice | None]:
    """A Choice for each move (None for the screen's own commands, given as strings)."""
    shown: list[Choice | None] = []
    seen_cards: set[int] = set()
    seen_keys: set[str] = set()
    for action in choices:
        if isinstance(action, str):
            shown.append(None)
            continue
        if isinstance(action, tuple):  # (EQUIP, card, seat): one line for the card
            _, card, seat = action
            player = state.players[seat]
            key = DIGITS[card] if card not in seen_cards and card < len(DIGITS) else ""
            seen_cards.add(card)
            shown.append(Choice(f"Equip {LABEL[player.hand[card].code]} on… (then the Adventurer)", key=key))
            continue
        if equipping is not None and isinstance(action, Equip):
            slot = state.players[action.seat].slots[action.slot]
            gear = sum(VALUE[g.code] for g in slot.gear)
            label = f"on {LABEL[slot.adventurer.code]} (slot {action.slot + 1}, gear {gear})"
            shown.append(Choice(label, key=DIGITS[action.slot]))
            continue
        key = ACTION_KEYS.get(type(action), "")
        if key in seen_keys:
            key = ""  # the key reaches the first of them
        seen_keys.add(key)
        card = getattr(action, "card", None)
        if card is not None and card not in seen_cards and card < len(DIGITS):
            seen_cards.add(card)
            key = DIGITS[card]
        shown.append(Choice(game.describe(action, state), key=key))
    return shown
