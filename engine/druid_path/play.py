"""The Play phase: gems, taming, items, activated abilities, robots and discard boosts.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.table import (
    C,
    ability_of,
    gain_gem,
    log,
    name_of,
    new_beast,
    relic_names,
    remove,
    spirits_in_play,
    trigger,
)
from engine.druid_path.model import (
    COLOURS,
    Ability,
    Beast,
    EffectTask,
    PendingLane,
    PendingRoll,
    State,
)
from engine.druid_path.phases import settle_roll


BEAST_TARGETS = {"self", "opposite", "foe_beast", "ally_beast", "foe_beasts", "ally_beasts"}


DRUID_ROW, DARACH_ROW = 1, 2  # bits of a row mask


def rows_needed(effects) -> int:
    """R32: a mask of the rows an effect list needs a beastborg in; 0 when any table will do."""
    if any(e.target not in BEAST_TARGETS for e in effects if e.op != "roll_boost"):
        return 0
    mask = 0
    for e in effects:
        mask |= DARACH_ROW if e.target.startswith(("foe", "opp")) else DRUID_ROW
    return mask


def occupied(state: State) -> int:
    """The mask of rows holding at least one beastborg."""
    d, a = state.druid_row, state.darach_row
    mask = DRUID_ROW if d[0] is not None or d[1] is not None or d[2] is not None else 0
    if a[0] is not None or a[1] is not None or a[2] is not None:
        mask |= DARACH_ROW
    return mask


MEND_BEAST, MEND_DRUID, MEND_STAMINA = 1, 2, 4  # bits of a mend mask (R32)


def mends(effects) -> int:
    """R32: the mask of what an effect list can only mend (a hurt beastborg, a hurt Druid,
    stamina below its top), or 0 when any of its effects does something else."""
    needs = 0
    for e in effects:
        if e.op == "roll_boost":
            continue
        if e.op == "heal" and e.target in ("ally_beast", "ally_beasts", "self"):
            needs |= MEND_BEAST
        elif e.op == "heal" and e.target == "ally":
            needs |= MEND_DRUID
        elif e.op == "gain_stamina" and e.amount > 0:
            needs |= MEND_STAMINA
        else:
            return 0
    return needs


STAMINA_TOP = {d.id: d.stamina_max for d in C.druids.values()}


def mendable(state: State) -> int:
    """The mask of what a mend would change now."""
    mask = 0
    for beast in state.druid_row:
        if beast is not None and beast.damage:
            mask = MEND_BEAST
            break
    if state.druid_hp < state.druid_hp_max:
        mask |= MEND_DRUID
    if state.stamina < STAMINA_TOP[state.druid]:
        mask |= MEND_STAMINA
    return mask


# Facts about the cards that legal_actions asks for on every step, worked out once.
COSTS = {  # coloured gems needed, and how many of any colour on top of them
    b.id: (tuple(b.cost.coloured().items()), sum(b.cost.coloured().values()), b.cost.any) for b in C.beasts.values()
}
ITEM_FACTS = {  # playable outside a roll, cost, rows it needs a target in, what it can only
    # mend (R32), and whether it is discarded for stamina
    i.id: (
        any(e.op != "roll_boost" for e in i.light), i.cost,
        rows_needed([e for e in i.light if e.op != "roll_boost"]), mends(i.light),
        i.boost_kind == "stamina",
    )
    for i in C.items.values()
}  # fmt: skip


def _power(ability: Ability) -> tuple[int, bool, int, int]:
    """An activated ability's stamina cost, whether it summons a Spirit token, the rows it
    needs a target in and what it can only mend (R32)."""
    summons = any(e.op == "summon_spirit" for e in ability.effects)
    return (ability.cost, summons, rows_needed(ability.effects), mends(ability.effects))


DRUID_POWERS = {d.id: _power(d.ability) for d in C.druids.values()}
ROBOT_POWERS = {r.id: _power(r.ability) for r in C.robots.values()}
ACTIVATED = {  # the beastborgs whose light side is an activated ability
    b.id: _power(b.light) for b in C.beasts.values() if b.light is not None and b.light.kind == "activated"
}


def can_use(state: State, power: tuple[int, bool, int, int], occ: int, mend: int) -> bool:
    """Affordable, and with something to act on (R32); occ is occupied(state), mend is
    mendable(state)."""
    cost, summons, rows, needs = power
    if cost > state.stamina or (needs and not needs & mend):
        return False
    if summons:
        return spirits_in_play(state) < 3 and None in state.druid_row
    return not rows or bool(rows & occ)


def affordable(state: State, card_id: str) -> bool:
    """Gems are never spent: the collection must simply cover the cost (R4)."""
    coloured, coloured_total, uncoloured = COSTS[card_id]
    gems = state.gems
    for colour, need in coloured:
        if gems.get(colour, 0) < need:
            return False
    return not uncoloured or sum(gems.values()) - coloured_total >= uncoloured


def take_gem(state: State, colour: str) -> None:
    log(state, "gem", colour, state.stamina - 1)
    state.stamina -= 1  # R1: the gem goes under the item deck, into the collection
    gain_gem(state, colour)


def start_tame(state: State, slot: int) -> None:
    card = state.encounter[slot]
    assert card is not None
    beast = C.beasts[card.card]
    dice = state.rng.roll(2, 6)
    log(state, "tame_roll", beast.name, dice[0], dice[1], beast.tame, state.stamina - 1)
    state.stamina -= 1
    state.pending = PendingRoll("tame", slot, beast.tame, dice)
    settle_roll(state)


def place(state: State, lane: int) -> None:
    pending = state.pending
    assert isinstance(pending, PendingLane)
    old = state.druid_row[lane]
    if old is not None:  # R5: replacing sends the old beast away without its defeated ability
        log(state, "replace", name_of(old), lane + 1, relic_names(old))
        remove(state, "druid", lane)
    beast = new_beast(state, pending.card)
    log(state, "place", name_of(beast), lane + 1)
    state.pending = None
    state.druid_row[lane] = beast
    trigger(state, beast, "druid", lane, "tame")


def draw_item(state: State) -> None:
    log(state, "draw_item", C.items[state.item_deck[-1]].name, state.stamina - 1)
    state.stamina -= 1
    state.hand.append(state.item_deck.pop())


def item_playable(item: str, stamina: int, occ: int, mend: int) -> bool:
    """Whether the item's light side does something outside a roll now (R32), its cost met;
    occ is occupied(state), mend is mendable(state)."""
    playable, cost, rows, needs, _ = ITEM_FACTS[item]
    return playable and cost <= stamina and (not rows or bool(rows & occ)) and (not needs or bool(needs & mend))


def boosts_stamina(state: State, item: str) -> bool:
    """Whether the card may be discarded for stamina now: never at the top (R32)."""
    return ITEM_FACTS[item][4] and state.stamina < STAMINA_TOP[state.druid]


def play_item(state: State, index: int) -> None:
    item = C.items[state.hand[index]]
    log(state, "play_item", item.name, item.light_text, item.cost, state.stamina - item.cost)
    state.hand.pop(index)
    state.stamina -= item.cost
    state.item_discard.append(item.id)  # a relic leaves the discard when it attaches
    effects = [e for e in item.light if e.op != "roll_boost"]
    state.queue.append(EffectTask(effects, "druid", item=item.id, label=item.name))


def stamina_boost(state: State, index: int) -> None:
    item = C.items[state.hand[index]]
    stamina = min(C.druids[state.druid].stamina_max, state.stamina + item.boost)
    log(state, "stamina_boost", item.name, item.boost, stamina)
    state.item_discard.append(state.hand.pop(index))
    state.stamina = stamina


def roll_boost(state: State, index: int) -> None:
    roll = state.pending
    assert isinstance(roll, PendingRoll)
    item = C.items[state.hand[index]]
    log(state, "roll_boost", item.name, item.boost, sum(roll.dice) + roll.bonus + item.boost)
    state.item_discard.append(state.hand.pop(index))
    roll.bonus += item.boost
    settle_roll(state)


def use_potion(state: State, index: int) -> None:
    roll = state.pending
    assert isinstance(roll, PendingRoll)
    item = C.items[state.hand[index]]
    boost = sum(e.amount for e in item.light if e.op == "roll_boost")
    log(state, "potion", item.name, boost, sum(roll.dice) + roll.bonus + boost, item.cost, state.stamina - item.cost)
    state.item_discard.append(state.hand.pop(index))
    state.stamina -= item.cost
    roll.bonus += boost
    others = [e for e in item.light if e.op != "roll_boost"]
    if others:
        state.queue.append(EffectTask(others, "druid", item=item.id, label=item.name))
    settle_roll(state)


def activatable(state: State, beast: Beast, occ: int, mend: int) -> bool:
    """Whether the Druid-row beastborg's activated ability may be used (once a turn)."""
    power = ACTIVATED.get(beast.card)
    return power is not None and not beast.used and can_use(state, power, occ, mend)


