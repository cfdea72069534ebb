"""Carrying older Disciple saves over to the current state (Game.upgrade).

Content 2 kept one Disciple and one enemy in flat fields of the state; content 3 keeps the
players in `players` and the enemies, each with its own attack-pattern pile, in `enemies`.
The cards and the rules are the same, so the moves of an old game replay unchanged.

Content 6 changes numbers only, for balance (Jiu-Jitsu's submissions land harder and its
opponents have less vitality; the Iron Champion has more): no field of the state is new. A
content 5 state reads as it is, but for an enemy already in the fight: it takes its content 6
vitality less the damage it has taken (at least 1 left), so the fight goes on as far along as
it was. Every card and enemy to come plays by the new numbers. Its moves replay to the same table only
until a changed number comes into play (the replay says where a move no longer applies), so
they are kept as they are.

Content 5 plays some rules as the rulebook writes them where rulings had replaced them (Power
and Feint on Submit, card draws past a hand of 8, a Versus discard pile reshuffled, the Campaign
Leader's player order). A content 4 state reads as it is (the player order is new and empty:
the seats' order) and goes on under those rules; its moves replay to the same table only when
none of the changed rules came into play, so they are kept as they are either way.

Content 4 keeps the log as data (engine/core/log.py), worded in wording.py; the rules are the
same. A save's moves are replayed from its seed, so its log is told anew, when they lead to the
very table saved and the very words it held; otherwise the old lines stay as they were written
(`said` lines).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.log import Line, render, upgrade_text_log
from engine.core.upgrade import replayed
from engine.disciple.content import load
from engine.disciple.model import Disciple, State
from engine.disciple.wording import WORDING

Raw = dict[str, Any]

# The Disciple's fields that content 2 kept on the state itself.
_PLAYER_FIELDS = tuple(
    f for f in Disciple.__struct_fields__
    if f not in ("name", "target", "start_vitality", "fight_vitality", "waiting")
)
_ENEMY_PILES = ("patterns", "patterns_out", "patterns_used")


def upgrade(
    game: Any, version: int, options: Raw, state: Raw | None, actions: list[Any]
) -> tuple[Raw, Raw | None, list[Any]]:
    """`state` None: a finished game's options and moves, to replay from its history."""
    if version not in (2, 3, 4, 5):  # content 1 had other cards and enemies: its games cannot be carried over
        raise NotImplementedError
    if state is None:  # only the moves are carried over (a game replayed from its history)
        return options, None, actions
    try:
        if version == 5:
            state = _renumbered_enemies(dict(state))
        if version in (4, 5):
            return _as_it_is(game, options, state, actions)
        if version == 2:
            state = _from_2(dict(state))
        return _from_3(game, options, state, actions)
    except (KeyError, TypeError, ValueError, IndexError, msgspec.ValidationError) as error:
        raise ValueError(f"its Disciple game could not be carried over ({error})") from None


def _from_2(state: Raw) -> Raw:
    if "players" in state or "vitality" not in state:  # a newer state under an older number
        raise ValueError("the state is not one content 2 wrote")
    player = {name: state.pop(name) for name in _PLAYER_FIELDS if name in state}
    piles = {name: state.pop(name, []) for name in _ENEMY_PILES}
    enemy = state.pop("enemy", None)
    state["players"] = [player]
    state["mode"] = "solo"
    state["enemies"] = [] if enemy is None else [dict(enemy, **piles)]
    return state


def _renumbered_enemies(state: Raw) -> Raw:
    """Content 6: an enemy in the fight takes its card's vitality, with the damage it has
    taken kept."""
    cards = load().enemies
    enemies = []
    for enemy in state.get("enemies", []):
        most = cards[enemy["id"]].vitality
        taken = enemy["max_vitality"] - enemy["vitality"]
        left = enemy["vitality"] if enemy["beaten"] else max(1, most - taken)
        enemies.append(dict(enemy, max_vitality=most, vitality=left))
    state["enemies"] = enemies
    return state


def _as_it_is(game: Any, options: Raw, state: Raw, actions: list[Any]) -> tuple[Raw, Raw, list[Any]]:
    msgspec.convert(state, State)  # the state must be one the game can read
    return options, state, actions


def _from_3(game: Any, options: Raw, state: Raw, actions: list[Any]) -> tuple[Raw, Raw, list[Any]]:
    """The log's text lines as `said` lines; then, when the save's moves replay to the very
    table and words saved, that replay (its log told by kind, so the end names its turning
    points)."""
    state = {**state, "log": upgrade_text_log(state["log"])}
    saved = msgspec.convert(state, State)  # the upgraded state must be one the game can read
    start = game.new_game(saved.rng.seed, **options)

    def words(raw: Raw) -> Raw:
        raw["log"] = [render(msgspec.convert(line, Line), WORDING) for line in raw["log"]]
        return raw

    rebuilt = replayed(game, start, actions, saved, words)
    return (options, *rebuilt) if rebuilt else (options, state, actions)
