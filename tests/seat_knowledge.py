"""What a seat may not know, worked out from the game's own view (DESIGN.md "Seats").

For the games of several seats (Disciple, DecknForge): the cards a view hides from a seat are
those it replaced by placeholders; a card is secret to the seat when it lies hidden and no
card of that name can be read anywhere the seat looks (face up in its view, or named by its
log). Tests then check that what is shown to the seat (a screen, a replay frame, a log line,
an event) names none of them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec

from engine.decknforge.model import LABEL, Card
from engine.disciple.content import load

PLACEHOLDER = "??"  # both games' hidden card (engine/<game>/view.py HIDDEN)
CARDS = load().cards


CONTENT = load()
# Disciple: a card id, or an event deck's card (an event or an enemy), by the name it is read by
DISCIPLE_NAMES = {**{i: e.name for i, e in CONTENT.events.items()}, **{i: e.name for i, e in CONTENT.enemies.items()},
                  **{i: c.name for i, c in CARDS.items()}}  # fmt: skip


def card_name(game_id: str, value: Any) -> str | None:
    """The name a player reads for `value`, if it is a card of the game (else None)."""
    if game_id == "decknforge":
        return LABEL.get(value.code) if isinstance(value, Card) else None
    return DISCIPLE_NAMES.get(value) if isinstance(value, str) else None


# Words a Disciple log says that are not the cards of a hand: the enemies' attacks and the
# attack patterns (some share a card's name: Kiai, Roundhouse; such a card is not looked for).
NOT_CARDS = {a.name for e in CONTENT.enemies.values() for a in e.attacks} | {
    p.name for tiers in CONTENT.patterns.values() for pile in tiers.values() for p in pile}


def all_names(game_id: str) -> list[str]:
    return sorted(set(LABEL.values() if game_id == "decknforge" else DISCIPLE_NAMES.values()))


@cache
def _longer(name: str, game_id: str) -> tuple[str, ...]:
    """The names and words that hold `name` inside them, longest first."""
    vocabulary = all_names(game_id) + (sorted(NOT_CARDS) if game_id == "disciple" else [])
    return tuple(sorted((w for w in vocabulary if w != name and name in w), key=len, reverse=True))


def named(text: str, names: set[str], game_id: str) -> list[str]:
    """Which of `names` `text` names, as whole words: a name read inside a longer name
    ("Hook" in "Heel Hook", "Jab" in the attack "Stiff Jab") does not count."""
    found = []
    for name in names:
        if name not in text or (game_id == "disciple" and name in NOT_CARDS):
            continue
        rest = text
        for longer in _longer(name, game_id):
            rest = rest.replace(longer, " ")
        if re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w♠♥♦♣])", rest):
            found.append(name)
    return found


def _hidden(value: Any) -> bool:
    return value == PLACEHOLDER or (isinstance(value, Card) and value.code == PLACEHOLDER)


SKIPPED = {"log"}  # a state's log holds words, not cards: read as words (readable)


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, msgspec.Struct) and not isinstance(value, Card):
        for field in value.__struct_fields__:
            if field not in SKIPPED:
                yield from _leaves(getattr(value, field))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    else:
        yield value


def _hidden_in(full: Any, seen: Any) -> Iterator[Any]:
    """The values of `full` that `seen` (its view) holds as placeholders."""
    if seen is full:  # a view that is the table itself hides nothing
        return
    if isinstance(seen, msgspec.Struct) and not isinstance(seen, Card):
        for field in seen.__struct_fields__:
            if field not in SKIPPED:
                yield from _hidden_in(getattr(full, field), getattr(seen, field))
    elif isinstance(seen, (list, tuple)) and isinstance(full, (list, tuple)):
        if seen and all(_hidden(item) for item in seen):  # a pile face down, perhaps reordered
            yield from full
        elif len(seen) == len(full):
            for real, item in zip(full, seen):
                if _hidden(item):
                    yield real
                else:
                    yield from _hidden_in(real, item)


def faces(game: Any, seen: Any) -> Counter[str]:
    """The card names face up in a view, copies counted (placeholders name nothing)."""
    return Counter(name for leaf in _leaves(seen) if (name := card_name(game.id, leaf)))


def hidden_names(game: Any, state: Any, seen: Any) -> Counter[str]:
    """The names of the cards of `state` its view `seen` holds as placeholders, copies counted."""
    return Counter(name for value in _hidden_in(state, seen) if (name := card_name(game.id, value)))


def readable(game: Any, seen: Any) -> set[str]:
    """Every card name a seat can read in its view: the cards face up, and the log's words."""
    log = "\n".join(game.log_lines(seen))
    return set(faces(game, seen)) | {name for name in all_names(game.id) if name in log}


def secrets(game: Any, state: Any, seat: int | None) -> set[str]:
    """The names of the cards `seat` may not know in `state` (None: a spectator)."""
    seen = game.view(state, seat)
    return set(hidden_names(game, state, seen)) - readable(game, seen)


class Glimpse:
    """What one seat sees of a table (`seen`, its view of `state`): the names hidden from it,
    and those face up."""

    def __init__(self, game: Any, state: Any, seen: Any) -> None:
        self.hidden, self.face_up = hidden_names(game, state, seen), faces(game, seen)


def kept_secret(before: Glimpse, after: Glimpse) -> set[str]:
    """The names a step may not tell the seat: cards hidden from it before and after the step,
    no copy of them face up either time, and none come or gone from the table meanwhile (a
    card the rules make anew, in the open, is no secret)."""
    return {
        name
        for name in before.hidden.keys() & after.hidden.keys()
        if not before.face_up[name] and not after.face_up[name] and before.hidden[name] == after.hidden[name]
    }
