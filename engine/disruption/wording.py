"""How Disruption's log lines read. The rules write `Line(kind, parts)`; these give the words.

Each line names what caused a change before the change is made: the roll before the verdict,
the verdict before the cards move, the reward's reason beside the card it brings.
"""

from __future__ import annotations

from engine.core.log import Line

LINES_KEPT = 40


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards)


def _to_graveyard(allies: tuple[str, ...]) -> str:
    return f"; {_cards(allies)} to the ally graveyard" if allies else ""


def _rolled(faces: tuple[int, ...], drawn: tuple[str, ...], allies: int, total: int, target: int) -> str:
    brought = f" + {allies}" if allies else ""
    if drawn:  # No Dice: the cards drawn, each with the face it stands for
        shown = " ".join(f"{card}={face}" for card, face in zip(drawn, faces))
        return f"Drew {shown}{brought} = {total} against {target}."
    shown = " ".join(f"[{face}]" for face in faces)
    return f"Rolled {shown}{brought} = {total} against {target}."


def _reveal(cards: tuple[str, ...], target: int) -> str:
    if len(cards) == 1:
        return f"Defender {cards[0]} bars the way: beat {target}."
    return f"Defenders {' + '.join(cards)} bar the way: beat {target}."


def _bring(allies: tuple[str, ...], dice: str) -> str:
    if not allies:
        return f"You fight with {dice} alone."
    return f"{_cards(allies)} {'join' if len(allies) > 1 else 'joins'} the fight with {dice}."


def _reward(kind: str, card: str, why: str) -> str:
    if not card:
        return f"Reward, a {kind} ally ({why}): none is left to draw."
    return f"Reward, a {kind} ally ({why}): {card}."


def _joker(value: int, drawn: str) -> str:
    how = f"the drawn {drawn} counts" if drawn else "the d10 rolls"
    return f"An Accursed Joker rises: {how} {value}."


WORDING = {
    "start": lambda hand: f"The Summoner sets out with {_cards(hand)}.",
    "reshuffle": "The defender deck is spent: the {0} beaten defenders are shuffled back in.",
    "joker": _joker,
    "reveal": _reveal,
    "pairs": "Five wins: from now on the defenders come in pairs.",
    "bring": _bring,
    "rolled": _rolled,
    "tie": "A tie at {0}: the same dice roll again.",
    "won": lambda wins, defenders, allies: f"Victory {wins}/10 over {_cards(defenders)}{_to_graveyard(allies)}.",
    "lost": lambda defeats, defenders, allies: f"Defeat {defeats}/3: {_cards(defenders)} beat you{_to_graveyard(allies)}.",
    "reward": _reward,
    "rebuilt": "The {0} deck is empty: {1} {0} allies from the ally graveyard are shuffled into it.",
    "trade": lambda minors, card: f"Traded {_cards(minors)} for the Major {card}.",
    "disrupted": "The ritual is disrupted! Score {0}.",
    "goes on": "The ritual goes on: the third defeat, after {0} of 10 wins.",
}

# Lines a finished game's story is told by (the end screen's turning points).
TURNING_POINTS = frozenset({"pairs", "won", "lost", "reward", "trade", "disrupted", "goes on"})


def line(what: str, *parts) -> Line:
    return Line(what, parts)
