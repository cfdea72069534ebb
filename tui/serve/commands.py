"""What a command sent with ssh may ask for: a safe subset of the command line.

`ssh HOST new disruption --seed 3` reaches the server as one string. Only `new` (with the game's
own options), `continue`, `tables`, `join` and `watch` pass, and each is rebuilt from what was understood
rather than handed on as typed, so no global option (`--data-dir`, `--theme`, ...) and no path can
ride along to the app.
"""

from __future__ import annotations

import re
import shlex

from tui.usage import UsageError, parse_new_game

USAGE = "usage: ssh [-t] HOST [new GAME [options] | continue [SAVE] | tables | join CODE | watch CODE]"
# A save's id, name or list number; a table's code; an option's value: no path can be spelt.
WORD = re.compile(r"[^\x00-\x1f\x7f-\x9f/\\]{1,40}")
CODE = re.compile(r"[A-Za-z0-9]{1,12}")
OPTION = re.compile(r"--[a-z][a-z0-9-]{0,30}")
# Options of the top-level command line. argparse accepts any unambiguous prefix, so a game
# option may be neither one of these nor a prefix of one.
GLOBAL_OPTIONS = ("--data-dir", "--theme", "--version", "--help")
INTERACTIVE = ("", "new", "continue", "join", "watch")


class Refused(Exception):
    """A command the server will not run; the message is the one line the user sees."""


def safe_arguments(command: str | None) -> list[str]:
    """The app's arguments for `command` (None or "" opens the home screen), or Refused."""
    try:
        words = shlex.split(command or "")
    except ValueError:
        raise Refused(USAGE) from None
    if not words:
        return []
    verb, rest = words[0], words[1:]
    if verb == "new" and rest:
        return _new_game(rest[0], rest[1:])
    if verb == "continue" and len(rest) <= 1 and all(_plain_word(w) for w in rest):
        return ["continue", *rest]
    if verb == "tables" and not rest:
        return ["tables"]
    if verb in ("join", "watch") and rest and CODE.fullmatch(rest[0]):
        return [verb, rest[0], *_generic_options(rest[1:])]
    raise Refused(USAGE)


def is_interactive(arguments: list[str]) -> bool:
    """Whether the app will want the player's keys (and so a terminal: `ssh -t`)."""
    verb = arguments[0] if arguments else ""
    return verb in INTERACTIVE and "--help" not in arguments


def _plain_word(word: str) -> bool:
    return bool(WORD.fullmatch(word)) and not word.startswith("-") and word not in (".", "..")


def _new_game(game_id: str, rest: list[str]) -> list[str]:
    if "-h" in rest or "--help" in rest:
        parse_check(game_id, [])
        return ["new", game_id, "--help"]
    game, seed, options = parse_check(game_id, rest)
    arguments = ["new", game.id]
    if seed is not None:
        arguments.append(f"--seed={seed}")
    for option in game.options:
        value = options.get(option.name, option.default)
        if value == option.default:
            continue
        name = option.name.replace("_", "-")
        if option.kind == "bool":  # off is asked for as --no-NAME
            arguments.append(f"--{name}" if value else f"--no-{name}")
        else:
            arguments.append(f"--{name}={value}")
    return arguments


def parse_check(game_id: str, rest: list[str]):
    try:
        return parse_new_game(game_id, rest)
    except UsageError as problem:
        raise Refused(f"tabletop-tui: {problem}") from None


def _generic_options(words: list[str]) -> list[str]:
    """Options whose meaning only the app knows (a table's game decides them): each must be a
    long option that cannot reach a global one, followed by plain values."""
    for word in words:
        if word.startswith("-"):
            name = word.split("=", 1)[0]
            value = word[len(name) + 1 :] if "=" in word else ""
            if not OPTION.fullmatch(name) or any(g.startswith(name) for g in GLOBAL_OPTIONS):
                raise Refused(USAGE)
            if value and not _plain_word(value):
                raise Refused(USAGE)
        elif not _plain_word(word):
            raise Refused(USAGE)
    return words
