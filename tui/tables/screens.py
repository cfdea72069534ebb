"""Play together: the Tables list (join, watch) and the lobby where a table's seats fill."""

from __future__ import annotations

import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from saves.envelope import Damaged
from saves.tables import PRESENCE_BEAT, TableEntry, TableGone, TableStore
from tui.plain import plain
from tui.tables.identity import served_identity
from tui.tables.lines import TITLES, seat_parts, status_of
from tui.screens.dialogs import Confirm
from tui.widgets.keybar import KeyBar
from tui.widgets.text import OptionList, Static, Vertical

LIST_POLL = 1.0  # seconds between looks at the tables folder
LOBBY_POLL = 0.2


def entry_text(entry: TableEntry, me: str) -> Text:
    text = Text()
    if entry.damage:
        text.append(entry.code, style="bold")
        text.append(f"  DAMAGED: {entry.damage}", style="bold red")
        return text
    text.append(entry.code, style="bold reverse")
    text.append(f"  {TITLES.get(entry.game_id, entry.game_id)}  ")
    text.append(status_of(entry), style="bold")
    text.append(f"  {entry.updated[:16].replace('T', ' ')}\n  ")
    text.append_text(Text.assemble(*seat_parts(entry, me)))
    if entry.started:
        text.append(f"  · {plain(entry.summary).plain}", style="dim")
    return text


