"""The effect interpreter: resolves a task's operations, pausing for the player's choices.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.model import COLOURS, LANES, Beast, Effect, EffectTask, PendingGem, PendingTarget, State
from engine.druid_path.table import (
    C,
    SPIRIT,
    attack_of,
    card_of,
    charge_darach,
    defeat,
    draw_items,
    gain_gem,
    heal_darach,
    hp_left,
    hurt_beast,
    hurt_leader,
    lane_of,
    log,
    name_of,
    new_beast,
    next_items,
    row_of,
    spirits_in_play,
    summon_shadow,
    settle_deaths,
)

SINGLE = {"foe_beast", "ally_beast"}
WOUNDING = {"damage", "lose_hp"}  # the ops that can leave a beastborg at 0 HP ("destroy" defeats)


# ----- the interpreter ----------------------------------------------------------------


ALLY_FOE = {"druid": ("druid", "darach"), "darach": ("darach", "druid")}  # by controller
REFS = {row: [f"{row}:{lane}" for lane in range(LANES)] for row in ("druid", "darach")}  # "druid:0"...
LANE_OF_REF = {ref: (row, lane) for row, refs in REFS.items() for lane, ref in enumerate(refs)}


def _beasts_of(state: State, row: str) -> list[str]:
    refs, found = REFS[row], []
    for lane, beast in enumerate(row_of(state, row)):
        if beast is not None:
            found.append(refs[lane])
    return found


def targets(state: State, task: EffectTask, effect: Effect) -> list[str]:
    where = effect.target
    if where == "none":
        return []
    ally, foe = ALLY_FOE[task.controller]
    if where in ("self", "opposite"):
        lane = source_lane(state, task)
        if lane is None:
            return []
        if where == "self":
            return [] if task.fallen else [f"{task.row}:{lane}"]
        other = "darach" if task.row == "druid" else "druid"
        return [f"{other}:{lane}"] if row_of(state, other)[lane] else []
    if where in ("foe_beast", "foe_beasts"):
        return _beasts_of(state, foe)
    if where in ("ally_beast", "ally_beasts"):
        return _beasts_of(state, ally)
    if where == "foe":
        return [foe]
    if where == "ally":
        return [ally]
    return []


def source_lane(state: State, task: EffectTask) -> int | None:
    """R38: the lane the task's source beastborg stands in now, found by its uid, not by the
    lane it triggered in; a defeated source answers with the lane it fell from. None when the
    task has no source beastborg or it has left its row."""
    if not task.row or not task.beast:
        return None
    return task.lane if task.fallen else lane_of(state, task.row, task.beast)


def gone(state: State, task: EffectTask) -> bool:
    """R38: a beastborg's ability whose source has left its row (fallen off, replaced, swapped
    to the other row, defeated) no longer resolves; a defeated ability is the one meant to."""
    return bool(task.row and task.beast) and not task.fallen and source_lane(state, task) is None


def _beast_at(state: State, ref: str) -> Beast | None:
    row, lane = ref.split(":")
    return row_of(state, row)[int(lane)]


def darach_pick(state: State, effect: Effect, options: list[str]) -> str:
    """R10: the Darach's own choices: hit the strongest foe, help its most hurt or strongest."""

    def strength(ref: str) -> tuple[int, int]:
        beast = _beast_at(state, ref)
        assert beast is not None
        return (attack_of(beast), hp_left(beast))

    if effect.op == "heal":
        return max(options, key=lambda r: _beast_at(state, r).damage)  # type: ignore[union-attr]
    return max(options, key=strength)


