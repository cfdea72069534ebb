"""Disruption's rules. Rulings cited as R1, R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from engine.core.game import Game, GameOption, Outcome
from engine.core.odds import chance_at_least, chance_exactly
from engine.core.rng import Rng
from engine.disruption.model import (
    DEFEATS_TO_LOSE,
    PAIR_MINORS_THRESHOLD,
    SINGLES_UNTIL,
    WINS_TO_WIN,
    Action,
    Card,
    Encounter,
    Event,
    Fight,
    LastResult,
    Reroll,
    State,
    Trade,
)

LOG_LENGTH = 40

# No Dice variant (R7): a die is a card drawn from a freshly shuffled small deck.
BLACK_DIE = (("J♣", 1), ("Q♣", 2), ("K♣", 3), ("J♠", 4), ("Q♠", 5), ("K♠", 6))
RED_DIE = (("J♥", 1), ("Q♥", 2), ("K♥", 3), ("J♦", 4), ("Q♦", 5), ("K♦", 6))
TEN_DIE = (
    ("Q♥", 1), ("K♥", 2), ("J♦", 3), ("Q♦", 4), ("K♦", 5),
    ("Q♣", 6), ("K♣", 7), ("J♠", 8), ("Q♠", 9), ("K♠", 10),
)  # fmt: skip


DEFENDERS = tuple(Card(rank, suit) for suit in "HD" for rank in range(1, 11))
JOKERS = (Card(0, "X"), Card(0, "X"))
MINORS = tuple(Card(rank, suit) for suit in "CS" for rank in range(1, 6))
MAJORS = tuple(Card(rank, suit) for suit in "CS" for rank in range(6, 11))


def singles_phase(state: State) -> bool:
    return state.wins < SINGLES_UNTIL


def ally_value(cards: list[Card]) -> int:
    return sum(card.rank for card in cards)


def hand_value(state: State) -> int:
    return ally_value(state.hand)


def score(state: State) -> int:
    """Allies left in hand, +5 for winning, -2 per defeat (R5: the same sum on a loss)."""
    won = 5 if state.wins >= WINS_TO_WIN else 0
    return hand_value(state) + won - 2 * state.defeats


def win_chance(dice_count: int, bonus: int, target: int) -> Fraction:
    """Chance to win an encounter, ties re-rolled with the same dice until settled."""
    above = chance_at_least(dice_count, 6, target + 1, bonus)
    tie = chance_exactly(dice_count, 6, target, bonus)
    return above / (1 - tie) if tie < 1 else Fraction(0)


class DisruptionGame(Game):
    id = "disruption"
    title = "Disruption"
    blurb = "Solo dice and allies against the Ritual Defenders"
    State = State
    Action = Action
    Event = Event
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
            hand=[minors.pop() for _ in range(3)],
            encounter=None,
        )
        self._log(state, f"The Summoner sets out with {', '.join(c.label for c in state.hand)}.")
        self._reveal(state)
        return state

    # ----- the contract ---------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == "over":
            return []
        actions: list[Action] = []
        if state.phase == "tie":
            actions.append(Reroll())
        else:
            actions.extend(self._fight_options(state))
        if self._can_draw_major(state):
            minors = [i for i, card in enumerate(state.hand) if not card.is_major]
            actions.extend(Trade(combo) for combo in combinations(minors, 3))
        return actions

    def is_legal(self, state: State, action: Any) -> bool:
        """The same answer as `action in legal_actions(state)`, without listing them all."""
        if state.phase == "over":
            return False
        hand = state.hand
        if isinstance(action, Trade):
            minors = action.minors
            return (
                self._can_draw_major(state)
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
        options = [Fight(())]
        options += [Fight((i,)) for i in range(len(state.hand))]
        has_major = any(card.is_major for card in state.hand)
        if not singles_phase(state) and not has_major:
            if state.encounter.target >= PAIR_MINORS_THRESHOLD:
                options += [Fight(pair) for pair in combinations(range(len(state.hand)), 2)]
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
            if not self._can_draw_major(state):
                return "There is no Major ally left to draw."
            return "A trade takes exactly three Minor allies from your hand."
        return "That move is not allowed right now."

    def _apply(self, state: State, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Trade):
            self._trade(state, action, events)
        elif isinstance(action, Fight):
            self._commit(state, action, events)
        elif isinstance(action, Reroll):
            self._roll_and_resolve(state, events)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if state.wins >= WINS_TO_WIN:
            return Outcome(True, score(state), f"The ritual is disrupted! Score {score(state)}.")
        if state.defeats >= DEFEATS_TO_LOSE:
            return Outcome(False, score(state), f"The ritual goes on. Score {score(state)}.")
        return None

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        return (len(state.defender_deck), len(state.minor_deck), len(state.major_deck))

    def summary(self, state: State) -> str:
        text = f"Wins {state.wins}/{WINS_TO_WIN}, defeats {state.defeats}/{DEFEATS_TO_LOSE}"
        result = self.outcome(state)
        if result is not None:
            return f"{text}, {'won' if result.won else 'lost'} (score {result.score})"
        if state.encounter is not None:
            text += f", facing {state.encounter.target}"
        return text

    def describe(self, action: Action, state: State | None = None) -> str:
        def names(indices: tuple[int, ...]) -> str:
            if state is None:
                return ", ".join(f"#{i + 1}" for i in indices)
            return ", ".join(state.hand[i].label for i in indices)

        if isinstance(action, Reroll):
            return "Re-roll the tie"
        if isinstance(action, Trade):
            return f"Trade {names(action.minors)} for a Major"
        if not action.allies:
            return "Roll 2d6"
        dice = self.dice_for(state, action) if state is not None else 2
        return f"{dice}d6 + {names(action.allies)}"

    # ----- odds for the screen ----------------------------------------------------------

    def dice_for(self, state: State, action: Fight) -> int:
        """Against a single, an ally replaces one die; against a pair, 2d6 are always rolled."""
        return 1 if singles_phase(state) and action.allies else 2

    def chance(self, state: State, action: Fight) -> Fraction:
        assert state.encounter is not None
        bonus = ally_value([state.hand[i] for i in action.allies])
        return win_chance(self.dice_for(state, action), bonus, state.encounter.target)

    # ----- steps ----------------------------------------------------------------------

    def _log(self, state: State, text: str) -> None:
        state.log.append(text)
        del state.log[:-LOG_LENGTH]

    def _die(self, state: State, table: tuple[tuple[str, int], ...], sides: int) -> tuple[int, str]:
        if not state.no_dice:
            return state.rng.die(sides), ""
        deck = list(table)
        state.rng.shuffle(deck)  # R7: the small deck is shuffled before every draw
        name, value = deck[0]
        return value, name

    def _reveal(self, state: State) -> None:
        count = 1 if singles_phase(state) else 2
        if len(state.defender_deck) < count:  # R3: cannot happen with 20 cards; guarded anyway
            state.rng.shuffle(state.defender_graveyard)
            state.defender_deck[:0] = state.defender_graveyard
            state.defender_graveyard = []
        defenders = [state.defender_deck.pop() for _ in range(count)]
        values = [card.rank for card in defenders]
        jokers = [i for i, card in enumerate(defenders) if card.is_joker]
        if jokers:
            value, name = self._die(state, TEN_DIE, 10)  # R6: two jokers share one roll
            for i in jokers:
                values[i] = value
            drawn = f" ({name})" if name else ""
            self._log(state, f"An Accursed Joker rises: d10 rolls {value}{drawn}.")
        state.encounter = Encounter(defenders=defenders, values=values)
        state.phase = "fight"
        shown = " + ".join(f"{c.label}" if not c.is_joker else f"Joker({v})" for c, v in zip(defenders, values))
        self._log(state, f"{'Defenders' if count > 1 else 'Defender'} {shown} {'bar' if count > 1 else 'bars'} the way: {sum(values)}.")

    def _trade(self, state: State, action: Trade, events: list[Event]) -> None:
        traded = [state.hand[i] for i in action.minors]
        for i in sorted(action.minors, reverse=True):
            del state.hand[i]
        state.ally_graveyard.extend(traded)
        drawn = self._draw_ally(state, major=True)
        text = f"Traded {', '.join(c.label for c in traded)} for {drawn.label if drawn else 'nothing'}."
        self._log(state, text)
        events.append(Event("trade", text))

    def _commit(self, state: State, action: Fight, events: list[Event]) -> None:
        encounter = state.encounter
        assert encounter is not None
        encounter.allies = [state.hand[i] for i in action.allies]
        for i in sorted(action.allies, reverse=True):
            del state.hand[i]
        encounter.dice_count = self.dice_for(state, action)
        self._roll_and_resolve(state, events)

    def _roll_and_resolve(self, state: State, events: list[Event]) -> None:
        encounter = state.encounter
        assert encounter is not None
        rolls = [
            self._die(state, BLACK_DIE if i == 0 else RED_DIE, 6)
            for i in range(encounter.dice_count)
        ]
        encounter.dice = [value for value, _ in rolls]
        encounter.dice_cards = [name for _, name in rolls if name]
        dice_total = sum(encounter.dice)
        allies_total = ally_value(encounter.allies)
        total = dice_total + allies_total
        target = encounter.target
        faces = " ".join(f"[{d}]" for d in encounter.dice)
        cards = f" ({' '.join(encounter.dice_cards)})" if encounter.dice_cards else ""
        brought = f" + {allies_total}" if encounter.allies else ""
        self._log(state, f"Rolled {faces}{cards}{brought} = {total} against {target}.")
        if total == target:  # R1: equal is a tie, never a win
            state.phase = "tie"
            self._log(state, "A tie! Roll the same dice again.")
            events.append(Event("tie", f"{total} ties {target}"))
            return
        won = total > target
        state.ally_graveyard.extend(encounter.allies)
        reward = ""
        if won:
            state.wins += 1
            state.defender_graveyard.extend(encounter.defenders)
            # R4: a Major when dice alone or allies alone beat the defenders, else a Minor
            alone = dice_total > target or (encounter.allies and allies_total > target)
            drawn = self._draw_ally(state, major=bool(alone))
            reward = drawn.label if drawn else "nothing (that deck is spent)"
            self._log(state, f"Victory {state.wins}/{WINS_TO_WIN}! Reward: {reward}.")
        else:
            state.defeats += 1
            state.defeats_pile.extend(encounter.defenders)
            self._log(state, f"Defeat {state.defeats}/{DEFEATS_TO_LOSE}.")
        state.last = LastResult(
            defenders=[c.label for c in encounter.defenders],
            target=target,
            allies=[c.label for c in encounter.allies],
            dice=list(encounter.dice),
            total=total,
            result="won" if won else "lost",
            reward=reward,
            dice_cards=list(encounter.dice_cards),
        )
        events.append(Event("won" if won else "lost", f"{total} against {target}"))
        state.encounter = None
        result = self.outcome(state)
        if result is not None:
            state.phase = "over"
            self._log(state, result.summary)
            events.append(Event("over", result.summary))
        else:
            self._reveal(state)

    # ----- allies -----------------------------------------------------------------------

    def _can_draw_major(self, state: State) -> bool:
        return bool(state.major_deck) or any(card.is_major for card in state.ally_graveyard)

    def _draw_ally(self, state: State, major: bool) -> Card | None:
        """Draw a Minor or Major ally; an empty deck is rebuilt from its graveyard (R2)."""
        deck = state.major_deck if major else state.minor_deck
        if not deck:
            spent = [card for card in state.ally_graveyard if card.is_major == major]
            state.ally_graveyard = [card for card in state.ally_graveyard if card.is_major != major]
            state.rng.shuffle(spent)
            deck.extend(spent)
        if not deck:
            return None
        card = deck.pop()
        state.hand.append(card)
        return card
