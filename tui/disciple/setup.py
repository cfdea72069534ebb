"""A new Disciple game: the playstyle (Solo, Versus, Co-Op, Campaign), how many players, who
sits at each seat (a person here, the bot, or open to others) and, in Versus, which deck each
seat brings. The playstyles and their options are the game's own GameOptions; this screen only
offers them, so a playstyle the engine does not offer is not shown."""

from __future__ import annotations

from typing import Any

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding

from engine.core.game import Game
from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from engine.disciple.model import MODES
from saves.envelope import Seat
from tui.disciple.deck_files import DeckRow, deck_rows, versus_deck_store
from tui.plain import plain
from tui.setup_form import (
    BOT,
    HERE,
    OPEN,
    SetupForm,
    SetupPick,
    form_bindings,
    next_value,
    option_text,
    seat_of,
    setup_help,
)
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, Vertical

SOLO, VERSUS, CAMPAIGN = "solo", "versus", "campaign"
LEADER_TEXT = {
    "bot": "the CL bot (leads to test the band, asks nothing)",
    "human": "at a seat of its own (a person or the bot)",
}
MODE_TEXT = {
    "solo": "Solo: one Disciple's journey to the final boss",
    "versus": "Versus: two players, each with a built deck",
    "coop": "Co-Op: 2 to 4 players fight the journey together",
    "campaign": "Campaign: players and a Campaign Leader (CL)",
}
# Options that mean nothing in a playstyle (Versus has no journey: no style to learn).
# Options a playstyle does not use: not shown, and not passed (a Campaign's starting vitality
# chosen, then Solo picked, starts Solo at its own 25).
UNUSED = {
    "solo": {"start_vitality"},
    "coop": {"start_vitality"},
    "versus": {"style", "second_style", "start_vitality"},
}
BOT_LEVEL = "bot_level"  # shown once a seat is the bot's
SPECIAL = ("mode", "players", "decks", "names")  # drawn as their own rows, not as plain options
MODE_NAME = {"solo": "Solo", "versus": "Versus", "coop": "Co-Op", "campaign": "Campaign"}
MAX_PLAYERS = 4


def deck_line(deck: VersusDeck) -> str:
    content = load()
    styles = " + ".join(content.styles[s].name for s in deck.styles if s in content.styles)
    name = plain(deck.name).plain
    return name if name.startswith(styles) else f"{name} ({styles})"


class PickVersusDeck(SetupPick):
    """Pick a ready Versus deck: a style's default deck or a legal deck of one's own (it
    dismisses the deck, or None)."""

    DEFAULT_CSS = """
    PickVersusDeck { align: center middle; }
    PickVersusDeck > Vertical { width: 64; height: 16; border: round $accent; background: $surface; }
    PickVersusDeck #pick-note { height: 2; color: $text-muted; padding: 0 1; }
    """
    HELP = (
        "Pick a deck with the arrows and `Enter` (or `s`); `Esc` cancels. Build decks under"
        " Versus decks (`v` on the home screen)."
    )

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


