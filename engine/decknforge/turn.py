"""A player's turn: the four actions (Draw, Hire, Equip, Cast) and giving up the rest."""

from __future__ import annotations

from engine.decknforge.attack import end_round, monster_attack, next_round, settle
from engine.decknforge.effects import draw_into_hand, log, lookup, run_word, start_turn
from engine.decknforge.ending import finish
from engine.decknforge.model import (
    HAND_LIMIT,
    LABEL,
    ROLE,
    SLOTS,
    Action,
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Event,
    Hire,
    Slot,
    State,
)

_DRAW_EQ = DrawEquipment()
_DRAW_ADV = DrawAdventurer()
_END = EndTurn()
# Actions are frozen, so one shared instance per index saves building them at every step.
_HIRES = tuple(Hire(i) for i in range(HAND_LIMIT))
_CASTS = tuple(Cast(i) for i in range(HAND_LIMIT))
_EQUIPS = tuple(tuple(Equip(i, j) for j in range(SLOTS)) for i in range(HAND_LIMIT))


def turn_actions(state: State) -> list[Action]:
    player = state.players[state.turn]
    actions: list[Action] = []
    if len(player.hand) < HAND_LIMIT:
        if player.equipment_deck:
            actions.append(_DRAW_EQ)
        if player.adventurer_deck:
            actions.append(_DRAW_ADV)
    slots = len(player.slots)
    for i, card in enumerate(player.hand):
        if ROLE[card.code] == "adventurer":
            if slots < SLOTS:
                actions.append(_HIRES[i])
        else:
            actions.extend(_EQUIPS[i][:slots])
            if card.word and castable(state, card.word):
                actions.append(_CASTS[i])
    actions.append(_END)
    return actions


def turn_allows(state: State, action: Action) -> bool:
    """The same answer as `action in turn_actions(state)`, without building the list."""
    player = state.players[state.turn]
    kind = type(action)
    if kind is EndTurn:
        return True
    if kind is DrawEquipment:
        return len(player.hand) < HAND_LIMIT and bool(player.equipment_deck)
    if kind is DrawAdventurer:
        return len(player.hand) < HAND_LIMIT and bool(player.adventurer_deck)
    index = getattr(action, "card", None)
    if type(index) is not int or not 0 <= index < len(player.hand):
        return False
    card = player.hand[index]
    if kind is Hire:
        return ROLE[card.code] == "adventurer" and len(player.slots) < SLOTS
    if ROLE[card.code] != "equipment":
        return False
    if kind is Equip:
        return type(action.slot) is int and 0 <= action.slot < len(player.slots)
    if kind is Cast:
        return bool(card.word) and castable(state, card.word)
    return False


def castable(state: State, name: str) -> bool:
    word = lookup(state, name)
    return word is not None and word.kind == "equipment"


def why_not(state: State, action: Action) -> str:
    player = state.players[state.turn]
    hand = player.hand
    if isinstance(action, (DrawEquipment, DrawAdventurer)):
        if len(hand) >= HAND_LIMIT:
            return f"Your hand is full ({HAND_LIMIT} cards)."
        return "That deck is empty."
    index = getattr(action, "card", None)
    if index is not None and not 0 <= index < len(hand):
        return "There is no such card in your hand."
    if isinstance(action, Hire):
        if ROLE[hand[index].code] != "adventurer":
            return "Only an Adventurer can be hired."
        return "All three of your slots are taken."
    if isinstance(action, Equip):
        if ROLE[hand[index].code] != "equipment":
            return "Only Equipment (a number card) can be equipped."
        return "There is no Adventurer in that slot."
    if isinstance(action, Cast):
        if ROLE[hand[index].code] != "equipment":
            return "Only Equipment can be cast."
        return "That card has no Equipment word to cast."
    return "That move is not allowed right now."


def apply_turn_action(state: State, action: Action, events: list[Event]) -> None:
    player = state.players[state.turn]
    if isinstance(action, EndTurn):
        log(state, f"{player.label} ends the turn.")
        _next_turn(state, events)
        return
    state.actions_left -= 1
    if isinstance(action, DrawEquipment):
        draw_into_hand(state, player.seat, "equipment", 1)
        log(state, f"{player.label} draws Equipment.")
    elif isinstance(action, DrawAdventurer):
        draw_into_hand(state, player.seat, "adventurer", 1)
        log(state, f"{player.label} draws an Adventurer.")
    elif isinstance(action, Hire):
        card = player.hand.pop(action.card)
        player.slots.append(Slot(card))
        log(state, f"{player.label} hires {LABEL[card.code]}.")
        word = lookup(state, card.word)
        if word is not None and word.trigger.event == "hired":
            run_word(state, word, player.seat, card, None, card)
    elif isinstance(action, Equip):
        card = player.hand.pop(action.card)
        slot = player.slots[action.slot]
        slot.gear.append(card)  # R13: the word sleeps while equipped
        log(state, f"{player.label} equips {LABEL[card.code]} on {LABEL[slot.adventurer.code]}.")
    elif isinstance(action, Cast):
        card = player.hand.pop(action.card)
        player.cast.append(card)
        log(state, f"{player.label} casts {LABEL[card.code]} for {card.word}.")
        word = lookup(state, card.word)
        if word is not None and word.trigger.event == "cast":
            run_word(state, word, player.seat, card)
    events.append(Event("action", state.log[-1]))
    if state.actions_left <= 0:
        _next_turn(state, events)


def _next_turn(state: State, events: list[Event]) -> None:
    if state.turn + 1 < len(state.players):
        start_turn(state, state.turn + 1)
        return
    monster_attack(state, events)
    end_round(state)
    result = settle(state, events)
    if result:
        finish(state, result)
        events.append(Event("over", state.log[-1]))
    else:
        next_round(state)
