"""The journey around the fights: setup, the event deck, rewards and a second style.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple import trace
from engine.disciple.combat import start_combat
from engine.disciple.content import load, style_deck
from engine.disciple.effects import log
from engine.disciple.model import START_VITALITY, Disciple, Pending, State, Step

NONE_OPTION = "-"  # "keep nothing" / "stop picking" in reward lists
DECLINE = "-"
REWARDS = {"minion": (3, 1), "miniboss": (5, 2)}  # skills shown, skills kept at most


def build_event_deck(state: State, style_id: str, with_second_style: bool) -> list[str]:
    """The rulebook's order, top first: G1, miniboss 1, G2, miniboss 2, 2.5, G3, ... boss."""
    style = load().styles[style_id]
    top_first: list[str] = []
    for group in ("1", "2", "2.5", "3", "4"):
        if group == "2.5":
            if with_second_style:
                top_first += list(style.events.get("2.5", ()))
            continue
        cards = list(style.events.get(group, ()))
        state.rng.shuffle(cards)
        top_first += cards
        if group in style.minibosses:
            top_first.append(style.minibosses[group])
    top_first.append(style.boss)
    return top_first[::-1]  # piles keep their top at the end


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
    me.styles = [style_id]
    me.allotment = list(style.energy)
    me.event_deck = build_event_deck(state, style_id, state.second_style_offered)
    me.skills_deck = style_deck(content, style)
    for entry in style.start:
        for _ in range(entry.copies):
            _take_starting_card(me, entry.card)
    state.queue += [Step("start_choice", style_id, i, seat) for i in range(len(style.start_choices))]
    state.queue += [Step("shuffle_skills", seat=seat), Step("shuffle_draw", seat=seat)]
    state.queue.append(Step("journey"))
    log(state, f"You begin your journey as a student of {style.name}.")


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
    if step.kind == "start_choice":
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
        _take_starting_card(me, picked, second=bool(pending.extra))
        log(state, f"Your starting deck takes {cards[picked].name}.")
    elif kind == "event":
        state.pending = None
        event = load().events[state.event]
        log(state, f"{event.name}: {event.choices[index].label}.")
        run_event_choice(state, me, event.choices[index].ops, f"event:{event.id}:choice:{index}")
    elif kind == "remove_card":
        state.pending = None
        me.draw.remove(picked)
        me.owned.remove(picked)
        me.removed.append(picked)
        state.rng.shuffle(me.draw)
        log(state, f"{cards[picked].name} leaves your deck.")
    elif kind == "reward":
        pick_reward(state, index)
    elif kind == "bottom_order":
        put_under(state, index)
    elif kind == "second_style":
        state.pending = None
        if picked == DECLINE:
            log(state, "You stay true to a single school.")
        else:
            trace.fire(f"event:{state.event}:learn:{picked}")
            learn_style(state, pending.seat, picked)
    elif kind == "energy_pick":
        pending.extra.append(pending.options.pop(index))
        pending.picks_left -= 1
        if pending.picks_left == 0:
            me.allotment = list(pending.extra)
            state.pending = None
            log(state, f"Your energy allotment is now {', '.join(me.allotment)}.")


# ----- events ---------------------------------------------------------------------------


def flip_event(state: State) -> None:
    content = load()
    me = state.players[0]  # the first player's event deck leads the journey
    if not me.event_deck:
        raise AssertionError("the event deck ran out before the boss")
    event_id = me.event_deck.pop()
    state.event = event_id
    state.group = _group_of(state, me, event_id)
    if event_id in content.enemies:
        start_combat(state, event_id)
        return
    event = content.events[event_id]
    log(state, f"Event: {event.name}.")
    if event.learn_style:  # R24: any style not yet learned, or decline
        options = [s for s in sorted(content.styles) if s not in me.styles] + [DECLINE]
        state.pending = Pending(kind="second_style", prompt=event.text, options=options)
        return
    labels = [choice.label for choice in event.choices]
    state.pending = Pending(kind="event", prompt=event.text, options=labels)


