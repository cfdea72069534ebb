"""The enemy's turn: its pattern pile, its actions in the order of R3, and what it may do next
(the intent the table shows before the Disciple commits).

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

import msgspec

from engine.disciple import trace
from engine.disciple.content import BUFF_OPS, DEBUFF_OPS, EnemyAttack, Op, Pattern, load
from engine.disciple.effects import (
    ask_stun_tap,
    hit_disciple,
    retarget,
    stun_tapped,
    told,
    fight_over,
    log,
    ordered,
    rock_player,
    submit_player,
    trigger_counter,
    weaken_player,
)
from engine.disciple.model import Disciple, Enemy, EnemyTurn, Pending, State


def pile(enemy: Enemy) -> list[Pattern]:
    return load().pile(enemy.id)


def acting(state: State) -> Enemy:
    """The enemy whose turn it is."""
    assert state.enemy_turn is not None
    return state.enemies[state.enemy_turn.enemy]


def victim(state: State, enemy: Enemy) -> Disciple:
    """The Disciple this enemy attacks."""
    return state.players[enemy.target]


def _pattern_key(enemy: Enemy, index: int) -> str:
    card = load().enemies[enemy.id]
    return f"pattern:{card.style}:{card.tier}:{index}"


def named_attack(enemy_id: str, kind: str, damage: int) -> tuple[int, EnemyAttack | None]:
    """R20: the enemy card's named attack of this kind joins its damaging actions."""
    if damage <= 0:
        return -1, None
    for k, attack in enumerate(load().enemies[enemy_id].attacks):
        if attack.kind == kind:
            return k, attack
    return -1, None


def is_attack(action) -> bool:
    """A pattern action that attacks: a typed one, or an untyped one that deals damage or
    applies Submit (glossary, Attack); an untyped action that only buffs the enemy is none.
    A counter on "any" answers attacks (R9); Stun skips actions, whatever they are (R19)."""
    return action.kind != "none" or action.damage > 0 or any(op.op in ("attack", "submit") for op in action.ops)


# ----- what it may do: the intent shown before the Disciple commits ----------------------


class ActionPreview(msgspec.Struct, frozen=True):
    kind: str
    damage: int  # with its named attack's bonus and the Power it will have
    ops: tuple[Op, ...]  # the action's ops and its named attack's (a Submit with its Power)
    named: str = ""
    skipped: bool = False  # lost to Stun


def preview(state: State, enemy: Enemy, pattern: Pattern, first: bool = True) -> list[ActionPreview]:
    """A pattern's actions as they would land now: named-attack bonuses, the Power the enemy
    holds or will gain when its turn begins, and the actions Stun will skip (first pattern)."""
    turn = state.enemy_turn
    if turn is not None and state.enemies[turn.enemy] is enemy:  # its turn has begun
        power, skip = enemy.power, turn.skip
    else:
        power, skip = enemy.power, enemy.stun
        power += sum(
            op.n
            for special in load().enemies[enemy.id].specials
            if special.when == "turn"
            for op in special.ops
            if op.op == "power"
        )
    skip = skip if first else 0
    shown = []
    for action in pattern.actions:
        k, named = named_attack(enemy.id, action.kind, action.damage)
        ops = action.ops + (named.ops if named else ())
        if skip:
            skip -= 1
            shown.append(ActionPreview(action.kind, action.damage, ops, "", skipped=True))
            continue
        power += sum(op.n for op in ops if op.op == "power")
        damage = action.damage + (named.bonus if named else 0)
        submits = [i for i, op in enumerate(ops) if op.op == "submit"]
        if power and submits:  # R17: its Submit resolves before the hit (R3) and takes the Power
            i = submits[0]
            ops = ops[:i] + (msgspec.structs.replace(ops[i], n=ops[i].n + power),) + ops[i + 1:]
            power = 0
        if damage > 0:
            damage, power = damage + power, 0
        shown.append(ActionPreview(action.kind, damage, ops, named.name if named else ""))
    return shown


# ----- its turn ---------------------------------------------------------------------------


def _draw_pattern(enemy: Enemy) -> int | None:
    if not enemy.patterns:
        return None
    pattern = enemy.patterns.pop()
    enemy.patterns_out.append(pattern)
    return pattern


