"""What a seat may not know, worked out from the game's own view (DESIGN.md "Seats").

For the games of several seats (Disciple, DecknForge): the cards a view hides from a seat are
those it replaced by placeholders; a card is secret to the seat when it lies hidden and no
card of that name can be read anywhere the seat looks (face up in its view, or named by its
log). Tests then check that what is shown to the seat (a screen, a replay frame, a log line,
an event) names none of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from engine.decknforge.model import LABEL, Card
from engine.disciple.content import load

PLACEHOLDER = "??"  # both games' hidden card (engine/<game>/view.py HIDDEN)
CARDS = load().cards


def card_name(game_id: str, value: Any) -> str | None:
    """The name a player reads for `value`, if it is a card of the game (else None)."""
    if game_id == "decknforge":
        return LABEL.get(value.code) if isinstance(value, Card) else None
    return CARDS[value].name if isinstance(value, str) and value in CARDS else None


def _hidden(value: Any) -> bool:
    return value == PLACEHOLDER or (isinstance(value, Card) and value.code == PLACEHOLDER)


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, msgspec.Struct) and not isinstance(value, Card):
        for field in value.__struct_fields__:
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
    if isinstance(seen, msgspec.Struct) and not isinstance(seen, Card):
        for field in seen.__struct_fields__:
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


def readable(game: Any, seen: Any) -> set[str]:
    """Every card name a seat can read in its view: the cards face up, and the log's words."""
    names = {name for leaf in _leaves(seen) if (name := card_name(game.id, leaf))}
    log = "\n".join(game.log_lines(seen))
    known = LABEL.values() if game.id == "decknforge" else (card.name for card in CARDS.values())
    return names | {name for name in known if name in log}


def secrets(game: Any, state: Any, seat: int | None) -> set[str]:
    """The names of the cards `seat` may not know in `state` (None: a spectator)."""
    seen = game.view(state, seat)
    hidden = {name for value in _hidden_in(state, seen) if (name := card_name(game.id, value))}
    return hidden - readable(game, seen)
