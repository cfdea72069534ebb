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
