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
    next_beast,
    draw_items,
    heal_darach,
    hurt_beast,
    hp_left,
    hurt_leader,
    is_shadow,
    keep_recent,
    log,
    name_of,
    new_beast,
    next_items,
    push_darach,
    relic_names,
    settle_deaths,
    summon_shadow,
    trigger,
    WARDS,
    ward_up,
)
from engine.druid_path.model import (
    LANES,
    STEPS,
    Beast,
    EffectTask,
    PendingBranch,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTurnEnd,
    Slot,
    State,
    Step,
)


def advance(state: State) -> None:
    """Run the table on to the player's next decision (the end of every move)."""
    while state.result is None and state.pending is None:
        if state.queue:
            run_task(state, state.queue.pop(0))
            continue
        if state.phase == "play":
            break
        STEPPERS[state.phase](state)
    else:
        check_end(state)
    keep_recent(state)


# ----- Encounter ----------------------------------------------------------------------


def encounter(state: State) -> None:
    druid = C.druids[state.druid]
    stamina = min(druid.stamina_max, state.stamina + druid.stamina_gain)
    log(state, "turn", state.turn + 1, stamina - state.stamina, stamina)
    state.turn += 1
    state.stamina = stamina
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
        log(state, "path_items", next_items(state, step.items))
        draw_items(state, step.items)
    for _ in range(step.shadow_draw):
        if state.item_deck:  # R17: the card is kept; its shadow side strikes first
            item = C.items[state.item_deck[-1]]
            log(state, "shadow_draw", item.name, item.shadow_text)
            draw_items(state, 1)
            state.queue.append(EffectTask(list(item.shadow), "darach", item=item.id, label=item.name))
    for _ in range(step.shadow):
        summon_shadow(state, "The path")
    state.phase = "play"


def fill_encounter(state: State, count: int) -> None:
    for _ in range(count):
        row = state.encounter
        lane = 0 if row[0] is None else 1 if row[1] is None else 2 if row[2] is None else None
        card = next_beast(state)
        if card is None:
            return
        if lane is None:  # R16: no room in the encounter row; the card is discarded
            log(state, "no_room", C.beasts[card].name)
            state.beast_discard.append(state.beast_deck.pop())
            continue
        log(state, "appears", C.beasts[card].name, lane + 1)
        state.encounter[lane] = Slot(state.beast_deck.pop())


def spiral_swap(state: State) -> None:
    """Spiral Step: the rows trade places; shadows stay; no tame abilities (R18)."""
    druid_side = list(state.druid_row)
    shadows = [b if b is not None and is_shadow(b) else None for b in state.darach_row]
    new_druid = [b if b is not None and not is_shadow(b) else None for b in state.darach_row]
    movers = [b for b in druid_side if b is not None]
    if not any(b is not None and s is not None for b, s in zip(druid_side, shadows)):
        new_darach = [b if b is not None else s for b, s in zip(druid_side, shadows)]
        no_room: list[Beast] = []
    else:  # a shadow is in the way: shadows slide left, the others fill the lanes left over
        kept = [s for s in shadows if s is not None]
        free = LANES - len(kept)
        new_darach = kept + movers[:free] + [None] * max(0, free - len(movers))
        no_room = movers[free:]
    for beast in movers + [b for b in new_druid if b is not None]:
        if beast.relics:  # moving between rows sends relics to the discard (R28)
            log(state, "relics_off", name_of(beast), relic_names(beast), hp_left(beast) - beast.relic_hp,
                max(0, attack_of(beast) - beast.relic_attack))  # fmt: skip
            state.item_discard.extend(beast.relics)
            beast.relics = []
            beast.relic_attack = beast.relic_armor = beast.relic_hp = 0
    crowded = new_darach[: len(shadows)] != shadows  # the shadows had to slide left
    log(
        state, "spiral", tuple(name_of(b) for b in new_druid if b is not None),
        tuple(name_of(b) for b in movers if b not in no_room), tuple(name_of(b) for b in no_room),
        int(crowded),
    )  # fmt: skip
    state.druid_row, state.darach_row = new_druid, new_darach
    for beast in no_room:
        if beast.card != "spirit":
            state.beast_discard.append(beast.card)
    for beast in no_room:
        transfer = 0 if beast.card == "spirit" else C.beasts[beast.card].hp_transfer
        healed = heal_darach(state, transfer)
        if healed != state.darach_hp:
            log(state, "transfer", name_of(beast), C.darachs[state.darach].name, healed - state.darach_hp, healed)
            state.darach_hp = healed
    settle_deaths(state)  # a relic's lost HP bonus can leave a beastborg at 0 HP


