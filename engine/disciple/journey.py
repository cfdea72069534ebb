"""The journey around the fights: setup, the event deck, rewards and a second style.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.combat import start_combat
from engine.disciple.content import load, style_deck
from engine.disciple.effects import log
from engine.disciple.model import START_VITALITY, Pending, State, Step

NONE_OPTION = "-"  # "keep nothing" / "stop picking" in reward lists
DECLINE = "-"


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


def ask_style(state: State) -> None:
    state.pending = Pending(
        kind="style",
        prompt="Choose the martial art you will learn.",
        options=sorted(load().styles),
    )


def take_style(state: State, style_id: str) -> None:
    content = load()
    style = content.styles[style_id]
    state.styles = [style_id]
    state.allotment = list(style.energy)
    state.event_deck = build_event_deck(state, style_id, state.second_style_offered)
    state.skills_deck = style_deck(content, style)
    for entry in style.start:
        for _ in range(entry.copies):
            _take_starting_card(state, entry.card)
    state.queue += [Step("start_choice", style_id, i) for i in range(len(style.start_choices))]
    state.queue += [Step("shuffle_skills"), Step("shuffle_draw"), Step("journey")]
    log(state, f"You begin your journey as a student of {style.name}.")


def _take_starting_card(state: State, card_id: str, second: bool = False) -> None:
    """Starting cards come out of the style's skills deck when it holds them (R10)."""
    pile = state.second_skills if second else state.skills_deck
    if card_id in pile:
        pile.remove(card_id)
    state.owned.append(card_id)
    state.draw.append(card_id)


