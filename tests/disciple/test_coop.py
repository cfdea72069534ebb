"""Co-Op: two to four Disciples on one journey. Set-up, events for every player, enemies flipped
for all, the order of turns, enemy targeting, counters across the table, the end of a fight,
resurrection, rewards for each player, and the miniboss and boss wait."""

from __future__ import annotations

import pytest

from engine.disciple import journey
from engine.disciple.combat import start_fight
from engine.disciple.content import load
from engine.disciple.effects import trigger_counter
from engine.disciple.model import Choose, EndTurn, EnergyCard, PlayCard, State, Target

from .helpers import GAME

CONTENT = load()
CARDS = CONTENT.cards


def coop(players: int = 2, seed: int = 1, **options) -> State:
    styles = options.pop("styles", ["boxing", "karate", "jiujitsu", "boxing"][:players])
    return GAME.new_game(seed=seed, mode="coop", players=players, styles=styles, **options)


def to_first_fight(state: State) -> State:
    while state.phase != "player":
        GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def fight(enemies: list[str], hands: list[list[str]], players: int = 2) -> State:
    """A fresh fight with these enemies (enemy i revealed by player i) and hands; plenty of
    energy and a draw pile of jabs each."""
    state = to_first_fight(coop(players))
    for me in state.players:
        journey.gather_deck(state, me)
    state.enemies = []
    start_fight(state, [(enemy, seat % players) for seat, enemy in enumerate(enemies)])
    for me, hand in zip(state.players, hands):
        me.hand, me.draw, me.discard, me.counters = list(hand), ["jab"] * 10, [], []
        me.owned = list(hand) + ["jab"] * 10
        me.energy = [EnergyCard(c, 3) for c in ("blue", "blue", "red", "green", "gray")]
    return state


def play(state: State, card_id: str) -> None:
    seat = state.active
    GAME.apply(state, PlayCard(state.players[seat].hand.index(card_id), None, seat))


def end_turn(state: State) -> None:
    GAME.apply(state, EndTurn(state.active))


# ----- set-up and events ------------------------------------------------------------------


def test_players_choose_their_styles_in_order_and_only_the_first_deck_keeps_events():
    state = GAME.new_game(seed=2, mode="coop", players=3)
    chosen = []
    while state.pending is not None and state.pending.kind == "style" or state.phase == "setup":
        pending = state.pending
        if pending.kind == "style":
            chosen.append(pending.seat)
        GAME.apply(state, Choose(0, pending.seat))
    assert chosen == [0, 1, 2]
    lead, *others = state.players
    flipped = [state.event] if state.event else []
    assert any(e in CONTENT.events for e in lead.event_deck + flipped)
    for me in others:
        assert me.event_deck and all(e in CONTENT.enemies for e in me.event_deck)
    assert GAME.seats(state) == ["Player 1", "Player 2", "Player 3"]


def test_the_second_style_event_leaves_when_nobody_will_learn_one():
    state = coop(second_style=False)
    learn = [e for e in CONTENT.events if CONTENT.events[e].learn_style]
    assert not any(e in learn for me in state.players for e in me.event_deck)
    state = coop(second_style=True)
    assert any(e in learn for e in state.players[0].event_deck)


def test_every_player_resolves_an_event_in_order_each_choosing_for_themselves():
    state = coop(seed=3)
    while not (state.pending is not None and state.pending.kind == "event"):
        if state.phase == "player":  # fight through with the bot until an event comes up
            GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
        else:
            GAME.apply(state, GAME.legal_actions(state)[0])
        assert GAME.outcome(state) is None
    event = CONTENT.events[state.event]
    seats = []
    while state.pending is not None and state.pending.kind == "event":
        seats.append(state.pending.seat)
        GAME.apply(state, Choose(len(event.choices) - 1, state.pending.seat))
    assert seats == [0, 1]


def test_when_the_first_player_flips_an_enemy_the_others_flip_theirs():
    state = to_first_fight(coop(players=3, seed=4))
    owners = sorted(e.target for e in state.enemies)
    assert len(state.enemies) >= 2 and owners[0] == 0
    for enemy in state.enemies:  # each aims first at whoever revealed it (R36)
        assert enemy.tier == "minion"
    assert state.active == 0 and all(len(me.hand) == 5 for me in state.players)


# ----- turns and targeting ----------------------------------------------------------------