# ----- Darach phase -------------------------------------------------------------------


def darach_phase(state: State) -> None:
    if state.stage == "start":
        row = [b for b in state.darach_row if b is not None]
        closed = row + [None] * (LANES - len(row))
        if closed != state.darach_row:
            log(state, "close_up")
            state.darach_row = closed
        entered: list[Beast] = []
        for lane in range(LANES - 1, -1, -1):  # R13: from lane 3, so lane 1 ends up first
            slot = state.encounter[lane]
            if slot is not None:
                beast = new_beast(state, slot.card)
                log(state, "darach_tames", name_of(beast), lane + 1)
                state.encounter[lane] = None
                push_darach(state, beast)
                entered.append(beast)
        for beast in entered:
            for lane, there in enumerate(state.darach_row):
                if there is beast:
                    trigger(state, beast, "darach", lane, "tame")
        state.stage = "draw"
    elif state.stage == "draw":
        if state.item_deck:
            item = C.items[state.item_deck[-1]]
            log(state, "darach_draws", item.name, item.shadow_text)
            state.item_discard.append(state.item_deck.pop())
            state.queue.append(EffectTask(list(item.shadow), "darach", item=item.id, label=item.name))
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
            log(state, "lane_attack", lane + 1, name_of(foe), attack_of(foe))
            trigger(state, foe, "darach", lane, "attack")
        else:
            quiet = f"{name_of(foe)} is exhausted" if foe is not None else "no Darach beastborg here"
            log(state, "lane_quiet", lane + 1, quiet)
        state.stage = "ask"
    elif state.stage == "ask":
        attacks = darach_beast_attacks(state, lane)
        if can_attack(state, lane) or (attacks and can_block(state, lane)):
            state.pending = PendingResponse(lane, attacks)
        elif attacks:
            foe = state.darach_row[lane]
            assert foe is not None
            log(state, "unanswered", lane + 1, name_of(foe), why_no_answer(state, lane))
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
        darach = C.darachs[state.darach]
        log(state, "attack_roll", name_of(beast), darach.name, dice[0], dice[1], darach.parry)
        parry = darach.parry
        state.pending = PendingRoll("attack", lane, parry, dice)
        settle_roll(state)
    elif state.stage == "exchange":
        beast, foe = state.druid_row[lane], state.darach_row[lane]
        state.stage = "next"
        if beast is None or foe is None:
            return
        mine, theirs = attack_of(beast), attack_of(foe)  # at the same moment
        hurt_beast(state, "darach", lane, mine, name_of(beast))
        hurt_beast(state, "druid", lane, theirs, name_of(foe))
        settle_deaths(state)
    elif state.stage == "next":
        state.combat_lane += 1
        state.stage = "start"


def foe_hits(state: State, lane: int) -> None:
    foe = state.darach_row[lane]
    if foe is None:
        return
    hurt_leader(state, "druid", attack_of(foe), name_of(foe))


def why_no_answer(state: State, lane: int) -> str:
    """Why the Druid cannot block or attack in this lane (R20), in a player's words."""
    beast = state.druid_row[lane]
    if beast is None:
        return f"no beastborg of yours in lane {lane + 1}"
    if beast.exhausted:
        return f"{name_of(beast)} is exhausted"
    if state.stamina < 1:
        return "no stamina left"
    return why_no_attack(state, lane)


def why_no_attack(state: State, lane: int) -> str:
    """Why the beastborg of this lane cannot attack the Darach ("" when it can)."""
    beast = state.druid_row[lane]
    if beast is None:
        return f"no beastborg of yours in lane {lane + 1}"
    if beast.exhausted:
        return f"{name_of(beast)} is exhausted"
    if state.stamina < 1:
        return "attacking costs 1 stamina"
    warder = next((b for b in state.darach_row if b is not None and b.card in WARDS), None)
    if warder is not None:
        return f"{name_of(warder)} wards the Darach"
    return ""