def _group_of(state: State, me: Disciple, event_id: str) -> str:
    """The group of the event just flipped, from its place in the deck (dealt group after
    group, see build_event_deck): an enemy may be listed in more than one group."""
    style = load().styles[me.styles[0]]
    sizes = []
    for group in ("1", "2", "2.5", "3", "4"):
        if group == "2.5" and not state.second_style_offered:
            continue
        sizes.append((group, len(style.events.get(group, ())) + (group in style.minibosses)))
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
            healed = min(START_VITALITY, me.vitality + op.n) - me.vitality
            me.vitality += healed
            if healed:
                log(state, f"You heal {healed} ({me.vitality} vitality).")
            else:
                log(state, f"Your vitality is full already ({me.vitality}).")
        elif op.op == "lose":
            me.vitality -= op.n
            log(state, f"You lose {op.n} vitality ({max(me.vitality, 0)} left).")
            if me.vitality <= 0:  # "If it reaches 0 or less, you lose", events too
                me.beaten = "worn out"
                state.phase = "over"
                state.won = False
                state.queue.clear()
                log(state, "You are worn out. Your journey ends here.")
                return
        elif op.op == "add_card":
            for _ in range(op.n):
                me.owned.append(op.tag)
                me.draw.append(op.tag)
            changed = True
        elif op.op == "add_energy":
            card_id = f"energy_{op.colour}"
            for _ in range(op.n):
                me.owned.append(card_id)
                me.draw.append(card_id)
            log(state, f"{content.cards[card_id].name} joins your deck.")
            changed = True
        elif op.op == "add_skills":
            for _ in range(min(op.n, len(me.skills_deck))):
                card_id = me.skills_deck.pop()
                me.owned.append(card_id)
                me.draw.append(card_id)
                log(state, f"{content.cards[card_id].name} joins your deck.")
            changed = True
        elif op.op == "remove_card":
            state.queue.append(Step("remove_card"))
    if changed:
        state.rng.shuffle(me.draw)


# ----- after a won fight ----------------------------------------------------------------


def offer_rewards(state: State, seat: int, tier: str) -> None:
    me = state.players[seat]
    count, keep = REWARDS[tier]
    shown = [me.skills_deck.pop() for _ in range(min(count, len(me.skills_deck)))]
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
        pending.options.pop(index)
        me.owned.append(picked)
        me.draw.append(picked)
        pending.picks_left -= 1
        log(state, f"You keep {load().cards[picked].name}.")
    if picked == NONE_OPTION or pending.picks_left == 0 or len(pending.options) == 1:
        unchosen = [c for c in pending.options if c != NONE_OPTION]
        state.pending = None
        if len(set(unchosen)) > 1 and len(me.skills_deck) < draws_left(me):
            state.pending = Pending(
                kind="bottom_order",
                prompt="Put the other cards under your skills deck: the first you pick "
                "comes back first.",
                options=unchosen,
                seat=pending.seat,
            )
            return
        # R12: nobody can draw down to them this journey, so their order cannot matter
        me.skills_deck[:0] = unchosen[::-1]
        if unchosen:
            names = ", ".join(load().cards[c].name for c in unchosen)
            log(state, f"Under your skills deck: {names}.")
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
        for card_id in pending.extra:
            me.skills_deck.insert(0, card_id)
        names = ", then ".join(load().cards[c].name for c in pending.extra)
        log(state, f"Under your skills deck, to come back in this order: {names}.")
        gather_deck(state, me)


def draws_left(me: Disciple) -> int:
    """The most cards the rest of the journey can take from the top of the skills deck:
    every reward still to come and every event that hands out skills (R12)."""
    content = load()
    total = 0
    for event_id in me.event_deck:
        if event_id in content.enemies:
            total += REWARDS.get(content.enemies[event_id].tier, (0, 0))[0]
        elif event_id in content.events:
            total += max(
                (sum(op.n for op in c.ops if op.op == "add_skills") for c in content.events[event_id].choices),
                default=0,
            )
    return total


def gather_deck(state: State, me: Disciple) -> None:
    """Hand, discards, cards in play, energy cards from the deck: all into one new draw deck."""
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
    state.enemies = []
    state.enemy_turn = None
    state.rng.shuffle(me.draw)


# ----- Group 2.5: a second school -------------------------------------------------------


def learn_style(state: State, seat: int, style_id: str) -> None:
    content = load()
    me = state.players[seat]
    style = content.styles[style_id]
    me.styles.append(style_id)
    log(state, f"You begin to learn {style.name} as well.")
    state.queue[:0] = (
        [Step("learn_start", style_id, 0, seat)]
        + [Step("start_choice", style_id, i, seat) for i in range(len(style.start_choices))]
        + [Step("halve", style_id, 0, seat), Step("shuffle_draw", seat=seat)]
        + [Step("energy_pick", style_id, 0, seat)]
    )


def halve_skills(state: State, me: Disciple, style_id: str) -> None:
    """The exact procedure: shuffle, set the top half aside, add as many from the new deck."""
    content = load()
    state.rng.shuffle(me.skills_deck)
    half = len(me.skills_deck) // 2  # R13: half of an odd deck rounds down
    me.set_aside += me.skills_deck[len(me.skills_deck) - half :]
    del me.skills_deck[len(me.skills_deck) - half :]
    second = list(me.second_skills)
    me.second_skills = []
    state.rng.shuffle(second)
    taken = second[len(second) - half :] if half else []
    me.set_aside += second[: len(second) - half]
    me.skills_deck += taken
    state.rng.shuffle(me.skills_deck)
    name = content.styles[style_id].name
    log(state, f"Half your skills deck ({half}) is set aside; {len(taken)} {name} skills join it.")
