"""The journey around the fights: setup, the event deck, rewards and a second style.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from functools import cache

from engine.disciple import trace
from engine.disciple.campaign import ask_order, next_card
from engine.disciple.combat import start_combat, start_fight
from engine.disciple.content import load, style_deck
from engine.disciple.effects import log, told
from engine.disciple.model import Disciple, Pending, State, Step

NONE_OPTION = "-"  # "keep nothing" / "stop picking" in reward lists
DECLINE = "-"
# skills shown, skills kept at most; in a Campaign by how the player came out of the fight (R42)
REWARDS = {"minion": (3, 1), "miniboss": (5, 2), "standing": (5, 2), "fallen": (3, 1)}


def build_event_deck(
    state: State, style_id: str, with_second_style: bool, enemies_only: bool = False
) -> list[str]:
    """The rulebook's order, top first: G1, miniboss 1, G2, miniboss 2, 2.5, G3, ... boss.
    `enemies_only`: a Co-Op player after the first keeps only the enemies of their deck."""
    style = load().styles[style_id]
    top_first: list[str] = []
    for group in ("1", "2", "2.5", "3", "4"):
        if group == "2.5":
            if with_second_style and not enemies_only:
                top_first += list(style.events.get("2.5", ()))
            continue
        cards = _kept(style.events.get(group, ()), enemies_only)
        state.rng.shuffle(cards)
        top_first += cards
        if group in style.minibosses:
            top_first.append(style.minibosses[group])
    top_first.append(style.boss)
    return top_first[::-1]  # piles keep their top at the end


def _kept(cards, enemies_only: bool) -> list[str]:
    enemies = load().enemies
    return [c for c in cards if c in enemies] if enemies_only else list(cards)


def enemies_only(state: State, me: Disciple) -> bool:
    """Co-Op: every event deck but the first player's holds enemies alone."""
    return state.mode == "coop" and me is not state.players[0]


# ----- setup ----------------------------------------------------------------------------


def ask_style(state: State, seat: int = 0) -> None:
    state.pending = Pending(
        kind="style",
        prompt="Choose the martial art you will learn.",
        options=sorted(load().styles),
        seat=seat,
    )


def take_style(state: State, seat: int, style_id: str) -> None:
    content = load()
    me = state.players[seat]
    style = content.styles[style_id]
    log(state, told(state, "begins the journey"), me.name, style.name)
    me.styles = [style_id]
    me.allotment = list(style.energy)
    me.event_deck = build_event_deck(
        state, style_id, state.second_style_offered, enemies_only(state, me)
    )
    me.skills_deck = style_deck(content, style)
    for entry in style.start:
        for _ in range(entry.copies):
            _take_starting_card(me, entry.card)
    state.queue += [Step("start_choice", style_id, i, seat) for i in range(len(style.start_choices))]
    state.queue += [Step("shuffle_skills", seat=seat), Step("shuffle_draw", seat=seat)]
    state.queue.append(Step("journey"))


def _take_starting_card(me: Disciple, card_id: str, second: bool = False) -> None:
    """Starting cards come out of the style's skills deck when it holds them (R10)."""
    pile = me.second_skills if second else me.skills_deck
    if card_id in pile:
        pile.remove(card_id)
    me.owned.append(card_id)
    me.draw.append(card_id)


