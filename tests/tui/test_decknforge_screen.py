"""DecknForge in the app: the table set up from saved decks, a whole game by key presses,
decks written at the end, resume, and the deck and Lexicon screens."""

from __future__ import annotations

import msgspec

from engine.decknforge.legacy import fresh_deck
from engine.decknforge.model import EndTurn
from engine.registry import GAMES
from saves.history import History
from tests.conftest import screen_text, unmarked
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.decknforge.decks_screen import DecksScreen
from tui.decknforge.lexicon_screen import LexiconScreen
from tui.decknforge.results import ResultsScreen
from tui.decknforge.screen import DecknForgeScreen
from tui.decknforge.setup import DecknForgeSetup
from tui.decknforge.storage import deck_store, word_store
from tui.screens.home import HomeScreen
from tui.screens.game_end import EndScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.viewer import Pause
from tui.decknforge.table import attack_key


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()  # what a move lays over the table after its frame (the attack's pause)


async def by_digit(pilot, digit: str) -> None:
    """A card of the hand by its digit, made to its first move: a card with one move makes it
    at once (tui/grammar.py press); with several the digit highlights the first, Enter makes it."""
    screen = pilot.app.screen
    before = len(screen.session.envelope.actions)
    await keys(pilot, digit)
    if screen.equipping is None and len(screen.session.envelope.actions) == before:
        await keys(pilot, "enter")


async def set_table_by_keys(pilot, seed: str, initials=("AB", "CD")) -> None:
    """Home -> 4 (DecknForge) -> a new deck for each seat -> the seed; stays on the setup."""
    await keys(pilot, "4")
    for seat, letters in enumerate(initials, start=1):
        await keys(pilot, str(seat), "n", *letters.lower(), "enter")
    await keys(pilot, "home", "down", "down", "down", "down", "enter", *seed, "enter")


async def start_by_keys(pilot, seed: str, initials=("AB", "CD")) -> None:
    """The table sits down; the first player lifts the cover laid over it."""
    await set_table_by_keys(pilot, seed, initials)
    await keys(pilot, "s", "enter")


GAME = GAMES["decknforge"]


def session_of(app):
    assert isinstance(app.screen, DecknForgeScreen)
    return app.screen.session


async def test_setup_screen_and_the_table_it_starts(paths, snapshot):
    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await set_table_by_keys(pilot, "2024")
        assert isinstance(app.screen, DecknForgeSetup)
        text = screen_text(app)
        assert "Seat 1: AB · L1 · 0 XP" in text and "Seed: 2024" in text
        snapshot.assert_match(text, "setup.txt")
        await keys(pilot, "s")
        assert isinstance(app.screen, PrivacyScreen) and "Pass to AB" in screen_text(app)
        await keys(pilot, "enter")
        session = session_of(app)
        assert session.envelope.seed == 2024
        options = session.envelope.options
        assert [d["id"] for d in options["decks"]] == ["ab-1", "cd-1"] and options["players"] == 2
        text = screen_text(app)
        assert "AB: 3 actions left" in text and "Strength 62" in text  # the book's count (R34)
        assert "▸AB" in text and "•CD" in text  # AB shown, CD still to act
        snapshot.assert_match(text, "start.txt")


async def test_solo_table_uses_two_decks_of_one_owner(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "4", "p", "p", "p")  # 2 -> 3 -> 4 -> solo
        assert "solo: one player" in screen_text(app)
        await keys(pilot, "1", "n", "m", "e", "enter", "2", "n")  # the second takes ME too
        await keys(pilot, "s")  # one person at both seats: no cover between them
        session = session_of(app)
        assert session.state.solo and [p.initials for p in session.state.players] == ["ME", "ME"]
        assert [p.label for p in session.state.players] == ["ME #1", "ME #2"]


