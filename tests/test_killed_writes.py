"""SIGKILL at random instants: a child process plays and autosaves, and is killed outright.

Each time, the save must hold the table as it was before or after the move being made (never a
mix, never damage), a campaign its game before or after it was recorded, and a DecknForge deck
its file before or after the game's result was written on it. The temporary files the killed
writes leave behind are gone once the folder is used again. The child is a fork of the test
process, so a kill costs milliseconds, not an interpreter start-up.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine.core.rng import Rng
from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Damaged
from saves.files import process_alive
from saves.history import History
from saves.paths import DataPaths
from saves.session import CampaignSession, GameSession
from saves.store import SaveStore

KILLS = int(os.environ.get("KILL_COUNT", "60"))
MOVES_PER_RUN = 40  # a child stops after this many moves (a long game need not be played out)
CAMPAIGN_CHOOSER: list[int] = []  # where the prepared campaign's random moves stopped

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


class Child:
    """What the killed process does, step by step, telling the parent through a pipe: "M n"
    before move n is made (n moves in the log), "D n" once it is saved (the move that ends a
    game: and filed); "R"/"r" around a campaign's recording of its game."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def say(self, text: str) -> None:
        os.write(self.fd, text.encode() + b"\n")


def play(child: Child, session: GameSession, chooser: Rng, moves: int = MOVES_PER_RUN) -> None:
    game = session.game
    for _ in range(moves):
        if session.state is None or session.outcome() is not None:
            return
        seat = game.to_move(session.state)[0]
        action = game.bot_action(session.state, seat) if game.id == "decknforge" else chooser.choice(session.legal_actions())
        child.say(f"M {len(session.envelope.actions)}")
        session.play(action)
        child.say(f"D {len(session.envelope.actions) - 1}")


# ----- the scenarios: a data folder to start from, what the child does in it -------------


def store_of(root: Path) -> SaveStore:
    return SaveStore(DataPaths(root), GAMES)


def prepare_game(root: Path, game_id: str) -> str:
    session = GameSession.start(store_of(root), GAMES[game_id], 11)
    return session.save_id


def run_game(child: Child, root: Path, save_id: str, seed: int) -> None:
    play(child, GameSession.resume(store_of(root), save_id), Rng.from_seed(seed))


def prepare_decks(root: Path) -> str:
    """A DecknForge game of two stored decks, a few moves from its end."""
    from tui.decknforge.storage import deck_store

    store = store_of(root)
    decks = [deck_store(store.paths).create(fresh_deck(initials)) for initials in ("AB", "CD")]
    game = GAMES["decknforge"]
    trial = game.new_game(3, decks=decks)
    length = 0
    while game.outcome(trial) is None:
        game.apply(trial, game.bot_action(trial, game.to_move(trial)[0]))
        length += 1
    session = GameSession.start(store, game, 3, decks=decks)
    play(Child(os.open(os.devnull, os.O_WRONLY)), session, Rng.from_seed(0), moves=length - 4)
    return session.save_id


def run_decks(child: Child, root: Path, save_id: str, seed: int) -> None:
    """The last moves: the one that ends the game files it, its result on both decks."""
    play(child, GameSession.resume(store_of(root), save_id), Rng.from_seed(seed))


def prepare_campaign(root: Path) -> str:
    """A campaign whose first game is a few moves from its end."""
    game = GAMES["druid-path"]
    session = CampaignSession.start(store_of(root), game, 5)
    trial = game.campaign_start_game(msgspec.convert(msgspec.to_builtins(session.campaign), type=game.Campaign))
    chooser, length = Rng.from_seed(1), 0
    while game.outcome(trial) is None:
        game.apply(trial, chooser.choice(game.legal_actions(trial)))
        length += 1
    session.start_next_game()
    chooser = Rng.from_seed(1)  # the same moves as the trial: 3 short of its end
    play(Child(os.open(os.devnull, os.O_WRONLY)), session, chooser, moves=length - 3)
    CAMPAIGN_CHOOSER[:] = [chooser.seed, chooser.counter]
    return session.save_id


