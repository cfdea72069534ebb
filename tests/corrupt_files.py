"""Damaged data files other than saves: shared tables, finished games, decks, coined words,
settings, the daily records, the saved-games listing's memory, and a shared host's display
names and list of the Lexicon's moderators.

Valid files are made by playing; each case then damages one of them (tests/corrupt.py:
one field changed, or the whole file cut, emptied, replaced by a folder or a named pipe)
and does with it what a player would: list it, open it, play or browse it. Each case must be
usable, or refused with a reason; nothing may crash or hang, and a refused file must still
be there as it was (in its place, or kept aside under another name).

The suite runs 100 cases a kind (tests/test_corrupt_files.py); a long run is

    python -m tests.corrupt_files [KIND ...] [--cases N] [--seed S]
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import stat
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import daily, daily_play
from saves.envelope import Damaged, Seat
from saves.filing import sweep_tables
from saves.history import Finished, History
from saves.paths import DataPaths
from saves.session import CampaignSession, GameSession, SharedSession
from saves.settings import Settings, load_settings, save_settings
from saves.store import SaveStore
from saves.tables import TableProblem, TableStore
from tests.conftest import FIXED_TIME
from tests.corrupt import FIFO, FOLDER, HANG_SECONDS, UNCHECKED, damage, lay, time_limit

USABLE = "usable"
MOVES_PLAYED = 3  # moves a usable game, table or replay takes in a case
SAMPLE_SEEDS = (1, 2, 3)


def refused(reason: str) -> str:
    assert reason, "a refusal says why"
    return f"refused: {reason}"


class Case:
    """One data folder and the stores a player's app would open on it."""

    def __init__(self, root: Path) -> None:
        self.paths = DataPaths(root)
        self.paths.ensure()
        self.store = SaveStore(self.paths, GAMES, clock=lambda: FIXED_TIME)
        self.tables = TableStore(self.paths, GAMES, clock=lambda: FIXED_TIME)


def play(session: Any, rng: Rng, moves: int) -> None:
    """Random legal moves, looking at the table before each as its screen does."""
    for _ in range(moves):
        state = session.state
        if state is None or session.game.outcome(state) is not None:
            return
        look_at(session.game, state)
        session.play(rng.choice(session.legal_actions()))


def look_at(game: Any, state: Any) -> None:
    game.summary(state)
    game.outcome(state)
    game.log_lines(state)
    for action in game.legal_actions(state):
        game.describe(action, state)
    for seat in range(len(game.seats(state))):
        game.view(state, seat)


def play_to_end(session: GameSession, rng: Rng, limit: int = 5000) -> None:
    for _ in range(limit):
        if session.outcome() is not None:
            return
        session.play(rng.choice(session.legal_actions()))


# ----- shared tables --------------------------------------------------------------------


def make_tables(case: Case) -> None:
    for seed in SAMPLE_SEEDS:
        for game in GAMES.values():
            seats = len(game.seats(game.new_game(seed=seed)))
            claimed = [Seat(name=f"Seat {n + 1}", player=f"p{n}") for n in range(seats)]
            case.tables.create(game, seed, {}, claimed[:-1] + [Seat(name="Open")])  # a lobby
            code = case.tables.create(game, seed, {}, claimed)
            play(SharedSession.open(case.tables, code, "p0"), Rng.from_seed(seed), 4 * seed)
            if seed == SAMPLE_SEEDS[0]:
                code = case.tables.create(game, seed, {}, claimed)
                play_to_end(SharedSession.open(case.tables, code, "p0"), Rng.from_seed(seed))  # over


