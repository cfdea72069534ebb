"""The effect interpreter: buffs, debuffs, damage and the small op vocabulary of content.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.core.log import Line
from engine.core.log import Part as LinePart
from engine.disciple import trace
from engine.disciple.content import BUFF_OPS, DEBUFF_OPS, Card, LockIn, Op, load
from engine.disciple.model import (
    COLOURS,
    END_DRAW,
    HAND_LIMIT,
    PLAYER_ROCKED_LIMIT,
    ROCKED_LIMIT,
    Disciple,
    Enemy,
    Pending,
    State,
)
from engine.disciple.wording import FACE_DOWN, YOU

LOG_LENGTH = 40
_ORDER = {op: 0 for op in BUFF_OPS} | {op: 1 for op in DEBUFF_OPS}  # skills sort last

Part = tuple[str, tuple[Op, ...]]  # a section of a card ("effects", "flow"...) and its ops


def log(state: State, what: str, *parts: LinePart) -> None:
    """Write a log line: its kind and parts, worded in wording.py. Only the newest LOG_LENGTH
    lines are kept; `logged` counts every line ever written."""
    lines = state.log
    lines.append(Line(what, parts))
    state.logged += 1
    if len(lines) > LOG_LENGTH:
        del lines[:-LOG_LENGTH]


def told(state: State, what: str) -> str:
    """The kind of a line about a Disciple: as Solo tells it to "you" (`what` + YOU), or
    naming the player when several share the log. Its parts name the Disciple either way."""
    return what if len(state.players) > 1 else what + YOU


def ordered(ops: list[tuple]) -> list[tuple]:
    """Buffs, then debuffs, then skills; stable inside each group (R3). Each op (last in its
    tuple) keeps what names its clause."""
    if len(ops) < 2:
        return ops
    return sorted(ops, key=_order_of)


def _order_of(keyed: tuple) -> int:
    return _ORDER.get(keyed[-1].op, 2)


def half_up(n: int) -> int:
    return (n + 1) // 2


def fight_over(state: State) -> bool:
    """Versus ends when one Disciple falls; a fight against enemies when every Disciple or
    every enemy is beaten."""
    # plain loops: asked several times in every step, generator expressions cost more
    if state.mode == "versus":
        for p in state.players:
            if p.beaten:
                return True
        return False
    for p in state.players:
        if not p.beaten:
            break
    else:
        return True
    if not state.enemies:
        return False
    for e in state.enemies:
        if not e.beaten:
            return False
    return True


def turn_order(state: State) -> list[int]:
    """The seats in player order: a Campaign's as its Leader set it (R41), else the seats'."""
    return state.order if state.order else list(range(len(state.players)))


def first_standing(state: State, after: int | None = None) -> int:
    """The first seat in player order (after seat `after`, if given) whose Disciple still
    fights; -1 if none."""
    order = turn_order(state)
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        if not state.players[seat].beaten:
            return seat
    return -1


def seat_index(state: State, me: Disciple) -> int:
    for seat, player in enumerate(state.players):
        if player is me:  # the very Disciple: players equal in every field are still two seats
            return seat
    raise AssertionError(f"{me.name} has no seat at this table")


def retarget(state: State) -> None:
    """Co-Op: an enemy whose target fell turns to the first player still standing; a Disciple
    whose enemy fell turns to the first enemy still fighting (R36)."""
    players, enemies = state.players, state.enemies
    if not enemies:
        return
    for enemy in enemies:
        if players[enemy.target].beaten and not enemy.beaten:
            standing = first_standing(state)
            if standing >= 0:
                turn_on(state, enemy, standing, players[enemy.target].name)
    fighting = -1  # the first enemy still fighting, found when someone needs it
    for me in players:
        if enemies[me.target].beaten and not me.beaten:
            if fighting < 0:
                fighting = next((i for i, enemy in enumerate(enemies) if not enemy.beaten), -1)
                if fighting < 0:
                    return
            log(state, "turns to face", me.name, enemies[fighting].name)
            me.target = fighting


def turn_on(state: State, enemy: Enemy, seat: int, fallen: str = "") -> None:
    """The enemy aims at this seat from now on (told when it changes); `fallen`: the Disciple
    it aimed at, who fell."""
    if enemy.target != seat:
        if fallen:
            log(state, "turns on the next", enemy.name, state.players[seat].name, fallen)
        else:
            log(state, "turns on", enemy.name, state.players[seat].name)
        enemy.target = seat


def foe_of(state: State, me: Disciple) -> Enemy | Disciple | None:
    """Whom the Disciple's attacks go to: in Versus the other Disciple, else the enemy they
    aim at, if any is in the fight."""
    if state.mode == "versus":
        return next(p for p in state.players if p is not me)
    if not state.enemies:
        return None
    return state.enemies[me.target]


# ----- piles ----------------------------------------------------------------------------


def draw_cards(state: State, me: Disciple, n: int, limit: int | None = None) -> int:
    """Draw up to n cards, stopping at a hand of `limit` if one is given; reshuffle the
    discard pile when the draw pile runs out. The line says how many, not which: the draw
    pile is face down."""
    count = min(n, len(me.draw) + len(me.discard))  # R32: Versus reshuffles as Solo does
    if limit is not None:
        count = min(count, limit - len(me.hand))
    if count <= 0:
        return 0
    log(state, told(state, "draws"), me.name, count)
    for _ in range(count):
        if not me.draw:
            log(state, "reshuffled")
            me.draw = me.discard
            me.discard = []
            state.rng.shuffle(me.draw)
        me.hand.append(me.draw.pop())
    return count


def end_draw(state: State, me: Disciple) -> None:
    """End of turn: draw 3, stopping at a hand of 8. Only this draw is limited (R5): card
    text draws in full."""
    draw_cards(state, me, END_DRAW, HAND_LIMIT)


# ----- what is in play ------------------------------------------------------------------


def in_play(me: Disciple) -> list[Card]:
    cards = load().cards
    return [cards[c] for c in (me.stance, me.style, me.state_card) if c]


def matches(card: Card, tag: str) -> bool:
    return tag == "" or tag == card.id or tag == card.kind or tag in card.tags


def _passives(me: Disciple, name: str) -> list[tuple[Card, int, Op]]:
    """(card, index, op) of every passive op of this name in force."""
    if not (me.stance or me.style or me.state_card):
        return []  # nothing in play: the usual case, asked at every hit
    return [(held, i, op) for held in in_play(me) for i, op in enumerate(held.passive) if op.op == name]


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
        if me.lock_damage >= lock.breaks:
            log(state, told(state, "broken by damage"), card.name)
        else:
            log(state, "broken without stance", card.name)
        me.discard.append(me.state_card)
        me.state_card = ""
        me.locked = False
        me.lock_damage = 0


# ----- the Disciple acts on the enemy ----------------------------------------------------


class Resolution:
    """Per-card scratch values while one card's effects resolve (never saved)."""

    __slots__ = ("card", "full_submit", "reclinch", "foe", "face_down")

    def __init__(self, card: Card, foe: Enemy | None = None, face_down: bool = False) -> None:
        self.card = card
        self.face_down = face_down  # a Versus counter being set: its lines may not name it (R35)
        self.full_submit = False
        self.reclinch = False
        self.foe = foe  # whom its attacks go to, if not the Disciple's own target (a counter)