def run_task(state: State, task: EffectTask) -> None:
    """Resolve a task's effects in order; stop at a choice the player has to make. A
    triggered ability is told (its source and text) as it begins to resolve; one whose source
    has left its row meanwhile is told that it does not (R38)."""
    if gone(state, task):
        log(state, "ability_gone", task.label)
        return
    if not task.told:
        log(state, "ability", task.label, task.says)
        task.told = True
    for i, effect in enumerate(task.effects):
        if state.result is not None:
            return
        if effect.op == "gain_gem" and effect.colour == "choice" and task.controller == "druid":
            if any(state.gem_supply.values()):
                state.pending = PendingGem(_rest(task, i))
                return
            continue
        refs = targets(state, task, effect)
        if effect.target in SINGLE and len(refs) > 1:
            if task.controller == "druid":
                state.pending = PendingTarget(_rest(task, i), refs)
                return
            refs = [darach_pick(state, effect, refs)]
        apply_effect(state, task, effect, refs)
        if effect.op in WOUNDING:
            settle_deaths(state)


def _rest(task: EffectTask, start: int) -> EffectTask:
    return EffectTask(
        task.effects[start:], task.controller, task.row, task.lane, task.beast, task.fallen, task.item,
        task.label, task.says,
    )  # fmt: skip


def resume_with_target(state: State, ref: str) -> None:
    pending = state.pending
    assert isinstance(pending, PendingTarget)
    state.pending = None
    task = pending.task
    apply_effect(state, task, task.effects[0], [ref])
    if task.effects[0].op in WOUNDING:
        settle_deaths(state)
    _continue(state, task)


def resume_with_gem(state: State, colour: str) -> None:
    pending = state.pending
    assert isinstance(pending, PendingGem)
    state.pending = None
    log(state, "gain_gem", pending.task.label, colour)
    gain_gem(state, colour)
    _continue(state, pending.task)


def _continue(state: State, task: EffectTask) -> None:
    if len(task.effects) > 1:
        state.queue.insert(0, _rest(task, 1))


def apply_effect(state: State, task: EffectTask, effect: Effect, refs: list[str]) -> None:
    """Carry out one effect on its targets, each change told first, in the source's name."""
    op, n, source = effect.op, effect.amount, task.label
    for ref in refs:
        if ref in LANE_OF_REF:
            row, lane = LANE_OF_REF[ref]
            _on_beast(state, task, effect, row, lane)
        elif op in ("damage", "lose_hp"):
            hurt_leader(state, ref, n, source, armored=op == "damage")
        elif op == "heal":
            _heal_leader(state, ref, n, source)
    if refs or effect.target != "none":
        return
    OTHERS[op](state, effect, source)


def _on_beast(state: State, task: EffectTask, effect: Effect, row: str, lane: int) -> None:
    op, n, source = effect.op, effect.amount, task.label
    beast = row_of(state, row)[lane]
    if beast is None:
        return
    name = name_of(beast)
    if op in ("damage", "lose_hp"):
        hurt_beast(state, row, lane, n, source, armored=op == "damage")
    elif op == "heal":
        healed = min(n, beast.damage)
        if healed:
            log(state, "heal", source, name, healed, hp_left(beast) + healed)
            beast.damage -= healed
    elif op == "attack_mod":
        after = max(0, card_of(beast).attack + beast.attack_mod + n + beast.relic_attack)
        log(state, "attack_mod", source, name, f"{n:+d}", after)
        beast.attack_mod += n
    elif op == "exhaust":
        if not beast.exhausted:
            log(state, "exhaust", source, name)
            beast.exhausted = True
    elif op == "destroy":
        defeat(state, row, lane, by=source)
    elif op == "attach" and task.item:
        for pile in (state.item_discard, state.hand):  # R17: a Shadow Draw relic leaves the hand
            if task.item in pile:
                break
        else:
            return  # already attached elsewhere
        bonus = [f"{v:+d} {what}" for v, what in ((effect.attack, "attack"), (effect.armor, "armor"), (effect.hp, "HP")) if v]
        hp, attack = hp_left(beast) + effect.hp, max(0, attack_of(beast) + effect.attack)
        log(state, "attach", C.items[task.item].name, name, ", ".join(bonus) or "no bonus", hp, attack)
        pile.remove(task.item)
        beast.relics.append(task.item)
        beast.relic_attack += effect.attack
        beast.relic_armor += effect.armor
        beast.relic_hp += effect.hp


