"""The Disciple screen: snapshots of each kind of moment, a first fight by key presses only,
keyword help, and quit-and-resume in the middle of a fight."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from engine.disciple.content import card_keywords, load
from engine.disciple.model import Choose, EndTurn, PlayCard
from tests.conftest import screen_text, unmarked
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from engine.disciple import enemy
from tui.disciple import explain, rows
from tui.disciple.screen import DiscipleScreen
from tui.disciple.opponent import intent_summary
from tui.disciple.widgets import InfoScreen
from tui.screens.dialogs import Confirm
from tui.screens.game_end import EndScreen
from tui.screens.home import HomeScreen

FIRST_EVENT_A_FIGHT = "1"  # seeds checked by hand: the first event of this run is a minion
FIRST_EVENT_AN_EVENT = "2"  # ... and of this one a non-enemy event
GREEDY_WINS, GREEDY_LOSES = 7, 1  # the greedy player beats the boss / falls in group 4


async def start_by_keys(pilot, seed: str) -> None:
    """Home -> 1 (Disciple) -> the seed line (just above Start) -> type the seed -> s: the
    run opens on the style choice."""
    await pilot.press("1")
    await pilot.pause()
    await pilot.press("end", "up", "enter", *seed, "enter")
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


def session_of(app):
    assert isinstance(app.screen, DiscipleScreen)
    return app.screen.session


def key_for(action, screen=None) -> list[str]:
    """The key presses that make this move: a card's digit (it stays with the card for the
    turn), an option's digit, or arrows then Enter past the ninth."""
    if isinstance(action, EndTurn):  # with a card still playable it asks first: yes
        return ["e", "y"] if screen is not None and screen.waste(action) else ["e"]
    if isinstance(action, PlayCard) and screen is not None:
        return [screen.slots.digit(action.hand_index)]
    index = action.hand_index if isinstance(action, PlayCard) else action.index
    if index < 9:
        return [str(index + 1)]
    return ["home", *["down"] * index, "enter"]


async def test_style_choice_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, FIRST_EVENT_A_FIGHT)
        session = session_of(app)
        assert session.state.pending.kind == "style" and session.envelope.actions == []
        text = screen_text(app)
        assert "Choose your martial art" in text
        assert all(name in text for name in ("Boxing", "Karate", "Jiu-Jitsu"))
        assert "Boxing" in text and "energy B B N" in text  # its allotment, in letters
        snapshot.assert_match(text, "style-choice.txt")


async def test_first_fight_by_keys_then_reward(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, FIRST_EVENT_A_FIGHT)
        session = session_of(app)
        bot = Rng.from_seed(0)
        presses = 0
        snapped = False
        while session.state.fights_won == 0:
            state = session.state
            assert session.outcome() is None
            if state.phase == "player" and state.pending is None and state.turn == 2 and not snapped:
                text = screen_text(app)
                assert f"Hand ({len(state.players[0].hand)})" in text and "Last: " in text
                assert f"{state.players[0].vitality}/25" in text
                flat = " ".join(text.split())  # the intent wraps inside its panel
                assert "Next: " + intent_summary(state).split(" · ")[0] in flat
                snapshot.assert_match(text, "combat-turn.txt")
                snapped = True
            for key in key_for(greedy_action(session.game, state, bot), app.screen):
                await pilot.press(key)
            await pilot.pause()
            presses += 1
            assert presses < 200
        assert snapped
        assert len(app.store.read(session.save_id).actions) == presses
        pending = session.state.pending
        assert pending.kind == "reward"
        text = screen_text(app)
        names = [load().cards[o].name for o in pending.options if o in load().cards]
        pending = msgspec.structs.replace(pending, options=list(pending.options))
        assert "Reward: keep up to 1" in text and all(name in text for name in names)
        assert "Keep none" in text
        snapshot.assert_match(text, "reward.txt")
        await pilot.press("1")
        await pilot.pause()
        assert session.state.pending is None or session.state.pending.kind != "reward"
        assert pending.options[0] in session.state.players[0].owned  # the first card shown, kept


