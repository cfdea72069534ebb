"""The command line's record keeping: `history`, `stats`, `daily` and `replay`.

Kept apart from cli.py, which only adds these commands and hands them their arguments.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.registry import CATALOGUE, GAMES
from tui.safe_text import say

if TYPE_CHECKING:
    from saves.history import Finished
    from saves.store import SaveStore

TITLES = {entry.id: entry.title for entry in CATALOGUE}
COMMANDS = ("history", "stats", "daily", "replay")


def add_commands(commands: Any) -> None:
    games = ", ".join(GAMES)
    listing = commands.add_parser("history", help="list finished games, newest first")
    listing.add_argument("game", metavar="GAME", nargs="?", help=f"only this game ({games})")
    commands.add_parser("stats", help="played, won, best scores and streaks, from the history")
    today = commands.add_parser("daily", help="play today's deal, the same for everyone")
    today.add_argument("game", metavar="GAME", help=f"one of: {games}")
    replay = commands.add_parser("replay", help="watch a saved or finished game move by move")
    replay.add_argument("name", metavar="ID", help="a finished game's id or number, or a save")


def history_line(number: int, entry: Finished) -> str:
    when = entry.finished[:16].replace("T", " ")
    if entry.damaged:
        return f"{number:>4}. {entry.id}  DAMAGED: {entry.damage}"
    title = TITLES.get(entry.game_id, entry.game_id) + (" campaign" if entry.kind == "campaign" else "")
    score = "" if entry.score is None else str(entry.score)
    marks = ""
    if entry.daily:
        marks = "  [daily, practice]" if entry.practice else "  [daily]"
    if entry.seat_name:
        marks += f"  [as {entry.seat_name}]"
    return f"{number:>4}. {when}  {title:<29} {entry.result:<9} {score:>4}  {entry.label}{marks}  id={entry.id}"


def list_history(store: SaveStore, game_id: str | None) -> list[str]:
    """`tabletop-tui history`: one line per finished game (printed through `say`)."""
    from saves.history import History

    entries = History(store).list(game_id)
    if not entries:
        where = f" of {TITLES[game_id]}" if game_id else ""
        return [f"No finished games{where} yet."]
    return [history_line(n, e) for n, e in enumerate(entries, start=1)]


def check_game(game_id: str, error: type[Exception]) -> None:
    if game_id not in GAMES:
        raise error(f"unknown game '{game_id}' (choose from {', '.join(GAMES)})")


def run(args: argparse.Namespace, store: SaveStore, error: type[Exception]) -> int | Callable[[Any], None]:
    """Plain-text commands print and return their exit status; the others return what the
    app does once it has started. `error` is the command line's usage error."""
    from saves import stats
    from saves.filing import sweep
    from saves.history import History

    sweep(store)  # a game a crash left finished in saves/ belongs in the history first
    if args.command == "history":
        if args.game is not None:
            check_game(args.game, error)
        say(list_history(store, args.game))
        return 0
    if args.command == "stats":
        say(stats.render(stats.sections(History(store).list(), TITLES)))
        return 0
    if args.command == "daily":
        check_game(args.game, error)
        return lambda app: app.start_daily(args.game)
    from saves.envelope import Damaged
    from saves.replay import open_replay

    try:
        open_replay(store, args.name)
    except Damaged as damage:
        raise error(f"'{args.name}' cannot be replayed: {damage}") from None
    return lambda app: app.open_replay(args.name)

