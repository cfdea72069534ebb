"""Words for the highlighted choice: the detail lines under the list, the `i` box (keywords
in the project's own words, from the content's glossary) and the `d` box (the whole table)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.disciple.content import Card, card_keywords, load
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import COLOUR_LETTER, START_VITALITY, Choose, EndTurn, PlayCard, State
from tui.disciple import view

END_TURN = (
    "Power, Clinch, Feint, Combo and unused energy fade and your energy untaps; you draw 3 "
    "(a hand of 8 at most). Then {enemy} takes its turn."
)


def _card_of(state: State, action: Any) -> Card | None:
    content = load()
    if isinstance(action, PlayCard) and action.hand_index < len(state.hand):
        return content.cards[state.hand[action.hand_index]]
    pending = state.pending
    if isinstance(action, Choose) and pending is not None and action.index < len(pending.options):
        option = pending.options[action.index]
        if pending.kind in ("start_choice", "reward", "remove_card") and option in content.cards:
            return content.cards[option]
    return None


def detail(state: State, action: Any, width: int) -> Text:
    """Up to three lines about the highlighted entry of the list."""
    card = _card_of(state, action)
    if card is not None:
        return view.card_text(card, width)
    if action is None and state.phase == "player" and state.pending is None:
        return view.wrap("No cards in hand. Press e to end your turn.", width)
    if isinstance(action, EndTurn):
        enemy = state.enemy.name if state.enemy else "the enemy"
        return view.wrap(END_TURN.format(enemy=enemy), width)
    if action in ("new", "menu"):
        return _ending(state, width)
    if isinstance(action, Choose) and state.pending is not None:
        return _option_detail(state, action.index, width)
    return Text("")


def _ending(state: State, width: int) -> Text:
    if state.won:
        return view.wrap(f"You beat the final boss with {state.vitality} vitality left. "
                         f"Fights won: {state.fights_won}.", width)
    return view.wrap(f"You were {state.beaten or 'beaten'}. Fights won: {state.fights_won}.", width)


def _option_detail(state: State, index: int, width: int) -> Text:
    content = load()
    pending = state.pending
    assert pending is not None
    option = pending.options[index]
    kind = pending.kind
    if kind in ("style", "second_style"):
        if option == DECLINE:
            return view.wrap("Stay with a single school; your skills deck stays as it is.", width)
        return view.wrap(content.styles[option].blurb, width)
    if option == NONE_OPTION:
        return view.wrap("Keep no more. The cards not kept go to the bottom of your skills deck.", width)
    if kind == "event":
        vitality = f" You have {state.vitality}/{START_VITALITY} vitality."
        return view.wrap(f"{option}.{vitality}", width)
    if kind == "weakened" and state.enemy is not None:
        pattern = content.patterns[state.enemy.tier][int(option)]
        bonus = {a.kind: a for a in content.enemies[state.enemy.id].attacks}
        parts = []
        for action in pattern.actions:
            part = view.action_text(action)
            named = bonus.get(action.kind)
            if named and action.damage:
                part += f" (+{named.bonus} {named.name})"
            parts.append(part)
        return view.wrap(f"{pattern.name}: " + ", ".join(parts) + ".", width)
    if kind == "energy_pick":
        chosen = " ".join(COLOUR_LETTER[c] for c in pending.extra) or "none yet"
        return view.wrap(f"Chosen so far: {chosen}. {pending.picks_left} more to pick.", width)
    return view.wrap(pending.prompt, width)


# ----- the `i` box ----------------------------------------------------------------------


def card_info(card: Card, state: State | None = None) -> Text:
    text = Text(card.name, style="bold")
    text.append("\n")
    text.append_text(view.card_detail(state, card, 74))
    keywords = card_keywords(card)
    if keywords:
        text.append("\n\nKeywords", style="bold underline")
    for keyword in keywords:
        text.append(f"\n{keyword.name}: ", style="bold")
        text.append(keyword.help)
    return text


def info(state: State, action: Any) -> tuple[str, Text]:
    content = load()
    card = _card_of(state, action)
    if card is not None:
        return f"Card: {card.name}", card_info(card, state if isinstance(action, PlayCard) else None)
    pending = state.pending
    if isinstance(action, Choose) and pending is not None and action.index < len(pending.options):
        option = pending.options[action.index]
        if pending.kind in ("style", "second_style") and option != DECLINE:
            return f"Style: {content.styles[option].name}", style_info(option)
        if pending.kind == "weakened":
            body = Text(content.keywords["weakened"].help + "\n\n")
            body.append_text(_option_detail(state, action.index, 74))
            return "Weakened", body
        if pending.kind == "stun_tap":
            return "Stun", Text(content.keywords["stun"].help)
        return "Choice", Text(pending.prompt + "\n\n").append_text(_option_detail(state, action.index, 74))
    if isinstance(action, EndTurn):
        enemy = state.enemy.name if state.enemy else "the enemy"
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


def table(state: State) -> Text:
    content = load()
    text = Text()
    text.append("Hand\n", style="bold underline")
    if not state.hand:
        text.append("(empty)\n", style="dim")
    for i, card_id in enumerate(state.hand):
        card = content.cards[card_id]
        text.append(f"{i + 1} {card.name} ", style="bold")
        text.append_text(view.cost_text(view.current_cost(state, card), card.kind == "energy"))
        text.append(f" · {view.type_line(card)}\n  {card.text}\n")
    text.append("\nIn play\n", style="bold underline")
    text.append_text(view.in_play_text(state))
    for slot in (state.stance, state.style, state.state_card, *state.counters):
        if slot:
            text.append(f"\n  {content.cards[slot].name}: {content.cards[slot].text}")
    text.append("\n")
    text.append_text(view.energy_text(state.energy, state.pool))
    enemy = state.enemy
    if enemy is not None:
        card = content.enemies[enemy.id]
        text.append(f"\n\n{enemy.name} ({enemy.tier}, {enemy.vitality}/{enemy.max_vitality})\n", style="bold underline")
        if card.text:
            text.append(card.text + "\n", style="italic")
        for attack in card.attacks:
            extra = f", then {view.ops_text(attack.ops)}" if attack.ops else ""
            text.append(f"{attack.name}: its {view.KIND_NAME[attack.kind]} actions deal {attack.bonus} more{extra}.\n")
        for special in card.specials:
            text.append(f"{special.text or view.ops_text(special.ops)}\n")
        pile = content.patterns[enemy.tier]
        text.append(f"\nThe {enemy.tier} pattern pile ({len(state.patterns)} in the pile, "
                    f"{len(pile)} in all; shuffled after each of its turns)\n", style="bold underline")
        for pattern in pile:
            text.append(f"{pattern.name}: ", style="bold")
            text.append(", ".join(view.action_text(a) for a in pattern.actions) + "\n")
    text.append(f"\nPiles: draw {len(state.draw)}, discard {len(state.discard)}, "
                f"skills deck {len(state.skills_deck)}, events left {len(state.event_deck)}.")
    return text
