"""The Druid Path screen and campaigns, driven by key presses only, resumed after a restart."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.druid_path.bots import greedy_player
from engine.druid_path.model import NextTurn, PendingResponse, PendingTurnEnd
from engine.registry import GAMES
from saves.history import History
from tests.conftest import screen_text, unmarked
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.druid_path import keys
from tui.druid_path.campaign import CampaignScreen
from tui.screens.dialogs import Confirm
from tui.screens.game_end import EndScreen, option_words
from tui.druid_path.screen import DruidPathScreen
from tui.druid_path.setup import DruidPathSetup
from tui.screens.home import HomeScreen

GAME = GAMES["druid-path"]
WINNING_SEED = 11  # the greedy bot beats Kaliran on Celthar Path in three steps


async def start_by_keys(pilot, seed: str, campaign: bool = False) -> None:
    """Home -> 2 (Druid Path) -> [campaign] -> #, the seed, Enter -> s (every New game
    screen's keys, tui/setup_form.py)."""
    await pilot.press("2")
    await pilot.pause()
    if campaign:
        await pilot.press("right")
    await pilot.press("number_sign", *seed, "enter")
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


def table_of(app) -> DruidPathScreen:
    assert isinstance(app.screen, DruidPathScreen)
    return app.screen


async def press_action(pilot, screen: DruidPathScreen, action) -> None:
    """Play one legal action by keys: a letter that takes it at once, else its key (or the
    arrows) until it is highlighted, then Enter. A move that asks first is answered `y`; the
    turn's summary is passed by a key other than the one just pressed (a double press of
    one key leaves it up: tui/double_tap.py)."""
    index = screen.choices.index(action)
    key = screen.keys[index]
    if isinstance(action, NextTurn):
        await pilot.press("enter" if screen.app.presses.last[0] == "e" else "e")
    elif key and keys.at_once(key, screen.keys.count(key)):
        await pilot.press(key)
    else:
        choices = screen.query_one("#choices")
        for _ in range(len(screen.choices)):
            if choices.cursor == index:
                break
            await pilot.press(key or ("down" if index > choices.cursor else "up"))
        assert choices.cursor == index
        await pilot.press("enter")
    await pilot.pause()
    if isinstance(screen.app.screen, Confirm):  # it wastes something: asked, and meant
        await pilot.press("y")
        await pilot.pause()


async def lose_quickly(pilot, screen: DruidPathScreen, limit: int = 200) -> int:
    """Always end the Play phase (yes, with stamina left) and never answer an attack: the
    Druid falls. The turn's summary is passed with Enter (`e e` would leave it up)."""
    presses = 0
    while screen.session.outcome() is None:
        pending = screen.state.pending
        key = "enter" if isinstance(pending, PendingTurnEnd) else "e"
        await pilot.press("a" if isinstance(pending, PendingResponse) else key)  # a: let the blow land
        await pilot.pause()
        if isinstance(screen.app.screen, Confirm):
            await pilot.press("y")
            await pilot.pause()
        presses += 1
        assert presses < limit
    return presses


async def test_new_game_setup_offers_druid_darach_path_and_campaign(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, DruidPathSetup)
        await pilot.press("down", "right")  # Druid: Belthar -> the next one
        await pilot.pause()
        text = screen_text(app)
        assert "Emrys" in text and "Single game" in text and "Kaliran" in text
        snapshot.assert_match(text, "setup.txt")
        await pilot.press("up", "right")
        await pilot.pause()
        assert "Campaign (4 games)" in screen_text(app) and "set by the road" in screen_text(app)
        assert "own variant" in screen_text(app)  # the rulebook has no campaign
        await pilot.press("enter")  # Enter moves on; it never changes the row's value
        await pilot.pause()
        assert app.screen.values["mode"] == "campaign" and app.screen.row() == "druid"


async def test_start_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, str(WINNING_SEED))
        screen = table_of(app)
        assert screen.session.envelope.seed == WINNING_SEED
        text = screen_text(app)
        assert "Kaliran ♥" in text and "Stamina ●●●○○ 3/5" in text and "1/10" in text
        snapshot.assert_match(text, "start.txt")


