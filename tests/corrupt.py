"""Corrupted saves: one field of a valid save changed at random, many thousand times a game.

Every corrupted file must be either playable (it loads, its legal moves are listed and a few
of them apply) or refused as damaged with a reason. Nothing may crash, and no file may be
refused only because an unforeseen error stopped its check (the load's last safety net):
that would be a state the game's validate does not know to be impossible.

The suite runs a few thousand cases a game (tests/test_corrupt_saves.py); a long run is

    python -m tests.corrupt [GAME ...] [--cases N] [--seed S]

which prints, for each game, how many cases were playable, damaged (with how many different
reasons) and crashed, and the first few crashes with the field that was changed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Damaged
from saves.paths import DataPaths
from saves.session import CampaignSession, GameSession
from saves.store import SaveStore

SAMPLE_MOVES = (0, 2, 7, 20, 60)  # how far into a game each sample is taken
SAMPLE_SEEDS = (1, 2, 3)
MOVES_PLAYED = 3  # random legal moves a playable case must take
HANG_SECONDS = 20.0  # a case taking longer is counted as a hang (milliseconds are usual)
UNCHECKED = "could not be checked"  # the words of the load's safety net (saves/store.py)

JUNK_TEXT = ("", "x", "[bold]oops[/", "\x00\x1b[2J", "é" * 3, "9" * 400, "-1", "null", "none")
JUNK_NUMBERS = (0, -1, 1, 2, 3, 6, 7, 10, 11, 13, 40, 99, 10**6, -(10**6), 2**63, 2**64, -(2**64))
OTHER_KIND = (None, 0, -1, "", "x", [], {}, True, False, 1.5, [0], {"type": "x"})


# ----- valid saves to start from ------------------------------------------------------


def sample_files(store: SaveStore, game_id: str) -> list[bytes]:
    """Valid save files of `game_id` at several points of several games (campaigns too)."""
    game = GAMES[game_id]
    samples = []
    for seed in SAMPLE_SEEDS:
        chooser = Rng.from_seed(seed * 7919)
        session = GameSession.start(store, game, seed)
        for goal in SAMPLE_MOVES:
            if _play_to(session, goal, chooser):
                samples.append(_saved(session))
    if hasattr(game, "new_campaign"):
        samples += _campaign_samples(store, game)
    return samples


def _play_to(session: GameSession, moves: int, chooser: Rng) -> bool:
    """Random legal moves until the log holds `moves` (written once, at the end, rather than
    after every move); False if the game ended first."""
    while len(session.envelope.actions) < moves and session.outcome() is None:
        action = chooser.choice(session.legal_actions())
        session.game.apply(session.state, action)
        session.envelope.actions.append(msgspec.Raw(msgspec.json.encode(action)))
    return session.outcome() is None


def _saved(session: GameSession) -> bytes:
    session._write()
    return session.store.paths.save_file(session.save_id).read_bytes()


def _campaign_samples(store: SaveStore, game: Any) -> list[bytes]:
    samples = []
    for seed in SAMPLE_SEEDS:
        chooser = Rng.from_seed(seed)
        session = CampaignSession.start(store, game, seed)
        samples.append(_saved(session))  # between games: none begun yet
        session.start_next_game()
        for goal in (3, 30, 10_000):
            _play_to(session, goal, chooser)
            samples.append(_saved(session))  # the last: a game over, waiting to be recorded
        session.game.campaign_record_game(session.campaign)
        session.envelope.actions = []
        samples.append(_saved(session))
    return samples


# ----- one field changed --------------------------------------------------------------


def _places(value: Any, where: str = "") -> list[tuple[str, Any, Any]]:
    """Every (path, container, key) of a decoded JSON value."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        here = f"{where}/{key}"
        found.append((here, value, key))
        found += _places(inner, here)
    return found


