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
from engine.druid_path.play import DRUID_ROW, ITEM_FACTS, MEND_STAMINA, ROBOT_POWERS, mendable, occupied
from engine.druid_path.table import C, log

# Actions are frozen: every list shares these instances instead of building new ones.
TAKE_GEM = {c: TakeGem(c) for c in COLOURS}
TAME = [Tame(i) for i in range(LANES)]
PLAY_ITEM = [PlayItem(i) for i in range(len(C.items))]
STAMINA_BOOST = [StaminaBoost(i) for i in range(len(C.items))]
ROLL_BOOST = [RollBoost(i) for i in range(len(C.items))]
USE_POTION = [UsePotion(i) for i in range(len(C.items))]
ACTIVATE = [Activate(lane) for lane in range(LANES)]
USE_ROBOT = [UseRobot(i) for i in range(3)]
PICK_LANE = [PickLane(lane) for lane in range(LANES)]
PICK_GEM = {c: PickGem(c) for c in COLOURS}
PICK_BRANCH = [PickBranch(False), PickBranch(True)]
TARGET_REFS = ("druid", "darach", *(f"{row}:{lane}" for row in ("druid", "darach") for lane in range(LANES)))
PICK_TARGET = {ref: PickTarget(ref) for ref in TARGET_REFS}
DRAW_ITEM, DRUID_ABILITY, END_PLAY, NEXT_TURN = DrawItem(), DruidAbility(), EndPlay(), NextTurn()
ACCEPT_ROLL, ENDURE, ATTACK_DARACH, BLOCK = AcceptRoll(), Endure(), AttackDarach(), Block()


# Whether one action is allowed now, by its kind: is_legal asks these, without listing every
# action. legal_actions lists the same (the Play phase in one pass); the fuzz test checks both.
LANE_NUMBERS = range(LANES)


def _in_play(s: State) -> bool:
    return s.pending is None and s.phase == "play"


def _may_take_gem(s: State, a: TakeGem) -> bool:
    return _in_play(s) and s.stamina >= 1 and a.colour in COLOURS and s.gem_supply.get(a.colour, 0) > 0


def _may_tame(s: State, a: Tame) -> bool:
    if not (_in_play(s) and s.stamina >= 1 and a.slot in LANE_NUMBERS):
        return False
    slot = s.encounter[a.slot]
    return slot is not None and not slot.tried and play.affordable(s, slot.card)


def _may_draw(s: State, a: DrawItem) -> bool:
    return _in_play(s) and s.stamina >= 1 and bool(s.item_deck)


def _may_play_item(s: State, a: PlayItem) -> bool:
    return (
        _in_play(s) and a.index in range(len(s.hand))
        and play.item_playable(s.hand[a.index], s.stamina, occupied(s), mendable(s))
    )  # fmt: skip


def _may_stamina_boost(s: State, a: StaminaBoost) -> bool:
    return _in_play(s) and a.index in range(len(s.hand)) and play.boosts_stamina(s, s.hand[a.index])


def _may_activate(s: State, a: Activate) -> bool:
    if not (_in_play(s) and a.lane in LANE_NUMBERS):
        return False
    beast = s.druid_row[a.lane]
    return beast is not None and play.activatable(s, beast, occupied(s), mendable(s))


def _may_use_druid_ability(s: State, a: DruidAbility) -> bool:
    return _in_play(s) and play.druid_ability_ready(s, occupied(s), mendable(s))


def _may_use_robot(s: State, a: UseRobot) -> bool:
    return _in_play(s) and a.index in range(len(s.robots)) and play.robot_ready(s, a.index, occupied(s), mendable(s))


def _may_end_play(s: State, a: EndPlay) -> bool:
    return _in_play(s)


def _may_roll_boost(s: State, a: RollBoost) -> bool:
    return (
        isinstance(s.pending, PendingRoll) and a.index in range(len(s.hand))
        and s.hand[a.index] in phases.ROLL_BOOSTERS
    )  # fmt: skip


def _may_use_potion(s: State, a: UsePotion) -> bool:
    return (
        isinstance(s.pending, PendingRoll) and a.index in range(len(s.hand))
        and phases.drinkable(s, s.hand[a.index])
    )  # fmt: skip


def _may_attack(s: State, a: AttackDarach) -> bool:
    p = s.pending
    return isinstance(p, PendingResponse) and phases.can_attack(s, p.lane)


def _may_block(s: State, a: Block) -> bool:
    p = s.pending
    return isinstance(p, PendingResponse) and p.darach_attacks and phases.can_block(s, p.lane)


def _may_pick_target(s: State, a: PickTarget) -> bool:
    p = s.pending
    return isinstance(p, PendingTarget) and a.target in p.options


def _may_pick_gem(s: State, a: PickGem) -> bool:
    return isinstance(s.pending, PendingGem) and a.colour in COLOURS and s.gem_supply.get(a.colour, 0) > 0


