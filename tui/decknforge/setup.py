"""A new DecknForge table: how many decks, which saved deck (or a new one) for each seat."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from engine.decknforge.legacy import Deck, fresh_deck
from engine.decknforge.moderation import recheck, table_words
from engine.decknforge.readings import DEFAULT_READING, READINGS, explain, readings
from engine.decknforge.rules import bot_deck
from saves.envelope import Damaged, Seat
from tui.decknforge.storage import decks_of, word_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

MODES = ("2", "3", "4", "solo")
HERE, BOT, OPEN = "here", "bot", "open"  # who sits at a seat: see SEAT_TEXT
SEAT_TEXT = {
    BOT: "the bot (a fresh deck, kept for this game only)",
    OPEN: "open: someone joins from another terminal with their deck",
}


class TableAgain(msgspec.Struct, frozen=True):
    """A finished table set again: each seat's deck file (None: the bot's seat), solo or not,
    the Strength reading, and the seed (None: a fresh shuffle)."""

    deck_ids: list[str | None]
    solo: bool
    reading: str
    seed: int | None = None


def deck_line(deck: Deck) -> str:
    name = f" “{plain(deck.name).plain}”" if deck.name else ""
    legend = " LEGEND" if deck.legendary else ""
    scars = f"{len(deck.scars)} scar{'' if len(deck.scars) == 1 else 's'}"
    return f"{deck.initials}{name} · L{deck.level} · {deck.xp} XP · {scars}{legend}"


class PickDeck(ModalScreen[str | None]):
    """Choose a saved deck for a seat, or "new" for a fresh one."""

    DEFAULT_CSS = """
    PickDeck { align: center middle; }
    PickDeck > Vertical { width: 64; height: 16; border: round $accent; background: $surface; }
    """
    BINDINGS = [Binding("escape,q", "cancel", "Cancel"), Binding("n", "new", "New deck")]
    HELP = "Pick a deck with the arrows and `Enter`, or `n` for a new deck. `Esc` cancels."

    def __init__(self, seat: int | None, decks: list[Deck]) -> None:
        super().__init__()
        self.seat, self.decks = seat, decks

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Your deck for this table" if self.seat is None else f"Deck for seat {self.seat + 1}"
            yield ChoiceList(id="decks")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = [Choice(deck_line(d), key=" ") for d in self.decks]
        choices.append(Choice("New deck (you give its initials)", key="n"))
        listing = self.query_one(ChoiceList)
        listing.show(choices)
        listing.focus()

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.dismiss(self.decks[event.index].id if event.index < len(self.decks) else "new")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_cancel(self) -> None:
        self.dismiss(None)


class DecknForgeSetup(Screen[None]):
    DEFAULT_CSS = """
    DecknForgeSetup #table-box { height: 1fr; }
    DecknForgeSetup #setup { height: 1fr; }
    DecknForgeSetup #setup-note { height: 5; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [
        Binding("p", "players", "Players"),
        *(Binding(str(i + 1), f"seat({i})", show=False) for i in range(4)),
        Binding("b", "seat_kind('bot')", "Bot seat"),
        Binding("o", "seat_kind('open')", "Open seat"),
        Binding("g", "reading", "Strength"),
        Binding("s,ctrl+s", "start", "Start"),  # shown as s, the key its row names
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# A new DecknForge table

Each seat brings a deck. Decks are kept between games: what a game writes on them stays.

- `p` changes the table: 2, 3 or 4 players, or **solo** (one person, two of their own decks)
- `Enter` on a seat picks one of your saved decks, or makes a new deck with your initials
- `b` on a seat gives it to the game's bot (with a fresh deck, kept for that game only);
  `o` opens it to others: the game becomes a shared table that friends join from their own
  terminal with their own deck (`tabletop-tui join CODE`). Pressed again, the seat is yours