def begin_turn(state: State, index: int = 0) -> bool:
    """An enemy's turn begins (its Guard fades, specials, patterns drawn). True once the
    turn is over; False when it waits for a decision or the fight ended."""
    enemy = state.enemies[index]
    card = load().enemies[enemy.id]
    retarget(state)  # R36: a target that fell is replaced before the enemy acts
    me = victim(state, enemy)
    state.phase = "enemy"
    if enemy.guard:
        log(state, "enemy guard fades", enemy.name)
    enemy.guard = 0  # R25
    me.rocked = 0
    for k, special in enumerate(card.specials):
        if special.when == "turn":
            for i, op in enumerate(special.ops):
                trace.fire(f"enemy:{enemy.id}:special:{k}:op:{i}")
                enemy_op(state, enemy, op, "none")
    told_specials = [s.text for s in card.specials if s.when == "turn" and s.text] if card.specials else ()
    if told_specials:
        log(state, "specials", enemy.name, tuple(told_specials))
    # R19: Stun skips first actions and Weakened draws extra patterns, first pattern only
    turn = EnemyTurn(enemy=index, patterns_left=card.patterns_per_turn - 1, skip=enemy.stun)
    enemy.stun = 0
    state.enemy_turn = turn
    enemy.patterns_used = []
    drawn = [p for p in (_draw_pattern(enemy) for _ in range(1 + enemy.weakened)) if p is not None]
    enemy.weakened = 0
    if len(drawn) > 1:
        state.pending = Pending(
            kind="weakened",
            prompt=f"{enemy.name} is Weakened: choose the attack pattern it uses.",
            options=[str(p) for p in drawn],
            seat=enemy.target,
        )
        log(state, "weakened draws patterns", enemy.name, tuple([pile(enemy)[p].name for p in drawn]))
        return False
    turn.pattern = drawn[0] if drawn else -1
    if drawn:
        enemy.patterns_used.append(drawn[0])
    return run_turn(state)


def choose_pattern(state: State, pattern: int) -> bool:
    enemy = acting(state)
    assert state.enemy_turn is not None
    state.enemy_turn.pattern = pattern
    enemy.patterns_used.append(pattern)
    chooser = state.players[enemy.target]  # the player it attacks picks (the pending's seat)
    log(state, told(state, "pattern chosen"), chooser.name, pile(enemy)[pattern].name, enemy.name)
    return run_turn(state)


def run_turn(state: State) -> bool:
    """Resolve pattern actions until the turn ends (True), or the fight ends or a choice is
    needed (False)."""
    enemy = acting(state)
    turn = state.enemy_turn
    assert turn is not None
    patterns = pile(enemy)
    while True:
        if fight_over(state) or state.pending is not None:
            return False
        retarget(state)  # R36: a target fallen mid-turn leaves the rest to the next in line
        me = victim(state, enemy)
        if me.to_tap and not me.beaten and not ask_stun_tap(state, enemy.target):
            return False
        if turn.pattern < 0:
            break
        pattern = patterns[turn.pattern]
        if turn.step == 0 and turn.skip == 0:
            log(state, "attacks", enemy.name, pattern.name)
        if turn.step >= len(pattern.actions):
            if turn.patterns_left <= 0:
                break
            turn.patterns_left -= 1
            drawn = _draw_pattern(enemy)
            turn.pattern = -1 if drawn is None else drawn
            if drawn is not None:
                enemy.patterns_used.append(drawn)
            turn.step = 0
            continue
        action_index = turn.step
        turn.step += 1
        if turn.skip:
            turn.skip -= 1
            log(state, "stunned skips", enemy.name, pattern.name)
            continue
        key = f"{_pattern_key(enemy, turn.pattern)}:{action_index}" if trace.on() else ""
        enemy_action(state, enemy, pattern.actions[action_index], key)
    end_turn(state, enemy)
    return True


def stun_tap(state: State, seat: int, energy_index: int) -> bool:
    me = state.players[seat]
    stun_tapped(state, me, energy_index)
    return run_turn(state)


def enemy_action(state: State, enemy: Enemy, action, key: str) -> None:
    """One action of a pattern: counters answer first (R9); then, as R3 orders a card, the
    enemy's own buffs, its debuffs on the Disciple, and the hit (R20 adds the named attack).
    `key` names the pattern action for a coverage run ("" when nobody traces)."""
    me = victim(state, enemy)
    kind = action.kind
    trigger_counter(state, me, kind, enemy, is_attack(action))
    if fight_over(state):
        return
    trace.fire(key)
    damage = action.damage
    keyed: list[tuple[str, Op]] = [("", op) for op in action.ops]
    k, named = named_attack(enemy.id, kind, action.damage)
    if named is not None:
        log(state, "uses", enemy.name, named.name)
        if named.bonus:
            damage += named.bonus
            trace.fire(f"enemy:{enemy.id}:attack:{k}:bonus")
        keyed += [(f"enemy:{enemy.id}:attack:{k}:op:{i}", op) for i, op in enumerate(named.ops)]
    keyed = ordered(keyed)
    for op_key, op in keyed:
        if op.op in BUFF_OPS:
            trace.fire(op_key)
            tell_self_op(state, enemy, op)
            enemy_self_op(enemy, op)
    attacks = damage > 0 or (kind == "grapple" and any(op.op == "submit" for _, op in keyed))
    clinch = ""
    if enemy.clinch and attacks:  # R16: Clinch is used by the next attack, by its kind
        enemy.clinch = False
        clinch = kind
    for op_key, op in keyed:
        if op.op in DEBUFF_OPS and not fight_over(state):
            trace.fire(op_key)
            enemy_op(state, enemy, op, kind, full=clinch == "grapple")
    if damage > 0 and not fight_over(state):
        hit_disciple(state, enemy, me, damage, kind, "" if clinch == "grapple" else clinch)
    for op_key, op in keyed:
        if op.op not in BUFF_OPS and op.op not in DEBUFF_OPS and not fight_over(state):
            trace.fire(op_key)
            enemy_op(state, enemy, op, kind)
    if clinch == "grapple" and not fight_over(state):
        enemy.clinch = True
        log(state, "keeps clinch", enemy.name)


