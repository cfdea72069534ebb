"""Who sits where, on a New game screen: a person at this keyboard, the game's bot, or a seat
open to others (which makes the game a shared table)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Select

from saves.envelope import Seat
from tui.widgets.text import Horizontal, Static, Vertical

HERE, BOT, OPEN = "here", "bot", "open"
KINDS = [
    ("a person at this keyboard", HERE),
    ("the game's bot", BOT),
    ("open to others (a shared table)", OPEN),
]
ME = "me"  # the creator's own seat; the app puts the player's identity there


class SeatPicker(Vertical):
    DEFAULT_CSS = """
    SeatPicker { height: auto; }
    SeatPicker Horizontal { height: 1; }
    SeatPicker .seat-name { width: 14; padding: 0 1; }
    SeatPicker Select { width: 40; }
    """

    def __init__(self, names: list[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names

    def compose(self) -> ComposeResult:
        for i, name in enumerate(self.names):
            with Horizontal():
                yield Static(name[:12], classes="seat-name")
                if i == 0:
                    yield Static("you")
                else:
                    yield Select(KINDS, value=HERE, allow_blank=False, id=f"seat-{i}")

    def kinds(self) -> list[str]:
        return [HERE] + [str(self.query_one(f"#seat-{i}", Select).value) for i in range(1, len(self.names))]

    @property
    def shared(self) -> bool:
        return OPEN in self.kinds()

    def seats(self) -> list[Seat]:
        """The seats as chosen. At a shared table the creator's and this keyboard's seats are
        marked ME (claimed by the creator when the table opens), open ones are left free."""
        shared = self.shared
        seats = []
        for name, kind in zip(self.names, self.kinds()):
            if kind == BOT:
                seats.append(Seat(name=name, bot=True))
            elif kind == OPEN:
                seats.append(Seat(name=name))
            else:
                seats.append(Seat(name=name, player=ME if shared else ""))
        return seats