ALLOWED: dict[type, Any] = {
    TakeGem: _may_take_gem,
    Tame: _may_tame,
    DrawItem: _may_draw,
    PlayItem: _may_play_item,
    StaminaBoost: _may_stamina_boost,
    Activate: _may_activate,
    DruidAbility: _may_use_druid_ability,
    UseRobot: _may_use_robot,
    EndPlay: _may_end_play,
    RollBoost: _may_roll_boost,
    UsePotion: _may_use_potion,
    AcceptRoll: lambda s, a: isinstance(s.pending, PendingRoll),
    PickLane: lambda s, a: isinstance(s.pending, PendingLane) and a.lane in LANE_NUMBERS,
    PickTarget: _may_pick_target,
    PickGem: _may_pick_gem,
    PickBranch: lambda s, a: isinstance(s.pending, PendingBranch) and a in PICK_BRANCH,
    Endure: lambda s, a: isinstance(s.pending, PendingResponse),
    AttackDarach: _may_attack,
    Block: _may_block,
    NextTurn: lambda s, a: isinstance(s.pending, PendingTurnEnd),
}


def _kind_options(kind: type, candidates: Any) -> Any:
    """The Play-phase options of one kind: the candidates ALLOWED lets through."""
    allowed = ALLOWED[kind]
    return lambda state: [a for a in candidates(state) if allowed(state, a)]


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
    stamina = state.stamina
    acts: list[Action] = []
    if stamina >= 1:
        supply = state.gem_supply
        for c in COLOURS:
            if supply[c] > 0:
                acts.append(TAKE_GEM[c])
        for i, slot in enumerate(state.encounter):
            if slot is not None and not slot.tried and play.affordable(state, slot.card):
                acts.append(TAME[i])
        if state.item_deck:
            acts.append(DRAW_ITEM)
    occ, mend = occupied(state), mendable(state)
    room = mend & MEND_STAMINA  # R32: a stamina boost needs room
    boosts = []
    for i, item in enumerate(state.hand):  # play.item_playable and play.stamina_boosts, inline
        playable, cost, rows, needs, stamina_boost = ITEM_FACTS[item]
        if playable and cost <= stamina and (not rows or rows & occ) and (not needs or needs & mend):
            acts.append(PLAY_ITEM[i])
        if room and stamina_boost:
            boosts.append(STAMINA_BOOST[i])
    acts += boosts
    if occ & DRUID_ROW:
        for lane, beast in enumerate(state.druid_row):
            if beast is not None and play.activatable(state, beast, occ, mend):
                acts.append(ACTIVATE[lane])
    if play.druid_ability_ready(state, occ, mend):
        acts.append(DRUID_ABILITY)
    energy, used = state.robot_energy, state.robots_used
    for i, robot in enumerate(state.robots):  # play.robot_ready, inline
        if energy[i] > 0 and not used[i] and play.can_use(state, ROBOT_POWERS[robot], occ, mend):
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
    TakeGem: _kind_options(TakeGem, lambda s: TAKE_GEM.values()),
    Tame: _kind_options(Tame, lambda s: TAME),
    DrawItem: _kind_options(DrawItem, lambda s: [DRAW_ITEM]),
    PlayItem: _kind_options(PlayItem, lambda s: PLAY_ITEM[: len(s.hand)]),
    StaminaBoost: _kind_options(StaminaBoost, lambda s: STAMINA_BOOST[: len(s.hand)]),
    Activate: _kind_options(Activate, lambda s: ACTIVATE),
    DruidAbility: _kind_options(DruidAbility, lambda s: [DRUID_ABILITY]),
    UseRobot: _kind_options(UseRobot, lambda s: USE_ROBOT[: len(s.robots)]),
    EndPlay: _kind_options(EndPlay, lambda s: [END_PLAY]),
}


def pending_actions(state: State) -> list[Action]:
    p = state.pending
    if isinstance(p, PendingRoll):
        acts: list[Action] = [ROLL_BOOST[i] for i in phases.roll_boosts(state)]
        acts += [USE_POTION[i] for i in phases.potions(state)]
        acts.append(ACCEPT_ROLL)
        return acts
    if isinstance(p, PendingResponse):
        acts = [ENDURE]
        if phases.can_attack(state, p.lane):
            acts.append(ATTACK_DARACH)
        if p.darach_attacks and phases.can_block(state, p.lane):
            acts.append(BLOCK)
        return acts
    if isinstance(p, PendingTarget):
        return [PICK_TARGET.get(ref) or PickTarget(ref) for ref in p.options]
    if isinstance(p, PendingLane):
        return list(PICK_LANE)
    if isinstance(p, PendingGem):
        return [PICK_GEM[c] for c in play.gem_colours(state)]
    if isinstance(p, PendingBranch):
        return list(PICK_BRANCH)
    if isinstance(p, PendingTurnEnd):
        return [NEXT_TURN]
    return []
