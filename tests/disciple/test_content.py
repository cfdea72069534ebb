"""Content: every deck legal, the event deck's groups, every keyword and card type used."""

from collections import Counter

import pytest

from engine.disciple.content import GROUPS, load, style_deck
from engine.disciple.validate import validate_skills_deck, versus_allotment_ok

CONTENT = load()
STYLES = sorted(CONTENT.styles)


def test_three_styles_with_boxing_karate_and_a_grappling_style():
    assert {"boxing", "karate", "jiujitsu"} <= set(STYLES)
    grapple = [c for c in CONTENT.cards.values() if c.style == "jiujitsu" and c.kind == "grapple"]
    assert len(grapple) >= 10


@pytest.mark.parametrize("style", STYLES)
def test_skills_deck_is_legal(style):
    deck = style_deck(CONTENT, CONTENT.styles[style])
    assert len(deck) >= 60
    assert validate_skills_deck(deck, CONTENT) == []
    assert {CONTENT.cards[c].style for c in deck} == {style}


@pytest.mark.parametrize("style", STYLES)
def test_style_card_has_allotment_and_starting_choices(style):
    s = CONTENT.styles[style]
    assert len(s.energy) == 3
    assert s.start and s.start_choices
    assert all(len(choice.options) >= 2 for choice in s.start_choices)


@pytest.mark.parametrize("style", STYLES)
def test_event_deck_groups(style):
    s = CONTENT.styles[style]
    for group in GROUPS[:-1]:
        assert s.events.get(group), f"group {group} is empty"
    assert len(s.events["2.5"]) == 1 and CONTENT.events[s.events["2.5"][0]].learn_style
    for group in ("1", "2", "3"):
        assert CONTENT.enemies[s.minibosses[group]].tier == "miniboss"
    assert CONTENT.enemies[s.boss].tier == "boss"
    tiers = {CONTENT.enemies[e].tier for g in s.events.values() for e in g if e in CONTENT.enemies}
    assert "minion" in tiers
    events = [CONTENT.events[e] for g in s.events.values() for e in g if e in CONTENT.events]
    ops = {op.op for e in events for ch in e.choices for op in ch.ops}
    assert {"heal", "add_skills", "remove_card", "add_energy"} <= ops
    assert any(len(e.choices) >= 2 for e in events)


def test_enemy_tiers_have_vitality_attacks_and_specials():
    for tier in ("minion", "miniboss", "boss"):
        enemies = [e for e in CONTENT.enemies.values() if e.tier == tier]
        assert enemies and all(e.vitality > 0 and e.attacks for e in enemies)
        assert any(e.specials for e in enemies)
        assert all(len(CONTENT.patterns[style][tier]) >= 3 for style in STYLES)
    piles = [pile for tiers in CONTENT.patterns.values() for pile in tiers.values()]
    kinds = {a.kind for pile in piles for p in pile for a in p.actions}
    assert kinds == {"upper", "lower", "grapple", "none"}


def _keywords_used():
    used = set()
    for card in CONTENT.cards.values():
        ops = card.effects + card.flow + card.focus + (card.counter.ops if card.counter else ())
        used |= {op.op for op in ops}
        if card.combo:
            used.add("combo")
        if card.flow:
            used.add("flow")
        if card.focus:
            used.add("focus")
        if card.lock_in:
            used.add("lock it in")
        if card.counter:
            used.add("counter")
        used |= set(card.tags) | {card.kind}
    return used


def test_every_keyword_and_card_type_is_used():
    used = _keywords_used()
    keywords = {"power", "guard", "clinch", "feint", "combo", "flow", "lock it in", "focus",
                "exposed", "rocked", "submit", "weakened", "stun", "counter"}
    assert keywords <= used, keywords - used
    types = {"generic", "state", "upper", "punch", "elbow", "lower", "kick", "knee", "grapple",
             "choke", "joint", "point", "stance", "control", "mount", "style"}
    assert types <= used, types - used
    assert keywords <= set(CONTENT.keywords)