async def test_a_whole_two_player_game_by_keys_writes_the_decks(paths, snapshot):
    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "7")
        session = session_of(app)
        store = deck_store(paths)
        before = {d.id: msgspec.json.encode(d) for d in store.decks()}
        presses = covers = pauses = 0
        while session.outcome() is None:
            if isinstance(app.screen, PrivacyScreen):  # the keyboard passes to the next player
                assert session.state.phase == "turn"
                await keys(pilot, "enter")
                covers += 1
                continue
            if isinstance(app.screen, Pause):  # the Monsters attacked: the table says so first
                assert f"The Monster attack of round {attack_key(session.state)}" in screen_text(app)
                await keys(pilot, "enter")  # moves on, and plays nothing
                pauses += 1
                continue
            state, seat = session.state, app.screen.seat
            # Hire when a slot is free, equip the first card otherwise; Enter plays the
            # highlighted choice (the first listed), e ends a turn with nothing better.
            if state.phase == "turn" and state.players[seat].actions_left == 1 and presses % 5 == 0:
                await keys(pilot, "e", "y")  # asked first: an action is left
            else:
                await keys(pilot, "enter")
            presses += 1
            if presses == 20:
                if isinstance(app.screen, Pause):  # this move ended the round: past its attack
                    await keys(pilot, "enter")
                    pauses += 1
                text = screen_text(app)
                assert "Equipped" in text and "Pile" in text and f"Round {session.state.round}" in text
                assert "Attack of round" in text and session.state.last_attack[0].monster in text
                snapshot.assert_match(text, "mid-game.txt")
            assert presses < 400
            if session.outcome() is None:
                # an unfinished game writes nothing on any deck
                assert {d.id: msgspec.json.encode(d) for d in store.decks()} == before
        assert isinstance(app.screen, EndScreen)  # the end, then what the decks gained
        text = screen_text(app)
        outcome = session.outcome()
        assert "r Decks' results" in text and outcome.summary in text
        assert f"Score {outcome.score}" in text and "XP for each deck" in text  # R32: the XP
        flat = " ".join(text.replace("│", " ").split())  # the last point may wrap
        assert "Turning points" in text and " ".join(GAME.turning_points(session.whole_log())[-1].split()) in flat
        snapshot.assert_match(text, "end-screen.txt")
        await keys(pilot, "r")
        assert isinstance(app.screen, ResultsScreen)
        result = session.state.result
        text = screen_text(app)
        assert ("+150 XP" if result == "clear" else "+10 XP") in text
        snapshot.assert_match(text, "results.txt")
        saved = History(app.store).read(session.save_id)  # a finished game moves to history
        assert len(saved.actions) <= presses and not paths.save_file(session.save_id).exists()
        assert saved.entry.decks == ["AB", "CD"] and covers >= session.state.round
        # every attack paused the table for each of the two players, when the keyboard came to
        # them; the last one (the fall: nothing is hidden between seats any more) once
        assert pauses == 2 * session.state.round - 1
        written = {d.initials: d for d in store.decks()}
        assert written["AB"].history[-1].result == result and written["CD"].xp in (10, 150)
        if result != "clear":
            assert written["AB"].scars and written["CD"].scars  # each fall leaves its scar
        await keys(pilot, "escape")
        text = screen_text(app)
        assert ("CLEARED" if result == "clear" else "FELL") in text
        snapshot.assert_match(text, "end.txt")
        assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
        await keys(pilot, "o")  # the end again: the same decks, with the same seed
        assert "n Same decks" in screen_text(app) and "s Same seed" in screen_text(app)
        await keys(pilot, "s")
        assert isinstance(app.screen, DecknForgeSetup)
        xp = written["AB"].xp
        text = screen_text(app)
        assert f"Seat 1: AB · L1 · {xp} XP" in text and "Seat 2: CD" in text and "Seed: 7" in text
        await keys(pilot, "s", "enter")  # sits down; AB lifts the cover
        again = session_of(app)
        assert again.save_id != session.save_id and again.envelope.seed == 7
        assert [deck["xp"] for deck in again.envelope.options["decks"]] == [xp, written["CD"].xp]


async def test_quit_and_resume_restores_state_screen_and_replay(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "99")
        await by_digit(pilot, "1")
        await keys(pilot, "enter", "e", "y")  # card 1, its Adventurer; end: asked first
        assert isinstance(app.screen, PrivacyScreen) and "CD" in screen_text(app)
        assert "3♣" not in screen_text(app)  # nothing of the table shows under the cover
        await keys(pilot, "enter")
        await by_digit(pilot, "3")
        await keys(pilot, "enter")
        await by_digit(pilot, "4")
        await keys(pilot, "enter")
        session = session_of(app)
        assert len(session.envelope.actions) == 4 and app.screen.seat == 1
        state_before = msgspec.json.encode(session.state)
        screen_before = screen_text(app)
        await keys(pilot, "q")
        assert isinstance(app.screen, HomeScreen)
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await keys(pilot, "c")
        assert "Pass to CD" in screen_text(again)  # resumed under the cover, for who acts
        await keys(pilot, "enter")
        resumed = session_of(again)
        assert msgspec.json.encode(resumed.state) == state_before
        assert msgspec.json.encode(resumed.replay()) == state_before
        assert unmarked(screen_text(again)) == unmarked(screen_before)


