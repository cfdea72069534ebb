"""Who may do what: the Play phase's options by kind of action, the choices of a pending
decision, and the handler that carries out each kind of action.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from typing import Any

from engine.druid_path import phases, play
from engine.druid_path.effects import resume_with_gem, resume_with_target
from engine.druid_path.model import (
    COLOURS,
    LANES,
    AcceptRoll,
    Action,
    Activate,
    AttackDarach,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    PendingBranch,
    PendingGem,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTarget,
    PendingTurnEnd,
    NextTurn,
    PickBranch,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    State,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)
from engine.druid_path.play import DRUID_ROW, ITEM_MENDS, ITEM_ROWS, PLAYABLE, nothing_to_mend, occupied
from engine.druid_path.table import C, log

TAKE_GEM = {c: TakeGem(c) for c in COLOURS}
TAME = [Tame(i) for i in range(LANES)]
PLAY_ITEM = [PlayItem(i) for i in range(len(C.items))]
STAMINA_BOOST = [StaminaBoost(i) for i in range(len(C.items))]
STAMINA_ITEMS = {i.id for i in C.items.values() if i.boost_kind == "stamina"}
ITEM_FACTS = {  # playable outside a roll, cost, rows it needs a target in and what it mends
    # (R32), stamina boost
    i.id: (PLAYABLE[i.id], i.cost, ITEM_ROWS[i.id], ITEM_MENDS[i.id], i.boost_kind == "stamina")
    for i in C.items.values()
}  # fmt: skip
DRAW_ITEM, DRUID_ABILITY, END_PLAY, NEXT_TURN = DrawItem(), DruidAbility(), EndPlay(), NextTurn()
USE_ROBOT = [UseRobot(i) for i in range(3)]
DRUID_POWERS = {d.id: d.ability for d in C.druids.values()}
ROBOT_POWERS = {r.id: r.ability for r in C.robots.values()}
ROBOT_FACTS = {  # stamina cost, summons a Spirit token, rows it needs a target in, mends (R32)
    r.id: (r.ability.cost, *play.ABILITY_FACTS[id(r.ability)], play.ABILITY_MENDS[id(r.ability)])
    for r in C.robots.values()
}  # fmt: skip


def _take_gem(state: State) -> list[Action]:
    return [TAKE_GEM[c] for c in play.gem_colours(state)] if state.stamina >= 1 else []


def _tame(state: State) -> list[Action]:
    return [TAME[i] for i in play.tameable(state)]


def _draw(state: State) -> list[Action]:
    return [DrawItem()] if state.stamina >= 1 and state.item_deck else []


def _play_item(state: State) -> list[Action]:
    return [PLAY_ITEM[i] for i in play.playable_items(state)]


def _stamina_boost(state: State) -> list[Action]:
    if state.stamina >= C.druids[state.druid].stamina_max:  # R32: it would add nothing
        return []
    return [STAMINA_BOOST[i] for i, item in enumerate(state.hand) if item in STAMINA_ITEMS]


def _activate(state: State) -> list[Action]:
    return [Activate(lane) for lane in play.activatable_lanes(state)]


def _druid_ability(state: State) -> list[Action]:
    return [DruidAbility()] if play.druid_ability_ready(state) else []


def _use_robot(state: State) -> list[Action]:
    return [UseRobot(i) for i in play.ready_robots(state)]


def _end_play(state: State) -> list[Action]:
    return [EndPlay()]


def _end_play_now(state: State, _action: EndPlay) -> None:
    state.darach_from = state.logged  # the turn's summary starts here
    log(state, "darach_moves")
    state.phase, state.stage = "darach", "start"


def _pick_branch(state: State, action: PickBranch) -> None:
    state.pending = None
    if action.alt:  # R22
        state.branch_taken.append(state.turn)
    step = phases.current_step(state)
    log(state, "branch", state.turn, "branching" if action.alt else "main", step.label())
    phases.resolve_step(state, step)


def play_phase_actions(state: State) -> list[Action]:
    """Every Play-phase choice: the PLAY_OPTIONS joined in order, in one pass because bots
    ask for it on every step (tests check that the two always agree)."""
    stamina, hand = state.stamina, state.hand
    acts: list[Action] = []
    if stamina >= 1:
        supply = state.gem_supply
        acts += [TAKE_GEM[c] for c in COLOURS if supply[c] > 0]
        for i, slot in enumerate(state.encounter):
            if slot is not None and not slot.tried and play.affordable(state, slot.card):
                acts.append(TAME[i])
        if state.item_deck:
            acts.append(DRAW_ITEM)
    occ = occupied(state)
    boosts = []
    room = stamina < C.druids[state.druid].stamina_max  # R32: a stamina boost needs room
    for i, item in enumerate(hand):
        playable, cost, rows, needs, stamina_boost = ITEM_FACTS[item]
        if playable and cost <= stamina and (not rows or rows & occ):
            if not needs or not nothing_to_mend(state, needs):
                acts.append(PLAY_ITEM[i])
        if stamina_boost and room:
            boosts.append(STAMINA_BOOST[i])
    acts += boosts
    if occ & DRUID_ROW:
        acts += [Activate(lane) for lane in play.activatable_lanes(state)]
    if not state.druid_ability_used and play.usable(state, DRUID_POWERS[state.druid], occ):
        acts.append(DRUID_ABILITY)
    energy, used = state.robot_energy, state.robots_used
    for i, robot in enumerate(state.robots):
        if energy[i] > 0 and not used[i]:
            cost, summons, rows, needs = ROBOT_FACTS[robot]
            if cost > stamina or (needs and nothing_to_mend(state, needs)):
                continue
            if summons and play.usable(state, ROBOT_POWERS[robot], occ):
                acts.append(USE_ROBOT[i])
            elif not summons and (not rows or rows & occ):
                acts.append(USE_ROBOT[i])
    acts.append(END_PLAY)
    return acts


# What each action does: the rules' entry points, by the action's type.
HANDLERS: dict[type, Any] = {
    TakeGem: lambda s, a: play.take_gem(s, a.colour),
    Tame: lambda s, a: play.start_tame(s, a.slot),
    DrawItem: lambda s, a: play.draw_item(s),
    PlayItem: lambda s, a: play.play_item(s, a.index),
    StaminaBoost: lambda s, a: play.stamina_boost(s, a.index),
    Activate: lambda s, a: play.activate(s, a.lane),
    DruidAbility: lambda s, a: play.druid_ability(s),
    UseRobot: lambda s, a: play.use_robot(s, a.index),
    EndPlay: _end_play_now,
    RollBoost: lambda s, a: play.roll_boost(s, a.index),
    UsePotion: lambda s, a: play.use_potion(s, a.index),
    AcceptRoll: lambda s, a: phases.settle_roll(s, give_up=True),
    PickLane: lambda s, a: play.place(s, a.lane),
    PickTarget: lambda s, a: resume_with_target(s, a.target),
    PickGem: lambda s, a: resume_with_gem(s, a.colour),
    PickBranch: _pick_branch,
    Endure: lambda s, a: phases.respond(s, "endure"),
    AttackDarach: lambda s, a: phases.respond(s, "attack"),
    Block: lambda s, a: phases.respond(s, "block"),
    NextTurn: lambda s, a: phases.next_turn(s),
}

# The Play phase's choices, one function per kind of action, in menu order.
PLAY_OPTIONS: dict[type, Any] = {
    TakeGem: _take_gem, Tame: _tame, DrawItem: _draw, PlayItem: _play_item,
    StaminaBoost: _stamina_boost, Activate: _activate, DruidAbility: _druid_ability,
    UseRobot: _use_robot, EndPlay: _end_play,
}  # fmt: skip


def pending_actions(state: State) -> list[Action]:
    p = state.pending
    if isinstance(p, PendingRoll):
        acts: list[Action] = [RollBoost(i) for i in phases.roll_boosts(state)]
        acts += [UsePotion(i) for i in phases.potions(state)]
        acts.append(AcceptRoll())
        return acts
    if isinstance(p, PendingResponse):
        acts = [Endure()]
        if phases.can_attack(state, p.lane):
            acts.append(AttackDarach())
        if p.darach_attacks and phases.can_block(state, p.lane):
            acts.append(Block())
        return acts
    if isinstance(p, PendingTarget):
        return [PickTarget(ref) for ref in p.options]
    if isinstance(p, PendingLane):
        return [PickLane(lane) for lane in range(LANES)]
    if isinstance(p, PendingGem):
        return [PickGem(c) for c in play.gem_colours(state)]
    if isinstance(p, PendingBranch):
        return [PickBranch(False), PickBranch(True)]
    if isinstance(p, PendingTurnEnd):
        return [NEXT_TURN]
    return []