async def test_combat_screen_shows_the_answers_and_their_odds(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "3")
        screen = table_of(app)
        rng = Rng.from_seed(3 ^ 0x5EED)
        while not isinstance(screen.state.pending, PendingResponse):
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
            assert screen.session.outcome() is None
        text = screen_text(app)
        assert "Combat, lane" in text and "a Do nothing" in text
        snapshot.assert_match(text, "combat.txt")


async def test_whole_game_by_keys_to_a_win(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, str(WINNING_SEED))
        screen = table_of(app)
        rng = Rng.from_seed(WINNING_SEED ^ 0x5EED)  # the bot's own stream, as in bots.play_game
        presses = 0
        while screen.session.outcome() is None:
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
            presses += 1
            assert presses < 300
        result = screen.session.outcome()
        assert result.won and isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Victory" in text and f"Score {result.score}" in text and "HP left" in text
        assert "steps to spare x 2" in text and "Turning points" in text and "is tamed" in text
        snapshot.assert_match(text, "win.txt")
        assert len(History(app.store).read(screen.session.save_id).actions) == presses
        await pilot.press("n")
        await pilot.pause()
        fresh = table_of(app)
        assert fresh.session.save_id != screen.session.save_id and fresh.session.outcome() is None


async def test_a_lost_game(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "8")
        screen = table_of(app)
        await lose_quickly(pilot, screen)
        assert isinstance(app.screen, EndScreen) and "Defeat" in screen_text(app)
        result = screen.session.outcome()
        assert "No score" in screen_text(app) and result.score is None  # R37: a loss has none
        assert "was left at ♥" in result.summary and result.summary in screen_text(app)
        await pilot.press("escape")  # the finished table
        await pilot.pause()
        text = screen_text(app)
        assert "DEFEAT" in text and not result.won and "score" not in text.splitlines()[0]
        snapshot.assert_match(text, "loss.txt")
        assert History(app.store).read(screen.session.save_id).entry.score is None


