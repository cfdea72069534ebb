"""The effect interpreter: buffs, debuffs, damage and the small op vocabulary of content.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple import trace
from engine.disciple.content import BUFF_OPS, DEBUFF_OPS, Card, LockIn, Op, load
from engine.disciple.model import (
    COLOURS,
    END_DRAW,
    HAND_LIMIT,
    PLAYER_ROCKED_LIMIT,
    ROCKED_LIMIT,
    START_VITALITY,
    Disciple,
    Enemy,
    State,
)

LOG_LENGTH = 40
_ORDER = {op: 0 for op in BUFF_OPS} | {op: 1 for op in DEBUFF_OPS}  # skills sort last

Part = tuple[str, tuple[Op, ...]]  # a section of a card ("effects", "flow"...) and its ops


def log(state: State, text: str) -> None:
    state.log.append(text)
    state.logged += 1
    if len(state.log) > LOG_LENGTH:
        del state.log[:-LOG_LENGTH]


def ordered(ops: list[tuple[str, Op]]) -> list[tuple[str, Op]]:
    """Buffs, then debuffs, then skills; stable inside each group (R3). Each op keeps the
    key naming its clause."""
    return sorted(ops, key=lambda keyed: _ORDER.get(keyed[1].op, 2))


def half_up(n: int) -> int:
    return (n + 1) // 2


def fight_over(state: State) -> bool:
    """Versus ends when one Disciple falls; a fight against enemies when every Disciple or
    every enemy is beaten."""
    if state.mode == "versus":
        return any(p.beaten for p in state.players)
    if all(p.beaten for p in state.players):
        return True
    return bool(state.enemies) and all(e.beaten for e in state.enemies)


def foe_of(state: State, me: Disciple) -> Enemy | None:
    """The enemy the Disciple's attacks go to, if any is in the fight."""
    if not state.enemies:
        return None
    return state.enemies[me.target]


# ----- piles ----------------------------------------------------------------------------


def draw_cards(state: State, me: Disciple, n: int) -> int:
    """Draw up to n cards, never past a hand of 8; reshuffle the discard pile when needed."""
    drawn = 0
    for _ in range(n):
        if len(me.hand) >= HAND_LIMIT:  # R5: the hand limit caps every draw
            break
        if not me.draw:
            if not me.discard:
                break
            me.draw = me.discard
            me.discard = []
            state.rng.shuffle(me.draw)
            log(state, "Discard pile shuffled into a new draw pile.")
        me.hand.append(me.draw.pop())
        drawn += 1
    return drawn


def end_draw(state: State, me: Disciple) -> None:
    draw_cards(state, me, END_DRAW)


# ----- what is in play ------------------------------------------------------------------


def in_play(me: Disciple) -> list[Card]:
    cards = load().cards
    return [cards[c] for c in (me.stance, me.style, me.state_card) if c]


def matches(card: Card, tag: str) -> bool:
    return tag == "" or tag == card.id or tag == card.kind or tag in card.tags


def _passives(me: Disciple, name: str):
    """(card, index, op) of every passive op of this name in force."""
    for held in in_play(me):
        for i, op in enumerate(held.passive):
            if op.op == name:
                yield held, i, op


def bonus_for(me: Disciple, card: Card) -> int:
    """What cards in play add to each hit and each Submit of this card ("deal 1 more")."""
    total = 0
    for held, i, op in _passives(me, "bonus"):
        if matches(card, op.tag):
            total += op.n
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def armor_for(me: Disciple, kind: str) -> int:
    total = 0
    for held, i, op in _passives(me, "armor"):
        if op.tag in ("", kind):
            total += op.n
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def guard_kept(me: Disciple) -> int:
    """R27: card text beats the rulebook; "keep_guard" lets some Guard stay at turn start."""
    total = 0
    for held, i, op in _passives(me, "keep_guard"):
        total += op.n
        if me.guard:
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def lock_met(me: Disciple, lock: LockIn) -> bool:
    """A Lock It In condition: a stance or style in play fits one of its needs (R8)."""
    cards = load().cards
    held = [cards[c] for c in (me.stance, me.style) if c]
    return any(matches(card, need) for card in held for need in lock.needs)