def resolve_player_ops(
    state: State, me: Disciple, card: Card, parts: list[Part], foe: Enemy | None = None,
    face_down: bool = False,
) -> None:
    """Resolve sections of a card in the order of R3, each op tagged with its clause.
    `face_down`: the card is being set face down, so its lines say so instead of its name."""
    keyed = [(section, i, op) for section, ops in parts for i, op in enumerate(ops)]
    res = Resolution(card, foe, face_down)
    for section, i, op in ordered(keyed):
        if fight_over(state):
            return
        if trace.on():  # the clause's key is only worded for a coverage run
            trace.fire(f"card:{card.id}:{section}:{i}")
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
    foe = res.foe if res.foe is not None else foe_of(state, me)
    if isinstance(foe, Enemy) and foe.beaten:
        foe = None  # R36: hits meant for an enemy already beaten are lost
    name = op.op
    if name == "power":
        by_card(state, res, "gains power", me.name, op.n, me.power + op.n)
        me.power += op.n
    elif name == "guard":
        by_card(state, res, "gains guard", me.name, op.n, me.guard + op.n)
        me.guard += op.n
    elif name == "clinch":
        me.clinch = True
    elif name == "feint":
        me.feint = True
    elif name == "draw":
        draw_cards(state, me, op.n)
    elif name == "heal":
        healed = min(me.start_vitality, me.vitality + op.n) - me.vitality  # R23
        if healed > 0:
            by_card(state, res, "heals", me.name, healed, me.vitality + healed)
            me.vitality += healed
    elif name == "energy":
        me.pool[COLOURS.index(op.colour or "gray")] += op.n
    elif foe is None:
        return
    elif name == "attack":
        kind = res.card.kind if res.card.kind in ("upper", "lower", "grapple") else "none"
        clinched = _use_clinch(me, res, kind)
        amount = op.n + bonus_for(me, res.card)
        if isinstance(foe, Disciple):  # Versus: the hit lands as an enemy's would (R33)
            hit_disciple(state, me, foe, amount, kind, "" if clinched == "grapple" else clinched)
            return
        dealt = hit_enemy(state, me, foe, amount)
        if dealt > 0:
            turn_on(state, foe, seat_index(state, me))  # R36: on whoever hurt it last
        if clinched == "upper" and dealt > 0:
            log(state, "clinch rocks")
            rock_enemy(state, foe, 1)
        elif clinched == "lower" and dealt > 0 and not fight_over(state):
            log(state, "clinch submits")
            submit_enemy(state, foe, half_up(dealt), full=False)
        elif clinched == "none":
            weaken_enemy(state, foe, 1)
    elif name == "submit":
        if res.card.kind == "grapple" and not res.full_submit:
            _use_clinch(me, res, "grapple")
        amount = op.n + bonus_for(me, res.card)
        if isinstance(foe, Disciple):
            submit_player(state, foe, amount, full=res.full_submit, attacker=me)
        else:
            turn_on(state, foe, seat_index(state, me))  # R36: on whoever applied Submit last
            submit_enemy(state, foe, amount, full=res.full_submit, attacker=me)
    elif name == "exposed":
        if foe.guard:
            log(state, "exposed", foe.name, foe.guard)
        foe.guard = 0
    elif name == "rocked":
        if isinstance(foe, Disciple):
            rock_player(state, foe, op.n)
        else:
            turn_on(state, foe, seat_index(state, me))
            rock_enemy(state, foe, op.n)
    elif name == "weakened":
        if isinstance(foe, Disciple):
            for _ in range(op.n):
                weaken_player(state, foe)
        else:
            weaken_enemy(state, foe, op.n)
    elif name == "stun":
        if isinstance(foe, Disciple):  # R34: the energy is tapped as their next turn begins
            log(state, "stunned disciple", foe.name)
            foe.to_tap += op.n
        else:
            log(state, "stunned enemy", foe.name)
            foe.stun += op.n


