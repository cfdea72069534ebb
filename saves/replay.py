"""A game move by move, for the replay screen: the table after each move, worked out from the
seed and the action log exactly as the game was played. Reading only: nothing here writes.

A game whose cards changed since it was played (another content version) is refused with
the reason, rather than replayed into a table that never was.

A game of several seats is replayed per seat (`Timeline.views`): a person who played it sees
it as their own seat saw it (Game.view), anyone else as a spectator (seat None), so a replay
never shows a card somebody could not see at the table. Several seats played at one keyboard
(hot seat) are shown as a spectator sees them; once the game is over, the seats of that
keyboard may be picked one at a time.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import msgspec

from engine.core.game import Game
from saves.envelope import Damaged
from saves.history import HERE, History, seat_players
from saves.store import SaveStore


class Step(msgspec.Struct, frozen=True):
    """What one move did: its label, how many log lines it wrote, and whether it revealed
    randomness or a hidden card (the replay's "next random event" stops there). The label is
    in the words of the seat that made the move (it may name a card only they could see): a
    replay shows it to that seat alone."""

    label: str
    new_lines: int
    revealed: bool
    seat: int = 0


def new_lines(before: list[str], after: list[str]) -> int:
    """How many lines at the end of `after` the move wrote (logs keep only their last lines)."""
    for overlap in range(min(len(before), len(after)), 0, -1):
        if before[-overlap:] == after[:overlap]:
            return len(after) - overlap
    return len(after)


class Timeline:
    def __init__(
        self, game: Game, start: Any, actions: list[Any], label: str, source: str, players: list[str] | None = None
    ) -> None:
        self.game = game
        self.label = label
        self.source = source  # "save" or "history"
        self.actions = actions
        self.seats = len(game.seats(start))
        self.players = list(players or [])  # who played each seat (saves.history.seat_players)
        self._states: list[bytes] = [msgspec.json.encode(start)]
        self._steps: list[Step] = []
        self._last = start  # the state after the moves worked out so far
        self.problem = ""  # why the replay stops early, if a move no longer applies

    def __len__(self) -> int:
        """The number of moves."""
        return len(self.actions)

    def views(self, viewer: str = "") -> list[int | None]:
        """The seats whose view this replay may show `viewer` (an identity; "" for none), the
        one shown first first; None is the spectator's view. A game of one seat shows it. A
        person who played one seat sees theirs (or a spectator's). Seats played at one
        keyboard by several people (hot seat) begin as a spectator sees them, and only a
        finished game, or a table open between its seats (Co-Op), lets that keyboard's seats
        be picked: a save in progress keeps each hand from the others, as the table's cover
        does. Anyone else, and a game filed before seats were recorded, sees the spectator's
        view only."""
        if self.seats == 1:
            return [0]
        players = self.players[: self.seats]  # a damaged record's extra names name no seat
        mine = [seat for seat, who in enumerate(players) if who == HERE or (viewer and who == viewer)]
        if len(mine) == 1:
            return [mine[0], None]
        if mine and (self.source == "history" or not self.game.hides_between_seats(self.state(0))):
            return [None, *mine]
        return [None]

    def state(self, index: int) -> Any:
        """The table after `index` moves (0: as the game began); a fresh copy each time."""
        self._work_out(index)
        index = min(index, len(self._states) - 1)
        return msgspec.json.decode(self._states[index], type=self.game.State)

    def step(self, index: int) -> Step | None:
        """Move number `index` (1 = the first move); None at the start."""
        if index < 1:
            return None
        self._work_out(index)
        return self._steps[index - 1] if index <= len(self._steps) else None

    @property
    def reachable(self) -> int:
        """How far the replay goes: every move, unless one no longer applies."""
        self._work_out(len(self.actions))
        return len(self._steps)

    def next_reveal(self, index: int) -> int | None:
        """The first move after `index` that rolled, shuffled or showed a hidden card."""
        for later in range(index + 1, len(self.actions) + 1):
            found = self.step(later)
            if found is None:
                return None
            if found.revealed:
                return later
        return None

    def _work_out(self, index: int) -> None:
        game = self.game
        while len(self._steps) < min(index, len(self.actions)) and not self.problem:
            action = self.actions[len(self._steps)]
            state = self._last
            if not game.is_legal(state, action):  # before describing it: it may name no seat
                self.problem = f"Move {len(self._steps) + 1} no longer applies: {game.why_illegal(state, action)}"
                return
            label = game.describe(action, state)
            before_log = list(getattr(state, "log", []))
            marks = (game.random_draws(state), tuple(game.unseen_cards(state)))
            game.apply(state, action)
            after = (game.random_draws(state), tuple(game.unseen_cards(state)))
            revealed = after[0] != marks[0] or any(n < o for n, o in zip(after[1], marks[1]))
            lines = new_lines(before_log, list(getattr(state, "log", [])))
            self._steps.append(Step(label, lines, revealed, game.seat_of(action)))
            self._states.append(msgspec.json.encode(state))


def _check_content(game: Game, version: int) -> None:
    if version != game.content_version:
        age = "newer" if version > game.content_version else "older"
        raise Damaged(
            f"it was made with {age} {game.title} cards (content {version}, this version has "
            f"{game.content_version}), so its moves would not draw the table it had"
        )


def _decode_actions(game: Game, raws: list[msgspec.Raw]) -> list[Any]:
    try:
        return [msgspec.json.decode(raw, type=game.Action) for raw in raws]
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise Damaged(f"its moves are not readable ({error})") from None


def _start(game: Game, seed: int, options: dict[str, Any]) -> Any:
    try:
        return game.new_game(seed=seed, **options)
    except (ValueError, TypeError) as error:
        raise Damaged(f"its game cannot be set up again ({error})") from None


def from_save(store: SaveStore, save_id: str) -> Timeline:
    """A save in progress, up to its latest move. Damaged says why it cannot be replayed."""
    envelope = store.read(save_id)  # refuses another content version, with the reason
    game = store.games[envelope.game_id]
    if envelope.kind == "campaign":
        campaign = store.decode_state(envelope)
        if game.campaign_game(campaign) is None:
            raise Damaged("this campaign has no game in progress; its finished games are in History")
        seed, options = game.campaign_game_setup(campaign)
    else:
        seed, options = envelope.seed, envelope.options
    actions = _decode_actions(game, envelope.actions)
    start = _start(game, seed, options)
    players = seat_players(envelope, len(game.seats(start)))
    return Timeline(game, start, actions, envelope.label, "save", players)


def _older_moves(game: Game, version: int, options: dict[str, Any], raws: list[msgspec.Raw]):
    """The options and moves of a game played with older content, carried over by the game
    (Game.upgrade with no state) when its moves still replay; None when they cannot be."""
    if version >= game.content_version:
        return None
    try:
        moves = [msgspec.json.decode(raw) for raw in raws]
        options, _, moves = game.upgrade(version, dict(options), None, moves)
        return options, [msgspec.json.decode(msgspec.json.encode(m), type=game.Action) for m in moves]
    except (NotImplementedError, ValueError, TypeError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def from_history(store: SaveStore, record_id: str) -> Timeline:
    record = History(store).read(record_id)
    game = store.games[record.entry.game_id]
    if record.entry.kind == "campaign":
        raise Damaged("a campaign is replayed game by game: its games are listed in History")
    older = _older_moves(game, record.entry.content_version, record.options, record.actions)
    if older is not None:
        options, actions = older
        return Timeline(game, _start(game, record.seed, options), actions, record.entry.label, "history", record.players)
    _check_content(game, record.entry.content_version)
    actions = _decode_actions(game, record.actions)
    start = _start(game, record.seed, record.options)
    return Timeline(game, start, actions, record.entry.label, "history", record.players)


def open_replay(store: SaveStore, name: str) -> Timeline:
    """A finished game by id or number in the history listing, or a save by id or name."""
    history = History(store)
    if history.exists(name):
        return from_history(store, name)
    if name.isdigit():
        finished = history.find(name)
        if finished is None:
            raise Damaged(f"there is no finished game number {name}")
        if finished.damaged:
            raise Damaged(finished.damage)
        return from_history(store, finished.id)
    entry = store.find(name)
    if entry is not None:
        if entry.damaged:
            raise Damaged(entry.damage)
        return from_save(store, entry.save_id)
    raise Damaged(f"there is no save or finished game '{name}'")


class ReplaySession:
    """What a game's table asks of its session, answered from a Timeline at one move.

    It holds no store and has no way to write: a table drawn from it (read-only, see
    tui/screens/replay.py) can show every move again and change nothing.
    """

    kind = "game"
    shared = False
    bot_seats: set[int] = set()

    def __init__(self, timeline: Timeline, index: int = 0, viewer: str = "") -> None:
        self.timeline = timeline
        self.game = timeline.game
        self.views = timeline.views(viewer)  # the seats this replay may show, the first shown
        self.save_id = ""
        # A table may note things in its envelope (DecknForge: words joining the table); here
        # they land in a copy that is never written.
        self.envelope = SimpleNamespace(options={}, actions=[], seats=[])
        self.index = -1
        self.state: Any = None
        self.go(index)

    def go(self, index: int) -> None:
        """Show the table after `index` moves (kept within the moves that replay)."""
        index = max(0, min(index, self.timeline.reachable))
        if index != self.index:
            self.index = index
            self.state = self.timeline.state(index)

    def seat_names(self) -> list[str]:
        return self.game.seats(self.state)

    @property
    def local_seats(self) -> set[int]:
        return set(range(len(self.seat_names())))

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def outcome(self) -> Any:
        return self.game.outcome(self.state)

    def reload(self) -> None:
        pass

    def reload_if_changed(self) -> bool:
        return False

    def save(self) -> None:
        pass  # a replay keeps nothing: whatever a table changes here is gone with it
