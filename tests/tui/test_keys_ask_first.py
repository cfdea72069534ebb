"""One table grammar, in the keys: a move that wastes something asks first the same way at
every table; a key acts only on what it names (the first press of a key goes to the first of
its choices, digits stay with their cards); a double press never skips a turn's summary; and
notices never stack."""

from __future__ import annotations

import msgspec

from engine.decknforge.model import Card as ForgeCard, Cast, EndTurn as ForgeEndTurn, Equip
from engine.disciple.model import EndTurn, PlayCard
from engine.disruption.model import Fight
from engine.druid_path.model import EndPlay, PendingLane, PendingTurnEnd, PickLane, PlayItem, Slot, StaminaBoost, Tame
from engine.registry import GAMES
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.decknforge.screen import DecknForgeScreen
from tui.disciple.screen import DiscipleScreen
from tui.disruption.screen import DisruptionScreen
from tui.double_tap import DOUBLE_TAP
from tui.druid_path.screen import DruidPathScreen
from tui.screens.dialogs import Confirm

DRUID = GAMES["druid-path"]


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


def opened(game_id: str, seed: int, *setup, **options):
    """An on_start that opens a new game of `game_id` after arranging it with `setup(state)`."""
    from saves.session import GameSession

    def start(app) -> None:
        session = GameSession.start(app.store, GAMES[game_id], seed, **options)
        for step in setup:
            step(session.state)
        app.open_session(session)

    return start


def moves(session) -> list:
    """The moves the save holds, as actions."""
    return [msgspec.json.decode(raw, type=session.game.Action) for raw in session.envelope.actions]


def cursor(screen) -> int:
    return screen.query_one("#choices").cursor


def highlighted(screen):
    return screen.choices[cursor(screen)]


# ----- Druid Path -----------------------------------------------------------------------


def bare_table(state) -> None:
    from tests.druid_path.helpers import clear_table

    clear_table(state)


def two_tames(state) -> None:
    from tests.druid_path.helpers import take_beast

    bare_table(state)
    for slot, card in enumerate(("pebblit", "fernback")):
        state.encounter[slot] = Slot(take_beast(state, card))
    state.gems["green"] = state.gems.get("green", 0) + 2
    state.gem_supply["green"] -= 2


async def test_the_first_press_of_a_letter_takes_the_first_of_its_choices_and_later_presses_cycle(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, two_tames))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DruidPathScreen)
        assert [c for c in screen.choices if isinstance(c, Tame)] == [Tame(0), Tame(1)]
        assert highlighted(screen) == Tame(0)  # the list starts on the first tame
        await keys(pilot, "t")  # already there: the first press stays on the first
        assert highlighted(screen) == Tame(0)
        await keys(pilot, "t")
        assert highlighted(screen) == Tame(1)
        await keys(pilot, "t")
        assert highlighted(screen) == Tame(0)  # round again
        await keys(pilot, "down", "t")  # moved away by hand: the first again
        assert highlighted(screen) == Tame(0)
        await keys(pilot, "enter")
        assert moves(screen.session)[-1] == Tame(0)  # `t Enter` tames the first


def leaf_in_hand(state) -> None:
    from tests.druid_path.helpers import give

    bare_table(state)
    state.item_discard += state.hand
    state.hand = []
    give(state, "wisdom_leaf")  # played: draw 2; discarded: stamina


async def test_a_digit_on_its_highlighted_choice_stays_there(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, leaf_in_hand))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert highlighted(screen) == PlayItem(0) and StaminaBoost(0) in screen.choices
        await keys(pilot, "1")  # "1 Play" is highlighted: 1 names it (two choices), and stays
        assert highlighted(screen) == PlayItem(0)
        await keys(pilot, "1")
        assert highlighted(screen) == StaminaBoost(0)
        await keys(pilot, "1", "enter")
        assert moves(screen.session)[-1] == PlayItem(0)


def lane_to_choose(state) -> None:
    from tests.druid_path.helpers import put, take_beast

    bare_table(state)
    put(state, "druid", 0, "emberclaw")
    state.pending = PendingLane(take_beast(state, "mosshorn"))


async def test_the_lane_choice_starts_on_a_free_lane_and_sending_a_beastborg_away_asks(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, lane_to_choose))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        assert highlighted(screen) == PickLane(1)  # lane 1 holds Emberclaw: the list starts past it
        await keys(pilot, "1")  # lane 1 by its digit (one choice: at once): Emberclaw would go, so it asks
        assert isinstance(app.screen, Confirm)
        assert "Put Mosshorn on lane 1 and discard Emberclaw" in screen_text(app)
        assert "y/Enter: yes    n/Esc: no" in screen_text(app)
        await keys(pilot, "n")
        assert app.screen is screen and session.envelope.actions == [] and session.state.druid_row[0].card == "emberclaw"
        await keys(pilot, "enter", "escape")  # Esc says no too
        assert session.envelope.actions == []
        await keys(pilot, "enter", "y")
        assert moves(session) == [PickLane(0)] and session.state.druid_row[0].card == "mosshorn"