def check_lock(state: State, me: Disciple) -> None:
    """A locked-in attack ends when its condition fails or enough damage broke it (R8)."""
    if not me.locked:
        return
    card = load().cards[me.state_card]
    lock = card.lock_in
    assert lock is not None
    if me.lock_damage >= lock.breaks or not lock_met(me, lock):
        why = "the damage you took" if me.lock_damage >= lock.breaks else "its stance is gone"
        log(state, f"{card.name} is broken loose: {why}.")
        me.discard.append(me.state_card)
        me.state_card = ""
        me.locked = False
        me.lock_damage = 0


# ----- the Disciple acts on the enemy ----------------------------------------------------


class Resolution:
    """Per-card scratch values while one card's effects resolve (never saved)."""

    __slots__ = ("card", "full_submit", "reclinch")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.full_submit = False
        self.reclinch = False


def resolve_player_ops(state: State, me: Disciple, card: Card, parts: list[Part]) -> None:
    """Resolve sections of a card in the order of R3, each op tagged with its clause."""
    keyed = [(f"card:{card.id}:{section}:{i}", op) for section, ops in parts
             for i, op in enumerate(ops)]
    res = Resolution(card)
    for key, op in ordered(keyed):
        if fight_over(state):
            return
        trace.fire(key)
        player_op(state, me, res, op)
    if res.reclinch and not fight_over(state):
        me.clinch = True


def _use_clinch(me: Disciple, res: Resolution, kind: str) -> str:
    """Consume Clinch for this attack; returns the attack kind it enhanced, or "" (R16)."""
    if not me.clinch:
        return ""
    me.clinch = False
    if kind == "grapple":
        res.full_submit = True  # the card's Submit lands in full, and Clinch comes back
        res.reclinch = True
    return kind


def player_op(state: State, me: Disciple, res: Resolution, op: Op) -> None:
    enemy = foe_of(state, me)
    name = op.op
    if name == "power":
        me.power += op.n
    elif name == "guard":
        me.guard += op.n
    elif name == "clinch":
        me.clinch = True
    elif name == "feint":
        me.feint = True
    elif name == "draw":
        draw_cards(state, me, op.n)
    elif name == "heal":
        me.vitality = min(START_VITALITY, me.vitality + op.n)  # R23
    elif name == "energy":
        me.pool[COLOURS.index(op.colour or "gray")] += op.n
    elif enemy is None:
        return
    elif name == "attack":
        kind = res.card.kind if res.card.kind in ("upper", "lower", "grapple") else "none"
        clinched = _use_clinch(me, res, kind)
        dealt = hit_enemy(state, me, enemy, op.n + bonus_for(me, res.card))
        if clinched == "upper" and dealt > 0:
            log(state, "Clinch: the hit Rocks.")
            rock_enemy(state, enemy, 1)
        elif clinched == "lower" and dealt > 0 and not fight_over(state):
            log(state, "Clinch: the hit adds Submit of half its damage.")
            submit_enemy(state, enemy, half_up(dealt), full=False)
        elif clinched == "none":
            weaken_enemy(state, enemy, 1)
    elif name == "submit":
        if res.card.kind == "grapple" and not res.full_submit:
            _use_clinch(me, res, "grapple")
        submit_enemy(state, enemy, op.n + bonus_for(me, res.card), full=res.full_submit)
    elif name == "exposed":
        if enemy.guard:
            log(state, f"{enemy.name} is Exposed and loses {enemy.guard} Guard.")
        enemy.guard = 0
    elif name == "rocked":
        rock_enemy(state, enemy, op.n)
    elif name == "weakened":
        weaken_enemy(state, enemy, op.n)
    elif name == "stun":
        enemy.stun += op.n
        log(state, f"{enemy.name} is Stunned: it will skip the first action of its next turn.")


def hit_enemy(state: State, me: Disciple, enemy: Enemy, amount: int) -> int:
    amount += me.power
    me.power = 0
    if me.feint:
        me.feint = False  # R17: Feint lets this one hit ignore Guard
        through = amount
    else:
        blocked = min(enemy.guard, amount)
        enemy.guard -= blocked
        through = amount - blocked
    enemy.vitality -= through
    soaked = f", its Guard stops {amount - through}" if amount > through else ""
    log(state, f"You hit {enemy.name} for {through}{soaked} ({max(enemy.vitality, 0)} left).")
    if enemy.vitality <= 0:
        enemy.beaten = "defeated"
    return through


def rock_enemy(state: State, enemy: Enemy, n: int) -> None:
    enemy.rocked += n
    limit = ROCKED_LIMIT[enemy.tier]
    log(state, f"{enemy.name} is Rocked ({enemy.rocked}/{limit} this turn).")
    if enemy.rocked > limit:  # R4: past the limit, not at it
        enemy.beaten = "knocked out"


