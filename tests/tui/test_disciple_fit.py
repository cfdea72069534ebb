"""The Disciple table at 80 columns with long names: nothing wraps onto a second row and
nothing a player needs is cut off. Player names (20 characters at a shared table) give way
with "…" before the numbers do; the energy a card taps stays readable after a long card name."""

from __future__ import annotations

import re

import pytest

from engine.disciple.content import load
from engine.registry import GAMES
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tests.tui.test_disciple_table import rigged_fight
from tui.disciple.screen import DiscipleScreen

GAME = GAMES["disciple"]
LONG_NAMES = ["Bartholomew Q. Smith", "Zoë the Unyielding", "Maximilian Ferdinand", "Wilhelmina Rosalind"]


async def coop_fight(app, pilot, players: int):
    """A Co-Op run of `players` with long names, at the first turn of its first fight."""
    app.start_game("disciple", 7, mode="coop", players=players, names=LONG_NAMES[:players])
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DiscipleScreen)
    session = screen.session
    while not (session.state.enemies and session.state.phase == "player"):
        state = session.state
        session.play(GAME.bot_action(state, GAME.to_move(state)[0]))
    screen.redraw()
    await pilot.pause()
    return screen, session


def panel_rows(text: str, left: bool, top: int = 3) -> list[str]:
    """The rows of the upper left (or right) panel, inside its borders; `top`: its first row
    (the line of the party comes before it in Co-Op)."""
    rows = text.splitlines()[top : top + 8]
    return [row[2:38] if left else row[42:78] for row in rows]


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_long_names_neither_wrap_the_enemy_lines_nor_hide_a_players_numbers(paths, players):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await coop_fight(app, pilot, players)
        state = session.state
        text = screen_text(app)
        status, party = text.splitlines()[:2]
        acting = state.players[screen.me].name
        assert re.search(r" · Turn 1 · (\S.*) to act$", status.rstrip()), status  # not cut before "to act"
        shown = status.rstrip().removesuffix(" to act").rsplit(" · ", 1)[1]
        assert shown == acting or (shown.endswith("…") and acting.startswith(shown[:-1])), status
        assert len(re.findall(r"\d+/25 G\d+", party)) == players  # every player's vitality and Guard
        styles = " + ".join(load().styles[style].name for style in state.players[screen.me].styles)
        assert f" (you) · {styles} ─" in text.splitlines()[2]  # the name gives way in the panel's title
        enemy_rows = panel_rows(text, left=True)[: len(state.enemies)]
        for enemy, row in zip(state.enemies, enemy_rows):  # a line each: the target on its own row
            target = "you" if enemy.target == screen.me else state.players[enemy.target].name
            assert re.search(rf"\d+/{enemy.max_vitality} G\d+ → ", row), row
            shown = row.split("→ ")[1].strip()
            assert shown == target or (shown.endswith("…") and target.startswith(shown[:-1])), row


async def test_at_120_columns_the_names_are_whole(paths):
    app = make_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, session = await coop_fight(app, pilot, 4)
        text = screen_text(app)
        for name in LONG_NAMES:
            assert name in text
        assert "…" not in "".join(row for row in text.splitlines()[:6])


@pytest.mark.parametrize("card", ["sweet_science", "knockout_artist", "counter_right", "slip", "shrimp"])
async def test_the_energy_a_long_named_card_taps_fits_its_row(paths, card):
    """With energy to spare a card can be paid several ways, and its line grew past the panel
    ("Knockout Artist: taps B B N · t other energy"): the row under it was lost."""
    from engine.disciple.model import EnergyCard

    name = load().cards[card].name
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await rigged_fight(app, pilot, [card, "jab"])
        session.state.players[0].energy += [EnergyCard("blue", 1), EnergyCard("gray", 1), EnergyCard("gray", 1)]
        screen.redraw()
        await pilot.pause()
        rows = panel_rows(screen_text(app), left=False, top=2)
    labels = [row.split()[0] for row in rows]
    assert labels == ["Vitality", "Rocked", "Energy", labels[3], "Stance", "Style", "State", "Counters"], rows
    shown, said = rows[3].rstrip().split(": ")
    assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]) and len(shown) >= 10), rows[3]
    if len(name) <= 13:  # "Shrimp Escape: taps N · t other": the words give way to a whole name
        assert shown == name
    assert re.fullmatch(r"taps [BRGN]( [BRGN])*( · t other( energy)?)?", said), rows[3]
