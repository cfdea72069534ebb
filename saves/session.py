"""A game being played: its state, its save file, autosave after every action, taking
moves back (saves/undo.py holds the policy) and filing the game in history once it ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from engine.core.game import Game, Outcome
from saves.envelope import Envelope, Seat
from saves.holds import Hold, TakenOver
from saves.store import SaveStore
from saves.undo import NOT_FROM_MOVES, CannotUndo, Takebacks, UndoStatus

if TYPE_CHECKING:
    from saves.history import Finished
    from saves.legacy import Report


def new_lines(before: list[Any], after: list[Any]) -> list[Any]:
    """The lines a move added to a log that keeps only its newest lines: the shortest tail of
    `after` whose removal leaves a tail of `before`."""
    for added in range(max(0, len(after) - len(before)), len(after) + 1):
        kept = after[: len(after) - added]
        if kept == before[len(before) - len(kept) :]:
            return after[len(after) - added :]
    return list(after)


class StaleTable(Exception):
    """A move made against a table that another terminal has changed since it was drawn."""


class GameSession:
    kind = "game"
    shared = False  # a table whose seats are played from several terminals
    hold: Hold | None = None  # this terminal's hold of the save (saves/holds.py)

    def __init__(
        self, store: SaveStore, game: Game, save_id: str, envelope: Envelope, state: Any
    ) -> None:
        self.store = store
        self.game = game
        self.save_id = save_id
        self.envelope = envelope
        self.state = state
        self.takebacks = Takebacks(game, self.start_state)
        self.filed: Finished | None = None  # the history line, once the game ended
        self.report: Report | None = None  # what filing it wrote on the decks had to say

    @classmethod
    def start(
        cls,
        store: SaveStore,
        game: Game,
        seed: int,
        seats: list[Seat] | None = None,
        label: str = "",
        **options: Any,
    ) -> GameSession:
        """A new game; `seats` names who sits where (bots included) in a game of several."""
        options = game.check_options(options)
        state = game.new_game(seed=seed, **options)
        save_id, envelope = store.create(game, state, seed, options, label=label)
        if seats:
            if len(seats) != len(game.seats(state)):
                raise ValueError(f"{len(seats)} seats given for {len(game.seats(state))}")
            envelope.seats = list(seats)
            store.write(save_id, envelope, state, game.summary(state))
        session = cls(store, game, save_id, envelope, state)
        session.hold = store.hold(save_id)  # nobody else knows it yet
        session.takebacks.begin()
        return session

    @classmethod
    def resume(cls, store: SaveStore, save_id: str) -> GameSession:
        """Hold a save for this terminal, then load it; Damaged with the reason when it cannot
        be used, OpenElsewhere when another terminal has it open (saves/holds.py)."""
        from saves.holds import holding

        already = holding(store.paths.saves, save_id)  # open here already: the same hold
        hold = store.hold(save_id)
        try:
            envelope, state = store.load(save_id)
        except BaseException:
            if not already:
                hold.release()
            raise
        game = store.games[envelope.game_id]
        if envelope.kind == "campaign":
            session: GameSession = CampaignSession(store, game, save_id, envelope, state)
        else:
            session = cls(store, game, save_id, envelope, state)
        session.hold = hold
        return session

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    # ----- seats ----------------------------------------------------------------------

    def seat_names(self) -> list[str]:
        if self.envelope.seats:
            return [seat.name for seat in self.envelope.seats]
        return ["Player"] if self.state is None else self.game.seats(self.state)

    @property
    def bot_seats(self) -> set[int]:
        return {i for i, seat in enumerate(self.envelope.seats) if seat.bot}

    @property
    def local_seats(self) -> set[int]:
        """The seats played from this terminal: at one keyboard, every seat but the bots'."""
        return set(range(len(self.seat_names()))) - self.bot_seats

    def reload(self) -> None:
        """Read the file again (a shared table changes under us; a local game does not)."""

    def reload_if_changed(self) -> bool:
        return False

    def play(self, action: Any) -> list[Any]:
        """Apply one action and save at once. IllegalAction leaves state and file untouched.
        The move that ends the game also files it in history (and removes the save)."""
        move = self.takebacks.before(self.state, action)
        events = self.game.apply(self.state, action)
        self.envelope.actions.append(msgspec.Raw(msgspec.json.encode(action)))
        self.takebacks.after(self.state, move)
        self._write()
        if self.outcome() is not None:
            self.file()
        return events

    def save(self) -> None:
        """Write the save after a change made outside the moves (a word joining the table):
        the moves that may be taken back are worked out again from the log when asked."""
        self.takebacks.forget()
        self._write()

    def _write(self) -> None:
        self.check_held()
        self.store.write(self.save_id, self.envelope, self.state, self.game.summary(self.state))

    def check_held(self) -> None:
        """TakenOver once another terminal took the save: this one writes no more."""
        if self.hold is not None and not self.hold.held:
            raise TakenOver(self.hold.taken_by)

    def file(self) -> None:
        from saves import filing  # loaded when a game first ends, not at start-up

        report = filing.Report()
        self.filed = filing.file_game(self.store, self.save_id, self.envelope, self.state, report)
        self.report = report

    # ----- taking moves back (the Board Game Arena policy, saves/undo.py) -------------------

    def undo_status(self, seat: int | None = 0) -> UndoStatus:
        """What `undo(seat)` would take back, or why it cannot."""
        if self.state is None or self.outcome() is not None:
            return UndoStatus(False, "The game is over: it is kept in your history.")
        return self.takebacks.status(seat, self.envelope.actions, self.state)

    def undo(self, seat: int | None = 0) -> Any:
        """Take back `seat`'s last move: the table as it was before it, and a save whose action
        log is one move shorter (written like every save). CannotUndo says why not."""
        status = self.undo_status(seat)
        if not status.possible:
            raise CannotUndo(status.text)
        move = self.takebacks.pop()
        self.state = msgspec.json.decode(move.before, type=self.game.State)
        self.envelope.actions.pop()
        try:
            self._write()
        except OSError:
            self.takebacks.forget()  # worked out again from the file when next asked
            raise
        return move.action

    def game_setup(self) -> tuple[int, dict[str, Any]]:
        """The seed and options the game on the table was set up from."""
        return self.envelope.seed, dict(self.envelope.options)

    def start_state(self) -> Any:
        """The state the moves of the action log start from."""
        seed, options = self.game_setup()
        return self.game.new_game(seed=seed, **options)

    def replay(self) -> Any:
        """Rebuild the state from the seed and the action log (for checks and repairs)."""
        state = self.start_state()
        for raw in self.envelope.actions:
            self.game.apply(state, msgspec.json.decode(raw, type=self.game.Action))
        return state

    def whole_log(self) -> list[Any]:
        """Every log line of the game from its first, oldest first. A state keeps only the
        newest lines, so the game is replayed from its seed and action log; when that cannot
        rebuild this very state (a game set up from more than its options), the kept lines."""
        try:
            state = self._start_state()
            lines = list(state.log)
            for raw in self.envelope.actions:
                before = list(state.log)
                self.game.apply(state, msgspec.json.decode(raw, type=self.game.Action))
                lines += new_lines(before, state.log)
            if msgspec.json.encode(state) == msgspec.json.encode(self.state):
                return lines
        except Exception:  # noqa: BLE001 (any failure to replay: the kept lines will do)
            pass
        return list(self.state.log) if self.state is not None else []

    def _start_state(self) -> Any:
        return self.game.new_game(seed=self.envelope.seed, **self.envelope.options)


