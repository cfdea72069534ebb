"""The steps of an encounter: defenders revealed, allies committed, dice rolled, the verdict,
rewards and trades. Each step logs its line before it changes the table.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from operator import attrgetter

from engine.core.log import Line
from engine.disruption.model import (
    DEFEATS_TO_LOSE,
    LABELS,
    MAJOR_FROM,
    SINGLES_UNTIL,
    SUIT_SYMBOL,
    WINS_TO_WIN,
    Card,
    Encounter,
    LastResult,
    State,
)
from engine.disruption.score import score
from engine.disruption.wording import LINES_KEPT

# No Dice variant (R7): a die is a card drawn from a freshly shuffled small deck.
BLACK_DIE = (("J♣", 1), ("Q♣", 2), ("K♣", 3), ("J♠", 4), ("Q♠", 5), ("K♠", 6))
RED_DIE = (("J♥", 1), ("Q♥", 2), ("K♥", 3), ("J♦", 4), ("Q♦", 5), ("K♦", 6))
TEN_DIE = (
    ("Q♥", 1), ("K♥", 2), ("J♦", 3), ("Q♦", 4), ("K♦", 5),
    ("Q♣", 6), ("K♣", 7), ("J♠", 8), ("Q♠", 9), ("K♠", 10),
)  # fmt: skip


def log(state: State, what: str, *parts: object) -> None:
    """Write a log line. The log is cut back to its newest lines once a move is over
    (keep_recent), not line by line."""
    state.logged += 1
    state.log.append(Line(what, parts))  # type: ignore[arg-type]


def keep_recent(state: State) -> None:
    """Keep only the newest LINES_KEPT lines of the log (the end of every move)."""
    if len(state.log) > LINES_KEPT:
        del state.log[:-LINES_KEPT]


# Every card's label, looked up by the card itself: labels are written on every move.
_LABEL_OF = {Card(rank, suit): LABELS[suit][rank] for suit in SUIT_SYMBOL for rank in LABELS[suit]}
_label_of = _LABEL_OF.__getitem__


def labels(cards: list[Card]) -> tuple[str, ...]:
    return tuple(map(_label_of, cards))


rank_of = attrgetter("rank")  # map(rank_of, cards): no comprehension frame on every move


def singles_phase(state: State) -> bool:
    return state.wins < SINGLES_UNTIL


def dice_words(state: State, count: int) -> str:
    """How the dice are named: "2d6", or the No Dice variant's drawn cards."""
    if state.no_dice:
        return "1 die card" if count == 1 else f"{count} die cards"
    return f"{count}d6"


def die(state: State, table: tuple[tuple[str, int], ...], sides: int) -> tuple[int, str]:
    if not state.no_dice:
        return state.rng.die(sides), ""
    deck = list(table)
    state.rng.shuffle(deck)  # R7: the small deck is shuffled before every draw
    name, value = deck[0]
    return value, name


def reveal(state: State) -> None:
    count = 1 if state.wins < SINGLES_UNTIL else 2
    if len(state.defender_deck) < count:  # R3: cannot happen with 20 cards; guarded anyway
        log(state, "reshuffle", len(state.defender_graveyard))
        state.rng.shuffle(state.defender_graveyard)
        state.defender_deck[:0] = state.defender_graveyard
        state.defender_graveyard = []
    defenders = state.defender_deck[-count:][::-1]  # the top card first
    values = list(map(rank_of, defenders))
    if 0 in values:  # only a joker has rank 0
        value, name = die(state, TEN_DIE, 10)  # R6: two jokers share one roll
        log(state, "joker", value, name)
        values = [value if card.is_joker else rank for card, rank in zip(defenders, values)]
        shown = tuple(f"Joker({v})" if c.is_joker else c.label for c, v in zip(defenders, values))
    else:
        shown = labels(defenders)
    log(state, "reveal", shown, sum(values))
    del state.defender_deck[-count:]
    state.encounter = Encounter(defenders, values)
    state.phase = "fight"


def trade(state: State, minors: tuple[int, ...]) -> None:
    traded = [state.hand[i] for i in minors]
    deck = ready_deck(state, major=True)
    log(state, "trade", labels(traded), deck[-1].label if deck else "")
    for i in sorted(minors, reverse=True):
        del state.hand[i]
    state.ally_graveyard.extend(traded)
    if deck:
        state.hand.append(deck.pop())


