"""Text fitted to the room it has: what is shortened ends in "…", and the numbers a player
plays by (HP, attack) are never the part that goes."""

from __future__ import annotations

import pytest
from rich.text import Text

from engine.druid_path.model import Beast, Slot
from engine.druid_path.table import C
from engine.registry import GAMES
from tui.cut import cut, cut_text, first_fitting, wrap_cut
from tui.druid_path import view


def test_cut_marks_what_it_shortens():
    assert cut("Scorchling Pup", 12) == "Scorchling…"
    assert cut("Owl Eye", 12) == "Owl Eye"
    assert cut("漢字漢字", 5) == "漢字…"  # wide characters take two columns
    kept = cut_text(Text("Ripple").append("fin »4 ♥5", style="bold"), 8)
    assert kept.plain == "Ripplef…" and kept.spans[0].style == "bold"  # the styles stay


def test_first_fitting_takes_the_fullest_form_that_fits():
    assert first_fitting(["♥6/6 »4 S", "♥6/6»4S"], 12) == "♥6/6 »4 S"
    assert first_fitting(["♥16/16 »14 ◆3 zR", "♥16/16»14◆3zR"], 14) == "♥16/16»14◆3zR"
    assert first_fitting(["a long form", "short"], 3) == "sh…"


def test_wrap_cut_ends_in_an_ellipsis_only_when_it_left_something_out():
    assert wrap_cut("Deal 2 damage to a beastborg.", 12, 3) == ["Deal 2", "damage to a", "beastborg."]
    rows = wrap_cut("Deal 2 damage to a beastborg.", 12, 2)
    assert rows == ["Deal 2", "damage to a…"]
    assert all(len(row) <= 12 for row in wrap_cut("x" * 40, 12, 2))


@pytest.mark.parametrize("tried", [False, True])
def test_every_encounter_shows_its_attack_and_hp_in_a_narrow_lane(tried):
    state = GAMES["druid-path"].new_game(seed=1)
    for card_id, card in C.beasts.items():
        state.encounter[0] = Slot(card_id, tried=tried)
        name, stats = view.encounter_cell(state, 0, cell=view.CELL)
        assert name.cell_len == stats.cell_len == view.CELL
        shown = stats.plain.rstrip()
        assert shown.endswith(f"♥{card.hp}") and f"»{card.attack}" in shown, (card_id, shown)
        assert card.name in name.plain or name.plain.rstrip().endswith("…")


def test_every_beastborg_shows_its_numbers_in_a_narrow_lane():
    for card_id, card in {**C.beasts, **C.shadows}.items():
        beast = Beast(card_id, exhausted=True, used=True)
        name, stats = view.beast_cell(beast, cell=view.CELL, row="darach")
        assert name.cell_len == stats.cell_len == view.CELL
        assert f"♥{card.hp}/{card.hp}" in stats.plain and not stats.plain.rstrip().endswith("…"), card_id
        assert card.name in name.plain or name.plain.rstrip().endswith("…")
