"""DecknForge's bot (the greedy player) and a random player, for bot seats, benchmarks, balance
runs and tests. Both play through legal actions; the greedy one sees only its seat's view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.rng import Rng
from engine.decknforge.effects import lookup
from engine.decknforge.ending import scar_step, scar_words
from engine.decknforge.model import (
    HAND_LIMIT,
    ROLE,
    SLOTS,
    VALUE,
    Action,
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Hire,
    InscribeScar,
    State,
    UpgradeScar,
)
from engine.decknforge.turn import turn_actions

if TYPE_CHECKING:
    from engine.decknforge.rules import DecknForgeGame

# How much a word's effect hurts the band (Monster words) or helps its owner (Equipment words),
# per point of its number: a greedy owner writes the mildest Monster and the best upgrade.
HARM = {"empower": 1, "also_suit": 3, "reinforce": 4, "fortify": 1, "strip_hand": 2, "smash": 4,
        "burn_deck": 1}  # fmt: skip
HELP = {"draw_equipment": 1, "draw_adventurer": 1.5, "actions": 2, "arm": 3, "recruit": 3}
CLOSE = 1  # words within this of the best score are equally good: the card decides among them


def _score(state: State, name: str, table: dict[str, float]) -> float:
    word = lookup(state, name)
    if word is None:
        return 0
    return sum(table.get(e.op, 1) * max(e.amount, 1) for e in word.effects)


def _scar_pick(state: State, seat: int) -> Action:
    step = scar_step(state, seat)
    names = scar_words(state, seat)
    scar = state.scars[seat]
    if step == "monster":
        scores = {n: -_score(state, n, HARM) for n in names}
        kind, code = InscribeScar, scar.monster
    else:
        scores = {n: _score(state, n, HELP) for n in names}
        kind, code = UpgradeScar, scar.equipment
    best = max(scores.values())
    near = sorted(n for n, s in scores.items() if s >= best - CLOSE)
    spread = Rng.from_seed(sum(map(ord, code)) * 131 + seat * 17 + state.round).next_u64()
    return kind(seat, near[spread % len(near)])


def greedy_action(game: DecknForgeGame, state: State, seat: int) -> Action:
    """Keeps its slots filled, hangs its best gear where it is spread thinnest, casts for tempo.

    `state` is the seat's view: nothing here looks at what the seat may not know.
    """
    if state.phase == "scar":
        return _scar_pick(state, seat)
    player = state.players[seat]
    legal = turn_actions(state, seat)
    hires = [a for a in legal if isinstance(a, Hire)]
    if hires:
        cast = _hire_word(state, seat, legal)
        if cast is not None:  # a word that speaks at the next hire: cast it first, then hire
            return cast
        # the suit with the fewest aces still to come, then one not yet in play (one Monster
        # then takes fewer of them)
        suits = {s.adventurer.code[-1] for s in player.slots}
        left = aces_to_come(state)
        hires.sort(key=lambda a: (left[player.hand[a.card].code[-1]], player.hand[a.card].code[-1] in suits))
        return hires[0]
    has_hero = any(ROLE[c.code] == "adventurer" for c in player.hand)
    draws = [a for a in legal if isinstance(a, DrawAdventurer)]
    if len(player.slots) < 2 and not has_hero and draws:  # with a full hand, drop the weakest
        return min(draws, key=lambda a: VALUE[player.hand[a.discard].code] if a.discard >= 0 else -1)
    cast = _worth_casting(state, seat, legal)
    if cast is not None:
        return cast
    equips = [a for a in legal if isinstance(a, Equip)]
    if equips:  # the best piece, on the Adventurer least likely to be hit, then the lightest
        best = max(VALUE[player.hand[a.card].code] for a in equips)
        left = aces_to_come(state)

        def risk(action: Equip) -> tuple[int, int]:
            slot = player.slots[action.slot]
            return left[slot.adventurer.code[-1]], sum(VALUE[g.code] for g in slot.gear)

        return min((a for a in equips if VALUE[player.hand[a.card].code] == best), key=risk)
    if any(isinstance(a, DrawEquipment) for a in legal):
        return DrawEquipment(seat)
    return EndTurn(seat)


def aces_to_come(state: State) -> dict[str, int]:
    """Per suit, the aces that may still strike: every deck brings one of each, and those that
    have attacked lie face up (the lair, the slain). Only what the seat may know."""
    left = dict.fromkeys("SHDC", len(state.players))
    for card in state.lair + state.slain:
        if card.code[0] == "A":
            left[card.code[-1]] -= 1
    return left


def _hire_word(state: State, seat: int, legal: list[Action]) -> Action | None:
    """With a hire to make and an action to spare for it, a cast whose word speaks at that hire
    ("you next hire"), unless one already waits for it."""
    player = state.players[seat]
    if player.actions_left < 2:
        return None
    for card in player.cast:
        word = lookup(state, card.word)
        if word is not None and word.trigger.event == "hire":
            return None
    for action in legal:
        if isinstance(action, Cast):
            word = lookup(state, player.hand[action.card].word)
            if word is not None and word.trigger.event == "hire":
                return action
    return None


def _worth_casting(state: State, seat: int, legal: list[Action]) -> Action | None:
    """A cast whose word will speak this turn: at once, or before the actions run out."""
    player = state.players[seat]
    room = len(player.slots) < SLOTS
    for action in legal:
        if not isinstance(action, Cast):
            continue
        word = lookup(state, player.hand[action.card].word)
        if word is None:
            continue
        event = word.trigger.event
        later = player.actions_left >= 2
        if event == "cast":
            if any(e.op == "recruit" for e in word.effects) and not (room and player.adventurer_deck):
                continue
            if any(e.op == "draw_equipment" for e in word.effects) and len(player.hand) >= HAND_LIMIT:
                continue
            return action
        if event == "equip" and later and player.slots and len(player.hand) > 1:
            return action
        if event == "hire" and later and room and any(ROLE[c.code] == "adventurer" for c in player.hand):
            return action
    return None


class GreedyPlayer:
    """The game's bot for any seat (bot_action)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: DecknForgeGame, state: State, seat: int) -> Action:
        return game.bot_action(state, seat)


class RandomPlayer:
    """Any legal action of the seat, uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: DecknForgeGame, state: State, seat: int) -> Action:
        return self.rng.choice([a for a in game.legal_actions(state) if a.seat == seat])


def play(game: DecknForgeGame, state: State, players: list) -> State:
    """Play to the end; players[seat] chooses for that seat. Seats that may act at once take
    turns action by action, so their moves interleave as they would at a table."""
    step = 0
    while game.outcome(state) is None:
        moving = game.to_move(state)
        seat = moving[step % len(moving)]
        game.apply(state, players[seat].choose(game, state, seat))
        step += 1
    return state
