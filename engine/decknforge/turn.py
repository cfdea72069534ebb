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
                actions.append(Hire(i))
        else:
            for j in range(slots):
                actions.append(Equip(i, j))
            if card.word and castable(state, card.word):
                actions.append(Cast(i))
    actions.append(_END)
    return actions


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
