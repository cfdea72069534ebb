"""Replays: a game's own table, read-only, as it was after each move.

The table is the game's GameScreen subclass itself, made read-only (GameScreen.read_only)
and fed by a ReplaySession, so a replay draws exactly what the game drew. On top of it: a
line naming the move shown, keys to step through the moves, and the move's log lines marked.
Nothing in a replay writes a file: the session has no store, the table's own keys are off,
and the screen takes no focus, so no list of choices can be picked from.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from saves.replay import ReplaySession, Step, Timeline
from tui.game_screen import GameScreen
from tui.widgets.log import GameLog
from tui.widgets.text import Static

REPLAY_HELP = """
# Replay

The game's own table as it was after each move. Nothing you do here changes any file.

- `←` / `→` step one move back or forward; `PgUp` / `PgDn` ten moves
- `Home` shows the table as the game began, `End` after its last move
- `r` jumps to the next move that rolled, shuffled or showed a hidden card
- A game of several seats shows the table as your seat saw it, or as a spectator sees it
  (no hand) when you did not play it; `Tab` (when offered) turns to another seat you played
- The top line names the move shown; its lines in the log are marked with a bar
- `q` or `Esc` goes back
"""


class ReplayBar(Static):
    DEFAULT_CSS = """
    ReplayBar { dock: top; height: 1; background: $accent; color: $text; }
    """


class Replaying:
    """Mixed in before a game's table class: the replay's keys, bar and read-only mode."""

    read_only = True
    REPLAY_KEYS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True),
        Binding("right", "step(1)", "Next", show=False, priority=True),
        Binding("h", "step(-1)", "Back", show=False, priority=True),
        Binding("l", "step(1)", "Next", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("home", "jump('start')", "First/last move", key_display="Home/End", priority=True),
        Binding("end", "jump('end')", "Last move", show=False, priority=True),
        Binding("r", "jump('random')", "Next random event", priority=True),
        Binding("tab", "next_view", "Seat", priority=True),
        Binding("q,escape", "leave", "Close", priority=True),
    ]
    ALLOWED = {"step", "jump", "leave"}
    shown_view = 0  # which of the session's views (the seats it may show) is drawn

    session: ReplaySession

    def compose(self) -> ComposeResult:
        yield ReplayBar(id="replay-bar")
        yield from super().compose()  # type: ignore[misc]

    def on_mount(self) -> None:
        for widget in self.query("*"):  # type: ignore[attr-defined]
            widget.can_focus = False  # keys reach only the replay's bindings
        self.seat = self._seat_shown()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_view":
            return len(self.session.views) > 1
        return action in self.ALLOWED

    # ----- moving through the game ------------------------------------------------------

    def show_move(self, index: int) -> None:
        before = self.session.index
        self.session.go(index)
        if self.session.index == before and self.is_mounted:  # type: ignore[attr-defined]
            return
        self.seat = self._seat_shown()
        self.redraw()  # type: ignore[attr-defined]

    def action_step(self, count: int) -> None:
        self.show_move(self.session.index + count)

    def action_jump(self, where: str) -> None:
        timeline = self.session.timeline
        if where == "start":
            self.show_move(0)
        elif where == "end":
            self.show_move(timeline.reachable)
        else:
            found = timeline.next_reveal(self.session.index)
            if found is None:
                self.notify("No roll, shuffle or hidden card after this move.")  # type: ignore[attr-defined]
            else:
                self.show_move(found)

    def action_next_view(self) -> None:
        """Another seat this replay may show (or the spectator's view)."""
        self.shown_view = (self.shown_view + 1) % len(self.session.views)
        self.seat = self._seat_shown()
        self.redraw()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.app.pop_screen()  # type: ignore[attr-defined]

    def _seat_shown(self) -> int | None:
        """The seat whose view is drawn, all through the game: the viewer's own, or None (a
        spectator's), as saves/replay.py decides; never whoever made the move shown."""
        return self.session.views[self.shown_view]

    # ----- drawing ----------------------------------------------------------------------

    def redraw(self) -> None:
        super().redraw()  # type: ignore[misc]
        step = self.session.timeline.step(self.session.index)
        if not hasattr(self, "_logs"):  # found once: a query each step costs as much as a draw
            self._logs = list(self.query(GameLog))  # type: ignore[attr-defined]
        for log in self._logs:
            log.mark_newest(step.new_lines if step else 0)
        self.query_one(ReplayBar).update(self.bar_text(), layout=False)  # type: ignore[attr-defined]

    def footer_keys(self) -> tuple[object, ...]:
        return ()  # the replay's keys never change

    BAR_LABEL = " REPLAY "

    def bar_text(self) -> Text:
        """REPLAY, the move's number, whose view is drawn (a game of several seats), the
        random mark, then the move's words: what the width may cut comes last."""
        session, timeline = self.session, self.session.timeline
        text = Text(self.BAR_LABEL, style="bold reverse")
        text.append(f" move {session.index}/{len(timeline)} ", style="bold")
        if len(session.seat_names()) > 1:
            text.append(f" {self._whose_view()} ", style="italic")
        step = timeline.step(session.index)
        if step is None:
            text.append(" the table as the game began")
        else:
            if step.revealed:
                text.append(" ⚄ random ", style="bold")
            text.append(f" {self._move_words(step)}")
        if timeline.problem and session.index == timeline.reachable:
            text.append(f"  {timeline.problem}", style="bold")
        return text

    def _move_words(self, step: Step) -> str:
        """The move shown, as the seat whose view is drawn may read it: its own move in its
        own words; another seat's as the log told it (a card played face down stays so)."""
        names = self.session.seat_names()
        if len(names) == 1 or step.seat == self._seat_shown():
            return step.label
        told = self.game.log_lines(self.state)[-step.new_lines :] if step.new_lines else []  # type: ignore[attr-defined]
        return told[0] if told else f"{names[step.seat]} moves"

    def _whose_view(self) -> str:
        seat = self._seat_shown()
        if seat is None:
            return "spectator's view"
        return f"{self.session.seat_names()[seat]}'s view"


@cache
def replay_class(table: type[GameScreen]) -> type[Screen[None]]:
    """The game's table class, read-only, with the replay's keys first.

    It keeps the table's module, so the table's stylesheet (CSS_PATH) is found beside it."""
    cls = type(
        f"{table.__name__}Replay",
        (Replaying, table),
        {"__module__": table.__module__, "BINDINGS": Replaying.REPLAY_KEYS},
    )
    cls.HELP = REPLAY_HELP
    return cls


def replay_screen(timeline: Timeline, at_end: bool = False, viewer: str = "") -> Screen[None]:
    """A replay for `viewer` (the identity watching it: whose seat it may show)."""
    from tui.games import table_class

    session = ReplaySession(timeline, timeline.reachable if at_end else 0, viewer)
    return replay_class(table_class(timeline.game.id))(session)


WATCH_POLL = 0.3  # seconds between looks at the watched save for new moves
WATCH_HELP = REPLAY_HELP.replace("# Replay", "# Watching").replace(
    "The game's own table as it was after each move.",
    "A game being played in another terminal, its table shown as each move lands there.",
)


class Following:
    """Mixed in before a replay's class: the save is read again whenever its file changes,
    and the table follows the newest move unless the watcher stepped back."""

    BAR_LABEL = " WATCHING "
    store: Any
    save_id: str

    def on_mount(self) -> None:  # after the replay's own (Textual calls each class's)
        self._signature = self._file_signature()
        self.set_interval(WATCH_POLL, self._look_again)  # type: ignore[attr-defined]

    def _file_signature(self) -> tuple[int, int, int] | None:
        try:
            info = self.store.paths.save_file(self.save_id).stat()
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size, info.st_ino)

    def _look_again(self) -> None:
        from saves.envelope import Damaged
        from saves.replay import ReplaySession, from_save

        signature = self._file_signature()
        if signature == self._signature:
            return
        self._signature = signature
        try:
            timeline = from_save(self.store, self.save_id)
        except (Damaged, OSError) as problem:
            from saves.history import History

            if signature is not None:  # still there: between a campaign's games, say
                self.notify(f"The table cannot be followed just now: {problem}")  # type: ignore[attr-defined]
            elif History(self.store).exists(self.save_id):
                self.notify("The game ended there: it is in your history (h on the home screen).")  # type: ignore[attr-defined]
            else:
                self.notify("The game is no longer among the saves: it was deleted there.")  # type: ignore[attr-defined]
            return
        old = self.session
        at_end = old.index >= old.timeline.reachable
        self.session = ReplaySession(timeline, timeline.reachable if at_end else min(old.index, timeline.reachable))
        self.seat = self._seat_shown()  # type: ignore[attr-defined]
        self.redraw()  # type: ignore[attr-defined]


def watch_screen(store: Any, save_id: str, timeline: Timeline) -> Screen[None]:
    """A save played in another terminal, followed move by move, read-only."""
    from tui.games import table_class

    table = replay_class(table_class(timeline.game.id))
    cls = watch_class(table)
    screen = cls(ReplaySession(timeline, timeline.reachable))
    screen.store, screen.save_id = store, save_id
    return screen


@cache
def watch_class(replay: type[Screen[None]]) -> type[Screen[None]]:
    keys = {"__module__": replay.__module__, "BINDINGS": Replaying.REPLAY_KEYS}  # else a table's own
    cls = type(f"{replay.__name__}Watch", (Following, replay), keys)
    cls.HELP = WATCH_HELP
    return cls