class CampaignSession(GameSession):
    """A chain of games kept in one save file of kind "campaign".

    The file holds the game's Campaign value (progress, past results, the game in progress);
    the game object supplies every campaign rule through hooks, so this class only keeps the
    file in step: `Campaign` (the type), `new_campaign(seed, **options)`,
    `campaign_game(c)` (the State in progress or None), `campaign_active(c)`,
    `campaign_start_game(c)`, `campaign_record_game(c)`, `campaign_abandon(c)`,
    `campaign_summary(c)` and `campaign_game_start(c)` (the game in progress as it was set up). `state` is the game in progress, so a game screen plays it as it
    would a single game; the action log holds that game's moves only.
    """

    kind = "campaign"

    def __init__(
        self, store: SaveStore, game: Game, save_id: str, envelope: Envelope, campaign: Any
    ) -> None:
        self.store = store
        self.game = game
        self.save_id = save_id
        self.envelope = envelope
        self.campaign = campaign
        self.takebacks = Takebacks(game, self.start_state)
        self.filed = None
        self.report = None

    @property
    def state(self) -> Any:  # type: ignore[override]
        return self.game.campaign_game(self.campaign)

    @state.setter
    def state(self, value: Any) -> None:
        self.campaign.game = value

    @classmethod
    def start(cls, store: SaveStore, game: Game, seed: int, **options: Any) -> CampaignSession:
        campaign = game.new_campaign(seed, **options)
        label = f"{game.title} campaign {store.now_iso()[:16].replace('T', ' ')}"
        save_id, envelope = store.create(
            game, campaign, seed, options, kind="campaign", label=label,
            summary=game.campaign_summary(campaign),
        )  # fmt: skip
        session = cls(store, game, save_id, envelope, campaign)
        session.hold = store.hold(save_id)
        return session

    @property
    def active(self) -> bool:
        return self.game.campaign_active(self.campaign)

    def legal_actions(self) -> list[Any]:
        return [] if self.state is None else self.game.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.game.outcome(self.state)

    def start_next_game(self) -> Any:
        state = self.game.campaign_start_game(self.campaign)
        self.envelope.actions = []
        self.takebacks.begin()
        self._write()
        return state

    def record_game(self) -> None:
        """Enter the finished game's result; the campaign moves on (or ends, and is filed)."""
        self.game.campaign_record_game(self.campaign)
        self.envelope.actions = []
        self._write()
        self._file_if_over()

    def abandon(self) -> None:
        self.game.campaign_abandon(self.campaign)
        self._write()
        self._file_if_over()

    def _write(self) -> None:
        self.check_held()
        summary = self.game.campaign_summary(self.campaign)
        self.store.write(self.save_id, self.envelope, self.campaign, summary)

    def file(self) -> None:
        """The game just ended goes to history at once; the campaign save goes on."""
        from saves import filing

        self.filed = filing.file_campaign_game(self.store, self.save_id, self.envelope, self.campaign)

    def _file_if_over(self) -> None:
        if self.game.campaign_outcome(self.campaign) is not None:
            from saves import filing

            filing.file_campaign(self.store, self.save_id, self.envelope, self.campaign)

    def game_setup(self) -> tuple[int, dict[str, Any]]:
        """The game in progress's own seed and options, not the campaign's."""
        return self.game.campaign_game_setup(self.campaign)

    def replay(self) -> Any:
        raise NotImplementedError("a campaign keeps its games' results, not every move of them")

    def _start_state(self) -> Any:
        """The game in progress as it was set up (for its whole log)."""
        return self.game.campaign_game_start(self.campaign)


