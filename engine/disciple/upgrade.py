"""Carrying older Disciple saves over to the current state (Game.upgrade).

Content 2 kept one Disciple and one enemy in flat fields of the state; content 3 keeps the
players in `players` and the enemies, each with its own attack-pattern pile, in `enemies`.
The cards and the rules are the same, so the moves of an old game replay unchanged.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.disciple.model import Disciple, State

Raw = dict[str, Any]

# The Disciple's fields that content 2 kept on the state itself.
_PLAYER_FIELDS = tuple(f for f in Disciple.__struct_fields__ if f not in ("name", "target"))
_ENEMY_PILES = ("patterns", "patterns_out", "patterns_used")


def upgrade(version: int, options: Raw, state: Raw | None, actions: list[Any]):
    if version != 2:  # content 1 had other cards and enemies: its games cannot be carried over
        raise NotImplementedError
    if state is None:  # only the moves are carried over (a game replayed from its history)
        return options, None, actions
    try:
        return options, _from_2(dict(state)), actions
    except (KeyError, TypeError, ValueError, msgspec.ValidationError) as error:
        raise ValueError(f"its Disciple game could not be carried over ({error})") from None


def _from_2(state: Raw) -> Raw:
    player = {name: state.pop(name) for name in _PLAYER_FIELDS if name in state}
    piles = {name: state.pop(name, []) for name in _ENEMY_PILES}
    enemy = state.pop("enemy", None)
    state["players"] = [player]
    state["mode"] = "solo"
    state["enemies"] = [] if enemy is None else [dict(enemy, **piles)]
    msgspec.convert(state, State)  # the upgraded state must be one the game can read
    return state
