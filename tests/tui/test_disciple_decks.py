"""Disciple Versus decks in the app: a two-style deck built to legality by key presses and
saved; the Decks screen's defaults, copy, rename, delete and damaged files."""

from __future__ import annotations

from engine.disciple.content import load
from saves.atomic import backup_path
from engine.disciple.decks import check_versus_deck
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.disciple.builder import AllotmentPick, DeckBuilder, StylePick
from tui.disciple.deck_files import versus_deck_store
from tui.disciple.decks_screen import VersusDecksScreen
from tui.disciple.setup import DiscipleSetup
from tui.screens.dialogs import AskText, Confirm

CONTENT = load()


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


async def open_builder_with(pilot, app, *styles: str) -> DeckBuilder:
    """Home -> v (Versus decks) -> n (new deck) -> tick the styles (Space) -> s (done)."""
    await keys(pilot, "v")
    assert isinstance(app.screen, VersusDecksScreen)
    await keys(pilot, "n")
    assert isinstance(app.screen, StylePick)
    ids = list(CONTENT.styles)
    for style in styles:
        await keys(pilot, "home", *["down"] * ids.index(style), "space")
    await keys(pilot, "s")
    assert isinstance(app.screen, DeckBuilder)
    return app.screen


async def test_a_two_style_deck_built_to_legality_by_keys_and_saved(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        builder = await open_builder_with(pilot, app, "boxing", "karate")
        assert {c.style for c in builder.cards} == {"boxing", "karate"}
        assert "the deck needs a name" in screen_text(app)
        # Every common, four copies each: 80 cards, and any number of different commons.
        for index, card in enumerate(builder.cards):
            if card.rarity == "common":
                builder.query_one("#cards").cursor = index
                await keys(pilot, "a", "a", "a", "a")
            if index == 3:
                await keys(pilot, "a")  # a fifth copy: the broken rule shows at once
                assert f"{card.name}: 5 copies, a common card allows 4" in builder.problems()
                assert f"• {card.name}: 5 copies, a common" in screen_text(app)  # wrapped after
                await keys(pilot, "x")
                assert "5 copies" not in screen_text(app)
            if index == 8:
                snapshot.assert_match(screen_text(app), "builder-80x24.txt")
        deck = builder.deck()
        assert len(deck.cards) == 80 and check_versus_deck(deck, CONTENT) == ["the deck needs a name"]
        # The allotment: green is offered by neither style, a third red by only two reds.
        await keys(pilot, "e")
        assert isinstance(app.screen, AllotmentPick)
        await keys(pilot, "end", "enter")
        assert "Refused: green: 1 in the allotment, the two styles offer 0" in screen_text(app)
        await keys(pilot, "home", "down", "down", "enter", "enter", "enter")
        assert "Refused: red: 3 in the allotment" in screen_text(app)
        await keys(pilot, "home", "enter")  # gray: red, red, gray is allowed
        assert isinstance(app.screen, DeckBuilder) and builder.deck_allotment == ("red", "red", "gray")
        await keys(pilot, "s")  # no name yet: asked first, then saved
        assert isinstance(app.screen, AskText)
        await keys(pilot, *"Fists", "enter")
        assert isinstance(app.screen, DeckBuilder)
        assert "LEGAL: ready to play" in screen_text(app) and "unsaved" not in screen_text(app)
        saved = versus_deck_store(paths).load(builder.deck_id)
        assert saved == builder.deck() and saved.name == "Fists"
        assert check_versus_deck(saved, CONTENT) == []
        await keys(pilot, "escape")  # nothing unsaved: back to the list, which shows it
        assert isinstance(app.screen, VersusDecksScreen)
        row = next(r for r in app.screen.rows if r.key == builder.deck_id)
        assert row.ready and "Fists" in screen_text(app)


async def test_the_builder_at_120x40_shows_what_each_card_does(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        builder = await open_builder_with(pilot, app, "jiujitsu")
        await keys(pilot, "a", "a", "down", "a", "down", "down")
        card = builder.cards[3]
        text = screen_text(app)
        assert card.text[:30] in text  # in the list and in the card panel
        assert "Energy G G N" in text and "Cards 3 (at least 60)" in text
        snapshot.assert_match(text, "builder-120x40.txt")
        await keys(pilot, "e")  # one style: its own allotment, nothing to choose
        assert isinstance(app.screen, DeckBuilder)
        await keys(pilot, "escape")  # unsaved changes: asked first
        assert isinstance(app.screen, Confirm)
        await keys(pilot, "n")
        assert isinstance(app.screen, DeckBuilder)
        await keys(pilot, "escape", "y")
        assert isinstance(app.screen, VersusDecksScreen)
        assert versus_deck_store(paths).list() == []  # left without saving: no file


async def test_decks_screen_copies_renames_and_deletes_after_asking(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    store = versus_deck_store(paths)
    store.shelf.folder.mkdir(parents=True)
    store.shelf.path("broken-1").write_bytes(b'{"format": "tabletop-tui-deck", "vers')
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "v")
        screen = app.screen
        assert isinstance(screen, VersusDecksScreen)
        assert [r.key for r in screen.rows][:3] == ["default:boxing", "default:karate", "default:jiujitsu"]
        await keys(pilot, "e")  # a default deck is read-only
        assert isinstance(app.screen, VersusDecksScreen)
        await keys(pilot, "d")
        assert isinstance(app.screen, VersusDecksScreen)  # and always there
        await keys(pilot, "c")  # ...but its copy is yours
        copy = [r for r in screen.rows if not r.default and not r.damaged]
        assert [r.deck.name for r in copy] == ["Boxing copy"] and copy[0].ready
        await keys(pilot, "r", *"Mine", "enter")
        assert store.load(copy[0].key).name == "Mine"  # typing replaces the old name
        text = screen_text(app)
        assert "broken-1.json" in text and "DAMAGED" in text
        snapshot.assert_match(text, "versus-decks.txt")
        await keys(pilot, "end")  # the damaged file: shown with why, never written over
        assert "not complete JSON" in screen_text(app)
        await keys(pilot, "r")
        assert store.shelf.path("broken-1").read_bytes().endswith(b'"vers')
        await keys(pilot, "home", "down", "down", "down", "d")
        assert isinstance(app.screen, Confirm)
        await keys(pilot, "n")  # asked, refused: still there
        assert store.shelf.exists(copy[0].key)
        mine = store.shelf.path(copy[0].key).read_bytes()
        await keys(pilot, "d", "y")
        assert not store.shelf.exists(copy[0].key)
        assert [r.key for r in screen.rows if not r.default] == ["broken-1"]
        await keys(pilot, "end", "b")  # no backup to put back: said so, nothing asked
        assert isinstance(app.screen, VersusDecksScreen)
        backup_path(store.shelf.path("broken-1")).write_bytes(mine)
        await keys(pilot, "b", "y")  # asked, then the backup is back in place
        assert store.load("broken-1").name == "Mine"
        assert not [r for r in screen.rows if r.damaged]


async def test_the_new_game_screen_offers_the_games_options_and_a_seed(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1")
        screen = app.screen
        assert isinstance(screen, DiscipleSetup)
        assert "Martial art: Choose at the table" in screen_text(app)
        assert "Playstyle: Solo" in screen_text(app)
        await keys(pilot, "down", "space")  # Space changes the highlighted option in place
        assert "Martial art: Boxing" in screen_text(app)
        await keys(pilot, "end", "up", "enter", *"42", "enter")
        assert "Seed: 42" in screen_text(app)
        snapshot.assert_match(screen_text(app), "new-game.txt")
        await keys(pilot, "s")
        session = app.screen.session
        assert session.envelope.seed == 42 and session.envelope.options["style"] == "boxing"
