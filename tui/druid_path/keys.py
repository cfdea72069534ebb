"""Which key picks which Druid Path choice. A key is fixed by the kind of action and the place
of the card it acts on, never by the list's order, so a key means the same thing all game.

Letters are kinds of action: g r w y gems, d draw, e end the phase (or go on to the next
turn), t tame, l a lane's ability, p the Druid's power, m a robot, a accept (a failed roll,
or the blow), x attack the Darach, f fend the blow off (block). Digits are places: an item in
the hand (1-9, 0 for the tenth), or the lane a choice asks for. A key follows the table
grammar (tui/grammar.py press): one choice, taken at once; several, the first press
highlights the first of them, whatever was highlighted, each press after that the next, and
Enter takes the highlighted one. `n` and `b` are every table's (a new game, a bot seat).
"""

from __future__ import annotations

from typing import Any

from engine.druid_path.model import (
    AcceptRoll,
    Activate,
    AttackDarach,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    NextTurn,
    PickBranch,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)

DIGITS = "1234567890"
LETTERS = {
    EndPlay: "e", NextTurn: "e", DrawItem: "d", AcceptRoll: "a", Endure: "a", AttackDarach: "x",
    Block: "f", DruidAbility: "p", Tame: "t", Activate: "l", UseRobot: "m",
}  # fmt: skip
GEM_KEYS = {"green": "g", "red": "r", "blue": "w", "yellow": "y"}  # w: blue is Water (R3); u is undo
ITEM_ACTIONS = (PlayItem, StaminaBoost, RollBoost, UsePotion)
ALL_KEYS = DIGITS + "".join(sorted(set(LETTERS.values()) | set(GEM_KEYS.values())))


def key_of(action: Any) -> str:
    """The key shown beside a choice ("" for one reached only by the list)."""
    if type(action) in LETTERS:
        return LETTERS[type(action)]
    if isinstance(action, (TakeGem, PickGem)):
        return GEM_KEYS[action.colour]
    if isinstance(action, ITEM_ACTIONS):
        return DIGITS[action.index] if action.index < len(DIGITS) else ""
    if isinstance(action, PickLane):
        return DIGITS[action.lane]
    if isinstance(action, PickTarget) and ":" in action.target:
        return DIGITS[int(action.target.split(":")[1])]
    if isinstance(action, PickBranch):
        return "2" if action.alt else "1"
    return ""


def at_once(key: str, matches: int) -> bool:
    """Whether pressing `key` takes its choice at once (it names one) or only highlights (it
    names several): the same for letters and digits (tui/grammar.py)."""
    return matches == 1