async def test_an_illegal_key_is_explained_and_changes_nothing(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        session = session_of(app)
        before = msgspec.json.encode(session.state)
        await keys(pilot, "d")  # the hand is full: no draw
        assert msgspec.json.encode(session.state) == before
        session.state.players[0].hand.pop()  # rig: room in hand, the draw is now offered
        app.screen.redraw()
        await keys(pilot, "d")
        assert len(session.state.players[0].hand) == 7 and session.state.players[0].actions_left == 2


async def test_the_lexicon_opens_mid_game_and_the_game_waits(paths, snapshot):
    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "11")
        await keys(pilot, "enter")
        game_screen = app.screen
        state_before = msgspec.json.encode(session_of(app).state)
        screen_before = screen_text(app)
        await keys(pilot, "W")  # Shift+W: a view of this game's own, so a capital
        assert isinstance(app.screen, LexiconScreen)
        snapshot.assert_match(screen_text(app), "lexicon.txt")
        await keys(pilot, "slash", *"spade")
        text = screen_text(app)
        assert "NIGHTCLOAK" in text and "3 shown" in text  # FIND by what a word does
        await keys(pilot, "escape", "d", "slash", *"scar")
        text = screen_text(app)
        assert "SCAR" in text and "DEFINE" in text
        await keys(pilot, "escape", "escape")
        assert app.screen is game_screen
        assert msgspec.json.encode(session_of(app).state) == state_before
        assert unmarked(screen_text(app)) == unmarked(screen_before)


async def test_coin_a_word_then_a_moderator_approves_it(paths, snapshot):
    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "c")
        # monster word, "If this Monster attacks": effect empower (first), number 1 -> 3
        await keys(pilot, "down", "down", "down", "right", "right")
        await keys(pilot, "down", "down", "enter", *"emberwake", "enter")
        await keys(pilot, "down", "enter", *"ab", "enter")
        text = screen_text(app)
        assert "its attack rises by 3" in text and "Ready" in text
        snapshot.assert_match(text, "coin.txt")
        await keys(pilot, "ctrl+s")
        words, _ = word_store(paths).load()
        assert [(w.name, w.status, w.author) for w in words] == [("EMBERWAKE", "pending", "AB")]
        assert "pend" in screen_text(app)
        await keys(pilot, "m")
        assert "EMBERWAKE" in screen_text(app)
        await keys(pilot, "a", *"cd", "enter")  # another player approves it (R39)
        words, _ = word_store(paths).load()
        assert words[0].status == "approved"
        assert "No word is waiting for review." in screen_text(app)


async def test_a_word_coined_mid_game_joins_the_table_and_the_replay(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "3")
        await keys(pilot, "W", "c")  # the Lexicon from the table: a view, so a capital
        await keys(pilot, "down", "down", "down", "down", "down", "enter", *"emberwake", "enter")
        await keys(pilot, "down", "enter", *"ab", "enter", "ctrl+s", "escape")
        session = session_of(app)
        assert [w.name for w in session.state.coined] == ["EMBERWAKE"]
        assert session.envelope.options["coined"][0]["name"] == "EMBERWAKE"
        session.play(EndTurn(0))
        assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


async def test_deck_screen_shows_cards_history_and_damage(paths, snapshot):
    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await fall_at_once(app, pilot)
        await keys(pilot, "enter", "enter", "enter", "enter")  # two scar words each
        await keys(pilot, "escape", "q", "d")  # then home, then the decks
        assert isinstance(app.screen, DecksScreen)
        text = screen_text(app)
        assert "AB" in text and ("10/1000" in text or "150/1000" in text)
        snapshot.assert_match(text, "deck-summary.txt")
        await keys(pilot, "v")
        text = screen_text(app)
        assert "Monsters (6, 1 written on)" in text and "Equipment (36, 1 written on)" in text
        snapshot.assert_match(text, "deck-cards.txt")
        await keys(pilot, "v")
        text = screen_text(app)
        assert "Game 1:" in text
        snapshot.assert_match(text, "deck-history.txt")
        paths.decks.joinpath("zz-1.json").write_bytes(b"{broken")
        await keys(pilot, "escape", "d", "end")
        text = screen_text(app)
        assert "DAMAGED" in text and "not complete JSON" in text
        await keys(pilot, "n", "e", "f", "enter")
        assert [d.initials for d in deck_store(paths).decks()] == ["AB", "CD", "EF"]
        assert paths.decks.joinpath("zz-1.json").read_bytes() == b"{broken"
        assert "Restore backup" not in screen_text(app)  # zz-1 was never written twice