async def test_a_free_lane_is_taken_without_a_question(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, lane_to_choose))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "enter")
        session = app.screen.session
        assert app.screen is not None and not isinstance(app.screen, Confirm)
        assert moves(session) == [PickLane(1)] and session.state.druid_row[0].card == "emberclaw"


async def test_ending_the_play_phase_with_stamina_left_asks_by_key_and_by_the_list(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, bare_table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        stamina = session.state.stamina
        assert stamina > 0
        await keys(pilot, "e")
        assert isinstance(app.screen, Confirm)
        # no beastborg to fight with: combat spends none, and the next turn's gain passes the cap
        lost = stamina + 3 - 5
        assert lost > 0
        question = app.screen.question
        assert question == f"End the Play phase and lose {lost} of your {stamina} stamina (combat can spend 0; the next turn holds at most 5)?"
        assert "End the Play phase and lose" in screen_text(app)
        await keys(pilot, "n")
        assert session.envelope.actions == [] and session.state.phase == "play"
        await keys(pilot, "end")  # the last line: End the Play phase, by Enter
        assert highlighted(screen) == EndPlay()
        await keys(pilot, "enter")
        assert isinstance(app.screen, Confirm)
        await keys(pilot, "enter")  # the same Enter again at once: a double press, not a yes
        assert isinstance(app.screen, Confirm) and session.envelope.actions == []
        await pilot.pause(DOUBLE_TAP + 0.1)
        await keys(pilot, "enter")  # a moment later: yes
        assert moves(session) == [EndPlay()]


def stamina_for_combat(state) -> None:
    """Two beastborgs on the row and 2 stamina: combat can spend it all."""
    from tests.druid_path.helpers import put

    bare_table(state)
    for lane, card in enumerate(("emberclaw", "mosshorn")):
        put(state, "druid", lane, card)
    state.stamina = 2


async def test_stamina_combat_or_the_next_turn_can_use_is_kept_without_a_question(paths):
    """The book: combat spends 1 stamina for each attack or block, and stamina carries over to
    the next turn (up to the Druid's most). Keeping it for them wastes nothing."""
    app = make_app(paths, on_start=opened("druid-path", 1, stamina_for_combat))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.screen.session
        await keys(pilot, "e")
        assert not isinstance(app.screen, Confirm) and moves(session) == [EndPlay()]


def no_stamina(state) -> None:
    bare_table(state)
    state.stamina = 0


async def test_a_double_press_of_e_leaves_the_turns_summary_up(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, no_stamina))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await keys(pilot, "e", "e")  # nothing to waste: no question; the second e is the first again
        assert isinstance(screen.state.pending, PendingTurnEnd) and screen.state.turn == 1
        assert "Turn 1 is over" in screen_text(app)
        await pilot.pause(DOUBLE_TAP + 0.1)
        await keys(pilot, "e")  # read, then on
        assert screen.state.turn == 2 and not isinstance(screen.state.pending, PendingTurnEnd)


