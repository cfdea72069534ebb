"""The end of a dungeon: cards go home, and every deck gets what the game wrote on it."""

from __future__ import annotations

from engine.decknforge.effects import log, lookup
from engine.decknforge.legacy import GameRecord, record_clear, record_fall, roll_scar
from engine.decknforge.lexicon import words_of
from engine.decknforge.model import LABEL, Card, State


def return_cards(state: State) -> None:
    """Every card, wherever it lies, goes back to its owner's pile of returned cards."""
    loose: list[Card] = list(state.monster_pile) + state.lair + state.slain + state.escalations
    for row in state.rows:
        loose += row
    state.monster_pile, state.lair, state.slain, state.escalations = [], [], [], []
    state.rows = [[] for _ in state.rows]
    for player in state.players:
        loose += player.adventurer_deck + player.equipment_deck + player.hand
        loose += player.cast + player.discard
        for slot in player.slots:
            loose.append(slot.adventurer)
            loose += slot.gear
        player.adventurer_deck, player.equipment_deck, player.hand = [], [], []
        player.cast, player.discard, player.slots = [], [], []
    for card in loose:
        state.players[card.owner].returned.append(card)
    for player in state.players:
        player.returned.sort(key=lambda c: c.code)


def _record(state: State, result: str) -> GameRecord:
    return GameRecord(
        game=0,
        seed=state.seed,
        result=result,  # type: ignore[arg-type]
        band=[p.initials for p in state.players],
        rounds=state.round,
        xp=0,
    )


def finish(state: State, result: str) -> None:
    """Close the dungeon. A clear writes the decks at once; a fall first asks for scar words."""
    state.result = result  # type: ignore[assignment]
    return_cards(state)
    if result == "clear":
        pool = [w.name for w in words_of("adventurer")]  # R22: the shared Adventurer lexicon
        state.result_decks = [
            record_clear(deck, state.rng, pool, _record(state, result)) for deck in state.decks
        ]
        for deck in state.result_decks:
            log(state, f"{deck.initials}: +150 XP ({deck.xp}). {deck.history[-1].note}".rstrip())
        state.phase = "over"
        return
    pool = [w.name for w in words_of("equipment")]
    state.scars = [roll_scar(deck, state.rng, pool) for deck in state.decks]
    state.phase = "scar"
    state.scar_turn = -1
    next_scar(state)


def monster_words_for(state: State, seat: int) -> list[str]:
    """What an owner may write on a scar's Monster: the shared words and their own (R25)."""
    initials = state.players[seat].initials
    own = [w for w in state.coined if w.author == initials or w.status == "approved"]
    return [w.name for w in words_of("monster", own)]


def next_scar(state: State) -> None:
    """Move to the next deck whose scar has a Monster to name; write the decks after the last."""
    seat = state.scar_turn + 1
    while seat < len(state.scars) and not state.scars[seat].monster:
        seat += 1
    if seat < len(state.scars):
        state.scar_turn = seat
        player = state.players[seat]
        monster = LABEL[state.scars[seat].monster]
        log(state, f"{player.label}: pick a Monster word for the scar on {monster}.")
        return
    state.result_decks = [
        record_fall(deck, scar, scar.monster_word, _record(state, state.result))
        for deck, scar in zip(state.decks, state.scars)
    ]
    for deck in state.result_decks:
        log(state, f"{deck.initials}: +10 XP ({deck.xp}). {deck.history[-1].note}".rstrip())
    state.phase = "over"


def inscribe_scar(state: State, word: str) -> None:
    scar = state.scars[state.scar_turn]
    scar.monster_word = word
    assert lookup(state, word) is not None
    next_scar(state)