async def test_event_choice_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, FIRST_EVENT_AN_EVENT)
        session = session_of(app)
        for _ in range(3):  # Boxing, then both starting-deck picks
            await pilot.press("1")
            await pilot.pause()
        state = session.state
        assert state.pending.kind == "event"
        event = load().events[state.event]
        text = screen_text(app)
        assert f"Event: {event.name}" in text and event.choices[-1].label[:30] in text
        snapshot.assert_match(text, "event-choice.txt")
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one("#choices").cursor == 1
        detail = app.screen.paint.shown["detail"].plain.replace("\n", " ")
        assert detail.startswith(event.choices[1].label)
        await pilot.press("enter")
        await pilot.pause()
        assert f"{event.name}: {event.choices[1].label}." in session.game.log_lines(session.state)


async def play_to_the_end(app, pilot, seed: int) -> str:
    """Start a run and let the greedy player make every move through the session (autosaved),
    then show the final screen."""
    app.start_game("disciple", seed)
    await pilot.pause()
    screen = app.screen
    session = screen.session
    bot = Rng.from_seed(seed)
    while session.outcome() is None:
        session.play(greedy_action(session.game, session.state, bot))
    screen.redraw()
    await pilot.pause()
    return screen_text(app)


async def test_victory_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        text = await play_to_the_end(app, pilot, GREEDY_WINS)
        session = session_of(app)
        result = session.outcome()
        assert result.won and "VICTORY" in text and f"score {result.score}" in text
        assert "New run, same options" in text and "n New run" in text
        assert "e End turn" not in text  # no dead keys in the footer
        snapshot.assert_match(text, "victory.txt")
        app.screen.show_end()  # the end screen, as when the last blow is struck by a key
        await pilot.pause()
        ending = screen_text(app)
        assert isinstance(app.screen, EndScreen) and f"Score {result.score}" in ending
        assert "10 per fight won" in ending and "vitality left" in ending and "Turning points" in ending
        snapshot.assert_match(ending, "end-victory.txt")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        fresh = session_of(app)
        assert fresh.save_id != session.save_id and fresh.state.pending.kind == "style"


async def test_defeat_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        text = await play_to_the_end(app, pilot, GREEDY_LOSES)
        session = session_of(app)
        result = session.outcome()
        assert not result.won and "DEFEAT" in text and "You were " in text
        before = msgspec.json.encode(session.state)
        await pilot.press("1", "e")  # nothing left to play: no change, no crash
        await pilot.pause()
        assert msgspec.json.encode(session.state) == before
        snapshot.assert_match(text, "defeat.txt")


async def to_first_fight(pilot, app):
    await start_by_keys(pilot, FIRST_EVENT_A_FIGHT)
    for _ in range(3):
        await pilot.press("1")
        await pilot.pause()
    session = session_of(app)
    assert session.state.phase == "player" and session.state.pending is None
    return session


async def test_info_key_explains_the_highlighted_cards_keywords(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        session = await to_first_fight(pilot, app)
        cards = load().cards
        hand = session.state.players[0].hand
        index = next(i for i, c in enumerate(hand) if card_keywords(cards[c]))
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        text = screen_text(app)
        card = cards[hand[index]]
        assert f"Card: {card.name}" in text
        for keyword in card_keywords(card):
            assert f"{keyword.name}: {keyword.help[:30]}" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DiscipleScreen)
        await pilot.press("D")  # the whole table: the same key at every table
        await pilot.pause()
        text = screen_text(app)
        assert "Hand" in text and cards[hand[0]].text[:30] in text
        await pilot.press("escape", "v")
        await pilot.pause()
        text = screen_text(app)
        assert "Your deck" in text and "Draw pile (" in text and "in no particular order" in text
        await pilot.press("escape", "L")
        await pilot.pause()
        assert "Log (oldest first)" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DiscipleScreen)


