"""The Campaign Leader's whole-table view (`D`): the Leader holds no Disciple, so the view names
the band, every enemy in the fight and whom it goes for, and the event decks, never an empty
hand of its own."""

from __future__ import annotations

from engine.registry import GAMES
from tui.disciple import explain

GAME = GAMES["disciple"]


def test_the_leader_sees_the_band_and_the_fight_not_an_empty_disciple():
    state = GAME.new_game(seed=3, mode="campaign", players=2, styles=["boxing", "karate"], cl="human")
    leader = len(state.players)
    for _ in range(400):  # on to a fight with two enemies or more, every seat played by the bot
        if sum(not e.beaten for e in state.enemies) >= 2 or GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        GAME.apply(state, GAME.bot_action(state, seat))
    assert sum(not e.beaten for e in state.enemies) >= 2, "no fight of several enemies came"
    text = explain.table(GAME.view(state, leader), seat=leader).plain
    assert "Hand" not in text  # the Leader has no Disciple, so no hand of their own
    for player in state.players:
        assert player.name in text
    for enemy in state.enemies:
        if not enemy.beaten:
            target = state.players[enemy.target].name
            assert f"{enemy.name} ({enemy.tier}, {enemy.vitality}/{enemy.max_vitality}" in text
            assert f"goes for {target}" in text
    assert "Event decks" in text


async def test_the_leaders_table_and_piles_keys_show_the_band_and_the_event_decks(paths, store):
    """At the Leader's seat `D` shows the band and `v` the event decks, never "your deck"."""
    from saves.session import GameSession
    from tests.conftest import screen_text
    from tests.tui.launcher import SIZE, make_app, open_past_cover
    from tui.game_screen import GameScreen

    session = GameSession.start(store, GAME, 2, mode="campaign", players=2, cl="human", names=["Ann", "Ben"])
    while session.state.pending is None or not session.state.pending.kind.startswith("cl_") \
            or session.state.pending.kind == "cl_order":
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    session.hold.release()
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_past_cover(app, pilot, session.save_id)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == 2  # the Leader's seat
        await pilot.press("D")
        await pilot.pause()
        text = screen_text(app)
        assert "The whole table" in text and "The band" in text and "Ann" in text and "Ben" in text
        await pilot.press("escape", "v")
        await pilot.pause()
        text = screen_text(app)
        assert "The event decks" in text and "No deck yet" not in text
        assert "Ann: " in text and "left" in text
