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
    return state.beaten != "" or (state.enemy is not None and state.enemy.beaten != "")


# ----- piles ----------------------------------------------------------------------------


def draw_cards(state: State, n: int) -> int:
    """Draw up to n cards, never past a hand of 8; reshuffle the discard pile when needed."""
    drawn = 0
    for _ in range(n):
        if len(state.hand) >= HAND_LIMIT:  # R5: the hand limit caps every draw
            break
        if not state.draw:
            if not state.discard:
                break
            state.draw = state.discard
            state.discard = []
            state.rng.shuffle(state.draw)
            log(state, "Discard pile shuffled into a new draw pile.")
        state.hand.append(state.draw.pop())
        drawn += 1
    return drawn


def end_draw(state: State) -> None:
    draw_cards(state, END_DRAW)


# ----- what is in play ------------------------------------------------------------------


def in_play(state: State) -> list[Card]:
    cards = load().cards
    return [cards[c] for c in (state.stance, state.style, state.state_card) if c]


def matches(card: Card, tag: str) -> bool:
    return tag == "" or tag == card.id or tag == card.kind or tag in card.tags


def _passives(state: State, name: str):
    """(card, index, op) of every passive op of this name in force."""
    for held in in_play(state):
        for i, op in enumerate(held.passive):
            if op.op == name:
                yield held, i, op


def bonus_for(state: State, card: Card) -> int:
    """What cards in play add to each hit and each Submit of this card ("deal 1 more")."""
    total = 0
    for held, i, op in _passives(state, "bonus"):
        if matches(card, op.tag):
            total += op.n
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def armor_for(state: State, kind: str) -> int:
    total = 0
    for held, i, op in _passives(state, "armor"):
        if op.tag in ("", kind):
            total += op.n
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def guard_kept(state: State) -> int:
    """R27: card text beats the rulebook; "keep_guard" lets some Guard stay at turn start."""
    total = 0
    for held, i, op in _passives(state, "keep_guard"):
        total += op.n
        if state.guard:
            trace.fire(f"card:{held.id}:passive:{i}")
    return total


def lock_met(state: State, lock: LockIn) -> bool:
    """A Lock It In condition: a stance or style in play fits one of its needs (R8)."""
    cards = load().cards
    held = [cards[c] for c in (state.stance, state.style) if c]
    return any(matches(card, need) for card in held for need in lock.needs)


def check_lock(state: State) -> None:
    """A locked-in attack ends when its condition fails or enough damage broke it (R8)."""
    if not state.locked:
        return
    card = load().cards[state.state_card]
    lock = card.lock_in
    assert lock is not None
    if state.lock_damage >= lock.breaks or not lock_met(state, lock):
        why = "the damage you took" if state.lock_damage >= lock.breaks else "its stance is gone"
        log(state, f"{card.name} is broken loose: {why}.")
        state.discard.append(state.state_card)
        state.state_card = ""
        state.locked = False
        state.lock_damage = 0


# ----- the Disciple acts on the enemy ----------------------------------------------------


class Resolution:
    """Per-card scratch values while one card's effects resolve (never saved)."""

    __slots__ = ("card", "full_submit", "reclinch")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.full_submit = False
        self.reclinch = False


def resolve_player_ops(state: State, card: Card, parts: list[Part]) -> None:
    """Resolve sections of a card in the order of R3, each op tagged with its clause."""
    keyed = [(f"card:{card.id}:{section}:{i}", op) for section, ops in parts
             for i, op in enumerate(ops)]
    res = Resolution(card)
    for key, op in ordered(keyed):
        if fight_over(state):
            return
        trace.fire(key)
        player_op(state, res, op)
    if res.reclinch and not fight_over(state):
        state.clinch = True


def _use_clinch(state: State, res: Resolution, kind: str) -> str:
    """Consume Clinch for this attack; returns the attack kind it enhanced, or "" (R16)."""
    if not state.clinch:
        return ""
    state.clinch = False
    if kind == "grapple":
        res.full_submit = True  # the card's Submit lands in full, and Clinch comes back
        res.reclinch = True
    return kind