def run_campaign(child: Child, root: Path, save_id: str, seed: int) -> None:
    session = GameSession.resume(store_of(root), save_id)
    assert isinstance(session, CampaignSession)
    play(child, session, Rng(*CAMPAIGN_CHOOSER))  # the trial's last moves: the game ends
    if session.outcome() is not None:
        child.say("R")
        session.record_game()
        child.say("r")
    if session.active:
        session.start_next_game()
        play(child, session, Rng.from_seed(seed), moves=5)


SCENARIOS = {
    "disruption": (lambda root: prepare_game(root, "disruption"), run_game),
    "druid-path": (lambda root: prepare_game(root, "druid-path"), run_game),
    "disciple": (lambda root: prepare_game(root, "disciple"), run_game),
    "decknforge decks": (prepare_decks, run_decks),
    "druid-path campaign": (prepare_campaign, run_campaign),
}


# ----- killing, and what the folder must hold afterwards ----------------------------------


def fork_child(scenario: str, root: Path, save_id: str, seed: int) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: play, then leave without running the test process's exit hooks
        os.close(read)
        status = 0
        try:
            SCENARIOS[scenario][1](Child(write), root, save_id, seed)
        except BaseException:  # noqa: BLE001 (reported to the parent through its exit status)
            status = 3
        os._exit(status)
    os.close(write)
    return pid, read


def signals(fd: int) -> list[str]:
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    return [line for line in data.decode().splitlines() if line]


def check(scenario: str, root: Path, save_id: str, told: list[str], start: dict[str, Any]) -> int:
    """The folder after a kill: every file whole, and the save before or after its last step.
    Returns how many temporary files the kill left (all removed by the folder's next use)."""
    store = store_of(root)
    path = store.paths.save_file(save_id)
    last = told[-1] if told else ""
    if not path.exists():  # the game ended and was filed: the history holds it whole
        assert History(store).read(save_id).entry.id == save_id
        assert last[:1] in ("M", "D", "R", "r"), told[-3:]  # after the last move
    else:
        envelope, value = store.load(save_id)  # Damaged would fail the test
        moves = len(envelope.actions)
        if last.startswith("M"):
            assert moves in (int(last[2:]), int(last[2:]) + 1), (last, moves)
        elif last.startswith("D"):
            assert moves == int(last[2:]) + 1, (last, moves)
        elif not told:
            assert moves == start["moves"]
        session = GameSession.resume(store, save_id)
        if isinstance(session, CampaignSession):
            recorded = len(session.campaign.records) - start["records"]
            if "r" in told:
                assert recorded == 1
            else:  # recorded whole or not at all while "R" was the last word
                assert recorded in ((0, 1) if last == "R" else (0,)), (last, recorded)
            if session.state is not None:  # the game in progress is its moves from its start
                state = session.start_state()
                for raw in envelope.actions:
                    session.game.apply(state, msgspec.json.decode(raw, type=session.game.Action))
                assert msgspec.json.encode(state) == msgspec.json.encode(session.state)
        else:  # the table is exactly its moves from the seed: before or after, never between
            assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
    folders = [f for f in (store.paths.saves, store.paths.decks) if f.is_dir()]
    temps = sum(p.name.endswith(".tmp") for folder in folders for p in folder.iterdir())
    if scenario == "decknforge decks":
        check_decks(store, save_id, told, start)
    store.list()  # the folder used again: the killed writes' temporary files go
    if scenario == "decknforge decks":
        from tui.decknforge.storage import deck_store

        deck_store(store.paths).create(fresh_deck("EF"))  # a write in the decks folder
    left = [p.name for folder in folders for p in folder.iterdir() if p.name.endswith(".tmp")]
    # A temporary file stays only while a process holds its pid: the killed child's pid may
    # already be another process's (pids wrap at 32768 on a busy machine); it goes once that ends.
    assert all(process_alive(int(name.rsplit(".", 2)[-2])) for name in left), left
    return temps