async def test_a_damaged_deck_is_put_back_from_its_backup_by_keys(paths):
    store = deck_store(paths)
    deck = store.create(fresh_deck("AB"))
    store.update(msgspec.structs.replace(deck, xp=160))
    store.shelf.path(deck.id).write_bytes(b"{half a deck")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "d")
        text = screen_text(app)
        assert "DAMAGED" in text and "Press b to put" in text and "b Restore backup" in text
        await keys(pilot, "b", "n")  # asked first: no leaves it alone
        assert store.shelf.path(deck.id).read_bytes() == b"{half a deck"
        await keys(pilot, "b", "y")
        assert store.load(deck.id).xp == 0
        assert "DAMAGED" not in screen_text(app)


async def test_game_help_explains_the_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "1")
        await keys(pilot, "question_mark")
        for _ in range(40):  # the help's Markdown renders a moment after it mounts
            text = screen_text(app)
            if "Monster pile" in text and "Tab hands" in text:
                break
            await pilot.pause(0.05)
        assert "Monster pile" in text and "Tab hands the" in text, text


async def test_a_first_clear_is_written_and_asks_for_a_name(paths, snapshot):
    from engine.decknforge.legacy import fresh_deck
    from saves.session import GameSession
    from tests.decknforge.helpers import GAME, rig_monster, set_slots

    use_snapshot_dir(snapshot, "decknforge")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        store = deck_store(paths)
        decks = [store.create(fresh_deck("AB")), store.create(fresh_deck("CD"))]
        session = GameSession.start(app.store, GAME, 1, decks=decks)
        state = session.state  # rigged: the band out-gears the dungeon at the first attack
        set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
        set_slots(state, 1, [("KD", ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"])])
        rig_monster(state, "AS", owner=1)
        session.save()
        app.open_session(session)
        await keys(pilot, "enter", "e", "y", "enter", "e", "y")
        text = screen_text(app)  # the attack first, then the end
        assert isinstance(app.screen, Pause) and "A♠/CD (1) hit nobody" in text and "cleared!" in text
        await keys(pilot, "enter", "r")
        assert isinstance(app.screen, ResultsScreen) and state.result == "clear"
        text = screen_text(app)
        assert "+150 XP" in text and "Name AB's deck" in text and "inscribed" in text
        snapshot.assert_match(text, "results-clear.txt")
        await keys(pilot, "enter", *"Ironbound", "enter")
        assert store.load("ab-1").name == "Ironbound" and store.load("ab-1").xp == 150
        assert "Ironbound" in screen_text(app) and "Name AB's deck" not in screen_text(app)


async def fall_at_once(app, pilot):
    """New stored decks AB and CD at a table rigged so the first attack ends in a fall."""
    from engine.decknforge.legacy import fresh_deck
    from saves.session import GameSession
    from tests.decknforge.helpers import GAME, rig_monster

    store = deck_store(app.paths)
    decks = [store.create(fresh_deck("AB")), store.create(fresh_deck("CD"))]
    session = GameSession.start(app.store, GAME, 2, decks=decks)
    state = session.state  # rigged: the last Monster of the pile, the dungeon standing
    top = rig_monster(state, "X1", owner=0)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    session.save()
    app.open_session(session)
    await keys(pilot, "enter", "e", "y", "enter", "e", "y")  # AB sits down and ends; CD takes over, ends
    assert isinstance(app.screen, Pause)  # the attack is told first
    await keys(pilot, "enter")
    return session


async def test_a_scar_word_can_be_coined_on_the_spot(paths):
    from tests.decknforge.helpers import GAME

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        store = deck_store(paths)
        session = await fall_at_once(app, pilot)
        state = session.state
        seat = app.screen.seat  # the seat shown picks first; both may
        initials = state.players[seat].initials
        text = screen_text(app)
        assert state.phase == "scar" and "A Monster word for" in text and f"▸{initials}: scar" in text
        await keys(pilot, "c")  # the Lexicon opens on coining, for the seat shown
        # a Monster word "If this Monster attacks, every player discards 1 random card", which
        # a joker can carry as well as an ace (R38)
        await keys(pilot, "down", "down", "right", "right", "right", "right", "down", "down", "down")
        await keys(pilot, "enter", *"razorhowl", "enter", "ctrl+s", "escape")
        assert isinstance(app.screen, DecknForgeScreen)
        await keys(pilot, "end", "up", "enter")  # the new word sits just above "Coin…"
        assert GAME.result_decks(state) == [] and state.scars[seat].monster_word == "RAZORHOWL"
        assert "An Equipment word for" in screen_text(app)  # step 4 follows step 3
        while session.outcome() is None:
            await keys(pilot, "enter")
        deck = store.load(f"{initials.lower()}-1")
        assert deck.card(deck.scars[-1].monster).word == "RAZORHOWL"
        words, _ = word_store(paths).load()
        assert words[0].name == "RAZORHOWL" and words[0].inscribed  # valid for good (R40)


async def test_r38_the_coin_form_warns_when_a_scar_word_could_never_fire_on_its_card(paths):
    from tui.decknforge.coin import CoinScreen

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(CoinScreen([], author="AB", kind="monster", card="X1"))  # a joker's scar
        await pilot.pause()
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "its attack rises by 1" in text  # the first trigger and effect: attack, empower
        assert "cannot fire" not in text  # a placed joker is answered by the gear it strips (R4)
        await keys(pilot, "down", "down", "right")  # it also hits a suit: a joker has none
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "also hits" in text
        assert "cannot fire on a joker" in text and "will not be offered for this scar" in text
        await keys(pilot, "right", "right", "right")  # every player discards 1 card
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "discards 1 random card" in text and "cannot fire" not in text
        await keys(pilot, "escape")
        app.push_screen(CoinScreen([], author="AB", kind="monster", card="AS"))  # an ace's
        await pilot.pause()
        await keys(pilot, "down", *["right"] * 4)  # "If this joker is placed in a row"
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "cannot fire on the ace A♠ (an ace is never placed in a row)" in text


async def test_a_word_written_on_a_deck_cannot_be_rejected(paths):
    from engine.decknforge.legacy import fresh_deck
    from engine.decknforge.lexicon import Effect, Trigger
    from engine.decknforge.moderation import coin

    word = coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB")
    word_store(paths).add(word)
    deck = fresh_deck("AB")
    deck.card("AS").word = "EMBERWAKE"  # as a scar would have written it
    deck_store(paths).create(deck)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "m", "x")
        assert any("cannot be rejected" in str(n.message) for n in app._notifications)
        assert word_store(paths).load()[0][0].status == "pending"


async def test_r39_challenge_a_word_then_its_author_modifies_and_sends_it_again(paths):
    from engine.decknforge.lexicon import Effect, Trigger
    from engine.decknforge.moderation import coin

    words = word_store(paths)
    words.add(coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 5)], "AB"))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "m", "h", *"AB", "enter")  # on one machine: who challenges?
        assert any("another player challenges" in str(n.message) for n in app._notifications)
        assert words.load()[0][0].status == "pending"  # its author does not challenge it
        await keys(pilot, "h", *"CD", "enter", *"five is too much", "enter")
        word = words.load()[0][0]
        assert word.status == "challenged" and word.note == "five is too much"
        assert word.history[-1].by == "CD"
        assert "1 sent back to you" in screen_text(app)
        assert "o Sent back" not in screen_text(app)  # the verdicts' footer fits 80 columns
        await keys(pilot, "w", "o")
        text = screen_text(app)
        assert "EMBERWAKE" in text and "five is too much" in text
        await keys(pilot, "e", "down", "down", "down", "left", "left", "left")  # 5 -> 2
        assert "its attack rises by 2" in screen_text(app)
        await keys(pilot, "ctrl+s")
        word = words.load()[0][0]
        assert word.status == "pending" and word.effects == (Effect("empower", 2),)
        assert [r.verdict for r in word.history] == ["coined", "challenged", "resubmitted"]
        await keys(pilot, "m", "a", *"AB", "enter")  # R39: an author never approves their own word
        assert any("another player must approve" in str(n.message) for n in app._notifications)
        assert words.load()[0][0].status == "pending"
        await keys(pilot, "a", *"CD", "enter")
        word = words.load()[0][0]
        assert word.status == "approved" and word.history[-1].by == "CD"


