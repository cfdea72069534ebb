"""Campaign: the Campaign Leader's choices (what comes next from whose deck, who meets an event,
how many enemies commit, whom each enemy attacks), what players see of it, the end of a fight
(5 keep 2 for the standing, half vitality and 3 keep 1 for the fallen), the end of the
campaign, and the CL bot's standard order."""

from __future__ import annotations

import pytest

from engine.disciple.campaign import EVERYONE
from engine.disciple.content import load
from engine.disciple.model import Choose, EndTurn, EnergyCard, PlayCard, State
from engine.disciple.view import HIDDEN

from .helpers import GAME

CONTENT = load()


def campaign(players: int = 2, cl: str = "human", seed: int = 1, **options) -> State:
    styles = options.pop("styles", ["boxing", "karate", "jiujitsu", "boxing"][:players])
    return GAME.new_game(seed=seed, mode="campaign", players=players, styles=styles, cl=cl, **options)


def set_up(state: State) -> State:
    """Through the player order (the seats' own) and the players' starting picks to the CL's
    first decision on the journey."""
    while state.pending is not None and (not state.pending.kind.startswith("cl_")
                                         or state.pending.kind == "cl_order"):
        GAME.apply(state, Choose(0, state.pending.seat))
    return state


def cl(state: State, option) -> None:
    """The CL picks the option with this value."""
    pending = state.pending
    assert pending is not None and pending.kind.startswith("cl_") and pending.seat == len(state.players)
    GAME.apply(state, Choose(pending.options.index(option), pending.seat))


def test_a_human_cl_has_a_seat_and_picks_the_next_card_from_any_deck():
    state = set_up(campaign())
    assert GAME.seats(state) == ["Player 1", "Player 2", "Campaign Leader"]
    assert state.pending.kind == "cl_next" and GAME.to_move(state) == (2,)
    second = state.players[1]
    top = second.event_deck[-1]
    left = len(second.event_deck)
    GAME.apply(state, Choose(1, 2))  # the card on top of Player 2's deck
    assert state.event == top and len(second.event_deck) == left - 1
    assert GAME.hides_between_seats(state)


def test_the_cl_decides_the_player_order_for_the_whole_campaign():
    """Rulebook, Campaign Setup (line 404): "Player Order is decided by the CL, it is set and
    will be used throughout the campaign"."""
    state = campaign(players=3)
    assert state.pending.kind == "cl_order" and state.pending.options == ["0", "1", "2"]
    assert GAME.describe(Choose(2, 3), state) == "Player 3"
    cl(state, "2")  # Player 3 first
    assert state.pending.kind == "cl_order" and state.pending.options == ["0", "1"]
    cl(state, "0")  # then Player 1; Player 2 is last
    assert state.order == [2, 0, 1]
    assert "The Campaign Leader sets the player order: Player 3, Player 1, Player 2." in GAME.log_lines(state)
    state = set_up(state)
    assert state.pending.kind == "cl_next" and state.pending.extra == ["2", "0", "1"]
    for _ in range(3000):  # on to the first fight: Player 3 plays first, then 1, then 2
        if state.phase == "player":
            break
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    turns = []
    while state.phase == "player" and len(turns) < 3:
        turns.append(state.active)
        GAME.apply(state, EndTurn(state.active))
    assert turns == [2, 0, 1]


def test_the_cl_bot_sets_an_order_too_without_asking():
    state = campaign(players=3, cl="bot")
    assert state.order == [0, 1, 2] and (state.pending is None or state.pending.kind != "cl_order")


def test_the_cl_may_commit_every_enemy_on_top_of_the_decks():
    """Rulebook, Campaign Gameplay (line 408): "CL decided the amount of Enemies that commit to
    a fight": not one a deck. The CL bot commits enemies while their vitality stays within
    0.9 of the band's (no fight won yet): 11 + 8 + 11 + 8 = 38 is within 0.9 x 50 = 45, one
    more White Belt (46) is not."""
    from engine.disciple import campaign as cl_rules

    for leader, committed in (("human", 5), ("bot", 4)):
        state = campaign(cl=leader)
        state.pending = None  # set up by hand: these decks, then the CL's first pick
        first, second = state.players
        first.event_deck = ["bx_brawler", "bx_brawler"]  # top last
        second.event_deck = ["kr_white_belt"] * 3
        cl_rules.next_card(state)
        if leader == "human":
            cl(state, "bx_brawler")  # from Player 1's deck
            assert state.pending.kind == "cl_commit" and state.pending.options == ["1", "2", "3", "4", "5"]
            assert state.pending.extra == ["0", "1", "0", "1", "1"]  # deck by deck, round by round
            labels = [GAME.describe(a, state) for a in GAME.legal_actions(state)]
            assert labels[:2] == ["1 enemy (11 vitality)", "2 enemies (19 vitality, + Eager White Belt)"]
            assert labels[2] == "3 enemies (30 vitality, + Bar Brawler)"  # what a person leading weighs
            cl(state, "5")
        assert len(state.enemies) == committed
        assert [e.target for e in state.enemies] == [0, 1, 0, 1, 1][:committed]


