"""A new DecknForge table: how many decks, which saved deck (or a new one) for each seat."""

from __future__ import annotations

from typing import Any

import msgspec

from textual.app import ComposeResult
from textual.binding import Binding

from engine.core.game import BOT_LEVEL
from engine.decknforge.legacy import Deck, fresh_deck
from engine.decknforge.moderation import recheck, table_words
from engine.decknforge.readings import DEFAULT_READING, READINGS, explain, readings
from engine.decknforge.rules import bot_deck
from saves.envelope import Damaged, Seat
from tui.decknforge.storage import decks_of, word_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.setup_form import (
    BOT, HERE, OPEN, SetupForm, SetupPick, form_bindings, next_value, option_text, pick_bindings, seat_of, setup_help,
)
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Vertical

MODES = ("2", "3", "4", "solo")
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
    bot_level: str = "easy"


def deck_line(deck: Deck) -> str:
    name = f" “{plain(deck.name).plain}”" if deck.name else ""
    legend = " LEGEND" if deck.legendary else ""
    scars = f"{len(deck.scars)} scar{'' if len(deck.scars) == 1 else 's'}"
    return f"{deck.initials}{name} · L{deck.level} · {deck.xp} XP · {scars}{legend}"


class PickDeck(SetupPick, inherit_bindings=False):
    """Choose a saved deck for a seat, or "new" for a fresh one (None: cancelled)."""

    DEFAULT_CSS = """
    PickDeck { align: center middle; }
    PickDeck > Vertical { width: 64; height: 16; border: round $accent; background: $surface; }
    """
    BINDINGS = pick_bindings(Binding("n", "new", "New deck", id="setup.decknforge.new_deck"))
    HELP = "Pick a deck with the arrows and `Enter` (or `s`), or `n` for a new deck. `Esc` cancels."

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


