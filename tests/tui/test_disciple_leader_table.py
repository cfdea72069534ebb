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