def run_step(state: State, step: Step) -> None:
    content = load()
    me = state.players[step.seat]
    if step.kind == "ask_style":
        ask_style(state, step.seat)
    elif step.kind == "take_style":
        take_style(state, step.seat, step.arg)
    elif step.kind == "event":
        reveal_event(state, step.seat)
    elif step.kind == "reward":
        offer_rewards(state, step.seat, step.arg)
    elif step.kind == "end_fight":
        state.enemies = []
        state.enemy_turn = None
    elif step.kind == "start_choice":
        choice = content.styles[step.arg].start_choices[step.n]
        state.pending = Pending(
            kind="start_choice",
            prompt=choice.prompt,
            options=list(choice.options),
            extra=["second"] if step.arg != me.styles[0] else [],
            seat=step.seat,
        )
    elif step.kind == "learn_start":
        style = content.styles[step.arg]
        cards = tuple([part for e in style.start for part in (content.cards[e.card].name, e.copies)])
        log(state, told(state, "starting cards join"), me.name, style.name, cards)
        me.second_skills = style_deck(content, style)
        for entry in style.start:
            for _ in range(entry.copies):
                _take_starting_card(me, entry.card, second=True)
    elif step.kind == "shuffle_skills":
        state.rng.shuffle(me.skills_deck)
    elif step.kind == "shuffle_draw":
        state.rng.shuffle(me.draw)
    elif step.kind == "journey":
        state.phase = "journey"
    elif step.kind == "cl_order":  # R41: a Campaign's Leader sets the player order
        ask_order(state)
    elif step.kind == "halve":
        halve_skills(state, me, step.arg)
    elif step.kind == "energy_pick":  # R24: 3 picks from both allotments together
        offered = list(me.allotment) + list(content.styles[step.arg].energy)
        state.pending = Pending(
            kind="energy_pick",
            prompt="Choose 3 energy colours for your new allotment.",
            options=offered,
            picks_left=3,
            seat=step.seat,
        )
    elif step.kind == "remove_card":
        if me.draw:
            state.pending = Pending(
                kind="remove_card",
                prompt="Choose a card to remove from your deck.",
                options=sorted(set(me.draw)),
                seat=step.seat,
            )
    else:
        raise AssertionError(f"unknown step {step.kind}")


def choose(state: State, index: int) -> None:
    """Resolve the pending decision with option `index`."""
    pending = state.pending
    assert pending is not None
    picked = pending.options[index]
    kind = pending.kind
    cards = load().cards
    me = state.players[pending.seat]
    if kind == "style":
        state.pending = None
        take_style(state, pending.seat, picked)
    elif kind == "start_choice":
        state.pending = None
        log(state, told(state, "starting deck takes"), me.name, cards[picked].name)
        _take_starting_card(me, picked, second=bool(pending.extra))
    elif kind == "event":
        state.pending = None
        event = load().events[state.event]
        log(state, "event choice", event.name, event.choices[index].label)
        run_event_choice(state, me, event.choices[index].ops, f"event:{event.id}:choice:{index}")
    elif kind == "remove_card":
        state.pending = None
        log(state, told(state, "leaves the deck"), me.name, cards[picked].name)
        me.draw.remove(picked)
        me.owned.remove(picked)
        me.removed.append(picked)
        state.rng.shuffle(me.draw)
    elif kind == "reward":
        pick_reward(state, index)
    elif kind == "bottom_order":
        put_under(state, index)
    elif kind == "second_style":
        state.pending = None
        if picked == DECLINE:
            log(state, told(state, "single school"), me.name)
        else:
            trace.fire(f"event:{state.event}:learn:{picked}")
            learn_style(state, pending.seat, picked)
    elif kind == "energy_pick":
        pending.extra.append(pending.options.pop(index))
        pending.picks_left -= 1
        if pending.picks_left == 0:
            me.allotment = list(pending.extra)
            state.pending = None
            log(state, told(state, "energy allotment"), me.name, tuple(me.allotment))


# ----- events ---------------------------------------------------------------------------


