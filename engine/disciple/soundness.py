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
    HAND_LIMIT,
    PENDING_KINDS,
    PLAYER_ROCKED_LIMIT,
    ROCKED_LIMIT,
    START_VITALITY,
    State,
)

TURN_COUNT_LIMIT = 99  # Stun, Weakened and what is left of an enemy turn: far past any real sum
PHASES = ("setup", "journey", "player", "enemy", "over")
STEPS = ("start_choice", "learn_start", "shuffle_skills", "shuffle_draw", "journey", "halve",
         "energy_pick", "remove_card")


def problems(state: State) -> list[str]:
    content = load()
    found: list[str] = []
    found += _known_ids(state, content)
    if found:
        return found  # the rest reads the content by these ids
    found += _cards_in_one_place(state, content)
    found += _counters(state)
    found += _fight(state, content)
    found += _pending(state, content)
    found += _boss_ahead(state, content)
    return found


def _boss_ahead(state: State, content: Content) -> list[str]:
    """The set-up ends by setting out; the event deck lasts until the style's boss, its last
    card, is met."""
    setting_out = bool(state.queue) and state.queue[-1].kind == "journey"
    if state.phase == "setup" and (state.queue or state.styles) and not setting_out:
        return ["the set-up does not end by setting out on the journey"]
    if not state.styles or state.won is not None or state.event_deck:
        return []
    if state.enemy is not None and state.enemy.id == content.styles[state.styles[0]].boss:
        return []
    return ["the event deck ran out before the boss"]


def _known_ids(state: State, content: Content) -> list[str]:
    found = []
    if state.phase not in PHASES:
        found.append(f"unknown phase '{state.phase}'")
    for style in state.styles:
        if style not in content.styles:
            found.append(f"unknown style '{style}'")
    if len(set(state.styles)) != len(state.styles) or len(state.styles) > 2:
        found.append("a style is learned twice, or more than two are")
    piles = {
        "skills deck": state.skills_deck,
        "second skills deck": state.second_skills,
        "set-aside pile": state.set_aside,
        "removed pile": state.removed,
        "deck": state.owned,
        "draw pile": state.draw,
        "hand": state.hand,
        "discard pile": state.discard,
        "counters": state.counters,
        "cards in play": [c for c in (state.stance, state.style, state.state_card) if c],
        "energy in play": [e.card for e in state.energy if e.card],
    }
    known = content.cards.keys()
    for name, pile in piles.items():
        for card_id in sorted(set(pile) - known):
            found.append(f"the {name} holds an unknown card '{card_id}'")
    words = _combo_words()
    for word in state.combo + ([state.last_played] if state.last_played else []):
        if word not in words:
            found.append(f"the Combo names unknown '{word}'")
    for event_id in state.event_deck + ([state.event] if state.event else []):
        if event_id not in content.events and event_id not in content.enemies:
            found.append(f"unknown event '{event_id}'")
    if state.enemy is not None and state.enemy.id not in content.enemies:
        found.append(f"unknown enemy '{state.enemy.id}'")
    for colour in state.allotment + [e.colour for e in state.energy]:
        if colour not in COLOURS:
            found.append(f"unknown energy colour '{colour}'")
    for step in state.queue:
        if step.kind not in STEPS:
            found.append(f"unknown step '{step.kind}' in the queue")
    return found


def _cards_in_one_place(state: State, content: Content) -> list[str]:
    """Every card of the deck is in exactly one pile, and every skill of the learned styles'
    skills decks is accounted for exactly once."""
    found = []
    where = state.draw + state.hand + state.discard + state.counters
    where += [c for c in (state.stance, state.style, state.state_card) if c]
    where += [e.card for e in state.energy if e.card]
    placed, owned = Counter(where), Counter(state.owned)
    for card_id in _differ(placed, owned):
        name = content.cards[card_id].name
        found.append(f"{name}: {owned[card_id]} in the deck but {placed[card_id]} on the table")
    held = [c for c in state.owned + state.removed if content.cards[c].kind != "energy"]
    if state.pending is not None and state.pending.kind in ("reward", "bottom_order"):
        held += [c for c in state.pending.options if c != NONE_OPTION]
        if state.pending.kind == "bottom_order":
            held += state.pending.extra  # picked, waiting to go under together
    skills = Counter(state.skills_deck + state.set_aside + state.second_skills + held)
    expected = _skills_of(tuple(state.styles))
    for card_id in _differ(skills, expected):
        name = content.cards[card_id].name
        found.append(f"{name}: {expected[card_id]} in the skills decks but {skills[card_id]} found")
    slots = (("stance", state.stance, lambda c: c.kind == "stance"),
             ("style", state.style, lambda c: c.kind == "style"),
             ("state", state.state_card,
              lambda c: "state" in c.tags or (state.locked and c.lock_in is not None)))
    for slot, card_id, fits in slots:
        if card_id and not fits(content.cards[card_id]):
            found.append(f"{content.cards[card_id].name} cannot be in play as the {slot}")
    for card_id in state.counters:
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


