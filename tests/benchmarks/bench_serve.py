"""`tabletop-tui serve` figures, each beside a reference measured in the same run:

- start: SSH connect to the home screen, against a bare Textual app's start (a new process);
- memory: PSS per session at the home screen with 1, 12 and 100 sessions (/proc/PID/smaps_rollup);
- crowd: 100 idle sessions at home and 10 playing, the playing ones' keypress to repaint against
  one session playing alone;
- table: at a shared DecknForge table and a Disciple Co-Op table, the time until the other
  terminal shows a move against the mover's own keypress to repaint;
- flood, bytes, players: one session under a key flood, bytes per keypress, and how many players
  at once keep a median repaint at or under 50 ms.

Run as `python -m tests.benchmarks.bench_serve [--only FIGURE ...] [--before CHECKOUT]`;
`--before` measures another checkout's server (e.g. the main branch's) in the same run, beside
this one's. Prints medians with the spread; asserts nothing. The figures depend on whatever else
runs on the machine: quote them with that in mind.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import msgspec

from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.settings import Settings, save_settings
from saves.tables import TableStore
from tests.benchmarks.tui_timing import BARE_APP
from tests.serve.harness import ROOT, Server, Terminal, make_key, open_terminal
from tui.decknforge.storage import deck_store
from tui.serve.identity import player_for

HOME = "New Disruption"
GAME = "new disruption --seed 7"
IN_GAME = "Roll 2d6"
TARGET_MS = 50.0
KEY_PERIOD = 0.25  # seconds between one player's keys: a brisk human
QUIET = 0.15  # no output for this long: the repaint is complete


def returning_player(data: Path, key: asyncssh.SSHKey, name: str) -> None:
    """A player who has been here before (named), so each visit opens on the home screen."""
    save_settings(DataPaths(data / "players" / player_for(key, False).id), Settings(display_name=name))


def bytes_read(pid: int) -> int:
    """All the process has read so far (its terminal's input among it)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    return 0


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def quiet(terminal: Terminal) -> None:
    """Until no byte has arrived for QUIET seconds."""
    while True:
        terminal.arrived.clear()
        try:
            await asyncio.wait_for(terminal.arrived.wait(), QUIET)
        except TimeoutError:
            return


class Glance(Terminal):
    """A terminal that keeps the bytes but draws no screen: a crowd's players only time their
    repaints, and drawing every one in this process would be timed with them."""

    def data_received(self, data: bytes, datatype: object) -> None:
        self.screen += data
        self.arrived.set()


class Player:
    def __init__(self, server: Server, key: asyncssh.SSHKey, glance: bool = False) -> None:
        self.server, self.key, self.glance = server, key, glance

    async def sit_down(self, command: str | None, expected: str) -> float:
        start = time.perf_counter()
        self.conn = await self.server.connect(self.key)
        if self.glance:
            self.channel, self.terminal = await self.conn.create_session(
                lambda: Glance(), command, term_type="xterm-256color", term_size=(80, 24), encoding=None
            )
        else:
            self.channel, self.terminal = await open_terminal(self.conn, command)
        await self.terminal.seen(expected)
        return time.perf_counter() - start

    async def keypress(self, key: bytes) -> tuple[float, int] | None:
        """Seconds to the first byte of the repaint, and the bytes of the whole repaint; None
        when the key changed nothing on screen."""
        await quiet(self.terminal)
        before = len(self.terminal.screen)
        self.terminal.arrived.clear()
        start = time.perf_counter()
        self.channel.write(key)
        try:
            await asyncio.wait_for(self.terminal.arrived.wait(), 2)
        except TimeoutError:
            return None
        latency = time.perf_counter() - start
        await quiet(self.terminal)
        return latency, len(self.terminal.screen) - before

    async def keep_playing(self, until: float, latencies: list[float], offset: float = 0.0) -> None:
        """Move the cursor up and down at a human pace, timing each repaint; the first key
        `offset` seconds in (people in a crowd do not press in step)."""
        await asyncio.sleep(offset)
        keys = (b"j", b"k")
        i = 0
        while time.perf_counter() < until:
            self.terminal.arrived.clear()
            start = time.perf_counter()
            self.channel.write(keys[i % 2])
            try:
                await asyncio.wait_for(self.terminal.arrived.wait(), 5)
                latencies.append(time.perf_counter() - start)
            except TimeoutError:
                latencies.append(5.0)
            i += 1
            await asyncio.sleep(max(0.0, KEY_PERIOD - (time.perf_counter() - start)))

    def leave(self) -> None:
        self.conn.close()


async def connect_to_home(server: Server, key: asyncssh.SSHKey, visits: int = 8) -> float:
    times = []
    for _ in range(visits):
        player = Player(server, key)
        times.append(await player.sit_down(None, HOME))
        player.leave()
    return statistics.median(times)


async def bytes_per_keypress(server: Server, key: asyncssh.SSHKey, presses: int = 45) -> tuple[int, int, float]:
    player = Player(server, key)
    await player.sit_down(GAME, IN_GAME)
    sizes, latencies = [], []
    moves = []
    for i in range(presses):  # cursor moves, and every third key rolls the dice (a move)
        key = (b"j", b"k", b"r")[i % 3]
        repaint = await player.keypress(key)
        if repaint is None:  # the game is over: a new one
            await player.keypress(b"n")
            continue
        latencies.append(repaint[0])
        sizes.append(repaint[1])
        if key == b"r":
            moves.append(repaint[1])
    player.leave()
    return int(statistics.median(sizes)), int(statistics.median(moves)), statistics.median(latencies) * 1000


async def crowd(server: Server, keys: list[asyncssh.SSHKey], seconds: float) -> tuple[float, float, int, int]:
    """All players in a game at once, each pressing keys: median and 90th percentile repaint
    latency (ms), the median memory of one app and the server's own (KiB)."""
    before = len(server.lines)
    players = [Player(server, key) for key in keys]
    for start in range(0, len(players), 4):  # sit down a few at a time, as people arrive
        await asyncio.gather(*(p.sit_down(GAME, IN_GAME) for p in players[start : start + 4]))
    pids = [int(line.split("pid=")[1].split()[0]) for line in server.lines[before:] if " start " in line]
    latencies: list[float] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(p.keep_playing(until, latencies) for p in players))
    memory = int(statistics.median(rss_kib(pid) for pid in pids))
    server_memory = rss_kib(server.process.pid)
    for player in players:
        player.leave()
    while sum(" end " in line for line in server.lines[before:]) < len(players):  # all apps gone
        await asyncio.sleep(0.1)
    latencies.sort()
    return statistics.median(latencies) * 1000, latencies[int(len(latencies) * 0.9)] * 1000, memory, server_memory