def by_card(state: State, res: Resolution, what: str, *parts: LinePart) -> None:
    """A line led by the card whose effect it tells: "Rising Block: ...", or, while the card
    is set face down, "A face-down card: ..." with no part naming it (R35)."""
    if res.face_down:
        log(state, what + FACE_DOWN, *parts)
    else:
        log(state, told(state, what), res.card.name, *parts)


def hit_enemy(state: State, me: Disciple, enemy: Enemy, amount: int) -> int:
    """The hit is told first (with the Power it spends and the Guard it meets), then dealt."""
    power = me.power
    amount += power
    blocked = 0 if me.feint else min(enemy.guard, amount)  # R17: Feint lets this damage ignore Guard
    through = amount - blocked
    log(state, told(state, "hits enemy"), me.name, enemy.name, power, through, blocked,
        max(enemy.vitality - through, 0))
    me.power = 0
    me.feint = False
    enemy.guard -= blocked
    enemy.vitality -= through
    if enemy.vitality <= 0:
        enemy.beaten = "defeated"
    return through


def rock_enemy(state: State, enemy: Enemy, n: int) -> None:
    limit = ROCKED_LIMIT[enemy.tier]
    log(state, "rocked", enemy.name, enemy.rocked + n, limit)
    enemy.rocked += n
    if enemy.rocked > limit:  # R4: past the limit, not at it
        enemy.beaten = "knocked out"


