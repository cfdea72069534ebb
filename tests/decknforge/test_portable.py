"""A deck file carries the definitions of the coined words on it, so it loads and plays in
any data folder (R45; rulebook 4.0: "every player brings their own deck and their own
Lexicon")."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from engine.decknforge.legacy import fresh_deck
from engine.decknforge.lexicon import Effect, Trigger
from engine.decknforge.moderation import coin
from saves.paths import DataPaths
from tests.decknforge.helpers import GAME, finish_round, rig_monster
from tests.decknforge.test_storage import scar_all, written
from tui.decknforge.storage import deck_store, word_store

OLD_DECK = Path(__file__).parent.parent / "data" / "decknforge_deck_v1.json"  # ANN: A♦ ANNBITE +4


def annbite(**changes):
    word = coin("ANNBITE", "monster", Trigger("attack"), [Effect("empower", 2)], "ANN")
    return msgspec.structs.replace(word, **changes)


def fall_at_table(decks, word):
    """A rigged fall at a table that knows ANNBITE (ANN's own pending word); `word` on ANN's
    scar."""
    for seed in range(1, 40):  # a seed whose scar on ANN's deck is an ace (R38: not a joker)
        state = GAME.new_game(seed, decks=decks, coined=[annbite()])
        top = rig_monster(state, "X1", owner=0)
        state.lair += state.monster_pile[:-1]
        state.monster_pile = [top]
        finish_round(state)
        if state.scars[0].monster.startswith("A"):
            break
    scar_all(state, word)
    assert state.results[0].scar.monster_word == word
    return state


def other_folder(tmp_path, name="elsewhere") -> DataPaths:
    paths = DataPaths(tmp_path / name)
    paths.ensure()
    return paths


def copy_deck(source: DataPaths, target: DataPaths, deck_id: str) -> None:
    target_file = deck_store(target).shelf.path(deck_id)
    target_file.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(deck_store(source).shelf.path(deck_id), target_file)


def test_r45_a_deck_scarred_with_a_coined_word_plays_in_another_data_folder(paths, store, tmp_path):
    """Book 4.0: "every player brings their own deck and their own Lexicon"."""
    word_store(paths).add(annbite())
    decks = deck_store(paths)
    ann, bob = decks.create(fresh_deck("ANN")), decks.create(fresh_deck("BOB"))
    state = fall_at_table([ann, bob], word="ANNBITE")
    assert written(decks, "game-1", state) == []
    scarred = decks.load(ann.id)
    assert [w.name for w in scarred.words] == ["ANNBITE"]  # the file holds the definition
    assert scarred.words[0].history == ()  # not the review history: only what it does
    assert deck_store(paths).shelf.read(ann.id)[0].version == 2

    away = other_folder(tmp_path)  # no Lexicon words at all there
    copy_deck(paths, away, ann.id)
    brought = deck_store(away).load(ann.id)
    assert brought.words == scarred.words
    game = GAME.new_game(3, decks=[brought, fresh_deck("CAT")])
    inscribed = [c for c in game.monster_pile + game.lair if c.word == "ANNBITE"]
    assert inscribed and game.coined[0].name == "ANNBITE"
    again = GAME.new_game(3, **GAME.check_options({"decks": [brought, fresh_deck("CAT")]}))  # a save replays it
    assert msgspec.json.encode(again) == msgspec.json.encode(game)


def test_r45_an_old_deck_file_still_loads_and_gains_its_words_at_home(paths):
    """Versioning (DESIGN.md Saves): a version 1 deck file reads; in its own folder it gains
    the definitions from that folder's Lexicon and is written again as version 2."""
    word_store(paths).add(annbite())
    decks = deck_store(paths)
    decks.shelf.folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_DECK, decks.shelf.path("ann-1"))
    deck = decks.load("ann-1")
    assert deck.card("AD").word == "ANNBITE" and [w.name for w in deck.words] == ["ANNBITE"]
    envelope, again = decks.shelf.read("ann-1")
    assert envelope.version == 2 and again.words == deck.words
    assert envelope.updated == "2026-01-01T00:00:00+00:00"  # an upgrade is not an edit
    GAME.new_game(1, decks=[deck, fresh_deck("BOB")])


def test_r45_an_old_deck_without_its_words_loads_and_says_plainly_what_is_missing(tmp_path):
    away = other_folder(tmp_path)
    decks = deck_store(away)
    decks.shelf.folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_DECK, decks.shelf.path("ann-1"))
    deck = decks.load("ann-1")  # it loads (nothing to fill it from here), and stays version 1
    assert deck.words == [] and decks.shelf.read("ann-1")[0].version == 1
    with pytest.raises(ValueError) as refused:
        GAME.new_game(1, decks=[deck, fresh_deck("BOB")])
    message = str(refused.value)
    assert "A♦" in message and "ANNBITE" in message
    assert "AD" not in message.replace("ANN", "")  # no internal card code


def test_r45_a_deck_keeps_what_was_written_and_two_decks_cannot_disagree(paths, tmp_path):
    """Book 1: "Every word you write is permanent" (R40): the deck's definition stands for its
    word at the table, even where the table's Lexicon has since changed it."""
    word_store(paths).add(annbite())
    decks = deck_store(paths)
    ann = decks.create(fresh_deck("ANN"))
    state = fall_at_table([ann, decks.create(fresh_deck("BOB"))], word="ANNBITE")
    written(decks, "game-1", state)
    scarred = decks.load(ann.id)
    changed = annbite(effects=(Effect("empower", 5),))
    game = GAME.new_game(1, decks=[scarred, fresh_deck("CAT")], coined=[changed])
    assert [w.effects for w in game.coined] == [(Effect("empower", 2),)]  # as written on the deck
    other = msgspec.structs.replace(fresh_deck("DAN"), words=[changed])
    other.card("AS").word = "ANNBITE"
    with pytest.raises(ValueError, match="mean two things by ANNBITE"):
        GAME.new_game(1, decks=[scarred, other])