def flip_event(state: State) -> None:
    """The first player flips their event deck: an event every player resolves in turn, or an
    enemy; in Co-Op the others then flip theirs and the fight takes every enemy revealed, but
    a miniboss or boss waits until everyone has reached it (R37)."""
    content = load()
    if state.mode == "campaign":  # the CL picks what comes next (R41)
        next_card(state)
        return
    lead = state.players[0]  # the first player's event deck leads the journey
    revealed: list[tuple[str, int]] = []
    if not lead.waiting:
        if not lead.event_deck:
            raise AssertionError("the event deck ran out before the boss")
        event_id = lead.event_deck.pop()
        state.event = event_id
        state.group = _group_of(state, lead, event_id)
        if event_id not in content.enemies:
            log(state, "event", content.events[event_id].name)
            state.queue += [Step("event", event_id, 0, seat) for seat in range(len(state.players))]
            return
        if state.mode != "coop":
            start_combat(state, event_id)
            return
        revealed += _reveal(state, 0, event_id)
    for seat, me in enumerate(state.players[1:], 1):
        if not me.waiting and me.event_deck:
            revealed += _reveal(state, seat, me.event_deck.pop())
    levels = {_level(me, me.waiting) for me in state.players}
    if all(me.waiting for me in state.players) or not revealed:
        if len(levels) > 1:  # cannot be with decks of the same shape; fight them all anyway
            log(state, "minibosses together")
        revealed = [(me.waiting, seat) for seat, me in enumerate(state.players) if me.waiting]
        for me in state.players:
            me.waiting = ""
        if state.group == "" or revealed[0][1] != 0:
            state.group = _level(state.players[revealed[0][1]], revealed[0][0])
    start_fight(state, revealed)


def _reveal(state: State, seat: int, enemy_id: str) -> list[tuple[str, int]]:
    """A Co-Op player's flipped enemy: it joins the fight, or waits if it is a miniboss or boss."""
    content = load()
    me = state.players[seat]
    enemy = content.enemies.get(enemy_id)
    if enemy is None:  # a Co-Op deck after the first holds enemies only
        raise AssertionError(f"{me.name}'s event deck holds a non-enemy event")
    if enemy.tier in ("miniboss", "boss"):
        me.waiting = enemy_id
        log(state, "reveals and waits", me.name, enemy.name)
        return []
    return [(enemy_id, seat)]


def _level(me: Disciple, enemy_id: str) -> str:
    """The group a waiting miniboss belongs to, or "boss"."""
    if not enemy_id:
        return ""
    style = load().styles[me.styles[0]]
    for group, miniboss in style.minibosses.items():
        if miniboss == enemy_id:
            return group
    return "boss"


def reveal_event(state: State, seat: int) -> None:
    """The active (non-enemy) event, resolved by one player for themselves."""
    content = load()
    me = state.players[seat]
    if me.beaten:  # R38: a player worn out by an event waits for the next fight's end
        return
    event = content.events[state.event]
    if event.learn_style and len(me.styles) >= 2:  # R41: two schools at most
        log(state, "two schools already", me.name)
        return
    if event.learn_style:  # R24: any style not yet learned, or decline
        options = [s for s in sorted(content.styles) if s not in me.styles] + [DECLINE]
        state.pending = Pending(kind="second_style", prompt=event.text, options=options, seat=seat)
        return
    labels = [choice.label for choice in event.choices]
    state.pending = Pending(kind="event", prompt=event.text, options=labels, seat=seat)


def _group_of(state: State, me: Disciple, event_id: str) -> str:
    """The group of the event just flipped, from its place in the deck (dealt group after
    group, see build_event_deck): an enemy may be listed in more than one group."""
    style = load().styles[me.styles[0]]
    only = enemies_only(state, me)
    sizes = []
    for group in ("1", "2", "2.5", "3", "4"):
        if group == "2.5" and (not state.second_style_offered or only):
            continue
        kept = len(_kept(style.events.get(group, ()), only))
        sizes.append((group, kept + (group in style.minibosses)))
    flipped = sum(n for _, n in sizes) + 1 - len(me.event_deck) - 1
    for group, n in sizes:
        if flipped < n:
            return group
        flipped -= n
    return "boss"


