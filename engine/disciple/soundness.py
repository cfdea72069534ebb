"""What makes a Disciple state impossible, in words a player can read (Game.validate).

A save that decodes can still hold a state no play could reach: a card in two places, a
counter out of range, a pending decision nobody can make. Loading refuses such a state.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.disciple.content import KINDS, TAGS, Content, load, style_deck
from engine.disciple.effects import LOG_LENGTH
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import (
    COLOURS,
    PENDING_KINDS,
    PLAYER_ROCKED_LIMIT,
    ROCKED_LIMIT,
    MODES,
    START_VITALITY,
    VERSUS_VITALITY,
    Disciple,
    State,
)

TURN_COUNT_LIMIT = 99  # Stun, Weakened and what is left of an enemy turn: far past any real sum
PHASES = ("setup", "journey", "player", "enemy", "over")
STEPS = ("start_choice", "learn_start", "shuffle_skills", "shuffle_draw", "journey", "halve",
         "energy_pick", "remove_card", "ask_style", "take_style", "event", "reward", "end_fight",
         "cl_order")


def problems(state: State) -> list[str]:
    content = load()
    found = _seats(state) + _styles(state)
    if found:
        return found  # the rest reads players and enemies by these indices
    for me in state.players:
        found += _named(state, me, _known_ids(state, me, content))
    if found:
        return found  # the rest reads the content by these ids
    for me in state.players:
        found += _named(state, me, _cards_in_one_place(state, me, content))
        found += _named(state, me, _counters(state, me))
    found += _table(state)
    found += _fight(state, content)
    found += _pending(state, content)
    found += _boss_ahead(state, content)
    return found


def _styles(state: State) -> list[str]:
    """Every Disciple has learned a martial art, or is yet to choose one."""
    choosing = {step.seat for step in state.queue if step.kind in ("ask_style", "take_style")}
    if state.pending is not None and state.pending.kind == "style":
        choosing.add(state.pending.seat)
    return [
        f"{me.name} has learned no martial art"
        for seat, me in enumerate(state.players)
        if not me.styles and seat not in choosing
    ]


def _boss_ahead(state: State, content: Content) -> list[str]:
    """A Solo set-up ends by setting out; the event deck lasts until the style's boss, its
    last card, is met. (The other playstyles order their adventure differently.)"""
    if state.mode != "solo" or len(state.players) != 1:
        return []
    me = state.players[0]
    setting_out = bool(state.queue) and state.queue[-1].kind == "journey"
    if state.phase == "setup" and (state.queue or me.styles) and not setting_out:
        return ["the set-up does not end by setting out on the journey"]
    if not me.styles or state.won is not None or me.event_deck:
        return []
    boss = content.styles[me.styles[0]].boss
    if any(enemy.id == boss for enemy in state.enemies):
        return []
    return ["the event deck ran out before the boss"]


def _named(state: State, me: Disciple, found: list[str]) -> list[str]:
    """With several players, each problem says whose it is."""
    if len(state.players) == 1:
        return found
    return [f"{me.name}: {problem}" for problem in found]


def _seats(state: State) -> list[str]:
    found = []
    if state.mode not in MODES:
        found.append(f"unknown playstyle '{state.mode}'")
    seats = len(state.players)
    if not 1 <= seats <= 4:
        found.append(f"{seats} players at the table, 1 to 4 can play")
    if {"solo": 1, "versus": 2}.get(state.mode, seats) != seats or (
        state.mode == "coop" and seats < 2
    ) or (state.mode == "campaign" and state.cl not in ("bot", "human")):
        found.append(f"{seats} players at a {state.mode} table")
    if state.mode == "versus" and state.won is not None and state.winner not in (0, 1):
        found.append("a Versus game over with no winner")
    if state.order and (state.mode != "campaign" or sorted(state.order) != list(range(seats))):
        found.append(f"the player order {state.order} is not an order of this table's seats")
    if not 0 <= state.active < max(seats, 1):
        found.append("the turn belongs to a player who is not at the table")
    for me in state.players:
        if not 0 <= me.target < max(len(state.enemies), 1):
            found.append(f"{me.name} aims at an enemy who is not in the fight")
    for enemy in state.enemies:
        if not 0 <= enemy.target < seats:
            found.append(f"{enemy.name} aims at a player who is not at the table")
    cl = state.mode == "campaign" and state.cl == "human"
    if state.pending is not None and not 0 <= state.pending.seat < seats + cl:
        found.append("a decision waits for a player who is not at the table")
    for step in state.queue:
        if not 0 <= step.seat < seats:
            found.append("a step of the set-up is for a player who is not at the table")
    turn = state.enemy_turn
    if turn is not None and not 0 <= turn.enemy < len(state.enemies):
        found.append("the turn belongs to an enemy who is not in the fight")
    return found


def _known_ids(state: State, me: Disciple, content: Content) -> list[str]:
    found = []
    if state.phase not in PHASES:
        found.append(f"unknown phase '{state.phase}'")
    for style in me.styles:
        if style not in content.styles:
            found.append(f"unknown style '{style}'")
    if len(set(me.styles)) != len(me.styles) or len(me.styles) > 2:
        found.append("a style is learned twice, or more than two are")
    piles = {
        "skills deck": me.skills_deck,
        "second skills deck": me.second_skills,
        "set-aside pile": me.set_aside,
        "removed pile": me.removed,
        "deck": me.owned,
        "draw pile": me.draw,
        "hand": me.hand,
        "discard pile": me.discard,
        "counters": me.counters,
        "cards in play": [c for c in (me.stance, me.style, me.state_card) if c],
        "energy in play": [e.card for e in me.energy if e.card],
    }
    known = content.cards.keys()
    for name, pile in piles.items():
        for card_id in sorted(set(pile) - known):
            found.append(f"the {name} holds an unknown card '{card_id}'")
    words = _combo_words()
    for word in me.combo + ([me.last_played] if me.last_played else []):
        if word not in words:
            found.append(f"the Combo names unknown '{word}'")
    for event_id in me.event_deck + ([state.event] if state.event else []):
        if event_id not in content.events and event_id not in content.enemies:
            found.append(f"unknown event '{event_id}'")
    for enemy in state.enemies:
        if enemy.id not in content.enemies:
            found.append(f"unknown enemy '{enemy.id}'")
    if me.waiting and (
        me.waiting not in content.enemies or content.enemies[me.waiting].tier == "minion"
    ):
        found.append(f"waits for '{me.waiting}', which is no miniboss or boss")
    for colour in me.allotment + [e.colour for e in me.energy]:
        if colour not in COLOURS:
            found.append(f"unknown energy colour '{colour}'")
    for step in state.queue:
        if step.kind not in STEPS:
            found.append(f"unknown step '{step.kind}' in the queue")
    return found


def _cards_in_one_place(state: State, me: Disciple, content: Content) -> list[str]:
    """Every card of the deck is in exactly one pile, and every skill of the learned styles'
    skills decks is accounted for exactly once."""
    found = []
    where = me.draw + me.hand + me.discard + me.counters
    where += [c for c in (me.stance, me.style, me.state_card) if c]
    where += [e.card for e in me.energy if e.card]
    placed, owned = Counter(where), Counter(me.owned)
    for card_id in _differ(placed, owned):
        name = content.cards[card_id].name
        found.append(f"{name}: {owned[card_id]} in the deck but {placed[card_id]} on the table")
    held = [c for c in me.owned + me.removed if content.cards[c].kind != "energy"]
    pending = state.pending
    mine = pending is not None and pending.seat < len(state.players) and state.players[pending.seat] is me
    if pending is not None and mine and pending.kind in ("reward", "bottom_order"):
        held += [c for c in state.pending.options if c != NONE_OPTION]
        if state.pending.kind == "bottom_order":
            held += state.pending.extra  # picked, waiting to go under together
    if state.mode == "versus":  # a deck of one's own building: no skills deck to account for
        held = []
    skills = Counter(me.skills_deck + me.set_aside + me.second_skills + held)
    expected = _skills_of(tuple(me.styles)) if state.mode != "versus" else Counter()
    for card_id in _differ(skills, expected):
        name = content.cards[card_id].name
        found.append(f"{name}: {expected[card_id]} in the skills decks but {skills[card_id]} found")
    slots = (("stance", me.stance, lambda c: c.kind == "stance"),
             ("style", me.style, lambda c: c.kind == "style"),
             ("state", me.state_card,
              lambda c: "state" in c.tags or (me.locked and c.lock_in is not None)))
    for slot, card_id, fits in slots:
        if card_id and not fits(content.cards[card_id]):
            found.append(f"{content.cards[card_id].name} cannot be in play as the {slot}")
    for card_id in me.counters:
        if content.cards[card_id].counter is None:
            found.append(f"{content.cards[card_id].name} is set as a counter but has none")
    return found


@cache
def _combo_words() -> frozenset[str]:
    return frozenset(load().cards) | set(KINDS) | {tag for tags in TAGS.values() for tag in tags}


def _differ(found: Counter[str], expected: Counter[str]) -> list[str]:
    if dict.__eq__(found, expected):  # both built from lists: no zero counts to ignore
        return []
    return sorted(c for c in found.keys() | expected.keys() if found[c] != expected[c])


@cache
def _skills_of(styles: tuple[str, ...]) -> Counter[str]:
    """Every skill card the learned styles' skills decks hold, with its count."""
    content = load()
    return Counter(card for style in styles for card in style_deck(content, content.styles[style]))


