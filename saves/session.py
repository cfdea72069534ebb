"""A game being played: its state, its save file, and autosave after every action."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Game, Outcome
from saves.envelope import Envelope
from saves.store import SaveStore


class GameSession:
    def __init__(
        self, store: SaveStore, game: Game, save_id: str, envelope: Envelope, state: Any
    ) -> None:
        self.store = store
        self.game = game
        self.save_id = save_id
        self.envelope = envelope
        self.state = state

    @classmethod
    def start(cls, store: SaveStore, game: Game, seed: int, **options: Any) -> GameSession:
        options = game.check_options(options)
        state = game.new_game(seed=seed, **options)
        save_id, envelope = store.create(game, state, seed, options)
        return cls(store, game, save_id, envelope, state)

    @classmethod
    def resume(cls, store: SaveStore, save_id: str) -> GameSession:
        """Load a save; raises Damaged with the reason when it cannot be used."""
        envelope = store.read(save_id)
        state = store.decode_state(envelope)
        return cls(store, store.games[envelope.game_id], save_id, envelope, state)

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def play(self, action: Any) -> list[Any]:
        """Apply one action and save at once. IllegalAction leaves state and file untouched."""
        events = self.game.apply(self.state, action)
        self.envelope.actions.append(msgspec.Raw(msgspec.json.encode(action)))
        self.save()
        return events

    def save(self) -> None:
        self.store.write(self.save_id, self.envelope, self.state, self.game.summary(self.state))

    def replay(self) -> Any:
        """Rebuild the state from the seed and the action log (for checks and repairs)."""
        state = self.game.new_game(seed=self.envelope.seed, **self.envelope.options)
        for raw in self.envelope.actions:
            self.game.apply(state, msgspec.json.decode(raw, type=self.game.Action))
        return state