def run_event_choice(state: State, me: Disciple, ops, key: str = "") -> None:
    content = load()
    changed = False
    for i, op in enumerate(ops):
        trace.fire(f"{key}:op:{i}")
        if op.op == "heal":
            healed = min(me.start_vitality, me.vitality + op.n) - me.vitality
            if healed:
                log(state, told(state, "event heals"), me.name, healed, me.vitality + healed)
            else:
                log(state, told(state, "vitality full"), me.name, me.vitality)
            me.vitality += healed
        elif op.op == "lose":
            log(state, told(state, "loses vitality"), me.name, op.n, max(me.vitality - op.n, 0))
            me.vitality -= op.n
            if me.vitality <= 0:  # "If it reaches 0 or less, you lose", events too
                if all(p.beaten or p is me for p in state.players):  # each end told before it is so
                    log(state, told(state, "worn out, the end"), me.name)
                    me.beaten = "worn out"
                    state.phase = "over"
                    state.won = False
                    state.queue.clear()
                else:
                    log(state, "worn out until won", me.name)
                    me.beaten = "worn out"
                return
        elif op.op == "add_card":
            name = content.cards[op.tag].name if op.tag in content.cards else op.tag
            log(state, told(state, "joins the deck"), me.name, name)
            for _ in range(op.n):
                me.owned.append(op.tag)
                me.draw.append(op.tag)
            changed = True
        elif op.op == "add_energy":
            card_id = f"energy_{op.colour}"
            log(state, told(state, "joins the deck"), me.name, content.cards[card_id].name)
            for _ in range(op.n):
                me.owned.append(card_id)
                me.draw.append(card_id)
            changed = True
        elif op.op == "add_skills":
            for _ in range(min(op.n, len(me.skills_deck))):
                card_id = me.skills_deck[-1]
                log(state, told(state, "joins the deck"), me.name, content.cards[card_id].name)
                me.skills_deck.pop()
                me.owned.append(card_id)
                me.draw.append(card_id)
            changed = True
        elif op.op == "remove_card":
            seat = next(i for i, p in enumerate(state.players) if p is me)
            state.queue.insert(0, Step("remove_card", seat=seat))  # before the next player's turn
    if changed:
        state.rng.shuffle(me.draw)


# ----- after a won fight ----------------------------------------------------------------


def offer_rewards(state: State, seat: int, tier: str) -> None:
    me = state.players[seat]
    count, keep = REWARDS[tier]
    coming = me.skills_deck[len(me.skills_deck) - min(count, len(me.skills_deck)) :][::-1]
    if coming:
        log(state, told(state, "reward"), me.name, tuple([load().cards[c].name for c in coming]))
    shown = [me.skills_deck.pop() for _ in range(len(coming))]
    state.phase = "journey"
    if not shown:
        gather_deck(state, me)
        return
    state.pending = Pending(
        kind="reward",
        prompt=f"Keep up to {keep} of these skills for your deck.",
        options=shown + [NONE_OPTION],
        picks_left=keep,
        seat=seat,
    )


def pick_reward(state: State, index: int) -> None:
    pending = state.pending
    assert pending is not None
    me = state.players[pending.seat]
    picked = pending.options[index]
    if picked != NONE_OPTION:
        log(state, told(state, "keeps"), me.name, load().cards[picked].name)
        pending.options.pop(index)
        me.owned.append(picked)
        me.draw.append(picked)
        pending.picks_left -= 1
    if picked == NONE_OPTION or pending.picks_left == 0 or len(pending.options) == 1:
        unchosen = [c for c in pending.options if c != NONE_OPTION]
        state.pending = None
        if len(set(unchosen)) > 1 and len(me.skills_deck) < draws_left(state, me):
            state.pending = Pending(
                kind="bottom_order",
                prompt="Put the other cards under your skills deck: the first you pick "
                "comes back first.",
                options=unchosen,
                seat=pending.seat,
            )
            return
        # R12: nobody can draw down to them this journey, so their order cannot matter
        if unchosen:
            names = tuple([load().cards[c].name for c in unchosen])
            log(state, told(state, "under the skills deck"), me.name, names)
        me.skills_deck[:0] = unchosen[::-1]
        gather_deck(state, me)


def put_under(state: State, index: int) -> None:
    """One unchosen card goes under the skills deck, below the ones put there before it."""
    pending = state.pending
    assert pending is not None
    me = state.players[pending.seat]
    pending.extra.append(pending.options.pop(index))
    if len(pending.options) == 1:
        pending.extra.append(pending.options.pop())
    if not pending.options:
        state.pending = None
        names = tuple([load().cards[c].name for c in pending.extra])
        log(state, told(state, "under the skills deck in order"), me.name, names)
        for card_id in pending.extra:
            me.skills_deck.insert(0, card_id)
        gather_deck(state, me)


