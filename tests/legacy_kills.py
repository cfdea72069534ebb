"""SIGKILL around a DecknForge game's end: its legacy result must reach every deck exactly once.

A child process finishes DecknForge games of stored decks and is killed outright at a random
instant around the end: the last moves, their autosaves, the filing of the game (its record,
the decks, the save removed). Two tables:

- one keyboard: both decks in one player's folder; the move that ends the game files it;
- a shared table: two players, each with their own folder and a deck there (both called
  ab-1, so a deck written from the wrong seat would show); the child is both terminals, the
  one that makes the last move keeps the result first, then the other.

After each kill the next start is run (history.sweep, and sweep_tables for a table), and
sometimes killed too, then run again. Then, for each player: no deck damaged; if the game
had ended, its record in history, none pending, and each deck holding the result exactly
once (its story one game longer, the game listed once in `applied`); if it had not, no deck
changed. One more start changes nothing.

The suite runs a handful of kills (tests/test_legacy_kills.py); a long run is

    python -m tests.legacy_kills [--kills N] [--seed S]

which prints where the kills fell and how each ended.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine.core.rng import Rng
from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Seat
from saves.filing import sweep, sweep_tables, table_record_id
from saves.history import History
from saves.paths import DataPaths
from saves.session import GameSession, SharedSession
from saves.store import SaveStore
from saves.tables import TableStore, shelf_of
from tests.test_killed_writes import Child, play
from tui.decknforge.storage import deck_store

GAME = GAMES["decknforge"]
PLAYERS = ("ann", "ben")  # the shared table's identities; each has a data folder of that name
LAST_MOVES = 3  # the child plays these last moves of the game


def folder(root: Path, player: str = "") -> DataPaths:
    """A player's data folder; every player of a run shares `root/common`."""
    return DataPaths(root / (player or "solo"), root / "common")


def store_of(paths: DataPaths) -> SaveStore:
    return SaveStore(paths, GAMES)


def game_length(decks: list[Any], seed: int, **options: Any) -> int:
    trial = GAME.new_game(seed, **GAME.check_options({**options, "decks": decks}))
    moves = 0
    while GAME.outcome(trial) is None:
        GAME.apply(trial, GAME.bot_action(trial, GAME.to_move(trial)[0]))
        moves += 1
    return moves


# ----- one keyboard ------------------------------------------------------------------------


def prepare_local(root: Path, seed: int) -> dict[str, Any]:
    paths = folder(root)
    decks = [deck_store(paths).create(fresh_deck(initials)) for initials in ("AB", "CD")]
    length = game_length(decks, seed)
    session = GameSession.start(store_of(paths), GAME, seed, decks=decks)
    play(Child(os.open(os.devnull, os.O_WRONLY)), session, Rng.from_seed(0), moves=length - LAST_MOVES)
    return {"save": session.save_id, "moves": length}


def run_local(child: Child, root: Path, plan: dict[str, Any]) -> None:
    store = store_of(folder(root))
    store.write_in_background()  # as the app does: autosaves on a thread of their own
    play(child, GameSession.resume(store, plan["save"]), Rng.from_seed(0))
    child.say("E")


# ----- a shared table ----------------------------------------------------------------------


def prepare_table(root: Path, seed: int) -> dict[str, Any]:
    seats, brought = [], []
    for player in PLAYERS:
        deck = deck_store(folder(root, player)).create(fresh_deck("AB"))
        brought.append(deck)
        brings = msgspec.to_builtins(deck)
        seats.append(Seat(name=player.title(), player=player, brings=brings, shelf=shelf_of(folder(root, player))))
    tables = TableStore(folder(root), GAMES)
    code = tables.create(GAME, seed, GAME.check_options({"players": 2}), seats)
    length = game_length(brought, seed, **{"players": 2})
    moves = {player: SharedSession.open(tables, code, player) for player in PLAYERS}
    table_moves(Child(os.open(os.devnull, os.O_WRONLY)), moves, length - LAST_MOVES)
    return {"code": code, "moves": length}


