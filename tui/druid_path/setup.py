"""New Druid Path: a single game or a campaign, with the Druid, Darach and path to play.

The rows and keys are every New game screen's (tui/setup_form.py); the panel beside the list
describes the highlighted row's current card, so a player sees what they pick.
"""

from __future__ import annotations

from textual.widget import Widget

from engine.druid_path.campaign import ROAD
from engine.druid_path.rules import DARACHS, DRUIDS, PATHS, DruidPathGame
from engine.druid_path.table import C
from tui.setup_form import SetupForm, setup_help
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.text import Static, Vertical

MODES = ("single", "campaign")
ROWS = ("mode", "druid", "darach", "path")  # then the Seed and Start every form ends with


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
    return ""


class DruidPathSetup(SetupForm):
    CSS_PATH = "druid_path.tcss"
    HELP = setup_help("""
# New Druid Path

- **Play** chooses a single game or a campaign (the campaign sets the Darach and path of
  each game itself); **Druid**, **Darach** and **Path** change with `Space` or the arrows.
  The panel beside says what the highlighted choice is.
""")

    def __init__(self, game: DruidPathGame) -> None:
        super().__init__("New game of Druid Path")
        self.game = game
        self.values = {"mode": "single", "druid": "belthar", "darach": "kaliran", "path": "celthar"}

    def panels(self) -> list[Widget]:
        box = Vertical(ChoiceList(id="setup"), classes="panel", id="setup-panel")
        box.border_title = "Set out"
        about = Vertical(Static(id="setup-note"), classes="panel", id="about-panel")
        about.border_title = "About"
        return [box, about]

    def options_of(self, row: str) -> tuple[str, ...]:
        return {"mode": MODES, "druid": DRUIDS, "darach": DARACHS, "path": PATHS}.get(row, ())

    def set_by_road(self, row: str) -> bool:
        return row in ("darach", "path") and self.values["mode"] == "campaign"

    def label(self, row: str) -> str:
        value = self.values.get(row, "")
        if row == "mode":
            return "Single game" if value == "single" else "Campaign (4 games)"
        if row == "druid":
            return C.druids[value].name
        if self.set_by_road(row):
            return "set by the road"
        if row == "darach":
            return C.darachs[value].name
        return C.paths[value].name

    def form_rows(self) -> list[tuple[str, Choice]]:
        names = {"mode": "Play", "druid": "Druid", "darach": "Darach", "path": "Path"}
        return [(row, Choice(f"{names[row]:<7}◂ {self.label(row)} ▸")) for row in ROWS]

    def seed_line(self) -> str:
        return f"{'Seed':<7}{'random' if self.seed is None else self.seed}"

    def start_text(self) -> str:
        return "Start"

    def row(self) -> str:
        return self.highlighted()

    def note(self, row: str) -> str:
        if row not in ROWS:
            return "Enter (or s from any line) sets out."
        if self.set_by_road(row):
            return "A campaign meets the four Darachs on their own paths, in order."
        return describe_pick(row, self.values[row])

    def changeable(self, row: str) -> bool:
        return bool(self.options_of(row)) and not self.set_by_road(row)

    def change(self, row: str, step: int) -> None:
        options = self.options_of(row)
        index = options.index(self.values[row])
        self.values[row] = options[(index + step) % len(options)]

    def start(self, seed: int) -> None:
        if self.values["mode"] == "campaign":
            app = self.app
            app.pop_screen()
            app.start_campaign(self.game.id, seed, druid=self.values["druid"])
        else:
            self.launch(self.game.id, seed, None, **{k: self.values[k] for k in ("druid", "darach", "path")})