def mutate(data: bytes, rng: Rng) -> tuple[str, bytes]:
    """Change one field of a save file: a nearby value of its type, a value copied from
    elsewhere in the file (well-typed, often impossible), one of another type, or none."""
    doc = json.loads(data)
    places = _places(doc)
    if rng.below(5) == 0:  # the envelope's own fields, which are few among the state's many
        places = [p for p in places if p[0].count("/") == 1]
    where, container, key = rng.choice(places)
    old = container[key]
    way = rng.below(10)
    if way == 0 and isinstance(container, dict):
        del container[key]
        return f"{where} removed", json.dumps(doc).encode()
    if way == 1 and isinstance(container, list):
        del container[key]
        return f"{where} removed from its list", json.dumps(doc).encode()
    if way == 2:
        new = rng.choice(OTHER_KIND)
    elif way <= 5:
        others = [c[k] for _, c, k in places if type(c[k]) is type(old) and c[k] != old]
        new = json.loads(json.dumps(rng.choice(others))) if others else rng.choice(OTHER_KIND)
    else:
        new = _nearby(old, places, rng)
    container[key] = new
    shown = json.dumps(new)
    return f"{where}: {json.dumps(old)[:60]} -> {shown[:60]}", json.dumps(doc).encode()


def _nearby(old: Any, places: list[tuple[str, Any, Any]], rng: Rng) -> Any:
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return rng.choice((old + 1, old - 1, -old, old * 2 + 7, *JUNK_NUMBERS))
    if isinstance(old, str):
        texts = [c[k] for _, c, k in places if isinstance(c[k], str)]
        return rng.choice((*JUNK_TEXT, old + "x", old[:-1], old.upper(), rng.choice(texts)))
    if isinstance(old, list):
        if not old:
            return [rng.choice(OTHER_KIND)]
        i, j = rng.below(len(old)), rng.below(len(old))
        twice = old + [old[i]]
        swapped = list(old)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return rng.choice(([], old[1:], old[:-1], twice, old[::-1], swapped, old + old))
    if isinstance(old, dict):
        if not old:
            return {"x": 1}
        changed = dict(old)
        del changed[rng.choice(sorted(changed))]
        return rng.choice((changed, {**old, "unknown": 1}, {}))
    return rng.choice(OTHER_KIND)


# ----- the whole file damaged ---------------------------------------------------------

FOLDER = "a folder"  # what may sit under a file's name instead of bytes
FIFO = "a named pipe"


def damage(data: bytes, rng: Rng) -> tuple[str, bytes | str]:
    """A valid file damaged once: mostly one field changed (mutate), sometimes the whole
    file: cut short, emptied, not JSON, JSON of another kind, a field nested thousands deep,
    or a folder or a named pipe where the file should be (FOLDER, FIFO: `lay` puts them in
    place)."""
    way = rng.below(24)
    if way == 0:
        cut = rng.below(max(len(data), 1))
        return f"cut to {cut} bytes", data[:cut]
    if way == 1:
        return "emptied", b""
    if way == 2:
        return "not JSON", bytes(rng.below(256) for _ in range(40))
    if way == 3:
        other = rng.choice(([json.loads(data)], "text", 7, None, []))
        return f"JSON {type(other).__name__} instead", json.dumps(other).encode()
    if way == 4:
        return "a folder in its place", FOLDER
    if way == 5:
        return "a named pipe in its place", FIFO
    if way == 6:
        doc = json.loads(data)
        if isinstance(doc, dict) and doc:
            key = rng.choice(sorted(doc))
            doc[key] = "NESTED"
            deep = "[" * 5000 + "]" * 5000  # past the recursion limit a decoder stops at
            return f"/{key} nested 5,000 deep", json.dumps(doc).replace('"NESTED"', deep, 1).encode()
    return mutate(data, rng)