def _counters(state: State, me: Disciple) -> list[str]:
    found = []
    if me.vitality > me.start_vitality:
        found.append(f"vitality {me.vitality} is above {me.start_vitality}")
    if me.start_vitality not in (START_VITALITY, VERSUS_VITALITY) and state.mode != "campaign":
        found.append(f"a starting vitality of {me.start_vitality}")
    if me.vitality <= 0 and state.phase != "over" and (len(state.players) == 1 or not me.beaten):
        found.append("vitality is gone but the journey goes on")
    if len(me.pool) != 4 or min(me.pool) < 0:
        found.append("the energy pool is not four amounts of zero or more")
    if any(e.amount < 1 for e in me.energy):
        found.append("an energy card gives no energy")
    for name, value in (("Guard", me.guard), ("Power", me.power), ("Rocked", me.rocked),
                        ("Stun", me.to_tap), ("lock damage", me.lock_damage)):
        if value < 0:
            found.append(f"{name} is below zero")
    if me.rocked > PLAYER_ROCKED_LIMIT + 8:
        found.append("Rocked is past any knock-out")
    if me.locked and not me.state_card:
        found.append("a Lock It In with no card")
    if me.styles and len(me.allotment) != 3:
        found.append("the energy allotment is not three colours")
    return found


def _table(state: State) -> list[str]:
    found = []
    for name, value in (("turn", state.turn), ("fights won", state.fights_won)):
        if value < 0:
            found.append(f"{name} is below zero")
    if (state.phase == "over") != (state.won is not None):
        found.append("the journey's end and its result disagree")
    if len(state.log) > LOG_LENGTH or state.logged < len(state.log):
        found.append("the log is longer than the lines ever written")
    return found


