"""Two simple players for benchmarks, balance runs and tests. They play through legal_actions."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.decknforge.effects import lookup
from engine.decknforge.model import (
    ROLE,
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
)
from engine.decknforge.rules import DecknForgeGame


class RandomPlayer:
    """Any legal action, uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: DecknForgeGame, state: State) -> Action:
        return self.rng.choice(game.legal_actions(state))


class GreedyPlayer:
    """Keeps its slots filled, hangs its best gear where it is spread thinnest, casts for cards."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: DecknForgeGame, state: State) -> Action:
        legal = game.legal_actions(state)
        if state.phase == "scar":
            scars = [a for a in legal if isinstance(a, InscribeScar)]
            return self.rng.choice(scars)
        player = state.players[state.turn]
        hires = [a for a in legal if isinstance(a, Hire)]
        if hires:  # a suit not yet in play first: one Monster then takes fewer of them
            suits = {s.adventurer.code[-1] for s in player.slots}
            hires.sort(key=lambda a: player.hand[a.card].code[-1] in suits)
            return hires[0]
        has_hero = any(ROLE[c.code] == "adventurer" for c in player.hand)
        if len(player.slots) < 2 and not has_hero and DrawAdventurer() in legal:
            return DrawAdventurer()
        for action in legal:
            if isinstance(action, Cast):
                word = lookup(state, player.hand[action.card].word)
                if word is not None and word.trigger.event == "cast":
                    return action
        equips = [a for a in legal if isinstance(a, Equip)]
        if equips:
            best = max(VALUE[player.hand[a.card].code] for a in equips)
            light = min(sum(VALUE[g.code] for g in s.gear) for s in player.slots)
            for action in equips:
                slot = player.slots[action.slot]
                if (
                    VALUE[player.hand[action.card].code] == best
                    and sum(VALUE[g.code] for g in slot.gear) == light
                ):
                    return action
        if DrawEquipment() in legal:
            return DrawEquipment()
        return EndTurn()


def play(game: DecknForgeGame, state: State, players: list) -> State:
    """Play to the end; players[seat] chooses for that seat (scar picks included)."""
    while game.outcome(state) is None:
        seat = state.turn if state.phase == "turn" else state.scar_turn
        game.apply(state, players[seat].choose(game, state))
    return state
