"""Disciple's playstyles from the command line: `new disciple --mode M --players N`."""

import pytest

from tui.cli import UsageError, parse_new_game


def test_a_coop_game_for_three_from_the_command_line():
    game, _, options = parse_new_game("disciple", ["--mode", "coop", "--players", "3"])
    state = game.new_game(seed=1, **options)
    assert options["mode"] == "coop" and len(game.seats(state)) == 3


def test_versus_with_the_default_decks_from_the_command_line():
    game, _, options = parse_new_game("disciple", ["--mode", "versus"])
    assert options["players"] == 2 and len(options["decks"]) == 2


def test_a_solo_journey_keeps_the_options_it_always_had():
    _, _, options = parse_new_game("disciple", ["--style", "karate"])
    assert set(options) == {"style", "second_style"}


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--mode", "versus", "--players", "3"], "Versus is played by 2 players, not 3"),
        (["--players", "2"], "Solo is played by one player, not 2"),
        (["--mode", "coop", "--players", "5"], "Co-Op is played by 2 to 4 players, not 5"),
    ],
)
def test_a_wrong_number_of_players_is_refused_in_one_line(argv, message):
    with pytest.raises(UsageError, match=message):
        parse_new_game("disciple", argv)


def test_the_second_style_event_can_be_left_out_or_asked_for():
    """Rulebook, Solo Setup (line 183): the Group 2.5 card goes in only "If you would like the
    option to learn a second Martial arts Style": either way is asked for by name."""
    learn = {"crossroads_school"}
    game, _, options = parse_new_game("disciple", ["--style", "boxing", "--no-second-style"])
    assert options["second_style"] is False
    assert not learn & set(game.new_game(seed=1, **options).players[0].event_deck)
    game, _, options = parse_new_game("disciple", ["--style", "boxing", "--second-style"])
    assert options["second_style"] is True
    _, _, default = parse_new_game("disciple", ["--style", "boxing"])
    assert default["second_style"] is True


def test_a_campaigns_starting_vitality_is_as_decided():
    """Rulebook, glossary, Starting Vitality (line 157): "Campaign: As decided"."""
    game, _, options = parse_new_game("disciple", ["--mode", "campaign", "--start-vitality", "40"])
    state = game.new_game(seed=1, **options)
    assert [(p.vitality, p.start_vitality) for p in state.players] == [(40, 40), (40, 40)]
    assert game.validate(state) == []
    _, _, standard = parse_new_game("disciple", ["--mode", "campaign"])
    assert "start_vitality" not in standard  # 25, as Solo, and a save's options as before
    assert game.new_game(seed=1, **standard).players[0].start_vitality == 25


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--start-vitality", "40"], "Only a Campaign's starting vitality is decided"),
        (["--mode", "coop", "--start-vitality", "30"], "Only a Campaign's starting vitality"),
        (["--mode", "campaign", "--start-vitality", "0"], "Starting vitality must be at least 5"),
    ],
)
def test_starting_vitality_is_refused_where_the_rulebook_sets_it(argv, message):
    with pytest.raises(UsageError, match=message):
        parse_new_game("disciple", argv)