def _fight(state: State, content: Content) -> list[str]:
    found = []
    if state.phase in ("player", "enemy") and not state.enemies and state.mode != "versus":
        return ["a turn of a fight with no enemy"]
    if not state.enemies:
        if state.mode != "versus" and any(
            me.hand or me.counters or me.energy or me.stance or me.state_card for me in state.players
        ):
            found.append("cards are on the table outside a fight")
        return found
    for enemy in state.enemies:
        found += _enemy(state, enemy, content)
    turn = state.enemy_turn
    if turn is not None and state.phase != "over":
        enemy = state.enemies[turn.enemy]
        size = len(content.pile(enemy.id))
        if state.phase != "enemy":
            found.append("the enemy's turn is half-done outside its turn")
        elif turn.pattern >= size or (turn.pattern >= 0 and turn.pattern not in enemy.patterns_out):
            found.append("the enemy resolves a pattern it did not draw")
        elif turn.pattern >= 0 and turn.step > len(content.pile(enemy.id)[turn.pattern].actions):
            found.append("the enemy is past the end of its pattern")
        if min(turn.skip, turn.patterns_left, turn.step) < 0:
            found.append("the enemy's turn counts are below zero")
        elif max(turn.skip, turn.patterns_left) > TURN_COUNT_LIMIT:
            found.append("the enemy's turn counts are past any the cards can give")
    elif state.phase == "enemy" and state.won is None and not (
        state.pending is not None and state.pending.kind == "cl_target"  # between two enemies
    ):
        found.append("the enemy's turn has no record of where it is")
    return found


