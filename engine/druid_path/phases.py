"""The turn as a machine of data: Encounter, Darach and Combat phases and the end of a turn.

`advance` runs queued effects and phase steps until the player has a decision to make.
Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.effects import run_task
from engine.druid_path.table import (
    C,
    attack_of,
    charge_darach,
    check_end,
    draw_beast,
    draw_items,
    heal_darach,
    hurt_beast,
    hurt_leader,
    is_shadow,
    log,
    name_of,
    push_darach,
    settle_deaths,
    summon_shadow,
    trigger,
    ward_up,
)
from engine.druid_path.model import (
    LANES,
    STEPS,
    Beast,
    EffectTask,
    PendingBranch,
    PendingResponse,
    PendingRoll,
    Slot,
    State,
    Step,
)


def advance(state: State) -> None:
    while state.result is None and state.pending is None:
        if state.queue:
            run_task(state, state.queue.pop(0))
            continue
        if state.phase == "play":
            return
        STEPPERS[state.phase](state)
    check_end(state)


# ----- Encounter ----------------------------------------------------------------------


def encounter(state: State) -> None:
    druid = C.druids[state.druid]
    state.turn += 1
    state.stamina = min(druid.stamina_max, state.stamina + druid.stamina_gain)
    log(state, f"Turn {state.turn}: +{druid.stamina_gain} stamina ({state.stamina}).")
    step = C.paths[state.path].steps[state.turn - 1]
    if step.alt is not None:
        state.pending = PendingBranch(state.turn)
        return
    resolve_step(state, step)


def current_step(state: State) -> Step:
    step = C.paths[state.path].steps[state.turn - 1]
    if step.alt is not None and state.turn in state.branch_taken:
        return step.alt
    return step


def resolve_step(state: State, step: Step) -> None:
    if step.spiral:
        fill_encounter(state, step.spiral)
        spiral_swap(state)
    if step.beasts:
        fill_encounter(state, step.beasts)
    if step.items:
        drawn = draw_items(state, step.items)
        log(state, f"The path gives {len(drawn)} item card(s).")
    for _ in range(step.shadow_draw):
        drawn = draw_items(state, 1)
        if drawn:  # R17: the card is kept; its shadow side strikes first
            item = C.items[drawn[0]]
            log(state, f"Shadow Draw: {item.name} - {item.shadow_text}")
            state.queue.append(EffectTask(list(item.shadow), "darach", item=drawn[0], label=item.name))
    for _ in range(step.shadow):
        summon_shadow(state)
    state.phase = "play"


def fill_encounter(state: State, count: int) -> None:
    for _ in range(count):
        row = state.encounter
        lane = 0 if row[0] is None else 1 if row[1] is None else 2 if row[2] is None else None
        card = draw_beast(state)
        if card is None:
            return
        if lane is None:  # R16: no room in the encounter row; the card is discarded
            state.beast_discard.append(card)
            continue
        state.encounter[lane] = Slot(card)
        log(state, f"{C.beasts[card].name} appears in encounter lane {lane + 1}.")


def spiral_swap(state: State) -> None:
    """Spiral Step: the rows trade places; shadows stay; no tame abilities (R18)."""
    druid_side = [b for b in state.druid_row]
    darach_side = [b if b is not None and not is_shadow(b) else None for b in state.darach_row]
    shadows = [b for b in state.darach_row if b is not None and is_shadow(b)]
    for beast in druid_side + darach_side:
        if beast is not None:  # moving between rows sends relics to the discard
            state.item_discard.extend(beast.relics)
            beast.relics = []
            beast.relic_attack = beast.relic_armor = beast.relic_hp = 0
    state.druid_row = darach_side
    old_darach = state.darach_row
    clash = any(b is not None and s is not None and is_shadow(s) for b, s in zip(druid_side, old_darach))
    if not clash:  # every Druid beastborg finds its own lane free of shadows
        state.darach_row = [
            b if b is not None else (s if s is not None and is_shadow(s) else None)
            for b, s in zip(druid_side, old_darach)
        ]
    else:
        row: list[Beast | None] = list(shadows) + [None] * (LANES - len(shadows))
        free = LANES - len(shadows)
        movers = [b for b in druid_side if b is not None]
        for i, beast in enumerate(movers):
            if i < free:
                row[len(shadows) + i] = beast
            else:
                state.darach_row = row
                transfer = 0 if beast.card == "spirit" else C.beasts[beast.card].hp_transfer
                if beast.card != "spirit":
                    state.beast_discard.append(beast.card)
                heal_darach(state, transfer)
                log(state, f"{name_of(beast)} finds no room and is discarded: Darach +{transfer} HP.")
        state.darach_row = row
    log(state, "Spiral Step: the Druid and Darach rows swap.")
    settle_deaths(state)  # a relic's lost HP bonus can leave a beastborg at 0 HP


# ----- Darach phase -------------------------------------------------------------------


def darach_phase(state: State) -> None:
    if state.stage == "start":
        row = [b for b in state.darach_row if b is not None]
        state.darach_row = row + [None] * (LANES - len(row))
        entered: list[Beast] = []
        for lane in range(LANES - 1, -1, -1):  # R13: from lane 3, so lane 1 ends up first
            slot = state.encounter[lane]
            if slot is not None:
                state.encounter[lane] = None
                beast = Beast(slot.card)
                push_darach(state, beast)
                entered.append(beast)
                log(state, f"The Darach tames {name_of(beast)}.")
        for beast in entered:
            for lane, there in enumerate(state.darach_row):
                if there is beast:
                    trigger(state, beast, "darach", lane, "tame")
        state.stage = "draw"
    elif state.stage == "draw":
        drawn = state.item_deck.pop() if state.item_deck else None
        if drawn is not None:
            item = C.items[drawn]
            log(state, f"The Darach draws {item.name}: {item.shadow_text}")
            state.item_discard.append(drawn)
            state.queue.append(EffectTask(list(item.shadow), "darach", item=drawn, label=item.name))
        state.stage = "charge"
    elif state.stage == "charge":
        charge_darach(state, 1)
        for lane, beast in enumerate(state.darach_row):  # R19: Darach beasts use activated abilities
            if beast is not None:
                trigger(state, beast, "darach", lane, "activated")
        state.phase, state.stage, state.combat_lane = "combat", "start", 0


# ----- Combat -------------------------------------------------------------------------


def can_attack(state: State, lane: int) -> bool:
    """R23: the Druid beastborg of this lane answers; R29: not when exhausted."""
    beast = state.druid_row[lane]
    return beast is not None and not beast.exhausted and state.stamina >= 1 and not ward_up(state)


def can_block(state: State, lane: int) -> bool:
    beast, foe = state.druid_row[lane], state.darach_row[lane]
    return (
        beast is not None and not beast.exhausted and foe is not None and state.stamina >= 1
    )


def darach_beast_attacks(state: State, lane: int) -> bool:
    foe = state.darach_row[lane]
    return foe is not None and not foe.exhausted  # R29


def combat(state: State) -> None:
    """Run combat stages until one queues effects, asks the player, or the phase ends."""
    while True:
        combat_stage(state)
        if state.queue or state.pending is not None or state.phase != "combat":
            return


def combat_stage(state: State) -> None:
    lane = state.combat_lane
    if state.stage == "start":
        while lane < LANES and state.darach_row[lane] is None and state.druid_row[lane] is None:
            lane += 1  # an empty lane has nothing to resolve
        state.combat_lane = lane
        if lane >= LANES:
            state.phase, state.stage = "end", "start"
            return
        foe = state.darach_row[lane]
        if darach_beast_attacks(state, lane):
            assert foe is not None
            trigger(state, foe, "darach", lane, "attack")
        state.stage = "ask"
    elif state.stage == "ask":
        attacks = darach_beast_attacks(state, lane)
        if can_attack(state, lane) or (attacks and can_block(state, lane)):
            state.pending = PendingResponse(lane, attacks)
        elif attacks:
            foe_hits(state, lane)  # nothing else is possible: the blow lands (R20)
            state.stage = "next"
        else:
            state.stage = "next"
    elif state.stage == "roll":
        beast = state.druid_row[lane]
        state.stage = "next"
        if beast is None or beast.exhausted:
            return
        dice = state.rng.roll(2, 6)
        parry = C.darachs[state.darach].parry
        log(state, f"{name_of(beast)} attacks: rolled {dice[0]}+{dice[1]} against parry {parry}.")
        state.pending = PendingRoll("attack", lane, parry, dice)
        settle_roll(state)
    elif state.stage == "exchange":
        beast, foe = state.druid_row[lane], state.darach_row[lane]
        state.stage = "next"
        if beast is None or foe is None:
            return
        mine, theirs = attack_of(beast), attack_of(foe)
        hurt_beast(state, "darach", lane, mine)
        hurt_beast(state, "druid", lane, theirs)
        log(state, f"{name_of(beast)} and {name_of(foe)} trade blows ({mine} and {theirs}).")
        settle_deaths(state)
    elif state.stage == "next":
        state.combat_lane += 1
        state.stage = "start"


def foe_hits(state: State, lane: int) -> None:
    foe = state.darach_row[lane]
    if foe is None:
        return
    lost = hurt_leader(state, "druid", attack_of(foe))
    log(state, f"{name_of(foe)} strikes the Druid: -{lost} HP ({state.druid_hp}).")


def respond(state: State, choice: str) -> None:
    """The player's answer to a lane of combat: endure, attack the Darach, or block (R24)."""
    pending = state.pending
    assert isinstance(pending, PendingResponse)
    state.pending = None
    lane = pending.lane
    if choice != "block" and pending.darach_attacks:
        foe_hits(state, lane)
    if choice == "endure" or state.result is not None:
        state.stage = "next"
        return
    state.stamina -= 1
    beast = state.druid_row[lane]
    assert beast is not None
    if choice == "attack":
        trigger(state, beast, "druid", lane, "attack")  # attack abilities come before the roll
        state.stage = "roll"
    else:
        foe = state.darach_row[lane]
        assert foe is not None
        trigger(state, beast, "druid", lane, "block")
        trigger(state, foe, "darach", lane, "blocked")
        state.stage = "exchange"