def respond(state: State, choice: str) -> None:
    """The player's answer to a lane of combat: endure, attack the Darach, or block (R24)."""
    pending = state.pending
    assert isinstance(pending, PendingResponse)
    state.pending = None
    lane = pending.lane
    state.stage = "next"
    if choice == "endure":
        if pending.darach_attacks:
            foe_hits(state, lane)
        return
    beast = state.druid_row[lane]
    assert beast is not None
    if choice == "attack":
        log(state, "go_attack", name_of(beast), C.darachs[state.darach].name, state.stamina - 1)
        state.stamina -= 1
        if pending.darach_attacks:
            foe_hits(state, lane)  # R24: the Darach beastborg's blow lands first
        if state.result is None:
            trigger(state, beast, "druid", lane, "attack")  # attack abilities come before the roll
            state.stage = "roll"
    else:
        foe = state.darach_row[lane]
        assert foe is not None
        log(state, "block", name_of(beast), name_of(foe), state.stamina - 1)
        state.stamina -= 1
        trigger(state, beast, "druid", lane, "block")
        trigger(state, foe, "darach", lane, "blocked")
        state.stage = "exchange"


# ----- rolls (taming and attacking) ---------------------------------------------------


ROLL_BOOSTERS = frozenset(i.id for i in C.items.values() if i.boost_kind == "roll")
POTION_COSTS = {i.id: i.cost for i in C.items.values() if i.kind == "potion"}


def roll_boosts(state: State) -> list[int]:
    """Hand cards that may be discarded for a roll boost now (stamina boosts never)."""
    return [i for i, item in enumerate(state.hand) if item in ROLL_BOOSTERS]


def drinkable(state: State, item: str) -> bool:
    """A potion whose stamina cost can be paid now."""
    cost = POTION_COSTS.get(item)
    return cost is not None and cost <= state.stamina


def potions(state: State) -> list[int]:
    return [i for i, item in enumerate(state.hand) if drinkable(state, item)]


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


def tamed(state: State, slot: int, total: int) -> None:
    """A taming roll succeeded (play.start_tame rolled it): the beastborg waits for its lane."""
    card = state.encounter[slot]
    assert card is not None
    log(state, "tamed", C.beasts[card.card].name, total)
    state.encounter[slot] = None
    state.pending = PendingLane(card.card)


def roll_succeeds(state: State, roll: PendingRoll, total: int) -> None:
    if roll.purpose == "tame":
        tamed(state, roll.where, total)
        return
    beast = state.druid_row[roll.where]
    if beast is None:
        return
    darach = C.darachs[state.darach]
    log(state, "attack_lands", name_of(beast), total, roll.target)
    hurt_leader(state, "darach", attack_of(beast), name_of(beast))  # R34: armor applies
    if darach.riposte and state.result is None:  # R31
        hurt_beast(state, "druid", roll.where, darach.riposte, f"{darach.name}'s riposte")
        settle_deaths(state)


def roll_fails(state: State, roll: PendingRoll, total: int) -> None:
    if roll.purpose == "tame":
        slot = state.encounter[roll.where]
        assert slot is not None
        log(state, "tame_fails", C.beasts[slot.card].name, total, roll.target)
        slot.tried = True
    else:
        beast = state.druid_row[roll.where]
        log(state, "parried", name_of(beast) if beast else "The beastborg", total, roll.target)


# ----- end of turn --------------------------------------------------------------------


def end_turn(state: State) -> None:
    """R27: the path's end and an empty item deck are checked after combat. Otherwise the
    table pauses so the player can read the turn before the next encounter."""
    if state.turn >= STEPS:
        log(state, "path_end")
        state.result, state.result_reason = "lost", "The path ends and the Darach still stands."
    elif not state.item_deck:
        log(state, "deck_spent")
        state.result, state.result_reason = "lost", "The item deck is spent."
    if state.result is not None:
        state.phase = "over"
        return
    state.pending = PendingTurnEnd(state.darach_from)


def next_turn(state: State) -> None:
    """The player has read the turn: everything readies, and the next Encounter phase begins."""
    state.pending = None
    log(state, "end_turn", state.turn)
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