FLOOD = 2 << 20  # bytes of `j` written into one session's channel at once


def spread(values: list[float]) -> str:
    """Median and the range of the middle 80%, in ms."""
    values = sorted(values)
    low, high = values[len(values) // 10], values[-1 - len(values) // 10]
    return f"median {statistics.median(values) * 1000:.0f} ms (80% within {low * 1000:.0f}-{high * 1000:.0f})"


async def key_flood(server: Server, flooder_key: asyncssh.SSHKey, other_key: asyncssh.SSHKey) -> None:
    """FLOOD bytes of `j` into one session at its home screen: the peak memory of its app beside
    an idle app's, how long until it answers a key again, and another player's repaints in a
    game before and during the flood."""
    before = len(server.lines)
    flooder, other = Player(server, flooder_key), Player(server, other_key)
    await flooder.sit_down(None, HOME)
    await other.sit_down(GAME, IN_GAME)
    pids = [int(line.split("pid=")[1].split()[0]) for line in server.lines[before:] if " start " in line]
    idle = rss_kib(pids[0])
    calm: list[float] = []
    await other.keep_playing(time.perf_counter() + 4.0, calm)
    read_before = bytes_read(pids[0])
    start = time.perf_counter()
    flooder.channel.write(b"j" * FLOOD)
    peak, server_peak = idle, rss_kib(server.process.pid)
    busy: list[float] = []

    async def sample() -> None:
        nonlocal peak, server_peak
        while True:
            peak, server_peak = max(peak, rss_kib(pids[0])), max(server_peak, rss_kib(server.process.pid))
            await asyncio.sleep(0.1)

    sampler = asyncio.get_running_loop().create_task(sample())
    playing = asyncio.get_running_loop().create_task(other.keep_playing(time.perf_counter() + 600, busy))
    while bytes_read(pids[0]) - read_before < FLOOD:  # the app has read all of it
        await asyncio.sleep(0.05)
    sent = time.perf_counter() - start
    answer = None
    for _ in range(20):  # keys still arriving at a busy app are dropped: try until one lands
        answer = await flooder.keypress(b"k")
        if answer is not None:
            break
    answered = time.perf_counter() - start
    playing.cancel()
    sampler.cancel()
    flooder.leave()
    other.leave()
    print(f"key flood of {FLOOD >> 20} MiB of 'j' into one session at its home screen:")
    print(f"  its app's RSS: peak {peak / 1024:.0f} MiB, {peak / idle:.2f}x an idle app's {idle / 1024:.0f} MiB; "
          f"server RSS peak {server_peak / 1024:.0f} MiB")
    print(f"  its app had read all of it after {sent:.1f} s; the app answered a key again {answered:.1f} s after the flood began"
          f" ({'repaint ' + format(answer[0] * 1000, '.0f') + ' ms' if answer else 'no answer'})")
    print(f"  another player's keypress to repaint in a game: before {spread(calm)}, during {spread(busy)}, "
          f"ratio of medians {statistics.median(busy) / statistics.median(calm):.2f}")


TABLE_MOVES = 40
# What a player presses: Enter plays the highlighted choice; where it cannot (a card the energy
# does not pay for), end the turn, say yes if asked, and step back out of anything else.
FALLBACK_KEYS = (b"\r", b"e", b"y", b"\x1b")


def shared_table(data: Path, game_id: str, keys: list[asyncssh.SSHKey], names: list[str]) -> tuple[TableStore, str]:
    """A table whose seats the players have taken: DecknForge with a deck of each player's own,
    Disciple in Co-Op (nothing to bring)."""
    tables = TableStore(DataPaths(data), GAMES)
    seats = []
    for key, name in zip(keys, names):
        player = player_for(key, False).id
        brings = None
        if game_id == "decknforge":
            deck = deck_store(DataPaths(data / "players" / player, data)).create(fresh_deck(name[:2].upper()))
            brings = msgspec.to_builtins(deck)
        seats.append(Seat(name=name, player=player, brings=brings))
    game = GAMES[game_id]
    options = {"players": len(keys)} | ({"mode": "coop"} if game_id == "disciple" else {})
    return tables, tables.create(game, 11, game.check_options(options), seats)


async def screen_changes(terminal: Terminal, before: str, patience: float) -> float | None:
    """Seconds until the screen shows something else than `before`; None if not in time."""
    start = time.perf_counter()

    async def changed() -> None:
        while terminal.vt.text() == before:
            terminal.arrived.clear()
            await terminal.arrived.wait()

    try:
        await asyncio.wait_for(changed(), patience)
    except TimeoutError:
        return None
    return time.perf_counter() - start


async def table_moves(server: Server, keys: list[asyncssh.SSHKey], tables: TableStore, code: str) -> None:
    """Players take turns pressing Enter (the highlighted choice; see FALLBACK_KEYS) at a shared
    table; each keypress is timed to the mover's own repaint, and a key that made a move also to
    the moment the other terminal shows it (the screen as a terminal draws it, not the first
    byte)."""
    envelope = tables.read(code)
    game = GAMES[envelope.game_id]
    players = [Player(server, key) for key in keys]
    for player, seat in zip(players, envelope.seats):
        await player.sit_down(f"join {code}", f"{seat.name[:2].upper()}'s hand" if game.id == "decknforge" else "(you)")
    own: list[float] = []
    own_moves: list[float] = []  # the mover's repaint of the keys that made a move
    other: list[float] = []
    moves = 0
    tries = 0  # keys since the last move: Enter, and when it makes none, end the turn
    for _ in range(3 * TABLE_MOVES):
        if moves >= TABLE_MOVES:
            break
        envelope = tables.read(code)
        state = tables.decode_state(envelope)
        if game.outcome(state) is not None:
            break
        seat = game.to_move(state)[0]
        mover, watcher = players[seat], players[1 - seat]
        await quiet(mover.terminal)
        await quiet(watcher.terminal)
        mine, theirs = mover.terminal.vt.text(), watcher.terminal.vt.text()
        count = len(envelope.actions)
        mover.channel.write(FALLBACK_KEYS[tries % len(FALLBACK_KEYS)])
        tries += 1
        seen = asyncio.ensure_future(screen_changes(watcher.terminal, theirs, 2))
        repaint = await screen_changes(mover.terminal, mine, 3)
        if repaint is not None:
            own.append(repaint)
        await asyncio.sleep(0.05)  # a move is on file before its own repaint; this is slack
        if len(tables.read(code).actions) == count:  # the key opened a choice: no move yet
            seen.cancel()
            continue
        shown = await seen
        if shown is not None:
            other.append(shown)
            if repaint is not None:
                own_moves.append(repaint)
            moves += 1
            tries = 0
    for player in players:
        player.leave()
    style = " Co-Op" if game.id == "disciple" else ""
    print(f"shared {game.title}{style} table, {len(players)} terminals over SSH, Enter at a human pace:")
    print(f"  keypress to the mover's own repaint: {spread(own)} over {len(own)} keys "
          f"(those that made a move: {spread(own_moves)})")
    print(f"  a move until the other terminal shows it: {spread(other)} over {len(other)} moves; "
          f"ratio to the mover's own repaint of the same moves {statistics.median(other) / statistics.median(own_moves):.2f}")


def pss_kib(pid: int) -> int:
    """The process's proportional set size: its own pages, and its share of those it shares."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def app_pids(server: Server, after: int = 0) -> list[int]:
    return [int(m.group(1)) for line in server.lines[after:] if " start " in line
            and (m := re.search(r"pid=(\d+)", line))]  # fmt: skip


def fork_server_pid(server: Server) -> int | None:
    """The server's fork server, if it has one (the apps' parent)."""
    for pid in children(server.process.pid):
        if b"tui.serve.forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes():
            return pid
    return None


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def spread_of(values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    """Median and the range of the middle 80%."""
    values = sorted(values)
    low, high = values[len(values) // 10], values[-1 - len(values) // 10]
    return f"median {statistics.median(values) * scale:.0f} {unit} (80% within {low * scale:.0f}-{high * scale:.0f})"


async def bare_start() -> float:
    """Seconds for a bare Textual app to start in a new process, paint once and end."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", BARE_APP, cwd=ROOT, env=env)
    await process.wait()
    return time.perf_counter() - start


