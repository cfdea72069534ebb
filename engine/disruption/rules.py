"""Disruption's rules. Rulings cited as R1, R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

import msgspec

from engine.core.game import Game, GameOption, Outcome
from engine.core.log import Line, upgrade_text_log
from engine.core.upgrade import replayed
from engine.core.rng import Rng
from engine.disruption import encounter
from engine.disruption.encounter import (  # noqa: F401 (the dice tables are the rules' too)
    BLACK_DIE,
    RED_DIE,
    TEN_DIE,
    can_draw_major,
    dice_words,
    labels,
    log,
    singles_phase,
)
from engine.disruption.odds import Chances, fight_chances, win_chance  # noqa: F401
from engine.disruption.score import ally_value, hand_value, score, score_terms  # noqa: F401
from engine.disruption.wording import TURNING_POINTS, WORDING
from engine.disruption.model import (
    DEFEATS_TO_LOSE,
    MAJOR_FROM,
    PAIR_MINORS_THRESHOLD,
    WINS_TO_WIN,
    Action,
    Card,
    Fight,
    Reroll,
    State,
    Trade,
)

DEFENDERS = tuple(Card(rank, suit) for suit in "HD" for rank in range(1, 11))
JOKERS = (Card(0, "X"), Card(0, "X"))
MINORS = tuple(Card(rank, suit) for suit in "CS" for rank in range(1, 6))
MAJORS = tuple(Card(rank, suit) for suit in "CS" for rank in range(6, 11))


REROLL = Reroll()


@cache
def _alone_or_one(hand_size: int) -> tuple[Fight, ...]:
    """Fighting with no ally, then with each ally alone (actions are frozen: shared safely)."""
    return (Fight(()), *(Fight((i,)) for i in range(hand_size)))


@cache
def _pairs(hand_size: int) -> tuple[Fight, ...]:
    return tuple(Fight(pair) for pair in combinations(range(hand_size), 2))


@cache
def _trades(minors: tuple[int, ...]) -> tuple[Trade, ...]:
    """Every trade of three of these hand indices."""
    return tuple(Trade(combo) for combo in combinations(minors, 3))


class DisruptionGame(Game):
    id = "disruption"
    title = "Disruption"
    blurb = "Solo dice and allies against the Ritual Defenders"
    State = State
    Action = Action
    Event = Line
    content_version = 2  # 2: the log holds Lines (engine/core/log.py), not text; a loss has no score
    wording = WORDING
    options = (
        GameOption(
            "accursed_joker",
            "Accursed Joker",
            "bool",
            False,
            "Two Jokers join the defenders; each is worth a d10 roll when it appears.",
        ),
        GameOption(
            "no_dice",
            "No Dice",
            "bool",
            False,
            "Dice are replaced by Jack, Queen and King cards drawn from small decks.",
        ),
    )

    # ----- setting up -----------------------------------------------------------------

    def new_game(self, seed: int = 0, **options: Any) -> State:
        opts = self.check_options(options)
        rng = Rng.from_seed(seed)
        defenders = list(DEFENDERS + JOKERS if opts["accursed_joker"] else DEFENDERS)
        minors = list(MINORS)
        majors = list(MAJORS)
        for deck in (defenders, minors, majors):
            rng.shuffle(deck)
        state = State(
            rng=rng,
            accursed_joker=opts["accursed_joker"],
            no_dice=opts["no_dice"],
            phase="fight",
            defender_deck=defenders,
            defender_graveyard=[],
            defeats_pile=[],
            minor_deck=minors,
            major_deck=majors,
            ally_graveyard=[],
            hand=[],
            encounter=None,
        )
        log(state, "start", labels(minors[-3:][::-1]))
        state.hand = [minors.pop() for _ in range(3)]
        encounter.reveal(state)
        encounter.keep_recent(state)
        return state

    # ----- the contract ---------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == "over":
            return []
        actions: list[Action] = [REROLL] if phase == "tie" else self._fight_options(state)
        hand = state.hand
        if len(hand) >= 3 and can_draw_major(state):
            minors = []
            for i, card in enumerate(hand):
                if card.rank < MAJOR_FROM:
                    minors.append(i)
            if len(minors) >= 3:
                actions += _trades(tuple(minors))
        return actions

    def is_legal(self, state: State, action: Any) -> bool:
        """The same answer as `action in legal_actions(state)`, without listing them all."""
        if state.phase == "over":
            return False
        hand = state.hand
        if isinstance(action, Trade):
            minors = action.minors
            return (
                can_draw_major(state)
                and len(minors) == 3
                and 0 <= minors[0] < minors[1] < minors[2] < len(hand)
                and not any(hand[i].is_major for i in minors)
            )
        if isinstance(action, Reroll):
            return state.phase == "tie"
        if not isinstance(action, Fight) or state.phase != "fight":
            return False
        allies = action.allies
        if not allies:
            return True
        if len(allies) == 1:
            return 0 <= allies[0] < len(hand)
        return (
            len(allies) == 2
            and 0 <= allies[0] < allies[1] < len(hand)
            and not singles_phase(state)
            and not any(card.is_major for card in hand)
            and state.encounter is not None
            and state.encounter.target >= PAIR_MINORS_THRESHOLD
        )

    def _fight_options(self, state: State) -> list[Fight]:
        assert state.encounter is not None
        hand = state.hand
        options = list(_alone_or_one(len(hand)))
        if (
            not singles_phase(state)
            and state.encounter.target >= PAIR_MINORS_THRESHOLD
            and not any([card.rank >= MAJOR_FROM for card in hand])
        ):
            options += _pairs(len(hand))
        return options

    def why_illegal(self, state: State, action: Any) -> str:
        if state.phase == "over":
            return "The game is over."
        if isinstance(action, Reroll):
            return "There is no tie to re-roll."
        if isinstance(action, Fight):
            if state.phase == "tie":
                return "The encounter is tied: re-roll first."
            if any(i < 0 or i >= len(state.hand) for i in action.allies):
                return "There is no such ally in your hand."
            if len(action.allies) == 2:
                if singles_phase(state):
                    return "Only one ally may join a fight against a single defender."
                if any(card.is_major for card in state.hand):
                    return "Two Minor allies may fight together only when you hold no Major."
                return f"Two Minor allies may fight together only against a pair of {PAIR_MINORS_THRESHOLD} or more."
            return "At most one ally may join this fight."
        if isinstance(action, Trade):
            if not can_draw_major(state):
                return "There is no Major ally left to draw."
            return "A trade takes exactly three Minor allies from your hand."
        return "That move is not allowed right now."

    def _apply(self, state: State, action: Action) -> list[Line]:
        before = state.logged
        if isinstance(action, Trade):
            encounter.trade(state, action.minors)
        elif isinstance(action, Fight):
            encounter.commit(state, action.allies, self.dice_for(state, action))
        elif isinstance(action, Reroll):
            encounter.roll_and_resolve(state)
        encounter.keep_recent(state)
        new = min(state.logged - before, len(state.log))
        return state.log[len(state.log) - new :] if new else []

    def outcome(self, state: State) -> Outcome | None:
        if state.wins >= WINS_TO_WIN:
            points = score(state)
            return Outcome(True, points, f"The ritual is disrupted! Score {points}.", score_terms(state))
        if state.defeats >= DEFEATS_TO_LOSE:
            # R5: a loss has no score; it is told by how far the Summoner got
            return Outcome(False, None, f"The ritual goes on: lost after {state.wins} of {WINS_TO_WIN} wins.")
        return None

    def validate(self, state: State) -> list[str]:
        from engine.disruption.validate import problems

        return problems(state)

    def filed_score(self, won: bool, score: int | None) -> int | None:
        """R5: a loss has no score, also one filed when it had."""
        return score if won else None

    # ----- the coach (engine/core/coach.py) ----------------------------------------------

    def redeal(self, state: State, seat: int, rng: Rng) -> State:
        from engine.disruption.coach import redeal

        return redeal(state, rng)

    # the search (engine/disruption/coach.py): runs are quick and won or lost, so a decision
    # plays 1,500 of them at once, every move 8 rounds at least
    search_playouts = 1500
    search_min_rounds = 8

    def search_moves(self, state: State, seat: int, legal: list[Any]) -> tuple[list[Any], int]:
        """Every legal move, best first by the encounter's exact odds; the best is kept unless
        the run shows another better."""
        from engine.disruption.coach import encounter_advice

        return [way for way, _, _, _ in encounter_advice(self, state)], 0

    def fixed_search(self, state: State, seat: int) -> int:
        from engine.disruption.coach import table_seed

        return table_seed(state)

    def hint_why(self, state: State, seat: int, action: Any, wins: float, samples: int) -> str:
        """The encounter's exact odds for the move, and the runs its worth comes from."""
        from engine.disruption.coach import encounter_words

        runs = f"{round(wins)} of {samples} runs won"
        encounter = encounter_words(self, state, action)
        return f"{encounter}, {runs}" if encounter else runs

    def easy_action(self, state: State, seat: int) -> Action:
        """The likeliest win now, trading never: the fight best_first puts first."""
        if state.phase == "tie":
            return REROLL
        return self.best_first(state, self._fight_options(state))[0]

    def rollout_action(self, state: State, rng: Rng) -> Action:
        return self.easy_action(state, 0)

    def worth_words(self, state: State, seat: int, worth: float) -> str:
        from engine.disruption.coach import percent

        return f"{percent(worth)} to disrupt the ritual"

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        return (len(state.defender_deck), len(state.minor_deck), len(state.major_deck))

    def summary(self, state: State) -> str:
        result = self.outcome(state)
        if result is not None and not result.won:
            return f"Lost at {state.wins}/{WINS_TO_WIN} wins, defeats {state.defeats}/{DEFEATS_TO_LOSE}"
        text = f"Wins {state.wins}/{WINS_TO_WIN}, defeats {state.defeats}/{DEFEATS_TO_LOSE}"
        if result is not None:
            return f"{text}, won (score {result.score})"
        if state.encounter is not None:
            text += f", facing {state.encounter.target}"
        return text

    def variants(self, state: State) -> str:
        """The variants in play, for the table ("" when none)."""
        return self.variant_name({"accursed_joker": state.accursed_joker, "no_dice": state.no_dice})

    def variant_name(self, options: dict[str, Any]) -> str:
        names = [name for name, key in (("Joker", "accursed_joker"), ("No Dice", "no_dice")) if options.get(key)]
        return " + ".join(names)

    def describe(self, action: Action, state: State | None = None) -> str:
        def names(indices: tuple[int, ...]) -> str:
            if state is None:
                return ", ".join(f"#{i + 1}" for i in indices)
            return ", ".join(state.hand[i].label for i in indices)

        if isinstance(action, Reroll):
            if state is None or state.encounter is None:
                return "Re-roll the tie"
            fight = state.encounter
            dice = dice_words(state, fight.dice_count)
            allies = ", ".join(labels(fight.allies))
            return f"Re-roll {dice}" + (f" with {allies} (committed)" if allies else "")
        if isinstance(action, Trade):
            return f"Trade {names(action.minors)} for a Major"
        if state is None:
            return "Fight with 2d6" if not action.allies else f"Fight with {names(action.allies)}"
        dice = dice_words(state, self.dice_for(state, action))
        if not action.allies:
            return f"Roll {dice}" if not state.no_dice else f"Draw {dice}"
        return f"{dice} + {names(action.allies)}"

    # ----- the log ----------------------------------------------------------------------

    def turning_points(self, lines: list[Any]) -> list[str]:
        """The lines a finished game's story is told by: defeats, Major rewards, trades, the
        switch to pairs and the end (every win shows in its reward)."""
        return [
            self.log_text(entry)
            for entry in lines
            if not isinstance(entry, str)
            and entry.what in TURNING_POINTS
            and (entry.what != "reward" or entry.parts[0] == "Major")
        ]

    def upgrade(
        self, version: int, options: dict[str, Any], state: Any, actions: list[Any]
    ) -> tuple[dict[str, Any], Any, list[Any]]:
        """1 -> 2: the rules are the same; the log becomes Lines. The save's moves are replayed
        from its seed, so its log is told the new way; should they not lead to its table, the
        old text is kept as plain lines."""
        if version != 1:
            raise NotImplementedError
        state["log"] = upgrade_text_log(state["log"])
        state["logged"] = len(state["log"])
        saved = msgspec.convert(state, type=State)
        start = self.new_game(seed=saved.rng.seed, **options)

        def same(raw: dict[str, Any]) -> dict[str, Any]:
            raw.pop("log"), raw.pop("logged")
            if raw.get("last"):
                raw["last"]["reward_why"] = ""  # a reason only the new rules write down
            return raw

        rebuilt = replayed(self, start, actions, saved, same)
        return (options, *rebuilt) if rebuilt else (options, state, actions)

    # ----- odds for the screen ----------------------------------------------------------

    def dice_for(self, state: State, action: Fight) -> int:
        """Against a single, an ally replaces one die; against a pair, 2d6 are always rolled."""
        return 1 if action.allies and singles_phase(state) else 2

    def chances(self, state: State, action: Fight | Reroll) -> Chances:
        """Exact chances of winning this way, and of the win bringing a Major or a Minor."""
        fight = state.encounter
        assert fight is not None
        if isinstance(action, Reroll):
            allies, dice = fight.allies, fight.dice_count
        else:
            allies, dice = [state.hand[i] for i in action.allies], self.dice_for(state, action)
        return fight_chances(dice, ally_value(allies), fight.target, bool(allies))

    def chance(self, state: State, action: Fight | Reroll) -> Fraction:
        return self.chances(state, action).win

    def best_first(self, state: State, ways: list[Fight | Reroll]) -> list[Fight | Reroll]:
        """Ways to fight, the likeliest win first; at an equal chance, the likelier Major
        reward, then the likelier Minor; still equal, as given (rolling first, then hand order)."""
        odds = {way: self.chances(state, way) for way in ways}
        return sorted(ways, key=lambda way: (-odds[way].win, -odds[way].major, -odds[way].minor))