def use_table(case: Case, path: Path, rng: Rng) -> str:
    from tui.cli import UsageError, find_table
    from tui.tables.lines import table_lines

    code = path.stem
    table_lines(case.tables, "zed")  # the Tables screen and `tabletop-tui tables`
    (entry,) = [e for e in case.tables.list() if e.code == code]
    if entry.damage:
        with pytest.raises(UsageError, match=re.escape(entry.damage)):
            find_table(case.paths, case.store, code)  # `tabletop-tui join CODE` says why
        return refused(entry.damage)
    try:  # `join`
        if entry.open_seats and not entry.started:
            case.tables.claim(code, "zed", "Zed")
        session = SharedSession.open(case.tables, code, "zed")
    except (Damaged, TableProblem) as problem:
        return refused(str(problem))
    play(session, rng, MOVES_PLAYED)  # (a table still waiting for players shows its lobby)
    if session.state is not None:
        session.keep_result(case.store)  # a game that ended goes to the player's history
    sweep_tables(case.store, case.tables, "p0")  # and to those of players who were away
    return USABLE


def tables_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.tables.glob("[A-Z]*.json"))


# ----- finished games (Druid Path's campaign records among them) --------------------------


def make_history(case: Case) -> None:
    for seed in SAMPLE_SEEDS:
        for game in GAMES.values():
            play_to_end(GameSession.start(case.store, game, seed), Rng.from_seed(seed))
        druid = GAMES["druid-path"]
        campaign = CampaignSession.start(case.store, druid, seed)
        campaign.start_next_game()
        play_to_end(campaign, Rng.from_seed(seed))
        campaign.record_game()  # the campaign's game, filed on its own
        if campaign.active:
            campaign.abandon()  # the campaign's record
    History(case.store).list()  # writes the listing's index


def use_history(case: Case, path: Path, rng: Rng) -> str:
    from saves import replay, stats
    from saves.replay import ReplaySession
    from tui.cli_records import TITLES

    from tui.cli_records import list_history

    list_history(case.store, None)  # `tabletop-tui history`
    entries = History(case.store).list()  # the History screen
    stats.render(stats.sections(entries, TITLES))  # the Stats screen
    (entry,) = [e for e in entries if e.id == path.stem]
    if entry.damaged:
        return refused(entry.damage)
    try:
        timeline = replay.open_replay(case.store, entry.id)
    except Damaged as damage:
        if entry.kind == "campaign":
            return USABLE  # listed and counted; its games replay one by one
        return refused(str(damage))
    session = ReplaySession(timeline)
    for _ in range(MOVES_PLAYED):
        session.go(session.index + 1 + rng.below(20))
        look_at(session.game, session.state)
        timeline.step(session.index)
    return USABLE


def history_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.history.glob("[!.]*.json"))


def use_history_index(case: Case, path: Path, rng: Rng) -> str:
    """A cache: an index that cannot be used is rebuilt from the files; either way every
    finished game is listed, and each one listed as usable opens."""
    from saves.history import INDEX_NAME, _index

    before = path.read_bytes() if path.is_file() else b""
    entries = History(case.store).list()
    assert {e.id for e in entries} == {p.stem for p in history_in(case.paths)}
    for entry in entries:
        if not entry.damaged:
            History(case.store).read(entry.id)
    try:
        _index.decode(before)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return refused(f"{INDEX_NAME} was rebuilt")
    return USABLE


def history_index_in(paths: DataPaths) -> list[Path]:
    return [paths.history / ".index.json"]


# ----- settings -------------------------------------------------------------------------


def make_settings(case: Case) -> None:
    save_settings(case.paths, Settings(theme="tabletop-light", show_odds=False, display_name="Ann"))


def use_settings(case: Case, path: Path, rng: Rng) -> str:
    from tui.app import TabletopApp

    settings, problem = load_settings(case.paths)
    TabletopApp(case.paths, store=case.store)  # what start-up makes of them
    if problem:
        return refused(problem)
    return USABLE


def settings_in(paths: DataPaths) -> list[Path]:
    return [paths.settings]


# ----- the daily records ----------------------------------------------------------------


def make_daily(case: Case) -> None:
    for game in GAMES.values():
        for _ in range(2):  # a counted try, then practice
            play_to_end(daily_play.start(case.store, game), Rng.from_seed(1))