def run_step(state: State, step: Step) -> None:
    content = load()
    if step.kind == "start_choice":
        choice = content.styles[step.arg].start_choices[step.n]
        state.pending = Pending(
            kind="start_choice",
            prompt=choice.prompt,
            options=list(choice.options),
            extra=["second"] if step.arg != state.styles[0] else [],
        )
    elif step.kind == "learn_start":
        style = content.styles[step.arg]
        state.second_skills = style_deck(content, style)
        for entry in style.start:
            for _ in range(entry.copies):
                _take_starting_card(state, entry.card, second=True)
    elif step.kind == "shuffle_skills":
        state.rng.shuffle(state.skills_deck)
    elif step.kind == "shuffle_draw":
        state.rng.shuffle(state.draw)
    elif step.kind == "journey":
        state.phase = "journey"
    elif step.kind == "halve":
        halve_skills(state, step.arg)
    elif step.kind == "energy_pick":  # R24: 3 picks from both allotments together
        offered = list(state.allotment) + list(content.styles[step.arg].energy)
        state.pending = Pending(
            kind="energy_pick",
            prompt="Choose 3 energy colours for your new allotment.",
            options=offered,
            picks_left=3,
        )
    elif step.kind == "remove_card":
        if state.draw:
            state.pending = Pending(
                kind="remove_card",
                prompt="Choose a card to remove from your deck.",
                options=sorted(set(state.draw)),
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
    if kind == "style":
        state.pending = None
        take_style(state, picked)
    elif kind == "start_choice":
        state.pending = None
        _take_starting_card(state, picked, second=bool(pending.extra))
        log(state, f"Your starting deck takes {cards[picked].name}.")
    elif kind == "event":
        state.pending = None
        event = load().events[state.event]
        run_event_choice(state, event.choices[index].ops)
        log(state, f"{event.name}: {event.choices[index].label}.")
    elif kind == "remove_card":
        state.pending = None
        state.draw.remove(picked)
        state.owned.remove(picked)
        state.removed.append(picked)
        state.rng.shuffle(state.draw)
        log(state, f"{cards[picked].name} leaves your deck.")
    elif kind == "reward":
        pick_reward(state, index)
    elif kind == "second_style":
        state.pending = None
        if picked == DECLINE:
            log(state, "You stay true to a single school.")
        else:
            learn_style(state, picked)
    elif kind == "energy_pick":
        pending.extra.append(pending.options.pop(index))
        pending.picks_left -= 1
        if pending.picks_left == 0:
            state.allotment = list(pending.extra)
            state.pending = None
            log(state, f"Your energy allotment is now {', '.join(state.allotment)}.")


# ----- events ---------------------------------------------------------------------------


def flip_event(state: State) -> None:
    content = load()
    if not state.event_deck:
        raise AssertionError("the event deck ran out before the boss")
    event_id = state.event_deck.pop()
    state.event = event_id
    state.group = _group_of(state, event_id)
    if event_id in content.enemies:
        start_combat(state, event_id)
        return
    event = content.events[event_id]
    log(state, f"Event: {event.name}.")
    if event.learn_style:  # R24: any style not yet learned, or decline
        options = [s for s in sorted(content.styles) if s not in state.styles] + [DECLINE]
        state.pending = Pending(kind="second_style", prompt=event.text, options=options)
        return
    labels = [choice.label for choice in event.choices]
    state.pending = Pending(kind="event", prompt=event.text, options=labels)


def _group_of(state: State, event_id: str) -> str:
    """The group of the event just flipped, from its place in the deck (dealt group after
    group, see build_event_deck): an enemy may be listed in more than one group."""
    style = load().styles[state.styles[0]]
    sizes = []
    for group in ("1", "2", "2.5", "3", "4"):
        if group == "2.5" and not state.second_style_offered:
            continue
        sizes.append((group, len(style.events.get(group, ())) + (group in style.minibosses)))
    flipped = sum(n for _, n in sizes) + 1 - len(state.event_deck) - 1
    for group, n in sizes:
        if flipped < n:
            return group
        flipped -= n
    return "boss"


def run_event_choice(state: State, ops) -> None:
    content = load()
    changed = False
    for op in ops:
        if op.op == "heal":
            state.vitality = min(START_VITALITY, state.vitality + op.n)
        elif op.op == "lose":
            state.vitality = max(1, state.vitality - op.n)  # R11: events never end the run
        elif op.op == "add_card":
            for _ in range(op.n):
                state.owned.append(op.tag)
                state.draw.append(op.tag)
            changed = True
        elif op.op == "add_energy":
            card_id = f"energy_{op.colour}"
            for _ in range(op.n):
                state.owned.append(card_id)
                state.draw.append(card_id)
            changed = True
        elif op.op == "add_skills":
            for _ in range(min(op.n, len(state.skills_deck))):
                card_id = state.skills_deck.pop()
                state.owned.append(card_id)
                state.draw.append(card_id)
                log(state, f"{content.cards[card_id].name} joins your deck.")
            changed = True
        elif op.op == "remove_card":
            state.queue.append(Step("remove_card"))
    if changed:
        state.rng.shuffle(state.draw)


# ----- after a won fight ----------------------------------------------------------------


def offer_rewards(state: State, miniboss: bool) -> None:
    count, keep = (5, 2) if miniboss else (3, 1)
    shown = [state.skills_deck.pop() for _ in range(min(count, len(state.skills_deck)))]
    state.phase = "journey"
    if not shown:
        gather_deck(state)
        return
    state.pending = Pending(
        kind="reward",
        prompt=f"Keep up to {keep} of these skills for your deck.",
        options=shown + [NONE_OPTION],
        picks_left=keep,
    )


def pick_reward(state: State, index: int) -> None:
    pending = state.pending
    assert pending is not None
    picked = pending.options[index]
    if picked != NONE_OPTION:
        pending.options.pop(index)
        state.owned.append(picked)
        state.draw.append(picked)
        pending.picks_left -= 1
        log(state, f"You keep {load().cards[picked].name}.")
    if picked == NONE_OPTION or pending.picks_left == 0 or len(pending.options) == 1:
        unchosen = [c for c in pending.options if c != NONE_OPTION]
        state.skills_deck[:0] = unchosen[::-1]  # R12: to the bottom, in the order shown
        state.pending = None
        gather_deck(state)


def gather_deck(state: State) -> None:
    """Hand, discards, cards in play, energy cards from the deck: all into one new draw deck."""
    deck = state.draw + state.hand + state.discard + state.counters
    deck += [c for c in (state.stance, state.style, state.state_card) if c]
    deck += [e.card for e in state.energy if e.card]
    state.draw, state.hand, state.discard, state.counters = deck, [], [], []
    state.stance = state.style = state.state_card = ""
    state.locked = False
    state.lock_damage = 0
    state.energy = []
    state.pool = [0, 0, 0, 0]
    state.guard = state.power = state.rocked = state.to_tap = 0
    state.clinch = state.feint = False
    state.combo = []
    state.last_played = ""
    state.enemy = None
    state.enemy_turn = None
    state.patterns = []
    state.patterns_out = []
    state.patterns_used = []
    state.rng.shuffle(state.draw)


# ----- Group 2.5: a second school -------------------------------------------------------


def learn_style(state: State, style_id: str) -> None:
    content = load()
    style = content.styles[style_id]
    state.styles.append(style_id)
    log(state, f"You begin to learn {style.name} as well.")
    state.queue[:0] = (
        [Step("learn_start", style_id, 0)]
        + [Step("start_choice", style_id, i) for i in range(len(style.start_choices))]
        + [Step("halve", style_id), Step("shuffle_draw"), Step("energy_pick", style_id)]
    )


def halve_skills(state: State, style_id: str) -> None:
    """The exact procedure: shuffle, set the top half aside, add as many from the new deck."""
    content = load()
    state.rng.shuffle(state.skills_deck)
    half = len(state.skills_deck) // 2  # R13: half of an odd deck rounds down
    state.set_aside += state.skills_deck[len(state.skills_deck) - half :]
    del state.skills_deck[len(state.skills_deck) - half :]
    second = list(state.second_skills)
    state.second_skills = []
    state.rng.shuffle(second)
    taken = second[len(second) - half :] if half else []
    state.set_aside += second[: len(second) - half]
    state.skills_deck += taken
    state.rng.shuffle(state.skills_deck)
    name = content.styles[style_id].name
    log(state, f"Half your skills deck ({half}) is set aside; {len(taken)} {name} skills join it.")
