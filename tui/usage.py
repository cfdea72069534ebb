"""The command line's own words, shared by `tabletop-tui` (tui/cli.py) and the commands a
player sends over `ssh` (tui/serve/commands.py): its one kind of mistake, its parser, and a new
game's options read from the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from engine.registry import CATALOGUE, GAMES

if TYPE_CHECKING:
    from engine.core.game import Game


class UsageError(Exception):
    """A mistake on the command line; the message is the one line the user sees."""


class Parser(argparse.ArgumentParser):
    new_command: Parser  # the main parser's `new`, whose help is asked for without a GAME

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops a failed write of --help or --version and exits 0; a reader that
        # stopped reading must end this command as it ends every other (main: 141, quietly).
        if message:
            (file or sys.stderr).write(message)


class OnOff(argparse.Action):
    """A bool option's two flags: its own (`--name`) turns it on, `--no-name` off. Unlike
    argparse's BooleanOptionalAction, an option whose own name starts with "no" (Disruption's
    `--no-dice`) is on when given by that name."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=None, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, option_string == self.option_strings[0])


def option_parser(game: Game) -> Parser:
    parser = Parser(prog=f"tabletop-tui new {game.id}", description=f"Start {game.title}.")
    parser.add_argument("--seed", type=int, metavar="N", help="shuffle seed (same seed, same game)")
    for option in game.options:
        flag = "--" + option.name.replace("_", "-")
        if option.kind == "bool":  # --name and --no-name: either way can be asked for
            parser.add_argument(flag, "--no-" + flag[2:], dest=option.name, action=OnOff, help=option.help)
        elif option.kind == "choice":
            parser.add_argument(flag, dest=option.name, choices=option.choices, help=option.help)
        else:
            parser.add_argument(flag, dest=option.name, type=int, metavar="N", help=option.help)
    return parser


def parse_new_game(game_id: str, rest: Sequence[str]) -> tuple[Game, int | None, dict[str, Any]]:
    from tui.games import playable

    if not playable(game_id):
        known = ", ".join(entry.id for entry in CATALOGUE)
        if any(entry.id == game_id for entry in CATALOGUE):
            raise UsageError(f"the game '{game_id}' is not playable yet")
        raise UsageError(f"unknown game '{game_id}' (choose from {known})")
    game = GAMES[game_id]
    parser = option_parser(game)
    if "-h" in rest or "--help" in rest:
        parser.print_help()
        raise SystemExit(0)
    args = parser.parse_args(list(rest))
    seed = args.seed
    given = {name: value for name, value in vars(args).items() if name != "seed" and value is not None}
    try:
        options = game.check_options(given)
    except ValueError as problem:
        raise UsageError(str(problem)) from None
    return game, seed, options