def _counters(state: State) -> list[str]:
    found = []
    if state.vitality > START_VITALITY:
        found.append(f"vitality {state.vitality} is above {START_VITALITY}")
    if state.vitality <= 0 and state.phase != "over":
        found.append("vitality is gone but the journey goes on")
    if len(state.hand) > HAND_LIMIT:
        found.append(f"{len(state.hand)} cards in hand, more than {HAND_LIMIT}")
    if len(state.pool) != 4 or min(state.pool) < 0:
        found.append("the energy pool is not four amounts of zero or more")
    if any(e.amount < 1 for e in state.energy):
        found.append("an energy card gives no energy")
    for name, value in (("Guard", state.guard), ("Power", state.power), ("Rocked", state.rocked),
                        ("Stun", state.to_tap), ("lock damage", state.lock_damage),
                        ("turn", state.turn), ("fights won", state.fights_won)):
        if value < 0:
            found.append(f"{name} is below zero")
    if state.rocked > PLAYER_ROCKED_LIMIT + 8:
        found.append("Rocked is past any knock-out")
    if state.locked and not state.state_card:
        found.append("a Lock It In with no card")
    if state.styles and len(state.allotment) != 3:
        found.append("the energy allotment is not three colours")
    if (state.phase == "over") != (state.won is not None):
        found.append("the journey's end and its result disagree")
    if len(state.log) > LOG_LENGTH or state.logged < len(state.log):
        found.append("the log is longer than the lines ever written")
    return found


def _fight(state: State, content: Content) -> list[str]:
    found = []
    enemy = state.enemy
    if state.phase in ("player", "enemy") and enemy is None:
        return ["a turn of a fight with no enemy"]
    if enemy is None:
        if state.hand or state.counters or state.energy or state.stance or state.state_card:
            found.append("cards are on the table outside a fight")
        return found
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
    if sorted(state.patterns + state.patterns_out) != list(range(size)):
        found.append(f"{enemy.name}'s attack patterns are not its pile, each once")
    if any(not 0 <= p < size for p in state.patterns_used):
        found.append("a pattern used last turn is not in the pile")
    turn = state.enemy_turn
    if turn is not None and state.phase != "over":
        if state.phase != "enemy":
            found.append("the enemy's turn is half-done outside its turn")
        elif turn.pattern >= size or (turn.pattern >= 0 and turn.pattern not in state.patterns_out):
            found.append("the enemy resolves a pattern it did not draw")
        elif turn.pattern >= 0 and turn.step > len(content.pile(enemy.id)[turn.pattern].actions):
            found.append("the enemy is past the end of its pattern")
        if min(turn.skip, turn.patterns_left, turn.step) < 0:
            found.append("the enemy's turn counts are below zero")
        elif max(turn.skip, turn.patterns_left) > TURN_COUNT_LIMIT:
            found.append("the enemy's turn counts are past any the cards can give")
    elif state.phase == "enemy" and state.won is None:
        found.append("the enemy's turn has no record of where it is")
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
    bad: list[str] = []
    if kind in ("style", "second_style"):
        bad = [o for o in options if o not in content.styles and not (kind == "second_style" and o == DECLINE)]
        bad += [o for o in options if o in state.styles]
    elif kind in ("start_choice", "remove_card", "bottom_order"):
        bad = [o for o in options if o not in content.cards]
        if kind == "remove_card":
            bad += [o for o in options if o not in state.draw]
    elif kind == "reward":
        bad = [o for o in options if o not in content.cards and o != NONE_OPTION]
    elif kind == "event":
        event = content.events.get(state.event)
        if event is None or len(options) != len(event.choices):
            return ["the event decision does not match the event"]
    elif kind == "weakened":
        if state.enemy is None or state.enemy_turn is None:
            return ["a Weakened pick with no enemy turn"]
        bad = [o for o in options if not o.isdigit() or int(o) not in state.patterns_out]
    elif kind == "stun_tap":
        bad = [o for o in options if not o.isdigit() or int(o) >= len(state.energy)
               or state.energy[int(o)].tapped]
        if state.to_tap < 1:
            return ["a Stun tap with no Stun"]
    elif kind == "energy_pick":
        bad = [o for o in options if o not in COLOURS]
        if len(pending.extra) + pending.picks_left != 3:
            return ["the energy pick does not add up to three colours"]
    return [f"the {kind} decision offers '{o}', which cannot be chosen" for o in bad]