def check_decks(store: SaveStore, save_id: str, told: list[str], start: dict[str, Any]) -> None:
    """Each deck before the result or after it, never half-way; once the start-up sweep has
    run, both hold it exactly once if the game ended (tests/legacy_kills.py aims at this)."""
    from saves.filing import sweep
    from tui.decknforge.storage import deck_store

    decks = deck_store(store.paths)

    def games() -> list[int]:
        entries = decks.list()
        assert not [e for e in entries if e.damaged], [e.damage for e in entries]
        return [len(e.deck.history) - start["history"][e.deck_id] for e in entries]

    assert set(games()) <= {0, 1}, told[-2:]
    sweep(store)
    ended = not store.paths.save_file(save_id).exists()
    assert games() == [1 if ended else 0] * 2, (told[-2:], games())


def test_a_save_killed_at_random_instants_holds_the_state_before_or_after_the_move(tmp_path):
    rng = Rng.from_seed(int(os.environ.get("KILL_SEED", "2026")))
    templates, durations, starts = {}, {}, {}
    for number, (scenario, (prepare, _)) in enumerate(SCENARIOS.items()):
        root = tmp_path / f"template-{number}"
        save_id = prepare(root)
        store = store_of(root)
        envelope, value = store.load(save_id)
        starts[scenario] = {
            "moves": len(envelope.actions),
            "records": len(value.records) if envelope.kind == "campaign" else 0,
            "history": {e.deck_id: len(e.deck.history) for e in _decks(root)},
        }
        templates[scenario] = (root, save_id)
        timed = tmp_path / f"timed-{number}"  # one run uncut: how long a child lives
        shutil.copytree(root, timed)
        began = time.perf_counter()
        pid, fd = fork_child(scenario, timed, save_id, seed=1)
        told = signals(fd)
        _, status = os.waitpid(pid, 0)
        durations[scenario] = time.perf_counter() - began
        assert os.waitstatus_to_exitcode(status) == 0, (scenario, told[-3:])
        check(scenario, timed, save_id, told, starts[scenario])
    landed: Counter[str] = Counter()
    names = list(SCENARIOS)
    for kill in range(KILLS):
        scenario = names[kill % len(names)]
        template, save_id = templates[scenario]
        root = tmp_path / f"kill-{kill}"
        shutil.copytree(template, root)
        pid, fd = fork_child(scenario, root, save_id, seed=kill + 2)
        time.sleep(rng.below(1000) / 1000 * durations[scenario] * 1.1)
        os.kill(pid, signal.SIGKILL)
        told = signals(fd)
        _, status = os.waitpid(pid, 0)
        exit_code = os.waitstatus_to_exitcode(status)
        assert exit_code in (0, -signal.SIGKILL), (scenario, exit_code, told[-3:])
        last = told[-1][0] if told else "-"  # M or R: the kill fell inside that step
        landed[f"{scenario}: {last}"] += 1
        landed["temporary files left (then removed)"] += check(scenario, root, save_id, told, starts[scenario])
        shutil.rmtree(root)
    print(f"\n{KILLS} kills: " + ", ".join(f"{n} {what}" for what, n in sorted(landed.items())))
    assert sum(n for what, n in landed.items() if ":" in what) == KILLS >= 50
    assert any(what.endswith(("M", "R")) for what in landed)  # some fell inside a step


def _decks(root: Path) -> list[Any]:
    from tui.decknforge.storage import deck_store

    return deck_store(DataPaths(root)).list()


def test_a_damaged_save_is_named_damaged_not_a_crash(store):
    """The check itself can fail: a save cut short (as a kill could leave a file written any
    other way) is Damaged, with the reason."""
    session = GameSession.start(store, GAMES["disruption"], 1)
    path = store.paths.save_file(session.save_id)
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(Damaged, match="not complete JSON"):
        store.load(session.save_id)
