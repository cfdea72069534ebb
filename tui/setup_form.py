"""One way to set up a new game, the same on every game's New game screen and on the pickers
those screens open.

A setup form is a list of rows. The same keys work on every one:

- up/down (or `j`/`k`, `Home`/`End`) move between the rows; a seat's digit jumps to it
- `Space` or `→`/`l` changes the highlighted row's value (a toggle flips, a list steps on,
  a seat goes here -> the bot -> open to others), `←`/`h` steps back
- `Enter` does the highlighted row's own thing where it has one (pick a seat's deck, type the
  seed, start on Start); on a row that is only a value it moves on to the next row. Enter
  never changes a value, so pressing Enter to get through a form starts nothing by surprise
  until the highlight is on Start
- `#` types a seed (a whole number; empty for a fresh shuffle), also `Enter` on the Seed row
- `s` starts the game, from any row (also `Enter` on Start)
- `b` / `o` give the highlighted seat to the bot or open it to others (again: back here)
- `Esc` or `q` goes back

A pick-one list opened from a form (a seat's deck) takes the highlighted line with `Enter`
or `s`; a list of ticks (a deck's styles) ticks with `Space` and the arrows and is done with
`s` (or `Enter` on Done). `Esc`/`q` cancels either.

Every binding has an id (`setup.*`), so the keys can be named in one table and remapped.
A screen writes only its own rows (`form_rows`), what they do (`change`, `enter`), what the
highlighted one means (`note`) and how its game starts (`start`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from engine.core.game import GameOption
from saves.envelope import Seat
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

HERE, BOT, OPEN = "here", "bot", "open"  # who sits at a seat: a person here, the bot, others
SEAT_KINDS = (HERE, BOT, OPEN)
ME = "me"  # the creator's own seat at a shared table; the app puts the player's identity there
SEED, START = "seed", "start"  # the two rows every form ends with
MAX_SEED = 2**64 - 1
START_KEY, SEED_KEY = "s", "#"  # as the rows and the help name them
MAX_SEATS = 9

# The form's keys. Moving between rows is the list's own (tui/widgets/choices.py).
CHANGE = Binding("right,space,l", "setup_change(1)", "Change", id="setup.change")
CHANGE_BACK = Binding("left,h", "setup_change(-1)", "Change back", show=False, id="setup.change_back")
SEED_BINDING = Binding("number_sign", "setup_seed", "Seed", show=False, id="setup.seed")  # its row shows #
START_BINDING = Binding("s,ctrl+s", "setup_start", "Start", id="setup.start")
BACK = Binding("escape,q", "setup_back", "Back", id="setup.back")
# b and o are shortcuts for what Change does on a seat; the note under a seat names them.
SEAT_BINDINGS = [
    Binding("b", "setup_seat_kind('bot')", "Bot", show=False, id="setup.bot"),
    Binding("o", "setup_seat_kind('open')", "Open", show=False, id="setup.open"),
    *(Binding(str(i + 1), f"setup_seat({i})", show=False, id=f"setup.seat_{i + 1}") for i in range(MAX_SEATS)),
]


def form_bindings(*own: Binding) -> list[Binding]:
    """A form's keys in the bar's order: the game's own shortcuts, then the row's Change, Bot
    and Open, then Seed, Start and the way back. A form with keys of its own sets
    `BINDINGS = form_bindings(...)` with `inherit_bindings=False`."""
    return [*own, CHANGE, CHANGE_BACK, *SEAT_BINDINGS, SEED_BINDING, START_BINDING, BACK]


FORM_HELP = """
## Every new-game screen

- Up/down (or `j`/`k`) move between the lines; a seat's digit jumps to it
- `Space` or `→` changes the highlighted line (`←` steps back); on a seat it goes from a
  person here to the game's bot to open to others (a shared table friends join from their
  own terminal with `tabletop-tui join CODE`); `b` and `o` do it at once