def table_moves(child: Child, sessions: dict[str, SharedSession], limit: int) -> str:
    """Play up to `limit` moves, each from the terminal of the seat's player (read afresh, as
    its screen would have it); the player who made the last move."""
    mover = ""
    for _ in range(limit):
        any_session = next(iter(sessions.values()))
        any_session.reload()
        state = any_session.state
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        mover = PLAYERS[seat]
        session = sessions[mover]
        session.reload()
        child.say(f"M {len(session.envelope.actions)}")
        session.play(GAME.bot_action(session.state, seat))
        child.say(f"D {len(session.envelope.actions) - 1}")
    return mover


def run_table(child: Child, root: Path, plan: dict[str, Any]) -> None:
    tables = TableStore(folder(root), GAMES)
    sessions = {player: SharedSession.open(tables, plan["code"], player) for player in PLAYERS}
    mover = table_moves(child, sessions, LAST_MOVES + 1)
    for player in sorted(PLAYERS, key=lambda p: p != mover):  # the mover's terminal first
        sessions[player].reload()
        child.say(f"K {player}")
        sessions[player].keep_result(store_of(folder(root, player)))
        child.say(f"k {player}")
    child.say("E")


SCENARIOS: dict[str, tuple[Callable[[Path, int], dict[str, Any]], Callable[[Child, Path, dict[str, Any]], None]]] = {
    "one keyboard": (prepare_local, run_local),
    "shared table": (prepare_table, run_table),
}


# ----- killing, restarting, and what the folders must hold ---------------------------------


class TimedChild(Child):
    """The uncut run's child: each word carries the moment it was said."""

    def say(self, text: str) -> None:
        super().say(f"{text} @{time.perf_counter()}")