def test_validator_catches_every_rule():
    deck = style_deck(CONTENT, CONTENT.styles["boxing"])
    assert any("at least 60" in p for p in validate_skills_deck(deck[:59], CONTENT))
    assert any("allows 4" in p for p in validate_skills_deck(deck + ["jab"], CONTENT))
    assert any("allows 1" in p for p in validate_skills_deck(deck + ["knockout_artist"], CONTENT))
    assert any("allows 2" in p for p in validate_skills_deck(deck + ["peekaboo"], CONTENT))
    assert any("allows 3" in p for p in validate_skills_deck(deck + ["uppercut"], CONTENT))
    mixed = deck + ["front_kick"]
    assert any("style" in p for p in validate_skills_deck(mixed, CONTENT))
    assert validate_skills_deck(mixed, CONTENT, mode="versus") == []
    twelve = deck + ["front_kick", "low_kick"]  # 12 different commons: fine in Versus only
    assert any("different common" in p for p in validate_skills_deck(twelve, CONTENT))
    assert validate_skills_deck(twelve, CONTENT, mode="versus") == []
    assert any("energy" in p for p in validate_skills_deck(deck + ["energy_red"], CONTENT))
    assert any("not a known" in p for p in validate_skills_deck(deck + ["nope"], CONTENT))


def test_versus_allotment_respects_offered_colours():
    boxing, karate = CONTENT.styles["boxing"].energy, CONTENT.styles["karate"].energy
    assert versus_allotment_ok(["blue", "blue", "red"], boxing, karate)
    assert not versus_allotment_ok(["gray", "gray", "blue"], boxing, karate)


def test_card_texts_are_written():
    assert all(card.text for card in CONTENT.cards.values())
    assert len({card.name for card in CONTENT.cards.values()}) == len(CONTENT.cards)
    rarities = Counter(c.rarity for c in CONTENT.cards.values() if c.style == "boxing")
    assert rarities["legendary"] >= 1


def test_content_check_reports_broken_cards():
    import msgspec

    from engine.disciple.checks import check
    from engine.disciple.content import Card, LockIn

    bad = Card(id="bad", name="Bad", kind="upper", combo=("nothing",),
               lock_in=LockIn(needs=("state",), breaks=3))
    broken = msgspec.structs.replace(CONTENT, cards={**CONTENT.cards, "bad": bad})
    problems = check(broken)
    assert any("Combo names unknown" in p for p in problems)
    assert any("no stance or style" in p for p in problems)
    assert check(CONTENT) == []


def test_card_keywords_explain_a_card():
    from engine.disciple.content import card_keywords

    names = [kw.name for kw in card_keywords(CONTENT.cards["triangle_choke"])]
    assert names == ["Submit", "Lock It In"]
    names = [kw.name for kw in card_keywords(CONTENT.cards["shell_guard"])]
    assert names == ["Guard", "Focus", "Stance"]
    assert all(card_keywords(c) or c.kind == "energy" or c.effects for c in CONTENT.cards.values())


@pytest.mark.parametrize("style", STYLES)
def test_counts_per_group(style):
    s = CONTENT.styles[style]
    counts = {group: len(s.events[group]) for group in ("1", "2", "2.5", "3", "4")}
    assert counts == {"1": 5, "2": 5, "2.5": 1, "3": 5, "4": 3}
    enemies = {g: sum(e in CONTENT.enemies for e in s.events[g]) for g in ("1", "2", "3", "4")}
    assert enemies == {"1": 3, "2": 3, "3": 3, "4": 2}
    from engine.disciple.rules import DiscipleGame

    state = DiscipleGame().new_game(seed=1, style=style)
    assert len(state.players[0].event_deck) == sum(counts.values()) + 3 + 1  # minibosses and the boss


def test_every_card_is_in_some_deck():
    in_decks = {e.card for s in CONTENT.styles.values() for e in s.skills}
    for card in CONTENT.cards.values():
        assert card.kind == "energy" or card.id in in_decks, card.id


def _what_it_does(card):
    """A card's effects with its colours and body part left out: two cards alike here are
    mirrors (a Cross that is a Roundhouse in blue)."""
    sections = (card.effects, card.flow, card.focus, card.passive,
                card.counter.ops if card.counter else ())
    shape = tuple(tuple((op.op, op.n, op.tag) for op in ops) for ops in sections)
    attack = card.kind in ("upper", "lower", "grapple")
    return (attack or card.kind, sum(card.cost.values()), shape, card.combo != (), card.lock_in)


def test_no_card_mirrors_another_style_s():
    seen = {}
    for card in CONTENT.cards.values():
        if card.kind == "energy":
            continue
        twin = seen.setdefault(_what_it_does(card), card)
        assert twin is card or twin.style == card.style, f"{card.name} mirrors {twin.name}"


def test_every_style_s_opponents_fight_its_way():
    main_kind = {"boxing": "upper", "karate": "lower", "jiujitsu": "grapple"}
    for style, kind in main_kind.items():
        for tier, pile in CONTENT.patterns[style].items():
            kinds = [a.kind for p in pile for a in p.actions if a.damage]
            assert kinds.count(kind) > len(kinds) / 2, (style, tier)
