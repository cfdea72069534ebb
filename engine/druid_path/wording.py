"""How Druid Path's log lines read. The rules write `Line(kind, parts)`; these give the words.

Every line names its source (the card, the Darach, the path) and what it did, and is written
before the change it tells of, so the log reads cause first.
"""

from __future__ import annotations

LINES_KEPT = 40


def names(items: tuple[str, ...]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _relics(relics: tuple[str, ...]) -> str:
    if not relics:
        return ""
    return f"; {names(relics)} {'goes' if len(relics) == 1 else 'go'} to the item discard"


def _hurt(source: str, target: str, amount: int, absorbed: int, left: int, armored: int) -> str:
    if not armored:
        return f"{target} loses {amount} HP to {source} (♥{left} left)."
    stops = f", armor stops {absorbed}" if absorbed else ""
    return f"{source} hits {target} for {amount + absorbed}{stops} (♥{left} left)."


def _paid(cost: int, left: int) -> str:
    return f" ({cost} stamina, {left} left)" if cost else ""


def _robot(name: str, text: str, energy: int, cost: int, left: int) -> str:
    paid = f", {cost} stamina, {left} left" if cost else ""
    return f"{name} (energy {energy} left{paid}): {text}"


def _path_items(items: tuple[str, ...]) -> str:
    if not items:
        return "The path's item draw finds the item deck empty."
    return f"The path gives you {names(items)}."


def _draw(source: str, items: tuple[str, ...]) -> str:
    if not items:
        return f"{source}: the item deck is empty, nothing is drawn."
    return f"{source}: you draw {names(items)}."


def _spiral(to_you: tuple[str, ...], to_darach: tuple[str, ...], no_room: tuple[str, ...], crowded: int) -> str:
    moves = [f"{names(side)} to {whose} row" for side, whose in ((to_you, "your"), (to_darach, "the Darach's")) if side]
    if no_room:
        moves.append(f"{names(no_room)} {'finds' if len(no_room) == 1 else 'find'} no room and {'is' if len(no_room) == 1 else 'are'} discarded")
    stay = "shadows shift left, " if no_room or crowded else "shadows stay, "
    return f"Spiral Step: the rows swap ({stay}no tame abilities)" + (": " + "; ".join(moves) if moves else "") + "."


WORDING = {
    "start": "{0} sets out on {1} against {2}.",
    "turn": "Turn {0}: +{1} stamina ({2}).",
    "branch": "Step {0} branches: you take the {1} way ({2}).",
    "appears": "{0} appears in encounter lane {1}.",
    "no_room": "{0} finds no free encounter lane and is discarded.",
    "reshuffle": "The {0} deck is empty: its discard is shuffled to make a new one.",
    "path_items": _path_items,
    "shadow_draw": "Shadow Draw: you draw {0}, and its shadow side strikes first: {1}",
    "summon_shadow": "{0}: the shadow beastborg {1} enters Darach lane 1.",
    "falls_off": lambda name, darach, gain, hp, relics: (
        f"{name} falls off the Darach row{_relics(relics)}: {darach} gains {gain} HP (♥{hp})."
    ),
    "spiral": _spiral,
    "relics_off": lambda name, relics, hp, attack: f"{name} is to change rows{_relics(relics)} (♥{hp} »{attack}).",
    "transfer": "{0}'s HP transfer: {1} gains {2} HP (♥{3}).",
    "shift_right": "The Darach row shifts right to make room for {0}.",
    "close_up": "The Darach's beastborgs shift left to close the gaps.",
    "darach_tames": "The Darach tames {0} from encounter lane {1}.",
    "darach_draws": "The Darach draws {0}: {1}",
    "charge": "{0} gathers charge ({1}/{2}).",
    "unleash": "{0}'s charge is full: {1}",
    "ability": "{0}: {1}",
    "ability_gone": "{0} is no longer in its row: its ability does not resolve.",
    "hurt": _hurt,
    "heal": "{0} heals {1} by {2} (♥{3}).",
    "attack_mod": "{0} gives {1} {2} attack (»{3}).",
    "exhaust": "{0} exhausts {1}.",
    "defeated": lambda name, where, relics: f"{name} ({where}) is defeated{_relics(relics)}.",
    "destroyed": lambda source, name, where, relics: f"{source} destroys {name} ({where}){_relics(relics)}.",
    "attach": "{0} attaches to {1}: {2} (♥{3} »{4}).",
    "stamina": "{0}: {1} stamina ({2}).",
    "draw": _draw,
    "mill": lambda source, items: f"{source}: {names(items)} {'goes' if len(items) == 1 else 'go'} from the item deck to the discard.",
    "discard_random": "{0}: {1} is discarded from your hand at random.",
    "gain_gem": "{0}: a {1} gem joins your collection, under the item deck.",
    "no_gem": "{0}: no {1} gem is left in the supply.",
    "lose_gem": "{0}: a {1} gem goes back to the supply.",
    "spirit": "{0}: a Spirit token enters your lane {1}.",
    "no_spirit": "{0}: no Spirit token can come (no empty lane, or all three are out).",
    "energize": "{0}: {1} gains {2} energy ({3}).",
    "darach_charge": "{0}: {1}'s charge fills by {2} ({3}/{4}).",
    "lane_attack": "Lane {0}: {1} attacks for {2}.",
    "unanswered": "Lane {0}: nothing can answer {1} ({2}).",
    "lane_quiet": "Lane {0}: nothing attacks ({1}).",
    "block": "{0} blocks {1} (1 stamina, {2} left): they trade blows.",
    "go_attack": "{0} attacks {1} (1 stamina, {2} left).",
    "attack_roll": "{0}'s attack on {1}: rolled {2}+{3} against parry {4}.",
    "attack_lands": "{0}'s attack lands ({1} against parry {2}).",
    "parried": "{0}'s attack is parried ({1} < {2}).",
    "end_turn": "End of turn {0}: every beastborg is ready again and armor refills.",
    "gem": "Collected a {0} gem, under the item deck ({1} stamina left).",
    "tame_roll": "Taming {0} (1 stamina, {4} left): rolled {1}+{2} against {3}.",
    "tamed": "{0} is tamed ({1})! Choose its lane.",
    "tame_fails": "Taming {0} fails ({1} < {2}).",
    "place": "{0} takes your lane {1}.",
    "replace": lambda name, lane, relics: f"{name} leaves your lane {lane} to make room{_relics(relics)}.",
    "draw_item": "Drew {0} ({1} stamina left).",
    "play_item": lambda name, text, cost, left: f"Played {name}{_paid(cost, left)}: {text}",
    "activate": lambda name, text, cost, left: f"{name}{_paid(cost, left)}: {text}",
    "stamina_boost": "Discarded {0} for +{1} stamina ({2}).",
    "roll_boost": "Discarded {0}: +{1} to the roll ({2}).",
    "potion": lambda name, boost, total, cost, left: f"Drank {name}{_paid(cost, left)}: +{boost} to the roll ({total}).",
    "robot": _robot,
    "darach_moves": "The Darach moves.",
    "darach_defeated": "{0} is defeated!",
    "druid_fallen": "{0} has fallen.",
    "path_end": "The path ends and the Darach still stands.",
    "deck_spent": "The item deck is spent.",
}

# Lines a finished game's story is told by (the end screen's turning points).
TURNING_POINTS = frozenset({
    "tamed", "defeated", "destroyed", "attack_lands", "unleash", "summon_shadow",
    "darach_defeated", "druid_fallen", "path_end", "deck_spent", "branch",
})  # fmt: skip