def test_the_cl_bot_commits_one_enemy_for_each_disciple_standing_at_least():
    from engine.disciple.leader import commit_count

    state = campaign(cl="bot")
    first, second = state.players
    first.vitality = second.vitality = 5  # a budget of 9 vitality: below one Title Holder
    first.event_deck, second.event_deck = ["bx_title_holder"], ["bx_title_holder"]
    state.event = "bx_title_holder"
    assert commit_count(state, ["0", "0", "1"]) == 2
    second.beaten = "defeated"
    assert commit_count(state, ["0", "0", "1"]) == 1
    first.vitality = 25  # 22.5 of vitality: one Title Holder of 28 still comes (the least)
    assert commit_count(state, ["0", "0", "1"]) == 1


def test_the_cl_bot_sends_every_enemy_at_the_disciple_nearest_to_falling():
    """Rulebook, Campaign Gameplay (line 408): the CL decides "who each Enemy targets on
    their turn"; the CL bot sends them at the Disciple with the least vitality and Guard."""
    from engine.disciple.leader import nearest_to_falling

    state = campaign(players=3, cl="bot")
    for me, vitality, guard in zip(state.players, (9, 8, 12), (0, 2, 0)):
        me.vitality, me.guard = vitality, guard
    assert nearest_to_falling(state) == 0  # 9 against 8 + 2 Guard and 12
    state.players[1].guard = 0
    assert nearest_to_falling(state) == 1
    state.players[1].beaten = "defeated"
    assert nearest_to_falling(state) == 0


def test_the_cl_bot_plays_the_events_on_top_before_it_sends_an_enemy():
    from engine.disciple.leader import bot_choice
    from engine.disciple.model import Pending

    state = campaign(cl="bot")
    state.pending = Pending("cl_next", "", ["bx_brawler", "healing_spring"], extra=["0", "1"])
    assert bot_choice(state) == 1
    state.pending = Pending("cl_next", "", ["bx_brawler", "kr_white_belt"], extra=["0", "1"])
    assert bot_choice(state) == 0


def _to_an_event(state: State) -> State:
    """Pick, from whichever deck shows one, a non-enemy event."""
    for _ in range(3000):
        pending = state.pending
        if pending is not None and pending.kind == "cl_next":
            events = [i for i, o in enumerate(pending.options) if o in CONTENT.events]
            if events and not CONTENT.events[pending.options[events[0]]].learn_style:
                GAME.apply(state, Choose(events[0], pending.seat))
                return state
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    raise AssertionError("no event came up")


def test_an_event_meets_everyone_or_only_the_player_the_cl_names():
    state = _to_an_event(set_up(campaign(seed=2)))
    assert state.pending.kind == "cl_scope" and state.pending.options[0] == EVERYONE
    cl(state, "1")  # only Player 2 meets it
    assert state.pending.kind == "event" and state.pending.seat == 1
    GAME.apply(state, Choose(0, 1))
    assert state.pending is None or state.pending.seat != 0 or state.pending.kind != "event"
    state = _to_an_event(set_up(campaign(seed=2)))
    cl(state, EVERYONE)
    seats = []
    while state.pending.kind == "event":
        seats.append(state.pending.seat)
        GAME.apply(state, Choose(0, state.pending.seat))
    assert seats == [0, 1]


def _to_a_fight_choice(state: State) -> State:
    """Play on (the CL picking enemies first) to a fight two enemies could commit to."""
    for _ in range(3000):
        pending = state.pending
        if GAME.outcome(state) is not None:
            break
        if pending is not None and pending.kind == "cl_commit" and len(pending.options) >= 2:
            return state
        if pending is not None and pending.kind == "cl_next":
            enemies = [i for i, o in enumerate(pending.options) if o in CONTENT.enemies]
            if enemies:
                GAME.apply(state, Choose(enemies[0], pending.seat))
                continue
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    raise AssertionError("no fight of two came up")


def fight_choice() -> State:
    return _to_a_fight_choice(set_up(campaign(seed=5)))


def test_the_cl_decides_how_many_enemies_commit():
    state = fight_choice()
    cl(state, "1")
    assert len(state.enemies) == 1 and state.phase == "player"
    state = fight_choice()
    cl(state, "2")
    assert len(state.enemies) == 2
    assert sorted(e.target for e in state.enemies) == [0, 1]  # each at the one whose deck it was


