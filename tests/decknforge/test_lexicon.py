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
    base_words,
    check_word,
    define,
    find,
    fires_on,
    glossary,
    word_text,
    words_of,
)
from engine.decknforge.moderation import (
    approve,
    challenge,
    coin,
    is_author,
    own_lexicon,
    pending,
    recheck,
    reject,
    resubmit,
    sent_back,
    shared_lexicon,
    table_words,
    why_not_approve,
)
from engine.decknforge.effects import HANDLERS
from engine.decknforge.model import Card, Cast, Equip, Hire
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


def cards_for(word: Word) -> list[str]:
    """One card of every kind the word may be written on (R38): an ace and a joker for Monster
    words that can fire on each, a face card or a number card for the others."""
    suit = word.trigger.suit or "S"
    if word.kind == "monster":
        return [code for code in (f"A{suit}", "X1") if fires_on(word, code)]
    return [f"Q{suit}" if word.kind == "adventurer" else f"2{suit}"]


def _fire(word: Word, code: str):
    """Write the word on that card and drive its trigger through the real engine."""
    state = new(11)
    set_slots(state, 1, [("KC", [])])
    event = word.trigger.event
    suit = word.trigger.suit or "S"
    if word.kind == "monster":
        if event == "escalate":
            state.rows = [[take(state, 1, "X1"), take(state, 1, "X2")]]
        gear = {"slain": ["10" + suit], "survives": []}.get(event, ["2" + suit])
        other = [] if code.startswith("X") and event == "survives" else ["3D"]  # a joker stands when nothing answers it (R4)
        set_slots(state, 0, [("Q" + suit, gear), ("KH" if suit != "H" else "KD", other)])
        rig_monster(state, code, owner=0, word=word.name)
        finish_round(state)
        return state
    if word.kind == "adventurer":
        if event == "hired":
            set_slots(state, 0, [("KH", [])])
            GAME.apply(state, Hire(0, put_in_hand(state, 0, code, word=word.name)))
            return state
        layout = [(code, ["10" + suit], word.name), ("KD", [])]
        if event == "slain":  # a hit Adventurer is gone before the slaying: another hears it
            suit = "H" if code[-1] != "H" else "C"
            layout = [(code, [], word.name), ("K" + suit, ["10" + suit])]
        set_slots(state, 0, layout)
    else:
        set_slots(state, 0, [("QS", ["10S"])])
        player = state.players[0]
        player.discard += player.hand[:3]
        del player.hand[:3]
        GAME.apply(state, Cast(0, put_in_hand(state, 0, code, word=word.name)))
        if event == "hire":
            GAME.apply(state, Hire(0, put_in_hand(state, 0, "JD")))
        elif event == "equip":
            GAME.apply(state, Equip(0, 0, 0))
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


WORD_CARDS = [(w, code) for w in WORDS for code in cards_for(w)]


@pytest.mark.parametrize("word, code", WORD_CARDS, ids=[f"{w.name}-{c}" for w, c in WORD_CARDS])
def test_every_word_fires_on_every_kind_of_card_it_may_be_written_on(word, code):
    state = _fire(word, code)
    from engine.decknforge.model import LABEL

    said = f"'s {LABEL[code]} {word.name}:"
    assert any(said in line for line in GAME.log_lines(state)), GAME.log_lines(state)
    check_invariants(state)


def test_r38_monster_words_that_cannot_fire_on_a_card_are_never_offered_for_it():
    joker_only = {"WILDJEST", "STORMRIFT"}
    # a joker has no suit to hit (R4): a word that makes its Monster hit another suit too
    never_on_jokers = {"SPOREBLOOM", "FLOODMAW", "CINDERJAW", "SHADEFANG"}
    assert {w.name for w in words_of("monster") if not fires_on(w, "AS")} == joker_only
    assert {w.name for w in words_of("monster") if not fires_on(w, "X2")} == never_on_jokers
    # a placed joker is answered by the gear it strips (R4): its hit, slain and survives words fire
    assert {"MAULER", "REVENANT", "GRUDGE", "VENOMSPIT", "GNASH"} <= {w.name for w in words_of("monster") if fires_on(w, "X2")}
    assert all(any(c.startswith("A") or c.startswith("X") for c in cards_for(w)) for w in words_of("monster"))


