"""What each row of the Disciple's list says (a card, an option, a way to pay), the list's
title, and the line telling which energy the highlighted card taps."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from engine.core.game import Game
from engine.disciple import energy, forecast
from engine.disciple.energy import never_payable
from engine.disciple.combat import tap_words
from engine.disciple.content import Card, load
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import COLOUR_LETTER, Choose, PlayCard, State
from engine.disciple.rules import cost_label
from tui.cut import cut
from tui.disciple.view import you
from tui.disciple import explain, view
from tui.disciple.widgets import Span

PENDING_TITLE = {
    "style": "Choose your martial art",
    "start_choice": "Starting deck: pick one",
    "event": "Event: choose",
    "reward": "Reward",
    "bottom_order": "Under your skills deck",
    "remove_card": "Remove a card from your deck",
    "weakened": "Weakened: pick its attack pattern",
    "stun_tap": "Stunned: tap an energy card",
    "second_style": "Learn a second style?",
    "energy_pick": "New energy allotment",
    "cl_order": "Leader: the player order",
    "cl_next": "Leader: what comes next",
    "cl_scope": "Leader: who meets this event",
    "cl_commit": "Leader: enemies in the fight",
    "cl_target": "Leader: the enemy's target",
}
NAME_AT_LEAST = 10  # columns of a long card's name the paying line keeps


def card_line(
    card: Card, cost: list[int], mark: str = " ", wide: bool = False, damage: str | None = None
) -> tuple[str, str, list[Span]]:
    """A card in the list: 'mName  cost  type', the rarity letter, and the cost's colours;
    `wide` adds what the card does. The mark: × a card the energy at hand cannot pay now,
    ! one it can never pay. A card in hand (`damage` given, "" when it does not attack)
    shows the damage it deals now before its rarity, `3→5` when that is not what is printed
    (its name gives 2 columns for it)."""
    cost_text = view.cost_text(cost, card.kind == "energy")
    room = 20 if damage is None else HAND_NAME
    label = f"{mark}{cut(card.name, room):<{room}} {cost_text.plain:<4} {view.TYPE_NAME[card.kind]}"
    if wide:
        label = f"{label:<36}{card.text}"
    start = room + 2  # where the cost begins in the label
    spans: list[Span] = [(start + s.start, start + s.end, str(s.style)) for s in cost_text.spans]
    if mark.strip():
        spans.append((0, 1, "bold red"))
    rarity = view.RARITY_LETTER[card.rarity]
    return label, f"{damage} {rarity}" if damage else rarity, spans


HAND_NAME = 18  # columns of a card's name in the hand, which also shows its damage


def damage_words(state: State, index: int, seat: int = 0) -> str:
    """The damage the card at `index` of the seat's hand deals if played now, as the engine
    works it out (engine/disciple/forecast.py): `3→5` beside what is printed when a modifier
    changes it, `3` when none does, "" for a card that does not attack."""
    me = you(state, seat)
    actual = forecast.dealt(state, seat, index)
    if actual is None:
        return ""
    shown = forecast.printed(load().cards[me.hand[index]])
    return f"{shown}" if actual == shown else f"{shown}→{actual}"


def hand_row(state: State, index: int, playable: bool, wide: bool, seat: int = 0) -> tuple[str, str, list[Span]]:
    me = you(state, seat)
    card = load().cards[me.hand[index]]
    mark = " " if playable else "×"
    if card.kind != "energy" and never_payable(me, card):
        mark = "!"
    return card_line(card, view.current_cost(state, card, seat=seat), mark, wide, damage_words(state, index, seat))


def payment_row(state: State, action: PlayCard, seat: int = 0) -> tuple[str, str, list[Span]]:
    """'Tap B N', one way to pay for the card being paid for; the default says so."""
    me = you(state, seat)
    card = load().cards[me.hand[action.hand_index]]
    taps = action.taps
    if taps is None:
        taps = energy.default_taps(me, energy.cost_of(me, card), action.hand_index)
    label = f"Tap {tap_words(me, taps)}"
    spans = [(i, i + 1, view.LETTER_STYLE[ch]) for i, ch in enumerate(label) if i > 3 and ch in view.LETTER_STYLE]
    return label, "default" if action.taps is None else "", spans


def option_row(game: Game, state: State, index: int, wide: bool, seat: int = 0) -> tuple[str, str, list[Span]]:
    pending = state.pending
    assert pending is not None
    option = pending.options[index]
    content = load()
    if pending.kind in explain.CARD_OPTIONS and option != NONE_OPTION:
        card = content.cards[option]
        mark = "!" if pending.kind == "reward" and never_payable(you(state, seat), card) else " "
        return card_line(card, list(energy.base_cost(card)), mark, wide)
    label = game.describe(Choose(index), state)
    if pending.kind in explain.CARD_OPTIONS:  # "Keep none", lined up with the names
        return f" {label}", "", []
    if pending.kind in ("style", "second_style") and option != DECLINE:
        letters = " ".join(COLOUR_LETTER[c] for c in content.styles[option].energy)
        return label, f"energy {letters}", []
    if pending.kind in ("energy_pick", "stun_tap"):  # "Blue (B)": the letter in its colour
        letter = [(len(label) - 2, len(label) - 1, view.LETTER_STYLE[label[-2]])]
        lost = len(explain.unpayable_with(state, option, seat=seat)) if pending.kind == "energy_pick" else 0
        return label, f"! {lost} never payable" if lost else "", letter
    return label, "", []


def short_option(game: Game, state: State, index: int) -> str:
    """An option's label for a list too narrow for it ("" when cutting it loses nothing a
    player picks by): a Weakened pattern's attacks before its name, so the numbers show."""
    pending = state.pending
    if pending is None or pending.kind != "weakened":
        return ""
    name, _, words = game.describe(Choose(index), state).partition(": ")
    return f"{words.replace(', then ', ' → ')} ({name})"