def test_the_cl_picks_whom_each_enemy_attacks_each_turn():
    state = fight_choice()
    cl(state, "1")
    for seat in (0, 1):
        GAME.apply(state, EndTurn(state.active))
    pending = state.pending
    assert pending.kind == "cl_target" and pending.options == ["0", "1"]
    assert GAME.describe(Choose(1, 2), state) == "Player 2"
    before = state.players[1].vitality + state.players[1].guard
    cl(state, "1")
    assert state.enemies[0].target == 1 or state.enemies[0].beaten
    assert any("turns on Player 2" in line for line in GAME.log_lines(state))
    assert state.players[0].vitality == 25 or state.players[1].vitality < before


def test_after_a_fight_the_standing_keep_two_of_five_and_the_fallen_rise_at_half():
    state = fight_choice()
    cl(state, "1")
    me, fallen = state.players
    fallen.vitality, fallen.beaten = 0, "defeated"
    state.enemies[0].vitality = 1
    me.hand = ["knockout_artist"]
    me.owned.append("knockout_artist")
    me.energy = [EnergyCard("blue", 3), EnergyCard("gray", 3)]
    GAME.apply(state, PlayCard(0, None, 0))
    assert fallen.vitality == 13 and not fallen.beaten  # half of 25, rounded up
    reward = state.pending
    assert reward.kind == "reward" and reward.seat == 0 and reward.picks_left == 2
    assert len(reward.options) == 6  # five skills and "keep none"
    GAME.apply(state, Choose(len(reward.options) - 1, 0))
    while state.pending.seat == 0:
        GAME.apply(state, Choose(0, 0))
    assert state.pending.kind == "reward" and state.pending.seat == 1
    assert state.pending.picks_left == 1 and len(state.pending.options) == 4


def test_the_campaign_ends_when_every_disciple_is_defeated():
    state = fight_choice()
    cl(state, "1")
    for me in state.players:
        me.vitality = 1
    state.players[1].beaten = "defeated"
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
        if state.fights_won > 1:
            pytest.skip("the last Disciple won the fight alone")
    assert GAME.outcome(state).won is False
    assert "The campaign ends here." in GAME.log_lines(state)[-1]


def test_players_see_only_what_the_cl_announces():
    state = fight_choice()
    cl(state, "2")
    player, leader = GAME.view(state, 0), GAME.view(state, 2)
    for me, real in zip(player.players, state.players):
        assert me.event_deck == [HIDDEN] * len(real.event_deck)
    assert all(set(e.patterns) <= {-1} for e in player.enemies)
    assert [e.patterns for e in leader.enemies] == [e.patterns for e in state.enemies]
    assert [p.event_deck for p in leader.players] == [p.event_deck for p in state.players]


def test_the_cl_bot_runs_the_standard_order_without_asking():
    state = campaign(cl="bot", seed=4)
    assert GAME.seats(state) == ["Player 1", "Player 2"]
    assert not GAME.hides_between_seats(state)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        assert state.pending is None or not state.pending.kind.startswith("cl_")
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    # the first player's deck leads: it is played down before the second player's
    assert len(state.players[0].event_deck) <= len(state.players[1].event_deck)


def test_a_disciple_learns_two_schools_at_most():
    state = set_up(campaign(seed=5, cl="bot", players=1, styles=["boxing"]))
    me = state.players[0]
    me.styles.append("karate")
    school = next(e for e, ev in CONTENT.events.items() if ev.learn_style)
    from engine.disciple.journey import reveal_event

    state.event = school
    reveal_event(state, 0)
    assert state.pending is None or state.pending.kind != "second_style"
    assert "has learned two schools already" in GAME.log_lines(state)[-1]


def test_campaign_options_are_checked():
    with pytest.raises(ValueError, match="'bot' or 'human'"):
        GAME.new_game(seed=1, mode="campaign", cl="robot")
    with pytest.raises(ValueError, match="Only a Campaign"):
        GAME.new_game(seed=1, mode="coop", cl="human")


def test_a_player_cannot_make_the_leaders_choice():
    from engine.core.errors import IllegalAction

    state = set_up(campaign())
    with pytest.raises(IllegalAction, match="Campaign Leader's move, not Player 1's"):
        GAME.apply(state, Choose(0, 0))


def test_the_cards_under_the_skills_deck_are_ordered_whenever_they_can_come_back():
    """Rulebook, If You Defeat the Enemy (line 284), "in any order", with Campaign Gameplay
    (line 411): a player still standing draws 5 after every fight, whoever's deck the enemy
    came from, so every enemy left in any deck counts 5 toward what can still be drawn."""
    from engine.disciple.journey import draws_left

    state = campaign(cl="bot")
    first, second = state.players
    first.event_deck, second.event_deck = ["bx_brawler", "bx_brawler"], []
    assert draws_left(state, second) == draws_left(state, first) == 10