def test_r37_the_vocabulary_refuses_effects_the_next_step_would_undo():
    with pytest.raises(ValueError, match="cannot follow"):
        coin("LOOTWIND", "adventurer", Trigger("joker"), [Effect("draw_equipment", 2)], "AB")
    with pytest.raises(ValueError, match="cannot follow"):
        coin("LOOTWIND", "adventurer", Trigger("round_start"), [Effect("draw_equipment", 1)], "AB")
    with pytest.raises(ValueError, match="not an effect"):
        coin("LOOTWIND", "equipment", Trigger("cast"), [Effect("sap", 3)], "AB")
    with pytest.raises(ValueError, match="cannot fire"):
        coin("LOOTWIND", "equipment", Trigger("hit"), [Effect("draw_adventurer", 1)], "AB")
    for word in words_of("equipment"):
        assert word.trigger.event in ("cast", "hire", "equip")


def test_find_by_name_and_by_text():
    assert [w.name for w in find("tidestep")] == ["TIDESTEP"]
    by_text = {w.name for w in find("retaliate")}
    assert {"EMBERGUARD", "STONEGRIP"} <= by_text
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


def test_r39_a_challenged_word_goes_back_to_its_author_and_keeps_its_history():
    word = coin("ASHVEIL", "adventurer", Trigger("hit"), [Effect("retaliate", 5)], "AB", author_id="key:ab")
    assert [r.verdict for r in word.history] == ["coined"] and word.history[0].by == "key:ab"
    with pytest.raises(ValueError, match="says what"):
        challenge(word, "  ")
    sent = challenge(word, "too strong for a plain hit", by="key:cd")
    assert sent.status == "challenged" and sent.note == "too strong for a plain hit"
    assert sent_back([sent, word], "key:ab") == [sent] and sent_back([sent], "key:cd") == []
    assert pending([sent]) == [] and sent not in own_lexicon([sent], "AB")  # usable by nobody
    with pytest.raises(ValueError, match="unchanged"):
        resubmit(sent, sent.trigger, sent.effects)
    again = resubmit(sent, Trigger("hit"), [Effect("retaliate", 2)], [sent])
    assert again.status == "pending" and again.effects == (Effect("retaliate", 2),)
    assert [r.verdict for r in again.history] == ["coined", "challenged", "resubmitted"]
    assert again.history[-1].was == word_text(word) and again.history[1].reason == sent.note
    with pytest.raises(ValueError, match="not sent back"):
        resubmit(again, Trigger("hit"), [Effect("retaliate", 1)])
    approved = approve(again, by="key:cd")
    assert approved.status == "approved" and approved.history[-1].by == "key:cd"


def test_r39_an_author_approves_their_own_word_only_when_no_other_moderator_could():
    mine = coin("ASHVEIL", "adventurer", Trigger("hit"), [Effect("retaliate", 2)], "AB", author_id="key:ab")
    assert why_not_approve(mine, "key:ab", moderator=True, others=True).startswith("You coined")
    assert why_not_approve(mine, "key:ab", moderator=True, others=False) == ""
    assert why_not_approve(mine, "key:cd", moderator=True, others=True) == ""
    assert why_not_approve(mine, "key:cd", moderator=False, others=True).startswith("Only a moderator")
    local = coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("fortify", 1)], "AB")
    # one machine: the approver says who they are, and is never the author (R39)
    assert why_not_approve(local, "", moderator=True, others=True, initials="CD") == ""
    assert why_not_approve(local, "", moderator=True, others=False, initials="ab").startswith("You coined")
    assert why_not_approve(local, "", moderator=True, others=True).startswith("Say who")
    assert is_author(local, "", "AB") and not is_author(local, "", "CD")
    assert is_author(mine, "key:ab") and not is_author(mine, "key:cd")


def test_r40_words_the_vocabulary_no_longer_allows_go_back_unless_written_on_a_deck():
    old = Word("OLDGUARD", "equipment", Trigger("hit"), (Effect("retaliate", 3),), "approved", "AB")
    kept = msgspec.structs.replace(old, name="OLDKEEP", inscribed=True)
    fine = coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("fortify", 1)], "AB")
    checked = recheck([old, kept, fine])
    assert checked[0].status == "challenged" and "vocabulary changed" in checked[0].note
    assert checked[1] == kept and checked[2] == fine
    assert [w.name for w in table_words(checked, {"AB"})] == ["OLDKEEP", "GLOOMTIDE"]
    assert table_words(checked, set(), written={"OLDGUARD"})[0].name == "OLDGUARD"
    assert all(w.history == () for w in table_words(checked, {"AB"}))  # a save carries no history


