"""What every game table shares: the session, the seats, and the way out.

A table subclasses GameScreen, composes its widgets and draws itself from `self.state` in
`draw()`. Everything about seats lives here once: which seat's view this terminal draws
(`game.view`, never the full state), privacy between seats at one keyboard, bot seats played at
a readable pace, a shared table's moves from other terminals shown as they land, and the rest
of its life (tui/tables/life.py): players away, seats handed to the bot, the table deleted.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen

from engine.core.errors import IllegalAction
from engine.core.game import bot_level
from saves.envelope import Damaged
from saves.session import GameSession, StaleTable
from saves.undo import CannotUndo
from tui import hint
from tui.cut import cut
from tui.grammar import VIEW_ACTIONS, moved_to, table_bindings
from tui.plain import plain
from tui.widgets import legend
from tui.widgets.fresh import NEW_LINE, Fresh
from tui.widgets.panel import Painter

ScreenType = TypeVar("ScreenType", bound=Screen[Any])

BOT_PACE = 0.7  # seconds between a bot's moves: slow enough to read each one in the log
SHARED_POLL = 0.1  # seconds between looks at a shared table's file where no bell can ring (tui/tables/hearing.py)
# Size classes a table's stylesheet can grow with: (class, width or height, at least).
SIZE_CLASSES = (("w120", "width", 120), ("w200", "width", 200), ("h40", "height", 40), ("h60", "height", 60))


# Keys every table has (tui/grammar.py names them all, once). They follow a table's own keys
# in the footer; a table that binds one of their ids itself keeps its own.
TABLE_KEYS = table_bindings()


# What someone watching a table keeps of TABLE_KEYS: the way out and the end screen, and a
# new game once it is over (never at a shared table: see check_action).
WATCH_ACTIONS = frozenset({"back", "escape", "show_end", "new_game", "legend"})


def _looking_only(check: Callable[..., bool | None]) -> Callable[..., bool | None]:
    """A table's check_action, refusing someone watching every key but those that look."""

    def check_action(self: GameScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.watching and not self.looks(action):
            return False
        return check(self, action, parameters)

    return check_action


UNDO_HELP = """
## Taking a move back

`u` takes back your last move, and again the one before, until a move that rolled the
dice, shuffled, or showed a card nobody knew, or until another player has moved since:
never across that line. The key's label says what it would take back; pressed when it
cannot, it says why. The save is rewritten to match.
"""

WATCH_HELP = """
## Watching

A shared table watched from no seat (`tabletop-tui watch CODE`, or `w` in Play together)
shows no hand and makes no move: only the keys that look (the log, the table), help and `q`.
"""


class BotFound(Message):
    """A searching bot's move, found in a thread for the table as it was at `where`."""

    def __init__(self, where: bytes, seat: int, action: Any) -> None:
        super().__init__()
        self.where, self.seat, self.action = where, seat, action


class GameScreen(Screen[None]):
    DEFAULT_CSS = """
    GameScreen { layers: default hint; }
    """
    BINDINGS: list[Binding] = []  # each table's own keys, then TABLE_KEYS (see below)
    HELP = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        own = cls.__dict__.get("BINDINGS", [])
        taken = {binding.key for binding in own} | {binding.id for binding in own if binding.id}
        cls.BINDINGS = [*own, *(b for b in TABLE_KEYS if b.key not in taken and b.id not in taken)]
        if cls.__dict__.get("HELP"):
            codes = cls.__dict__.get("LEGEND", ())
            key = legend.HELP + ("\n" + legend.help_text(codes) + "\n" if codes else "")
            cls.HELP = cls.HELP.rstrip() + "\n" + UNDO_HELP + hint.HELP + WATCH_HELP + key
        own_check = cls.__dict__.get("check_action")
        if own_check is not None:  # a table's own checks come after the watcher's
            cls.check_action = _looking_only(own_check)  # type: ignore[method-assign]
        super().__init_subclass__(**kwargs)
    NEW_GAME_LABEL = "New game, same options"
    # A table's own keys that only show something (a log, a detail view): all that someone
    # watching it keeps, with the way out, the end screen and help (see `watching`).
    VIEW_ACTIONS: frozenset[str] = frozenset()
    # A replay shows the table read-only (tui/screens/replay.py): it draws as ever, but plays
    # nothing, covers nothing, wakes no bot and ends nothing, so no file is ever written.
    read_only = False
    # The table's codes and what they mean (tui/widgets/legend.py): shown in its Legend box
    # (which the table composes with legend.legend_panel()) and listed in its help.
    LEGEND: tuple[legend.Entry, ...] = ()
    # The boxes (widget ids) whose numbers are marked when the last move changed them.
    FRESH: tuple[str, ...] = ()

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.fresh = Fresh()  # what the last move changed (tui/widgets/fresh.py)
        self.paint = Painter(self, self._mark_fresh, self._marked_by)
        self.live_keys: tuple[object, ...] = ()
        full = session.state
        self.seat: int | None = self._first_local_seat(full)
        self._view: Any = None if full is None else self.game.view(full, self.seat)
        self._bot_timer: Any = None
        self._private = False  # a privacy screen covers the table
        # Screens laid over this table again and again (the cover, a question): each is made
        # once and kept (installed) while the table lives, which costs far less to show again.
        self._kept: dict[str, Screen[Any]] = {}
        self._ended = full is not None and self.over
        self.life: Any = None  # a shared table's life beyond the moves (tui/tables/life.py)
        self.hearing: Any = None  # how this screen hears of others' moves (tui/tables/hearing.py)
        self._gone = False  # the shared table was deleted: this screen is on its way out
        self.hinting = hint.Hinting(self)  # H: the best few moves for this seat (tui/hint.py)

    # ----- what a table draws from --------------------------------------------------------

    @property
    def state(self) -> Any:
        """The state as this screen's seat may know it: the only thing a table draws from."""
        return self._view

    @property
    def over(self) -> bool:
        return self.session.outcome() is not None

    @property
    def watching(self) -> bool:
        """This terminal sits at no seat (or a replay shows the spectator's view): the table
        is drawn from the view of seat None, shows no hand and offers no move, only the keys
        that look (VIEW_ACTIONS)."""
        return self.seat is None

    def looks(self, action: str) -> bool:
        """Whether a key's action only shows something (all that someone watching keeps)."""
        return action in WATCH_ACTIONS or action in VIEW_ACTIONS or action in self.VIEW_ACTIONS

    @property
    def several_seats(self) -> bool:
        return len(self.session.seat_names()) > 1

    def legal(self) -> list[Any]:
        """The legal actions of the seat this screen shows (all of them in a one-seat game)."""
        actions = self.session.legal_actions()
        if not self.several_seats:
            return actions
        return [a for a in actions if self.game.seat_of(a) == self.seat]

    def listed_keys(self) -> list[tuple[Any, str]]:
        """The moves of the table's list with the key it shows beside each (the palette and
        the hint name a move's key with them)."""
        lists = self.query("#choices")
        shown = getattr(lists.first(), "choices", []) if lists else []
        return [(action, choice.key) for action, choice in zip(getattr(self, "choices", []), shown) if choice.key]

    def seat_line(self, name_room: int = 0) -> Text:
        """Who acts now and whom the table waits for, for a table of several seats; with a
        `name_room`, each name is cut to that many columns."""
        session = self.session
        if session.state is None or not self.several_seats or self.over:
            return Text()
        names = [plain(name).plain for name in session.seat_names()]
        if name_room:
            names = [cut(name, name_room) for name in names]
        moving = self.game.to_move(session.state)
        text = Text()
        if self.seat is not None and self.seat in moving and self.seat in session.local_seats:
            text.append(f"{names[self.seat]} to act", style="bold")
        elif self.seat is not None:
            text.append(f"you are {names[self.seat]}", style="bold")
        else:
            text.append("watching", style="bold")
        away = self.life.long_away() if self.life is not None else set()
        waiting = [
            names[s] + (" (bot)" if s in session.bot_seats else " (away)" if s in away else "")
            for s in moving if s != self.seat
        ]  # fmt: skip
        if waiting:
            text.append(" · waiting for " + ", ".join(waiting))
        return text

    # ----- drawing ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._size_classes(self.app.size.width, self.app.size.height)
        self._legend_classes()
        if self.session.state is not None:
            self.redraw()
            if self.read_only:
                return
            if self._covered_between_seats() and self.seat is not None:
                self._cover(self.seat)  # whoever sits down first is named too
            self._after_change()
            if self.over:  # a finished game opened again: its end first
                if self.session.shared:  # kept in this player's history, if it is not yet
                    self.app.keep_table_result(self.session)
                self.call_after_refresh(self.show_end)
        if self.session.shared:
            from tui.tables.hearing import Hearing

            if not self.read_only:
                from tui.tables.life import TableLife

                self.life = TableLife(self)
            terminal = self.life.terminal if self.life is not None else secrets.token_hex(4)
            self.hearing = Hearing(self, self.session.tables, self.session.code, terminal, self._look_for_moves,
                                   SHARED_POLL)  # fmt: skip
            self.hearing.start()
            if self.life is not None:
                self.life.start()

    def on_unmount(self) -> None:
        """The table is left (its presence and bell with it): the screens it kept go with it."""
        self.hinting.close()
        if self.hearing is not None:
            self.hearing.stop()
        if self.life is not None:
            self.life.stop()
        stack = self.app.screen_stack
        for name, screen in list(self._kept.items()):
            if not any(screen is shown for shown in stack):
                del self._kept[name]
                self.app.uninstall_screen(screen)
                screen.remove()

    def kept_screen(self, name: str, make: Callable[[], ScreenType]) -> ScreenType:
        """This table's screen called `name`, made by `make` the first time and kept after."""
        screen = self._kept.get(name)
        if screen is None:
            screen = self._kept[name] = make()
            self.app.install_screen(screen, f"{name}-{id(screen)}")  # unique while installed
        return screen  # type: ignore[return-value]

    def ask(self, question: str | Content, then: Callable[[bool], None]) -> None:
        """A yes/no question over the table (`y` or `n`); `then(True)` on yes."""
        from tui.screens.dialogs import Confirm

        dialog = self.kept_screen("confirm", lambda: Confirm(question))
        dialog.reword(question)
        self.app.push_screen(dialog, lambda sure: then(bool(sure)))

    def on_resize(self, event: events.Resize) -> None:
        if self._size_classes(event.size.width, event.size.height) and self.session.state is not None:
            self.call_after_refresh(self.redraw)  # a table's text may depend on them (a wide panel says more)
        self.hinting.refit()

    _laid_out = False

    def on_screen_resume(self) -> None:
        """The first time the table is shown: lay it out at the terminal's size and draw it
        again before its first frame is painted. The draw at mount fits text to widgets that
        have no size yet; left to their resize events, the first frame would show an 80-column
        table that is redrawn a moment later. Shown again (back from Settings, say), every box
        is built afresh: a setting may change how it reads."""
        self.paint.forget()
        if self._laid_out or self.session.state is None:
            return
        self._laid_out = True
        with self.app.batch_update():  # the layout's paint waits for the draw below
            self._refresh_layout(self.app.size)
        for widget in self.query("*"):
            refit = getattr(widget, "refit", None)
            if callable(refit):  # widgets that fit their text to their size on a resize
                refit()
        self.redraw()

    def _size_classes(self, width: int, height: int) -> bool:
        """w120, w200, h40, h60: set while the terminal is at least that wide or tall, so a
        table's stylesheet gives a larger terminal more to see. Whether any changed."""
        size = {"width": width, "height": height}
        before = self.classes
        for name, side, least in SIZE_CLASSES:
            self.set_class(size[side] >= least, name)
        self.set_class(width >= 120 or height >= 40, legend.BESIDE)  # room for it beside the log
        return self.classes != before

    def redraw(self) -> None:
        """Redraw the table from the seat's view; the footer only when its keys change."""
        if self.session.state is None:
            return
        self.hinting.follow()  # a hint for the table as it was is put away
        self._view = self.game.view(self.session.state, self.seat)
        self.view_drawn += 1
        self.fresh.move(len(self.session.envelope.actions))
        self.draw()
        self._mark_new_log()
        self._draw_legend()
        keys = self.footer_keys()
        if keys != self.live_keys:  # the footer rebuilds itself: only when its keys change
            self.live_keys = keys
            self.refresh_bindings()

    def draw(self) -> None:
        raise NotImplementedError

    # How many times the table was drawn from the seat's view: part of the key of a box built
    # from the whole view (Painter.keyed), which is then built again after every redraw but
    # not for a highlight moved between them.
    view_drawn = 0

    # ----- what the last move changed -----------------------------------------------------

    def _mark_fresh(self, widget_id: str, content: Any) -> Any:
        if widget_id not in self.FRESH or self.read_only or isinstance(content, Content):
            return content
        return self.fresh.mark((self.seat, widget_id), content)

    def _marked_by(self, widget_id: str) -> Any:
        """What a box's marks depend on besides what it shows: the seat it is drawn for and,
        for a box whose changed numbers are marked, the move they are compared across."""
        if widget_id in self.FRESH and not self.read_only:
            return (self.seat, self.fresh.moves, self.fresh.before.get((self.seat, widget_id)))
        return self.seat

    def _mark_new_log(self) -> None:
        """The log lines the last move added stand out (a replay marks its own)."""
        from tui.widgets.log import GameLog

        try:
            log = self.get_widget_by_id("log")  # a lookup by id: no query walks the screen
        except NoMatches:
            return
        if isinstance(log, GameLog):
            new = self.fresh.new_lines(log.lines)
            if not self.read_only:
                log.mark_newest(new, NEW_LINE, gutter=True)

    # ----- the legend ---------------------------------------------------------------------

    @property
    def legend_on(self) -> bool:
        return bool(self.LEGEND) and self.app.settings.legend

    def _legend_classes(self) -> None:
        self.set_class(self.legend_on, legend.SHOWN)

    def _draw_legend(self) -> None:
        """The legend lists the codes the table shows now (drawn after the table is)."""
        if self.legend_on:
            text = legend.table_text(self)
            box = self.query_one("#legend", legend.Legend)
            if text == self._legend_read and box.plain_drawn():
                return  # the same words on the table: the same codes in the legend
            self._legend_read = text
            box.show(legend.shown_entries(self.LEGEND, text))

    _legend_read: str | None = None  # the table's text the legend was last drawn from

    def action_legend(self) -> None:
        """G: the legend off, or on again, at every table (kept in the settings file)."""
        if not self.LEGEND:
            return
        self.app.update_settings(legend=not self.app.settings.legend)
        self._legend_classes()
        if self.legend_on:
            self.call_after_refresh(self._draw_legend)
        else:
            self.notify(f"Legend off: {legend.KEY} (Shift+g) or Settings brings it back.")

    def footer_keys(self) -> tuple[object, ...]:
        """What decides which keys are live; the footer is rebuilt when it changes."""
        bot_key = self.life.label() if self.life is not None else None
        return (self.over, self.seat, len(self._acting_here()) > 1, self.undo_status(), bot_key)

    def undo_status(self) -> Any:
        """What `u` would take back for this screen's seat, or why it cannot."""
        if self.read_only or self.session.state is None:
            return None
        return self.session.undo_status(self.seat)

    def own_keys(self, choices: list[Any]) -> list[Any]:
        """A table's list of choices with each shared key shown as this player has it (a key
        moved in Settings): the list never names a key that no longer does it."""
        keymap = self.app._keymap
        if not keymap:
            return choices
        out = []
        for choice in choices:
            mine = moved_to(keymap, choice.key)
            out.append(msgspec.structs.replace(choice, key=self.app.get_key_display(Binding(mine, ""))) if mine else choice)
        return out

    def key_hint(self, action: str) -> tuple[str, bool] | None:
        """The footer's label for a key whose label changes (KeyBar asks)."""
        if action == "hint":  # the key says why when there is none; the palette offers it only then
            return "Hint", hint.why_no_hint(self) is None
        if action == "seat_to_bot" and self.life is not None:
            return self.life.label(), True
        if action != "undo":
            return None
        status = self.undo_status()
        if status is None or not status.possible:
            return "Undo", False
        return "Undo " + status.text.removeprefix("Take back: "), True

    # ----- moves --------------------------------------------------------------------------

    def waste(self, action: Any) -> str | None:
        """What this move would throw away for good, as the question asking about it says it
        ("End your turn with 3 actions still to use"); None when it wastes nothing. A move
        that wastes something is asked about first, the same way at every table (`play`)."""
        return None

    def pausing(self) -> bool:
        """The table stops on something to read (a turn's summary): the key that brought it
        up, pressed again in a hurry, does not move past it (tui/double_tap.py)."""
        return False

    _sure: Any = None  # the move the player just said yes to: played without asking again

    def play(self, action: Any) -> None:
        """Carry out a move of this screen's seat, save it, and hand over to whoever is next.
        A move that wastes something (`waste`) is asked about first: `y` or Enter plays it,
        through the table's own `play` again; `n` or Esc leaves the table as it was."""
        if self.read_only:
            self.notify("A replay only shows the table: nothing is played.")
            return
        if self.pausing() and self.app.presses.repeated():
            return  # a double press: the summary it brought up stays to be read
        sure, self._sure = self._sure is action, None
        words = None if sure else self.waste(action)
        if words:
            self.ask(f"{words}?", lambda yes: self._play_sure(action) if yes else None)
            return
        self.hinting.close()  # the player moves on: the hint was for the table before this move
        state = self.session.state
        mine = not self.several_seats or self.game.seat_of(action) in self.session.local_seats
        if not mine or not self.game.is_legal(state, action):
            self.notify(self.game.why_illegal(state, action), severity="warning")
            return
        try:
            self.session.play(action)
        except StaleTable as stale:
            self.notify(str(stale), severity="warning")
        except IllegalAction as refused:  # another terminal moved first: the rules say no now
            self.notify(str(refused), severity="warning")
        except Damaged as gone:  # a shared table deleted or spoilt under this terminal
            self.table_gone(gone)
            return
        except OSError as error:
            self.notify(f"Could not save: {error.strerror}", severity="error")
        self._show_change()

    def _play_sure(self, action: Any) -> None:
        self._sure = action
        self.play(action)

    def game_ended(self) -> None:
        """Called once when the game ends while this screen shows it: the end screen."""
        self.show_end()

    # ----- the end ------------------------------------------------------------------------

    def end_choices(self) -> list[tuple[str, str, str]]:
        """The ways on from the end screen: (key, label, action of this screen)."""
        if self.session.shared or self.session.kind != "game":
            return [("q", "Menu", "back")]
        return [
            ("n", self.NEW_GAME_LABEL, "new_game"),
            ("s", "Same seed again", "same_seed"),
            ("q", "Menu", "back"),
        ]

    def show_end(self) -> None:
        """The end screen over the finished table; Esc leaves the table to look at."""
        from tui.screens.game_end import EndScreen, ending_of

        if not self.over or not self.is_current:
            return
        ending = ending_of(self.session, self.result_seat())
        self.app.push_screen(EndScreen(ending, self.end_choices()), self._end_chosen)

    def result_seat(self) -> int | None:
        """Whose result the end screen tells: the one seat played here, its own; None (the
        table's, as a spectator reads it) with nobody seated here or several people at this
        keyboard, who may have won and lost the same game."""
        local = self.session.local_seats
        return next(iter(local)) if len(local) == 1 else None

    def action_show_end(self) -> None:
        self.show_end()

    def _end_chosen(self, action: str | None) -> None:
        if action:
            getattr(self, f"action_{action}")()

    def _show_change(self) -> None:
        """The table changed: draw it, then go on (`_after_change`). When the keyboard passes
        to another person here, the cover goes up at once and the table is drawn for them
        behind it: nothing is drawn for the one leaving, which nobody would see."""
        if not self._pass_keyboard():
            self.redraw()
        self._after_change()

    def _pass_keyboard(self) -> bool:
        """Cover the table for the next person at this keyboard who may act, if the seat shown
        may no longer act and the game hides things between seats; True if it did."""
        if self.session.state is None or self.read_only or not self._covered_between_seats():
            return False
        acting = self._acting_here()
        if not acting or self.seat in acting:
            return False
        self._switch_to(self._next_of(acting))
        return True

    def _after_change(self) -> None:
        """The table changed: pick the seat to show, cover it between seats, wake the bots."""
        full = self.session.state
        if full is None or self.read_only:
            return
        if self.over and not self._ended:
            self._ended = True
            if self.session.shared:
                self.app.keep_table_result(self.session)
            self.game_ended()
        acting = self._acting_here()
        if acting and self.seat not in acting:
            self._switch_to(self._next_of(acting))
        self._wake_bots()

    def _acting_here(self) -> list[int]:
        """Seats of this terminal's people that may act now."""
        full = self.session.state
        if full is None:
            return []
        return [s for s in self.game.to_move(full) if s in self.session.local_seats]

    def _first_local_seat(self, full: Any) -> int | None:
        local = self.session.local_seats
        if full is not None:
            acting = [s for s in self.game.to_move(full) if s in local]
            if acting:
                return acting[0]
        return min(local) if local else None

    def _next_of(self, seats: list[int]) -> int:
        """The first of `seats` after the one shown, in turn order."""
        if self.seat is None:
            return seats[0]
        later = [s for s in seats if s > self.seat]
        return later[0] if later else seats[0]

    def _switch_to(self, seat: int) -> None:
        if seat == self.seat:
            return
        self.seat = seat
        self.hinting.follow()  # the hint was for the seat that had the keyboard
        if not self._covered_between_seats():
            self.redraw()
            return
        self._view = self.game.view(self.session.state, seat)
        self.view_drawn += 1
        self._cover(seat)
        # The cover is on screen first; the table is drawn for this seat behind it while the
        # keyboard changes hands (and again as it lifts, should that come first).
        self.call_after_refresh(self._draw_behind_cover)

    def _draw_behind_cover(self) -> None:
        if self._private and self.is_attached:
            self.redraw()

    def _covered_between_seats(self) -> bool:
        """Several people share this keyboard and the game hides things between them."""
        return len(self.session.local_seats) > 1 and self.game.hides_between_seats(self.session.state)

    def _cover(self, seat: int) -> None:
        from tui.screens.privacy import PrivacyScreen

        name = self.session.seat_names()[seat]
        cover = self.kept_screen("privacy", lambda: PrivacyScreen(name))
        cover.pass_to(name)
        if self._private:  # the cover is up already: it names the new person instead
            return
        self._private = True
        self.app.push_screen(cover, self._privacy_lifted)

    def _privacy_lifted(self, _result: object = None) -> None:
        self._private = False
        self.redraw()
        self._wake_bots()

    # ----- bots and other terminals -------------------------------------------------------

    def _wake_bots(self) -> None:
        full = self.session.state
        if full is None or self._bot_timer is not None or self._bot_thinking or self._private or self.read_only:
            return
        if self.session.shared and not self.session.local_seats:
            return  # someone only watching writes nothing: the seated terminals play the bots
        if any(s in self.session.bot_seats for s in self.game.to_move(full)):
            self._bot_timer = self.set_timer(BOT_PACE, self._bot_moves)

    _bot_thinking = False  # a hard bot's move is being searched for, in a thread

    def _bot_moves(self) -> None:
        self._bot_timer = None
        full = self.session.state
        bots = [s for s in self.game.to_move(full) if s in self.session.bot_seats]
        if not bots or self._private:
            return
        level = bot_level(self.session.envelope.options)
        if level == "easy":  # the greedy bot: quick, played at once (every game's bot_action)
            self._play_bot(self.game.bot_action(full, bots[0]))
        else:
            self._think_for_bot(bots[0], level)

    def _think_for_bot(self, seat: int, level: str) -> None:
        """A bot that searches: its move is found in a thread (the table keeps taking keys),
        then played if the table is still as it was."""
        session = self.session
        where = msgspec.json.encode(session.state)  # the table as the bot saw it
        copy = msgspec.json.decode(where, type=type(session.state))
        self._bot_thinking = True

        def work() -> None:
            try:
                found = self.game.bot_action(copy, seat, level)
            except Exception as error:  # noqa: BLE001 (the easy bot plays instead)
                found = error
            self.post_message(BotFound(where, seat, found))

        self.run_worker(work, thread=True, group="bot", exit_on_error=False)

    def on_bot_found(self, message: BotFound) -> None:
        self._bot_thinking = False
        session = self.session
        if not self.is_attached or session.state is None or self._gone:
            return
        if msgspec.json.encode(session.state) != message.where or self._private:
            self._wake_bots()  # the table moved on meanwhile: the bot thinks again
            return
        action = message.action
        if isinstance(action, Exception):  # the search failed: the greedy bot moves instead, and says so
            self.notify(f"The hard bot could not search this move ({type(action).__name__}): it plays the easy one.")
            action = self.game.bot_action(session.state, message.seat)
        self._play_bot(action)

    def _play_bot(self, action: Any) -> None:
        try:
            self.session.play(action)
        except (StaleTable, IllegalAction):  # another terminal played the bot first
            try:
                self.session.reload()
            except Damaged as gone:
                self.table_gone(gone)
                return
        except Damaged as gone:
            self.table_gone(gone)
            return
        except OSError as error:
            self.notify(f"Could not save: {error.strerror}", severity="error")
            return
        self._show_change()

    def _look_for_moves(self) -> None:
        """A shared table: show what other terminals did as soon as it lands: their moves,
        seats handed to the bot or taken back, the table deleted."""
        try:
            changed = self.session.reload_if_changed()
        except Damaged as gone:
            self.table_gone(gone)
            return
        except OSError:
            return
        if changed:
            if self.life is not None:
                from tui.tables.life import tell

                for news in self.life.news():
                    tell(self, news)
            self._show_change()

    def table_gone(self, why: Damaged) -> None:
        """The shared table was deleted (or can no longer be read): back to Play together."""
        from saves.tables import TableGone

        if not self.session.shared:
            raise why
        if self.is_attached and not self._gone:
            self._gone = True
            gone = isinstance(why, TableGone)
            self.app.table_gone(str(why) if gone else f"table {self.session.code} cannot be read: {why}")

    # ----- keys ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.watching and not self.looks(action):
            return False
        if not hasattr(self, f"action_{action}"):  # a shared key this table has nothing for (yet)
            return False
        if action == "new_game":
            return self.over and not self.session.shared and self.session.kind == "game"
        if action == "next_seat":
            return len(self._acting_here()) > 1
        if action == "show_end":
            return self.over and not self.read_only
        if action == "undo":
            return not self.over and not self.read_only
        if action == "seat_to_bot":
            return self.life is not None and self.life.offer() is not None
        return True

    def action_next_seat(self) -> None:
        """Hot seat: the next person at this keyboard who may act takes over."""
        acting = self._acting_here()
        if len(acting) > 1:
            self._switch_to(self._next_of(acting))

    def action_undo(self) -> None:
        """Take back this seat's last move, or say why not (the policy is in saves/undo.py)."""
        status = self.undo_status()
        if status is None:
            return
        if not status.possible:
            self.notify(status.text)
            return
        self.hinting.close()  # the table goes back: the hint was for it as it is now
        try:
            self.session.undo(self.seat)
        except (CannotUndo, StaleTable) as refused:
            self.notify(str(refused), severity="warning")
        except Damaged as gone:
            self.table_gone(gone)
            return
        except OSError as error:
            self.notify(f"Not taken back: the save could not be written ({error.strerror})", severity="error")
        else:
            self.notify(status.text.replace("Take back:", "Taken back:", 1))
        self._show_change()

    async def action_hint(self) -> None:
        """H: the best few moves for this seat, thought about in the background (tui/hint.py)."""
        await self.hinting.press()

    def action_seat_to_bot(self) -> None:
        """A shared table: hand the seat of a player long away to the bot, or take one's own
        seat back from it (tui/tables/life.py)."""
        if self.life is not None:
            self.life.act()
            self._look_for_moves()

    def cancel(self) -> bool:
        """Esc: undo a half-made choice (a table overrides this); False when there is none."""
        return False

    def action_escape(self) -> None:
        if self.hinting.close():  # the hint first: it lies over the table
            return
        if not self.cancel():
            self.action_back()

    def action_new_game(self) -> None:
        self._new_game(secrets.randbelow(2**32))

    def action_same_seed(self) -> None:
        """The same deal again: the seed and the options of this game."""
        self._new_game(self.session.envelope.seed)

    def _new_game(self, seed: int) -> None:
        if not self.check_action("new_game", ()):
            return
        options = dict(self.session.envelope.options)
        app = self.app

        def new_game() -> None:
            app.pop_screen()
            app.start_game(self.game.id, seed, **options)

        app.leave(new_game)

    def action_back(self) -> None:
        self.app.leave(self.app.pop_screen)  # once the moves are on disk, or let go knowingly