def tell_self_op(state: State, enemy: Enemy, op: Op) -> None:
    """The line of a buff or heal an enemy gives itself, before it takes hold."""
    if op.op == "power":
        log(state, "enemy gains power", enemy.name, op.n, enemy.power + op.n)
    elif op.op == "guard":
        log(state, "enemy gains guard", enemy.name, op.n, enemy.guard + op.n)
    elif op.op == "heal":
        healed = min(enemy.max_vitality, enemy.vitality + op.n) - enemy.vitality
        if healed > 0:
            log(state, "enemy heals", enemy.name, healed, enemy.vitality + healed)


def enemy_self_op(enemy: Enemy, op: Op) -> bool:
    """Buffs and heals the enemy gives itself; False if the op targets the Disciple."""
    if op.op == "power":
        enemy.power += op.n
    elif op.op == "guard":
        enemy.guard += op.n
    elif op.op == "clinch":
        enemy.clinch = True
    elif op.op == "feint":
        enemy.feint = True
    elif op.op == "heal":
        enemy.vitality = min(enemy.max_vitality, enemy.vitality + op.n)
    else:
        return False
    return True


def enemy_op(state: State, enemy: Enemy, op: Op, kind: str, full: bool = False) -> None:
    """One op of an enemy action or special; `full`: its Submit lands in full (Clinch)."""
    if fight_over(state):
        return
    tell_self_op(state, enemy, op)
    if enemy_self_op(enemy, op):
        return
    me = victim(state, enemy)
    if op.op == "attack":
        hit_disciple(state, enemy, me, op.n, kind)
    elif op.op == "submit":
        submit_player(state, me, op.n, full=full, attacker=enemy)
    elif op.op == "exposed":
        if me.guard:
            log(state, told(state, "exposed"), me.name, me.guard)
        me.guard = 0
    elif op.op == "rocked":
        rock_player(state, me, op.n)
    elif op.op == "weakened":
        for _ in range(op.n):
            weaken_player(state, me)
    elif op.op == "stun":
        me.to_tap += op.n


def end_turn(state: State, enemy: Enemy) -> None:
    if enemy.power:
        log(state, "enemy power fades", enemy.name)
    enemy.power = 0  # R25: the enemy's buffs fade at the end of its turn
    enemy.clinch = False
    enemy.feint = False
    enemy.patterns.extend(enemy.patterns_out)
    enemy.patterns_out = []
    state.rng.shuffle(enemy.patterns)
    state.enemy_turn = None


# ----- in words -------------------------------------------------------------------------

KIND_NAME = {"upper": "Upper", "lower": "Lower", "grapple": "Grapple", "none": "Untyped"}
_SELF_EVIDENT = ("clinch", "feint", "exposed", "weakened", "stun")


def op_words(op: Op) -> str:
    word = op.op.capitalize()
    if op.op in _SELF_EVIDENT:
        return word if op.n == 1 else f"{word} {op.n}"
    if op.op in ("attack", "heal"):
        return f"{'hit' if op.op == 'attack' else 'heal'} {op.n}"
    return f"{word} {op.n}"


def action_words(action: ActionPreview) -> str:
    """'Grapple 3 + Submit 2' and the like; Power is already in the damage or Submit it adds to."""
    parts = [f"{KIND_NAME[action.kind]} {action.damage}"] if action.damage > 0 else []
    spent = action.damage > 0 or any(op.op == "submit" for op in action.ops)
    parts += [op_words(op) for op in action.ops if op.op != "power" or not spent]
    text = " + ".join(parts) or "nothing"
    return f"({text} skipped)" if action.skipped else text


def pattern_words(state: State, enemy: Enemy, pattern: Pattern, first: bool = True) -> str:
    return ", then ".join(action_words(a) for a in preview(state, enemy, pattern, first))
