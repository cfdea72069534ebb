"""The Play phase: gems, taming, items, activated abilities, robots and discard boosts.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.table import (
    C,
    SPIRIT,
    ability_of,
    gain_gem,
    log,
    name_of,
    relic_names,
    remove,
    spirits_in_play,
    trigger,
)
from engine.druid_path.model import (
    COLOURS,
    LANES,
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


def has_targets(state: State, rows: int) -> bool:
    return not rows or bool(rows & occupied(state))


def mends(effects) -> tuple[str, ...]:
    """R32: what an effect list can only mend (a hurt beastborg, a hurt Druid, stamina below
    its top), or () when any of its effects does something else."""
    needs = []
    for e in effects:
        if e.op == "roll_boost":
            continue
        if e.op == "heal" and e.target in ("ally_beast", "ally_beasts", "self"):
            needs.append("beast")
        elif e.op == "heal" and e.target == "ally":
            needs.append("druid")
        elif e.op == "gain_stamina" and e.amount > 0:
            needs.append("stamina")
        else:
            return ()
    return tuple(needs)


def nothing_to_mend(state: State, needs: tuple[str, ...]) -> bool:
    """Whether every mend in `needs` would do nothing now (never true for ())."""
    for need in needs:
        if need == "beast" and any(b is not None and b.damage for b in state.druid_row):
            return False
        if need == "druid" and state.druid_hp < state.druid_hp_max:
            return False
        if need == "stamina" and state.stamina < C.druids[state.druid].stamina_max:
            return False
    return bool(needs)


# Facts about the cards that legal_actions asks for on every step, worked out once.
COSTS = {b.id: (tuple(b.cost.coloured().items()), b.cost.any) for b in C.beasts.values()}
PLAYABLE = {i.id: any(e.op != "roll_boost" for e in i.light) for i in C.items.values()}
ITEM_ROWS = {i.id: rows_needed([e for e in i.light if e.op != "roll_boost"]) for i in C.items.values()}
ITEM_MENDS = {i.id: mends(i.light) for i in C.items.values()}
ABILITY_MENDS = {
    id(a): mends(a.effects)
    for a in [d.ability for d in C.druids.values()] + [r.ability for r in C.robots.values()]
    + [b.light for b in C.beasts.values() if b.light is not None]
}  # fmt: skip
ABILITY_FACTS = {  # does it summon a Spirit token; which rows must hold a target (R32)
    id(a): (any(e.op == "summon_spirit" for e in a.effects), rows_needed(a.effects))
    for a in [d.ability for d in C.druids.values()] + [r.ability for r in C.robots.values()]
    + [b.light for b in C.beasts.values() if b.light is not None]
}  # fmt: skip



def affordable(state: State, card_id: str) -> bool:
    """Gems are never spent: the collection must simply cover the cost (R4)."""
    coloured, uncoloured = COSTS[card_id]
    gems = state.gems
    spare = sum(gems.values())
    for colour, need in coloured:
        if gems.get(colour, 0) < need:
            return False
        spare -= need
    return spare >= uncoloured


def tameable(state: State) -> list[int]:
    if state.stamina < 1:
        return []
    return [
        i
        for i, slot in enumerate(state.encounter)
        if slot is not None and not slot.tried and affordable(state, slot.card)
    ]


def take_gem(state: State, colour: str) -> None:
    log(state, "gem", colour, state.stamina - 1)
    state.stamina -= 1  # R1: the gem joins the collection beside the Druid
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


def tamed(state: State, slot: int, total: int) -> None:
    card = state.encounter[slot]
    assert card is not None
    log(state, "tamed", C.beasts[card.card].name, total)
    state.encounter[slot] = None
    state.pending = PendingLane(card.card)


def place(state: State, lane: int) -> None:
    pending = state.pending
    assert isinstance(pending, PendingLane)
    old = state.druid_row[lane]
    if old is not None:  # R5: replacing sends the old beast away without its defeated ability
        log(state, "replace", name_of(old), lane + 1, relic_names(old))
        remove(state, "druid", lane)
    beast = Beast(pending.card)
    log(state, "place", name_of(beast), lane + 1)
    state.pending = None
    state.druid_row[lane] = beast
    trigger(state, beast, "druid", lane, "tame")


def draw_item(state: State) -> None:
    log(state, "draw_item", C.items[state.item_deck[-1]].name, state.stamina - 1)
    state.stamina -= 1
    state.hand.append(state.item_deck.pop())


def playable_items(state: State) -> list[int]:
    """Items whose light side does something outside a roll, and whose cost is met."""
    items, stamina = C.items, state.stamina
    return [
        i
        for i, item in enumerate(state.hand)
        if PLAYABLE[item] and items[item].cost <= stamina and has_targets(state, ITEM_ROWS[item])
        and not nothing_to_mend(state, ITEM_MENDS[item])
    ]


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


def usable(state: State, ability: Ability, occ: int = -1) -> bool:
    """Affordable, and with something to act on (R32); `occ` is occupied(state) if known."""
    if ability.cost > state.stamina or nothing_to_mend(state, ABILITY_MENDS[id(ability)]):
        return False
    summons, rows = ABILITY_FACTS[id(ability)]
    if summons:
        return spirits_in_play(state) < 3 and None in state.druid_row
    return not rows or bool(rows & (occupied(state) if occ < 0 else occ))


def activatable_lanes(state: State) -> list[int]:
    lanes = []
    for lane in range(LANES):
        beast = state.druid_row[lane]
        if beast is None or beast.used or beast.card == SPIRIT:
            continue
        ability = ability_of(beast, "druid")
        if ability is not None and ability.kind == "activated" and usable(state, ability):
            lanes.append(lane)
    return lanes


def activate(state: State, lane: int) -> None:
    beast = state.druid_row[lane]
    assert beast is not None
    ability = ability_of(beast, "druid")
    assert ability is not None
    log(state, "activate", name_of(beast), ability.text, ability.cost, state.stamina - ability.cost)
    beast.used = True  # once per turn
    state.stamina -= ability.cost
    state.queue.append(EffectTask(list(ability.effects), "druid", "druid", lane, label=name_of(beast)))


def druid_ability_ready(state: State) -> bool:
    return not state.druid_ability_used and usable(state, C.druids[state.druid].ability)


def druid_ability(state: State) -> None:
    druid = C.druids[state.druid]
    log(state, "activate", druid.name, druid.ability.text, druid.ability.cost, state.stamina - druid.ability.cost)
    state.druid_ability_used = True
    state.stamina -= druid.ability.cost
    state.queue.append(EffectTask(list(druid.ability.effects), "druid", label=druid.name))


def ready_robots(state: State) -> list[int]:
    """R7: a robot works once per turn, for 1 of its energy; it costs no stamina."""
    energy, used, robots = state.robot_energy, state.robots_used, C.robots
    return [
        i
        for i, robot in enumerate(state.robots)
        if energy[i] > 0 and not used[i] and usable(state, robots[robot].ability)
    ]


def use_robot(state: State, index: int) -> None:
    robot = C.robots[state.robots[index]]
    log(state, "robot", robot.name, robot.ability.text, state.robot_energy[index] - 1, robot.ability.cost, state.stamina - robot.ability.cost)
    state.robot_energy[index] -= 1
    state.robots_used[index] = True
    state.stamina -= robot.ability.cost
    state.queue.append(EffectTask(list(robot.ability.effects), "druid", label=robot.name))


def gem_colours(state: State) -> list[str]:
    return [c for c in COLOURS if state.gem_supply.get(c, 0) > 0]