def player_op(state: State, res: Resolution, op: Op) -> None:
    enemy = state.enemy
    name = op.op
    if name == "power":
        state.power += op.n
    elif name == "guard":
        state.guard += op.n
    elif name == "clinch":
        state.clinch = True
    elif name == "feint":
        state.feint = True
    elif name == "draw":
        draw_cards(state, op.n)
    elif name == "heal":
        state.vitality = min(START_VITALITY, state.vitality + op.n)  # R23
    elif name == "energy":
        state.pool[COLOURS.index(op.colour or "gray")] += op.n
    elif enemy is None:
        return
    elif name == "attack":
        kind = res.card.kind if res.card.kind in ("upper", "lower", "grapple") else "none"
        clinched = _use_clinch(state, res, kind)
        dealt = hit_enemy(state, op.n + bonus_for(state, res.card))
        if clinched == "upper" and dealt > 0:
            log(state, "Clinch: the hit Rocks.")
            rock_enemy(state, 1)
        elif clinched == "lower" and dealt > 0 and not fight_over(state):
            log(state, "Clinch: the hit adds Submit of half its damage.")
            submit_enemy(state, half_up(dealt), full=False)
        elif clinched == "none":
            weaken_enemy(state, 1)
    elif name == "submit":
        if res.card.kind == "grapple" and not res.full_submit:
            _use_clinch(state, res, "grapple")
        submit_enemy(state, op.n + bonus_for(state, res.card), full=res.full_submit)
    elif name == "exposed":
        if enemy.guard:
            log(state, f"{enemy.name} is Exposed and loses {enemy.guard} Guard.")
        enemy.guard = 0
    elif name == "rocked":
        rock_enemy(state, op.n)
    elif name == "weakened":
        weaken_enemy(state, op.n)
    elif name == "stun":
        enemy.stun += op.n
        log(state, f"{enemy.name} is Stunned: it will skip the first action of its next turn.")


def hit_enemy(state: State, amount: int) -> int:
    enemy = state.enemy
    assert enemy is not None
    amount += state.power
    state.power = 0
    if state.feint:
        state.feint = False  # R17: Feint lets this one hit ignore Guard
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


def rock_enemy(state: State, n: int) -> None:
    enemy = state.enemy
    assert enemy is not None
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


def submit_enemy(state: State, n: int, full: bool) -> None:
    enemy = state.enemy
    assert enemy is not None
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


def weaken_enemy(state: State, n: int) -> None:
    enemy = state.enemy
    assert enemy is not None
    enemy.weakened += n
    log(state, f"{enemy.name} is Weakened: you pick its next attack pattern.")


# ----- the enemy acts on the Disciple ----------------------------------------------------


def enemy_attack(state: State, amount: int, kind: str, clinch: str = "") -> None:
    """An enemy hit of this kind; `clinch` is the kind its Clinch enhances, or ""."""
    enemy = state.enemy
    assert enemy is not None
    amount += enemy.power
    enemy.power = 0
    armour = min(amount, armor_for(state, kind))
    amount -= armour
    if enemy.feint:
        enemy.feint = False
        through = amount
    else:
        blocked = min(state.guard, amount)
        state.guard -= blocked
        through = amount - blocked
    state.vitality -= through
    state.lock_damage += through
    stopped = []
    if armour:
        stopped.append(f"your stance stops {armour}")
    if amount > through:
        stopped.append(f"Guard stops {amount - through}")
    note = f", {' and '.join(stopped)}" if stopped else ""
    log(state, f"{enemy.name} hits you for {through}{note} ({max(state.vitality, 0)} left).")
    if state.vitality <= 0:
        state.beaten = "defeated"
        return
    check_lock(state)
    if clinch == "upper" and through > 0:
        log(state, f"{enemy.name}'s Clinch: the hit Rocks you.")
        rock_player(state, 1)
    elif clinch == "lower" and through > 0:
        log(state, f"{enemy.name}'s Clinch: the hit adds Submit of half its damage.")
        submit_player(state, half_up(through), full=False)
    elif clinch == "none":
        log(state, f"{enemy.name}'s Clinch: the hit Weakens you.")
        weaken_player(state)


def submit_player(state: State, n: int, full: bool) -> None:
    blocked = min(state.guard, n)
    state.guard -= blocked
    left = n - blocked
    if left <= 0:
        log(state, f"Submit {n}: your Guard soaks all of it.")
        return
    loss = left if full else half_up(left)
    state.vitality -= loss
    state.lock_damage += loss
    log(state, f"{_submit_words(n, blocked, full)}: you lose {loss} ({max(state.vitality, 0)} left).")
    if state.vitality <= 0:
        state.beaten = "defeated"
    elif left > state.vitality:
        state.beaten = "tapped out"
    else:
        check_lock(state)


def rock_player(state: State, n: int) -> None:
    state.rocked += n
    log(state, f"You are Rocked ({state.rocked}/{PLAYER_ROCKED_LIMIT} this turn).")
    if state.stance:
        log(state, f"Your {load().cards[state.stance].name} stance is knocked away.")
        state.discard.append(state.stance)
        state.stance = ""
        check_lock(state)
    if state.rocked > PLAYER_ROCKED_LIMIT:
        state.beaten = "knocked out"


def weaken_player(state: State) -> None:
    """Weakened: a random card leaves the Disciple's hand for the discard pile (R18)."""
    if not state.hand:
        log(state, "Weakened, but your hand is empty.")
        return
    card = state.hand.pop(state.rng.below(len(state.hand)))
    state.discard.append(card)
    log(state, f"Weakened: you discard {load().cards[card].name}.")
