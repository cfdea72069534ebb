"""A tiny two-seat game for testing what every table of several seats shares (GameScreen's
seats, privacy and bots; shared tables across processes), apart from any real game's rules.

Duel: each seat holds three hidden cards. Both seats pick a card at once, face down; when both
have picked, the cards are shown and the higher scores a point. Three rounds.
"""

from __future__ import annotations

from typing import Any

import msgspec
from textual.app import ComposeResult
from tui.widgets.text import Static

from engine.core.game import Game, Outcome
from engine.core.rng import Rng
from tui.game_screen import GameScreen
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar

HIDDEN = 0  # a card the viewing seat may not see


class DuelState(msgspec.Struct):
    rng: Rng
    hands: list[list[int]]
    picked: list[int]  # card picked this round, -1 while choosing
    points: list[int]
    log: list[str] = []


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    seat: int
    card: int  # index in the hand


class Duel(Game):
    id = "duel"
    title = "Duel"
    State = DuelState
    Action = Pick

    def new_game(self, seed: int = 0, cards: int = 3, **options: Any) -> DuelState:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 2 * cards + 1))
        rng.shuffle(deck)
        return DuelState(rng, [deck[:cards], deck[cards : 2 * cards]], [-1, -1], [0, 0])

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return dict(options)

    def seats(self, state: DuelState) -> list[str]:
        return ["North", "South"]

    def to_move(self, state: DuelState) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        return tuple(s for s in (0, 1) if state.picked[s] < 0)

    def legal_actions(self, state: DuelState) -> list[Pick]:
        return [Pick(s, i) for s in self.to_move(state) for i in range(len(state.hands[s]))]

    def _apply(self, state: DuelState, action: Pick) -> list[Any]:
        state.picked[action.seat] = state.hands[action.seat].pop(action.card)
        state.log.append(f"{self.seats(state)[action.seat]} picks a card face down.")
        if min(state.picked) > 0:
            north, south = state.picked
            if north != south:
                state.points[0 if north > south else 1] += 1
            state.log.append(f"Shown: North {north}, South {south}.")
            state.picked = [-1, -1]
        return []

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.hands[0] or state.hands[1] or max(state.picked) > 0:
            return None
        return Outcome(won=state.points[0] > state.points[1], score=state.points[0])

    def view(self, state: DuelState, seat: int | None) -> DuelState:
        seen = msgspec.structs.replace(state, rng=Rng(0, 0))
        seen.hands = [hand if s == seat else [HIDDEN] * len(hand) for s, hand in enumerate(state.hands)]
        seen.picked = [p if s == seat or p < 0 else HIDDEN for s, p in enumerate(state.picked)]
        return seen

    def unseen_cards(self, state: DuelState) -> tuple[int, ...]:
        """Cards picked face down: the pick that shows them both is never taken back."""
        return (sum(p > 0 for p in state.picked),)

    def hides_between_seats(self, state: DuelState) -> bool:
        return True

    def bot_action(self, state: DuelState, seat: int) -> Pick:
        hand = state.hands[seat]
        return Pick(seat, hand.index(max(hand)))

    def describe(self, action: Pick, state: Any = None) -> str:
        return f"Play your card #{action.card + 1}"


class DuelScreen(GameScreen):
    HELP = "# Duel\nPick a card."

    def compose(self) -> ComposeResult:
        yield Static(id="table")
        yield ChoiceList(id="choices")
        yield KeyBar()

    def draw(self) -> None:
        state = self.state
        lines = [self.seat_line().plain]
        for s, name in enumerate(["North", "South"]):
            lines.append(f"{name}: hand {state.hands[s]} picked {state.picked[s]} points {state.points[s]}")
        self.paint("table", "\n".join(lines))
        self.choices = self.legal()
        self.query_one(ChoiceList).show([Choice(self.game.describe(a)) for a in self.choices])

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.play(self.choices[event.index])
