"""Skills-deck construction rules, for Solo content today and Versus deck building later."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.disciple.content import Content

MIN_DECK = 60
MAX_UNIQUE_PER_RARITY = 10
MAX_COPIES = {"common": 4, "uncommon": 3, "epic": 2, "legendary": 1}


def validate_skills_deck(card_ids: list[str], content: Content, mode: str = "solo") -> list[str]:
    """Every broken deck rule, as a readable message; an empty list means the deck is legal.

    mode "solo" (also Co-Op): one style only. mode "versus": up to two styles and no limit
    on how many different commons the deck holds.
    """
    problems: list[str] = []
    cards = []
    for card_id in card_ids:
        card = content.cards.get(card_id)
        if card is None:
            problems.append(f"'{card_id}' is not a known card")
        elif card.kind == "energy":
            problems.append(f"{card.name} is an energy card, not a skill")
        else:
            cards.append(card)
    if len(card_ids) < MIN_DECK:
        problems.append(
            f"a skills deck needs at least {MIN_DECK} cards, this one has {len(card_ids)}"
        )
    styles = sorted({card.style for card in cards})
    max_styles = 2 if mode == "versus" else 1
    if len(styles) > max_styles:
        problems.append(
            f"a {mode} deck may mix at most {max_styles} style(s), this one has {', '.join(styles)}"
        )
    copies = Counter(card.id for card in cards)
    unique: Counter[str] = Counter()
    for card_id, n in sorted(copies.items()):
        card = content.cards[card_id]
        unique[card.rarity] += 1
        limit = MAX_COPIES[card.rarity]
        if n > limit:
            problems.append(f"{card.name}: {n} copies, a {card.rarity} card allows {limit}")
    for rarity, n in unique.items():
        if mode == "versus" and rarity == "common":
            continue
        if n > MAX_UNIQUE_PER_RARITY:
            problems.append(
                f"{n} different {rarity} cards, at most {MAX_UNIQUE_PER_RARITY} are allowed"
            )
    return problems


def versus_allotment_ok(chosen: list[str], first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """A two-style allotment takes each colour at most as often as the two styles offer it."""
    offered = Counter(first) + Counter(second)
    return len(chosen) == len(first) and not Counter(chosen) - offered