async def test_stray_keys_leave_one_warning_not_a_pile(paths):
    app = make_app(paths, on_start=opened("druid-path", 1, bare_table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.notify("The disk is full", severity="error")  # an error stays for its own time
        await keys(pilot, *"nananana")
        said = [(n.severity, str(n.message)) for n in app._notifications]
        assert said == [("error", "The disk is full"), ("warning", "'a' picks nothing now: the keys beside the choices do.")]
        app.notify("Taken back: a move")
        app.notify("Taken back: a move")  # the same news twice shows once
        await pilot.pause()
        assert sum(str(n.message) == "Taken back: a move" for n in app._notifications) == 1


# ----- Disciple --------------------------------------------------------------------------


async def test_disciple_ends_a_turn_with_a_playable_card_only_when_asked(paths):
    from tests.tui.launcher import open_played

    app = make_app(paths, on_start=open_played("disciple", 1, 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DiscipleScreen)
        session = screen.session
        assert session.state.phase == "player" and session.state.pending is None
        count = len(session.envelope.actions)
        await keys(pilot, "e")
        assert isinstance(app.screen, Confirm)
        me = session.state.players[0]
        energy = sum(e.amount for e in me.energy if not e.tapped)
        asked = f"End your turn with {len(me.hand)} playable cards and {energy} energy still to use?"
        assert app.screen.question == asked and "End your turn with" in screen_text(app)
        await keys(pilot, "escape")
        assert len(session.envelope.actions) == count and session.state.phase == "player"
        await keys(pilot, "e", "y")
        assert moves(session)[-1] == EndTurn()


def a_drawing_card_last(state) -> None:
    """The Disciple's last card draws one when played, and costs nothing it cannot pay."""
    me = state.players[0]
    me.hand[-1] = "slip"  # Draw 1, for one energy of any colour


async def test_a_card_drawn_mid_turn_takes_a_new_digit_not_the_one_just_played(paths):
    def start(app) -> None:
        from engine.core.rng import Rng
        from saves.session import GameSession

        session = GameSession.start(app.store, GAMES["disciple"], 1)
        chooser = Rng.from_seed(1)  # as open_played("disciple", 1, 3): the first fight's first turn
        for _ in range(3):
            session.play(chooser.choice(session.legal_actions()))
        a_drawing_card_last(session.state)
        app.open_session(session)

    app = make_app(paths, on_start=start)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        hand = list(session.state.players[0].hand)
        index, last = len(hand) - 1, str(len(hand))
        assert screen.slots.digit(index) == last and hand[-1] == "slip"
        await keys(pilot, last)  # Slip plays and draws a card, which joins the hand last
        played = moves(session)[-1]
        assert isinstance(played, PlayCard) and played.hand_index == index
        now = session.state.players[0].hand
        assert len(now) == len(hand) and now[:-1] == hand[:-1]
        count = len(session.envelope.actions)
        assert screen.slots.digit(index) == str(len(hand) + 1)  # a new digit for the new card
        assert f"{len(hand) + 1} " in screen_text(app)
        await keys(pilot, last)  # the same digit again names no card now
        assert len(session.envelope.actions) == count
        assert any(f"No card has the key {last}" in str(n.message) for n in app._notifications)


# ----- DecknForge ------------------------------------------------------------------------


def first_card_speaks(state) -> None:
    """The first card of seat 1's hand carries an Equipment word: Equip it, or Cast it."""
    player = state.players[0]
    card = next(c for c in player.hand if c.code[:-1].isdigit())
    player.hand.remove(card)
    player.hand.insert(0, ForgeCard(card.owner, card.code, word="HASTE"))


async def test_a_digit_on_its_highlighted_equip_stays_there_and_never_steps_to_cast(paths):
    app = make_app(paths, on_start=opened("decknforge", 5, first_card_speaks, solo=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DecknForgeScreen)
        rows = [i for i, c in enumerate(screen.choices) if (c[1] if isinstance(c, tuple) else getattr(c, "card", None)) == 0]
        assert len(rows) == 2 and cursor(screen) == rows[0]  # Equip first, Cast after it
        assert isinstance(screen.choices[rows[1]], Cast)
        await keys(pilot, "1")  # "1 Equip" is highlighted: it stays
        assert cursor(screen) == rows[0]
        await keys(pilot, "1")
        assert cursor(screen) == rows[1]
        await keys(pilot, "1", "enter")  # round to Equip: the Adventurer is asked next
        assert screen.equipping == 0 and all(isinstance(c, Equip) for c in screen.choices)
        assert screen.session.envelope.actions == []


async def test_decknforge_asks_through_the_shared_question_by_key_and_by_the_list(paths):
    app = make_app(paths, on_start=opened("decknforge", 5, solo=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        end = next(i for i, c in enumerate(screen.choices) if isinstance(c, ForgeEndTurn))
        screen.query_one("#choices").cursor = end
        await keys(pilot, "enter")  # End turn from the list asks as `e` does
        assert isinstance(app.screen, Confirm) and "End your turn with 3 actions still to use?" in screen_text(app)
        await keys(pilot, "n")
        assert screen.session.envelope.actions == []


# ----- Disruption ------------------------------------------------------------------------


def five_minors(state) -> None:
    state.minor_deck += state.hand
    state.hand = [state.minor_deck.pop() for _ in range(5)]


async def test_disruption_allies_keep_their_digits_after_a_trade(paths):
    app = make_app(paths, on_start=opened("disruption", 5, five_minors))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisruptionScreen)
        session = screen.session
        hand = list(session.state.hand)
        assert len(hand) == 5 and not any(c.is_major for c in hand)
        await keys(pilot, "t", "2", "3", "4", "enter")  # trade the Minors at 2, 3 and 4
        assert [c for c in session.state.hand[:2]] == [hand[0], hand[4]]
        text = screen_text(app)
        assert f"{hand[4].label}" in text and "5 min" in text  # the last Minor still shows 5
        before = msgspec.json.encode(session.state)
        await keys(pilot, "2")  # 2 was traded away: it names no ally now
        assert msgspec.json.encode(session.state) == before
        await keys(pilot, "5")  # the ally that was 5 is still 5
        assert session.state.last is not None and session.state.last.allies == [hand[4].label]
        assert moves(session)[-1] == Fight((1,))
