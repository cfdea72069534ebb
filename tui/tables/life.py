"""A shared table's life as one terminal at it sees it, beyond the moves (which GameScreen
reads from the table's file as they land): this terminal's presence at the table, which seats'
players are away, seats handed to the bot or taken back, and the table deleted.

Everything goes through the table's file and the presence files beside it (saves/tables.py),
looked at about once a second, so every terminal at the table learns the same things the same
way and none depends on another still running.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from saves.tables import PRESENCE_BEAT, TableProblem
from tui.safe_text import safe_text

if TYPE_CHECKING:
    from saves.envelope import Seat
    from tui.game_screen import GameScreen

LOOK_AROUND = 1.0  # seconds between looks at who is at the table


def tell(widget: Any, text: str, **how: Any) -> None:
    """A notice that may hold players' names: shown as the words they are, never markup."""
    widget.notify(safe_text(text), markup=False, **how)


def seat_news(before: list[Seat], after: list[Seat], mine: set[int]) -> list[str]:
    """What changed at the seats, in words for a notice (the game's log has the line too)."""
    news = []
    for seat, (old, new) in enumerate(zip(before, after)):
        if old.player and new.player == old.player and new.bot and not old.bot:
            who = "Your seat" if seat in mine else f"{new.name}'s seat"
            news.append(f"{who} is played by the bot now.")  # one taken back: "... is back at the table"
    return news


class TableLife:
    """Owned by a table's screen while it shows a shared table (not a replay)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.terminal = secrets.token_hex(4)  # names this terminal's presence file
        self.away: dict[int, float] = {}  # seat -> seconds its player has been away
        self._beat_at = float("-inf")
        self._looked = False
        self._since = 0.0  # when this terminal first looked at who is here
        self._never: set[int] = set()  # seats no terminal had open at the last look
        self._seats = list(screen.session.envelope.seats)

    @property
    def session(self) -> Any:
        return self.screen.session

    @property
    def player(self) -> str:
        return self.session.player

    def start(self) -> None:
        self.look_around()
        self.screen.set_interval(LOOK_AROUND, self.look_around)

    def stop(self) -> None:
        try:
            self.session.tables.mark_here(self.session.code, self.terminal, self.session.owned_seats, here=False)
        except OSError:
            pass  # the others will see this terminal's presence age all the same

    def look_around(self) -> None:
        """Say this terminal is here (every few seconds); see who is not, and tell of a
        player who left or came back."""
        tables, seats = self.session.tables, self.session.envelope.seats
        try:
            if tables.wall() - self._beat_at >= PRESENCE_BEAT:
                tables.mark_here(self.session.code, self.terminal, self.session.owned_seats)
                self._beat_at = tables.wall()
            away = tables.absence(self.session.code, seats)
            now = tables.wall()
        except OSError:
            return
        if not self._looked:
            self._since = now
        # A seat no terminal has had open yet (its player's app is still opening it) has been
        # missing since this terminal looked first, not for ever; its arrival is no return.
        never = {seat for seat, gone in away.items() if gone == float("inf")}
        away = {seat: now - self._since if seat in never else gone for seat, gone in away.items()}
        before, long_before = set(self.away), self.long_away()
        self.away = away
        if self._looked:
            for seat in sorted(set(away) ^ before):
                if seat not in self.session.owned_seats and not seats[seat].bot and seat not in self._never:
                    tell(self.screen, f"{seats[seat].name} {'left' if seat in away else 'is back at'} the table.")
        self._never = never
        self._looked = True
        if set(away) != before or self.long_away() != long_before:
            self.screen.redraw()
            self.screen.refresh_bindings()

    def long_away(self) -> set[int]:
        """Seats whose player has been away long enough for the others to hand to the bot."""
        return {s for s, t in self.away.items() if t >= self.session.tables.away_after}

    def news(self) -> list[str]:
        """After the table's file changed: what changed at its seats."""
        before, self._seats = self._seats, list(self.session.envelope.seats)
        if self._told:  # this terminal made the change, and has said so in full already
            self._told = False
            return []
        return seat_news(before, self._seats, self.session.owned_seats)

    _told = False

    # ----- the key that hands a seat to the bot (or takes one's own back) -----------------

    def offer(self) -> tuple[str, int | None] | None:
        """What `b` does now: ("take back", None) for this player's seat the bot plays, or
        ("hand over", seat) for the seat of a player long away that the table waits for."""
        if not self.player or self.session.state is None or self.screen.over:
            return None
        seats = self.session.envelope.seats
        if any(seats[i].bot for i in self.session.owned_seats):
            return ("take back", None)
        if not self.session.local_seats:
            return None
        waiting = [
            s for s in self.screen.game.to_move(self.session.state) if s in self.long_away() and not seats[s].bot
        ]  # a seat the bot plays already is waited for only until the bot has moved
        return ("hand over", waiting[0]) if waiting else None

    def label(self) -> str:
        offer = self.offer()
        if offer is None:
            return "Bot seat"
        if offer[1] is None:
            return "Take my seat back"
        return f"Bot plays {self.session.envelope.seats[offer[1]].name}"[:24]

    def act(self) -> None:
        offer = self.offer()
        if offer is None:
            return
        tables, code = self.session.tables, self.session.code
        try:
            if offer[1] is None:
                note = tables.take_back(code, self.player, self.session.seats)
            else:
                seats = self.session.envelope.seats
                note = tables.hand_to_bot(code, offer[1], seats[min(self.session.local_seats)].name)
        except TableProblem as problem:
            tell(self.screen, str(problem), severity="warning")
            return
        except OSError as error:
            self.screen.notify(f"The seat stays as it was: {error.strerror}", severity="error")
            return
        if note:
            tell(self.screen, note)
            self._told = True
