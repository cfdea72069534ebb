"""What the deck builder and the Decks screen say about a Versus deck: its styles and energy,
the counts against the deck rules, and every broken rule. Whether a rule is broken is the
engine's one check (check_versus_deck); this only counts and words it."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from engine.disciple.content import Card, Content
from engine.disciple.decks import VersusDeck
from engine.disciple.energy import base_cost
from engine.disciple.validate import MAX_COPIES, MAX_UNIQUE_PER_RARITY, MIN_DECK
from tui.cut import cut
from tui.disciple import view

RARITIES = ("common", "uncommon", "epic", "legendary")
READY_NOTE = "LEGAL: ready to play"
DRAFT_NOTE = "DRAFT: saves as it is; only a legal deck can be picked to play"


def styles_line(deck: VersusDeck, content: Content) -> Text:
    names = " + ".join(content.styles[s].name if s in content.styles else s for s in deck.styles)
    text = Text(names or "no style yet", style="bold")
    text.append("\nEnergy ")
    text.append_text(view.letters_text(deck.allotment) if deck.allotment else Text("none", style="dim"))
    return text


def counts_text(deck: VersusDeck, content: Content) -> Text:
    """Cards against the minimum, then each rarity's different cards and copies against its
    limits (in Versus a deck may hold any number of different commons)."""
    cards = [content.cards[c] for c in deck.cards if c in content.cards]
    total = len(deck.cards)
    text = Text("Cards ")
    text.append(str(total), style="bold" if total >= MIN_DECK else "bold red")
    text.append(f" (at least {MIN_DECK})")
    kinds: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    for card_id in set(c.id for c in cards):
        kinds[content.cards[card_id].rarity] += 1
    for card in cards:
        copies[card.rarity] += 1
    text.append("\n" + " " * 13 + "kinds  cards each", style="dim")
    for rarity in RARITIES:
        letter = view.RARITY_LETTER[rarity]
        limit = " any" if rarity == "common" else f"/{MAX_UNIQUE_PER_RARITY}"
        over = rarity != "common" and kinds[rarity] > MAX_UNIQUE_PER_RARITY
        text.append(f"\n{letter} {rarity:<10} ")
        text.append(f"{kinds[rarity]:>2}{limit:<4}", style="bold red" if over else "")
        text.append(f" {copies[rarity]:>5}  ≤{MAX_COPIES[rarity]}")
    return text


def status_text(problems: list[str] | tuple[str, ...], room: int | None = None) -> Text:
    """LEGAL, or DRAFT and every broken rule (the first `room` of them, and how many more)."""
    if not problems:
        return Text(READY_NOTE, style="bold green")
    text = Text(f"DRAFT: {len(problems)} rule{'s' if len(problems) > 1 else ''} broken", style="bold red")
    shown = list(problems) if room is None or len(problems) <= room else list(problems[: room - 1])
    for problem in shown:
        text.append(f"\n• {problem}")
    if len(shown) < len(problems):
        text.append(f"\n… and {len(problems) - len(shown)} more", style="dim")
    return text


def card_row(card: Card, copies: int, wide: bool) -> tuple[str, list[tuple[int, int, str]]]:
    """'3× Jab                B    Upper' (and what the card does, when wide); the cost's
    colour spans."""
    cost = view.cost_text(list(base_cost(card)))
    count = f"{copies}×" if copies else " ·"
    room = 20 if wide else 16
    label = f"{count} {cut(card.name, room):<{room}} {cost.plain:<4} {view.TYPE_NAME[card.kind]:<7}"
    if wide:
        label = f"{label} {card.text}"
    start = room + 4  # where the cost begins in the label
    return label, [(start + s.start, start + s.end, str(s.style)) for s in cost.spans]


def card_note(card: Card) -> str:
    return f"{view.RARITY_LETTER[card.rarity]}≤{MAX_COPIES[card.rarity]}"


def deck_list_text(deck: VersusDeck, content: Content) -> Text:
    """Every card of the deck, '4 × Jab', grouped by rarity."""
    counts = Counter(deck.cards)
    text = Text()
    for rarity in RARITIES:
        ids = sorted((c for c in counts if c in content.cards and content.cards[c].rarity == rarity),
                     key=lambda c: content.cards[c].name)  # fmt: skip
        if not ids:
            continue
        text.append(f"\n{rarity.capitalize()} ({sum(counts[c] for c in ids)})\n", style="bold")
        text.append(", ".join(f"{counts[c]} × {content.cards[c].name}" for c in ids))
    unknown = sorted(c for c in counts if c not in content.cards)
    if unknown:
        text.append(f"\nUnknown cards: {', '.join(unknown)}", style="bold red")
    return text