def spend_on_submit(state: State, attacker: Enemy | Disciple | None, n: int) -> tuple[int, bool]:
    """Submit counts as damage, so the attacker's Power adds to it and its Feint lets it
    ignore Guard, both spent by it (R17). Returns the Submit and whether Guard is ignored."""
    if attacker is None or not (attacker.power or attacker.feint):
        return n, False
    power, feint = attacker.power, attacker.feint
    what = told(state, "submit boost") if isinstance(attacker, Disciple) else "submit boost"
    log(state, what, attacker.name, power, int(feint))
    attacker.power = 0
    attacker.feint = False
    return n + power, feint


def submit_enemy(
    state: State, enemy: Enemy, n: int, full: bool, attacker: Disciple | None = None
) -> None:
    n, feint = spend_on_submit(state, attacker, n)
    blocked = 0 if feint else min(enemy.guard, n)
    left = n - blocked
    if left <= 0:
        log(state, "submit soaked", n, enemy.name)
        enemy.guard -= blocked
        return
    loss = left if full else half_up(left)
    log(state, "submit", n, blocked, int(full), enemy.name, loss, max(enemy.vitality - loss, 0))
    enemy.guard -= blocked
    enemy.vitality -= loss
    if enemy.vitality <= 0:
        enemy.beaten = "defeated"
    elif left > enemy.vitality:  # R2: compared with vitality left after the loss
        enemy.beaten = "tapped out"


def weaken_enemy(state: State, enemy: Enemy, n: int) -> None:
    log(state, "weakened enemy", enemy.name)
    enemy.weakened += n


# ----- a hit on a Disciple: from an enemy, or from the other Disciple in Versus -----------


def hit_disciple(
    state: State, attacker: Enemy | Disciple, me: Disciple, amount: int, kind: str, clinch: str = ""
) -> None:
    """A hit of this kind on `me`; `clinch` is the kind the attacker's Clinch enhances, or "".
    Told first (with the Power it spends and what stops it), then dealt."""
    power = attacker.power
    amount += power
    armour = min(amount, armor_for(me, kind))
    amount -= armour
    blocked = 0 if attacker.feint else min(me.guard, amount)
    through = amount - blocked
    log(state, told(state, "hits disciple"), attacker.name, me.name, power, through, armour,
        amount - through, max(me.vitality - through, 0))
    attacker.power = 0
    attacker.feint = False
    me.guard -= blocked
    me.vitality -= through
    me.lock_damage += through
    if me.vitality <= 0:
        me.beaten = "defeated"
        return
    check_lock(state, me)
    if clinch == "upper" and through > 0:
        log(state, told(state, "clinch rocks disciple"), attacker.name, me.name)
        rock_player(state, me, 1)
    elif clinch == "lower" and through > 0:
        log(state, "clinch submits disciple", attacker.name)
        submit_player(state, me, half_up(through), full=False)
    elif clinch == "none":
        log(state, told(state, "clinch weakens disciple"), attacker.name, me.name)
        weaken_player(state, me)


def submit_player(
    state: State, me: Disciple, n: int, full: bool, attacker: Enemy | Disciple | None = None
) -> None:
    n, feint = spend_on_submit(state, attacker, n)
    blocked = 0 if feint else min(me.guard, n)
    left = n - blocked
    if left <= 0:
        log(state, told(state, "submit soaked"), n, me.name)
        me.guard -= blocked
        return
    loss = left if full else half_up(left)
    log(state, told(state, "submit"), n, blocked, int(full), me.name, loss, max(me.vitality - loss, 0))
    me.guard -= blocked
    me.vitality -= loss
    me.lock_damage += loss
    if me.vitality <= 0:
        me.beaten = "defeated"
    elif left > me.vitality:
        me.beaten = "tapped out"
    else:
        check_lock(state, me)