def list_title(state: State, over: bool, paying: int | None, seat: int = 0) -> tuple[str, str]:
    """The list's title and subtitle: what it holds and how to read it."""
    me = you(state, seat)
    if over:
        return "The journey is over", ""
    pending = state.pending
    if pending is not None:
        title = PENDING_TITLE.get(pending.kind, "Choose")
        if pending.kind == "event":
            title = f"Event: {load().events[state.event].name}"
        if pending.kind == "reward":
            title = f"Reward: keep up to {pending.picks_left}"
        if pending.kind == "bottom_order":
            return title, "the first you pick comes back first"
        if pending.kind == "energy_pick":
            picks = pending.picks_left
            return title, f"{picks} pick{'' if picks == 1 else 's'} left"
        return title, ""
    if paying is not None:
        return f"Pay for {load().cards[me.hand[paying]].name}", "Esc: back to the hand"
    if state.phase == "player":
        return f"Hand ({len(me.hand)})", "cost · type · damage · rarity"
    return "Waiting", ""


def paying_line(state: State, action: Any, paying: bool, seat: int = 0, width: int | None = None) -> Text | None:
    """What the highlighted card taps, shown before it is played (R7); None if no card is.
    With a `width`, the line fits in it: the words shorten first (to keep the whole name, or
    NAME_AT_LEAST columns of it), then the card's name is cut."""
    me = you(state, seat)
    if not isinstance(action, PlayCard) or action.hand_index >= len(me.hand):
        return None
    card = load().cards[me.hand[action.hand_index]]
    cost = [] if card.kind == "energy" else energy.cost_of(me, card)
    if card.kind == "energy":
        sayings = [Text("free, it stays in play this fight", style="dim"), Text("free, stays in play", style="dim")]
    elif paying:
        sayings = [Text("pick the energy that pays"), Text("pick the energy")]
    elif not energy.playable(me, action.hand_index):
        sayings = [Text(f"cannot pay {cost_label(cost)} now"), Text(f"cannot pay {cost_label(cost)}")]
    else:
        taps = action.taps
        if taps is None:
            taps = energy.default_taps(me, cost, action.hand_index)
        said = Text("taps " if taps else "free now" if not any(cost) else "paid from energy gathered")
        said.append_text(view.letters_text([me.energy[i].colour for i in taps]))
        sayings = [said]
        if energy.other_payments(me, action.hand_index):  # the footer names `t` too: it gives way
            sayings = [said + Text(" · t other energy", style="dim"), said + Text(" · t other", style="dim"), said]
    if width is None:
        return Text(f"{card.name}: ", style="bold").append_text(sayings[0])

    def room_for_name(said: Text) -> int:
        return width - 2 - said.cell_len  # 2: the ": " after the name

    said = next((said for said in sayings if room_for_name(said) >= cell_len(card.name)), None) or next(
        (said for said in sayings if room_for_name(said) >= NAME_AT_LEAST), sayings[-1]
    )
    return Text(cut(card.name, max(room_for_name(said), 1)) + ": ", style="bold").append_text(said)