class TablesScreen(Screen[None]):
    DEFAULT_CSS = """
    TablesScreen #tables { height: 1fr; }
    """
    BINDINGS = [
        Binding("enter", "join", "Join", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]
    HELP = """
# Play together

Tables that players on this machine (or on this server) have opened, newest first.

- `Enter` takes a free seat at the highlighted table under a name of your choosing, or brings
  you back to your own seat (yours by your SSH key, or your account on this machine; the name
  is only what the others read). A table starts when no seat is left free.
- At a table, `b` hands the seat of a player who has been away a while to the bot; they take
  it back by coming back to the table.
- `w` watches a table without a seat: you see the table, never a hand.
- `d` deletes a table you sit at (you are asked first).
- To open a table, start a game of several players and choose **Open to others**. Friends
  join from their own terminal with `tabletop-tui join CODE`, or from this list.
"""

    entries: list[TableEntry] = []

    def compose(self) -> ComposeResult:
        yield Static("Play together: shared tables", classes="title")
        yield OptionList(id="tables")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()
        self.set_interval(LIST_POLL, self.reload)

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        listing = self.query_one("#tables", OptionList)
        entries = self.app.tables.list()
        me = self.app.player_identity()
        if entries == self.entries and listing.option_count:
            return
        position = listing.highlighted
        self.entries = entries
        self.refresh_bindings()
        listing.clear_options()
        if not entries:
            listing.add_option(Option("No shared tables. Open one from a game's New game screen.", disabled=True))
            return
        listing.add_options(Option(entry_text(e, me), id=e.code) for e in entries)
        listing.highlighted = min(position or 0, len(entries) - 1)
        listing.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The keys that act on the highlighted table are off the bar while there is none.
        if action in ("join", "watch", "delete"):
            return bool(self.entries)
        return True

    def selected(self) -> TableEntry | None:
        index = self.query_one("#tables", OptionList).highlighted
        if index is None or not self.entries:
            return None
        return self.entries[index]

    def action_cursor(self, step: int) -> None:
        listing = self.query_one("#tables", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_join(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.app.join_table(entry.code)

    def action_watch(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.app.open_table(entry.code, watch=True)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        seat = entry.seat_of(self.app.player_identity())
        if not entry.damage and seat is None:
            self.notify("Only a player seated at a table can delete it.", severity="warning")
            return
        by = entry.seats[seat].name if seat is not None else self.app.player_name  # as the others know them

        def delete(sure: bool | None) -> None:
            if sure:
                try:
                    self.app.tables.delete(entry.code, by=by or "a player")
                except OSError as problem:
                    self.notify(f"Not deleted: {problem.strerror}", severity="error")
            self.reload()

        self.app.push_screen(Confirm(f"Delete table {entry.code} for everyone?"), delete)

    def action_back(self) -> None:
        self.app.pop_screen()


class LobbyScreen(Screen[None]):
    """A table waiting for players: its code, its seats, and who is still to come."""

    DEFAULT_CSS = """
    LobbyScreen > Vertical { width: 72; height: auto; }
    LobbyScreen #code { text-style: bold; padding: 1 2; }
    """
    BINDINGS = [
        Binding("x", "leave", "Give up my seat"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# Waiting for players

The table starts by itself as soon as every seat is taken; this screen then turns into the
game. Give friends the code: they join with `tabletop-tui join CODE`, or from **Play
together** on the home screen.

- `q` or `Esc` goes back; your seat stays yours.
- `x` gives your seat back; a table nobody sits at any more goes with it.
"""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code
        self.terminal = secrets.token_hex(4)  # names this terminal's presence file
        self._here: set[int] = set()  # the seats this lobby says it has open
        self._beat_at = float("-inf")

    def compose(self) -> ComposeResult:
        yield Static(id="title", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Waiting for players"
            yield Static(id="code")
            yield Static(id="seats")
            yield Static(classes="hint", id="how")
        yield KeyBar()

    def on_mount(self) -> None:
        self.look()
        self.set_interval(LOBBY_POLL, self.look)

    def on_unmount(self) -> None:
        self._mark_here(set())

    def _mark_here(self, seats: set[int]) -> None:
        """A player waiting here is at the table: the others, once it starts, see them there
        (not away since for ever), and see them away from when they left the lobby."""
        tables: TableStore = self.app.tables
        try:
            if seats != self._here or (seats and tables.wall() - self._beat_at >= PRESENCE_BEAT):
                if seats:
                    tables.mark_here(self.code, self.terminal, seats)
                    self._beat_at = tables.wall()
                else:
                    tables.mark_here(self.code, self.terminal, self._here, here=False)
                self._here = seats
        except OSError:
            pass  # the others will see this terminal's presence age all the same

    _started = False  # the game began: the table is on its way in, once

    def look(self) -> None:
        tables: TableStore = self.app.tables
        if self._started:
            return  # a slow switch to the table must not see the lobby look again and open a second
        try:
            envelope = tables.read(self.code)
        except TableGone as gone:
            self.app.table_gone(str(gone))
            return
        except (Damaged, OSError) as problem:
            self.query_one("#seats", Static).update(f"The table cannot be read: {problem}")
            return
        if tables.decode_state(envelope) is not None:
            self._started = True
            self.app.open_table(self.code, replace=self)
            return
        entry = next((e for e in tables.list() if e.code == self.code), None)
        if entry is None:
            return
        me = self.app.player_identity()
        held = self.app.seated.get(self.code)
        self._mark_here({i for i, s in enumerate(entry.seats) if s.player == me and not s.bot and (held is None or i in held)})
        self.query_one("#title", Static).update(f"{TITLES.get(entry.game_id, entry.game_id)} · table {self.code}")
        self.query_one("#code", Static).update(Text.assemble("Table code  ", (self.code, "bold reverse")))
        seats = Text()
        for i, seat in enumerate(entry.seats):
            seats.append(f"Seat {i + 1}: ")
            if seat.bot:
                seats.append(f"{plain(seat.name).plain} (bot)\n", style="dim")
            elif not seat.player:
                seats.append("open\n", style="bold green")
            else:
                seats.append(plain(seat.name).plain + (" (you)" if seat.player == me else "") + "\n")
        self.query_one("#seats", Static).update(seats)
        free = len(entry.open_seats)
        how = (
            f"ssh to this server with the command: join {self.code}"
            if served_identity()
            else f"tabletop-tui join {self.code}"
        )
        self.query_one("#how", Static).update(
            f"Waiting for {free} more player{'s' if free != 1 else ''}. Others join from Play"
            f" together on the home screen, or with: {how}"
        )

    def action_leave(self) -> None:
        try:
            self.app.tables.leave_lobby(self.code, self.app.player_identity(), self.app.seated.pop(self.code, None))
        except (Damaged, OSError) as problem:
            self.notify(f"Seat not given up: {problem}", severity="error")
            return
        self._here = set()  # no seat of this terminal's left to say it has open (nor a table, maybe)
        self.app.pop_screen()

    def action_back(self) -> None:
        self.app.pop_screen()