def use_daily_attempts(case: Case, path: Path, rng: Rng) -> str:
    _, problem = daily.checked_attempts(case.store)
    day = daily.today(case.store)
    for game in GAMES.values():  # the Daily screen
        daily.note(case.store, game.id)
        daily_play.standing(case.store, game.id, day)
        daily_play.resume_today(case.store, game)
    session = daily_play.start(case.store, GAMES["disruption"])
    play(session, rng, MOVES_PLAYED)
    for attempt in daily.load_attempts(case.store).attempts:  # what filing a finished try asks
        entry = Finished(id=attempt.save_id, game_id=attempt.game_id)
        daily.mark(case.store, entry, session.envelope.seed)
    return refused(problem) if problem else USABLE


def attempts_in(paths: DataPaths) -> list[Path]:
    return [paths.daily_attempts]


def use_board_line(case: Case, path: Path, rng: Rng) -> str:
    day = date.fromisoformat(path.parent.name)
    everyone = daily.read_board(case.store, day)
    shown = everyone.lines + daily.read_board(case.store, day, path.stem.rsplit("-", 1)[0]).lines
    try:
        daily.read_board_line(path, case.store.games)
    except Damaged as damage:
        assert str(damage) in everyone.unreadable, "the board says a line is missing"
        return refused(str(damage))
    assert shown, "a readable line is on the board"
    return USABLE


def board_lines_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.daily.glob("*/*.json"))


# ----- DecknForge's decks and coined words -------------------------------------------------


def make_forge(case: Case) -> None:
    from engine.decknforge.legacy import fresh_deck
    from engine.decknforge.lexicon import Effect, Trigger
    from engine.decknforge.moderation import approve, coin
    from tui.decknforge.storage import deck_store, word_store

    decks, words = deck_store(case.paths), word_store(case.paths)
    word = coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB")
    words.add(word)
    words.replace(word, approve(word))
    words.add(coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("fortify", 2)], "CD"))
    for seed in SAMPLE_SEEDS:
        band = [decks.create(fresh_deck(initials)) for initials in ("AB", "CD")]
        session = GameSession.start(case.store, GAMES["decknforge"], seed, decks=band)
        play_to_end(session, Rng.from_seed(seed))  # filing the game writes it on the decks


def use_forge_deck(case: Case, path: Path, rng: Rng) -> str:
    from engine.decknforge.legacy import fresh_deck
    from tui.decknforge.decks_screen import cards_text, history_text, summary_text
    from tui.decknforge.storage import deck_store, word_store

    decks = deck_store(case.paths)
    (entry,) = [e for e in decks.list() if e.deck_id == path.stem]  # the Decks screen
    word_store(case.paths).load()  # the Lexicon marks the words decks carry
    decks.decks()
    if entry.damaged:
        return refused(entry.damage)
    summary_text(entry.deck)
    cards_text(entry.deck)
    history_text(entry.deck)
    try:  # a new game with this deck
        session = GameSession.start(case.store, GAMES["decknforge"], 1, decks=[entry.deck, fresh_deck("ZZ")])
    except ValueError as problem:
        return refused(str(problem))
    play(session, rng, MOVES_PLAYED)
    return USABLE


def decks_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.decks.glob("[!.]*.json"))


def use_words(case: Case, path: Path, rng: Rng) -> str:
    from engine.decknforge.lexicon import word_text
    from engine.decknforge.moderation import approve, recheck, table_words, why_not_approve
    from tui.decknforge.storage import word_store

    store = word_store(case.paths)
    words, damaged = store.load()  # the Lexicon
    reasons = [reason for name, reason in damaged if name == path.stem]
    if reasons:
        return refused(reasons[0])
    for word in words:
        word_text(word)
    coined = table_words(recheck(words), {"AB", "CD"})
    try:  # a new game knowing these words
        session = GameSession.start(case.store, GAMES["decknforge"], 1, coined=coined)
    except ValueError as problem:
        return refused(str(problem))
    play(session, rng, MOVES_PLAYED)
    pending = [w for w in words if w.status == "pending"]
    if pending and not why_not_approve(pending[0], "", True, False, initials="MOD"):  # another approves
        store.replace(pending[0], approve(pending[0]))
    return USABLE