async def test_a_key_that_picks_nothing_is_explained_and_changes_nothing(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        screen = table_of(app)
        before = msgspec.json.encode(screen.state)
        await pilot.press("x")  # attacking the Darach: only in combat
        await pilot.pause()
        assert msgspec.json.encode(screen.state) == before
        assert any("picks nothing" in str(n.message) for n in app._notifications)


async def test_the_highlighted_choice_is_explained(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        screen = table_of(app)
        gem = next(i for i, a in enumerate(screen.choices) if type(a).__name__ == "TakeGem")
        await pilot.press(*["down"] * gem)
        await pilot.pause()
        assert "goes under the item deck" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "The Darach then shifts" in screen_text(app)  # the last: end the Play phase
        await pilot.press("D")  # the whole table: the same key at every table
        await pilot.pause()
        text = screen_text(app)
        assert "The whole table" in text and "Darach: Kaliran" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_quit_and_resume_a_single_game(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "3")
        screen = table_of(app)
        rng = Rng.from_seed(7)
        for _ in range(12):
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
        state_before, screen_before = msgspec.json.encode(screen.state), screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert msgspec.json.encode(table_of(again).state) == state_before
        assert unmarked(screen_text(again)) == unmarked(screen_before)


# ----- campaigns ------------------------------------------------------------------------


async def test_campaign_saved_mid_game_resumes_after_a_restart(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "21", campaign=True)
        assert isinstance(app.screen, CampaignScreen)
        text = screen_text(app)
        assert "1. Kaliran on Celthar Path" in text and "Start game 1" in text
        snapshot.assert_match(text, "campaign.txt")
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        rng = Rng.from_seed(21)
        for _ in range(15):
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
        session = screen.session
        assert session.kind == "campaign" and session.envelope.kind == "campaign"
        campaign_before = msgspec.json.encode(session.campaign)
        screen_before = screen_text(app)
        saved = app.store.read(session.save_id)
        assert saved.kind == "campaign"
        assert msgspec.json.decode(saved.state) == msgspec.json.decode(campaign_before)  # autosaved
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    entry = app.store.list()[0]
    assert entry.kind == "campaign" and "fighting Kaliran" in entry.summary

    # `tabletop-tui continue` resumes the latest save at start-up, as Continue does.
    again = make_app(paths, on_start=lambda a: a.resume(entry.save_id))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        resumed = table_of(again)
        assert msgspec.json.encode(resumed.session.campaign) == campaign_before
        assert unmarked(screen_text(again)) == unmarked(screen_before)
    third = make_app(paths)
    async with third.run_test(size=SIZE) as pilot:  # and from Saved games
        await pilot.press("s")
        await pilot.pause()
        assert "Druid Path campaign" in screen_text(third)
        await pilot.press("enter")
        await pilot.pause()
        assert unmarked(screen_text(third)) == unmarked(screen_before)


async def test_a_campaign_game_lost_ends_the_campaign_on_its_road(paths, snapshot):
    use_snapshot_dir(snapshot, "druid_path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "4", campaign=True)
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        await lose_quickly(pilot, screen)
        assert isinstance(app.screen, EndScreen) and "c The campaign's road" in screen_text(app)
        seed, options = GAME.campaign_game_setup(screen.session.campaign)  # the game's, not the campaign's
        assert seed != 4 and f"Seed {seed} · {option_words(GAME, options)} " in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        text = screen_text(app)
        assert "✗ lost" in text and "LOST" in text and "Start game" not in text
        assert "ahead" not in text and "not played" in text
        campaign = app.screen.session.campaign
        assert campaign.status == "lost" and campaign.game is None and len(campaign.records) == 1
        filed = History(app.store).read(app.screen.session.save_id).entry  # the road is over
        assert filed.kind == "campaign" and filed.result == "lost" and filed.reached == 1
        snapshot.assert_match(text, "campaign-lost.txt")
        old = app.screen.session.save_id
        await pilot.press("n")  # a new campaign, same Druid
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.screen.session.save_id != old
        assert app.screen.session.campaign.status == "active"
    again = make_app(paths)  # a campaign between games resumes on its road
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(again.screen, CampaignScreen) and "Start game 1" in screen_text(again)


async def test_a_campaign_won_game_leads_into_the_next(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "6", campaign=True)  # its first game is a greedy win
        await pilot.press("enter")
        await pilot.pause()
        screen = table_of(app)
        session = screen.session
        rng = Rng.from_seed(session.campaign.game_seed ^ 0x5EED)
        presses = 0
        while session.outcome() is None:
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
            presses += 1
            assert presses < 300
        assert session.outcome().won
        hp_left = screen.state.druid_hp
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "✓ won" in text and "Start game 2: Morvenna on Thornwild Path" in text
        assert session.campaign.druid_hp == min(34, hp_left + 8) and session.campaign.resolve == 1
        await pilot.press("enter")
        await pilot.pause()
        second = table_of(app)
        assert second.state.darach == "morvenna" and second.state.druid_hp == session.campaign.druid_hp
        assert app.store.read(session.save_id).actions == []  # the new game's moves only


async def test_a_campaign_can_be_abandoned_after_confirming(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "9", campaign=True)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("e", "y")  # stamina left: asked first, and meant
        await pilot.pause()
        await pilot.press("C")  # the campaign road, from the game
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and "in progress" in screen_text(app)
        await pilot.press("a", "n")  # asked, and declined
        await pilot.pause()
        assert app.screen.session.campaign.status == "active"
        await pilot.press("a", "y")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        campaign = app.screen.session.campaign
        assert campaign.status == "abandoned" and campaign.game is None
        assert "abandoned" in screen_text(app)
        filed = History(app.store).list()[0]
        assert filed.kind == "campaign" and filed.result == "abandoned" and app.store.list() == []


async def test_game_help_explains_the_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "1")
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "Stop the rogue Darach" in text


async def test_a_short_roll_offers_boosts_with_the_totals_they_give(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "2")
        screen = table_of(app)
        rng = Rng.from_seed(2)
        while type(screen.state.pending).__name__ != "PendingRoll":
            await press_action(pilot, screen, greedy_player(GAME, screen.state, rng))
            assert screen.session.outcome() is None
        roll = screen.state.pending
        text = screen_text(app)
        assert "roll falls short: boost it?" in text and "a Accept the roll" in text
        assert f"={sum(roll.dice) + roll.bonus} vs {roll.target} short!" in text
        assert "→" in text and "boost →" in text


# ----- keys that stay put ----------------------------------------------------------------


def at_table(*setup):
    """An on_start that opens a fresh game after arranging its table with `setup(state)`."""
    from saves.session import GameSession

    def start(app):
        session = GameSession.start(app.store, GAME, 1)
        for step in setup:
            step(session.state)
        app.open_session(session)

    return start


async def test_a_digit_names_a_hand_item_one_choice_at_once_several_in_turn(paths):
    """The table grammar's rule for every key that names moves (tui/grammar.py press): an item
    with several choices is highlighted, choice by choice; one with a single choice takes it."""
    from engine.druid_path.model import PlayItem, StaminaBoost
    from tests.druid_path.helpers import clear_table, give

    def hand(state):
        clear_table(state)
        state.hand = []
        state.item_discard += [i for i in GAME.new_game(1).hand if i not in state.item_discard]
        give(state, "wisdom_leaf")  # played: draw 2; discarded: stamina
        give(state, "dewdrop_philter")  # only a stamina boost

    app = make_app(paths, on_start=at_table(hand))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_of(app)
        before = msgspec.json.encode(screen.state)
        await pilot.press("1")  # two choices: only highlighted
        await pilot.pause()
        assert msgspec.json.encode(screen.state) == before
        assert screen.choices[screen.query_one("#choices").cursor] == PlayItem(0)
        await pilot.press("1")  # the same digit again: the item's next choice
        await pilot.pause()
        assert screen.choices[screen.query_one("#choices").cursor] == StaminaBoost(0)
        assert msgspec.json.encode(screen.state) == before
        await pilot.press("2")  # one choice: taken at once, and only for the item it names
        await pilot.pause()
        assert screen.state.hand == ["wisdom_leaf"]


async def test_a_missing_attack_says_why(paths):
    from tests.druid_path.helpers import clear_table, put

    def warded(state):
        clear_table(state)
        put(state, "druid", 0, "emberclaw")
        put(state, "darach", 0, "sparkit")
        put(state, "darach", 1, "veilcrawler")

    app = make_app(paths, on_start=at_table(warded))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_of(app)
        assert "WARD: no attack reaches Kaliran" in screen_text(app) and "♥2/2 »1 SW" in screen_text(app)
        await pilot.press("e", "y")  # end the Play phase: lane 1 asks for an answer
        await pilot.pause()
        assert isinstance(screen.state.pending, PendingResponse)
        text = screen_text(app)
        assert "No" in text and "attack on the Darach: Veilcrawler wards the" in text
        await pilot.press("x")
        await pilot.pause()
        assert any("Veilcrawler wards the Darach" in str(n.message) for n in app._notifications)


async def test_combat_ends_in_a_pause_with_the_turn_lane_by_lane(paths):
    from tests.druid_path.helpers import clear_table, put

    def fight(state):
        clear_table(state)
        put(state, "darach", 0, "sparkit")
        put(state, "druid", 1, "emberclaw")

    app = make_app(paths, on_start=at_table(fight))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_of(app)
        await pilot.press("e", "y")  # stamina left: asked first, and meant
        await pilot.pause()
        while isinstance(screen.state.pending, PendingResponse):
            await pilot.press("a")  # let the blow land
            await pilot.pause()
        text = screen_text(app)
        assert "Turn 1 is over" in text and "Lane 1:" in text and "e On to the next turn" in text
        assert screen.state.turn == 1
        await pilot.press("e")
        await pilot.pause()
        assert screen.state.turn == 2 and "Turn 2: your moves" in screen_text(app)


async def test_doing_nothing_where_nothing_attacks_says_so(paths):
    from tests.druid_path.helpers import clear_table, put

    def alone(state):
        clear_table(state)
        put(state, "druid", 0, "emberclaw")

    app = make_app(paths, on_start=at_table(alone))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e", "y")  # stamina left: asked first, and meant
        await pilot.pause()
        text = screen_text(app)
        assert "Nothing attacks in lane 1" in text and "hits Belthar" not in text