def _submit_words(applied: int, blocked: int, full: bool) -> str:
    words = f"Submit {applied}"
    if blocked:
        words += f", Guard soaks {blocked}"
    if full:
        words += ", in full (Clinch)"
    return words


def submit_enemy(state: State, enemy: Enemy, n: int, full: bool) -> None:
    blocked = min(enemy.guard, n)
    enemy.guard -= blocked
    left = n - blocked
    if left <= 0:
        log(state, f"Submit {n}: {enemy.name}'s Guard soaks all of it.")
        return
    loss = left if full else half_up(left)
    enemy.vitality -= loss
    words = _submit_words(n, blocked, full)
    log(state, f"{words}: {enemy.name} loses {loss} ({max(enemy.vitality, 0)} left).")
    if enemy.vitality <= 0:
        enemy.beaten = "defeated"
    elif left > enemy.vitality:  # R2: compared with vitality left after the loss
        enemy.beaten = "tapped out"


def weaken_enemy(state: State, enemy: Enemy, n: int) -> None:
    enemy.weakened += n
    log(state, f"{enemy.name} is Weakened: you pick its next attack pattern.")


# ----- the enemy acts on the Disciple ----------------------------------------------------


def enemy_attack(
    state: State, enemy: Enemy, me: Disciple, amount: int, kind: str, clinch: str = ""
) -> None:
    """An enemy hit of this kind on `me`; `clinch` is the kind its Clinch enhances, or ""."""
    amount += enemy.power
    enemy.power = 0
    armour = min(amount, armor_for(me, kind))
    amount -= armour
    if enemy.feint:
        enemy.feint = False
        through = amount
    else:
        blocked = min(me.guard, amount)
        me.guard -= blocked
        through = amount - blocked
    me.vitality -= through
    me.lock_damage += through
    stopped = []
    if armour:
        stopped.append(f"your stance stops {armour}")
    if amount > through:
        stopped.append(f"Guard stops {amount - through}")
    note = f", {' and '.join(stopped)}" if stopped else ""
    log(state, f"{enemy.name} hits you for {through}{note} ({max(me.vitality, 0)} left).")
    if me.vitality <= 0:
        me.beaten = "defeated"
        return
    check_lock(state, me)
    if clinch == "upper" and through > 0:
        log(state, f"{enemy.name}'s Clinch: the hit Rocks you.")
        rock_player(state, me, 1)
    elif clinch == "lower" and through > 0:
        log(state, f"{enemy.name}'s Clinch: the hit adds Submit of half its damage.")
        submit_player(state, me, half_up(through), full=False)
    elif clinch == "none":
        log(state, f"{enemy.name}'s Clinch: the hit Weakens you.")
        weaken_player(state, me)


def submit_player(state: State, me: Disciple, n: int, full: bool) -> None:
    blocked = min(me.guard, n)
    me.guard -= blocked
    left = n - blocked
    if left <= 0:
        log(state, f"Submit {n}: your Guard soaks all of it.")
        return
    loss = left if full else half_up(left)
    me.vitality -= loss
    me.lock_damage += loss
    log(state, f"{_submit_words(n, blocked, full)}: you lose {loss} ({max(me.vitality, 0)} left).")
    if me.vitality <= 0:
        me.beaten = "defeated"
    elif left > me.vitality:
        me.beaten = "tapped out"
    else:
        check_lock(state, me)


def rock_player(state: State, me: Disciple, n: int) -> None:
    me.rocked += n
    log(state, f"You are Rocked ({me.rocked}/{PLAYER_ROCKED_LIMIT} this turn).")
    if me.stance:
        log(state, f"Your {load().cards[me.stance].name} stance is knocked away.")
        me.discard.append(me.stance)
        me.stance = ""
        check_lock(state, me)
    if me.rocked > PLAYER_ROCKED_LIMIT:
        me.beaten = "knocked out"


def weaken_player(state: State, me: Disciple) -> None:
    """Weakened: a random card leaves the Disciple's hand for the discard pile (R18)."""
    if not me.hand:
        log(state, "Weakened, but your hand is empty.")
        return
    card = me.hand.pop(state.rng.below(len(me.hand)))
    me.discard.append(card)
    log(state, f"Weakened: you discard {load().cards[card].name}.")