def words_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.lexicon.glob("[!.]*.json"))


# ----- Disciple's Versus decks ---------------------------------------------------------------


def make_versus_decks(case: Case) -> None:
    from engine.disciple.content import load
    from engine.disciple.decks import VersusDeck, default_versus_deck
    from tui.disciple.deck_files import versus_deck_store

    content, store = load(), versus_deck_store(case.paths)
    styles = list(content.styles)
    for first, second in zip(styles, styles[1:] + styles[:1]):
        a, b = default_versus_deck(content, first), default_versus_deck(content, second)
        offered = content.styles[first].energy
        store.add(VersusDeck(f"{first} and {second}", (first, second), offered, a.cards[:32] + b.cards[:32]), first)
        store.add(a, f"{first} copy")


def use_versus_deck(case: Case, path: Path, rng: Rng) -> str:
    from tui.disciple.deck_files import deck_rows, versus_deck_store

    rows = deck_rows(versus_deck_store(case.paths))  # the Decks screen and the deck picker
    (row,) = [r for r in rows if r.key == path.stem]
    if row.damaged:
        return refused(row.damage)
    if not row.ready:
        return refused("; ".join(row.problems))
    default = next(r.deck for r in rows if r.default)
    session = GameSession.start(case.store, GAMES["disciple"], 1, mode="versus", decks=[row.deck, default])
    play(session, rng, MOVES_PLAYED)
    return USABLE


def versus_decks_in(paths: DataPaths) -> list[Path]:
    return sorted(paths.disciple_decks.glob("[!.]*.json"))


# ----- the saved-games listing's memory ------------------------------------------------------


def make_listing(case: Case) -> None:
    for seed in SAMPLE_SEEDS:
        for game in GAMES.values():
            play(GameSession.start(case.store, game, seed), Rng.from_seed(seed), 3 * seed)
    long_ago = time.time() - 3600  # only files that have settled are remembered
    for file in case.paths.saves.glob("*.json"):
        os.utime(file, (long_ago, long_ago))
    case.store.list()


def use_listing(case: Case, path: Path, rng: Rng) -> str:
    """A cache: a listing that cannot be used is rebuilt from the saves; either way the list
    holds every save, and each one offered as usable opens."""
    saves = {p.stem for p in case.paths.saves.glob("*.json") if not p.name.startswith(".")}
    entries = case.store.list()
    assert {e.save_id for e in entries} == saves
    for entry in entries:
        if not entry.damaged:
            GameSession.resume(case.store, entry.save_id)
    again = SaveStore(case.paths, GAMES, clock=lambda: FIXED_TIME)
    remembered = again.listing_memory._load().files
    return USABLE if remembered else refused("the listing's memory was rebuilt")


def listing_in(paths: DataPaths) -> list[Path]:
    return [paths.saves / ".listing.json"]


# ----- a shared host's display names and the Lexicon's moderators ----------------------------


def make_names(case: Case) -> None:
    from saves.names import claim_name

    for number, name in enumerate(("Ann", "Bea", "Zoë ✦", "x" * 20)):
        claim_name(case.paths, f"k{number}", name)


def use_names(case: Case, path: Path, rng: Rng) -> str:
    """The host's log at start, then a player's first visit: the name prompt."""
    from saves.names import claim_name, names_problem, read_names

    problem = names_problem(case.paths)
    refusal, note = claim_name(case.paths, "k-new", "Cy")
    assert note.startswith(problem) and bool(note) == bool(problem), "the prompt tells what the log does"
    if not refusal:  # a damaged file gives way to a new list; the name is in it either way
        assert read_names(path).names["k-new"] == "Cy"
    return refused(problem) if problem else USABLE


