"""Friends at a shared DecknForge table through the real `tabletop-tui serve`: each with their
own key, terminal and app, as asyncssh clients. Every step checks what each terminal's screen
shows (tests/serve/vt.py reads it as a terminal would) and what the files hold.

Moves are made as a player makes them: Enter plays the highlighted choice of the terminal
whose seat may act. Every wait has a generous deadline; nothing asserts a duration.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

import asyncssh
import msgspec
import pytest

from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.settings import Settings, save_settings
from saves.tables import TableStore
from tests.serve.harness import PATIENCE, Server, Terminal, make_key, open_terminal
from tui.decknforge.storage import deck_store
from tui.double_tap import DOUBLE_TAP
from tui.serve.identity import player_for

GAME = GAMES["decknforge"]
SEED = 4  # a short game: the first choice each time clears the dungeon in a few rounds
TABLE = "The band"
MOST_STEPS = 6  # Enters to make one move
UNANSWERED = 3.0  # seconds an Enter that changed nothing is waited for before the next


class Friend:
    """A player of the host: their key, data folder, deck, and (once connected) terminal."""

    def __init__(self, data: Path, name: str) -> None:
        self.name, self.initials = name, name[:2].upper()
        self.key, _ = make_key(data.parent, name.lower())
        self.id = player_for(self.key, False).id
        self.paths = DataPaths(data / "players" / self.id, data)
        self.paths.ensure()
        save_settings(self.paths, Settings(display_name=name))  # been here before: no name asked
        self.deck = deck_store(self.paths).create(fresh_deck(self.initials))
        self.conn: asyncssh.SSHClientConnection | None = None
        self.channel: asyncssh.SSHClientChannel | None = None
        self.terminal: Terminal | None = None

    async def open(self, server: Server, command: str) -> Terminal:
        self.conn = await server.connect(self.key)
        self.channel, self.terminal = await open_terminal(self.conn, command)
        return self.terminal

    def screen(self) -> str:
        return self.terminal.vt.text() if self.terminal else ""

    async def leave(self) -> None:
        self.conn.close()
        await asyncio.wait_for(self.terminal.closed.wait(), PATIENCE)
        self.conn = self.channel = self.terminal = None

    def history(self) -> list[Path]:
        return sorted(self.paths.root.glob("history/*.json"))


@pytest.fixture
def host(tmp_path):
    data = tmp_path / "host"
    return data, TableStore(DataPaths(data), GAMES)


def open_table(tables: TableStore, owner: Friend, seats: int) -> str:
    """The table `owner` opened with their deck at seat 1, the other seats open."""
    mine = Seat(name=owner.name, player=owner.id, brings=msgspec.to_builtins(owner.deck))
    others = [Seat(name=f"Seat {i + 1}") for i in range(1, seats)]
    return tables.create(GAME, SEED, GAME.check_options({"players": seats}), [mine, *others])


def table_now(tables: TableStore, code: str) -> tuple[Any, Any]:
    envelope = tables.read(code)
    return envelope, tables.decode_state(envelope)


async def until(check, what: str) -> Any:
    """Poll `check` until it answers something true (the files change under another process)."""

    async def poll() -> Any:
        while not (answer := check()):
            await asyncio.sleep(0.05)
        return answer

    try:
        return await asyncio.wait_for(poll(), PATIENCE)
    except TimeoutError:
        pytest.fail(f"never: {what}")  # noqa: B904


async def move(tables: TableStore, code: str, players: list[Friend]) -> Friend:
    """One move, by Enter in the terminal of the first connected player whose seat may act;
    returns who moved once the file holds the move and every terminal has drawn it."""
    envelope, state = table_now(tables, code)
    seats = {seat.player: i for i, seat in enumerate(envelope.seats)}
    mover = next(p for p in players if p.terminal is not None and seats[p.id] in GAME.to_move(state))
    count = len(envelope.actions)
    before = {p.name: p.screen() for p in players if p.terminal is not None}
    moved = lambda: len(tables.read(code).actions) > count  # noqa: E731
    for _ in range(MOST_STEPS):  # a choice may ask a second one first (equip: on whom?)
        asked = mover.screen()
        mover.channel.write(b"\r")
        # An Enter may go to the attack pause that the other player's move brought up the
        # moment before: the pause closes and the screen is as it was. Press again then.
        answered = lambda: moved() or mover.screen() != asked  # noqa: E731
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(until(answered, "never fails"), UNANSWERED)
        if moved():
            break
        await asyncio.sleep(DOUBLE_TAP)  # the next Enter is a new press, not this one repeated
    await until(moved, f"{mover.name}'s move reaching the table")
    for player in players:  # each terminal at the table shows the move (its own view of it)
        if player.terminal is not None:
            await until(lambda p=player: p.screen() != before[p.name], f"{player.name}'s screen showing the move")
    return mover


def footer(screen: str) -> str:
    return screen.rstrip().splitlines()[-1]


def round_of(screen: str) -> str:
    return re.search(r"Round \d+", screen.splitlines()[0]).group(0)


async def test_two_players_and_a_watcher_from_join_to_the_finish_with_a_leave_and_a_rejoin(host):
    data, tables = host
    ann, ben, cy = (Friend(data, name) for name in ("Ann", "Ben", "Cy"))
    code = open_table(tables, ann, 2)
    async with Server(data) as server:
        # Ann sits at her table: it waits for a second player.
        shown = await (await ann.open(server, f"join {code}")).shows("Waiting for players", code)
        assert "Seat 1: Ann (you)" in shown and "Seat 2: open" in shown
        assert table_now(tables, code)[1] is None

        # Ben joins from his own terminal with his own deck: the game starts in both.
        await (await ben.open(server, f"join {code}")).shows("Your deck for this table", "BE · L1")
        ben.channel.write(b"\r")
        ann_sees = await ann.terminal.shows(TABLE, "AN's hand")
        ben_sees = await ben.terminal.shows(TABLE, "BE's hand")
        assert "BE's hand" not in ann_sees and "AN's hand" not in ben_sees  # each sees only their own
        envelope, state = table_now(tables, code)
        assert state is not None and [s.player for s in envelope.seats] == [ann.id, ben.id]
        assert [s.brings["id"] for s in envelope.seats] == [ann.deck.id, ben.deck.id]

        # Cy watches: the table without any hand, and a footer that offers no move.
        watching = await (await cy.open(server, f"watch {code}")).shows(TABLE, "Watching: no hand is shown.")
        assert "AN's hand" not in watching and "BE's hand" not in watching
        assert "Draw" not in footer(watching) and "End turn" not in footer(watching)

        # A few moves: each reaches every terminal, the watcher's too.
        movers = {(await move(tables, code, [ann, ben, cy])).name for _ in range(4)}
        assert movers <= {"Ann", "Ben"}

        # Ben leaves (his app ends, his seat stays his) and comes back to it, no deck asked.
        ended = len(server.lines)
        await ben.leave()
        await server.wait_for(rf" end .*player={ben.id}", ended)
        assert table_now(tables, code)[0].seats[1].player == ben.id
        for _ in range(3):  # Ann plays on while he is away, as far as the rules let her
            state = table_now(tables, code)[1]
            if GAME.outcome(state) is not None or 0 not in GAME.to_move(state):
                break
            await move(tables, code, [ann, cy])
        back = await (await ben.open(server, f"join {code}")).shows(TABLE, "BE's hand")
        assert "Your deck for this table" not in back
        assert round_of(back) == round_of(ann.screen())  # the table as it is now

        # To the end, every terminal following.
        for _ in range(200):
            if GAME.outcome(table_now(tables, code)[1]) is not None:
                break
            await move(tables, code, [ann, ben, cy])
        outcome = GAME.outcome(table_now(tables, code)[1])
        assert outcome is not None and "cleared" in outcome.summary
        for player in (ann, ben, cy):
            await player.terminal.shows("cleared")

        # The files: each seated player keeps the game in their history and on their deck,
        # once; the watcher keeps nothing.
        await until(lambda: ann.history() and ben.history(), "the game in both players' histories")
        assert len(ann.history()) == len(ben.history()) == 1 and not cy.history()
        for player in (ann, ben):
            await until(lambda p=player: len(deck_store(p.paths).decks()[0].history) == 1, f"{player.name}'s deck result")
        for player in (ann, ben, cy):
            await player.leave()


async def test_three_players_each_see_only_their_hand_and_a_stop_puts_every_terminal_back(host):
    data, tables = host
    ann, ben, cy = (Friend(data, name) for name in ("Ann", "Ben", "Cy"))
    code = open_table(tables, ann, 3)
    server = Server(data)
    async with server:
        await (await ann.open(server, f"join {code}")).shows("Waiting for players")
        for friend in (ben, cy):
            await (await friend.open(server, f"join {code}")).shows("Your deck for this table")
            friend.channel.write(b"\r")
        for friend in (ann, ben, cy):
            shown = await friend.terminal.shows(TABLE, f"{friend.initials}'s hand")
            others = {"AN", "BE", "CY"} - {friend.initials}
            assert not any(f"{initials}'s hand" in shown for initials in others)
        assert [s.player for s in table_now(tables, code)[0].seats] == [ann.id, ben.id, cy.id]
        for _ in range(3):
            await move(tables, code, [ann, ben, cy])
        moves = len(table_now(tables, code)[0].actions)

        server.process.terminate()  # the host stops the server mid-game
        for friend in (ann, ben, cy):
            await asyncio.wait_for(friend.terminal.closed.wait(), PATIENCE)
            vt = friend.terminal.vt
            assert "The server is stopping. Your game is saved." in vt.text()
            assert not vt.alternate_on and not vt.mouse_on and vt.cursor_shown
            assert friend.terminal.exit_status == 0
        assert await asyncio.wait_for(server.process.wait(), PATIENCE) == 0
    assert len(table_now(tables, code)[0].actions) == moves  # every move kept, none half-made


def age_presence(tables: TableStore, code: str, seconds: float) -> None:
    """What the terminals that left a table said of their seats, as if `seconds` ago (a
    player away that long; the files' times are how presence is told)."""
    import os
    import time

    then = time.time() - seconds
    for path in tables.paths.tables.glob(f".{code}.*.here"):
        if path.read_text(encoding="ascii").startswith("left"):
            os.utime(path, (then, then))


def log_of(tables: TableStore, code: str) -> list[str]:
    return GAME.log_lines(table_now(tables, code)[1])


async def test_a_seat_handed_to_the_bot_is_taken_back_and_a_deleted_table_sends_everyone_back(host):
    """Ben's connection drops; once he has been away a while (his terminal's presence file is
    aged: presence is told by the files' times) Ann gives his seat to the bot (the log says
    who and why), he comes back and takes it; then Ann deletes the table and
    Ben's terminal, still at it, is sent back to Play together with the reason."""
    data, tables = host
    ann, ben = (Friend(data, name) for name in ("Ann", "Ben"))
    code = open_table(tables, ann, 2)
    async with Server(data) as server:
        await (await ann.open(server, f"join {code}")).shows("Waiting for players")
        await (await ben.open(server, f"join {code}")).shows("Your deck for this table")
        ben.channel.write(b"\r")
        await ann.terminal.shows(TABLE, "AN's hand")
        await ben.terminal.shows(TABLE, "BE's hand")

        ended = len(server.lines)
        await ben.leave()
        await server.wait_for(rf" end .*player={ben.id}", ended)
        assert not table_now(tables, code)[0].seats[1].bot  # only just left: his seat stays his

        age_presence(tables, code, 120)
        await ann.terminal.shows("away")  # her table tells her, within a look or two
        ann.channel.write(b"b")
        await until(lambda: table_now(tables, code)[0].seats[1].bot, "Ben's seat handed to the bot")
        assert table_now(tables, code)[0].seats[1].player == ben.id  # still his, the bot's to play
        assert any(line.startswith("Ann hands Ben's seat to the bot: Ben has been away") for line in log_of(tables, code))

        back = await (await ben.open(server, f"join {code}")).shows(TABLE, "BE's hand")
        assert "Your deck for this table" not in back
        await until(lambda: not table_now(tables, code)[0].seats[1].bot, "Ben taking his seat back")
        assert "Ben is back and takes the seat from the bot." in log_of(tables, code)

        ann.channel.write(b"q")  # to the home screen, then Play together: delete the table
        await ann.terminal.shows("Play together")
        ann.channel.write(b"p")
        await ann.terminal.shows("Play together: shared tables", code)
        ann.channel.write(b"d")
        await ann.terminal.shows(f"Delete table {code} for everyone?")
        ann.channel.write(b"y")
        await until(lambda: not tables.file(code).exists(), "the table's file gone")
        told = await ben.terminal.shows("Play together: shared tables", "was deleted by Ann")
        assert "BE's hand" not in told
        for player in (ann, ben):
            await player.leave()
