"""Today's deal as a player meets it: a try begun or resumed as a game in play, and where
the player stands with a day's deal. The seeds, the tries and the board are saves/daily.py's,
which history uses as it files a game; this module uses both, and the game session."""

from __future__ import annotations

from datetime import date
from typing import Any

from saves.daily import Attempt, add_attempt, counted_attempt, daily_seed, load_attempts, today
from saves.history import History
from saves.session import GameSession
from saves.store import SaveStore


def start(store: SaveStore, game: Any) -> Any:
    """Begin today's deal of `game`: a GameSession whose save says daily, counted or practice."""
    day = today(store)
    counted = counted_attempt(store, game.id, day) is None
    label = f"{game.title} daily {day.isoformat()}" + ("" if counted else " (practice)")
    session = GameSession.start(store, game, daily_seed(game.id, day), label=label, **game.daily_options)
    add_attempt(store, Attempt(day.isoformat(), game.id, session.save_id, counted))
    return session


def resume_today(store: SaveStore, game: Any) -> Any:
    """The latest of today's tries of `game` still in progress, as a session; None if none."""
    day = today(store).isoformat()
    for attempt in reversed(load_attempts(store).attempts):
        if attempt.day == day and attempt.game_id == game.id and store.paths.save_file(attempt.save_id).exists():
            return GameSession.resume(store, attempt.save_id)
    return None


def standing(store: SaveStore, game_id: str, day: date) -> str:
    """Where a player stands with a day's deal of a game, in a few words."""
    attempt = counted_attempt(store, game_id, day)
    if attempt is None:
        return "not played: your first try counts"
    practice = sum(
        1 for a in load_attempts(store).attempts if a.day == day.isoformat() and a.game_id == game_id and not a.counted
    )
    more = f" (+{practice} practice)" if practice else ""
    if store.paths.save_file(attempt.save_id).exists():
        return f"counted try in progress{more}"
    history = History(store)
    if history.exists(attempt.save_id):
        try:
            entry = history.read(attempt.save_id).entry
        except Exception:  # noqa: BLE001 - a damaged record still counts as played
            return f"played{more}"
        score = "" if entry.score is None else f", score {entry.score}"
        return f"{entry.result}{score}{more}"
    return f"counted try deleted unfinished{more}"