def names_in(paths: DataPaths) -> list[Path]:
    return [paths.names]


def make_moderators(case: Case) -> None:
    from tui.decknforge.storage import word_store

    for identity in ("key-ab", "key-cd"):
        word_store(case.paths).enrol(identity)


def use_moderators(case: Case, path: Path, rng: Rng) -> str:
    """The host's log at start, then a moderator opening the Lexicon (R39)."""
    from tui.decknforge.storage import word_store

    store = word_store(case.paths)
    known, problem = store.checked_moderators()
    said = store.enrol("key-zz")
    assert said.startswith(problem) and bool(said) == bool(problem), "the moderator is told what the log is"
    now, still = store.checked_moderators()
    assert set(now) == {*known, "key-zz"} and not still  # a damaged list gave way to a new one
    return refused(problem) if problem else USABLE


def moderators_in(paths: DataPaths) -> list[Path]:
    return [paths.lexicon / "moderators" / "list.json"]


# ----- the runs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FileKind:
    name: str
    make: Callable[[Case], None]  # plays, leaving valid files of this kind in the data folder
    files: Callable[[DataPaths], list[Path]]  # the files of this kind in a data folder
    use: Callable[[Case, Path, Rng], str]  # USABLE, or refused(reason); raising is a crash
    context: tuple[str, ...] = ()  # folders of the played data folder a case needs too
    cache: bool = False  # only a shortcut: refused means rebuilt, with no reason to show
    linked: bool = False  # the context is linked, not copied: it must not be written in place


KINDS = {
    kind.name: kind
    for kind in (
        FileKind("tables", make_tables, tables_in, use_table),
        FileKind("history", make_history, history_in, use_history),
        FileKind("history-index", make_history, history_index_in, use_history_index, ("history",), cache=True),
        FileKind("settings", make_settings, settings_in, use_settings),
        FileKind("daily", make_daily, attempts_in, use_daily_attempts, ("saves", "history"), linked=True),
        FileKind("daily-board", make_daily, board_lines_in, use_board_line),
        FileKind("forge-decks", make_forge, decks_in, use_forge_deck, context=("lexicon",)),
        FileKind("lexicon", make_forge, words_in, use_words, context=("lexicon",)),
        FileKind("versus-decks", make_versus_decks, versus_decks_in, use_versus_deck),
        FileKind("listing", make_listing, listing_in, use_listing, ("saves",), cache=True, linked=True),
        FileKind("names", make_names, names_in, use_names),
        FileKind("moderators", make_moderators, moderators_in, use_moderators),
    )
}


@cache
def played_folder(make: Callable[[Case], None]) -> Path:
    """A data folder where `make` played (one per process, shared by the kinds it serves)."""
    root = Path(tempfile.mkdtemp(prefix="corrupt-files-"))
    atexit.register(shutil.rmtree, root, True)
    make(Case(root))
    return root


def samples(kind: FileKind) -> list[tuple[Path, bytes]]:
    root = played_folder(kind.make)
    found = [(path.relative_to(root), path.read_bytes()) for path in kind.files(DataPaths(root))]
    assert found, f"playing made no {kind.name} files"
    return found


def still_kept(root: Path, relative: Path, damaged: bytes | str) -> bool:
    """Whether the damaged file is still in the data folder: in its place, or kept aside."""
    place = root / relative
    kept_aside = [p for p in place.parent.iterdir() if p.name.startswith(f"{place.stem}.damaged")]
    if damaged in (FOLDER, FIFO):
        test = stat.S_ISDIR if damaged == FOLDER else stat.S_ISFIFO
        return any(p.exists() and test(p.lstat().st_mode) for p in [place, *kept_aside])
    return any(p.is_file() and p.read_bytes() == damaged for p in [place, *kept_aside])


