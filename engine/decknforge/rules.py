"""DecknForge's rules as a Game. Rulings cited as R1, R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import msgspec

from engine.core.game import BOT_LEVEL, Game, GameOption, Outcome
from engine.core.rng import Rng
from engine.core.log import SAID
from engine.decknforge.effects import equipped_total, log, strength
from engine.decknforge.ending import scar_step, scar_waiting, scar_words, write_scar
from engine.decknforge.legacy import (
    CLEAR_XP,
    FALL_XP,
    LEGACY,
    Deck,
    DeckResult,
    TableDeck,
    apply_result,
    fresh_deck,
    table_deck,
)
from engine.decknforge.lexicon import Word, check_word
from engine.decknforge.moderation import taken_names
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
    UpgradeScar,
)
from engine.decknforge.readings import DEFAULT_READING, READINGS
from engine.decknforge.setup import build_state, fresh_band
from engine.decknforge.turn import acting, apply_turn_action, turn_actions, turn_allows, why_not
from engine.decknforge.wording import TURNING_POINTS, WORDING

RESULT_TEXT = {
    "clear": "The dungeon is cleared",
    "fall": "The band fell: the Monster pile ran out",
    "driven_out": "The band fell: a player had no Adventurer left",
}
SCAR_ACTIONS = {"monster": InscribeScar, "equipment": UpgradeScar}


class DecknForgeGame(Game):
    id = "decknforge"
    title = "DecknForge"
    blurb = "Legacy dungeon game with permanent decks"
    State = State
    Action = Action
    Event = Event
    # 2: simultaneous turns, table decks without history; 3: the log holds Lines; 4: the log
    # says why an attack went as it did (the suits struck, the retaliation summed); 5: discarded
    # is gone for good, ten words that brought cards back now do otherwise; 6: a placed joker
    # meets the retaliation of the gear it strips (R4), Equipment words pay their cast (R46);
    # 7: a slain joker's place in its row stays taken, so the book's joker count holds (R4)
    content_version = 8
    wording = WORDING
    legacy = LEGACY
    options = (
        GameOption("players", "Players", "int", 2, "Decks at the table (fresh decks).", minimum=2, maximum=4),
        GameOption("solo", "Solo", "bool", False, "One person plays two of their own decks."),
        GameOption("strength", "Strength reading", "choice", DEFAULT_READING,
                   "Which Monsters count toward the Dungeon Strength (R34).", choices=tuple(READINGS)),
        BOT_LEVEL,
    )  # fmt: skip

    def new_game(
        self,
        seed: int = 0,
        decks: list[Any] | None = None,
        coined: list[Word] | None = None,
        position: Any = None,
        **options: Any,
    ) -> State:
        """A dungeon for the decks brought (fresh ones when none are given).

        `decks` and `coined` are objects rather than menu options: the band's decks and the
        coined words their owners' lexicons hold (so the table can run them). `position` is a
        game carried over from an older version of these rules (upgrade.py): it goes on from
        there.
        """
        if position is not None:
            return msgspec.convert(position, State)
        opts = self.check_options(options)
        if decks is not None and "players" in options and options["players"] != len(decks):
            raise ValueError(f"{len(decks)} decks were brought for {options['players']} players.")
        if decks is None:
            decks = _fresh_tables(2 if opts["solo"] else opts["players"], opts["solo"])
        decks = [d if isinstance(d, (Deck, TableDeck)) else _as_deck(d) for d in decks]
        coined = [msgspec.convert(w, Word) if isinstance(w, dict) else w for w in coined or []]
        state = build_state(seed, decks, coined, opts["solo"], opts["strength"] == "gentle")
        state.jokers_unanswered = bool(opts.get("jokers_unanswered"))
        state.joker_places_freed = bool(opts.get("joker_places_freed"))
        state.adventurer_deck_counts = bool(opts.get("adventurer_deck_counts"))
        return state

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The menu options, plus `decks` and `coined` as plain JSON data when given (R35).

        A save keeps its options and replays `new_game(seed, **options)`, so the decks brought
        (as table decks, without their history: R41) and the words known at the table travel
        with it as plain data.
        """
        options = dict(options)
        decks = options.pop("decks", None)
        coined = options.pop("coined", None)
        position = options.pop("position", None)
        unanswered = options.pop("jokers_unanswered", False)  # begun before content 6 (R4)
        freed = options.pop("joker_places_freed", False)  # begun under content 6 (R4)
        deck_counts = options.pop("adventurer_deck_counts", False)  # begun before content 8 (R15)
        if decks is not None and "players" not in options:
            options["players"] = len(decks)
        result = super().check_options(options)
        if result.get("bot_level") == "easy":
            del result["bot_level"]  # the bot's level is no rule: a save keeps it only when hard
        if decks is not None:
            try:
                typed = [_as_deck(d) for d in decks]
            except msgspec.ValidationError as error:
                raise ValueError(f"A deck brought to the table is not readable ({error}).") from None
            result["decks"] = msgspec.to_builtins(typed)
        if coined is not None:
            try:
                words = [msgspec.convert(w, Word) if isinstance(w, dict) else w for w in coined]
            except msgspec.ValidationError as error:
                raise ValueError(f"A coined word is not readable ({error}).") from None
            result["coined"] = msgspec.to_builtins(words)
        if position is not None:
            result["position"] = position
        if unanswered:
            result["jokers_unanswered"] = True
        if freed:
            result["joker_places_freed"] = True
        if deck_counts:
            result["adventurer_deck_counts"] = True
        return result

    def table_options(
        self, options: dict[str, Any], brought: list[Any], names: list[str] | None = None
    ) -> dict[str, Any]:
        """A shared table's decks: each player's own, and a fresh deck for a bot's seat (a
        deck speaks by its own initials, so the seats' names are not needed)."""
        decks = [deck if deck is not None else bot_deck(seat) for seat, deck in enumerate(brought)]
        return self.check_options({**options, "players": len(decks), "decks": decks})

    # ----- the contract ---------------------------------------------------------------

    def seats(self, state: State) -> list[str]:
        return [p.label for p in state.players]

    def to_move(self, state: State) -> tuple[int, ...]:
        """Every player with actions left, at once (R5); every owner with a scar word to pick."""
        if state.phase == "turn":
            return acting(state)
        if state.phase == "scar":
            return scar_waiting(state)
        return ()

    def legal_actions(self, state: State) -> list[Action]:
        actions: list[Action] = []
        if state.phase == "turn":
            for player in state.players:
                if not player.done:
                    actions += turn_actions(state, player.seat)
        elif state.phase == "scar":
            for seat in scar_waiting(state):
                kind = SCAR_ACTIONS[scar_step(state, seat)]
                actions += [_scar_action(kind, seat, name) for name in scar_words(state, seat)]
        return actions

    def is_legal(self, state: State, action: Any) -> bool:
        """`action in legal_actions(state)`, answered without listing every action."""
        if state.phase == "turn":
            return turn_allows(state, action)
        if state.phase == "scar" and isinstance(action, (InscribeScar, UpgradeScar)):
            seat = action.seat
            if type(seat) is not int or not 0 <= seat < len(state.scars):
                return False
            step = scar_step(state, seat)
            return bool(step) and SCAR_ACTIONS[step] is type(action) and action.word in scar_words(state, seat)
        return False

    def why_illegal(self, state: State, action: Any) -> str:
        if state.phase == "over":
            return "The dungeon is over."
        if state.phase == "scar":
            if not isinstance(action, (InscribeScar, UpgradeScar)):
                return "First write the scars: pick their words."
            step = scar_step(state, action.seat) if 0 <= action.seat < len(state.scars) else ""
            if not step:
                return "That scar is written."
            if SCAR_ACTIONS[step] is not type(action):
                return "The Monster's word comes first, then the Equipment's (fall steps 3 and 4)."
            return f"{action.word} cannot be written on that card here."
        if isinstance(action, (InscribeScar, UpgradeScar)):
            return "Scars are written only after a fall."
        return why_not(state, action)

    def _apply(self, state: State, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, (InscribeScar, UpgradeScar)):
            write_scar(state, action.seat, action.word)
            events.append(Event("scar", state.log[-1]))
        else:
            apply_turn_action(state, action, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        """R32: the score is the XP each deck banks, the rank the round it ended in."""
        if state.phase != "over":
            return None
        won = state.result == "clear"
        text = f"{RESULT_TEXT[state.result]} in round {state.round}."
        term = ("Dungeon cleared: XP for each deck", CLEAR_XP) if won else ("Fell: XP for each deck", FALL_XP)
        return Outcome(won, term[1], text, (term,), state.round)

    def seat_outcome(self, state: State, seat: int | None) -> Outcome | None:
        """R43: the band clears or falls together; each player's result is what their own
        deck banks from it."""
        result = self.outcome(state)
        if result is None or seat is None:
            return result
        label = state.players[seat].label
        xp = result.score
        term = (f"{'Dungeon cleared' if result.won else 'Fell'}: XP for {label}", xp)
        text = f"{RESULT_TEXT[state.result]} in round {state.round}: {label} banks {xp} XP."
        return Outcome(result.won, xp, text, (term,), result.length)

    def turning_points(self, lines: list[Any]) -> list[str]:
        """The lines a dungeon's story is told by: Adventurers hit, Monsters slain or back under
        the pile, jokers stripping gear or widening the dungeon, and the end (wording.py)."""
        return [self.log_text(line) for line in lines if line.what in TURNING_POINTS]

    def view(self, state: State, seat: int | None) -> State:
        from engine.decknforge.view import view

        return view(state, seat)

    def hides_between_seats(self, state: State) -> bool:
        """Hands are hidden while the dungeon runs (once it ends every card is home), except
        from the one person who plays both seats of the solo variant (R20)."""
        return state.phase == "turn" and not state.solo

    def easy_action(self, state: State, seat: int) -> Action:
        from engine.decknforge.bots import greedy_action

        return greedy_action(self, self.view(state, seat), seat)

    # ----- the coach (engine/core/coach.py) ----------------------------------------------

    search_playouts = 900  # about one second of CPU

    def redeal(self, state: State, seat: int, rng: Rng) -> State:
        from engine.decknforge.coach import redeal

        return redeal(state, seat, rng, self.view)

    def rollout_action(self, state: State, rng: Rng) -> Action:
        from engine.decknforge.bots import greedy_action

        moving = self.to_move(state)
        return greedy_action(self, state, moving[rng.below(len(moving))])

    def worth_words(self, state: State, seat: int, worth: float) -> str:
        return f"{round(100 * worth)}% to clear the dungeon"

    def hint_why(self, state: State, seat: int, action: Any, wins: float, samples: int) -> str:
        return f"the band cleared the dungeon in {round(wins)} of {samples} games played on from here"

    def validate(self, state: State) -> list[str]:
        from engine.decknforge.validate import problems

        return problems(state)

    def upgrade(self, version: int, options: dict[str, Any], state: Any, actions: list[Any]) -> Any:
        from engine.decknforge.upgrade import upgrade

        return upgrade(self, version, options, state, actions)

    # ----- the legacy -------------------------------------------------------------------

    def add_coined(self, state: State, word: Word) -> None:
        """A word coined at the table joins this game's lexicon at once (R25)."""
        problems = check_word(word, taken_names(state.coined))
        if problems:
            raise ValueError(" ".join(problems))
        state.coined.append(word)

    def results(self, state: State) -> list[DeckResult]:
        """What the game gives each deck once it is over ([] before), seat by seat."""
        return list(state.results) if state.phase == "over" else []

    def result_decks(self, state: State, stored: list[Deck] | None = None) -> list[Deck]:
        """The decks with the game's result written on them: onto `stored` (each deck as its
        file holds it now) when given, else onto the decks as they were brought (R41)."""
        if state.phase != "over":
            return []
        from engine.decknforge.legacy import history_free, table_words

        if stored is None:
            stored = [history_free(d, p.returned) for d, p in zip(state.decks, state.players)]
        bases = stored
        known = table_words(state)
        return [apply_result(deck, result, known) for deck, result in zip(bases, state.results)]

    daily_options = {"solo": True}  # one person, two fresh decks: a deal anyone can play alone

    def rank(self, outcome: Outcome) -> tuple[int, int]:
        """R32: a clear is better the sooner it came, a fall the longer the band held out."""
        return (1, -outcome.length) if outcome.won else (0, outcome.length)

    def filed_score(self, won: bool, score: int | None) -> int | None:
        """Games filed before R32 scored the round they ended in: shown with their XP now."""
        return CLEAR_XP if won else FALL_XP

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        piles = [state.monster_pile]
        for player in state.players:
            piles += [player.adventurer_deck, player.equipment_deck]
        return tuple(len(pile) for pile in piles)

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        players = "solo" if state.solo else str(len(state.players))
        return {"Players": players, "Strength": "gentle" if state.gentle else "strict"}

    def decks_played(self, state: State) -> list[str]:
        return [player.label for player in state.players]

    def note(self, state: State, text: str) -> None:
        log(state, SAID, text)  # kept and trimmed like every line of this game's log

    def summary(self, state: State) -> str:
        band = " ".join(p.initials for p in state.players)
        if state.phase != "over":
            return (
                f"{band}: round {state.round}, equipped {equipped_total(state)}/{strength(state)},"
                f" {len(state.monster_pile)} Monster{'' if len(state.monster_pile) == 1 else 's'} left"
            )
        result = RESULT_TEXT[state.result]
        return f"{band}: {result[:1].lower() + result[1:]} in round {state.round}"  # "Monster" stays a name

    def describe(self, action: Action, state: State | None = None) -> str:
        seat = getattr(action, "seat", 0)
        player = state.players[seat] if state is not None and 0 <= seat < len(state.players) else None

        def card(index: int) -> str:
            if player is None or state.phase != "turn" or not 0 <= index < len(player.hand):
                return f"#{index + 1}"
            return LABEL.get(player.hand[index].code, "?")

        if isinstance(action, DrawEquipment):
            return "Draw Equipment"
        if isinstance(action, DrawAdventurer):
            if action.discard >= 0:
                return f"Discard {card(action.discard)}, draw an Adventurer"
            return "Draw an Adventurer"
        if isinstance(action, Hire):
            return f"Hire {card(action.card)}"
        if isinstance(action, Equip):
            target = f"slot {action.slot + 1}"
            if player is not None and 0 <= action.slot < len(player.slots):
                target = LABEL[player.slots[action.slot].adventurer.code]
            return f"Equip {card(action.card)} on {target}"
        if isinstance(action, Cast):
            word = ""
            if player is not None and state.phase == "turn" and 0 <= action.card < len(player.hand):
                word = f" ({player.hand[action.card].word})"
            return f"Cast {card(action.card)}{word}"
        if isinstance(action, EndTurn):
            return "End turn"
        if isinstance(action, (InscribeScar, UpgradeScar)):
            if state is not None and state.phase == "scar" and 0 <= seat < len(state.scars):
                scar = state.scars[seat]
                code = scar.monster if isinstance(action, InscribeScar) else scar.equipment
                return f"Write {action.word} on {LABEL.get(code, code)}"
            return f"Write {action.word}"
        return type(action).__name__


def bot_deck(seat: int) -> Deck:
    """The deck a bot brings: fresh, kept for that game only (BT2 at seat 2)."""
    return fresh_deck(f"BT{seat + 1}")


@lru_cache(maxsize=4096)
def _scar_action(kind: type, seat: int, word: str) -> Action:
    """Actions are frozen: one shared instance per scar word and seat."""
    return kind(seat, word)


@lru_cache(maxsize=None)
def _fresh_tables(players: int, solo: bool) -> tuple[TableDeck, ...]:
    """A default game's new decks (build_state only reads the decks it is given)."""
    return tuple(table_deck(deck) for deck in fresh_band(players, solo))


def _as_deck(data: Any) -> TableDeck:
    """A deck given as a Deck, a TableDeck or plain data of either: a table holds table
    decks, without their history (R41)."""
    if isinstance(data, TableDeck):
        return data
    if isinstance(data, dict) and "fingerprint" in data and "history" not in data:
        return msgspec.convert(data, TableDeck)
    return table_deck(data if isinstance(data, Deck) else msgspec.convert(data, Deck))
