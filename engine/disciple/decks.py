"""Versus decks: a custom skills deck of up to two styles with its energy allotment.

The deck builder, the deck files and the Versus game all speak of a deck through `VersusDeck`;
`check_versus_deck` is the one place that says whether a deck may be played.
"""

from __future__ import annotations

import msgspec

from engine.disciple.content import Content, style_deck
from engine.disciple.validate import validate_skills_deck, versus_allotment_ok


class VersusDeck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    styles: tuple[str, ...]  # the one or two styles the cards come from, in the order chosen
    allotment: tuple[str, ...]  # colours of the energy allotment, one per energy card
    cards: tuple[str, ...]  # skill card ids, one entry per copy


def check_versus_deck(deck: VersusDeck, content: Content) -> list[str]:
    """Every reason this deck may not be played in Versus; empty when it may."""
    problems: list[str] = []
    if not deck.name.strip():
        problems.append("the deck needs a name")
    unknown = [s for s in deck.styles if s not in content.styles]
    for style_id in unknown:
        problems.append(f"'{style_id}' is not a known style")
    if not deck.styles:
        problems.append("a deck needs a style")
    elif len(deck.styles) > 2:
        problems.append("a Versus deck mixes at most 2 styles")
    elif len(set(deck.styles)) != len(deck.styles):
        problems.append("the same style is listed twice")
    problems += validate_skills_deck(list(deck.cards), content, mode="versus")
    outside = sorted(
        {
            content.cards[c].name
            for c in deck.cards
            if c in content.cards and content.cards[c].style not in deck.styles
        }
    )
    if outside and deck.styles and not unknown:
        problems.append(f"cards from outside the deck's styles: {', '.join(outside)}")
    if deck.styles and not unknown and len(deck.styles) <= 2:
        problems += allotment_problems(deck.styles, deck.allotment, content)
    return problems


def allotment_problems(
    styles: tuple[str, ...], allotment: tuple[str, ...], content: Content
) -> list[str]:
    """Why this allotment is refused for these styles (one style: exactly its own; two: the
    combined-allotment rule, each colour no more often than the two styles offer it)."""
    own = [content.styles[s].energy for s in styles]
    if len(own) == 1:
        if sorted(allotment) != sorted(own[0]):
            return [f"a one-style deck uses its style's allotment ({', '.join(own[0])})"]
        return []
    if len(allotment) != len(own[0]):
        return [f"the allotment holds {len(own[0])} colours, this one has {len(allotment)}"]
    if not versus_allotment_ok(list(allotment), own[0], own[1]):
        offered = list(own[0]) + list(own[1])
        too_many = sorted(c for c in set(allotment) if allotment.count(c) > offered.count(c))
        return [
            f"{c} appears {allotment.count(c)} times, the two styles offer it "
            f"{offered.count(c)} time(s)"
            for c in too_many
        ]
    return []


def default_versus_deck(content: Content, style_id: str) -> VersusDeck:
    """A style's own skills deck and allotment, always ready for Versus."""
    style = content.styles[style_id]
    return VersusDeck(
        name=f"{style.name} (default)",
        styles=(style_id,),
        allotment=tuple(style.energy),
        cards=tuple(style_deck(content, style)),
    )
