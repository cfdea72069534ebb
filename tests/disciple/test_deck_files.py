"""Versus deck files: one file per deck in their own folder, written atomically with a backup,
damaged files listed with the reason and never written over; the defaults always ready."""

from __future__ import annotations

import os

import msgspec
import pytest

from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from saves import atomic
from saves.atomic import backup_path
from saves.envelope import Damaged
from tui.disciple.deck_files import copy_name, deck_rows, ready_decks, versus_deck_store

CONTENT = load()
STYLES = list(CONTENT.styles)


def mixed_deck(name: str = "Mixed") -> VersusDeck:
    """A legal two-style deck: 32 cards of each default deck, an allotment both offer."""
    first, second = (default_versus_deck(CONTENT, s) for s in STYLES[:2])
    offered = CONTENT.styles[STYLES[0]].energy
    return VersusDeck(name, tuple(STYLES[:2]), offered, first.cards[:32] + second.cards[:32])


def test_a_deck_round_trips_through_its_own_file_in_its_own_folder(paths):
    store = versus_deck_store(paths)
    deck = mixed_deck("Fists & Feet")
    deck_id = store.add(deck, deck.name)
    assert deck_id == "fistsfeet-1"
    assert (paths.root / "disciple-decks" / f"{deck_id}.json").exists()
    assert not paths.decks.exists()  # DecknForge's legacy decks live elsewhere
    assert store.load(deck_id) == deck
    again = versus_deck_store(paths).load(deck_id)  # a fresh store reads the same bytes
    assert msgspec.json.encode(again) == msgspec.json.encode(deck)


def test_defaults_come_first_and_are_ready_drafts_are_listed_but_not_ready(paths):
    store = versus_deck_store(paths)
    legal = store.add(mixed_deck(), "mixed")
    draft = store.add(msgspec.structs.replace(mixed_deck("Short"), cards=mixed_deck().cards[:40]), "short")
    rows = deck_rows(store, CONTENT)
    assert [r.key for r in rows[: len(STYLES)]] == [f"default:{s}" for s in STYLES]
    assert all(r.default and r.ready for r in rows[: len(STYLES)])
    by_key = {r.key: r for r in rows}
    assert by_key[legal].ready and by_key[legal].problems == ()
    assert not by_key[draft].ready and any("at least 60" in p for p in by_key[draft].problems)
    assert draft not in [r.key for r in ready_decks(store, CONTENT)]


def test_rename_copy_and_delete(paths):
    store = versus_deck_store(paths)
    deck_id = store.add(mixed_deck(), "mixed")
    store.replace(deck_id, msgspec.structs.replace(mixed_deck(), name="Renamed"))
    assert store.load(deck_id).name == "Renamed"
    assert backup_path(store.shelf.path(deck_id)).exists()  # the version before the rename
    copy = store.add(msgspec.structs.replace(store.load(deck_id), name="Renamed copy"), "Renamed copy")
    assert copy != deck_id and store.load(copy).cards == store.load(deck_id).cards
    store.delete(deck_id)
    assert not store.shelf.path(deck_id).exists()
    assert not backup_path(store.shelf.path(deck_id)).exists()
    assert [r.key for r in deck_rows(store, CONTENT) if not r.default] == [copy]
    assert store.add(mixed_deck(), "mixed") == deck_id  # nothing of it is left: its id is free


def test_copy_names_never_repeat():
    name = default_versus_deck(CONTENT, STYLES[0]).name
    assert copy_name(name, set()) == f"{CONTENT.styles[STYLES[0]].name} copy"
    assert copy_name("Mine", {"Mine copy", "Mine copy 2"}) == "Mine copy 3"


@pytest.mark.parametrize(
    "content, reason",
    [
        (b"", "empty"),
        (b'{"format": "tabletop-tui-deck", "vers', "not complete JSON"),
        (b'{"format": "tabletop-tui-deck", "version": 99}', "newer"),
        (b'{"format": "tabletop-tui-deck", "version": 1, "game_id": "disciple",'
         b' "created": "", "updated": "", "payload": {"name": 5}}', "wrong shape"),
        (b'{"format": "tabletop-tui-deck", "version": 1, "game_id": "decknforge",'
         b' "created": "", "updated": "", "payload": {"name": "x", "styles": [], "allotment": [],'
         b' "cards": []}}', "another game"),
    ],
)  # fmt: skip
def test_a_damaged_file_is_listed_with_its_reason_and_never_written_over(paths, content, reason):
    store = versus_deck_store(paths)
    good = store.add(mixed_deck(), "good")
    bad = store.add(mixed_deck(), "bad")
    store.shelf.path(bad).write_bytes(content)
    rows = {r.key: r for r in deck_rows(store, CONTENT)}
    assert rows[good].ready
    assert rows[bad].damaged and reason in rows[bad].damage and not rows[bad].ready
    with pytest.raises(Damaged):
        store.replace(bad, mixed_deck())
    assert store.shelf.path(bad).read_bytes() == content
    assert store.add(mixed_deck(), "bad") == "bad-2"  # a new deck never takes its name


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_crash_while_saving_leaves_the_old_deck_or_the_new(paths, monkeypatch, failing):
    store = versus_deck_store(paths)
    old = mixed_deck()
    deck_id = store.add(old, "mixed")
    new = msgspec.structs.replace(old, name="Changed", cards=old.cards[:-1] + old.cards[:1])
    real = getattr(os, failing)
    crashed = 0
    for allowed in range(6):
        store.shelf.write_envelope(deck_id, store.shelf.envelope(old))
        calls = {"n": 0}

        def flaky(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] > allowed:
                raise OSError(5, "disk gone")
            return real(*args, **kwargs)

        monkeypatch.setattr(atomic.os, failing, flaky)
        try:
            store.replace(deck_id, new)
        except OSError:
            crashed += 1
        finally:
            monkeypatch.setattr(atomic.os, failing, real)
        assert store.load(deck_id) in (old, new)  # whole, never half-written
        if calls["n"] <= allowed:
            assert store.load(deck_id) == new
            break
    assert crashed >= 1
