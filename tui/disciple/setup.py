"""A new Disciple game: the playstyle (Solo, Versus, Co-Op, Campaign), how many players, who
sits at each seat (a person here, the bot, or open to others) and, in Versus, which deck each
seat brings. The playstyles and their options are the game's own GameOptions; this screen only
offers them, so a playstyle the engine does not offer is not shown."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from engine.core.game import Game, GameOption
from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from engine.disciple.model import MODES
from saves.envelope import Seat
from tui.disciple.deck_files import DeckRow, deck_rows, versus_deck_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

HERE, BOT, OPEN = "here", "bot", "open"
SOLO, VERSUS, CAMPAIGN = "solo", "versus", "campaign"
LEADER_TEXT = {
    "bot": "the CL bot (the standard order, asks nothing)",
    "human": "a person, at a seat of their own",
}
MODE_TEXT = {
    "solo": "Solo: one Disciple's journey to the final boss",
    "versus": "Versus: two players, each with a built deck",
    "coop": "Co-Op: 2 to 4 players fight the journey together",
    "campaign": "Campaign: players and a Campaign Leader (CL)",
}
# Options that mean nothing in a playstyle (Versus has no journey: no style to learn).
UNUSED = {"versus": {"style", "second_style"}}
SPECIAL = ("mode", "players", "decks", "names")  # drawn as their own rows, not as plain options
MODE_NAME = {"solo": "Solo", "versus": "Versus", "coop": "Co-Op", "campaign": "Campaign"}
MAX_PLAYERS = 4


def deck_line(deck: VersusDeck) -> str:
    content = load()
    styles = " + ".join(content.styles[s].name for s in deck.styles if s in content.styles)
    name = plain(deck.name).plain
    return name if name.startswith(styles) else f"{name} ({styles})"


class PickVersusDeck(ModalScreen[VersusDeck | None]):
    """Pick a ready Versus deck: a style's default deck or a legal deck of one's own."""

    DEFAULT_CSS = """
    PickVersusDeck { align: center middle; }
    PickVersusDeck > Vertical { width: 64; height: 16; border: round $accent; background: $surface; }
    PickVersusDeck #pick-note { height: 2; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q", "cancel", "Cancel")]
    HELP = "Pick a deck with the arrows and `Enter`; `Esc` cancels. Build decks under Versus decks (`v` on the home screen)."

    def __init__(self, title: str, rows: list[DeckRow]) -> None:
        super().__init__()
        self.title_text = title
        self.ready = [r for r in rows if r.ready]
        self.drafts = sum(1 for r in rows if not r.ready)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield ChoiceList(id="decks")
            note = "Default decks and your legal built decks."
            if self.drafts:
                note += f"\n{self.drafts} draft or unreadable deck(s) not listed: finish them under Versus decks."
            yield Static(note, id="pick-note")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = [Choice(deck_line(r.deck), "default" if r.default else "yours") for r in self.ready]
        listing = self.query_one(ChoiceList)
        listing.show(choices)
        listing.focus()

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.dismiss(self.ready[event.index].deck)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DiscipleSetup(Screen[None]):
    DEFAULT_CSS = """
    DiscipleSetup #setup { height: 1fr; }
    DiscipleSetup #setup-note { height: 4; color: $text-muted; padding: 0 1; }
    """
    # The keys that work on every row come first; after them the highlighted row's own keys
    # (Change on an option, b/o on a seat), so the bar holds only what works and fits 80 columns.
    BINDINGS = [
        Binding("m", "mode", "Playstyle"),
        Binding("p", "players", "Players"),
        Binding("c", "leader", "Leader"),
        Binding("right,space", "change(1)", "Change"),
        Binding("left", "change(-1)", "Change", show=False),
        *(Binding(str(i + 1), f"seat({i})", show=False) for i in range(5)),
        Binding("b", "seat_kind('bot')", "Bot"),
        Binding("o", "seat_kind('open')", "Open"),
        Binding("v", "decks", "Decks"),
        Binding("s,ctrl+s", "start", "Start"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# A new game of Disciple

- `m` changes the playstyle: **Solo**, **Versus** (two players, each with a deck built under
  the deck rules), **Co-Op** (2 to 4 players against the journey) or **Campaign** (players
  and a Campaign Leader, who guides the journey)
- `p` changes the number of players, where the playstyle allows
- `c` (Campaign) chooses who leads: a person at a seat of their own (who picks the events,
  how many enemies commit, whom each enemy attacks and who may learn a second style), or the
  CL bot, which runs the standard Solo order for everyone
- `Enter` on a seat (or its number) picks that seat's deck in Versus; `b` gives the seat to
  the game's bot, `o` opens it to others: the game becomes a shared table that friends join
  from their own terminal with their own deck (`tabletop-tui join CODE`). Pressed again, the
  seat is played here
- `v` (Versus) opens your Versus decks, to build one before you pick it
- `Space` or `→` changes the highlighted option (`←` goes back); `Enter` moves on to the next
  line and never changes one; on the seed line it asks for a seed (empty: a fresh shuffle)
- `s` (or `Enter` on Start) starts; `Esc` goes back
"""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.options = {o.name: o for o in game.options}
        self.values: dict[str, Any] = {"mode": SOLO, "players": 1, "cl": "bot"}
        self.values.update({o.name: o.default for o in game.options})
        self.modes = self._playable_modes()
        self.kinds: list[str] = [HERE]
        self.decks: list[VersusDeck | None] = [None]
        self.seat_names: list[str] = ["Player"]
        self.seed: int | None = None
        self.rows: list[str] = []

    @property
    def mode(self) -> str:
        return str(self.values.get("mode", SOLO))

    @property
    def versus(self) -> bool:
        return self.mode == VERSUS

    def compose(self) -> ComposeResult:
        yield Static(f"New game of {self.game.title}", classes="title")
        with Horizontal():
            with Vertical(classes="panel", id="table-box") as box:
                box.border_title = "The game"
                yield ChoiceList(id="setup")
                yield Static(id="setup-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = versus_deck_store(self.app.paths, self.app.store.clock)
        listing = self.query_one("#setup", ChoiceList)
        self.watch(listing, "cursor", self._row_highlighted, init=False)
        self._fit_seats()
        self.redraw()
        listing.focus()

    def on_screen_resume(self) -> None:
        self.redraw()  # decks may have been built meanwhile

    # ----- the table the options make -----------------------------------------------------

    def _playable_modes(self) -> list[str]:
        """The playstyles the game offers: its `mode` option's choices, or else every one its
        new_game accepts with some number of players."""
        if "mode" in self.options:
            return list(self.options["mode"].choices)
        return [mode for mode in MODES if self._counts(mode)]

    def _counts(self, mode: str) -> list[int]:
        """The numbers of players the game allows in `mode` (it refuses the others)."""
        allowed = []
        for n in range(1, MAX_PLAYERS + 1):
            options = {**self.chosen_options(decks=False), "mode": mode, "players": n}
            if mode == SOLO:
                options = {k: v for k, v in options.items() if k not in ("mode", "players")} if n == 1 else options
            try:
                self.game.new_game(seed=0, **self.game.check_options(options))
            except (ValueError, TypeError):
                continue
            allowed.append(n)
        return allowed

    def chosen_options(self, decks: bool = True) -> dict[str, Any]:
        """The options as chosen (a Solo journey's as ever: no playstyle keys); in Versus each
        seat's deck (a bot's too), when every seat has one here (a shared table gets the
        others' as they sit down)."""
        options = {name: value for name, value in self.values.items() if name in self.options}
        if self.mode != SOLO:
            options.update(mode=self.mode, players=self.values["players"])
        if self.mode == CAMPAIGN:
            options["cl"] = self.values["cl"]
        if self.versus and decks and "decks" not in self.options:
            table = self.table_decks()
            if all(d is not None for d in table):
                options["decks"] = [msgspec.to_builtins(d) for d in table]
        return options

    def _fit_seats(self) -> None:
        """The seats of a game with these options (the engine names them), keeping what each
        seat had where it can."""
        try:
            options = self.game.check_options(self.chosen_options(decks=False))
            names = list(self.game.seats(self.game.new_game(seed=0, **options)))
        except (ValueError, TypeError) as problem:
            self.notify(str(problem), severity="warning")
            return
        count = len(names)
        self.seat_names = names
        self.kinds = (self.kinds + [HERE] * count)[:count]
        self.decks = (self.decks + [None] * count)[:count]
        if self.versus:  # each seat starts with a style's default deck; Enter picks another
            styles = list(load().styles)
            self.decks = [d or default_versus_deck(load(), styles[i % len(styles)]) for i, d in enumerate(self.decks)]
        self.refresh_bindings()

    def table_decks(self) -> list[VersusDeck | None]:
        """Each seat's deck: the one picked, a default deck for a bot that has none, None for
        an open seat (its player brings one)."""
        styles = list(load().styles)
        decks: list[VersusDeck | None] = []
        for seat, (deck, kind) in enumerate(zip(self.decks, self.kinds)):
            if kind == OPEN:
                decks.append(None)
            elif deck is None and kind == BOT:
                decks.append(default_versus_deck(load(), styles[seat % len(styles)]))
            else:
                decks.append(deck)
        return decks

    def ready(self) -> bool:
        if not self.versus:
            return True
        return all(d is not None for d, k in zip(self.table_decks(), self.kinds) if k != OPEN)

    # ----- drawing ----------------------------------------------------------------------

    def redraw(self, cursor: int | None = None) -> None:
        listing = self.query_one("#setup", ChoiceList)
        choices: list[Choice] = []
        self.rows = []
        if len(self.modes) > 1:
            choices.append(Choice(f"Playstyle: {MODE_NAME.get(self.mode, self.mode)}", key="m"))
            self.rows.append("mode")
        counts = self._counts(self.mode)
        if len(counts) > 1:
            choices.append(Choice(f"Players: {self.values['players']}", key="p"))
            self.rows.append("players")
        if self.mode == CAMPAIGN:
            choices.append(Choice(f"Campaign Leader: {LEADER_TEXT[self.values['cl']]}", key="c"))
            self.rows.append("leader")
        table = self.table_decks()
        if len(self.seat_names) > 1:
            for seat, name in enumerate(self.seat_names):
                choices.append(Choice(f"{plain(name).plain}: {self._seat_text(seat, table[seat])}", key=str(seat + 1)))
                self.rows.append(f"seat:{seat}")
        for option in self.game.options:
            if option.name in SPECIAL or option.name in UNUSED.get(self.mode, ()):
                continue
            choices.append(Choice(f"{option.label}: {self._value_text(option)}"))
            self.rows.append(f"option:{option.name}")
        choices.append(Choice(f"Seed: {self.seed if self.seed is not None else 'random'}"))
        self.rows.append("seed")
        ready = self.ready()
        start = "Open the table to others" if OPEN in self.kinds else "Start the game"
        choices.append(Choice(start if ready else "Start (every seat here needs a deck)", key="s", enabled=ready))
        self.rows.append("start")
        listing.show(choices, listing.cursor if cursor is None else cursor)
        self._draw_note(listing.cursor)

    def _seat_text(self, seat: int, deck: VersusDeck | None) -> str:
        kind = self.kinds[seat]
        who = "you" if seat == 0 else {HERE: "here", BOT: "the bot", OPEN: "open to others"}[kind]
        if not self.versus:
            return who
        if kind == OPEN:
            return f"{who} (brings their own deck)"
        return f"{who} · {deck_line(deck) if deck else '(choose a deck)'}"

    def _value_text(self, option: GameOption) -> str:
        value = self.values[option.name]
        if option.kind == "bool":
            return "on" if value else "off"
        if option.kind == "choice":
            return option.choice_label(value)
        return str(value)

    def _row_highlighted(self, cursor: int) -> None:
        self._draw_note(cursor)
        self.refresh_bindings()  # the row's own keys (Change, b, o) come and go

    def _draw_note(self, cursor: int) -> None:
        row = self.rows[cursor] if 0 <= cursor < len(self.rows) else ""
        if row.startswith("option:"):
            note = self.options[row.removeprefix("option:")].help + "\nSpace or the arrows change it."
        elif row == "leader":
            note = ("A person leading sees every event deck and the enemies' attack patterns;\n"
                    "the players see what the Leader announces. The CL bot asks nothing.")
        elif row == "mode" or not row.startswith("seat:"):
            note = MODE_TEXT.get(self.mode, "")
            if len(self.modes) > 1:
                note += "\nm (or Space and the arrows here) changes the playstyle." if row == "mode" else "\nm changes the playstyle."
        elif self.versus:
            note = (
                "Enter on a seat picks its deck: a default deck or a legal one of yours\n"
                "(v builds one). b gives the seat to the bot, o opens it to a player in\n"
                "another terminal; pressed again, the seat is played here."
            )
        else:
            note = "b gives the highlighted seat to the bot, o opens it to a player in\nanother terminal; pressed again, the seat is played here."
        self.query_one("#setup-note", Static).update(note)

    # ----- input ------------------------------------------------------------------------

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        row = self.rows[event.index]
        if row.startswith("seat:"):
            self.action_seat(int(row.removeprefix("seat:")))
        elif row == "seed":
            self.app.push_screen(AskText("Seed (a whole number; empty for a fresh shuffle):"), self._seed_given)
        elif row == "start":
            self.action_start()
        else:  # Enter never changes a value (Space and the arrows do): it moves on toward Start
            self.query_one("#setup", ChoiceList).cursor = event.index + 1

    def action_change(self, step: int) -> None:
        """Space or an arrow: the highlighted option takes its next (or previous) value."""
        cursor = self.query_one("#setup", ChoiceList).cursor
        row = self.rows[cursor] if 0 <= cursor < len(self.rows) else ""
        if row == "mode":
            self.action_mode(step)
        elif row == "players":
            self.action_players(step)
        elif row == "leader":
            self.action_leader()
        elif row.startswith("option:"):
            self._cycle(self.options[row.removeprefix("option:")], step)
            self.redraw()

    def _cycle(self, option: GameOption, step: int = 1) -> None:
        value = self.values[option.name]
        if option.kind == "bool":
            self.values[option.name] = not value
        elif option.kind == "choice":
            self.values[option.name] = option.choices[(option.choices.index(value) + step) % len(option.choices)]
        else:
            low, high = option.minimum or 0, option.maximum if option.maximum is not None else value + 1
            self.values[option.name] = low + (value + step - low) % (high - low + 1)

    def action_mode(self, step: int = 1) -> None:
        if len(self.modes) < 2:
            self.notify("This version offers Solo only.", severity="warning")
            return
        self.values["mode"] = self.modes[(self.modes.index(self.mode) + step) % len(self.modes)]
        self.values["players"] = self._counts(self.mode)[0]  # the fewest the playstyle allows
        self._fit_seats()
        self.redraw(0)
        self.refresh_bindings()

    def action_leader(self) -> None:
        """Campaign: a person leads at a seat of their own, or the CL bot runs the standard order."""
        if self.mode != CAMPAIGN:
            return
        self.values["cl"] = "human" if self.values["cl"] == "bot" else "bot"
        self._fit_seats()
        self.redraw(self.rows.index("leader"))

    def action_players(self, step: int = 1) -> None:
        counts = self._counts(self.mode)
        if len(counts) < 2:
            self.notify(f"{MODE_TEXT.get(self.mode, self.mode)}: {counts[0] if counts else 1} player(s).")
            return
        value = self.values["players"]
        self.values["players"] = counts[(counts.index(value) + step) % len(counts)] if value in counts else counts[0]
        self._fit_seats()
        self.redraw(self.rows.index("players"))

    def action_seat(self, seat: int) -> None:
        """A seat's number: highlight it, and pick its deck in Versus."""
        if seat >= len(self.seat_names) or f"seat:{seat}" not in self.rows:
            return
        self.query_one("#setup", ChoiceList).cursor = self.rows.index(f"seat:{seat}")
        if not self.versus:
            return
        if self.kinds[seat] == OPEN:
            self.notify("Whoever takes this seat brings their own deck.")
            return

        def picked(deck: VersusDeck | None) -> None:
            if deck is not None:
                self.decks[seat] = deck
                self.redraw()

        title = f"Deck for {plain(self.seat_names[seat]).plain}"
        self.app.push_screen(PickVersusDeck(title, deck_rows(self.store)), picked)

    def action_seat_kind(self, kind: str) -> None:
        cursor = self.query_one("#setup", ChoiceList).cursor
        row = self.rows[cursor] if 0 <= cursor < len(self.rows) else ""
        if not row.startswith("seat:"):
            self.notify("Highlight a seat first (its number or the arrows).", severity="warning")
            return
        seat = int(row.removeprefix("seat:"))
        if seat == 0:
            self.notify("The first seat is yours: the game is started from this terminal.", severity="warning")
            return
        self.kinds[seat] = HERE if self.kinds[seat] == kind else kind
        self.redraw(cursor)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mode":
            return len(self.modes) > 1
        if action == "players":
            return "players" in self.rows
        if action == "leader":
            return "leader" in self.rows
        if action == "seat":
            return len(self.seat_names) > 1
        if action == "seat_kind":
            return self._highlighted_row().startswith("seat:")
        if action == "change":
            return self._highlighted_row() in ("mode", "players", "leader") or self._highlighted_row().startswith("option:")
        if action == "decks":
            return self.versus  # only a Versus seat brings a built deck
        return True

    def _highlighted_row(self) -> str:
        listing = self.query("#setup").first(ChoiceList) if self.is_mounted else None
        cursor = listing.cursor if listing is not None else -1
        return self.rows[cursor] if 0 <= cursor < len(self.rows) else ""

    def action_decks(self) -> None:
        from tui.disciple.decks_screen import VersusDecksScreen

        self.app.push_screen(VersusDecksScreen())

    def _seed_given(self, text: str | None) -> None:
        if text is None:
            return
        text = text.strip()
        if text and not text.isdigit():
            self.notify("A seed is a whole number.", severity="warning")
            return
        self.seed = int(text) if text else None
        self.redraw(cursor=self.rows.index("start"))  # the seed is set: Enter now starts

    def table_seats(self) -> list[Seat] | None:
        """Who sits where, when anyone but the people at this keyboard does. At a shared
        Versus table the creator's seats bring their decks with them."""
        if self.kinds.count(HERE) == len(self.kinds):
            return None
        shared = OPEN in self.kinds
        seats = []
        for name, kind, deck in zip(self.seat_names, self.kinds, self.table_decks()):
            brings = msgspec.to_builtins(deck) if shared and self.versus and deck is not None else None
            if kind == OPEN:
                seats.append(Seat(name=name))
            elif kind == BOT:
                seats.append(Seat(name=name, bot=True, brings=brings))
            else:
                seats.append(Seat(name=name, player="me" if shared else "", brings=brings))
        return seats

    def action_start(self) -> None:
        if not self.ready():
            self.notify("Every seat here needs a deck first (Enter on the seat).", severity="warning")
            return
        shared = OPEN in self.kinds
        seed = self.seed if self.seed is not None else secrets.randbelow(2**32)
        try:
            options = self.game.check_options(self.chosen_options(decks=not shared))
            if not shared:
                self.game.new_game(seed, **options)  # refuses a game the rules do not allow, with why
        except (ValueError, TypeError) as problem:
            self.notify(str(problem), severity="error")
            return
        seats = self.table_seats()
        app = self.app
        app.pop_screen()
        if shared:
            app.open_shared(self.game.id, seed, seats, **options)
        else:
            app.start_game(self.game.id, seed, seats=seats, **options)

    def action_back(self) -> None:
        self.app.pop_screen()


def deck_to_bring(app: Any, options: dict[str, Any], then: Any) -> None:
    """Joining a shared Disciple table: in Versus the player picks one of their own ready
    decks (or a default one), and `then` receives it as plain data; other playstyles ask
    nothing."""
    if options.get("mode") != VERSUS:
        then(None)
        return

    def picked(deck: VersusDeck | None) -> None:
        if deck is not None:
            then(msgspec.to_builtins(deck))

    rows = deck_rows(versus_deck_store(app.paths, app.store.clock))
    app.push_screen(PickVersusDeck("Your deck for this table", rows), picked)