class DecknForgeSetup(SetupForm, inherit_bindings=False):
    DEFAULT_CSS = """
    DecknForgeSetup #setup-note { height: 5; }
    """
    PANEL_TITLE = "The table"
    FIRST_SEAT = "Seat 1 is yours: the table is opened from your terminal."
    BINDINGS = form_bindings(
        Binding("p", "players", "Players", id="setup.decknforge.players"),
        Binding("g", "reading", "Strength", id="setup.decknforge.strength"),
    )
    HELP = setup_help("""
# A new DecknForge table

Each seat brings a deck. Decks are kept between games: what a game writes on them stays.

- `p` (or `Space` on the Table line) changes the table: 2, 3 or 4 players, or **solo** (one
  person, two of their own decks)
- `Enter` on a seat (or its number) picks one of your saved decks, or makes a new deck with
  your initials
- a seat given to the game's bot plays with a fresh deck, kept for that game only; a seat
  open to others is filled by a friend with their own deck
- `g` (or `Space` on the Strength line) switches the Dungeon Strength between the book's count
  (every Monster in the dungeon, the pile included: the default) and a gentler house rule
  (only the Monsters met so far). The note below says what each does to a legacy, as the bots
  measured it
""")

    def __init__(self, game: object = None, again: TableAgain | None = None) -> None:  # DecknForge
        super().__init__("New game of DecknForge")
        self.mode = "2"
        self.seats: list[Deck | None] = [None, None]
        self.kinds = [HERE, HERE]
        self.reading = DEFAULT_READING
        self.bot_level = BOT_LEVEL.default
        self.again = again

    def form_mounted(self) -> None:
        self.decks = decks_of(self.app)
        self.words = word_store(self.app.paths, self.app.store.clock)
        if self.again is not None:
            self.set_again(self.again)

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
        if again.bot_level in BOT_LEVEL.choices:
            self.bot_level = again.bot_level
        self.seed = again.seed

    # ----- drawing ----------------------------------------------------------------------

    def form_rows(self) -> list[tuple[str, Choice]]:
        solo = self.mode == "solo"
        table = "solo: one player, two of their own decks" if solo else f"{self.mode} players"
        rows = [("players", Choice(f"Table: {table}", key="p"))]
        for seat, (deck, kind) in enumerate(zip(self.seats, self.kinds)):
            text = SEAT_TEXT.get(kind) or (deck_line(deck) if deck else "(choose a deck)")
            rows.append((f"seat:{seat}", Choice(f"Seat {seat + 1}: {text}", key=str(seat + 1))))
        if BOT in self.kinds:  # how the bot plays, under the seats, once a seat is its
            rows.append(("bot_level", Choice(f"{BOT_LEVEL.label}: {option_text(BOT_LEVEL, self.bot_level)}")))
        title = readings()[self.reading].title
        default = " (default)" if self.reading == DEFAULT_READING else ""
        rows.append(("reading", Choice(f"Strength: {title}{default}", key="g")))
        self.damaged = sum(1 for e in self.decks.list() if e.damaged)
        return rows

    def note(self, row: str) -> str:
        """What the highlighted line means: the Strength reading explained, or how seats work."""
        if row == "reading":
            note = explain(self.reading)
        elif row == "bot_level":
            note = BOT_LEVEL.help + "\nSpace or the arrows change it."
        else:
            note = (
                "Enter on a seat: pick a saved deck or make a new one from your initials;\n"
                "Space on a seat: the bot plays it (b), or someone elsewhere joins (o).\n"
                "Decks are written when a game ends; a game left half-way changes no deck."
            )
        if self.damaged:
            note += f"\n{self.damaged} deck file(s) cannot be read (see Decks); they are left untouched."
        return note

    # ----- input ------------------------------------------------------------------------

    def changeable(self, row: str) -> bool:
        return row in ("players", "reading", "bot_level") or super().changeable(row)

    def change(self, row: str, step: int) -> None:
        if row == "players":
            self.action_players(step)
        elif row == "reading":
            self.action_reading(step)
        elif row == "bot_level":
            self.bot_level = next_value(BOT_LEVEL, self.bot_level, step)

    def enter(self, row: str) -> bool:
        if not row.startswith("seat:"):
            return False
        seat = int(row.removeprefix("seat:"))
        if self.kinds[seat] == HERE:
            self.pick_seat(seat)
        else:
            self.notify("Space (or b or o again) makes this seat yours to fill with a deck.")
        return True

    def not_ready(self) -> str | None:
        if any(deck is None for deck, kind in zip(self.seats, self.kinds) if kind == HERE):
            return "every seat here needs a deck"
        return None

    def action_players(self, step: int = 1) -> None:
        self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        count = 2 if self.mode == "solo" else int(self.mode)
        self.seats = (self.seats + [None] * 4)[:count]
        self.kinds = (self.kinds + [HERE] * 4)[:count]
        if self.mode == "solo":  # one person plays both decks
            self.kinds = [HERE, HERE]
        if self.mode == "solo" and self.seats[0] and self.seats[1]:
            if self.seats[0].initials != self.seats[1].initials:
                self.seats[1] = None
        self.redraw()

    def seat_fixed(self, seat: int) -> str | None:
        if seat > 0 and self.mode == "solo":
            return "In solo one person plays both decks."
        return super().seat_fixed(seat)

    def action_reading(self, step: int = 1) -> None:
        self.reading = READINGS[(READINGS.index(self.reading) + step) % len(READINGS)]
        self.redraw("reading")

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
        if BOT in self.kinds:
            options["bot_level"] = self.bot_level
        if OPEN not in self.kinds:  # a shared table gets its decks as players sit down
            options["decks"] = decks
        return options

    def table_seats(self) -> list[Seat] | None:
        """Who sits where, when anyone but the people at this keyboard does."""
        if self.kinds.count(HERE) == len(self.kinds):
            return None
        shared = OPEN in self.kinds
        seats = []
        for deck, kind in zip(self.table_decks(), self.kinds):
            if kind == OPEN:
                seats.append(seat_of(f"Seat {len(seats) + 1}", OPEN, shared))
            elif kind == BOT:
                seats.append(seat_of(deck.initials, BOT, shared))
            else:
                brings = msgspec.to_builtins(deck) if shared else None
                seats.append(seat_of(deck.name or deck.initials, HERE, shared, brings))
        return seats

    def start(self, seed: int) -> None:
        game = self.app.store.games["decknforge"]
        seats = self.table_seats()
        try:
            options = game.check_options(self.table_options())
            if OPEN not in self.kinds:
                game.new_game(seed, **options)  # refuses a table the rules do not allow, with why
        except ValueError as problem:
            self.notify(str(problem), severity="error")
            return
        self.launch("decknforge", seed, seats, **options)


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