async def test_r39_on_a_shared_host_only_moderators_judge_and_never_their_own_word(paths, monkeypatch):
    from engine.decknforge.lexicon import Effect, Trigger
    from engine.decknforge.moderation import coin

    words = word_store(paths)
    words.add(coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB", author_id="key-ab"))
    words.enrol("key-cd")  # another moderator has judged here
    from saves.settings import Settings, save_settings

    save_settings(paths, Settings(display_name="Ann"))  # a served player has named themself
    monkeypatch.setenv("TABLETOP_TUI_PLAYER", "key-ab")
    monkeypatch.delenv("TABLETOP_TUI_MODERATOR", raising=False)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "m")  # not a moderator: the queue, to challenge, not to judge
        text = screen_text(app)
        assert "Pending review" in text and "h Challenge" in text and "a Approve" not in text
        await keys(pilot, "h")  # but not one's own word
        assert any("another player challenges" in str(n.message) for n in app._notifications)
        assert words.load()[0][0].status == "pending"
    monkeypatch.setenv("TABLETOP_TUI_MODERATOR", "1")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "m", "a")
        assert any("another moderator" in str(n.message) for n in app._notifications)
        assert words.load()[0][0].status == "pending" and words.moderators() == ["key-ab", "key-cd"]
    monkeypatch.setenv("TABLETOP_TUI_PLAYER", "key-cd")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l", "m", "a")
        word = words.load()[0][0]
        assert word.status == "approved" and word.history[-1].by == "key-cd"