class SharedSession(GameSession):
    """A game at a shared table, played from several terminals at once.

    This terminal acts for the seats `player` claimed (only `seats` of them, when given: one
    identity may sit at several seats from several terminals), unless the bot plays them.
    Every move is made under the table's lock against the file as it is now: a move made
    against a table that changed since it was drawn is refused (StaleTable) and the table is
    read again; a table deleted meanwhile raises TableGone.
    """

    shared = True

    def __init__(
        self, tables: Any, game: Game, code: str, envelope: Envelope, state: Any, player: str,
        seats: set[int] | None = None,
    ) -> None:  # fmt: skip
        self.tables = tables
        self.store = tables  # what GameSession's helpers write through
        self.game = game
        self.save_id = code
        self.envelope = envelope
        self.state = state
        self.player = player
        self.seats = seats
        self._signature = tables.signature(code)
        self.takebacks = Takebacks(game, self.start_state)
        self.filed = None
        self.report = None

    @classmethod
    def open(cls, tables: Any, code: str, player: str, seats: set[int] | None = None) -> SharedSession:
        envelope = tables.read(code)
        game = tables.games[envelope.game_id]
        return cls(tables, game, code, envelope, tables.decode_state(envelope), player, seats)

    @property
    def code(self) -> str:
        return self.save_id

    @property
    def owned_seats(self) -> set[int]:
        """The seats this terminal sits at, the bot playing them or not."""
        mine = self.player
        owned = {i for i, seat in enumerate(self.envelope.seats) if mine and seat.player == mine}
        return owned if self.seats is None else owned & self.seats

    @property
    def local_seats(self) -> set[int]:
        return {i for i in self.owned_seats if not self.envelope.seats[i].bot}

    def play(self, action: Any) -> list[Any]:
        with self.tables.locked(self.code):
            fresh = self.tables.read(self.code)
            if len(fresh.actions) != len(self.envelope.actions) or self.state is None:
                self._take(fresh, self.tables.signature(self.code))
                raise StaleTable("Another player moved first: the table is redrawn as it is now.")
            move = self.takebacks.before(self.state, action)
            events = self.game.apply(self.state, action)
            self.envelope.actions.append(msgspec.Raw(msgspec.json.encode(action)))
            self.takebacks.after(self.state, move)
            self._write()
        return events

    def keep_result(self, store: SaveStore) -> Finished | None:
        """The game at this table ended: keep it in this player's own history as well, with
        its result on this player's own decks (a seat the bot finished while its player was
        away is still theirs)."""
        if not self.owned_seats or self.outcome() is None:
            return None  # a spectator keeps nothing
        from saves import filing

        report = filing.Report()
        entry = filing.file_table(
            store, self.code, self.envelope, self.state, self.player, sorted(self.owned_seats), report
        )
        self.report = report
        return entry

    def undo_status(self, seat: int | None = 0) -> UndoStatus:
        status = super().undo_status(seat)
        if status.text == NOT_FROM_MOVES:  # the log holds a seat changing hands: not crossed
            return UndoStatus(False, "Nothing to take back: a seat changed hands since (see the log).")
        return status

    def undo(self, seat: int | None = 0) -> Any:
        """Take back a move under the table's lock, only if no other move landed since."""
        with self.tables.locked(self.code):
            fresh = self.tables.read(self.code)
            if len(fresh.actions) != len(self.envelope.actions):
                self._take(fresh, self.tables.signature(self.code))
                raise StaleTable("Another player moved first: the table is redrawn as it is now.")
            return super().undo(seat)

    def save(self) -> None:
        self.takebacks.forget()
        with self.tables.locked(self.code):
            self._write()

    def _write(self) -> None:
        """Write the table; the caller holds its lock."""
        self.tables.write(self.code, self.envelope, self.state)
        self._signature = self.tables.signature(self.code)

    def reload(self) -> None:
        signature = self.tables.signature(self.code)  # before reading: a later write is seen next time
        self._take(self.tables.read(self.code), signature)

    def reload_if_changed(self) -> bool:
        if self.tables.signature(self.code) == self._signature:
            return False
        self.reload()
        return True

    def _take(self, envelope: Envelope, signature: tuple[int, int, int]) -> None:
        self._signature = signature
        self.envelope = envelope
        self.state = self.tables.decode_state(envelope)
        self.takebacks.forget()  # moves made elsewhere: worked out from the log when asked