def test_all_players_take_their_turns_then_all_enemies():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["jab"]])
    end_turn(state)
    assert state.active == 1 and state.phase == "player"
    attacks_before = sum("attacks" in line for line in GAME.log_lines(state))
    end_turn(state)  # both enemies act, then the first player again
    assert sum("attacks" in line for line in GAME.log_lines(state)) - attacks_before == 2
    assert state.active == 0 and state.phase == "player"


def test_an_enemy_turns_on_whoever_last_dealt_damage_submit_or_rocked():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["jab", "hip_bump", "uppercut"]])
    assert [e.target for e in state.enemies] == [0, 1]
    end_turn(state)
    play(state, "jab")  # Player 2 hits enemy 0: it turns on them
    assert state.enemies[0].target == 1
    assert GAME.view(state, 0).enemies[0].target == 1  # shown before anyone commits


def test_rocked_or_submit_alone_also_draws_the_enemy():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["uppercut"]])
    state.enemies[0].guard = 20  # the hit does nothing; the Rocked still lands
    end_turn(state)
    play(state, "uppercut")
    assert state.enemies[0].target == 1


def test_a_submit_its_guard_soaks_still_draws_the_enemy():
    """Rulebook, Enemy Targeting (lines 330-332): enemies target the player who most recently
    "Applied Submit": applying it is enough, whatever Guard soaks."""
    state = fight(["jj_white_belt", "jj_white_belt"], [["jab"], ["rear_naked_choke"]])
    state.enemies[0].guard = 20
    end_turn(state)
    play(state, "rear_naked_choke")  # Submit 6, all soaked by Guard: no vitality lost
    assert state.enemies[0].vitality == state.enemies[0].max_vitality
    assert state.enemies[0].target == 1


def test_an_enemy_whose_target_fell_attacks_the_first_player_standing():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["jab"]], players=3)
    state.enemies[1].target = 2
    state.players[2].vitality = 0
    state.players[2].beaten = "defeated"
    end_turn(state)
    end_turn(state)  # the fallen third player has no turn
    assert state.enemies[1].target == 0


def test_a_disciple_turns_to_another_enemy_with_target():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["jab"]])
    assert Target(1, 0) in GAME.legal_actions(state) and Target(0, 0) not in GAME.legal_actions(state)
    GAME.apply(state, Target(1, 0))
    play(state, "jab")
    assert state.enemies[1].vitality < state.enemies[1].max_vitality
    assert state.enemies[0].vitality == state.enemies[0].max_vitality


def test_counters_answer_an_attack_on_any_disciple():
    state = fight(["bx_brawler"], [["jab"], ["counter_right"]])
    end_turn(state)
    play(state, "counter_right")  # Player 2's counter waits for an Upper attack
    state.enemies[0].target = 0
    trigger_counter(state, state.players[0], "upper", state.enemies[0])  # on Player 1
    assert state.players[1].counters == [] and state.players[1].guard >= 3
    assert state.enemies[0].vitality == state.enemies[0].max_vitality - 3


# ----- the end of a fight -----------------------------------------------------------------


def test_a_won_fight_raises_the_fallen_and_rewards_each_player_in_order():
    state = fight(["bx_brawler"], [["knockout_artist"], ["jab"]])
    state.players[1].fight_vitality = 21
    state.players[1].vitality = 0
    state.players[1].beaten = "defeated"
    state.enemies[0].vitality = 3
    play(state, "knockout_artist")
    assert state.players[1].vitality == 11 and not state.players[1].beaten  # half of 21
    pending = state.pending
    assert pending.kind == "reward" and pending.seat == 0 and len(pending.options) == 4
    GAME.apply(state, Choose(0, 0))
    while state.pending is not None and state.pending.seat == 0:
        GAME.apply(state, Choose(0, 0))
    assert state.pending.kind == "reward" and state.pending.seat == 1
    assert state.fights_won == 1


def test_a_later_player_orders_the_cards_under_their_skills_deck_when_they_can_come_back():
    """Rulebook, If You Defeat the Enemy (line 284): "Place unchosen cards at the bottom of the
    Skills Deck in any order". Player 2's own deck holds no more enemies, yet every fight the
    first player's deck brings rewards Player 2 too: the order can matter, so it is asked."""
    state = fight(["bx_brawler"], [["knockout_artist"], ["jab"]])
    second = state.players[1]
    second.event_deck = []
    second.skills_deck = ["jab", "cross", "hook", "slip"]  # Player 2 is shown the last three
    state.players[0].event_deck = ["bx_brawler"] * 3
    state.enemies[0].vitality = 3
    play(state, "knockout_artist")
    GAME.apply(state, Choose(len(state.pending.options) - 1, 0))  # Player 1 keeps none
    while state.pending.seat == 0:
        GAME.apply(state, Choose(0, 0))
    assert state.pending.kind == "reward" and state.pending.seat == 1
    GAME.apply(state, Choose(len(state.pending.options) - 1, 1))  # keeps none
    assert state.pending.kind == "bottom_order" and state.pending.seat == 1


