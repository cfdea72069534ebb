"""Stats from a fixture history: counts, rates, best and average scores, streaks, variants,
campaigns' furthest game, counted dailies."""

from __future__ import annotations

from engine.core.game import Outcome
from engine.registry import GAMES
from saves.history import Finished
from saves.stats import render, sections

TITLES = {"disruption": "Disruption", "druid-path": "Druid Path", "decknforge": "DecknForge"}


def played(n: int, game_id: str, won: bool, score: int | None, length: int = 0, **more) -> Finished:
    game = GAMES[game_id]
    return Finished(
        id=f"{game_id}-{n}",
        game_id=game_id,
        finished=f"2026-05-{n:02d}T10:00:00+00:00",
        won=won,
        result="won" if won else "lost",
        score=score,
        rank=game.rank(Outcome(won, score, length=length)),
        **more,
    )


HISTORY = [
    played(1, "disruption", True, 12, variant={"No Dice": "off"}),
    played(2, "disruption", True, 20, variant={"No Dice": "on"}),
    played(3, "disruption", False, None, variant={"No Dice": "off"}),  # a loss has no score (R5)
    played(4, "disruption", True, 8, variant={"No Dice": "off"}, daily="2026-05-04"),
    played(5, "disruption", True, 9, variant={"No Dice": "off"}, daily="2026-05-04", practice=True),
    played(6, "decknforge", True, 150, length=9),
    played(7, "decknforge", True, 150, length=5),  # cleared sooner: the best is the fewest rounds
    played(8, "decknforge", False, 10, length=2),
    played(9, "druid-path", False, None, kind="campaign", reached=1, variant={"Druid": "Seren"}),
    played(10, "druid-path", True, 40, kind="campaign", reached=4, variant={"Druid": "Belthar"}),
    played(11, "druid-path", False, None, kind="campaign", reached=3, variant={"Druid": "Belthar"}),
    Finished(id="broken", game_id="", damage="the file is empty"),
]


def by_label(section):
    return {line.label: line for line in section.lines}


def test_counts_rates_scores_and_streaks():
    disruption = by_label(sections(HISTORY, TITLES)[0])
    every = disruption["All games"]
    assert (every.played, every.won, round(every.win_rate, 2)) == (5, 4, 0.8)
    assert every.best == 20 and every.average == (12 + 20 + 8 + 9) / 4  # the loss counts in no score
    assert (every.streak, every.best_streak) == (2, 2)
    off = disruption["No Dice: off"]
    assert (off.played, off.won, off.best, off.streak) == (4, 3, 12, 2)
    assert disruption["No Dice: on"].played == 1
    counted = disruption["Daily deals (counted)"]
    assert (counted.played, counted.won) == (1, 1)  # practice does not count as the daily


def test_a_game_ranks_its_own_scores():
    decknforge = by_label(sections(HISTORY, TITLES)[2])["All games"]
    assert decknforge.best == 150 and decknforge.average == (150 + 150 + 10) / 3  # XP a deck banks
    assert decknforge.streak == 0 and decknforge.best_streak == 2
    best = max((e for e in HISTORY if e.game_id == "decknforge"), key=lambda e: e.rank)
    assert best.id == "decknforge-7"  # of two clears, the one in fewer rounds


def test_campaigns_count_apart_with_the_furthest_game_reached():
    druid = sections(HISTORY, TITLES)[1]
    lines = by_label(druid)
    assert "All games" not in lines  # only campaigns were played here
    road = lines["Campaigns (to game 4)"]
    assert (road.played, road.won, road.best, road.furthest) == (3, 1, 40, 4)
    assert lines["Campaigns, Seren (to game 1)"].played == 1
    assert lines["Campaigns, Belthar (to game 4)"].played == 2


def test_the_text_fits_eighty_columns_and_says_when_there_is_nothing():
    text = render(sections(HISTORY, TITLES))
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Disruption" in text and "DecknForge" in text
    assert "No finished games" in render(sections([], TITLES))
