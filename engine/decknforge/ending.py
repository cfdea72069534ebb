"""The end of a dungeon: cards go home, and every deck gets what the game writes on it."""

from __future__ import annotations

from operator import attrgetter

from engine.decknforge.effects import log, owner_tag
from engine.decknforge.legacy import DeckResult, clear_marks, roll_scar, scar_marks
from engine.decknforge.lexicon import (
    Word,
    base_names_firing_on,
    base_words_of,
    fires_on,
    usable_words_of,
    vocabulary_problems,
)
from engine.decknforge.model import LABEL, Card, State

by_code = attrgetter("code")


def return_cards(state: State) -> None:
    """Every card, wherever it lies, goes back to its owner's pile of returned cards."""
    loose: list[Card] = list(state.monster_pile) + state.lair + state.slain + state.escalations
    for row in state.rows:
        loose += row
    state.monster_pile, state.lair, state.slain, state.escalations = [], [], [], []
    state.rows = [[] for _ in state.rows]
    state.slain_places = []  # the slain jokers' places are empty too, their cards gone home
    for player in state.players:
        loose += player.adventurer_deck + player.equipment_deck + player.hand
        loose += player.cast + player.discard
        for slot in player.slots:
            loose.append(slot.adventurer)
            loose += slot.gear
        player.adventurer_deck, player.equipment_deck, player.hand = [], [], []
        player.cast, player.discard, player.slots = [], [], []
        player.actions_left, player.done = 0, True
    returned = [player.returned for player in state.players]
    for card in loose:
        returned[card.owner].append(card)
    for cards in returned:
        cards.sort(key=by_code)


def table_pool(state: State, kind: str, seat: int | None = None) -> list[Word]:
    """The words a table pulls from for `kind`: the built-in lexicon and the coined words
    approved at this table, plus the seat's own pending words when a player picks (R25, R36)."""
    return [*base_words_of(kind), *coined_pool(state, kind, seat)]


def coined_pool(state: State, kind: str, seat: int | None = None) -> list[Word]:
    """The coined part of table_pool. The built-in words were checked when the lexicon was
    loaded; a coined word is checked against the vocabulary each time it may be drawn."""
    if not state.coined:
        return []
    initials = None if seat is None else state.players[seat].initials
    coined = [
        w
        for w in state.coined
        if w.status == "approved" or (w.status == "pending" and w.author == initials)
    ]
    return [w for w in usable_words_of(kind, coined) if not vocabulary_problems(w)]


def _result(state: State, seat: int, marks: list, scar=None) -> DeckResult:
    return DeckResult(
        result=state.result,  # type: ignore[arg-type]
        seed=state.seed,
        band=[p.initials for p in state.players],
        rounds=state.round,
        marks=marks,
        scar=scar,
    )


def finish(state: State, result: str) -> None:
    """Close the dungeon. A clear writes its results at once; a fall first asks each owner
    for the two words of their scar."""
    state.result = result  # type: ignore[assignment]
    log(state, "home")
    return_cards(state)
    if result == "clear":
        pool = [w.name for w in table_pool(state, "adventurer")]  # rulebook 8; R22, R36
        for seat in range(len(state.decks)):
            marks = clear_marks(state.players[seat].returned, state.rng, pool)
            state.results.append(_result(state, seat, marks))
            card, word = (LABEL[marks[0].card], marks[0].word) if marks else ("", "")
            log(state, "clear xp", owner_tag(state, seat), card, word)
        _say_not_kept(state)
        state.phase = "over"
        return
    state.scars = [roll_scar(p.returned, state.rng) for p in state.players]
    state.phase = "scar"
    for seat, scar in enumerate(state.scars):
        player = state.players[seat]
        monster = LABEL[scar.monster] if scar.monster else ""
        gear = LABEL[scar.equipment] if scar.equipment else ""
        log(state, "scar", player.label, monster, scar.modifier, gear)
    _close_if_written(state)


def scar_step(state: State, seat: int) -> str:
    """What the seat's scar waits for: "monster" (step 3), "equipment" (step 4) or ""."""
    if state.phase != "scar":
        return ""
    scar = state.scars[seat]
    if scar.monster and not scar.monster_word:
        return "monster"
    if scar.equipment and not scar.equipment_word:
        return "equipment"
    return ""


def scar_words(state: State, seat: int) -> list[str]:
    """The words the seat may write at its scar's current step: only words that can fire on
    that card (R38)."""
    step = scar_step(state, seat)
    if not step:
        return []
    scar = state.scars[seat]
    code = scar.monster if step == "monster" else scar.equipment
    fitting = base_names_firing_on(step, code)
    coined = coined_pool(state, step, seat)
    return [*fitting, *(w.name for w in coined if fires_on(w, code))] if coined else list(fitting)


def scar_waiting(state: State) -> tuple[int, ...]:
    return tuple(seat for seat in range(len(state.scars)) if scar_step(state, seat))


def write_scar(state: State, seat: int, word: str) -> None:
    step = scar_step(state, seat)
    scar = state.scars[seat]
    player = state.players[seat]
    if step == "monster":
        scar.monster_word = word
        log(state, "scar monster", player.label, word, scar.modifier, LABEL[scar.monster])
    else:
        scar.equipment_word = word
        log(state, "scar equipment", player.label, LABEL[scar.equipment], word)
    _close_if_written(state)


def _close_if_written(state: State) -> None:
    if scar_waiting(state):
        return
    for seat, scar in enumerate(state.scars):
        state.results.append(_result(state, seat, scar_marks(scar), scar))
        log(state, "fall xp", owner_tag(state, seat))
    _say_not_kept(state)
    state.phase = "over"


def _say_not_kept(state: State) -> None:
    """A deck that is no stored deck's (a bot's, or a fresh one of a game started without
    decks) keeps nothing of the XP and marks just told: the log says so."""
    unkept = tuple(owner_tag(state, seat) for seat, deck in enumerate(state.decks) if not deck.id)
    if unkept:
        log(state, "not kept", unkept)