# ----- rolls (taming and attacking) ---------------------------------------------------


def roll_boosts(state: State) -> list[int]:
    """Hand cards that may be discarded for a roll boost now (stamina boosts never)."""
    return [i for i, item in enumerate(state.hand) if C.items[item].boost_kind == "roll"]


def potions(state: State) -> list[int]:
    return [
        i
        for i, item in enumerate(state.hand)
        if C.items[item].kind == "potion" and C.items[item].cost <= state.stamina
    ]


def settle_roll(state: State, give_up: bool = False) -> None:
    """Resolve the pending roll once it succeeds, or fails with no boost left to try (R21)."""
    roll = state.pending
    assert isinstance(roll, PendingRoll)
    total = sum(roll.dice) + roll.bonus
    if total >= roll.target:
        state.pending = None
        state.last_roll = roll
        roll_succeeds(state, roll, total)
    elif give_up or not (roll_boosts(state) or potions(state)):
        state.pending = None
        state.last_roll = roll
        roll_fails(state, roll, total)


def roll_succeeds(state: State, roll: PendingRoll, total: int) -> None:
    from engine.druid_path.play import tamed  # the play module owns taming

    if roll.purpose == "tame":
        tamed(state, roll.where, total)
        return
    beast = state.druid_row[roll.where]
    if beast is None:
        return
    darach = C.darachs[state.darach]
    lost = hurt_leader(state, "darach", attack_of(beast))  # R34: armor applies
    log(state, f"{name_of(beast)} hits {darach.name} ({total} vs parry {roll.target}): -{lost} HP.")
    if darach.riposte and state.result is None:  # R31
        hurt_beast(state, "druid", roll.where, darach.riposte)
        settle_deaths(state)


