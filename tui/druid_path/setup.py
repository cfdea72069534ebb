"""New Druid Path: a single game or a campaign, with the Druid, Darach and path to play.

Each row cycles its value with the left and right arrows; the panel beside it describes the
highlighted row's current card, so a player sees what they pick.
"""

from __future__ import annotations

import secrets

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine.druid_path.campaign import ROAD
from engine.druid_path.rules import DARACHS, DRUIDS, PATHS, DruidPathGame
from engine.druid_path.table import C
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

MODES = ("single", "campaign")
ROWS = ("mode", "druid", "darach", "path", "seed", "start")


def describe_pick(row: str, value: str) -> str:
    if row == "mode":
        if value == "single":
            return "One game against the Darach you choose, on the path you choose."
        road = ", ".join(f"{C.darachs[d].name} on {C.paths[p].name}" for d, p in ROAD)
        return (f"A campaign, this game's own variant (the rulebook has none): one Druid against all "
                f"four Darachs in turn ({road}), each a little tougher. Wounds carry over between "
                "games; a loss ends the campaign.")  # fmt: skip
    if row == "druid":
        d = C.druids[value]
        return (f"{d.name}: ♥{d.hp}, armor {d.armor}, +{d.stamina_gain} stamina a turn (at most "
                f"{d.stamina_max}). {d.ability.text}")  # fmt: skip
    if row == "darach":
        d = C.darachs[value]
        return f"{d.name}: ♥{d.hp}, armor {d.armor}, parry {d.parry} (2d6 to hit). {d.ability.text}"
    if row == "path":
        p = C.paths[value]
        steps = " ".join(s.label() + (f"/{s.alt.label()}" if s.alt else "") for s in p.steps)
        return (f"{p.name}: {p.hand} starting items, {p.mode} steps. Steps: {steps}. "
                "B beastborgs, I items, S shadow beastborgs, SD shadow draw, Spiral rows swap, "
                "X/Y a branching step (you choose).")  # fmt: skip
    if row == "seed":
        return "Press s (or Enter) to type a seed: the same seed and moves replay the same game."
    return "Press Enter to set out."


class DruidPathSetup(Screen[None]):
    CSS_PATH = "druid_path.tcss"
    BINDINGS = [
        Binding("left,h", "cycle(-1)", "Change", show=False),
        Binding("right,l", "cycle(1)", "Change"),
        Binding("s", "seed", "Seed"),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# New Druid Path

- Up and down move between the rows; left and right (or `h`/`l`) change the value;
  `Enter` moves on to the next row (it never changes a value) and, on **Start**, begins.
- **Play** chooses a single game or a campaign (the campaign sets the Darach and path of
  each game itself).
- `s` types a seed; empty means a fresh shuffle.
- `Enter` on **Start** (or `Ctrl+S` anywhere) begins.
"""

    def __init__(self, game: DruidPathGame) -> None:
        super().__init__()
        self.game = game
        self.values = {"mode": "single", "druid": "belthar", "darach": "kaliran", "path": "celthar"}
        self.seed: int | None = None

    def compose(self) -> ComposeResult:
        yield Static("New game of Druid Path", classes="title")
        with Horizontal():
            box = Vertical(ChoiceList(id="setup"), classes="panel", id="setup-panel")
            box.border_title = "Set out"
            yield box
            about = Vertical(Static(id="about"), classes="panel", id="about-panel")
            about.border_title = "About"
            yield about
        yield KeyBar()

    def on_mount(self) -> None:
        setup = self.query_one("#setup", ChoiceList)
        self.watch(setup, "cursor", lambda _: self.describe(), init=False)
        self.redraw()
        setup.focus()

    def options_of(self, row: str) -> tuple[str, ...]:
        return {"mode": MODES, "druid": DRUIDS, "darach": DARACHS, "path": PATHS}.get(row, ())

    def label(self, row: str) -> str:
        value = self.values.get(row, "")
        if row == "mode":
            return "Single game" if value == "single" else "Campaign (4 games)"
        if row == "druid":
            return C.druids[value].name
        campaign = self.values["mode"] == "campaign"
        if row == "darach":
            return "set by the road" if campaign else C.darachs[value].name
        if row == "path":
            return "set by the road" if campaign else C.paths[value].name
        if row == "seed":
            return "random" if self.seed is None else str(self.seed)
        return ""

    def redraw(self) -> None:
        setup = self.query_one("#setup", ChoiceList)
        names = {"mode": "Play", "druid": "Druid", "darach": "Darach", "path": "Path", "seed": "Seed"}
        shown = [Choice(f"{names[row]:<7}◂ {self.label(row)} ▸") for row in ROWS[:-1]]
        shown[-1] = Choice(f"{'Seed':<7}{self.label('seed')}", key="s")
        shown.append(Choice("Start", key="⏎"))
        setup.show(shown, setup.cursor)
        self.describe()

    def row(self) -> str:
        return ROWS[self.query_one("#setup", ChoiceList).cursor]

    def describe(self) -> None:
        row = self.row()
        value = self.values.get(row, "")
        if row in ("darach", "path") and self.values["mode"] == "campaign":
            text = "A campaign meets the four Darachs on their own paths, in order."
        else:
            text = describe_pick(row, value)
        self.query_one("#about", Static).update(text, layout=False)

    def action_cycle(self, step: int) -> None:
        row = self.row()
        options = self.options_of(row)
        if not options or (row in ("darach", "path") and self.values["mode"] == "campaign"):
            return
        index = options.index(self.values[row])
        self.values[row] = options[(index + step) % len(options)]
        self.redraw()

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        row = ROWS[event.index]
        if row == "start":
            self.action_start()
        elif row == "seed":
            self.action_seed()
        else:  # Enter never changes a value (left and right do): it moves on toward Start
            self.query_one("#setup", ChoiceList).cursor = event.index + 1

    def action_seed(self) -> None:
        def chosen(text: str | None) -> None:
            if text is None:
                return
            text = text.strip()
            if text and not text.isdigit():
                self.notify("A seed is a whole number (or empty for a fresh shuffle).", severity="warning")
                return
            self.seed = int(text) if text else None
            self.query_one("#setup", ChoiceList).cursor = ROWS.index("start")  # Enter now starts
            self.redraw()

        current = "" if self.seed is None else str(self.seed)
        self.app.push_screen(AskText("Seed (empty: a fresh shuffle):", current), chosen)

    def action_start(self) -> None:
        seed = self.seed if self.seed is not None else secrets.randbelow(2**32)
        app = self.app
        app.pop_screen()
        if self.values["mode"] == "campaign":
            app.start_campaign(self.game.id, seed, druid=self.values["druid"])
        else:
            options = {k: self.values[k] for k in ("druid", "darach", "path")}
            app.start_game(self.game.id, seed, **options)

    def action_back(self) -> None:
        self.app.pop_screen()