- `g` switches the Dungeon Strength between the book's count (every Monster in the dungeon,
  the pile included: the default) and a gentler house rule (only the Monsters met so far).
  The note below says what each does to a legacy, as the bots measured it
- `Enter` on the seed line types a seed (empty: a fresh shuffle)
- `s` (or `Enter` on Start) sits the table down; `Esc` goes back
"""

    def __init__(self, game: object = None, again: TableAgain | None = None) -> None:  # DecknForge
        super().__init__()
        self.mode = "2"
        self.seats: list[Deck | None] = [None, None]
        self.kinds = [HERE, HERE]
        self.reading = DEFAULT_READING
        self.seed: int | None = None
        self.rows: list[str] = []
        self.again = again

    def compose(self) -> ComposeResult:
        yield Static("New game of DecknForge", classes="title")
        with Horizontal():
            with Vertical(classes="panel", id="table-box") as box:
                box.border_title = "The table"
                yield ChoiceList(id="setup")
                yield Static(id="setup-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.decks = decks_of(self.app)
        self.words = word_store(self.app.paths, self.app.store.clock)
        if self.again is not None:
            self.set_again(self.again)
        listing = self.query_one(ChoiceList)
        self.watch(listing, "cursor", self._draw_note, init=False)
        self.redraw()
        listing.focus()

    def set_again(self, again: TableAgain) -> None:
        """The seats of a finished table, each deck read again from its file (so as the game
        left it); a deck that cannot be read leaves its seat to fill."""
        count = len(again.deck_ids)
        self.mode = "solo" if again.solo else str(count)
        self.seats, self.kinds = [None] * count, [HERE] * count
        for seat, deck_id in enumerate(again.deck_ids):
            if deck_id is None:
                self.kinds[seat] = BOT
                continue
            try:
                self.seats[seat] = self.decks.load(deck_id)
            except Damaged as damage:
                self.notify(f"Seat {seat + 1}'s deck cannot be read: {damage}", severity="error")
        if again.reading in READINGS:
            self.reading = again.reading
        self.seed = again.seed

    # ----- drawing ----------------------------------------------------------------------

    def redraw(self, cursor: int | None = None) -> None:
        listing = self.query_one("#setup", ChoiceList)
        solo = self.mode == "solo"
        table = "solo: one player, two of their own decks" if solo else f"{self.mode} players"
        choices = [Choice(f"Table: {table}", key="p")]
        self.rows = ["players"]
        for seat, (deck, kind) in enumerate(zip(self.seats, self.kinds)):
            text = SEAT_TEXT.get(kind) or (deck_line(deck) if deck else "(choose a deck)")
            choices.append(Choice(f"Seat {seat + 1}: {text}", key=str(seat + 1)))
            self.rows.append(f"seat:{seat}")
        title = readings()[self.reading].title
        default = " (default)" if self.reading == DEFAULT_READING else ""
        choices.append(Choice(f"Strength: {title}{default}", key="g"))
        choices.append(Choice(f"Seed: {self.seed if self.seed is not None else 'random'}", key=" "))
        ready = self.ready()
        start = "Open the table to others" if OPEN in self.kinds else "Start the game"
        choices.append(Choice(start if ready else "Start (every seat here needs a deck)", key="s", enabled=ready))
        self.rows += ["reading", "seed", "start"]
        self.damaged = sum(1 for e in self.decks.list() if e.damaged)
        listing.show(choices, listing.cursor if cursor is None else cursor)
        self._draw_note(listing.cursor)

    def _draw_note(self, cursor: int) -> None:
        """What the highlighted line means: the Strength reading explained, or how seats work."""
        if 0 <= cursor < len(self.rows) and self.rows[cursor] == "reading":
            note = explain(self.reading)
        else:
            note = (
                "Enter on a seat: pick a saved deck or make a new one from your initials;\n"
                "b gives the seat to the bot, o opens it to a player in another terminal.\n"
                "Decks are written when a game ends; a game left half-way changes no deck."
            )
        if self.damaged:
            note += f"\n{self.damaged} deck file(s) cannot be read (see Decks); they are left untouched."
        self.query_one("#setup-note", Static).update(note)

    # ----- input ------------------------------------------------------------------------

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        row = self.rows[event.index]
        if row == "players":
            self.action_players()
        elif row.startswith("seat:"):
            seat = int(row.removeprefix("seat:"))
            if self.kinds[seat] == HERE:
                self.pick_seat(seat)
            else:
                self.notify("b or o again makes this seat yours to fill with a deck.")
        elif row == "reading":
            self.action_reading()
        elif row == "seed":
            self.app.push_screen(AskText("Seed (a whole number; empty for a fresh shuffle):"), self._seed_given)
        elif row == "start":
            self.action_start()

    def _seed_given(self, text: str | None) -> None:
        if text is None:
            return
        text = text.strip()
        if text and not text.isdigit():
            self.notify("A seed is a whole number.", severity="warning")
            return
        self.seed = int(text) if text else None
        self.redraw(cursor=self.rows.index("start"))  # the seed is set: Enter now starts

    def ready(self) -> bool:
        return all(deck is not None for deck, kind in zip(self.seats, self.kinds) if kind == HERE)

    def action_players(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        count = 2 if self.mode == "solo" else int(self.mode)
        self.seats = (self.seats + [None] * 4)[:count]
        self.kinds = (self.kinds + [HERE] * 4)[:count]
        if self.mode == "solo":  # one person plays both decks
            self.kinds = [HERE, HERE]
        if self.mode == "solo" and self.seats[0] and self.seats[1]:
            if self.seats[0].initials != self.seats[1].initials:
                self.seats[1] = None
        self.redraw()

    def action_seat(self, seat: int) -> None:
        """A seat's number: highlight it, and pick its deck when it is a seat here."""
        if seat >= len(self.seats):
            return
        self.query_one("#setup", ChoiceList).cursor = self.rows.index(f"seat:{seat}")
        if self.kinds[seat] == HERE:
            self.pick_seat(seat)

    def action_seat_kind(self, kind: str) -> None:
        """Give the highlighted seat to the bot or open it to others; again, it is yours."""
        cursor = self.query_one("#setup", ChoiceList).cursor
        row = self.rows[cursor] if 0 <= cursor < len(self.rows) else ""
        if not row.startswith("seat:"):
            self.notify("Highlight a seat first (its number or the arrows).", severity="warning")
            return
        seat = int(row.removeprefix("seat:"))
        if seat == 0:
            self.notify("Seat 1 is yours: the table is opened from your terminal.", severity="warning")
            return
        if self.mode == "solo":
            self.notify("In solo one person plays both decks.", severity="warning")
            return
        self.kinds[seat] = HERE if self.kinds[seat] == kind else kind
        self.redraw(cursor)

    def action_reading(self) -> None:
        self.reading = READINGS[(READINGS.index(self.reading) + 1) % len(READINGS)]
        self.redraw(cursor=self.rows.index("reading"))

    def available(self, seat: int) -> list[Deck]:
        taken = {d.id for i, d in enumerate(self.seats) if d and i != seat}
        decks = [d for d in self.decks.decks() if d.id not in taken]
        if self.mode == "solo":
            other = self.seats[1 - seat]
            if other is not None:
                decks = [d for d in decks if d.initials == other.initials]
        return decks

    def pick_seat(self, seat: int) -> None:
        def picked(choice: str | None) -> None:
            if choice is None:
                return
            if choice != "new":
                try:
                    self.seats[seat] = self.decks.load(choice)
                except Damaged as damage:
                    self.notify(f"That deck cannot be read: {damage}", severity="error")
                self.redraw()
                return
            other = self.seats[1 - seat] if self.mode == "solo" else None
            if other is not None:  # solo: the second deck carries the same initials
                self.new_deck(seat, other.initials)
                return
            self.app.push_screen(AskText("Initials for the new deck (1 to 3 letters):"), lambda t: self.new_deck(seat, t))

        self.app.push_screen(PickDeck(seat, self.available(seat)), picked)

    def new_deck(self, seat: int, initials: str | None) -> None:
        if not initials:
            return
        try:
            deck = fresh_deck(initials)
            self.seats[seat] = self.decks.create(deck)
        except ValueError as problem:
            self.notify(str(problem), severity="warning")
            return
        except OSError as error:
            self.notify(f"The deck could not be saved: {error.strerror}", severity="error")
            return
        self.redraw()

    def table_decks(self) -> list[Deck | None]:
        """Each seat's deck: the one chosen here, a bot's fresh one, None while open."""
        return [
            bot_deck(seat) if kind == BOT else deck if kind == HERE else None
            for seat, (deck, kind) in enumerate(zip(self.seats, self.kinds))
        ]

    def table_options(self) -> dict[str, Any]:
        decks = [d for d in self.table_decks() if d is not None]
        coined, _ = self.words.load()
        written = {c.word for d in decks for c in d.cards if c.word}
        words = table_words(recheck(coined), {d.initials for d in decks}, written)
        options = {"players": len(self.seats), "solo": self.mode == "solo", "strength": self.reading, "coined": words}
        if OPEN not in self.kinds:  # a shared table gets its decks as players sit down
            options["decks"] = decks
        return options

    def table_seats(self) -> list[Seat] | None:
        """Who sits where, when anyone but the people at this keyboard does."""
        if self.kinds.count(HERE) == len(self.kinds):
            return None
        seats = []
        for deck, kind in zip(self.table_decks(), self.kinds):
            if kind == OPEN:
                seats.append(Seat(name=f"Seat {len(seats) + 1}"))
            elif kind == BOT:
                seats.append(Seat(name=deck.initials, bot=True))
            else:
                shared = OPEN in self.kinds
                name = deck.name or deck.initials
                seats.append(Seat(name=name, player="me" if shared else "", brings=msgspec.to_builtins(deck) if shared else None))
        return seats

    def action_start(self) -> None:
        if not self.ready():
            self.notify("Every seat here needs a deck first.", severity="warning")
            return
        game = self.app.store.games["decknforge"]
        seed = self.seed if self.seed is not None else secrets.randbelow(2**32)
        seats = self.table_seats()
        try:
            options = game.check_options(self.table_options())
            if OPEN not in self.kinds:
                game.new_game(seed, **options)  # refuses a table the rules do not allow, with why
        except ValueError as problem:
            self.notify(str(problem), severity="error")
            return
        app = self.app
        app.pop_screen()
        if OPEN in self.kinds:
            app.open_shared("decknforge", seed, seats, **options)
        else:
            app.start_game("decknforge", seed, seats=seats, **options)

    def action_back(self) -> None:
        self.app.pop_screen()


def deck_to_bring(app: Any, options: dict[str, Any], then: Any) -> None:
    """Joining a shared table: the player picks one of their own decks (or makes one), and
    `then` receives it as plain data for the table."""
    decks = decks_of(app)

    def bring(deck: Deck) -> None:
        then(msgspec.to_builtins(deck))

    def made(initials: str | None) -> None:
        if not initials:
            return
        try:
            bring(decks.create(fresh_deck(initials)))
        except ValueError as problem:
            app.notify(str(problem), severity="warning")
        except OSError as error:
            app.notify(f"The deck could not be saved: {error.strerror}", severity="error")

    def picked(choice: str | None) -> None:
        if choice is None:
            return
        if choice == "new":
            app.push_screen(AskText("Initials for the new deck (1 to 3 letters):"), made)
            return
        try:
            bring(decks.load(choice))
        except Damaged as damage:
            app.notify(f"That deck cannot be read: {damage}", severity="error")

    app.push_screen(PickDeck(None, decks.decks()), picked)