def commit(state: State, allies: tuple[int, ...], dice_count: int) -> None:
    encounter = state.encounter
    assert encounter is not None
    brought = list(map(state.hand.__getitem__, allies))
    log(state, "bring", labels(brought), dice_words(state, dice_count))
    encounter.allies = brought
    for i in sorted(allies, reverse=True):
        del state.hand[i]
    encounter.dice_count = dice_count
    roll_and_resolve(state)


def roll_and_resolve(state: State) -> None:
    encounter = state.encounter
    assert encounter is not None
    if state.no_dice:
        rolls = [die(state, BLACK_DIE if i == 0 else RED_DIE, 6) for i in range(encounter.dice_count)]
        dice = [value for value, _ in rolls]
        drawn = [name for _, name in rolls]
    else:
        dice, drawn = state.rng.roll(encounter.dice_count, 6), []
    encounter.dice, encounter.dice_cards = dice, drawn
    brought = encounter.allies
    dice_total = sum(dice)
    allies_total = sum(map(rank_of, brought))
    total = dice_total + allies_total
    target = sum(encounter.values)
    log(state, "rolled", tuple(dice), tuple(drawn), allies_total, total, target)
    if total == target:  # R1: equal is a tie, never a win
        log(state, "tie", total)
        state.phase = "tie"
        return
    won = total > target
    defenders, allies = labels(encounter.defenders), labels(brought)
    reward = reward_why = ""
    if won:
        log(state, "won", state.wins + 1, defenders, allies)
        state.wins += 1
        state.defender_graveyard += encounter.defenders
        state.ally_graveyard += brought
        state.encounter = None
        # R4: a Major when dice alone or allies alone beat the defenders, else a Minor
        if dice_total > target:
            major, why = True, f"the dice alone beat {target}"
        elif brought and allies_total > target:
            major, why = True, f"{' + '.join(allies)} alone beat {target}"
        else:
            major, why = False, f"it took dice and {' + '.join(allies)} together"
        reward, reward_why = draw_reward(state, major, why)
        if state.wins == SINGLES_UNTIL:
            log(state, "pairs")
    else:
        log(state, "lost", state.defeats + 1, defenders, allies)
        state.defeats += 1
        state.defeats_pile += encounter.defenders
        state.ally_graveyard += brought
        state.encounter = None
    # the encounter is off the table: its lists move to the result as they are
    state.last = LastResult(
        list(defenders), target, list(allies), dice, total, "won" if won else "lost", reward, reward_why, drawn
    )
    if state.wins >= WINS_TO_WIN or state.defeats >= DEFEATS_TO_LOSE:
        if state.wins >= WINS_TO_WIN:
            log(state, "disrupted", score(state))
        else:
            log(state, "goes on", state.wins)
        state.phase = "over"
    else:
        reveal(state)


# ----- allies -------------------------------------------------------------------------


def can_draw_major(state: State) -> bool:
    return bool(state.major_deck) or any([card.rank >= MAJOR_FROM for card in state.ally_graveyard])


def ready_deck(state: State, major: bool) -> list[Card]:
    """The Minor or Major deck, rebuilt from its graveyard first when it is empty (R2)."""
    deck = state.major_deck if major else state.minor_deck
    if not deck:
        spent = [card for card in state.ally_graveyard if card.is_major == major]
        if spent:
            log(state, "rebuilt", "Major" if major else "Minor", len(spent))
            state.ally_graveyard = [card for card in state.ally_graveyard if card.is_major != major]
            state.rng.shuffle(spent)
            deck.extend(spent)
    return deck


def draw_reward(state: State, major: bool, why: str) -> tuple[str, str]:
    """Draw a win's reward into the hand: its label (or what came instead) and the reason."""
    deck = ready_deck(state, major)
    kind = "Major" if major else "Minor"
    card = _label_of(deck[-1]) if deck else ""
    log(state, "reward", kind, card, why)
    if not deck:
        return "nothing (that deck is spent)", f"{kind}: {why}"
    state.hand.append(deck.pop())
    return card, f"{kind}: {why}"