def draws_left(state: State, me: Disciple) -> int:
    """The most cards the rest of the journey can take from the top of this Disciple's skills
    deck: every reward still to come and every event that hands out skills (R12). In Co-Op
    and a Campaign every player's deck counts: each fight rewards every player, whoever's deck
    its enemy came from (a waiting miniboss too), and an event is met by everyone; and a
    Campaign rewards a player still standing with 5 whatever the enemy."""
    campaign = state.mode == "campaign"
    cards = [c for p in state.players for c in p.event_deck + ([p.waiting] if p.waiting else [])]
    if state.mode == "solo":
        cards = me.event_deck
    return sum(_skills_drawn(event_id, campaign) for event_id in cards)


@cache  # the content never changes once loaded
def _skills_drawn(event_id: str, campaign: bool = False) -> int:
    """The most skills this event deck card can take from the top of the skills deck."""
    content = load()
    if event_id in content.enemies:
        if campaign:  # R42: the standing draw 5 after any fight
            return REWARDS["standing"][0]
        return REWARDS.get(content.enemies[event_id].tier, (0, 0))[0]
    if event_id in content.events:
        return max(
            (sum(op.n for op in c.ops if op.op == "add_skills") for c in content.events[event_id].choices),
            default=0,
        )
    return 0


def gather_deck(state: State, me: Disciple) -> None:
    """Hand, discards, cards in play, energy cards from the deck: all into one new draw deck."""
    log(state, told(state, "gathers the deck"), me.name, int(bool(me.guard or me.power)))
    deck = me.draw + me.hand + me.discard + me.counters
    deck += [c for c in (me.stance, me.style, me.state_card) if c]
    deck += [e.card for e in me.energy if e.card]
    me.draw, me.hand, me.discard, me.counters = deck, [], [], []
    me.stance = me.style = me.state_card = ""
    me.locked = False
    me.lock_damage = 0
    me.energy = []
    me.pool = [0, 0, 0, 0]
    me.guard = me.power = me.rocked = me.to_tap = 0
    me.clinch = me.feint = False
    me.combo = []
    me.last_played = ""
    me.target = 0
    state.rng.shuffle(me.draw)


# ----- Group 2.5: a second school -------------------------------------------------------


def learn_style(state: State, seat: int, style_id: str) -> None:
    content = load()
    me = state.players[seat]
    style = content.styles[style_id]
    me.styles.append(style_id)
    log(state, told(state, "learns a second style"), me.name, style.name)
    state.queue[:0] = (
        [Step("learn_start", style_id, 0, seat)]
        + [Step("start_choice", style_id, i, seat) for i in range(len(style.start_choices))]
        + [Step("halve", style_id, 0, seat), Step("shuffle_draw", seat=seat)]
        + [Step("energy_pick", style_id, 0, seat)]
    )


def halve_skills(state: State, me: Disciple, style_id: str) -> None:
    """The exact procedure: shuffle, set the top half aside, add as many from the new deck."""
    content = load()
    half = len(me.skills_deck) // 2  # R13: half of an odd deck rounds down
    joining = len(me.second_skills[len(me.second_skills) - half :]) if half else 0  # as taken below
    name = content.styles[style_id].name
    log(state, told(state, "skills set aside"), me.name, half, joining, name)
    state.rng.shuffle(me.skills_deck)
    me.set_aside += me.skills_deck[len(me.skills_deck) - half :]
    del me.skills_deck[len(me.skills_deck) - half :]
    second = list(me.second_skills)
    me.second_skills = []
    state.rng.shuffle(second)
    taken = second[len(second) - half :] if half else []
    me.set_aside += second[: len(second) - half]
    me.skills_deck += taken
    state.rng.shuffle(me.skills_deck)