- `Enter` does what the line offers (a seat's deck, the seed, Start); on any other line it
  moves on to the next one and never changes it
- `#` (or `Enter` on the Seed line) types a seed: a whole number, the same seed and moves
  replay the same game; empty means a fresh shuffle
- `s` starts the game from any line; `Esc` or `q` goes back
"""


def setup_help(text: str) -> str:
    """A form's help: its own lines, then the keys every form shares."""
    return text.strip() + "\n" + FORM_HELP


def parse_seed(text: str) -> int | None:
    """A typed seed: None for empty (a fresh shuffle); ValueError, saying why, for anything
    that is not a whole number a save can hold."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii():
        raise ValueError("A seed is a whole number, like 42 (empty: a fresh shuffle).")
    if int(text) > MAX_SEED:
        raise ValueError(f"A seed is a whole number up to {MAX_SEED}.")
    return int(text)


def option_text(option: GameOption, value: Any) -> str:
    """A game option's value as a form line shows it."""
    if option.kind == "bool":
        return "on" if value else "off"
    if option.kind == "choice":
        return option.choice_label(value)
    return str(value)


def next_value(option: GameOption, value: Any, step: int) -> Any:
    """The value Space (step 1) or an arrow gives a game option: a toggle flips, a choice
    steps round its list, a number steps within its bounds (round, when it has both)."""
    if option.kind == "bool":
        return not value
    if option.kind == "choice":
        return option.choices[(option.choices.index(value) + step) % len(option.choices)]
    value = (value or 0) + step
    low, high = option.minimum, option.maximum
    if low is not None and high is not None:
        return low + (value - low) % (high - low + 1)
    if low is not None:
        return max(value, low)
    return value if high is None else min(value, high)


def seat_of(name: str, kind: str, shared: bool, brings: Any = None) -> Seat:
    """A seat as the save records it: the bot's, an open one, or a person's here (marked ME at
    a shared table, where the creator claims it when the table opens)."""
    if kind == BOT:
        return Seat(name=name, bot=True, brings=brings)
    if kind == OPEN:
        return Seat(name=name)
    return Seat(name=name, player=ME if shared else "", brings=brings)


class SetupForm(Screen[None]):
    """A New game screen: the game's rows, then Seed and Start, driven by the shared keys."""

    DEFAULT_CSS = """
    SetupForm #table-box { height: 1fr; }
    SetupForm #setup { height: 1fr; }
    SetupForm #setup-note { height: 4; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = form_bindings()
    HELP = setup_help("# New game")
    PANEL_TITLE = "The game"
    FIRST_SEAT = "The first seat is yours: the game is started from this terminal."

    def __init__(self, title: str) -> None:
        super().__init__()
        self.heading = title
        self.seed: int | None = None
        self.rows: list[str] = []
        self.kinds: list[str] = []  # who sits at each seat row ("seat:N"), when the form has seats

    # ----- what a game's form says ------------------------------------------------------

    def form_rows(self) -> list[tuple[str, Choice]]:
        """The game's own rows, each with an id ("seat:N" for a seat), before Seed and Start."""
        return []

    def changeable(self, row: str) -> bool:
        """Whether Space and the arrows change `row` (the footer offers Change only there):
        here, a seat that may be given to the bot or to others."""
        return row.startswith("seat:") and self.seat_fixed(int(row.removeprefix("seat:"))) is None

    def change(self, row: str, step: int) -> None:
        """Space or an arrow on the game's own row `row`: its next (or previous) value."""

    def enter(self, row: str) -> bool:
        """Enter on `row`: True when the row did something of its own (else Enter moves on)."""
        return False

    def note(self, row: str) -> str:
        """What the highlighted row means, under the list."""
        return ""

    def not_ready(self) -> str | None:
        """Why the game cannot start yet (shown on Start), or None."""
        return None

    def start_text(self) -> str:
        return "Open the table to others" if OPEN in self.kinds else "Start the game"

    def seat_fixed(self, seat: int) -> str | None:
        """Why `seat` cannot be given to the bot or to others, or None."""
        return self.FIRST_SEAT if seat == 0 else None

    def seats_changed(self) -> None:
        """A seat's kind changed (a game may fit its decks to it)."""

    def start(self, seed: int) -> None:
        raise NotImplementedError

    # ----- drawing ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self.heading, classes="title")
        with Horizontal():
            yield from self.panels()
        yield KeyBar()

    def panels(self) -> Sequence[Widget]:
        box = Vertical(ChoiceList(id="setup"), Static(id="setup-note"), classes="panel", id="table-box")
        box.border_title = self.PANEL_TITLE
        return [box]

    def on_mount(self) -> None:
        self.form_mounted()
        listing = self.listing
        self.watch(listing, "cursor", self._highlighted, init=False)
        self.redraw()
        listing.focus()

    def form_mounted(self) -> None:
        """What a form reads once it has the app (files, stores) before its first draw."""

    def on_screen_resume(self) -> None:
        self.redraw()  # a deck may have been built or a file changed meanwhile

    @property
    def listing(self) -> ChoiceList:
        return self.query_one("#setup", ChoiceList)

    def seed_line(self) -> str:
        return f"Seed: {self.seed if self.seed is not None else 'random'}"

    def redraw(self, cursor: int | str | None = None) -> None:
        """Draw the rows; `cursor` (an index or a row id) moves the highlight."""
        rows = self.form_rows()
        rows.append((SEED, Choice(self.seed_line(), key=SEED_KEY)))
        why = self.not_ready()
        start = self.start_text() if why is None else f"Start ({why})"
        rows.append((START, Choice(start, key=START_KEY, enabled=why is None)))
        self.rows = [row for row, _ in rows]
        if isinstance(cursor, str):
            cursor = self.rows.index(cursor) if cursor in self.rows else None
        listing = self.listing
        listing.show([choice for _, choice in rows], listing.cursor if cursor is None else cursor)
        self._highlighted(listing.cursor)

    def highlighted(self) -> str:
        listing = self.query("#setup").first(ChoiceList) if self.is_mounted else None
        cursor = listing.cursor if listing is not None else -1
        return self.rows[cursor] if 0 <= cursor < len(self.rows) else ""

    def _highlighted(self, cursor: int) -> None:
        row = self.rows[cursor] if 0 <= cursor < len(self.rows) else ""
        if row == SEED:
            text = "The same seed and moves replay the same game; empty: a fresh shuffle.\nEnter or # types it."
        elif row == START:
            why = self.not_ready()
            text = f"Not yet: {why}." if why else self.note(row) or "Enter (or s from any line) starts."
        else:
            text = self.note(row)
        self.query_one("#setup-note", Static).update(text)
        self.refresh_bindings()  # the row's own keys (Change, Bot, Open) come and go

    # ----- the shared keys --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "setup_change":
            row = self.highlighted()
            return row == SEED or self.changeable(row)
        if action == "setup_seat_kind":
            return self.highlighted().startswith("seat:")
        if action == "setup_seat":
            return f"seat:{parameters[0]}" in self.rows
        return True

    def action_setup_change(self, step: int) -> None:
        row = self.highlighted()
        if row == SEED:
            self.action_setup_seed()
        elif row.startswith("seat:"):
            seat = int(row.removeprefix("seat:"))
            kinds = SEAT_KINDS
            self.set_seat_kind(seat, kinds[(kinds.index(self.kinds[seat]) + step) % len(kinds)])
        elif self.changeable(row):
            self.change(row, step)
            self.redraw()

    def action_setup_seat_kind(self, kind: str) -> None:
        row = self.highlighted()
        if not row.startswith("seat:"):
            self.notify("Highlight a seat first (its number or the arrows).", severity="warning")
            return
        seat = int(row.removeprefix("seat:"))
        self.set_seat_kind(seat, HERE if self.kinds[seat] == kind else kind)

    def set_seat_kind(self, seat: int, kind: str) -> None:
        why = self.seat_fixed(seat)
        if why is not None:
            self.notify(why, severity="warning")
            return
        self.kinds[seat] = kind
        self.seats_changed()
        self.redraw()

    def action_setup_seat(self, seat: int) -> None:
        """A seat's digit: highlight it, and do what Enter does there (pick its deck)."""
        if f"seat:{seat}" not in self.rows:
            return
        self.listing.cursor = self.rows.index(f"seat:{seat}")
        self.enter(f"seat:{seat}")

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        if event.choice_list is not self.listing:
            return
        row = self.rows[event.index]
        if row == SEED:
            self.action_setup_seed()
        elif row == START:
            self.action_setup_start()
        elif not self.enter(row):  # a value: Enter moves on toward Start, it never changes one
            self.listing.cursor = event.index + 1

    def action_setup_seed(self, typed: str | None = None) -> None:
        """Ask for the seed. A seed that is not a whole number is refused with why, and asked
        again with what was typed; nothing else on the form changes."""

        def given(text: str | None) -> None:
            if text is None:
                return  # cancelled: the seed stays as it was
            try:
                seed = parse_seed(text)
            except ValueError as problem:
                self.notify(str(problem), severity="error")
                self.action_setup_seed(text)
                return
            self.seed = seed
            self.redraw(START)  # the seed is set: Enter now starts

        current = typed if typed is not None else "" if self.seed is None else str(self.seed)
        self.app.push_screen(AskText("Seed (a whole number; empty for a fresh shuffle):", current), given)

    def action_setup_start(self) -> None:
        why = self.not_ready()
        if why is not None:
            self.notify(f"Not yet: {why}.", severity="warning")
            return
        self.start(self.seed if self.seed is not None else secrets.randbelow(2**32))

    def action_setup_back(self) -> None:
        self.app.pop_screen()

    def launch(self, game_id: str, seed: int, seats: list[Seat] | None, **options: Any) -> None:
        """Leave the form for the game: a shared table when a seat is open to others."""
        app = self.app
        app.pop_screen()
        if OPEN in self.kinds:
            app.open_shared(game_id, seed, seats, **options)
        else:
            app.start_game(game_id, seed, seats=seats, **options)


def pick_bindings(*own: Binding) -> list[Binding]:
    """A picker's keys in the bar's order: Take, the picker's own, then the way back."""
    return [
        Binding("s", "setup_pick", "Take", id="setup.start"),
        *own,
        Binding("escape,q", "cancel", "Cancel", id="setup.back"),
    ]


class SetupPick(ModalScreen[Any]):
    """A list opened from a form to pick one thing (a seat's deck): `Enter` or `s` takes the
    highlighted line, `Esc` or `q` cancels (the picker dismisses None). A picker with keys of
    its own sets `BINDINGS = pick_bindings(...)` with `inherit_bindings=False`."""

    BINDINGS = pick_bindings()

    def action_setup_pick(self) -> None:
        self.query_one(ChoiceList).action_pick()

    def action_cancel(self) -> None:
        self.dismiss(None)