def activate(state: State, lane: int) -> None:
    beast = state.druid_row[lane]
    assert beast is not None
    ability = ability_of(beast, "druid")
    assert ability is not None
    log(state, "activate", name_of(beast), ability.text, ability.cost, state.stamina - ability.cost)
    beast.used = True  # once per turn
    state.stamina -= ability.cost
    state.queue.append(EffectTask(list(ability.effects), "druid", "druid", lane, beast.uid, label=name_of(beast)))


def druid_ability_ready(state: State, occ: int, mend: int) -> bool:
    return not state.druid_ability_used and can_use(state, DRUID_POWERS[state.druid], occ, mend)


def druid_ability(state: State) -> None:
    druid = C.druids[state.druid]
    log(state, "activate", druid.name, druid.ability.text, druid.ability.cost, state.stamina - druid.ability.cost)
    state.druid_ability_used = True
    state.stamina -= druid.ability.cost
    state.queue.append(EffectTask(list(druid.ability.effects), "druid", label=druid.name))


def robot_ready(state: State, index: int, occ: int, mend: int) -> bool:
    """R7: a robot works once per turn, for 1 of its energy; it costs no stamina."""
    return (
        state.robot_energy[index] > 0 and not state.robots_used[index]
        and can_use(state, ROBOT_POWERS[state.robots[index]], occ, mend)
    )  # fmt: skip


def use_robot(state: State, index: int) -> None:
    robot = C.robots[state.robots[index]]
    log(state, "robot", robot.name, robot.ability.text, state.robot_energy[index] - 1, robot.ability.cost, state.stamina - robot.ability.cost)
    state.robot_energy[index] -= 1
    state.robots_used[index] = True
    state.stamina -= robot.ability.cost
    state.queue.append(EffectTask(list(robot.ability.effects), "druid", label=robot.name))


def gem_colours(state: State) -> list[str]:
    return [c for c in COLOURS if state.gem_supply.get(c, 0) > 0]
