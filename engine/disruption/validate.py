"""Whether a Disruption state could have come from play (Game.validate): every card in exactly
one place, the counters in range, and the encounter on the table exactly when a choice waits
on it. Rulings cited as R1, R2... are in RULINGS.md beside this file."""

from __future__ import annotations

from collections import Counter

from engine.disruption.encounter import singles_phase
from engine.disruption.model import (
    DEFEATS_TO_LOSE,
    LABELS,
    SINGLES_UNTIL,
    WINS_TO_WIN,
    Card,
    Encounter,
    State,
)
from engine.disruption.wording import LINES_KEPT

DEFENDERS = Counter(Card(rank, suit) for suit in "HD" for rank in range(1, 11))
JOKERS = Counter({Card(0, "X"): 2})
ALLIES = Counter(Card(rank, suit) for suit in "CS" for rank in range(1, 11))
RNG_LIMIT = 1 << 64


def problems(state: State) -> list[str]:
    found = _cards(state)
    if found:
        return found  # the rest reads the cards' ranks and suits
    found += _counters(state)
    found += _encounter(state)
    return found


def _cards(state: State) -> list[str]:
    found = []
    fight = state.encounter
    defenders = state.defender_deck + state.defender_graveyard + state.defeats_pile
    allies = state.minor_deck + state.major_deck + state.ally_graveyard + state.hand
    if fight is not None:
        defenders = defenders + fight.defenders
        allies = allies + fight.allies
    expected = DEFENDERS + JOKERS if state.accursed_joker else DEFENDERS
    for what, cards, whole in (("defender", defenders, expected), ("ally", allies, ALLIES)):
        seen = Counter(cards)
        if not dict.__eq__(seen, whole):
            odd = sorted((c for c in seen.keys() | whole.keys() if seen[c] != whole[c]), key=_order)
            card = odd[0]
            name = LABELS.get(card.suit, {}).get(card.rank, f"{card.rank}{card.suit}")
            found.append(f"the {what} card {name} lies in {seen[card]} places, not {whole[card]}")
    if any(card.is_major for card in state.minor_deck) or not all(card.is_major for card in state.major_deck):
        found.append("a Minor ally is in the Major deck, or a Major in the Minor deck")
    return found


def _order(card: Card) -> tuple[str, int]:
    return (card.suit, card.rank)


def _counters(state: State) -> list[str]:
    found = []
    if not 0 <= state.wins <= WINS_TO_WIN or not 0 <= state.defeats <= DEFEATS_TO_LOSE:
        found.append(f"{state.wins} wins and {state.defeats} defeats are out of range")
    elif (state.phase == "over") != (state.wins == WINS_TO_WIN or state.defeats == DEFEATS_TO_LOSE):
        found.append("the game's end and its wins and defeats disagree")
    elif state.wins == WINS_TO_WIN and state.defeats == DEFEATS_TO_LOSE:
        found.append("the game was both won and lost")
    # R3: beaten defenders never go back into the deck, so they tell the wins exactly
    singles = min(state.wins, SINGLES_UNTIL)
    beaten = singles + 2 * (state.wins - singles)
    if len(state.defender_graveyard) != beaten:
        found.append(f"{len(state.defender_graveyard)} beaten defenders for {state.wins} wins")
    if not state.defeats <= len(state.defeats_pile) <= 2 * state.defeats:
        found.append(f"{len(state.defeats_pile)} defenders in the defeats pile for {state.defeats} defeats")
    if not (0 <= state.rng.seed < RNG_LIMIT and 0 <= state.rng.counter < RNG_LIMIT):
        found.append("the shuffle's counter is out of range")
    if len(state.log) > LINES_KEPT or state.logged < len(state.log):
        found.append("the log is longer than the lines ever written")
    last = state.last
    if last is not None and (len(last.dice) > 2 or any(not 1 <= face <= 6 for face in last.dice)):
        found.append("the last roll shows impossible dice")
    return found


def _encounter(state: State) -> list[str]:
    fight = state.encounter
    if state.phase == "over":
        return ["the game is over but defenders are still on the table"] if fight is not None else []
    if fight is None:
        return [f"no defender is on the table, yet the game waits for a {state.phase}"]
    found = _defenders(state, fight)
    if state.phase == "fight":
        if fight.allies or fight.dice_count or fight.dice or fight.dice_cards:
            found.append("allies or dice are committed before the fight was chosen")
        return found
    # a tie (R1): the committed allies and dice made exactly the defenders' total
    dice = 1 if singles_phase(state) and fight.allies else 2
    if fight.dice_count != dice or len(fight.dice) != dice or any(not 1 <= f <= 6 for f in fight.dice):
        found.append("the tied roll does not fit the dice of this fight")
    elif sum(fight.dice) + sum(card.rank for card in fight.allies) != fight.target:
        found.append("the tie's total does not equal the defenders'")
    if len(fight.allies) > (1 if singles_phase(state) else 2):
        found.append(f"{len(fight.allies)} allies joined one fight")
    if len(fight.dice_cards) != (len(fight.dice) if state.no_dice else 0):
        found.append("the die cards drawn do not match the dice")
    return found


def _defenders(state: State, fight: Encounter) -> list[str]:
    count = 1 if singles_phase(state) else 2
    if len(fight.defenders) != count or len(fight.values) != count:
        return [f"{len(fight.defenders)} defenders face the player where {count} should"]
    found = []
    jokers = [value for card, value in zip(fight.defenders, fight.values) if card.is_joker]
    if any(value != card.rank for card, value in zip(fight.defenders, fight.values) if not card.is_joker):
        found.append("a defender's value is not its rank")
    if any(not 1 <= value <= 10 for value in jokers) or len(set(jokers)) > 1:  # R6: one d10 roll
        found.append("a Joker's value is not one roll of a d10")
    return found