class Crowd:
    """Players visiting one server, each with a key and a folder of their own."""

    def __init__(self, server: Server, keys: list[asyncssh.SSHKey]) -> None:
        self.server, self.keys = server, keys
        self.players: list[Player] = []

    async def arrive(self, count: int, command: str | None, expected: str) -> list[Player]:
        """`count` more players, a few at a time (as people arrive), each at `expected`."""
        start = len(self.players)
        arrived = [Player(self.server, key, glance=True) for key in self.keys[start : start + count]]
        for first in range(0, len(arrived), 4):
            await asyncio.gather(*(p.sit_down(command, expected) for p in arrived[first : first + 4]))
        self.players += arrived
        return arrived

    async def leave(self) -> None:
        before_end = sum(" end " in line for line in self.server.lines)
        for player in self.players:
            player.leave()
        while sum(" end " in line for line in self.server.lines) - before_end < len(self.players):
            await asyncio.sleep(0.1)
        self.players = []


def player_keys(folder: Path, data: Path, count: int) -> list[asyncssh.SSHKey]:
    keys = [make_key(folder, f"p{i}")[0] for i in range(count)]
    for i, key in enumerate(keys):
        returning_player(data, key, f"Player {i + 1}")
    return keys


def figure_start(visits: int):
    async def measure(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
        await bare_start()  # once untimed each: files cached, the fork server ready
        await connect_to_home(server, keys[0], 1)
        bare, home = [], []
        for _ in range(visits):  # interleaved, so both see the same machine
            bare.append(await bare_start())
            player = Player(server, keys[0])
            home.append(await player.sit_down(None, HOME))
            player.leave()
        ratio = statistics.median(home) / statistics.median(bare)
        print(f"{label}: SSH connect to the home screen {spread_of(home)}; a bare Textual app's start "
              f"{spread_of(bare)}; ratio of medians {ratio:.2f}x (target <= 0.3x)")

    return measure


def figure_memory(counts: list[int]):
    async def measure(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
        crowd = Crowd(server, keys)
        for count in counts:
            await crowd.arrive(count - len(crowd.players), None, HOME)
            await asyncio.sleep(1.0)  # settled at home
            pids = app_pids(server)[-count:]
            apps = [pss_kib(pid) for pid in pids]
            forks = fork_server_pid(server)
            forks_pss = pss_kib(forks) if forks else 0
            with_forks = (sum(apps) + forks_pss) / count
            print(f"{label}: {count:>3} sessions at home: PSS per app median {mib(statistics.median(apps))} "
                  f"({mib(min(apps))}-{mib(max(apps))}); with the fork server's {mib(forks_pss)} shared out "
                  f"{mib(with_forks)} a session (target <= 15 MiB); server {mib(pss_kib(server.process.pid))}, "
                  f"RSS per app {mib(statistics.median(rss_kib(p) for p in pids))}")
        await crowd.leave()

    return measure


def figure_crowd(idle: int, playing: int, seconds: float):
    async def measure(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
        crowd = Crowd(server, keys)
        solo: list[float] = []

        async def alone() -> None:
            (player,) = await crowd.arrive(1, GAME, IN_GAME)
            await player.keep_playing(time.perf_counter() + seconds / 2, solo)
            await crowd.leave()

        await alone()  # before the crowd and after it, as the machine's load may drift
        await crowd.arrive(idle, None, HOME)
        players = await crowd.arrive(playing, GAME, IN_GAME)
        playing_apps = app_pids(server)[-playing:]
        await asyncio.sleep(1.0)
        busy: list[float] = []
        until = time.perf_counter() + seconds
        used = cpu_seconds(server.process.pid, playing_apps)
        await asyncio.gather(*(p.keep_playing(until, busy, i * KEY_PERIOD / playing) for i, p in enumerate(players)))
        used = [after - before for before, after in zip(used, cpu_seconds(server.process.pid, playing_apps))]
        await crowd.leave()
        await alone()
        ratio = statistics.median(busy) / statistics.median(solo)
        print(f"{label}: one session alone, a key every {KEY_PERIOD:g} s: {spread_of(solo)} over {len(solo)} keys; "
              f"{idle} idle + {playing} playing: {spread_of(busy)} over {len(busy)} keys; "
              f"ratio of medians {ratio:.2f}x (target <= 1.5x)")
        keys_pressed = max(len(busy), 1)
        print(f"  CPU per key while they played: the playing apps {used[1] / keys_pressed * 1000:.1f} ms, the server "
              f"{used[0] / keys_pressed * 1000:.1f} ms, the clients (this process) {used[2] / keys_pressed * 1000:.1f} ms; "
              f"the machine has {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")

    return measure


def cpu_seconds(server: int, apps: list[int]) -> list[float]:
    """CPU seconds (user + system) so far of the server, of the apps together, and of this process."""

    def of(pid: int) -> float:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    mine = os.times()
    return [of(server), sum(of(pid) for pid in apps), mine.user + mine.system]


async def figure_table(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
    print(f"{label}:")
    for key, name in zip(keys, ("Ann", "Ben")):
        returning_player(server.data, key, name)
    for game_id in ("decknforge", "disciple"):
        tables, code = shared_table(server.data, game_id, keys[:2], ["Ann", "Ben"])
        await table_moves(server, keys[:2], tables, code)


async def figure_flood(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
    print(f"{label}:")
    await key_flood(server, keys[0], keys[1])


async def figure_bytes(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
    all_bytes, move_bytes, alone = await bytes_per_keypress(server, keys[0])
    print(f"{label}: bytes to the terminal per keypress in a Disruption game: median {all_bytes} "
          f"(cursor moves and rolls), {move_bytes} for a roll; repaint alone {alone:.1f} ms")


def figure_players(most: int):
    async def measure(server: Server, keys: list[asyncssh.SSHKey], label: str) -> None:
        print(f"{label}: players at once, each pressing a key every {KEY_PERIOD:g} s (keypress to first repaint byte):")
        held = 0
        count = 1
        while count <= most:
            median, p90, memory, own = await crowd(server, keys[:count], 6.0)
            print(f"  {count:>3} players: median {median:6.1f} ms, 90% {p90:6.1f} ms, "
                  f"app RSS {memory / 1024:.0f} MiB each, server RSS {own / 1024:.0f} MiB")
            if median > TARGET_MS:
                break
            held = count
            count = count * 2 if count < 8 else count + 8
        print(f"  most players with a median at or under {TARGET_MS:g} ms: {held} (tried up to {min(count, most)})")

    return measure


FIGURES = ("start", "memory", "crowd", "table", "flood", "bytes", "players")


async def main(arguments: argparse.Namespace) -> None:
    counts = sorted({int(c) for c in arguments.counts.split(",")})
    figures = {
        "start": (figure_start(arguments.visits), 1),
        "memory": (figure_memory(counts), max(counts)),
        "crowd": (figure_crowd(arguments.idle, arguments.playing, arguments.seconds), arguments.idle + arguments.playing),
        "table": (figure_table, 2),
        "flood": (figure_flood, 2),
        "bytes": (figure_bytes, 1),
        "players": (figure_players(arguments.most), arguments.most),
    }
    trees = [("this checkout", ROOT)] + ([("before", Path(arguments.before).resolve())] if arguments.before else [])
    for name in arguments.only or ("start", "memory", "crowd", "table"):
        measure, sessions = figures[name]
        for label, root in trees:
            with tempfile.TemporaryDirectory() as folder:
                data = Path(folder) / "host"
                keys = player_keys(Path(folder), data, max(sessions, 2))
                options = ("--max-sessions", str(sessions + 2), "--max-per-key", str(sessions + 2))
                async with Server(data, *options, root=root) as server:
                    await measure(server, keys, f"[{name}, {label}]")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=FIGURES, help="only these figures (default: start memory crowd table)")
    parser.add_argument("--before", metavar="CHECKOUT", help="also measure this checkout's server, in the same run")
    parser.add_argument("--visits", type=int, default=8, help="connections timed for the start figure")
    parser.add_argument("--counts", default="1,12,100", help="sessions at home for the memory figure")
    parser.add_argument("--idle", type=int, default=100, help="idle sessions for the crowd figure")
    parser.add_argument("--playing", type=int, default=10, help="playing sessions for the crowd figure")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds the crowd figure's players play")
    parser.add_argument("--most", type=int, default=48, help="players to try at most (players figure)")
    asyncio.run(main(parser.parse_args()))
