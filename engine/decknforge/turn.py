"""The player turn: every player spends their actions at once (Draw, Hire, Equip, Cast) or ends
their turn; the Monster attack comes when all have finished (rulebook 5, 6; R5)."""

from __future__ import annotations

from engine.decknforge.attack import end_turn, monster_attack, next_round, settle
from engine.decknforge.effects import draw_into_hand, fire_cast, hire, log, lookup, run_word
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
    Player,
    State,
)

MAX_SEATS = 4
ROLES = ("adventurer", "equipment", "monster")
# Actions are frozen, so one shared instance per seat and index saves building them each step.
_DRAW_EQ = tuple(DrawEquipment(s) for s in range(MAX_SEATS))
_DRAW_ADV = tuple(tuple(DrawAdventurer(s, i) for i in range(-1, HAND_LIMIT)) for s in range(MAX_SEATS))
_END = tuple(EndTurn(s) for s in range(MAX_SEATS))
_CASTS = tuple(tuple(Cast(s, i) for i in range(HAND_LIMIT)) for s in range(MAX_SEATS))


def _card_moves(seat: int, slots: int, index: int, role: str) -> tuple[Action, ...]:
    """What the card at this hand index allows, by its role, before any cast: an Adventurer is
    hired while a slot is empty, anything else is equipped on any filled slot."""
    if role == "adventurer":
        return (Hire(seat, index),) if slots < SLOTS else ()
    return tuple(Equip(seat, index, slot) for slot in range(slots))


# _CARD_MOVES[seat][slots filled][hand index][role]
_CARD_MOVES = tuple(
    tuple(
        tuple({role: _card_moves(seat, slots, i, role) for role in ROLES} for i in range(HAND_LIMIT))
        for slots in range(SLOTS + 1)
    )
    for seat in range(MAX_SEATS)
)


def acting(state: State) -> tuple[int, ...]:
    """Seats still in this round's player turn (R5)."""
    if state.phase != "turn":
        return ()
    return tuple([p.seat for p in state.players if not p.done])


# turn_actions reads only the seat, its hand, its slots filled, whether its decks hold cards
# and, for a card with a word, whether the word can be cast here: without coined words at the
# table that is fixed by the word's name (the base Lexicon). The last answer for each seat is
# kept with those inputs, so a seat whose hand did not change since the last step is not worked
# out again (the hand's Cards are compared by identity first, which is cheap).
_last_answer: list[tuple | None] = [None] * MAX_SEATS


def turn_actions(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    if player.done:
        return []
    if state.coined:
        return _turn_actions(state, seat, player)
    inputs = (len(player.slots), bool(player.equipment_deck), bool(player.adventurer_deck), tuple(player.hand))
    last = _last_answer[seat]
    if last is not None and last[0] == inputs:
        return list(last[1])
    actions = _turn_actions(state, seat, player)
    _last_answer[seat] = (inputs, tuple(actions))
    return actions


def _turn_actions(state: State, seat: int, player: Player) -> list[Action]:
    actions: list[Action] = []
    hand = player.hand
    room = len(hand) < HAND_LIMIT
    if room and player.equipment_deck:
        actions.append(_DRAW_EQ[seat])
    if room and player.adventurer_deck:
        actions.append(_DRAW_ADV[seat][0])
    moves = _CARD_MOVES[seat][len(player.slots)]
    for i, card in enumerate(hand):
        role = ROLE[card.code]
        actions += moves[i][role]
        if card.word and role != "adventurer" and castable(state, card.word):
            actions.append(_CASTS[seat][i])
    if not room and player.adventurer_deck:  # R14: make room for an Adventurer: the last resort
        actions += _DRAW_ADV[seat][1 : len(hand) + 1]
    actions.append(_END[seat])
    return actions


def turn_allows(state: State, action: Action) -> bool:
    """The same answer as `action in turn_actions(state, action.seat)`, without the list."""
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < len(state.players):
        return False
    player = state.players[seat]
    if player.done:
        return False
    kind = type(action)
    if kind is EndTurn:
        return True
    if kind is DrawEquipment:
        return len(player.hand) < HAND_LIMIT and bool(player.equipment_deck)
    if kind is DrawAdventurer:
        if not player.adventurer_deck or type(action.discard) is not int:
            return False
        if len(player.hand) < HAND_LIMIT:
            return action.discard == -1
        return 0 <= action.discard < len(player.hand)
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
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < len(state.players):
        return "There is no such seat at this table."
    player = state.players[seat]
    if player.done:
        return f"{player.label} has finished this turn: the others are still acting."
    hand = player.hand
    if isinstance(action, DrawAdventurer):
        if not player.adventurer_deck:
            return "That deck is empty."
        if len(hand) >= HAND_LIMIT:
            return "Your hand is full: name the card to discard to make room."
        return "Your hand has room: nothing needs discarding."
    if isinstance(action, DrawEquipment):
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
    player = state.players[action.seat]
    if isinstance(action, EndTurn):
        log(state, "ends turn", player.label)
        player.actions_left = 0
    else:
        player.actions_left -= 1
        _act(state, action)
    events.append(Event("action", state.log[-1]))
    if player.actions_left <= 0:
        player.done = True
        if all(p.done for p in state.players):
            _monster_turn(state, events)


def _act(state: State, action: Action) -> None:
    _ACTS[type(action)](state, state.players[action.seat], action)


def _draw_equipment(state: State, player: Player, action: DrawEquipment) -> None:
    log(state, "draws equipment", player.label)
    draw_into_hand(state, player.seat, "equipment", 1)


def _draw_adventurer(state: State, player: Player, action: DrawAdventurer) -> None:
    if action.discard >= 0:
        card = player.hand[action.discard]
        log(state, "swaps for adventurer", player.label, LABEL[card.code])
        player.discard.append(player.hand.pop(action.discard))
    else:
        log(state, "draws adventurer", player.label)
    draw_into_hand(state, player.seat, "adventurer", 1)


def _hire(state: State, player: Player, action: Hire) -> None:
    card = player.hand[action.card]
    log(state, "hires", player.label, LABEL[card.code])
    hire(state, player.seat, player.hand.pop(action.card))


def _equip(state: State, player: Player, action: Equip) -> None:
    card = player.hand[action.card]
    slot = player.slots[action.slot]
    log(state, "equips", player.label, LABEL[card.code], LABEL[slot.adventurer.code])
    slot.gear.append(player.hand.pop(action.card))  # R13: the word sleeps while equipped
    fire_cast(state, player.seat, "equip", slot.adventurer)


def _cast(state: State, player: Player, action: Cast) -> None:
    card = player.hand[action.card]
    log(state, "casts", player.label, LABEL[card.code], card.word)
    player.hand.pop(action.card)
    word = lookup(state, card.word)
    if word is not None and word.trigger.event == "cast":
        player.discard.append(card)  # R9: it has spoken, and burns
        run_word(state, word, player.seat, card)
    else:
        player.cast.append(card)  # waits for its trigger until the turn ends


# What each kind of move does (turn_allows has let through only these exact types).
_ACTS = {DrawEquipment: _draw_equipment, DrawAdventurer: _draw_adventurer, Hire: _hire, Equip: _equip, Cast: _cast}


def _monster_turn(state: State, events: list[Event]) -> None:
    end_turn(state)
    monster_attack(state, events)
    result = settle(state, events)
    if result:
        finish(state, result)
        events.append(Event("over", state.log[-1]))
    else:
        next_round(state)