async def test_an_unpayable_card_is_explained_and_changes_nothing(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        session = await to_first_fight(pilot, app)
        state = session.state
        for energy in state.players[0].energy:
            energy.tapped = True  # nothing left to pay with
        app.screen.redraw()
        cards = load().cards
        index = next(i for i, c in enumerate(state.players[0].hand) if cards[c].kind != "energy")
        before = msgspec.json.encode(state)
        assert "×" in screen_text(app)
        await pilot.press(str(index + 1))
        await pilot.pause()
        assert msgspec.json.encode(session.state) == before
        assert any("cannot pay" in str(n.message) for n in app._notifications)


async def test_quit_mid_fight_and_resume_restores_state_and_screen(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        session = await to_first_fight(pilot, app)
        bot = Rng.from_seed(3)
        while session.state.turn < 2 or session.state.phase != "player":
            for key in key_for(greedy_action(session.game, session.state, bot), app.screen):
                await pilot.press(key)
            await pilot.pause()
        await pilot.press("down")  # the highlight is not saved: back to the first card
        await pilot.press("up")
        await pilot.pause()
        assert session.state.enemies and session.outcome() is None
        state_before = msgspec.json.encode(session.state)
        screen_before = screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue:" in screen_text(again)
        await pilot.press("c")
        await pilot.pause()
        resumed = session_of(again)
        assert msgspec.json.encode(resumed.state) == state_before
        assert unmarked(screen_text(again)) == unmarked(screen_before)
        assert resumed.replay() == resumed.state  # the action log rebuilds the same run


async def test_game_help_explains_the_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, FIRST_EVENT_A_FIGHT)
        await pilot.press("question_mark")
        for _ in range(100):  # the help's markdown is laid out in the background
            await pilot.pause(0.05)
            text = screen_text(app)
            if "Fight your way" in text:
                break
        flat = " ".join(text.replace("│", " ").split())
        assert "Fight your way through the event deck" in flat and "e ends your turn" in flat
        assert "t lists the other ways to pay" in flat


def test_choose_is_a_digit_and_a_far_option_is_arrows_then_enter():
    assert key_for(Choose(0)) == ["1"] and key_for(PlayCard(7)) == ["8"]
    assert key_for(Choose(10)) == ["home", *["down"] * 10, "enter"]


async def test_every_decision_of_a_whole_run_shows_at_80x24(paths):
    """A whole run (second style, rewards, Weakened and Stun choices included) through the
    screen's own play(): every option and every card in hand is on screen when it matters."""
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("disciple", GREEDY_WINS)
        await pilot.pause()
        screen = app.screen
        session = screen.session
        game = session.game
        cards = load().cards
        bot = Rng.from_seed(0)
        kinds = set()
        while session.outcome() is None:
            state = session.state
            text = screen_text(app)
            assert len(text.splitlines()) == SIZE[1]
            if state.pending is not None:
                kinds.add(state.pending.kind)
                for i, option in enumerate(state.pending.options[:7]):
                    label = cards[option].name if option in cards else game.describe(Choose(i), state)
                    short = rows.short_option(game, state, i)  # a Weakened pattern: its numbers first
                    assert label[:20] in text or (short and short[:20] in text), (state.pending.kind, label)
                foe_panel = " ".join(screen.paint.shown["foe"].plain.split())
                if state.pending.kind == "weakened":  # each drawn pattern in full, Submit too
                    for option in state.pending.options:
                        pattern = enemy.pile(state.enemies[0])[int(option)]
                        assert f"{pattern.name}: {enemy.pattern_words(state, state.enemies[0], pattern)}" in foe_panel
                if state.pending.kind == "energy_pick":
                    for i, option in enumerate(state.pending.options):
                        warned = bool(explain.unpayable_with(state, option))
                        row = next(line for line in text.splitlines() if f" {i + 1} {option.capitalize()}" in line)
                        assert ("never payable" in row) == warned
            else:
                assert f"Hand ({len(state.players[0].hand)})" in text
                assert all(cards[c].name[:20] in text for c in state.players[0].hand)
                assert "Vitality" in text and f"{state.enemies[0].vitality}/{state.enemies[0].max_vitality}" in text
            screen.play(greedy_action(game, state, bot))
            await pilot.pause()
            if isinstance(app.screen, Confirm):  # the turn ended with a card still playable
                await pilot.press("y")
                await pilot.pause()
        assert {"style", "reward", "event", "weakened", "stun_tap", "second_style",
                "energy_pick", "bottom_order", "remove_card"} <= kinds


async def test_a_fight_opened_at_start_on_a_large_terminal_shows_whole_attack_patterns(paths):
    """The table is drawn before its panels have their sizes (as `tabletop-tui continue` opens
    it); once they have them, each pattern line fits the wide enemy panel, uncut."""
    from tests.tui.launcher import open_played

    app = make_app(paths, on_start=open_played("disciple", 3, 6))  # a fight, turn 1
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Bar Brawler" in text
        assert "Hold and Hit     Grapple 1, then Lower 1" in text
        enemy_panel = [line[:60] for line in text.splitlines()[1:17]]
        assert not [line for line in enemy_panel if "…" in line]
