"""The Lexicon: every word parses and runs in the engine, FIND, DEFINE, coining, moderation."""

from __future__ import annotations

import msgspec
import pytest

from engine.decknforge.lexicon import (
    OPS,
    TRIGGERS,
    Effect,
    Trigger,
    Word,
    approve,
    base_words,
    check_word,
    coin,
    define,
    find,
    glossary,
    own_lexicon,
    pending,
    reject,
    shared_lexicon,
    word_text,
    words_of,
)
from engine.decknforge.effects import HANDLERS
from engine.decknforge.model import Cast, Card, Hire
from tests.decknforge.helpers import (
    GAME,
    check_invariants,
    finish_round,
    new,
    put_in_hand,
    rig_monster,
    set_slots,
    take,
)

WORDS = base_words()


def test_at_least_60_words_of_every_kind():
    assert len(WORDS) >= 60
    for kind in ("adventurer", "equipment", "monster"):
        assert len(words_of(kind)) >= 15


def test_every_word_reads_if_then_and_uses_the_vocabulary():
    for word in WORDS:
        text = word_text(word)
        assert text.startswith("If ") and ", then " in text and text.endswith(".")
        assert check_word(word) == []
        assert all(effect.op in HANDLERS for effect in word.effects)
    assert set(HANDLERS) == set(OPS)


def _fire(word: Word):
    """Put the word where it belongs and drive its trigger through the real engine."""
    state = new(11)
    set_slots(state, 1, [("KC", [])])
    event = word.trigger.event
    suit = word.trigger.suit or "S"
    if word.kind == "monster":
        code = "X1" if event in ("joker", "escalate") else f"A{suit}"
        if event == "escalate":
            state.rows = [[take(state, 1, "X1"), take(state, 1, "X2")]]
        gear = ["10" + suit] if event == "slain" else ["2" + suit]
        if event == "survives":
            gear = []
        set_slots(state, 0, [("Q" + suit, gear), ("KH" if suit != "H" else "KD", ["3D"])])
        rig_monster(state, code, owner=0, word=word.name)
        finish_round(state)
        return state
    if word.kind == "adventurer":
        if event == "hired":
            set_slots(state, 0, [("KH", [])])
            GAME.apply(state, Hire(put_in_hand(state, 0, "Q" + suit, word=word.name)))
            return state
        layout = [("Q" + suit, ["10" + suit]), ("KD", [])]
        if event == "slain":  # a hit Adventurer is gone before the slaying: another hears it
            layout.reverse()
        set_slots(state, 0, layout, word=word.name)
    else:
        set_slots(state, 0, [("Q" + suit, ["10" + suit]), ("KD", [])])
        player = state.players[0]
        player.discard += player.hand[:3]
        del player.hand[:3]
        GAME.apply(state, Cast(put_in_hand(state, 0, "2H", word=word.name)))
        if event == "cast":
            return state
    if event == "round_start":
        finish_round(state)
        return state
    if event in ("joker", "escalate"):
        if event == "escalate":
            state.rows = [[take(state, 1, "X1"), take(state, 1, "X2")]]
        rig_monster(state, "X1", owner=0)
    else:
        rig_monster(state, "A" + suit, owner=1)
    finish_round(state)
    return state


@pytest.mark.parametrize("word", WORDS, ids=[w.name for w in WORDS])
def test_every_word_runs_in_the_engine(word):
    state = _fire(word)
    assert any(line.split(": ")[0].endswith(word.name) for line in state.log), state.log
    check_invariants(state)


def test_find_by_name_and_by_text():
    assert [w.name for w in find("tidestep")] == ["TIDESTEP"]
    by_text = {w.name for w in find("retaliate")}
    assert {"EMBERGUARD", "WHETSTONE"} <= by_text
    assert "CINDERJAW" in {w.name for w in find("diamonds")}
    names_first = find("ember")
    assert names_first[0].name.startswith("EMBER")
    assert find("") and not find("zzzz")


def test_define_glossary_terms():
    assert "fall" in define("DEFINE SCAR").text.lower()
    assert define("dungeon strength").term == "Dungeon Strength"
    assert define("nonsense") is None
    assert len(glossary()) >= 15


def test_coined_words_round_trip_and_wait_for_review():
    word = coin("ASHVEIL", "adventurer", Trigger("hit_suit", "H"), [Effect("retaliate", 2)], "AB")
    assert word.status == "pending" and word.author == "AB"
    data = msgspec.json.encode(word)
    assert msgspec.json.decode(data, type=Word) == word
    assert word in own_lexicon([word], "AB") and word not in own_lexicon([word], "CD")
    assert word not in shared_lexicon([word]) and pending([word]) == [word]
    approved = approve(word)
    assert approved.status == "approved" and approved in shared_lexicon([approved])
    rejected = reject(word, "too strong")
    assert rejected.status == "rejected" and rejected.note == "too strong"
    with pytest.raises(ValueError):
        approve(approved)
    assert find("ashveil", [word]) == [word]


def test_a_coined_word_works_in_a_game():
    word = coin("GRITSHELL", "adventurer", Trigger("hit"), [Effect("spare")], "P1")
    state = GAME.new_game(1, coined=[word])
    set_slots(state, 0, [("QS", [])], word="GRITSHELL")
    set_slots(state, 1, [("KC", [])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.players[0].slots and any("GRITSHELL" in line for line in state.log)


@pytest.mark.parametrize(
    "kind, trigger, effects, reason",
    [
        ("monster", Trigger("attack"), [Effect("empower", 9)], "1 to 5"),
        ("adventurer", Trigger("hit"), [Effect("sap", 7)], "1 to 6"),
        ("monster", Trigger("attack"), [Effect("clear_dungeon")], "never end or win"),
        ("adventurer", Trigger("hit"), [Effect("win")], "never end or win"),
        ("monster", Trigger("attack"), [Effect("retaliate", 2)], "not an effect"),
        ("equipment", Trigger("hired"), [Effect("draw_equipment", 1)], "cannot fire"),
        ("adventurer", Trigger("cast"), [Effect("draw_equipment", 1)], "cannot fire"),
        ("adventurer", Trigger("hit_suit"), [Effect("spare")], "suit"),
        ("adventurer", Trigger("attack"), [Effect("spare")], "cannot follow"),
        ("monster", Trigger("attack"), [Effect("empower", 1)] * 2, "twice"),
        ("monster", Trigger("attack"), [], "one or 2"),
        (
            "monster",
            Trigger("attack"),
            [Effect("empower", 1), Effect("fortify", 1), Effect("smash", 1)],
            "one or 2",
        ),
    ],
)
def test_coining_refuses_what_the_vocabulary_cannot_say(kind, trigger, effects, reason):
    with pytest.raises(ValueError, match=reason):
        coin("NEWWORD", kind, trigger, effects, "AB")


def test_coining_refuses_taken_or_malformed_names():
    with pytest.raises(ValueError, match="already"):
        coin("gnash", "monster", Trigger("attack"), [Effect("empower", 1)], "AB")
    with pytest.raises(ValueError, match="capital"):
        coin("x1", "monster", Trigger("attack"), [Effect("empower", 1)], "AB")


def test_vocabulary_has_no_op_that_ends_the_dungeon():
    for name in OPS:
        assert not any(bad in name for bad in ("clear", "win", "end", "fall"))
    for kind, triggers in TRIGGERS.items():
        assert triggers
    assert all(op.cap <= 6 for op in OPS.values())
    assert Card(0, "QS") == Card(0, "QS")