def rock_player(state: State, me: Disciple, n: int) -> None:
    rocked = me.rocked + n
    log(state, told(state, "rocked"), me.name, rocked, PLAYER_ROCKED_LIMIT)
    me.rocked = rocked
    if me.stance:
        log(state, told(state, "stance knocked away"), me.name, load().cards[me.stance].name)
        me.discard.append(me.stance)
        me.stance = ""
        check_lock(state, me)
    if me.rocked > PLAYER_ROCKED_LIMIT:
        me.beaten = "knocked out"


def weaken_player(state: State, me: Disciple) -> None:
    """Weakened: a random card leaves the Disciple's hand for the discard pile (R18)."""
    if not me.hand:
        log(state, told(state, "weakened, hand empty"), me.name)
        return
    index = state.rng.below(len(me.hand))
    log(state, told(state, "weakened discard"), me.name, load().cards[me.hand[index]].name)
    me.discard.append(me.hand.pop(index))


def personal(card: Card) -> bool:
    """A counter that answers only an attack on its owner ("when attacked", "when taking
    damage"); any other answers an attack on any Disciple of the table in Co-Op (R39)."""
    text = card.text.lower()
    return "when attacked" in text or "when taking damage" in text


def trigger_counter(
    state: State, me: Disciple, kind: str, attacker: Enemy | Disciple | None = None,
    attack: bool = True,
) -> None:
    """An action of this kind on `me` (`attack`: one that deals damage or applies Submit):
    their oldest counter that answers it resolves, else in Co-Op the oldest of the next
    player in turn order who has one (R9, R39). A counter on "any" answers every attack,
    untyped ones too."""
    cards = load().cards
    owners = [me]
    if state.mode in ("coop", "campaign"):
        others = [state.players[seat] for seat in turn_order(state)]
        owners += [p for p in others if p is not me and not p.beaten]
    for owner in owners:
        for i, card_id in enumerate(owner.counters):
            card = cards[card_id]
            counter = card.counter
            assert counter is not None
            if owner is not me and personal(card):
                continue
            if counter.on == kind or (counter.on == "any" and attack):
                log(state, told(state, "counter answers"), owner.name, card.name)
                del owner.counters[i]
                told_at = state.logged
                foe = attacker if isinstance(attacker, Enemy) else None
                resolve_player_ops(state, owner, card, [("counter", counter.ops)], foe)
                if state.logged != told_at:  # its way to the discard, after its effects
                    to_discard(state, owner, card)
                owner.discard.append(card_id)
                return  # R9: one counter answers one action


def to_discard(state: State, me: Disciple, card: Card) -> None:
    """Tell that a card played goes to its owner's discard pile (after the lines of its effects)."""
    log(state, told(state, "to discard"), card.name, me.name)


def ask_stun_tap(state: State, seat: int) -> bool:
    """Stun received: the Disciple taps energy cards of their choice (R18). False when asking."""
    me = state.players[seat]
    untapped: dict[tuple[str, int], int] = {}  # one card of each kind: alike ones tap alike
    for i, energy in enumerate(me.energy):
        if not energy.tapped:
            untapped.setdefault((energy.colour, energy.amount), i)
    if not untapped:
        log(state, told(state, "stunned, all tapped"), me.name)
        me.to_tap = 0
        return True
    log(state, told(state, "stunned, taps"), me.name)
    state.pending = Pending(
        kind="stun_tap",
        prompt="You are Stunned: choose an energy card to tap.",
        options=[str(i) for i in untapped.values()],
        seat=seat,
    )
    return False


def stun_tapped(state: State, me: Disciple, energy_index: int) -> None:
    """Tap the energy card a Stun asked for, told first."""
    log(state, told(state, "stun tapped"), me.name, me.energy[energy_index].colour)
    me.energy[energy_index].tapped = True
    me.to_tap -= 1