def roll_fails(state: State, roll: PendingRoll, total: int) -> None:
    if roll.purpose == "tame":
        slot = state.encounter[roll.where]
        assert slot is not None
        slot.tried = True
        log(state, f"Taming {C.beasts[slot.card].name} fails ({total} < {roll.target}).")
    else:
        log(state, f"The attack is parried ({total} < {roll.target}).")


# ----- end of turn --------------------------------------------------------------------


def end_turn(state: State) -> None:
    """R27: the path's end and an empty item deck are checked after combat."""
    if state.turn >= STEPS:
        state.result, state.result_reason = "lost", "The path ends and the Darach still stands."
    elif not state.item_deck:
        state.result, state.result_reason = "lost", "The item deck is spent."
    if state.result is not None:
        state.phase = "over"
        log(state, state.result_reason)
        return
    for row in (state.druid_row, state.darach_row):
        for beast in row:
            if beast is not None:
                beast.exhausted = beast.used = False
                beast.armor_used = 0
    state.druid_armor_used = state.darach_armor_used = 0
    state.druid_ability_used = False
    state.robots_used = [False] * len(state.robots)
    state.phase, state.stage = "encounter", "start"


STEPPERS = {
    "encounter": encounter,
    "darach": darach_phase,
    "combat": combat,
    "end": end_turn,
}
