"""`tabletop-tui hint SAVE`: the best few moves for a saved game, or for one's own seat at a
shared table, printed one a line, best first, each with its worth and why.

SAVE is what `continue` takes (a save's id, name or number in `tabletop-tui saves`) or a shared
table's code. The seat is the one to move (`--seat N`, counted from 1, picks another); at a
shared table only a seat of this identity's own, from its own view (tui/tables/identity.py),
as `join` would seat it. It thinks as long as the hint at a table does (Settings; `--budget`
says otherwise), reads the file and writes nothing. No move to hint (the game over, not the
seat's move) is one line and exit status 2, like every mistake of the command line.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from tui import coach
from tui.safe_text import say

if TYPE_CHECKING:
    from saves.paths import DataPaths
    from saves.store import SaveStore


def add_command(commands: Any) -> None:
    hint = commands.add_parser("hint", help="the best few moves for a saved game or your seat at a shared table")
    hint.add_argument("save", metavar="SAVE", help="save id, name or list number, or a shared table's code")
    hint.add_argument("--seat", metavar="N", help="the seat to hint for, by number (1 is the first) or name")
    hint.add_argument("--budget", metavar="SECONDS", type=float, help="seconds of CPU to think (Settings otherwise)")


class Position:
    """What a hint is asked about: the game, its state, the seats, and whose they are."""

    def __init__(self, game: Any, state: Any, names: list[str], mine: set[int] | None, bots: set[int], where: str) -> None:
        self.game, self.state, self.names = game, state, names
        self.mine = mine  # the seats this person may ask about (None: any, a save of one's own)
        self.bots = bots
        self.where = where  # "the save" / "table KXPT", for the one-line answers


def position(paths: DataPaths, store: SaveStore, name: str, error: type[Exception]) -> Position:
    """The saved game or shared table `name` names; `error` (one line) when there is none."""
    from saves.envelope import Damaged

    entry = store.find(name)
    if entry is not None:
        if entry.damaged:
            raise error(f"the save '{entry.save_id}' cannot be opened: {entry.damage}")
        if entry.finished:
            raise error("the game is over: there is no move to hint")
        try:
            envelope, state = store.load(entry.save_id)
        except Damaged as damage:
            raise error(f"the save '{entry.save_id}' cannot be opened: {damage}") from None
        game = store.games[envelope.game_id]
        if envelope.kind == "campaign":
            state = game.campaign_game(state)
            if state is None:
                raise error("the campaign is between games: there is no move to hint (continue it to play on)")
        names = [s.name for s in envelope.seats] or game.seats(state)
        return Position(game, state, names, None, {i for i, s in enumerate(envelope.seats) if s.bot}, "the save")
    from saves.history import History

    if name and "/" not in name and "\\" not in name and not name.startswith(".") and History(store).exists(name):  # a finished game's id: it left the saves for the history
        raise error(f"the game is over: there is no move to hint ('tabletop-tui replay {name}' shows it)")
    return table_position(paths, store, name, error)


def table_position(paths: DataPaths, store: SaveStore, name: str, error: type[Exception]) -> Position:
    from saves.envelope import Damaged
    from saves.tables import TableStore, normal_code
    from tui.tables.identity import player_identity

    tables = TableStore(paths, store.games)
    code = normal_code(name)
    entry = next((e for e in tables.list() if e.code == code), None) if code else None
    if entry is None:
        raise error(f"no save named '{name}' and no shared table '{code}' (see: tabletop-tui saves, tabletop-tui tables)")
    if entry.damage:
        raise error(f"the table {code} cannot be opened: {entry.damage}")
    try:
        envelope = tables.read(code)
        state = tables.decode_state(envelope)
    except (Damaged, OSError) as damage:
        raise error(f"the table {code} cannot be opened: {damage}") from None
    if state is None:
        raise error(f"table {code} is waiting for players: there is no move to hint yet")
    me = player_identity()
    mine = {i for i, seat in enumerate(envelope.seats) if seat.player == me}
    if not mine:
        raise error(f"you have no seat at table {code}: a hint is for a seat's own move")
    names = [s.name for s in envelope.seats]
    return Position(store.games[envelope.game_id], state, names, mine, {i for i, s in enumerate(envelope.seats) if s.bot}, f"table {code}")


def pick_seat(where: Position, wanted: str | None, error: type[Exception]) -> int:
    """The seat to hint for: the one named, else the first to move of those one may ask about."""
    game, state, names = where.game, where.state, where.names
    moving = game.to_move(state)
    if game.outcome(state) is not None or not moving:
        raise error("the game is over: there is no move to hint")
    if wanted is not None:
        text = wanted.strip()
        if text.isdigit():
            seat = int(text) - 1
            if not 0 <= seat < len(names):
                raise error(f"there is no seat {text}: the seats are 1 to {len(names)}")
        else:
            seat = next((i for i, n in enumerate(names) if n.casefold() == text.casefold()), -1)
            if seat < 0:
                raise error(f"there is no seat called '{text}' (the seats: {', '.join(names)})")
        if where.mine is not None and seat not in where.mine:
            raise error(f"seat {seat + 1} ({names[seat]}) is not yours at {where.where}: a hint sees only your own seat")
        if seat not in moving:
            raise error(f"it is not {names[seat]}'s move ({' and '.join(names[s] for s in moving)} to move)")
        return seat
    allowed = [s for s in moving if (where.mine is None or s in where.mine) and (where.mine is not None or s not in where.bots)]
    if not allowed:
        whose = " and ".join(names[s] for s in moving)
        raise error(f"it is not your move ({whose} to move)")
    return allowed[0]


def run(args: argparse.Namespace, paths: DataPaths, store: SaveStore, error: type[Exception]) -> int:
    """Print the hint; `error` (the command line's one-line mistake, exit 2) where there is none."""
    from saves.settings import load_settings

    if args.budget is not None and not (args.budget > 0):
        raise error("--budget needs a number of seconds above 0, like 1 or 0.3")
    where = position(paths, store, args.save, error)
    seat = pick_seat(where, args.seat, error)
    budget = coach.budget_of(args.budget if args.budget is not None else load_settings(paths)[0].hint_budget)
    progress_shown = _tty(sys.stderr)

    def report(progress: coach.Progress) -> None:
        if progress_shown and not progress.done:
            sys.stderr.write("\r" + progress.line() + "   ")
            sys.stderr.flush()

    try:
        found = coach.hint(where.game, where.state, seat, budget, report=report)
    except ValueError as no_hint:
        raise error(str(no_hint).splitlines()[0] if str(no_hint) else "there is no move to hint") from None
    finally:
        if progress_shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
    assert found is not None  # never cancelled here (Ctrl+C stops the command)
    view = where.game.view(where.state, seat)
    lines = []
    for number, advice in enumerate(found.advice, start=1):
        why = f" ({advice.why})" if advice.why else ""
        lines.append(f"{number}. {where.game.describe(advice.action, view)} — {advice.worth_text}{why}")
    say(lines or ["No move to suggest."])
    whose = where.names[seat] if len(where.names) > 1 else where.game.title
    how = "best first by runs played out, the odds exact" if found.fixed else found.progress.line()
    say([f"{whose}: {how}"], file=sys.stderr)
    return 0


def _tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
