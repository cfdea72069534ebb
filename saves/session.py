"""A game being played: its state, its save file, autosave after every action, taking
moves back (saves/undo.py holds the policy) and filing the game in history once it ends."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Game, Outcome
from saves import history
from saves.envelope import Envelope
from saves.store import SaveStore
from saves.undo import CannotUndo, Takebacks, UndoStatus


class GameSession:
    kind = "game"

    def __init__(
        self, store: SaveStore, game: Game, save_id: str, envelope: Envelope, state: Any
    ) -> None:
        self.store = store
        self.game = game
        self.save_id = save_id
        self.envelope = envelope
        self.state = state
        self.takebacks = Takebacks(game, self.start_state)
        self.filed: history.Finished | None = None  # the history line, once the game ended

    @classmethod
    def start(
        cls, store: SaveStore, game: Game, seed: int, label: str = "", **options: Any
    ) -> GameSession:
        options = game.check_options(options)
        state = game.new_game(seed=seed, **options)
        save_id, envelope = store.create(game, state, seed, options, label=label)
        session = cls(store, game, save_id, envelope, state)
        session.takebacks.begin()
        return session

    @classmethod
    def resume(cls, store: SaveStore, save_id: str) -> GameSession:
        """Load a save; raises Damaged with the reason when it cannot be used."""
        envelope = store.read(save_id)
        state = store.decode_state(envelope)
        game = store.games[envelope.game_id]
        if envelope.kind == "campaign":
            return CampaignSession(store, game, save_id, envelope, state)
        return cls(store, game, save_id, envelope, state)

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

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
        self.store.write(self.save_id, self.envelope, self.state, self.game.summary(self.state))

    def file(self) -> None:
        self.filed = history.file_game(self.store, self.save_id, self.envelope, self.state)

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

    def start_state(self) -> Any:
        """The state the moves of the action log start from."""
        return self.game.new_game(seed=self.envelope.seed, **self.envelope.options)

    def replay(self) -> Any:
        """Rebuild the state from the seed and the action log (for checks and repairs)."""
        state = self.start_state()
        for raw in self.envelope.actions:
            self.game.apply(state, msgspec.json.decode(raw, type=self.game.Action))
        return state


class CampaignSession(GameSession):
    """A chain of games kept in one save file of kind "campaign".

    The file holds the game's Campaign value (progress, past results, the game in progress);
    the game object supplies every campaign rule through hooks, so this class only keeps the
    file in step: `Campaign` (the type), `new_campaign(seed, **options)`,
    `campaign_game(c)` (the State in progress or None), `campaign_active(c)`,
    `campaign_start_game(c)`, `campaign_record_game(c)`, `campaign_abandon(c)` and
    `campaign_summary(c)`. `state` is the game in progress, so a game screen plays it as it
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
        return cls(store, game, save_id, envelope, campaign)

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
        summary = self.game.campaign_summary(self.campaign)
        self.store.write(self.save_id, self.envelope, self.campaign, summary)

    def file(self) -> None:
        """The game just ended goes to history at once; the campaign save goes on."""
        self.filed = history.file_campaign_game(self.store, self.save_id, self.envelope, self.campaign)

    def _file_if_over(self) -> None:
        if self.game.campaign_outcome(self.campaign) is not None:
            history.file_campaign(self.store, self.save_id, self.envelope, self.campaign)

    def start_state(self) -> Any:
        seed, options = self.game.campaign_game_setup(self.campaign)
        return self.game.new_game(seed=seed, **options)

    def replay(self) -> Any:
        raise NotImplementedError("a campaign keeps its games' results, not every move of them")
