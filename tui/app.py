"""The application: themes, settings, the screen stack and global keys."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.driver import Driver
from textual.notifications import Notify
from textual.screen import Screen

from engine.registry import GAMES
from saves.envelope import Damaged, Seat
from saves.paths import DataPaths
from saves.settings import load_settings, save_settings
from saves.store import SaveEntry, SaveStore
from themes import DEFAULT_THEME, SHARED_CSS
from themes.palettes import THEMES
from tui.double_tap import Presses
from tui.grammar import binding, check_keymap
from tui.safe_text import safe_lines
from tui.screens.home import HomeScreen
from tui.tables.identity import served_identity
from tui.typeahead import TypeAhead

if TYPE_CHECKING:
    from saves.session import GameSession, SharedSession
    from saves.tables import TableStore

# What only playing, shared tables or a `serve` host need is imported when first used, so that
# start-up loads no more than the home screen needs.

MIN_WIDTH, MIN_HEIGHT = 80, 24
MOVES_LOST = 3  # the exit status when the app ended with moves that could not be saved
HOLD_POLL = 0.2  # seconds between looks for another terminal asking for a save held here


# What the app held once its first screen was up (imported modules, parsed styles, the home
# screen) lives as long as the process: frozen, the collector's full looks skip it.
_started_objects_frozen = False


def freeze_started_objects() -> None:
    global _started_objects_frozen
    if not _started_objects_frozen:  # once a process: a test suite starts many apps
        _started_objects_frozen = True
        gc.freeze()


class TabletopApp(App[None]):
    TITLE = "tabletop-tui"
    CSS_PATH = str(SHARED_CSS)
    ENABLE_COMMAND_PALETTE = True  # Ctrl+P, by the binding below (tui/palette.py)
    BINDINGS = [
        binding("help"),  # the shared keys are named in tui/grammar.py
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        binding("palette", priority=True),  # over every screen (tui/palette.py says where it opens)
    ]

    def __init__(
        self,
        paths: DataPaths,
        theme: str | None = None,
        store: SaveStore | None = None,
        on_start: Callable[[TabletopApp], None] | None = None,
        identity: str = "",
    ) -> None:
        super().__init__()
        self.paths = paths
        self.identity = identity  # who owns this terminal's seats ("": the key, or the account)
        self.seated: dict[str, set[int]] = {}  # shared tables: the seats sat down at in this terminal
        self.store = store or SaveStore(paths, GAMES)
        self.store.write_in_background()  # a move does not wait for the disk (saves/writer.py)
        self._terminal_gone = False
        self.table_name = ""  # the name given in this terminal to sit at shared tables
        self.settings, self.settings_problem = load_settings(paths)
        self.keys_problems = self.apply_keys()
        self.theme_override = theme
        self.on_start = on_start
        self.presses = Presses()  # the last keys, so a hurried second press is known (tui/double_tap.py)
        self.typeahead = TypeAhead(self, self._hand_key)  # keys one at a time (tui/typeahead.py)
        # Themes are set before anything mounts, so the stylesheet is applied only once.
        for custom in THEMES.values():
            self.register_theme(custom)
        chosen = theme or self.settings.theme
        self.theme = chosen if chosen in THEMES else DEFAULT_THEME
        # The stylesheet was made with Textual's default theme's colours: the first parse takes
        # the chosen one's instead, so the parse Textual queues for the change is not needed.
        self.stylesheet.set_variables(self.get_css_variables())
        self._first_theme_parsed = True

    def refresh_css(self, animate: bool = True) -> None:
        """Textual parses every rule again on a change of theme, the one made in __init__
        included; that one's colours are in the first parse already, which start-up would
        otherwise pay for twice (a later change of theme is parsed as ever)."""
        if self._first_theme_parsed and not self.screen_stack:
            self._first_theme_parsed = False
            if self.stylesheet._variables == self.get_css_variables():
                return
        self._first_theme_parsed = False
        super().refresh_css(animate)

    def notify(self, message: str | Content, *, markup: bool = False, **options: Any) -> None:
        """A notification, shown as written (tui/plain.py): a name in it is never markup,
        whatever a caller (Textual's own `Screen.notify` passes markup=True) asks."""
        text = message.plain if isinstance(message, Content) else str(message)
        super().notify(safe_lines(text), markup=False, **options)

    def on_notify(self, event: Notify) -> None:
        """Notices never stack: a warning (a "why not" for a key) replaces the warning shown
        before it, and a notice the same as one shown replaces it. Other news stays for its
        time, and so does an error. (Textual has added `event.notification` already.)"""
        new = event.notification
        replaced = [
            old for old in self._notifications
            if old is not new and (
                old.severity == new.severity == "warning"
                or (old.message, old.severity) == (new.message, new.severity)
            )
        ]  # fmt: skip
        for old in replaced:
            self._unnotify(old, refresh=False)
        if replaced:
            self._refresh_notifications()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:  # as it arrives, once
            if not self.typeahead.holds(event):
                await self._hand_key(event)
            return
        await super().on_event(event)

    async def _hand_key(self, key: events.Key) -> None:
        """Give a key to Textual as it arrived, and note where it went (the next may wait for it)."""
        self.presses.pressed(key.key)
        target, screen = self.focused or self.screen, self.screen  # where Textual will send it
        await super().on_event(key)
        self.typeahead.handed(target, screen)

    # ----- start-up and the end -----------------------------------------------------------

    def get_driver_class(self) -> type[Driver]:
        from textual.drivers.linux_driver import LinuxDriver

        from tui.terminal import TerminalDriver

        driver = super().get_driver_class()
        if driver.__module__ == "textual.drivers.web_driver":  # `tabletop-tui web` started this app
            from tui.web.driver import PageDriver

            return PageDriver
        return TerminalDriver if driver is LinuxDriver else driver

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the footer names them; Enter by name where the output is ASCII (its
        symbol's one-cell ASCII form would not read as Enter)."""
        shown = super().get_key_display(binding)
        if shown == "⏎" and getattr(self._driver, "ascii_only", False):
            return "enter"
        return shown

    moves_lost = False  # the player left moves unsaved (told, and chose to): the exit says so
    _told_unsaved: OSError | None = None  # the failed autosave the player was last told of

    def leave(self, then: Callable[[], None]) -> None:
        """Run `then` (leave a game, or the app) once every autosave is on disk; when the last
        one cannot be written, the player is told first and chooses: try again, leave without
        it (the exit status will say so), or stay."""
        from tui.screens.dialogs import NotSaved

        try:
            self.store.flush()
        except OSError as problem:

            def chosen(answer: str | None) -> None:
                if answer == "retry":
                    self.leave(then)
                elif answer == "leave":
                    self.store.drop_unsaved()
                    self.moves_lost = True
                    then()
                    self.look_after_saves()  # a game left: its save is let go at once

            if not isinstance(self.screen, NotSaved):
                self.push_screen(NotSaved(problem), chosen)
            return
        then()
        self.look_after_saves()

    async def action_quit(self) -> None:
        """Ctrl+Q and Quit: the app ends once the moves are saved (or the player let them go)."""
        self.leave(self.end)

    def end(self) -> None:
        self.exit(return_code=MOVES_LOST if self.moves_lost else 0)

    def terminal_gone(self) -> None:
        """The terminal hung up, its input ended, or SIGTERM came: the saves reach the disk,
        then the app ends, within a second even if closing down blocks on a dead terminal."""
        from tui.terminal import end_soon

        if self._terminal_gone:
            return
        self._terminal_gone = True
        try:
            self.store.flush()
        except OSError:
            self.moves_lost = True  # no terminal left to say it on: the exit status says it
        end_soon()
        self.end()

    def on_mount(self) -> None:
        self.call_after_refresh(freeze_started_objects)
        if not self.is_headless:
            from tui.terminal import catch_hang_up

            catch_hang_up(lambda: self._loop.call_soon_threadsafe(self.terminal_gone))
        if self.theme_override:  # --theme is remembered, like a choice in Settings
            self.update_settings(theme=self.theme)
        self.set_interval(HOLD_POLL, self.look_after_saves)
        self.file_finished_games()
        if self.settings_problem:
            self.notify(self.settings_problem, severity="warning")
        for problem in self.keys_problems:
            self.notify(f"{self.paths.settings.name}: {problem}", severity="error", timeout=10)
        if served_identity() and not self.settings.display_name:  # a first visit to a server
            from tui.screens.display_name import DisplayNameScreen

            self.push_screen(DisplayNameScreen(), lambda _name: self._start())
        else:
            self._start()
        self._check_size(self.size.width, self.size.height)

    def get_default_screen(self) -> Screen:
        """Home is the screen at the bottom of the stack (Textual's blank default screen
        beneath it would be made, laid out and sized at start for nothing)."""
        return HomeScreen()

    def _start(self) -> None:
        if self.on_start is not None:
            self.on_start(self)

    @cached_property
    def tables(self) -> TableStore:
        from saves.tables import TableStore

        return TableStore(self.paths, self.store.games, self.store.clock)

    # ----- settings ---------------------------------------------------------------------

    def update_settings(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self.settings, name, value)
        try:
            save_settings(self.paths, self.settings)
        except OSError as error:
            self.notify(f"Settings not saved: {error.strerror}", severity="error")

    def apply_keys(self) -> list[str]:
        """The player's own keys (Settings) laid over the shared ones (tui/grammar.py), as far
        as they can be; what could not be, said in a sentence each."""
        keymap, problems = check_keymap(self.settings.keys)
        self.set_keymap(keymap)
        return problems

    def set_theme(self, name: str) -> None:
        self.theme = name
        self.update_settings(theme=name)

    # ----- games ------------------------------------------------------------------------

    def open_session(self, session: GameSession) -> None:
        from tui.games import screen_for

        self.push_screen(screen_for(session))

    def start_game(self, game_id: str, seed: int, seats: list[Seat] | None = None, **options: object) -> None:
        """A new game at this keyboard; `seats` says which seats bots play, if any."""
        from saves.session import GameSession

        try:
            session = GameSession.start(self.store, self.store.games[game_id], seed, seats, **options)
        except OSError as error:
            self.notify(f"Could not create the save: {error.strerror}", severity="error")
            return
        self.open_session(session)

    def start_campaign(self, game_id: str, seed: int, **options: object) -> None:
        from saves.session import CampaignSession

        try:
            session = CampaignSession.start(self.store, GAMES[game_id], seed, **options)
        except OSError as error:
            self.notify(f"Could not create the save: {error.strerror}", severity="error")
            return
        self.open_session(session)

    def saved_games(self) -> list[SaveEntry]:
        """The saved-games list; empty, with the reason said once, when the saves folder
        cannot be read (removed, replaced by a file, its permissions changed mid-session)."""
        try:
            entries = self.store.list()
        except OSError as error:
            from saves.files import folder_problem

            why = folder_problem(self.paths.saves).replace("it is", "the saves folder is", 1)
            problem = f"The saved games cannot be listed: {why or error.strerror or error}"
            if problem != self.saves_problem:
                self.notify(problem, severity="error", timeout=10)
            self.saves_problem = problem
            return []
        self.saves_problem = ""
        return entries

    def seated_tables(self) -> list[Any]:
        """The shared tables this player sits at whose game goes on (none looked for, and
        nothing loaded for them, while the tables folder holds no table)."""
        folder = self.paths.tables
        try:
            if not folder.is_dir() or not any(folder.glob("*.json")):
                return []
            me = self.player_identity()
            return [t for t in self.tables.list() if not t.damage and not t.over and t.seat_of(me) is not None]
        except OSError:
            return []

    saves_problem = ""  # why the saved games could not be listed the last time, if they could not

    def file_finished_games(self) -> None:
        """A game a crash left finished among the saves moves to the history now."""
        pending = any(self.paths.history_pending.glob("*.json"))  # decks a crash left unwritten
        if not self.settings.display_name and not pending and not self._saves_to_file():
            return  # no ended game, no shared table: nothing to file, and no need to load how
        from saves.filing import sweep, sweep_tables

        filed = sweep(self.store)
        if self.settings.display_name:
            filed += sweep_tables(self.store, self.tables, self.player_identity())
        if filed:
            home = self.screen_stack[0] if self.screen_stack else None
            if isinstance(home, HomeScreen) and home.is_mounted:  # it listed the saves already
                home.refresh_menu()
            names = ", ".join(entry.label for entry in filed)
            self.notify(f"Finished, and now in your history: {names}", timeout=8)

    def _saves_to_file(self) -> bool:
        """Whether a save holds a game that ended but was not filed (a crash came between), as
        the listing tells it from its memory of each file: what saves.filing.sweep files."""
        if not any(self.paths.saves.glob("*.json")):
            return False
        try:
            entries = self.store.list()
        except OSError:
            return True  # the sweep says what it can
        return any(not e.damaged and (e.finished or e.game_ended) and not e.open_in for e in entries)

    def keep_table_result(self, session: SharedSession) -> None:
        """A shared table's game ended here: it joins this player's history too."""
        try:
            session.keep_result(self.store)
        except OSError as error:
            self.notify(f"The game could not be kept in your history: {error.strerror}", severity="error")

    def start_daily(self, game_id: str) -> None:
        """Today's deal: the try of today still in progress, or a new one (practice once
        today's counted try has begun)."""
        from saves import daily, daily_play
        from saves.holds import OpenElsewhere

        game = GAMES[game_id]
        try:
            session = daily_play.resume_today(self.store, game)
            if session is None:
                note = daily.note(self.store, game_id)
                session = daily_play.start(self.store, game)
                self.notify(note, timeout=8)
        except OpenElsewhere as busy:  # today's try is being played in another terminal
            self.offer_watch_or_take_over(busy)
            return
        except (OSError, Damaged) as problem:
            self.notify(f"Could not open today's deal: {problem}", severity="error")
            return
        self.open_session(session)

    def open_replay(self, name: str, at_end: bool = False) -> bool:
        """Replay a save or a finished game, read-only; a game that cannot be replayed (its
        cards changed since) says why instead."""
        from saves.replay import open_replay
        from tui.screens.replay import replay_screen

        try:
            timeline = open_replay(self.store, name)
        except OSError as error:  # the saves or history folder cannot be read
            self.notify(f"That game cannot be replayed: {error.strerror or error}", severity="error", timeout=10)
            return False
        except Damaged as damage:
            self.notify(f"That game cannot be replayed: {damage}", severity="error", timeout=10)
            return False
        self.push_screen(replay_screen(timeline, at_end, self.player_identity()))
        return True

    def resume(self, save_id: str) -> bool:
        """Open a save here; one open in another terminal offers to watch it or take it over."""
        from saves.holds import OpenElsewhere
        from saves.session import GameSession
        from tui.games import playable

        try:
            session = GameSession.resume(self.store, save_id)
        except Damaged as damage:
            self.notify(f"That save cannot be opened: {damage}", severity="error")
            return False
        except OpenElsewhere as busy:
            self.offer_watch_or_take_over(busy)
            return False
        if not playable(session.game.id):
            self.notify(f"{session.game.title} is not playable in this version yet.", severity="warning")
            return False
        self.open_session(session)
        return True

    # ----- one terminal at a time (saves/holds.py) -------------------------------------------

    def offer_watch_or_take_over(self, busy: Any) -> None:
        """A save open in another terminal: watch it there, or take it over here."""
        from tui.screens.dialogs import OpenElsewhereChoice

        if busy.stuck:
            self.notify(f"{busy} Close the game there, then open it here.", severity="warning", timeout=10)
            return

        def chosen(answer: str | None) -> None:
            if answer == "take":
                self.take_over(busy.save_id)
            elif answer == "watch":
                self.watch_save(busy.save_id)

        self.push_screen(OpenElsewhereChoice(str(busy)), chosen)

    def take_over(self, save_id: str) -> None:
        """Ask the terminal that has the save to let go, then open it here once it has (the
        screen goes on meanwhile); say so if it does not in time."""
        import time

        from saves import holds

        folder = self.store.paths.saves
        try:
            holds.ask_to_let_go(folder, save_id)
        except OSError as error:
            self.notify(f"That save cannot be taken over: {error.strerror or error}", severity="error")
            return
        deadline = time.monotonic() + holds.TAKE_OVER_WAIT

        def attempt() -> None:
            try:
                hold = self.store.hold(save_id)
            except holds.OpenElsewhere as busy:
                if time.monotonic() < deadline:
                    self.set_timer(0.05, attempt)
                    return
                holds.withdraw(folder, save_id)
                self.offer_watch_or_take_over(holds.OpenElsewhere(save_id, busy.holder, stuck=True))
                return
            holds.withdraw(folder, save_id)
            self.resume(save_id)  # read as the other terminal left it, with the hold just taken
            del hold  # the session holds it now (or, if the save could not be opened, nobody)

        attempt()

    def watch_save(self, save_id: str) -> None:
        """Follow a save played in another terminal, read-only."""
        from saves.replay import from_save
        from tui.screens.replay import watch_screen

        try:
            timeline = from_save(self.store, save_id)
        except (Damaged, OSError) as problem:
            self.notify(f"That game cannot be watched: {problem}", severity="error")
            return
        self.push_screen(watch_screen(self.store, save_id, timeline))

    def look_after_saves(self) -> None:
        """A few times a second: an autosave that failed is told, once; a save no screen shows
        any more is let go; a save another terminal asks for is given to it (what is not yet
        written first), and its screens leave with a word of who took it."""
        from saves.holds import held

        failed = self.store.unsaved()
        if failed is not None and failed is not self._told_unsaved:  # said once, as it happens
            self._told_unsaved = failed
            self.notify(
                f"The last move could not be saved: {failed.strerror or failed}. It is tried again with"
                " the next move; leaving the game asks first.", severity="error", timeout=10,
            )  # fmt: skip
        stack = self.screen_stack
        for hold in held():
            showing = [s for s in stack if getattr(getattr(s, "session", None), "hold", None) is hold]
            if not showing:
                hold.release()
                continue
            if not hold.asked_to_let_go():
                continue
            note = ""
            try:
                self.store.flush()
            except OSError as problem:
                note = f" Your last move could not be saved ({problem.strerror or problem}): it is lost."
                self.store.drop_unsaved()
                self.moves_lost = True
            holder = hold.let_go()
            while any(s in self.screen_stack for s in showing) and len(self.screen_stack) > 1:
                self.pop_screen()
            where = holder.where if holder is not None else "in another terminal"
            self.notify(f"This game was taken over {where}: it is played there now.{note}", severity="warning", timeout=10)

    # ----- shared tables ------------------------------------------------------------------

    def player_identity(self) -> str:
        """Whom this terminal's seats belong to: the SSH key on a `serve` host, else the
        operating-system account (never a typed name)."""
        if not self.identity:
            from tui.tables.identity import player_identity

            self.identity = player_identity()
        return self.identity

    @property
    def player_name(self) -> str:
        """The name this terminal sits under at shared tables: the one given here last, else
        the one in the settings."""
        return self.table_name or self.settings.display_name

    def with_player_name(self, then: Callable[[], None], name: str | None = None, taken: set[str] = frozenset()) -> None:
        """Run `then` once the player has said the name to sit under. On a `serve` host the
        name is the key's; on one's own machine it is asked each time, offering the last one
        unless someone at the table goes by it already (`taken`, case folded): a name never
        chooses a seat, and the prompt never offers another player's."""
        from tui.screens.dialogs import AskText
        from saves.names import clean_name
        from tui.tables.identity import served_identity

        def named(given: str | None) -> None:
            if given is None:
                return
            given = clean_name(given)
            if not given:
                self.notify("A name is needed to sit at a shared table.", severity="warning")
                return
            self.table_name = given
            if not self.settings.display_name:
                self.update_settings(display_name=given)
            then()

        if served_identity() and self.settings.display_name:
            then()
        elif name is not None:
            named(name)
        else:
            offered = "" if self.player_name.casefold() in taken else self.player_name
            self.push_screen(AskText("Your name at this table (others see it):", offered), named)

    def open_shared(
        self, game_id: str, seed: int, seats: list[Any], name: str | None = None, **options: object
    ) -> None:
        """Open a table to others from a New game screen; the creator sits at their seats."""
        def create() -> None:
            me, name = self.player_identity(), self.player_name
            first = next((i for i, s in enumerate(seats) if s.player == "me"), None)
            mine = [
                Seat(name=name if i == first else s.name, player=me, brings=s.brings) if s.player == "me" else s
                for i, s in enumerate(seats)
            ]
            try:
                code = self.tables.create(self.store.games[game_id], seed, dict(options), mine)
            except (OSError, ValueError) as problem:
                self.notify(f"The table could not be opened: {problem}", severity="error")
                return
            self.seated[code] = {i for i, s in enumerate(seats) if s.player == "me"}
            self.open_table(code)

        self.with_player_name(create, name)

    def join_table(self, code: str, name: str | None = None) -> None:
        """Take a free seat at a table (or come back to one's own), then open it.

        One identity may hold several seats (two people sharing one account, each in their
        own terminal): a terminal that has not sat at a table whose free seat is still open
        asks whether another person takes it, or the identity's seat is picked up again."""
        from saves.tables import TableGone, TableProblem
        from tui.games import choose_what_to_bring
        from tui.plain import plain
        from tui.screens.dialogs import Confirm
        from tui.tables.identity import legacy_identity
        from tui.tables.life import tell

        me = self.player_identity()

        def claim(brings: Any, another: bool) -> None:
            try:
                seat = self.tables.claim(
                    code, me, self.player_name, brings, another=another, legacy=legacy_identity(self.player_name)
                )
            except TableGone as gone:  # deleted while this player chose a name or a deck
                self.table_gone(str(gone))
                return
            except (TableProblem, Damaged, OSError) as problem:
                tell(self, str(problem), severity="warning", timeout=8)
                return
            self.seated.setdefault(code, set()).add(seat)
            self.open_table(code)

        def sit(entry: Any, another: bool) -> None:
            def join() -> None:
                choose_what_to_bring(entry.game_id, entry.options, self, lambda brings: claim(brings, another))

            self.with_player_name(join, name, entry.names_seated())

        entry = next((e for e in self.tables.list() if e.code == code), None)
        if entry is None or entry.damage:
            self.notify(f"Table {code} cannot be opened: {entry.damage if entry else 'it is gone'}", severity="error")
            return
        mine = entry.seat_of(me)
        if mine is None and legacy_identity(self.player_name) and entry.seat_of(legacy_identity(self.player_name)) is not None:
            claim(None, False)  # an old table's seat taken under this name: this account's now
        elif mine is None:
            if entry.open_seats:
                sit(entry, False)
            else:
                self.notify(f"Table {code} has no free seat (w watches it).", severity="warning")
        elif code in self.seated or not entry.open_seats or entry.started or served_identity():
            self.open_table(code)  # back at one's own seat (on a `serve` host a key is one person)
        else:
            seat_name = entry.seats[mine].name

            def answered(another: bool | None) -> None:
                if another:
                    sit(entry, True)
                elif another is not None:
                    self.seated.setdefault(code, set()).add(mine)
                    self.open_table(code)

            question = plain(
                f"This account sits at table {code} already, as {seat_name}. Is someone else"
                f" taking a free seat here? (y: another player sits down; n: back to {seat_name}'s seat)"
            )
            self.push_screen(Confirm(question), answered)

    def open_table(self, code: str, watch: bool = False, replace: Screen[Any] | None = None) -> None:
        """Show a table: its lobby while seats are open, else the game from this seat's view.
        A player whose seat the bot took over while they were away takes it back."""
        from saves.session import SharedSession
        from tui.games import screen_for
        from tui.tables.screens import LobbyScreen

        me = "" if watch else self.player_identity()
        seats = None if watch else self.seated.get(code)
        try:
            if me:
                self.tables.take_back(code, me, seats)
            session = SharedSession.open(self.tables, code, me, seats)
        except (Damaged, OSError) as damage:
            self.notify(f"Table {code} cannot be opened: {damage}", severity="error")
            return
        screen = LobbyScreen(code) if session.state is None else screen_for(session)
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def table_gone(self, message: str) -> None:
        """A table this terminal shows was deleted: back to Play together, saying so."""
        from tui.screens.home import HomeScreen
        from tui.tables.life import tell
        from tui.tables.screens import TablesScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, (TablesScreen, HomeScreen)):
            self.pop_screen()
        if not isinstance(self.screen, TablesScreen):
            self.push_screen(TablesScreen())
        tell(self, message[:1].upper() + message[1:] + ".", severity="warning", timeout=10)

    # ----- global keys and size -----------------------------------------------------------

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen  # Markdown is slow to import: not at start-up
        from tui.screens.too_small import TooSmallScreen

        if isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            return
        self.push_screen(HelpScreen(self.screen))

    def action_command_palette(self) -> None:
        from tui.palette import open_palette  # loaded when first opened, not at start-up

        open_palette(self)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not too_small and "tui.screens.too_small" not in sys.modules:
            return  # the notice was never shown: loaded only when first needed
        from tui.screens.too_small import TooSmallScreen

        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif showing:
            if too_small:
                self.screen.query_one(TooSmallScreen.Notice).show(width, height)
            else:
                self.pop_screen()


    # ----- an unexpected error: its details go to a crash file, one line to the terminal ----

    crash_file: Path | None = None  # where the details of the error that stopped the app are
    _crash: Exception | None = None
    _crash_told = False

    def _handle_exception(self, error: Exception) -> None:
        if self._crash is not None:  # errors of the shutting down that follows the first
            return
        from tui.crash import write_report

        self._crash = error
        self.crash_file = write_report(self.paths, error)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Textual's would render a traceback with every variable (a whole save among them)."""
        self.bell()
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        if self._crash is None:
            super()._print_error_renderables()
            return
        from tui.crash import crash_line

        self._exit_renderables.clear()
        if not self._crash_told:  # one line, whole: a path cut by wrapping cannot be copied
            print(crash_line(self.crash_file), file=sys.stderr)
            self._crash_told = True