def lay(path: Path, damaged: bytes | str) -> None:
    """Put a damaged file (or a folder, or a named pipe) at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if damaged == FOLDER:
        path.mkdir()
    elif damaged == FIFO:
        os.mkfifo(path)
    else:
        assert isinstance(damaged, bytes)
        path.write_bytes(damaged)


# ----- the verdict --------------------------------------------------------------------


def judge(store: SaveStore, data: bytes, rng: Rng) -> str:
    """"damaged: <reason>" or "playable"; an exception is a crash."""
    try:
        envelope, value = store.load_data(data)
    except Damaged as damage:
        return f"damaged: {damage}"
    game = store.games[envelope.game_id]
    if envelope.kind == "campaign":
        session: GameSession = CampaignSession(store, game, "case", envelope, value)
        game.campaign_summary(value)
        if game.campaign_active(value) and game.campaign_game(value) is None:
            game.campaign_start_game(value)  # what the campaign screen offers next
    else:
        session = GameSession(store, game, "case", envelope, value)
    state = session.state
    for _ in range(MOVES_PLAYED + 1):
        if state is None:
            break
        _look_at(game, session, state)
        actions = game.legal_actions(state)
        if not actions:
            if envelope.kind == "campaign" and game.outcome(state) is not None:
                game.campaign_record_game(session.campaign)  # the campaign files it and goes on
            break
        game.apply(state, rng.choice(actions))
    return "playable"


def _look_at(game: Any, session: GameSession, state: Any) -> None:
    """What a table's screen asks of a state before the player moves."""
    game.summary(state)
    game.outcome(state)
    game.log_lines(state)
    for action in game.legal_actions(state):
        game.describe(action, state)
    for seat in range(len(session.seat_names())):
        game.view(state, seat)
    session.undo_status(0)


def why_unchecked(store: SaveStore, data: bytes) -> str:
    """The traceback the load's safety net turned into "could not be checked"."""
    from saves.envelope import decode

    envelope = decode(data, set(store.games))
    game = store.games[envelope.game_id]
    value = store.decode_state(envelope)
    try:
        if envelope.kind == "campaign":
            game.validate_campaign(value)
            value = game.campaign_game(value)
        else:
            game.validate(value)
        if value is not None:
            game.legal_actions(value)
            game.outcome(value)
    except Exception:  # noqa: BLE001 (what is wanted here is the traceback itself)
        return traceback.format_exc()
    return "(not reproduced)"


class Hang(Exception):
    """A case that did not finish in HANG_SECONDS: a loop a damaged state never leaves."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if not hasattr(signal, "setitimer"):  # no interval timers here: no hang detection
        yield
        return

    def expired(*_: object) -> None:
        raise Hang(f"still running after {seconds:.0f} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Tally:
    playable: int = 0
    damaged: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)  # what was changed, and the traceback
    unchecked: list[str] = field(default_factory=list)  # refused only by the safety net

    @property
    def cases(self) -> int:
        return self.playable + self.damaged + len(self.crashes)


def run(game_id: str, cases: int, seed: int = 1, folder: Path | None = None) -> Tally:
    with tempfile.TemporaryDirectory() as scratch:
        paths = DataPaths(folder or Path(scratch))
        paths.ensure()
        store = SaveStore(paths, GAMES)
        samples = sample_files(store, game_id)
        rng = Rng.from_seed(seed)
        tally = Tally()
        for _ in range(cases):
            what, data = mutate(rng.choice(samples), rng)
            try:
                with time_limit(HANG_SECONDS):
                    verdict = judge(store, data, rng)
            except Exception:  # noqa: BLE001 (a crash, or a Hang, is what this looks for)
                tally.crashes.append(f"{what}\n{traceback.format_exc()}")
                continue
            if verdict == "playable":
                tally.playable += 1
                continue
            tally.damaged += 1
            reason = verdict.removeprefix("damaged: ")
            tally.reasons[re.sub(r"\d+", "N", reason.split(" (")[0])] += 1
            if UNCHECKED in reason:
                tally.unchecked.append(f"{what}\n{why_unchecked(store, data)}")
        return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.corrupt", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"default: all ({', '.join(GAMES)})")
    parser.add_argument("--cases", type=int, default=20_000, help="corrupted files per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=3, help="crashes shown per game")
    args = parser.parse_args(argv)
    failed = False
    for game_id in args.games or list(GAMES):
        started = time.perf_counter()
        tally = run(game_id, args.cases, args.seed)
        took = time.perf_counter() - started
        print(
            f"{game_id:<11} {tally.cases} cases: {tally.playable} playable, {tally.damaged} damaged"
            f" ({len(tally.reasons)} kinds of reason), {len(tally.crashes)} crashes,"
            f" {len(tally.unchecked)} refused unchecked  [{took:.1f} s]",
            flush=True,
        )
        for text in (tally.crashes + tally.unchecked)[: args.show]:
            print("  " + text.replace("\n", "\n  "))
        failed = failed or bool(tally.crashes or tally.unchecked)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
