"""Words for the highlighted choice: the detail lines under the list, the `i` box (keywords
in the project's own words, from the content's glossary) and the `d` box (the whole table)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text

from engine.disciple import enemy as foe
from engine.disciple import forecast
from engine.disciple.energy import deck_energy, never_payable, unpayable_in_deck
from engine.disciple.content import Card, card_keywords, load
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import COLOUR_LETTER, Choose, EndTurn, PlayCard, State
from engine.registry import GAMES
from tui.disciple.view import the_enemy, you
from tui.disciple import view

END_TURN = (
    "Power, Clinch, Feint, Combo and unused energy fade and your energy untaps; you draw 3 "
    "(stopping at a hand of 8). Then {enemy} takes its turn."
)
CARD_OPTIONS = ("start_choice", "reward", "remove_card", "bottom_order")


def card_of(state: State, action: Any, seat: int = 0) -> Card | None:
    me = you(state, seat)
    content = load()
    if isinstance(action, PlayCard) and action.hand_index < len(me.hand):
        return content.cards[me.hand[action.hand_index]]
    pending = state.pending
    if isinstance(action, Choose) and pending is not None and action.index < len(pending.options):
        option = pending.options[action.index]
        if pending.kind in CARD_OPTIONS and option in content.cards:
            return content.cards[option]
    return None


def detail(state: State, action: Any, width: int, room: int = 2, seat: int = 0) -> Text:
    """The lines about the highlighted entry of the list (`room` of them)."""
    card = card_of(state, action, seat=seat)
    if card is not None:
        text = view.card_text(card, width, room, lead=dealt_words(state, action, seat))
        # a second style's starting picks come before its new energy is chosen: no warning
        second = state.pending is not None and state.pending.extra == ["second"]
        if isinstance(action, Choose) and not second and never_payable(you(state, seat), card):
            warning = Text(f"Your energy can never pay it: {energy_words(state, seat=seat)}.", style="bold")
            return warning.append("\n").append_text(text)
        return text
    if action is None and state.phase == "player" and state.pending is None and state.active == seat:
        return view.wrap("No cards in hand. Press e to end your turn.", width)
    if isinstance(action, EndTurn):
        enemy = the_enemy(state, seat).name if the_enemy(state, seat) else "the enemy"
        return view.wrap(END_TURN.format(enemy=enemy), width)
    if action in ("new", "menu"):
        return _ending(state, width, seat=seat)
    if isinstance(action, Choose) and state.pending is not None:
        return option_detail(state, action.index, width, seat=seat)
    return Text("")


def dealt_words(state: State, action: Any, seat: int = 0) -> str:
    """"Deals 5 now (printed 3)." for a card in hand whose damage a modifier changes (Power,
    Feint, the foe's Guard...), as the engine works it out; "" for any other."""
    if not isinstance(action, PlayCard):
        return ""
    actual = forecast.dealt(state, seat, action.hand_index)
    if actual is None:
        return ""
    card = load().cards[you(state, seat).hand[action.hand_index]]
    printed = forecast.printed(card)
    return "" if actual == printed else f"Deals {printed}→{actual} now."


def energy_words(state: State, allotment: tuple[str, ...] | list[str] | None = None, seat: int = 0) -> str:
    """'B B N, and a blue energy card in your deck'."""
    me = you(state, seat)
    letters = " ".join(COLOUR_LETTER[c] for c in (me.allotment if allotment is None else allotment))
    extra = Counter(deck_energy(me))
    if not extra:
        return f"you have {letters}"
    cards = ", ".join(f"{n} {colour}" for colour, n in sorted(extra.items()))
    return f"you have {letters}, and energy cards in your deck: {cards}"


def _ending(state: State, width: int, seat: int = 0) -> Text:
    """How the game ended for `seat`: in Solo in the Disciple's own words, at a table of
    several in the seat's own result (R44), never the table's."""
    me = you(state, seat)
    if state.mode != "solo":
        result = GAMES["disciple"].seat_outcome(state, seat)
        words = result.summary if result is not None else ""
        if result is not None and result.won and state.mode != "versus":
            words += f" Fights won: {state.fights_won}."
        return view.wrap(words, width)
    if state.won:
        return view.wrap(f"You beat the final boss with {me.vitality} vitality left. "
                         f"Fights won: {state.fights_won}.", width)
    return view.wrap(f"You were {me.beaten or 'beaten'}. Fights won: {state.fights_won}.", width)


def option_detail(state: State, index: int, width: int, seat: int = 0) -> Text:
    me = you(state, seat)
    content = load()
    pending = state.pending
    assert pending is not None
    option = pending.options[index]
    kind = pending.kind
    if kind == "second_style":
        return view.wrap(second_style_words(state, option, seat=seat), width)
    if kind == "style":
        return view.wrap(content.styles[option].blurb, width)
    if option == NONE_OPTION:
        return view.wrap("Keep no more. The cards not kept go under your skills deck.", width)
    if kind == "event":
        choice = content.events[state.event].choices[index]
        lost = sum(op.n for op in choice.ops if op.op == "lose")
        words = f"{option}. You have {me.vitality}/{me.start_vitality} vitality."
        if lost >= me.vitality:
            words += " This would end your journey."
        return view.wrap(words, width)
    if kind == "weakened" and the_enemy(state, seat) is not None:
        pattern = foe.pile(the_enemy(state, seat))[int(option)]
        return view.wrap(f"{pattern.name}: {foe.pattern_words(state, the_enemy(state, seat), pattern)}.", width)
    if kind == "energy_pick":
        return view.wrap(energy_pick_words(state, option, seat=seat), width)
    if kind == "stun_tap":
        tapped = me.energy[int(option)]
        return view.wrap(f"Your {tapped.colour} energy stays tapped until the end of your next "
                         "turn.", width)
    return view.wrap(pending.prompt, width)


def second_style_words(state: State, option: str, seat: int = 0) -> str:
    """What learning a second style costs and gives."""
    me = you(state, seat)
    content = load()
    if option == DECLINE:
        first = content.styles[me.styles[0]].name
        return f"Stay with {first} alone: your deck, skills deck and energy stay as they are."
    style = content.styles[option]
    starting = sum(e.copies for e in style.start) + len(style.start_choices)
    half = len(me.skills_deck) // 2
    offered = " ".join(COLOUR_LETTER[c] for c in list(me.allotment) + list(style.energy))
    return f"Deck +{starting} {style.name} cards; {half} skills swapped; energy from {offered}."


def energy_pick_words(state: State, option: str, seat: int = 0) -> str:
    pending = state.pending
    assert pending is not None
    chosen = " ".join(COLOUR_LETTER[c] for c in pending.extra) or "none yet"
    words = f"Chosen so far: {chosen}; {pending.picks_left} to pick."
    cards = unpayable_with(state, option, seat=seat)
    if cards:
        names = ", ".join(sorted({c.name for c in cards}))
        best = "" if pending.picks_left == 1 else " even with the best picks after it"
        words += f" With {option}{best}, your energy could never pay: {names}."
    else:
        words += f" With {option}, every card of your deck can still be paid."
    return words


def unpayable_with(state: State, option: str, seat: int = 0) -> list[Card]:
    """The deck's cards no completion of the energy pick that takes `option` can pay."""
    pending = state.pending
    assert pending is not None
    me = you(state, seat)
    from itertools import combinations

    rest = list(pending.options)
    rest.remove(option)
    best: list[Card] | None = None
    for more in combinations(sorted(rest), pending.picks_left - 1):
        allotment = list(pending.extra) + [option] + list(more)
        cards = unpayable_in_deck(me, allotment)
        if best is None or len(cards) < len(best):
            best = cards
    return best or []


# ----- the `i` box ----------------------------------------------------------------------


def card_info(card: Card, state: State | None = None, seat: int = 0) -> Text:
    text = Text(card.name, style="bold")
    text.append("\n")
    text.append_text(view.card_detail(state, card, 74, seat=seat))
    keywords = card_keywords(card)
    if keywords:
        text.append("\n\nKeywords", style="bold underline")
    for keyword in keywords:
        text.append(f"\n{keyword.name}: ", style="bold")
        text.append(keyword.help)
    return text


def info(state: State, action: Any, seat: int = 0) -> tuple[str, Text]:
    content = load()
    card = card_of(state, action, seat=seat)
    if card is not None:
        body = card_info(card, state if isinstance(action, PlayCard) else None, seat=seat)
        dealt = dealt_words(state, action, seat)
        if dealt:  # what it deals now, before what is printed on it
            body = Text(dealt + "\n\n", style="bold").append_text(body)
        return f"Card: {card.name}", body
    pending = state.pending
    if isinstance(action, Choose) and pending is not None and action.index < len(pending.options):
        option = pending.options[action.index]
        if pending.kind in ("style", "second_style") and option != DECLINE:
            return f"Style: {content.styles[option].name}", style_info(option)
        if pending.kind == "weakened":
            body = Text(content.keywords["weakened"].help + "\n\n")
            body.append_text(option_detail(state, action.index, 74, seat=seat))
            return "Weakened", body
        if pending.kind == "stun_tap":
            return "Stun", Text(content.keywords["stun"].help)
        return "Choice", Text(pending.prompt + "\n\n").append_text(option_detail(state, action.index, 74, seat=seat))
    if isinstance(action, EndTurn):
        enemy = the_enemy(state, seat).name if the_enemy(state, seat) else "the enemy"
        return "End turn", Text(END_TURN.format(enemy=enemy))
    return "Nothing highlighted", Text("Highlight a card or an option first.")


def style_info(style_id: str) -> Text:
    content = load()
    style = content.styles[style_id]
    text = Text(style.blurb + "\n\n")
    letters = " ".join(f"{COLOUR_LETTER[c]} ({c})" for c in style.energy)
    text.append("Energy allotment: ", style="bold")
    text.append(letters + "\n")
    text.append("Starting deck: ", style="bold")
    start = [f"{e.copies} × {content.cards[e.card].name}" for e in style.start]
    text.append(", ".join(start))
    for choice in style.start_choices:
        names = " or ".join(content.cards[o].name for o in choice.options)
        text.append(f", plus {names}")
    text.append(f"\nSkills deck: {sum(e.copies for e in style.skills)} cards to earn as rewards.")
    return text


# ----- the `d` box ----------------------------------------------------------------------


def leader_table(state: State) -> Text:
    """The whole table as the Campaign Leader sees it: the band, every enemy in the fight and
    whom it goes for, and the event decks (the Leader holds no Disciple of their own)."""
    content = load()
    text = Text("The band\n", style="bold underline")
    text.append_text(view.party_text(state, seat=len(state.players), wide=True))
    text.append("\n\nThe fight\n", style="bold underline")
    standing = [e for e in state.enemies if not e.beaten]
    if not standing:
        text.append("(no enemy in play)\n", style="dim")
    for enemy in standing:
        who = state.players[enemy.target].name if 0 <= enemy.target < len(state.players) else "nobody"
        guard = f", Guard {enemy.guard}" if enemy.guard else ""
        text.append(f"{enemy.name}", style="bold")
        text.append(f" ({enemy.tier}, {enemy.vitality}/{enemy.max_vitality}{guard}) goes for {who}\n")
        card = content.enemies.get(enemy.id)
        if card is not None and card.text:
            text.append(f"  {card.text}\n", style="italic")
    text.append("\n")
    text.append_text(view.leader_text(state, prompt=False))
    return text


def table(state: State, seat: int = 0) -> Text:
    if seat >= len(state.players):  # the Campaign Leader's seat: no hand, no Disciple
        return leader_table(state)
    me = you(state, seat)
    content = load()
    text = Text()
    text.append("Hand\n", style="bold underline")
    if not me.hand:
        text.append("(empty)\n", style="dim")
    hidden = sum(card_id not in content.cards for card_id in me.hand)  # a view's placeholders
    if hidden:
        text.append(f"{hidden} card{'' if hidden == 1 else 's'}, face down\n", style="dim")
    for card_id in me.hand:
        if card_id not in content.cards:
            continue
        card = content.cards[card_id]
        text.append(f"{card.name} ", style="bold")
        text.append_text(view.cost_text(view.current_cost(state, card, seat=seat), card.kind == "energy"))
        text.append(f" · {view.type_line(card)}\n  {card.text}\n")
    text.append("\nIn play\n", style="bold underline")
    text.append_text(view.in_play_text(state, seat=seat))
    for slot in (me.stance, me.style, me.state_card, *me.counters):
        if slot in content.cards:
            text.append(f"\n  {content.cards[slot].name}: {content.cards[slot].text}")
    text.append("\n")
    text.append_text(view.energy_text(me.energy, me.pool))
    enemy = the_enemy(state, seat)
    if enemy is not None:
        card = content.enemies[enemy.id]
        text.append(f"\n\n{enemy.name} ({enemy.tier}, {enemy.vitality}/{enemy.max_vitality})\n", style="bold underline")
        if card.text:
            text.append(card.text + "\n", style="italic")
        for attack in card.attacks:
            extra = f", with {view.ops_text(attack.ops)}" if attack.ops else ""
            text.append(f"{attack.name}: its {view.KIND_NAME[attack.kind]} hits deal {attack.bonus} more{extra}.\n")
        for special in card.specials:
            text.append(f"{special.text or view.ops_text(special.ops)}\n")
        pile = foe.pile(the_enemy(state, seat))
        text.append(f"\nIts pattern pile ({len(the_enemy(state, seat).patterns)} in the pile of {len(pile)}, shuffled "
                    "after each of its turns): as printed, then as it would land now\n", style="bold underline")
        for pattern in pile:
            text.append(f"{pattern.name}: ", style="bold")
            text.append(", ".join(view.action_text(a) for a in pattern.actions))
            text.append(f"\n  now: {foe.pattern_words(state, the_enemy(state, seat), pattern)}\n", style="dim")
    text.append(f"\nPiles: draw {len(me.draw)}, discard {len(me.discard)}, "
                f"skills deck {len(me.skills_deck)}, events left {len(me.event_deck)}.")
    return text