def _heal_leader(state: State, ref: str, n: int, source: str) -> None:
    if ref == "druid":
        hp = min(state.druid_hp_max, state.druid_hp + n)
        if hp != state.druid_hp:
            log(state, "heal", source, C.druids[state.druid].name, hp - state.druid_hp, hp)
            state.druid_hp = hp
    else:
        hp = heal_darach(state, n)  # R8
        if hp != state.darach_hp:
            log(state, "heal", source, C.darachs[state.darach].name, hp - state.darach_hp, hp)
            state.darach_hp = hp


# ----- effects on the table at large (target "none") -----------------------------------


def _gain_stamina(state: State, effect: Effect, source: str) -> None:
    top = C.druids[state.druid].stamina_max
    now = max(0, min(top, state.stamina + effect.amount))  # R33
    if now != state.stamina:
        log(state, "stamina", source, f"{now - state.stamina:+d}", now)
        state.stamina = now


def _draw(state: State, effect: Effect, source: str) -> None:
    log(state, "draw", source, next_items(state, effect.amount))
    draw_items(state, effect.amount)


def _mill(state: State, effect: Effect, source: str) -> None:
    milled = next_items(state, effect.amount)
    if milled:
        log(state, "mill", source, milled)
    for _ in range(len(milled)):
        state.item_discard.append(state.item_deck.pop())


def _discard_random(state: State, effect: Effect, source: str) -> None:
    for _ in range(min(effect.amount, len(state.hand))):
        index = state.rng.below(len(state.hand))
        log(state, "discard_random", source, C.items[state.hand[index]].name)
        state.item_discard.append(state.hand.pop(index))


def _gain_gem(state: State, effect: Effect, source: str) -> None:
    colour = effect.colour
    if state.gem_supply.get(colour, 0) <= 0:
        log(state, "no_gem", source, colour)
        return
    log(state, "gain_gem", source, colour)
    gain_gem(state, colour)


def _lose_gem(state: State, effect: Effect, source: str) -> None:
    for _ in range(effect.amount):
        have = [c for c in COLOURS if state.gems.get(c, 0) > 0]
        if not have:
            break
        colour = max(have, key=lambda c: state.gems[c])
        log(state, "lose_gem", source, colour)
        state.gems[colour] -= 1
        state.gem_supply[colour] += 1


def _summon_spirit(state: State, effect: Effect, source: str) -> None:
    for _ in range(effect.amount or 1):
        lane = next((i for i in range(LANES) if state.druid_row[i] is None), None)
        if lane is None or spirits_in_play(state) >= 3:  # R15: three tokens, shared
            log(state, "no_spirit", source)
            break
        log(state, "spirit", source, lane + 1)
        state.druid_row[lane] = new_beast(state, SPIRIT)


def _summon_shadow(state: State, effect: Effect, source: str) -> None:
    for _ in range(effect.amount or 1):
        summon_shadow(state, source)


def _energize(state: State, effect: Effect, source: str) -> None:
    if state.robots:
        low = min(range(len(state.robots)), key=lambda i: state.robot_energy[i])
        now = state.robot_energy[low] + effect.amount
        log(state, "energize", source, C.robots[state.robots[low]].name, effect.amount, now)
        state.robot_energy[low] = now


def _darach_charge(state: State, effect: Effect, source: str) -> None:
    charge_darach(state, effect.amount, source)


OTHERS = {
    "gain_stamina": _gain_stamina,
    "draw_items": _draw,
    "mill": _mill,
    "discard_random": _discard_random,
    "gain_gem": _gain_gem,
    "lose_gem": _lose_gem,
    "summon_spirit": _summon_spirit,
    "summon_shadow": _summon_shadow,
    "energize": _energize,
    "darach_charge": _darach_charge,
    "roll_boost": lambda state, effect, source: None,  # only ever added to a roll
}