def measured(reading: str) -> float:
    from engine.decknforge.readings import readings

    return readings()[reading].clears[0]


async def test_the_strength_reading_is_chosen_at_set_up(paths):
    """R34: the book's count is the default; the gentle one is offered as a house rule, named
    so, with what it does to a legacy."""
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await set_table_by_keys(pilot, "12")
        await keys(pilot, "up", "up")  # past the seed, the Strength line: its note explains the reading
        text = screen_text(app)
        assert "The book: every Monster in the dungeon (default)" in text
        assert f"clear {measured('strict'):.0%} at game 1" in " ".join(text.replace("│", " ").split())
        await keys(pilot, "g")
        text = screen_text(app)
        assert "House rule: only the Monsters met so far" in text and "Not the book's count" in text
        assert f"clear {measured('gentle'):.0%} at game 1" in " ".join(text.replace("│", " ").split())
        assert "(default)" not in text
        await keys(pilot, "s", "enter")
        session = session_of(app)
        assert session.envelope.options["strength"] == "gentle" and session.state.gentle
        assert "Strength 50" in screen_text(app)


# ----- keys that keep their meaning, a dungeon told in parts --------------------------------


def solo_app(paths, seed: int = 5):
    """An app opening a solo table (one person at both seats: no cover between them)."""
    from saves.session import GameSession
    from tests.decknforge.helpers import GAME

    return make_app(paths, on_start=lambda app: app.open_session(GameSession.start(app.store, GAME, seed, solo=True)))


async def test_equipping_picks_the_card_then_the_adventurer(paths):
    app = solo_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        player = session.state.players[screen.seat]
        assert len(player.slots) > 1
        equips = [a for a in session.legal_actions() if type(a).__name__ == "Equip" and a.seat == screen.seat]
        lines = [c for c in screen.choices if isinstance(c, tuple)]
        assert len(lines) == len({a.card for a in equips}) < len(equips)  # a line per card
        await by_digit(pilot, "2")  # the second card of the hand: now, which Adventurer?
        text = screen_text(app)
        assert "on whom? (Esc: back)" in text and "(slot 1, gear" in text
        await keys(pilot, "escape")
        assert "on whom?" not in screen_text(app) and isinstance(app.screen, DecknForgeScreen)
        card = player.hand[1]
        await by_digit(pilot, "2")
        await keys(pilot, "2")  # card 2, then the Adventurer of slot 2 (its one move: at once)
        assert card in session.state.players[screen.seat].slots[1].gear


