"""DecknForge's rules as a Game. Rulings cited as R1, R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Game, GameOption, Outcome
from engine.decknforge.effects import equipped_total, strength
from engine.decknforge.ending import inscribe_scar, monster_words_for
from engine.decknforge.legacy import Deck
from engine.decknforge.lexicon import Word, base_index, check_word
from engine.decknforge.model import (
    LABEL,
    Action,
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Event,
    Hire,
    InscribeScar,
    State,
)
from engine.decknforge.setup import build_state, fresh_band
from engine.decknforge.turn import apply_turn_action, turn_actions, turn_allows, why_not

RESULT_TEXT = {
    "clear": "The dungeon is cleared",
    "fall": "The band fell: the Monster pile ran out",
    "driven_out": "The band fell: someone was driven out",
}


class DecknForgeGame(Game):
    id = "decknforge"
    title = "DecknForge"
    blurb = "Legacy dungeon game with permanent decks"
    State = State
    Action = Action
    Event = Event
    options = (
        GameOption("players", "Players", "int", 2, "Decks at the table (fresh decks).", minimum=2, maximum=4),
        GameOption("solo", "Solo", "bool", False, "One person plays two of their own decks."),
        GameOption("gentle", "Gentle dungeon", "bool", False,
                   "House rule: Monsters add to the Strength only once they leave the pile."),
    )  # fmt: skip

    def new_game(
        self,
        seed: int = 0,
        decks: list[Deck] | None = None,
        coined: list[Word] | None = None,
        **options: Any,
    ) -> State:
        """A dungeon for the decks brought (fresh ones when none are given).

        `decks` and `coined` are objects rather than menu options: the band's Deck Structs and
        the coined words their owners' lexicons hold (so the table can run them).
        """
        opts = self.check_options(options)
        if decks is not None and "players" in options and options["players"] != len(decks):
            raise ValueError(f"{len(decks)} decks were brought for {options['players']} players.")
        if decks is None:
            decks = fresh_band(2 if opts["solo"] else opts["players"], opts["solo"])
        decks = [msgspec.convert(d, Deck) if isinstance(d, dict) else d for d in decks]
        coined = [msgspec.convert(w, Word) if isinstance(w, dict) else w for w in coined or []]
        return build_state(seed, decks, coined, opts["solo"], opts["gentle"])

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The menu options, plus `decks` and `coined` as plain JSON data when given (R35).

        A save keeps its options and replays `new_game(seed, **options)`, so the decks brought
        and the words known at the table travel with it as plain data.
        """
        options = dict(options)
        decks = options.pop("decks", None)
        coined = options.pop("coined", None)
        if decks is not None and "players" not in options:
            options["players"] = len(decks)
        result = super().check_options(options)
        if decks is not None:
            try:
                typed = [msgspec.convert(d, Deck) if isinstance(d, dict) else d for d in decks]
            except msgspec.ValidationError as error:
                raise ValueError(f"A deck brought to the table is not readable ({error}).") from None
            result["decks"] = msgspec.to_builtins(typed)
        if coined is not None:
            try:
                words = [msgspec.convert(w, Word) if isinstance(w, dict) else w for w in coined]
            except msgspec.ValidationError as error:
                raise ValueError(f"A coined word is not readable ({error}).") from None
            result["coined"] = msgspec.to_builtins(words)
        return result

    # ----- the contract ---------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == "turn":
            return turn_actions(state)
        if state.phase == "scar":
            return [InscribeScar(name) for name in monster_words_for(state, state.scar_turn)]
        return []

    def is_legal(self, state: State, action: Any) -> bool:
        """`action in legal_actions(state)`, answered without listing every action."""
        if state.phase == "turn":
            return turn_allows(state, action)
        if state.phase == "scar":
            return isinstance(action, InscribeScar) and action.word in monster_words_for(
                state, state.scar_turn
            )
        return False

    def why_illegal(self, state: State, action: Any) -> str:
        if state.phase == "over":
            return "The dungeon is over."
        if state.phase == "scar":
            if isinstance(action, InscribeScar):
                return f"{action.word} is not a Monster word in your lexicon."
            return "First write the scar: pick a Monster word."
        if isinstance(action, InscribeScar):
            return "Scars are written only after a fall."
        return why_not(state, action)

    def _apply(self, state: State, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, InscribeScar):
            inscribe_scar(state, action.word)
            events.append(Event("scar", state.log[-1]))
        else:
            apply_turn_action(state, action, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        text = f"{RESULT_TEXT[state.result]} in round {state.round}."
        return Outcome(state.result == "clear", state.round, text)  # R32

    def add_coined(self, state: State, word: Word) -> None:
        """A word coined at the table joins this game's lexicon at once (R25)."""
        taken = {w.name for w in state.coined if w.status != "rejected"} | set(base_index())
        problems = check_word(word, taken)
        if problems:
            raise ValueError(" ".join(problems))
        state.coined.append(word)

    def result_decks(self, state: State) -> list[Deck]:
        """The decks to write back once the game is over ([] before): the caller saves them."""
        return list(state.result_decks) if state.phase == "over" else []

    daily_options = {"solo": True}  # one person, two fresh decks: a deal anyone can play alone

    def rank(self, outcome: Outcome) -> tuple[int, int]:
        """R32 scores the round the dungeon ended in: a clear is better the sooner it came,
        a fall the longer the band held out."""
        rounds = outcome.score or 0
        return (1, -rounds) if outcome.won else (0, rounds)

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        piles = [state.monster_pile]
        for player in state.players:
            piles += [player.adventurer_deck, player.equipment_deck]
        return tuple(len(pile) for pile in piles)

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        players = "solo" if state.solo else str(len(state.players))
        return {"Players": players, "Gentle dungeon": "on" if state.gentle else "off"}

    def decks_played(self, state: State) -> list[str]:
        return [player.label for player in state.players]

    def summary(self, state: State) -> str:
        band = " ".join(p.initials for p in state.players)
        if state.phase != "over":
            return (
                f"{band}: round {state.round}, equipped {equipped_total(state)}/{strength(state)},"
                f" {len(state.monster_pile)} Monsters left"
            )
        return f"{band}: {RESULT_TEXT[state.result].lower()} in round {state.round}"

    def describe(self, action: Action, state: State | None = None) -> str:
        def card(index: int) -> str:
            if state is None or state.phase != "turn":
                return f"#{index + 1}"
            hand = state.players[state.turn].hand
            return LABEL[hand[index].code] if 0 <= index < len(hand) else f"#{index + 1}"

        if isinstance(action, DrawEquipment):
            return "Draw Equipment"
        if isinstance(action, DrawAdventurer):
            return "Draw an Adventurer"
        if isinstance(action, Hire):
            return f"Hire {card(action.card)}"
        if isinstance(action, Equip):
            target = f"slot {action.slot + 1}"
            if state is not None and state.phase == "turn":
                slots = state.players[state.turn].slots
                if 0 <= action.slot < len(slots):
                    target = LABEL[slots[action.slot].adventurer.code]
            return f"Equip {card(action.card)} on {target}"
        if isinstance(action, Cast):
            word = ""
            if state is not None and state.phase == "turn":
                hand = state.players[state.turn].hand
                if 0 <= action.card < len(hand):
                    word = f" ({hand[action.card].word})"
            return f"Cast {card(action.card)}{word}"
        if isinstance(action, EndTurn):
            return "End turn"
        if isinstance(action, InscribeScar):
            if state is not None and state.phase == "scar":
                monster = state.scars[state.scar_turn].monster
                return f"Inscribe {action.word} on {LABEL.get(monster, monster)}"
            return f"Inscribe {action.word}"
        return type(action).__name__
