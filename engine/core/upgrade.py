"""Carrying a save made under older rules over to the current ones (Game.upgrade).

When only what the state remembers changed (how its log is kept, a new pause in the turn), the
surest upgrade replays the save's own moves from its seed under the current rules: the rebuilt
state and action log then agree with each other, as undo, replays and history expect. It is
used only when it leads to the very table the player saved; otherwise the game falls back to
a lighter upgrade of the state alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from engine.core.errors import IllegalAction


def replayed(
    game: Any,
    start: Any,
    actions: list[Any],
    saved: Any,
    same: Callable[[dict[str, Any]], dict[str, Any]],
    between: Callable[[Any, Any], Iterable[Any]] = lambda state, action: (),
) -> tuple[Any, list[Any]] | None:
    """Replay `actions` (plain data) from `start` under the current rules; `between(state,
    action)` names moves the current rules need before an old one (None as the action: at the
    end). Returns the rebuilt state and action log as plain data when they reach `saved` (the
    upgraded saved state, a State) once `same` has dropped what may differ from a plain copy
    of each, else None."""
    state = start
    kept: list[Any] = []
    try:
        for raw in [*actions, None]:
            action = None if raw is None else msgspec.convert(raw, type=game.Action)
            for extra in between(state, action):
                game.apply(state, extra)
                kept.append(msgspec.to_builtins(extra))
            if action is not None:
                game.apply(state, action)
                kept.append(raw)
    except (IllegalAction, msgspec.ValidationError, ValueError, KeyError, IndexError):
        return None
    if same(msgspec.to_builtins(state)) != same(msgspec.to_builtins(saved)):
        return None
    return msgspec.to_builtins(state), kept
