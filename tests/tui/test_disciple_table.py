"""What the Disciple table shows a player deciding: the energy a card will tap and the key to
choose other energy, hand digits that stay with their cards, the enemy's intent, warnings about
cards no energy can pay, the New game screen's names, and the layout at 120x40."""

from __future__ import annotations

from engine.disciple import combat, enemy, journey
from engine.disciple.content import load
from engine.disciple.model import Choose, EnergyCard
from tests.conftest import screen_text
from tests.tui.launcher import make_app, use_snapshot_dir
from tui.disciple.screen import DiscipleScreen
from tui.disciple.opponent import intent_summary

LARGE = (120, 40)


async def rigged_fight(app, pilot, hand: list[str], enemy_id: str = "bx_brawler", patterns=None):
    """A Boxing run's first fight, with this hand (the screen redrawn from it)."""
    app.start_game("disciple", 1, style="boxing", second_style=False)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DiscipleScreen)
    session = screen.session
    while session.state.phase != "player":
        session.play(Choose(0))
    state = session.state
    journey.gather_deck(state, state.players[0])
    combat.start_combat(state, enemy_id)
    state.players[0].draw += state.players[0].hand
    state.players[0].hand = list(hand)
    if patterns is not None:
        names = {p.name: i for i, p in enumerate(load().pile(state.enemies[0].id))}
        state.enemies[0].patterns = [names[n] for n in reversed(patterns)]
    screen.redraw()
    await pilot.pause()
    return screen, session


def row_of(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if name in line)


async def test_a_card_keeps_its_digit_for_the_turn(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["jab", "slip", "cross", "hook", "tie_up"])
        session.state.players[0].draw.append("double_jab")  # what Slip draws
        assert "3  Cross" in row_of(screen_text(app), "Cross")
        await pilot.press("2")  # Slip: it leaves the hand and draws Double Jab
        await pilot.pause()
        text = screen_text(app)
        assert "3  Cross" in row_of(text, "Cross") and "4  Hook" in row_of(text, "Hook")
        assert "6  Double Jab" in row_of(text, "Double Jab")  # a new card takes a new digit
        assert " 2 " not in "".join(line[:6] for line in text.splitlines()[12:20])
        await pilot.press("3")
        await pilot.pause()
        assert "You play Cross" in " ".join(session.game.log_lines(session.state)[-3:])
        await pilot.press("2")  # nothing has the key 2 this turn: nothing happens
        await pilot.pause()
        assert "cross" not in session.state.players[0].hand and len(session.state.players[0].hand) == 4


async def test_the_energy_a_card_taps_shows_first_and_t_picks_other_energy(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["slip", "jab"])
        text = screen_text(app)
        assert "Slip: taps N · t other energy" in text  # the default, before anything is played
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "Pay for Slip" in text and "1 Tap N" in text and "2 Tap B" in text
        snapshot.assert_match(text, "pay-for-a-card.txt")
        await pilot.press("escape")  # backs out: nothing played, the hand is back
        await pilot.pause()
        assert "Hand (2)" in screen_text(app) and session.state.players[0].hand == ["slip", "jab"]
        await pilot.press("t", "2")
        await pilot.pause()
        assert [e.tapped for e in session.state.players[0].energy] == [True, False, False]  # a blue
        assert "You play Slip, tapping B." in session.game.log_lines(session.state)


async def test_the_enemy_panel_shows_what_its_pile_can_do(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["jab"], patterns=["Straight Right"])
        state = session.state
        foe = " ".join(screen.paint.shown["foe"].plain.split())
        assert f"Next: {intent_summary(state)}" in foe
        # punches of 1 or 2, +1 Wild Haymaker, +2 more after Wind Up's Power
        assert intent_summary(state).startswith("Upper 2-4 · Lower 1 · Grapple 1 · Untyped 1")
        state.enemies[0].stun = 1
        screen.redraw()
        foe = " ".join(screen.paint.shown["foe"].plain.split())
        assert "Stunned 1" in foe and f"Next: {intent_summary(state)}" in foe


async def test_a_reward_the_energy_can_never_pay_is_marked(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["uppercut"])
        state = session.state
        state.players[0].allotment = ["gray", "gray", "gray"]  # as if a second style had taken the blues
        state.players[0].energy = [EnergyCard("blue", 2)]
        state.players[0].skills_deck[-3:] = ["slip", "jab", "knockout_artist"]  # shown from the top
        state.enemies[0].vitality = 1
        screen.redraw()
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert session.state.pending.kind == "reward"
        assert row_of(text, "Knockout Artist").lstrip("│ ▸").startswith("1 !Knockout")
        assert row_of(text, "Slip").split("Slip")[0].endswith(" ")  # Slip is payable: no mark
        assert "can never pay it" in " ".join(screen.paint.shown["detail"].plain.split())


async def test_the_new_game_screen_names_the_style_choice(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "Martial art" in text and "Choose at the table" in text and "ask" not in text


async def test_the_table_grows_at_120x40(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=LARGE) as pilot:
        screen, session = await rigged_fight(app, pilot, ["jab", "slip", "cross", "shell_guard"])
        await pilot.pause()
        text = screen_text(app)
        assert len(text.splitlines()) == LARGE[1]
        state = session.state
        for pattern in enemy.pile(state.enemies[0]):  # each pattern of its pile, on a line of its own
            line = row_of(text, pattern.name)
            assert enemy.pattern_words(state, state.enemies[0], pattern)[:20] in line
        assert screen.query_one("#foe-panel").size.width >= 55
        assert screen.query_one("#choices").size.height == 9
        assert "Combo: The cards it names cost 1 less" in " ".join(text.split())  # keywords
        snapshot.assert_match(text, "combat-turn-120x40.txt")


async def test_a_crossroads_and_an_energy_pick_at_120x40(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=LARGE) as pilot:
        app.start_game("disciple", 5, style="karate")
        await pilot.pause()
        screen = app.screen
        session = screen.session
        state = session.state
        while state.pending is not None:  # the starting picks
            session.play(Choose(0))
        journey.gather_deck(state, state.players[0])  # then straight to the crossroads
        state.enemies, state.phase = [], "journey"
        while state.players[0].event_deck[-1] != "crossroads_school":
            state.players[0].event_deck.pop()
        session.game._advance(state)
        assert state.pending.kind == "second_style"
        screen.redraw()
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Learning one: its starting deck joins yours" in text and "Deck +" in text
        session.play(Choose(0))  # Boxing
        while session.state.pending.kind == "start_choice":
            session.play(Choose(0))
        screen.redraw()
        await pilot.pause()
        text = screen_text(app)
        assert "New energy allotment" in text and "3 picks left" in text
        snapshot.assert_match(text, "energy-pick-120x40.txt")
