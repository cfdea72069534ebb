"""Versus decks: the defaults are legal, and each broken rule is named."""

import msgspec

from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, check_versus_deck, default_versus_deck

CONTENT = load()


def test_every_default_deck_is_legal_for_versus():
    for style_id in CONTENT.styles:
        deck = default_versus_deck(CONTENT, style_id)
        assert check_versus_deck(deck, CONTENT) == []
        assert len(deck.cards) >= 60


def test_a_third_style_is_refused():
    ids = list(CONTENT.styles)
    deck = default_versus_deck(CONTENT, ids[0])
    deck = msgspec.structs.replace(deck, styles=tuple(ids))
    assert "a Versus deck mixes at most 2 styles" in check_versus_deck(deck, CONTENT)


def test_cards_outside_the_styles_are_named():
    ids = list(CONTENT.styles)
    first = default_versus_deck(CONTENT, ids[0])
    second = default_versus_deck(CONTENT, ids[1])
    deck = msgspec.structs.replace(first, cards=first.cards + second.cards[:1])
    problems = check_versus_deck(deck, CONTENT)
    name = CONTENT.cards[second.cards[0]].name
    assert any("outside the deck's styles" in p and name in p for p in problems)


def test_two_styles_take_each_colour_no_more_often_than_offered():
    ids = list(CONTENT.styles)
    a, b = CONTENT.styles[ids[0]], CONTENT.styles[ids[1]]
    offered = list(a.energy) + list(b.energy)
    rare = next(c for c in set(offered) if offered.count(c) == 1)
    cards = default_versus_deck(CONTENT, ids[0]).cards
    too_many = VersusDeck("mix", (a.id, b.id), (rare, rare, rare), cards)
    problems = check_versus_deck(too_many, CONTENT)
    assert any(p.startswith(f"{rare} appears 3 times") for p in problems)
    fine = VersusDeck("mix", (a.id, b.id), tuple(offered[:3]), cards)
    assert check_versus_deck(fine, CONTENT) == []


def test_one_style_keeps_its_own_allotment():
    deck = default_versus_deck(CONTENT, next(iter(CONTENT.styles)))
    assert check_versus_deck(
        msgspec.structs.replace(deck, allotment=tuple(reversed(deck.allotment))), CONTENT
    ) == []
    other = ("red",) * 3 if deck.allotment != ("red",) * 3 else ("blue",) * 3
    problems = check_versus_deck(msgspec.structs.replace(deck, allotment=other), CONTENT)
    assert any("uses its style's allotment" in p for p in problems)


def test_a_short_deck_and_a_missing_name_are_refused():
    deck = default_versus_deck(CONTENT, next(iter(CONTENT.styles)))
    short = msgspec.structs.replace(deck, name=" ", cards=deck.cards[:59])
    problems = check_versus_deck(short, CONTENT)
    assert "the deck needs a name" in problems
    assert any("at least 60 cards" in p for p in problems)