def test_a_miniboss_fight_lets_each_player_keep_two_of_five():
    state = fight(["bx_brawler", "bx_dojo_senior" if "bx_dojo_senior" in CONTENT.enemies
                   else next(e for e, c in CONTENT.enemies.items() if c.tier == "miniboss")],
                  [["knockout_artist"], ["jab"]])
    for enemy in state.enemies:
        enemy.vitality = 1 if enemy is state.enemies[0] else 0
        enemy.beaten = "" if enemy is state.enemies[0] else "defeated"
    play(state, "knockout_artist")
    assert state.pending.kind == "reward" and state.pending.picks_left == 2
    assert len(state.pending.options) == 6


def test_the_journey_ends_when_every_disciple_falls():
    state = fight(["bx_brawler"], [["jab"], ["jab"]])
    for me in state.players:
        me.vitality = 1
    state.players[0].beaten = "defeated"
    end_turn(state)
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.legal_actions(state)[-1])
    assert GAME.outcome(state).won is False and state.phase == "over"


def test_a_miniboss_waits_until_everyone_reaches_it():
    state = to_first_fight(coop(seed=5))  # Player 1 boxing, Player 2 karate
    lead, other = state.players
    boxing, karate = CONTENT.styles["boxing"], CONTENT.styles["karate"]
    minion = next(e for e in boxing.events["1"] if e in CONTENT.enemies)

    def next_round():
        for me in state.players:
            journey.gather_deck(state, me)
        state.enemies, state.phase = [], "journey"
        journey.flip_event(state)

    lead.event_deck = [boxing.minibosses["1"], minion]  # top last
    other.event_deck = [karate.minibosses["1"]]
    next_round()  # Player 2 reaches their miniboss first: it waits
    assert other.waiting == karate.minibosses["1"]
    assert [(e.id, e.target) for e in state.enemies] == [(minion, 0)]
    assert any("waits until everyone reaches it" in line for line in GAME.log_lines(state))
    next_round()  # Player 1 reaches theirs: both fight together, each at its revealer
    assert not lead.waiting and not other.waiting
    assert [(e.id, e.target) for e in state.enemies] == [
        (boxing.minibosses["1"], 0), (karate.minibosses["1"], 1)]


def test_co_op_options_are_checked():
    with pytest.raises(ValueError, match="2 to 4"):
        GAME.new_game(seed=1, mode="coop", players=5)
    with pytest.raises(ValueError, match="Styles"):
        GAME.new_game(seed=1, mode="coop", players=2, styles=["boxing"])


def test_the_log_names_whose_deck_and_choice_each_line_is():
    """A log of several players said "Your starting deck takes Uppercut." whoever took it."""
    state = coop(3, names=["Ann", "Bea", "Cy"], styles=None)
    while state.phase != "player":
        GAME.apply(state, GAME.legal_actions(state)[0])
    log = GAME.log_lines(state)
    taken = [line for line in log if "starting deck takes" in line]
    assert taken and all(line.split("'s starting deck")[0] in ("Ann", "Bea", "Cy") for line in taken)
    assert {line.split("'s")[0] for line in taken} == {"Ann", "Bea", "Cy"}
    assert not any(line.startswith(("Your ", "You ")) for line in log), log
    solo = GAME.new_game(seed=1)
    while solo.phase != "player":
        GAME.apply(solo, GAME.legal_actions(solo)[0])
    assert any(line.startswith("Your starting deck takes") for line in GAME.log_lines(solo))  # Solo speaks to "you"


def test_the_player_a_weakened_enemy_attacks_picks_its_pattern_and_the_log_says_who():
    state = fight(["bx_brawler", "bx_brawler"], [["jab"], ["jab"]])
    state.players[0].name, state.players[1].name = "Ann", "Bea"
    state.enemies[1].weakened = 1  # R19: it draws two patterns, its target picks one
    end_turn(state)
    end_turn(state)
    pending = state.pending
    assert pending.kind == "weakened" and pending.seat == state.enemies[1].target == 1
    GAME.apply(state, Choose(0, seat=1))
    log = GAME.log_lines(state)
    assert any(line.startswith("Bea chooses ") and line.endswith(" for Bar Brawler.") for line in log), log
