"""`tabletop-tui` on the command line. Mistakes get one clear line and exit status 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.registry import CATALOGUE, GAMES
from saves.paths import DataPaths
from themes import THEME_NAMES
from tui import __version__, cli_hint, cli_records
from tui.safe_text import say
from tui.streams import fit_streams_to_terminal
from tui.serve import add_arguments as add_serve_arguments, serve
from tui.web import add_arguments as add_web_arguments, web
from tui.usage import Parser, UsageError, parse_new_game

if TYPE_CHECKING:  # the saves load once a command needs them: `--help` does not
    from saves.store import SaveStore

USAGE_ERROR = 2


def build_parser() -> Parser:
    parser = Parser(
        prog="tabletop-tui",
        description="Four tabletop games played by keyboard in the terminal.",
        epilog="Game options for 'new' are listed by 'tabletop-tui new GAME --help'.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop-tui {__version__}")
    parser.add_argument("--data-dir", metavar="DIR", help="keep saves and settings in DIR")
    parser.add_argument("--theme", metavar="NAME", help=f"one of: {', '.join(THEME_NAMES)}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    new = commands.add_parser("new", help="start a new game", add_help=False, usage="%(prog)s [-h] GAME [OPTIONS]")
    new.add_argument("game", metavar="GAME", nargs="?", help=f"one of: {', '.join(e.id for e in CATALOGUE)}")
    # Its own --help: after GAME it asks for that game's options (parse_new_game), alone for this.
    new.add_argument("-h", "--help", action="store_true", help="show this help, or with GAME its options")
    resume = commands.add_parser("continue", help="resume a saved game (the latest by default)")
    resume.add_argument("save", metavar="SAVE", nargs="?", help="save id, name or list number")
    commands.add_parser("saves", help="list saved games, damaged files included")
    commands.add_parser("tables", help="list shared tables: free seats, games in play")
    join = commands.add_parser("join", help="take a seat at a shared table (or come back to yours)")
    join.add_argument("code", metavar="CODE", help="the table's code, e.g. KXPT")
    join.add_argument("--name", metavar="NAME", help="the name to sit under (asked otherwise)")
    watch = commands.add_parser("watch", help="watch a shared table without a seat")
    watch.add_argument("code", metavar="CODE", help="the table's code")
    cli_records.add_commands(commands)
    cli_hint.add_command(commands)
    parser.new_command = new
    add_serve_arguments(commands.add_parser("serve", help="host the games over SSH (the 'serve' extra)"))
    add_web_arguments(commands.add_parser("web", help="host the games for browsers (the 'web' extra)"))
    return parser


def list_saves(store: SaveStore) -> list[str]:
    """`tabletop-tui saves`: one line per save (printed through `say`, which keeps each one
    line and free of control codes whatever its label holds)."""
    entries = store.list()
    if not entries:
        return [f"No saved games in {store.paths.saves}"]
    titles = {entry.id: entry.title for entry in CATALOGUE}
    lines = []
    for number, entry in enumerate(entries, start=1):
        when = entry.updated[:16].replace("T", " ")
        if entry.damaged:
            lines.append(f"{number:>3}. {entry.save_id}  DAMAGED: {entry.damage}  ({when})")
            if entry.backup:  # its backup can be played: the Saved games screen puts it back (b)
                from tui.safe_text import safe_text

                lines.append(f"     its backup can be put back (b on the Saved games screen): {safe_text(entry.backup)}")
        else:  # a label left as given ("Disruption 2026-12-01 15:17") names the game and time itself
            game = titles.get(entry.game_id, entry.game_id) + (" campaign" if entry.kind == "campaign" else "")
            named = "" if entry.label.startswith(game) else f"  [{game}]"
            dated = "" if when in entry.label else f"  ({when})"
            lines.append(f"{number:>3}. {entry.label}{named}  {entry.summary}{dated}  id={entry.save_id}")
    return lines


def list_tables(paths: DataPaths, store: SaveStore) -> str:
    from saves.tables import TableStore
    from tui.tables.identity import player_identity
    from tui.tables.lines import table_lines

    return table_lines(TableStore(paths, store.games), player_identity())


def find_table(paths: DataPaths, store: SaveStore, text: str) -> str:
    """The code of an existing, readable table; a UsageError naming what is wrong otherwise."""
    from saves.tables import TableStore, normal_code

    code = normal_code(text)
    entry = next((e for e in TableStore(paths, store.games).list() if e.code == code), None)
    if entry is None:
        raise UsageError(f"there is no shared table '{code}' (see: tabletop-tui tables)")
    if entry.damage:
        raise UsageError(f"the table {code} cannot be opened: {entry.damage}")
    return code


STOPPED_BY_READER = 141  # what a shell sees from a program that a closed pipe stopped (128 + SIGPIPE)


def _stop_writing_to_stdout() -> None:
    """Whatever is still buffered for stdout goes nowhere: flushing it at exit would fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    fit_streams_to_terminal()  # a label the output cannot carry is written in ASCII, not a crash
    try:
        code = run(argv)
        sys.stdout.flush()  # a reader that stopped reading is heard of here, not at exit
        return code
    except UsageError as problem:
        say([f"tabletop-tui: {problem}"], file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped reading (`tabletop-tui saves | head -1`)
        _stop_writing_to_stdout()
        return STOPPED_BY_READER
    except OSError as problem:  # the data folder failed under a command: no traceback for that
        where = f" ({shorten(problem.filename)})" if problem.filename else ""
        say([f"tabletop-tui: cannot use the data folder: {problem.strerror or problem}{where}"], file=sys.stderr)
        return USAGE_ERROR
    except Exception as error:  # noqa: BLE001 (a bug: its details go to a crash file)
        from tui.crash import report

        return report(_paths_of(argv), error)


def _paths_of(argv: list[str]) -> DataPaths | None:
    """The data folder the command line names, for a crash file; None if there is none."""
    try:
        args, _ = build_parser().parse_known_args(argv)
        return DataPaths.resolve(args.data_dir) if args.data_dir != "" else None
    except (UsageError, SystemExit, OSError):
        return None


def shorten(path: object, keep: int = 60) -> str:
    """A path for a one-line message: a very long one loses its middle."""
    text = str(path)
    return text if len(text) <= keep else f"{text[: keep // 2 - 1]}...{text[-(keep // 2 - 2):]}"


def check_data_folder(paths: DataPaths) -> None:
    """A UsageError naming what is wrong when the data folder, or its saves folder, cannot be
    used: a file in its place, a name too long, a folder that may not be entered."""
    from saves.files import folder_problem

    for folder, what in ((paths.root, "the data folder"), (paths.saves, "the saves folder")):
        problem = folder_problem(folder)
        if problem:
            raise UsageError(f"cannot use {what} {shorten(folder)}: {problem}")


PLAIN_COMMANDS = ("saves", "tables", "history", "stats", "hint", "serve", "web")  # print, or serve others: no terminal needed


def check_terminal(args: argparse.Namespace, rest: list[str]) -> None:
    """A UsageError, before anything is read or written, when the games would start without a
    terminal to play at: input from a pipe, a file or /dev/null (plain `nohup` too), or the
    screen's output going elsewhere. The plain commands and help need none."""
    if args.command in PLAIN_COMMANDS or (args.command == "new" and (args.help or {"-h", "--help"} & set(rest))):
        return
    if os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver:"):
        return  # `tabletop-tui web` started this app: its screen is a browser's page, over pipes
    for stream, what in ((sys.stdin, "standard input"), (sys.__stderr__, "standard error (the screen)")):
        try:
            terminal = stream is not None and stream.isatty()
        except ValueError:  # closed
            terminal = False
        if not terminal:
            raise UsageError(
                f"{what} is not a terminal: the games are played at one"
                " ('saves', 'tables', 'history' and 'hint' print without one)"
            )


def run(argv: list[str]) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if args.command != "new" and rest:
        raise UsageError(f"unrecognised arguments: {' '.join(rest)}")
    if args.theme is not None and args.theme not in THEME_NAMES:
        raise UsageError(f"unknown theme '{args.theme}' (choose from {', '.join(THEME_NAMES)})")
    if args.data_dir is not None and not args.data_dir.strip():
        raise UsageError("--data-dir needs a folder name (an empty one would mean the usual folder)")
    if args.command == "new":
        if args.game is None:
            if args.help:
                parser.new_command.print_help()
                raise SystemExit(0)
            raise UsageError("the following arguments are required: GAME")
        game, seed, options = parse_new_game(args.game, rest + (["--help"] if args.help else []))
    check_terminal(args, rest)  # the command line's own mistakes are told first
    from saves.store import SaveStore

    paths = DataPaths.resolve(args.data_dir)
    store = SaveStore(paths, GAMES)
    if args.command not in ("serve", "web"):  # a server keeps one folder per player under its own
        check_data_folder(paths)

    if args.command == "saves":
        say(list_saves(store))
        return 0
    if args.command == "tables":
        say(list_tables(paths, store))
        return 0
    if args.command == "hint":
        return cli_hint.run(args, paths, store, UsageError)
    if args.command == "serve":
        return serve(args, paths)
    if args.command == "web":
        return web(args, paths)

    on_start = None
    if args.command in cli_records.COMMANDS:
        done = cli_records.run(args, store, UsageError)
        if isinstance(done, int):
            return done
        on_start = done
    elif args.command == "new":
        if seed is None:
            import secrets

            seed = secrets.randbelow(2**32)
        on_start = lambda app: app.start_game(game.id, seed, **options)  # noqa: E731
    elif args.command == "continue":
        entry = store.find(args.save) if args.save else store.most_recent()
        if entry is None:
            raise UsageError(f"no save named '{args.save}'" if args.save else "there is no saved game to continue")
        if entry.damaged:
            raise UsageError(f"the save '{entry.save_id}' cannot be opened: {entry.damage}")
        on_start = lambda app: app.resume(entry.save_id)  # noqa: E731
    elif args.command in ("join", "watch"):
        code = find_table(paths, store, args.code)
        watching = args.command == "watch"
        name = None if watching else args.name
        on_start = lambda app: app.open_table(code, watch=True) if watching else app.join_table(code, name)  # noqa: E731

    try:
        paths.ensure()
    except OSError as problem:
        raise UsageError(f"cannot use the data folder {shorten(paths.root)}: {problem.strerror}") from None

    from tui.app import TabletopApp  # Textual loads only when a screen is needed

    app = TabletopApp(paths, theme=args.theme, store=store, on_start=on_start)
    app.run()
    return app.return_code or 0  # a crash inside the app is 1, its details in a crash file
