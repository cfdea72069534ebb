"""The `v` box: the Disciple's cards wherever they are. The draw pile's contents (never its
order), the discard pile, what is in hand and in play, the skills deck's size, and the whole
deck of the journey with costs, marking cards the energy can never pay."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from engine.disciple.energy import never_payable
from engine.disciple.content import load
from engine.disciple.model import State
from tui.disciple.view import the_enemy, you
from tui.disciple import view


def _names(card_ids: list[str]) -> str:
    """'2 × Jab, Cross, Slip' in a stable order (by name), counts for copies."""
    cards = load().cards
    counts = Counter(card_ids)
    parts = []
    for card_id in sorted(counts, key=lambda c: cards[c].name):
        n = counts[card_id]
        parts.append(f"{n} × {cards[card_id].name}" if n > 1 else cards[card_id].name)
    return ", ".join(parts) or "none"


def deck_text(state: State, seat: int = 0) -> Text:
    me = you(state, seat)
    cards = load().cards
    text = Text()
    if not me.styles:
        return Text("No deck yet: choose your martial art first.")
    sections = [
        (f"Draw pile ({len(me.draw)}, shown in no particular order)", me.draw),
        (f"Discard pile ({len(me.discard)})", me.discard),
        (f"Hand ({len(me.hand)})", me.hand),
    ]
    in_play = [c for c in (me.stance, me.style, me.state_card) if c]
    in_play += me.counters + [e.card for e in me.energy if e.card]
    if the_enemy(state, seat) is not None:
        sections.append((f"In play ({len(in_play)})", in_play))
    for title, pile in sections:
        text.append(title + "\n", style="bold underline")
        text.append(_names(pile) + "\n\n")
    text.append(f"Skills deck: {len(me.skills_deck)} cards, face down", style="bold")
    if me.set_aside:
        text.append(f" ({len(me.set_aside)} set aside when you learned a second style)")
    text.append("\n\n")
    owned = Counter(me.owned)
    text.append(f"Your whole deck ({len(me.owned)} cards)\n", style="bold underline")
    never = False
    for card_id in sorted(owned, key=lambda c: (cards[c].style, cards[c].kind, cards[c].name)):
        card = cards[card_id]
        mark = "!" if never_payable(me, card) else " "
        never |= mark == "!"
        text.append(f"{mark}{owned[card_id]} × {card.name:<20} ", style="bold" if mark == "!" else "")
        cost = view.cost_text(list(card.cost.get(c, 0) for c in ("gray", "blue", "red", "green")),
                              card.kind == "energy")
        text.append_text(cost)
        text.append(" " * max(1, 5 - len(cost.plain)))
        text.append(f"{view.TYPE_NAME[card.kind]:<8} {view.RARITY_LETTER[card.rarity]}\n")
        text.append(f"      {card.text}\n", style="dim")
    if never:
        text.append("\n! your energy can never pay this card, even with every energy card out.")
    return text