@dataclass
class Tally:
    usable: int = 0
    refused: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)  # what was changed, and the traceback

    @property
    def cases(self) -> int:
        return self.usable + self.refused + len(self.crashes)


def reason_kind(reason: str) -> str:
    """A reason without its particulars (numbers, the decoder's details), to count kinds."""
    while re.search(r"\([^()]*\)", reason):  # innermost first: the details nest
        reason = re.sub(r" ?\([^()]*\)", "", reason)
    return re.sub(r"\d+", "N", re.sub(r"'.*?'", "", reason))


def copy_context(kind: FileKind, root: Path) -> None:
    """The other files a case of `kind` needs, from the folder where they were played."""
    played = played_folder(kind.make)
    for folder in kind.context:
        if (played / folder).is_dir():  # linked, where the files must keep their inodes
            shutil.copytree(played / folder, root / folder, copy_function=os.link if kind.linked else shutil.copy2)


def judge(kind: FileKind, relative: Path, damaged: bytes | str, rng: Rng, root: Path) -> str:
    """The verdict of one case, in a fresh data folder at `root` (removed afterwards); an
    exception is a crash, and so is a refused file that is no longer there as it was."""
    copy_context(kind, root)
    (root / relative).unlink(missing_ok=True)
    lay(root / relative, damaged)
    try:
        with time_limit(HANG_SECONDS):
            verdict = kind.use(Case(root), root / relative, rng)
        reason = verdict.removeprefix("refused: ")
        if UNCHECKED in reason:
            raise AssertionError(f"refused only by the safety net: {reason}")
        if verdict != USABLE and not kind.cache and not still_kept(root, relative, damaged):
            raise AssertionError(f"refused ({reason}) but the file is gone or changed")
        return verdict
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run(name: str, cases: int, seed: int = 1) -> Tally:
    kind = KINDS[name]
    originals = samples(kind)
    rng = Rng.from_seed(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="corrupt-case-") as scratch:
        for number in range(cases):
            relative, data = rng.choice(originals)
            what, damaged = damage(data, rng)
            try:
                verdict = judge(kind, relative, damaged, rng, Path(scratch) / str(number))
            except Exception:  # noqa: BLE001 (a crash, or a Hang, is what this looks for)
                tally.crashes.append(f"{relative}: {what}\n{traceback.format_exc()}")
                continue
            if verdict == USABLE:
                tally.usable += 1
            else:
                tally.refused += 1
                tally.reasons[reason_kind(verdict.removeprefix("refused: "))] += 1
    return tally


def damaged_to(kind: FileKind, relative: Path, data: bytes, usable: bool, rng: Rng) -> bytes | str:
    """A damaged copy of `data` whose case comes out usable (or refused): what a screen
    draws from an odd but usable file is where its own crashes hide."""
    with tempfile.TemporaryDirectory(prefix="corrupt-case-") as scratch:
        for number in range(200):
            _, damaged = damage(data, rng)
            verdict = judge(kind, relative, damaged, rng, Path(scratch) / str(number))
            if (verdict == USABLE) == usable:
                return damaged
    raise AssertionError(f"no {'usable' if usable else 'refused'} damage of {relative} found")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.corrupt_files", description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", metavar="KIND", help=f"default: all ({', '.join(KINDS)})")
    parser.add_argument("--cases", type=int, default=2000, help="damaged files per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=3, help="crashes shown per kind")
    args = parser.parse_args(argv)
    failed = False
    for name in args.kinds or list(KINDS):
        started = time.perf_counter()
        tally = run(name, args.cases, args.seed)
        took = time.perf_counter() - started
        print(
            f"{name:<13} {tally.cases} cases: {tally.usable} usable, {tally.refused} refused"
            f" ({len(tally.reasons)} kinds of reason), {len(tally.crashes)} crashes  [{took:.1f} s]",
            flush=True,
        )
        for text in tally.crashes[: args.show]:
            print("  " + text.replace("\n", "\n  "))
        failed = failed or bool(tally.crashes)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