def test_a_coined_word_works_in_a_game():
    word = coin("GRITSHELL", "adventurer", Trigger("hit"), [Effect("retaliate", 5)], "P1")
    state = GAME.new_game(1, coined=[word])
    set_slots(state, 0, [("QS", [])], word="GRITSHELL")
    set_slots(state, 1, [("KC", [])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "slain"  # no gear, but +5 beats its attack of 1
    assert any("GRITSHELL" in line for line in GAME.log_lines(state))


@pytest.mark.parametrize(
    "kind, trigger, effects, reason",
    [
        ("monster", Trigger("attack"), [Effect("empower", 9)], "1 to 5"),
        ("adventurer", Trigger("hit"), [Effect("sap", 7)], "1 to 6"),
        ("equipment", Trigger("equip"), [Effect("arm", 2)], "1 to 1"),
        ("monster", Trigger("attack"), [Effect("clear_dungeon")], "never end or win"),
        ("adventurer", Trigger("hit"), [Effect("win")], "never end or win"),
        ("monster", Trigger("attack"), [Effect("retaliate", 2)], "not an effect"),
        ("equipment", Trigger("hired"), [Effect("draw_equipment", 1)], "cannot fire"),
        ("monster", Trigger("attack"), [Effect("recruit")], "not an effect"),
        ("adventurer", Trigger("cast"), [Effect("draw_equipment", 1)], "cannot fire"),
        ("adventurer", Trigger("hit_suit"), [Effect("retaliate", 1)], "suit"),
        ("adventurer", Trigger("attack"), [Effect("ward")], "cannot follow"),
        ("adventurer", Trigger("hit"), [Effect("spare")], "no effect 'spare'"),  # gone for good: R19
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


def test_r39_other_players_challenge_a_word_and_its_author_never_approves_it():
    """Book 12: "A term may be challenged as OP by other players and require modification";
    "A word you send is in your Lexicon straight away, and in everybody else's once a
    moderator approves it"."""
    from engine.decknforge.moderation import challenge, why_not_challenge

    local = coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("fortify", 1)], "AB")
    assert why_not_challenge(local, "", "CD") == ""  # any other player, moderator or not
    assert why_not_challenge(local, "", "AB").startswith("You coined")
    served = coin("ASHVEIL", "adventurer", Trigger("hit"), [Effect("retaliate", 2)], "AB", author_id="key:ab")
    assert why_not_challenge(served, "key:cd") == "" and why_not_challenge(served, "key:ab")
    approved = approve(local, by="CD")
    sent = challenge(approved, "too strong", by="EF")  # an approved word can be challenged too
    assert sent.status == "challenged" and sent.history[-1].by == "EF"
    assert why_not_challenge(sent, "", "CD").endswith("nothing to challenge.")


def test_the_lexicon_helps_own_find_examples_each_find_words():
    """The Lexicon's help shows FIND with examples: each must find something."""
    from tui.decknforge.lexicon_screen import FIND_EXAMPLES, LexiconScreen

    for query in FIND_EXAMPLES:
        assert find(query), query
        assert f"`{query}`" in LexiconScreen.HELP
    assert "`/` **FIND**" in LexiconScreen.HELP


def test_r46_every_built_in_equipment_word_pays_for_its_cast():
    """A cast costs an action and the hand refills at READY (rulebook 5), so a word that only
    draws is a worse card than one equipped: every built-in Equipment word gives the action
    back, puts a card onto an Adventurer or hires one, and HASTE gives the most."""
    def paid(word: Word) -> int:
        return sum(e.amount if e.op == "actions" else 1 for e in word.effects if e.op in ("actions", "arm", "recruit"))

    equipment = words_of("equipment")
    assert equipment and all(paid(w) >= 1 for w in equipment), [w.name for w in equipment if paid(w) < 1]
    assert max(equipment, key=paid).name == "HASTE" and paid(max(equipment, key=paid)) == 3