def run_and_kill(
    work: Callable[[Child], None],
    after: float | None,
    trigger: str = "",
    child: Callable[[int], Child] = Child,
) -> tuple[list[str], int]:
    """Run `work` in a child and kill it `after` seconds after it starts, or after it says
    `trigger` (None: left to finish, or to kill itself); what it said and how it ended."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: work, then leave without running the parent's exit hooks
        os.close(read)
        status = 0
        try:
            work(child(write))
        except BaseException:  # noqa: BLE001 (reported to the parent through its exit status)
            status = 3
        os._exit(status)
    os.close(write)
    data = b""
    if after is not None:
        if trigger:
            while trigger.encode() + b"\n" not in data and (chunk := os.read(read, 65536)):
                data += chunk
        time.sleep(after)
        os.kill(pid, signal.SIGKILL)
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    _, status = os.waitpid(pid, 0)
    told = [line for line in data.decode().splitlines() if line]
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, -signal.SIGKILL), (code, told[-3:])
    return told, code


class StepChild(Child):
    """A child that kills itself once `at` file changes (a rename or a removal: each write's
    last act) have happened since it said `trigger`; `at` None only counts them, and says
    how many at the end ("E n"), and with `tell` each one as it happens ("c n"). Every
    boundary between the end's writes is hit this way."""

    def __init__(self, fd: int, trigger: str, at: int | None, tell: bool = False) -> None:
        super().__init__(fd)
        self.trigger, self.at, self.tell, self.changes, self.counting = trigger, at, tell, 0, False
        for name in ("replace", "unlink"):
            setattr(os, name, self._counted(getattr(os, name)))  # the forked child's own os

    def _counted(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def change(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            if self.counting:
                self.changes += 1
                if self.tell:
                    super(StepChild, self).say(f"c {self.changes}")
                self._maybe_die()
            return result

        return change

    def _maybe_die(self) -> None:
        if self.changes == self.at:
            os.kill(os.getpid(), signal.SIGKILL)

    def say(self, text: str) -> None:
        if text == "E" and self.at is None:
            text = f"E {self.changes}"
        super().say(text)
        if text == self.trigger:
            self.counting = True
            self._maybe_die()


def restart(root: Path, scenario: str) -> None:
    """What the app does when it starts, for every player of the run."""
    if scenario == "one keyboard":
        sweep(store_of(folder(root)))
        return
    tables = TableStore(folder(root), GAMES)
    for player in PLAYERS:
        store = store_of(folder(root, player))
        sweep(store)
        sweep_tables(store, tables, player)


def deck_files(root: Path, scenario: str) -> dict[str, bytes]:
    players = [""] if scenario == "one keyboard" else list(PLAYERS)
    return {
        str(path.relative_to(root)): path.read_bytes()
        for player in players
        for path in sorted(folder(root, player).decks.glob("*.json"))
    }


def ended(root: Path, scenario: str, plan: dict[str, Any]) -> bool:
    """Whether the game had ended when the child was killed (its last move saved)."""
    if scenario == "one keyboard":
        store = store_of(folder(root))
        if not store.paths.save_file(plan["save"]).exists():
            return True  # filed, and its save removed: the last step
        envelope, state = store.load(plan["save"])  # a kill leaves a whole save: Damaged fails
        return GAME.outcome(state) is not None
    tables = TableStore(folder(root), GAMES)
    return GAME.outcome(tables.decode_state(tables.read(plan["code"]))) is not None


def check(root: Path, scenario: str, plan: dict[str, Any], over: bool, start: dict[str, Any]) -> None:
    """After the restart: each deck is its seat's result written once on the deck as it began
    if the game ended, and the deck as it began if not; the history agrees; nothing pending."""
    if scenario == "one keyboard":
        players, record_ids = [""], {"": plan["save"]}
    else:
        envelope = TableStore(folder(root), GAMES).read(plan["code"])
        players = list(PLAYERS)
        record_ids = {p: table_record_id(plan["code"], envelope) for p in players}
    for player in players:
        paths = folder(root, player)
        record_id = record_ids[player]
        decks = deck_store(paths)
        entries = decks.list()
        assert not [e for e in entries if e.damaged], [e.damage for e in entries]
        history = History(store_of(paths))
        assert history.pending() == [], history.pending()
        assert history.exists(record_id) == over, (player, over)
        state = msgspec.json.decode(history.read(record_id).state, type=GAME.State) if over else None
        for entry in entries:
            began = start[f"{player}/{entry.deck_id}"]
            if state is None:
                assert entry.deck == began, (player, entry.deck_id)
                continue
            seat = PLAYERS.index(player) if player else [d.id for d in state.decks].index(entry.deck_id)
            assert entry.deck == GAME.legacy.write_on(began, state, seat)[0], (player, entry.deck_id)
            assert decks.shelf.read(entry.deck_id)[0].applied.count(record_id) == 1, (player, entry.deck_id)
    if scenario == "one keyboard":
        assert store_of(folder(root)).paths.save_file(plan["save"]).exists() != over


def where(told: list[str], plan: dict[str, Any]) -> str:
    """Where a kill fell, from the child's last word."""
    if not told:
        return "before the first move"
    last = told[-1]
    final = plan["moves"] - 1
    if last.startswith("E"):
        return "after the end (nothing left to do)"
    if last.startswith("c"):
        return f"after file change {int(last[2:]):2d} of the end"
    if last.startswith("M"):
        return "in the last move, before its first file change" if int(last[2:]) == final else "in an earlier move"
    if last.startswith("D"):
        return "after the last move" if int(last[2:]) == final else "between moves"
    if last.startswith("K"):
        return f"while {last[2:]}'s terminal keeps the result"
    return f"after {last[2:]}'s terminal kept the result"


def run(kills: int, seed: int, workdir: Path, progress: bool = False) -> tuple[Counter[str], list[str]]:
    """`kills` kills, the scenarios in turn: two in four timed from the start of the game's
    last move across its saving and filing (the first two at once), the others anywhere in
    the child's life."""
    rng = Rng.from_seed(seed)
    tally: Counter[str] = Counter()
    figures: list[str] = []  # how long an uncut child took
    templates = {}
    for number, (scenario, (prepare, work)) in enumerate(SCENARIOS.items()):
        root = workdir / f"template-{number}"
        plan = prepare(root, 3 + number)
        start = {
            f"{player}/{entry.deck_id}": entry.deck
            for player in ([""] if scenario == "one keyboard" else PLAYERS)
            for entry in deck_store(folder(root, player)).list()
        }
        lives, ends = [], []
        for attempt in range(3):  # uncut runs: how long the child and its end take (median)
            timed = workdir / f"timed-{number}-{attempt}"
            shutil.copytree(root, timed)
            began = time.perf_counter()
            told, _ = run_and_kill(lambda child, w=work, t=timed, p=plan: w(child, t, p), None, child=TimedChild)
            lives.append(time.perf_counter() - began)
            said = {line.rsplit(" @", 1)[0]: float(line.rsplit(" @", 1)[1]) for line in told}
            assert "E" in said, told[-3:]
            ends.append(said["E"] - said[f"M {plan['moves'] - 1}"])  # the last move, saved and filed
            check(timed, scenario, plan, True, start)
            shutil.rmtree(timed)
        duration, end = sorted(lives)[1], sorted(ends)[1]
        templates[scenario] = (root, plan, start, duration, end)
        figures.append(
            f"{scenario}: child's life {duration * 1000:.0f} ms (of {', '.join(f'{t * 1000:.0f}' for t in lives)}),"
            f" last move to filed {end * 1000:.0f} ms (of {', '.join(f'{t * 1000:.0f}' for t in ends)})"
        )
        trigger = f"M {plan['moves'] - 1}"
        counted = workdir / f"counted-{number}"  # and how many file changes the end makes
        shutil.copytree(root, counted)
        told, _ = run_and_kill(lambda child, w=work, t=counted, p=plan: w(child, t, p), None,
                               child=lambda fd, t=trigger: StepChild(fd, t, None))  # fmt: skip
        shutil.rmtree(counted)
        for at in range(int(told[-1].split()[1]) + 1):  # killed at each boundary in turn
            root_at = workdir / f"step-{number}-{at}"
            shutil.copytree(root, root_at)
            told, code = run_and_kill(lambda child, w=work, t=root_at, p=plan: w(child, t, p), None,
                                      child=lambda fd, t=trigger, a=at: StepChild(fd, t, a))  # fmt: skip
            over = ended(root_at, scenario, plan)
            restart(root_at, scenario)
            check(root_at, scenario, plan, over, start)
            # (autosaves given while one is under way are written once: the count may vary)
            how = f"killed after file change {at:2d} of the end" if code else f"finished before file change {at:2d}"
            how = f"stepwise, {how}"
            tally[f"{scenario}: {how}; game {'ended' if over else 'not ended'}"] += 1
            shutil.rmtree(root_at)
    names = list(SCENARIOS)
    for kill in range(kills):
        scenario = names[kill % len(names)]
        template, plan, start, duration, end = templates[scenario]
        work = SCENARIOS[scenario][1]
        root = workdir / f"kill-{kill}"
        shutil.copytree(template, root)
        trigger = f"M {plan['moves'] - 1}"
        telling = lambda fd, t=trigger: StepChild(fd, t, None, tell=True)  # noqa: E731
        if (kill // 2) % 2 == 0:  # at the end
            after = 0.0 if kill < 2 else rng.below(1000) / 1000 * end * 1.2
            told, code = run_and_kill(lambda child: work(child, root, plan), after, trigger, child=telling)
        else:
            after = rng.below(1000) / 1000 * duration * 1.1
            told, code = run_and_kill(lambda child: work(child, root, plan), after, child=telling)
        tally[f"{scenario}: killed {where(told, plan)}" if code else f"{scenario}: not killed (finished first)"] += 1
        over = ended(root, scenario, plan)
        before = deck_files(root, scenario)
        if rng.below(3) == 0:  # the start itself killed at a random instant, then run again
            _, restart_code = run_and_kill(lambda child: restart(root, scenario), rng.below(60) / 1000)
            tally[f"{scenario}: restart killed too" if restart_code else f"{scenario}: restart not killed"] += 1
        restart(root, scenario)
        check(root, scenario, plan, over, start)
        tally[f"{scenario}: game {'ended; decks hold it once' if over else 'not ended; decks as they were'}"] += 1
        tally[f"{scenario}: decks written by the restart"] += deck_files(root, scenario) != before
        settled = deck_files(root, scenario)
        restart(root, scenario)  # one more start changes nothing
        assert deck_files(root, scenario) == settled
        shutil.rmtree(root)
        if progress and (kill + 1) % 50 == 0:
            print(f"{kill + 1} kills", file=sys.stderr, flush=True)
    return tally, figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.legacy_kills", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="legacy-kills-") as workdir:
        tally, figures = run(args.kills, args.seed, Path(workdir), progress=True)
    print(f"{args.kills} kills at random instants, and one at each file change of the end, in"
          f" {time.perf_counter() - began:.0f} s; every check held.")  # fmt: skip
    for line in figures:
        print(f"  {line}")
    for what, n in sorted(tally.items()):
        print(f"  {n:5d}  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