class DiscipleSetup(SetupForm, inherit_bindings=False):
    # The keys of the form come first in the bar (the row's Change, Bot and Open only where they
    # work), then the playstyle's own, so the bar holds only what works and fits 80 columns.
    BINDINGS = form_bindings(
        Binding("m", "mode", "Playstyle", id="setup.disciple.mode"),
        Binding("p", "players", "Players", id="setup.disciple.players"),
        Binding("c", "leader", "Leader", id="setup.disciple.leader"),
        Binding("v", "decks", "Decks", id="setup.disciple.decks"),
    )
    HELP = setup_help("""
# A new game of Disciple

- `m` changes the playstyle: **Solo**, **Versus** (two players, each with a deck built under
  the deck rules), **Co-Op** (2 to 4 players against the journey) or **Campaign** (players
  and a Campaign Leader, who guides the journey)
- `p` changes the number of players, where the playstyle allows
- `c` (Campaign) chooses who leads: a person at a seat of their own (who picks the events,
  how many enemies commit, whom each enemy attacks and who may learn a second style), or the
  CL bot, which leads to test the band: the events first, as many enemies as the band can
  answer, every enemy at whoever is nearest to falling
- `Enter` on a seat (or its number) picks that seat's deck in Versus; a seat open to others
  is filled by a friend with their own deck
- `v` (Versus) opens your Versus decks, to build one before you pick it
""")

    def __init__(self, game: Game) -> None:
        super().__init__(f"New game of {game.title}")
        self.game = game
        self.options = {o.name: o for o in game.options}
        self.values: dict[str, Any] = {"mode": SOLO, "players": 1, "cl": "bot"}
        self.values.update({o.name: o.default for o in game.options})
        self.modes = self._playable_modes()
        self.kinds: list[str] = [HERE]
        self.decks: list[VersusDeck | None] = [None]
        self.seat_names: list[str] = ["Player"]

    @property
    def mode(self) -> str:
        return str(self.values.get("mode", SOLO))

    @property
    def versus(self) -> bool:
        return self.mode == VERSUS

    def form_mounted(self) -> None:
        self.store = versus_deck_store(self.app.paths, self.app.store.clock)
        self._fit_seats()

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
        unused = self._unused()
        options = {name: value for name, value in self.values.items() if name in self.options and name not in unused}
        if self.mode != SOLO:
            options.update(mode=self.mode, players=self.values["players"])
        if self.mode == CAMPAIGN:
            options["cl"] = self.values["cl"]
        if self.versus and decks and "decks" not in self.options:
            table = self.table_decks()
            if all(d is not None for d in table):
                options["decks"] = [msgspec.to_builtins(d) for d in table]
        return options

    def _unused(self) -> set[str]:
        """The options this table does not use: the playstyle's, and the bot's level while
        no seat is given to the bot."""
        unused = set(UNUSED.get(self.mode, ()))
        if BOT not in self.kinds:
            unused.add(BOT_LEVEL)
        return unused

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

    def not_ready(self) -> str | None:
        if self.versus and any(d is None for d, k in zip(self.table_decks(), self.kinds) if k != OPEN):
            return "every seat here needs a deck"
        return None

    # ----- drawing ----------------------------------------------------------------------

    def form_rows(self) -> list[tuple[str, Choice]]:
        rows: list[tuple[str, Choice]] = []
        if len(self.modes) > 1:
            rows.append(("mode", Choice(f"Playstyle: {MODE_NAME.get(self.mode, self.mode)}", key="m")))
        if len(self._counts(self.mode)) > 1:
            rows.append(("players", Choice(f"Players: {self.values['players']}", key="p")))
        if self.mode == CAMPAIGN:
            rows.append(("leader", Choice(f"Campaign Leader: {LEADER_TEXT[self.values['cl']]}", key="c")))
        table = self.table_decks()
        if len(self.seat_names) > 1:
            for seat, name in enumerate(self.seat_names):
                text = f"{plain(name).plain}: {self._seat_text(seat, table[seat])}"
                rows.append((f"seat:{seat}", Choice(text, key=str(seat + 1))))
        for option in self.game.options:
            if option.name in SPECIAL or option.name in self._unused():
                continue
            text = f"{option.label}: {option_text(option, self.values[option.name])}"
            rows.append((f"option:{option.name}", Choice(text)))
        return rows

    def _seat_text(self, seat: int, deck: VersusDeck | None) -> str:
        kind = self.kinds[seat]
        who = "you" if seat == 0 else {HERE: "here", BOT: "the bot", OPEN: "open to others"}[kind]
        if not self.versus:
            return who
        if kind == OPEN:
            return f"{who} (brings their own deck)"
        return f"{who} · {deck_line(deck) if deck else '(choose a deck)'}"

    def note(self, row: str) -> str:
        if row.startswith("option:"):
            return self.options[row.removeprefix("option:")].help + "\nSpace or the arrows change it."
        if row == "leader":
            return ("A Leader at a seat of its own sees every event deck and attack pattern;\n"
                    "the players see what it announces. The CL bot asks nothing.")  # fmt: skip
        if not row.startswith("seat:"):
            note = MODE_TEXT.get(self.mode, "")
            if len(self.modes) > 1:
                note += "\nSpace or the arrows (or m anywhere) change the playstyle." if row == "mode" else "\nm changes the playstyle."
            return note
        seats = "Space on a seat: a person here, the bot (b), or open to others (o)."
        if self.versus:
            return "Enter on a seat picks its deck: a default or a legal one you built (v).\n" + seats
        return seats

    # ----- input ------------------------------------------------------------------------

    def changeable(self, row: str) -> bool:
        return row in ("mode", "players", "leader") or row.startswith("option:") or super().changeable(row)

    def change(self, row: str, step: int) -> None:
        """Space or an arrow: the highlighted option takes its next (or previous) value."""
        if row == "mode":
            self.action_mode(step)
        elif row == "players":
            self.action_players(step)
        elif row == "leader":
            self.action_leader()
        elif row.startswith("option:"):
            option = self.options[row.removeprefix("option:")]
            self.values[option.name] = next_value(option, self.values[option.name], step)

    def enter(self, row: str) -> bool:
        if not (row.startswith("seat:") and self.versus):
            return False
        seat = int(row.removeprefix("seat:"))
        if self.kinds[seat] == OPEN:
            self.notify("Whoever takes this seat brings their own deck.")
            return True

        def picked(deck: VersusDeck | None) -> None:
            if deck is not None:
                self.decks[seat] = deck
                self.redraw()

        title = f"Deck for {plain(self.seat_names[seat]).plain}"
        self.app.push_screen(PickVersusDeck(title, deck_rows(self.store)), picked)
        return True

    def action_mode(self, step: int = 1) -> None:
        if len(self.modes) < 2:
            self.notify("This version offers Solo only.", severity="warning")
            return
        self.values["mode"] = self.modes[(self.modes.index(self.mode) + step) % len(self.modes)]
        self.values["players"] = self._counts(self.mode)[0]  # the fewest the playstyle allows
        self._fit_seats()
        self.redraw(0)

    def action_leader(self) -> None:
        """Campaign: a person leads at a seat of their own, or the CL bot leads."""
        if self.mode != CAMPAIGN:
            return
        self.values["cl"] = "human" if self.values["cl"] == "bot" else "bot"
        self._fit_seats()
        self.redraw("leader")

    def action_players(self, step: int = 1) -> None:
        counts = self._counts(self.mode)
        if len(counts) < 2:
            self.notify(f"{MODE_TEXT.get(self.mode, self.mode)}: {counts[0] if counts else 1} player(s).")
            return
        value = self.values["players"]
        self.values["players"] = counts[(counts.index(value) + step) % len(counts)] if value in counts else counts[0]
        self._fit_seats()
        self.redraw("players")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mode":
            return len(self.modes) > 1
        if action in ("players", "leader"):
            return action in self.rows
        if action == "decks":
            return self.versus  # only a Versus seat brings a built deck
        return super().check_action(action, parameters)

    def action_decks(self) -> None:
        from tui.disciple.decks_screen import VersusDecksScreen

        self.app.push_screen(VersusDecksScreen())

    def table_seats(self) -> list[Seat] | None:
        """Who sits where, when anyone but the people at this keyboard does. At a shared
        Versus table the creator's seats bring their decks with them."""
        if self.kinds.count(HERE) == len(self.kinds):
            return None
        shared = OPEN in self.kinds
        seats = []
        for name, kind, deck in zip(self.seat_names, self.kinds, self.table_decks()):
            brings = msgspec.to_builtins(deck) if shared and self.versus and deck is not None else None
            seats.append(seat_of(name, kind, shared, brings))
        return seats

    def start(self, seed: int) -> None:
        shared = OPEN in self.kinds
        try:
            options = self.game.check_options(self.chosen_options(decks=not shared))
            if not shared:
                self.game.new_game(seed, **options)  # refuses a game the rules do not allow, with why
        except (ValueError, TypeError) as problem:
            self.notify(str(problem), severity="error")
            return
        self.launch(self.game.id, seed, self.table_seats(), **options)


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