def _enemy(state: State, enemy, content: Content) -> list[str]:
    found = []
    card = content.enemies[enemy.id]
    if (enemy.tier, enemy.max_vitality) != (card.tier, card.vitality):
        return [f"{enemy.name} does not match its card"]  # the rest reads its tier
    if enemy.vitality > enemy.max_vitality:
        found.append(f"{enemy.name} has more vitality than it started with")
    if enemy.vitality <= 0 and not enemy.beaten:
        found.append(f"{enemy.name} has no vitality left but fights on")
    for name, value in (("Guard", enemy.guard), ("Power", enemy.power), ("Stun", enemy.stun),
                        ("Weakened", enemy.weakened), ("Rocked", enemy.rocked)):
        if value < 0:
            found.append(f"{enemy.name}'s {name} is below zero")
    # Each point of these is a pattern drawn or an action skipped on its turn: past any sum
    # the cards can give, a damaged file would have the enemy draw for ever.
    if max(enemy.stun, enemy.weakened) > TURN_COUNT_LIMIT:
        found.append(f"{enemy.name}'s Stun or Weakened is past any the cards can give")
    if enemy.rocked > ROCKED_LIMIT[enemy.tier] + 8:
        found.append(f"{enemy.name}'s Rocked is past any knock-out")
    size = len(content.pile(enemy.id))
    if sorted(enemy.patterns + enemy.patterns_out) != list(range(size)):
        found.append(f"{enemy.name}'s attack patterns are not its pile, each once")
    if any(not 0 <= p < size for p in enemy.patterns_used):
        found.append("a pattern used last turn is not in the pile")
    return found


def _pending(state: State, content: Content) -> list[str]:
    pending = state.pending
    if pending is None:
        if state.phase == "setup" and not state.queue:
            return ["the journey has not begun and nothing is left to set it up"]
        return []
    if state.phase == "over":
        return ["a decision is pending after the journey ended"]
    if pending.kind not in PENDING_KINDS:
        return [f"unknown decision '{pending.kind}'"]
    options = pending.options
    if not options:
        return [f"the {pending.kind} decision has no options"]
    if pending.picks_left < 1:
        return [f"the {pending.kind} decision has no picks left"]
    kind = pending.kind
    if kind.startswith("cl_"):
        if state.mode != "campaign" or pending.seat != len(state.players):
            return [f"the {kind} decision belongs to the Campaign Leader"]
        return []
    if pending.seat >= len(state.players):
        return [f"the {kind} decision belongs to a player"]
    me = state.players[pending.seat]
    bad: list[str] = []
    if kind in ("style", "second_style"):
        bad = [o for o in options if o not in content.styles and not (kind == "second_style" and o == DECLINE)]
        bad += [o for o in options if o in me.styles]
    elif kind in ("start_choice", "remove_card", "bottom_order"):
        bad = [o for o in options if o not in content.cards]
        if kind == "remove_card":
            bad += [o for o in options if o not in me.draw]
    elif kind == "reward":
        bad = [o for o in options if o not in content.cards and o != NONE_OPTION]
    elif kind == "event":
        event = content.events.get(state.event)
        if event is None or len(options) != len(event.choices):
            return ["the event decision does not match the event"]
    elif kind == "weakened":
        if state.enemy_turn is None:
            return ["a Weakened pick with no enemy turn"]
        enemy = state.enemies[state.enemy_turn.enemy]
        bad = [o for o in options if not o.isdigit() or int(o) not in enemy.patterns_out]
    elif kind == "stun_tap":
        bad = [o for o in options if not o.isdigit() or int(o) >= len(me.energy)
               or me.energy[int(o)].tapped]
        if me.to_tap < 1:
            return ["a Stun tap with no Stun"]
    elif kind == "energy_pick":
        bad = [o for o in options if o not in COLOURS]
        if len(pending.extra) + pending.picks_left != 3:
            return ["the energy pick does not add up to three colours"]
    return [f"the {kind} decision offers '{o}', which cannot be chosen" for o in bad]