async def test_ending_a_turn_with_actions_left_asks_and_a_key_that_cannot_play_says_why(paths):
    from tui.screens.dialogs import Confirm

    app = solo_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.screen.session
        await keys(pilot, "e")
        assert isinstance(app.screen, Confirm) and "3 actions still to use" in screen_text(app)
        asked = app.screen
        await keys(pilot, "n")
        assert session.envelope.actions == []  # declined: nothing ended
        player = session.state.players[app.screen.seat]
        assert len(player.hand) == 7  # a full hand: Equipment cannot be drawn
        await keys(pilot, "d")
        assert session.envelope.actions == []
        assert any("hand" in str(n.message).lower() for n in app._notifications)
        table = app.screen
        move = next(i for i, c in enumerate(table.choices) if not isinstance(c, (tuple, str)))
        table.query_one("#choices").cursor = move
        await keys(pilot, "enter", "e")  # a move played: asked again, with the new count
        assert table.state.players[table.seat].actions_left == 2
        assert isinstance(app.screen, Confirm) and "2 actions still to use" in screen_text(app)
        assert "3 actions" not in screen_text(app) and app.screen is asked  # the same dialog, reworded
        await keys(pilot, "escape")
        assert len(session.envelope.actions) == 1 and not isinstance(app.screen, Confirm)


async def test_the_dungeon_tells_its_pile_and_its_strength_in_parts(paths):
    app = solo_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "it holds ♠2 ♥2 ♦2 ♣2 Jkr4" in text  # two decks' aces and jokers, face down
        assert "Strength 50 = 25×2 + 0" in text or "Strength" in text and "= 25×2 + " in text
        assert "ME#1" in text and "ME#2" in text  # the solo decks told apart


async def test_a_table_made_narrower_says_what_the_narrow_panel_says(paths):
    """The Dungeon panel is worded for its width (a wide one draws the pile as a bar): after a
    resize across 120 columns it is worded afresh at once, not at the next move."""
    from tui.decknforge.table import dungeon_text

    app = solo_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DecknForgeScreen)
        wide, narrow = dungeon_text(screen.state, wide=True), dungeon_text(screen.state)
        assert wide.splitlines()[0] != narrow.splitlines()[0]
        assert wide.splitlines()[0] in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert narrow.splitlines()[0] in screen_text(app) and wide.splitlines()[0] not in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert wide.splitlines()[0] in screen_text(app)


def end_with_decks_refused(store, monkeypatch):
    """A DecknForge game of two stored decks played to its last move, whose filing finds the
    disk refusing the deck writes; the session."""
    import pytest

    from saves.session import GameSession
    from saves.shelf import Shelf

    decks = deck_store(store.paths)
    band = [decks.create(fresh_deck(initials)) for initials in ("AB", "CD")]
    session = GameSession.start(store, GAME, 5, decks=band)
    while True:
        action = GAME.bot_action(session.state, GAME.to_move(session.state)[0])
        probe = msgspec.json.decode(msgspec.json.encode(session.state), type=GAME.State)
        GAME.apply(probe, action)
        if GAME.outcome(probe) is not None:
            break
        session.play(action)

    def refused(self, name, envelope):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Shelf, "write_envelope", refused)
    with pytest.raises(OSError):
        session.play(action)
    monkeypatch.undo()
    assert [len(d.history) for d in decks.decks()] == [0, 0]
    return session


async def test_a_result_left_pending_is_written_on_the_decks_when_the_app_starts(paths, store, monkeypatch):
    session = end_with_decks_refused(store, monkeypatch)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [len(d.history) for d in deck_store(paths).decks()] == [1, 1]
        assert [e.id for e in History(app.store).list()] == [session.save_id]
        assert History(app.store).pending() == [] and not paths.save_file(session.save_id).exists()


async def test_a_result_whose_deck_write_the_disk_refused_is_written_before_the_decks_are_shown(paths, monkeypatch):
    """The last move's filing could not write the decks (the disk refused): the game waits,
    pending, and the Decks screen writes it first, so the decks shown hold it."""
    store = deck_store(paths)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        session = end_with_decks_refused(app.store, monkeypatch)
        assert History(app.store).pending() == [session.save_id] and History(app.store).list() == []
        app.push_screen(DecksScreen())
        await pilot.pause()
        assert [len(d.history) for d in store.decks()] == [1, 1]
        assert [e.id for e in History(app.store).list()] == [session.save_id]
        text = screen_text(app)
        assert "10/1000" in text or "150/1000" in text  # the list shows the XP it brought
