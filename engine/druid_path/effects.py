"""The effect interpreter: resolves a task's operations, pausing for the player's choices.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.model import COLOURS, LANES, Beast, Effect, EffectTask, PendingGem, PendingTarget, State
from engine.druid_path.table import (
    C,
    SPIRIT,
    attack_of,
    charge_darach,
    defeat,
    draw_items,
    gain_gem,
    heal_darach,
    hp_left,
    hurt_beast,
    hurt_leader,
    row_of,
    spirits_in_play,
    summon_shadow,
    settle_deaths,
)

SINGLE = {"foe_beast", "ally_beast"}
WOUNDING = {"damage", "lose_hp"}  # the ops that can leave a beastborg at 0 HP ("destroy" defeats)


# ----- the interpreter ----------------------------------------------------------------


def _sides(controller: str) -> tuple[str, str]:
    return ("druid", "darach") if controller == "druid" else ("darach", "druid")


def _beasts_of(state: State, row: str) -> list[str]:
    return [f"{row}:{i}" for i, b in enumerate(row_of(state, row)) if b is not None]


def targets(state: State, task: EffectTask, effect: Effect) -> list[str]:
    ally, foe = _sides(task.controller)
    where = effect.target
    if where == "self":
        return [f"{task.row}:{task.lane}"] if task.row and row_of(state, task.row)[task.lane] else []
    if where == "opposite":
        other = "darach" if task.row == "druid" else "druid"
        return [f"{other}:{task.lane}"] if task.row and row_of(state, other)[task.lane] else []
    if where in ("foe_beast", "foe_beasts"):
        return _beasts_of(state, foe)
    if where in ("ally_beast", "ally_beasts"):
        return _beasts_of(state, ally)
    if where == "foe":
        return [foe]
    if where == "ally":
        return [ally]
    return []


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
    """Resolve a task's effects in order; stop at a choice the player has to make."""
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
    return EffectTask(task.effects[start:], task.controller, task.row, task.lane, task.item, task.label)


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
    gain_gem(state, colour)
    _continue(state, pending.task)


def _continue(state: State, task: EffectTask) -> None:
    if len(task.effects) > 1:
        state.queue.insert(0, _rest(task, 1))


def apply_effect(state: State, task: EffectTask, effect: Effect, refs: list[str]) -> None:
    op, n = effect.op, effect.amount
    for ref in refs:
        if ":" in ref:
            row, lane_text = ref.split(":")
            lane = int(lane_text)
            beast = row_of(state, row)[lane]
            if beast is None:
                continue
            if op in ("damage", "lose_hp"):
                hurt_beast(state, row, lane, n, armored=op == "damage")
            elif op == "heal":
                beast.damage = max(0, beast.damage - n)
            elif op == "attack_mod":
                beast.attack_mod += n
            elif op == "exhaust":
                beast.exhausted = True
            elif op == "destroy":
                defeat(state, row, lane)
            elif op == "attach" and task.item:
                for pile in (state.item_discard, state.hand):  # R17: a Shadow Draw relic leaves the hand
                    if task.item in pile:
                        pile.remove(task.item)
                        break
                else:
                    continue  # already attached elsewhere
                beast.relics.append(task.item)
                beast.relic_attack += effect.attack
                beast.relic_armor += effect.armor
                beast.relic_hp += effect.hp
        elif op in ("damage", "lose_hp"):
            hurt_leader(state, ref, n, armored=op == "damage")
        elif op == "heal":
            if ref == "druid":
                state.druid_hp = min(state.druid_hp_max, state.druid_hp + n)
            else:
                heal_darach(state, n)
    if refs or effect.target != "none":
        return
    druid = C.druids[state.druid]
    if op == "gain_stamina":
        state.stamina = max(0, min(druid.stamina_max, state.stamina + n))  # R33
    elif op == "draw_items":
        draw_items(state, n)
    elif op == "mill":
        for _ in range(min(n, len(state.item_deck))):
            state.item_discard.append(state.item_deck.pop())
    elif op == "discard_random":
        for _ in range(min(n, len(state.hand))):
            state.item_discard.append(state.hand.pop(state.rng.below(len(state.hand))))
    elif op == "gain_gem":
        gain_gem(state, effect.colour)
    elif op == "lose_gem":
        for _ in range(n):
            have = [c for c in COLOURS if state.gems.get(c, 0) > 0]
            if not have:
                break
            colour = max(have, key=lambda c: state.gems[c])
            state.gems[colour] -= 1
            state.gem_supply[colour] += 1
    elif op == "summon_spirit":
        for _ in range(n or 1):
            lane = next((i for i in range(LANES) if state.druid_row[i] is None), None)
            if lane is None or spirits_in_play(state) >= 3:  # R15: three tokens, shared
                break
            state.druid_row[lane] = Beast(SPIRIT)
    elif op == "summon_shadow":
        for _ in range(n or 1):
            summon_shadow(state)
    elif op == "energize":
        if state.robots:
            low = min(range(len(state.robots)), key=lambda i: state.robot_energy[i])
            state.robot_energy[low] += n
    elif op == "darach_charge":
        charge_darach(state, n)
