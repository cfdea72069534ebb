"""A Druid Path campaign: the road so far, what comes next, and the way into the next game."""

from __future__ import annotations

import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine.druid_path import campaign as rules
from engine.druid_path.table import C
from saves.session import CampaignSession
from tui.games import table_class
from tui.screens.dialogs import Confirm
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, Vertical

MARKS = {"won": "✓ won", "lost": "✗ lost", "abandoned": "– abandoned"}


def road_text(campaign: rules.Campaign) -> Text:
    text = Text()
    for i, leg in enumerate(campaign.legs):
        darach, path = C.darachs[leg.darach], C.paths[leg.path]
        head = f"{i + 1}. {darach.name} on {path.name}"
        extra = f" (+{leg.darach_bonus} HP)" if leg.darach_bonus else ""
        if i < len(campaign.records):
            record = campaign.records[i]
            style = {"won": "bold green", "lost": "bold red"}.get(record.result, "dim")
            text.append(f"  {head}{extra}\n")
            text.append(f"     {MARKS[record.result]}", style=style)
            steps = f"{record.turns} step{'' if record.turns == 1 else 's'}"
            said = f", score {record.score}" if record.result == "won" else ""  # R37
            text.append(f"{said}, {steps}, {record.druid_hp} HP left\n")
        elif i == len(campaign.records) and campaign.status == "active":
            now = "in progress" if campaign.game is not None else "next"
            text.append(f"▸ {head}{extra}\n", style="bold")
            text.append(f"     {now}: Darach ♥{darach.hp + leg.darach_bonus}, parry {darach.parry}\n")
        else:
            text.append(f"  {head}{extra}\n", style="dim")
            text.append("     ahead\n" if campaign.status == "active" else "     not played\n", style="dim")
    text.rstrip()
    return text


def standing_text(campaign: rules.Campaign) -> Text:
    druid = C.druids[campaign.druid]
    text = Text(f"{druid.name}", style="bold")
    if campaign.status == "active" and campaign.game is not None:  # C2: carried over into this game
        text.append(f" began this game with ♥{campaign.druid_hp}/{druid.hp} · resolve +{campaign.resolve} stamina")
    elif campaign.status == "active":
        text.append(f" ♥{campaign.druid_hp}/{druid.hp} for the next game · resolve +{campaign.resolve} stamina")
    if campaign.status in ("active", "won"):  # C4: a road lost or given up has no score
        text.append(f" · campaign score {rules.total_score(campaign)}")
    if campaign.status != "active":
        verdict = {"won": "The campaign is WON.", "lost": "The campaign is LOST.",
                   "abandoned": "The campaign was abandoned."}[campaign.status]  # fmt: skip
        text.append(f"\n{verdict}", style="bold reverse")
    text.append(
        "\nBetween games wounds carry over (+8 HP of rest) and each win adds 1 starting"
        " stamina (at most +2); cards, gems and robots start fresh.",
        style="dim",
    )
    return text


class CampaignScreen(Screen[None]):
    CSS_PATH = "druid_path.tcss"
    BINDINGS = [
        Binding("a", "abandon", "Abandon campaign"),
        Binding("n", "again", "New campaign"),
        Binding("q,escape", "back", "Back"),
    ]
    HELP = """
# Druid Path campaign

One Druid walks against the four Darachs in turn, each on the next path, and each a
little tougher. Lose a game and the campaign is over; win all four to win it.

- `Enter` plays the highlighted choice: start or return to the current game.
- `a` abandons the campaign (you are asked first); its results stay in the save.
- Once a campaign is over, `n` starts a new one with the same Druid.
- `q` goes back; the campaign is saved after every move.
"""

    def __init__(self, session: CampaignSession, from_game: bool = False) -> None:
        super().__init__()
        self.session = session
        self.from_game = from_game
        self.choices: list[str] = []

    @property
    def campaign(self) -> rules.Campaign:
        return self.session.campaign

    def compose(self) -> ComposeResult:
        druid = C.druids[self.campaign.druid].name
        yield Static(f"Druid Path campaign (this game's own variant): {druid}'s road", classes="title")
        road = Vertical(Static(id="road"), classes="panel", id="road-panel")
        road.border_title = "The road"
        yield road
        standing = Vertical(Static(id="standing"), classes="panel", id="standing-panel")
        standing.border_title = "Standing"
        yield standing
        box = Vertical(ChoiceList(id="campaign-choices"), classes="panel", id="campaign-choices-panel")
        box.border_title = "What now?"
        yield box
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(ChoiceList).focus()

    def on_screen_resume(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        campaign = self.campaign
        self.query_one("#road", Static).update(road_text(campaign), layout=False)
        self.query_one("#standing", Static).update(standing_text(campaign), layout=False)
        shown, self.choices = [], []
        leg = rules.next_leg(campaign)
        if campaign.game is not None:
            self.choices.append("game")
            darach = C.darachs[campaign.game.darach].name
            shown.append(Choice(f"Back to the game against {darach}", key="⏎"))
        elif leg is not None:
            self.choices.append("next")
            number = len(campaign.records) + 1
            shown.append(Choice(f"Start game {number}: {C.darachs[leg.darach].name} on "
                                f"{C.paths[leg.path].name}", key="⏎"))  # fmt: skip
        if campaign.status == "active":
            self.choices.append("abandon")
            shown.append(Choice("Abandon the campaign", key="a"))
        else:
            self.choices.append("again")
            shown.append(Choice(f"A new campaign with {C.druids[campaign.druid].name}", key="n"))
        self.choices.append("menu")
        shown.append(Choice("Back to the menu", key="q"))
        self.query_one(ChoiceList).show(shown)
        self.refresh_bindings()

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.pick(self.choices[event.index])

    def pick(self, choice: str) -> None:
        if choice == "game":
            self.play_on()
        elif choice == "next":
            try:
                self.session.start_next_game()
            except OSError as error:
                self.notify(f"Could not save: {error.strerror}", severity="error")
                return
            self.play_on()
        elif choice == "abandon":
            self.action_abandon()
        elif choice == "again":
            self.action_again()
        else:
            self.action_menu()

    def play_on(self) -> None:
        if self.from_game:
            self.app.pop_screen()
        else:  # the table is the game's own screen (tui.games), which leads back here
            self.app.switch_screen(table_class(self.session.game.id)(self.session))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "abandon":
            return self.campaign.status == "active"
        if action == "again":
            return self.campaign.status != "active"
        return True

    def action_again(self) -> None:
        if self.campaign.status == "active":
            return
        app, druid = self.app, self.campaign.druid
        app.pop_screen()
        app.start_campaign(self.session.game.id, secrets.randbelow(2**32), druid=druid)

    def action_abandon(self) -> None:
        if self.campaign.status != "active":
            return

        def abandon(sure: bool | None) -> None:
            if not sure:
                return
            try:
                self.session.abandon()
            except OSError as error:
                self.notify(f"Could not save: {error.strerror}", severity="error")
            if self.from_game:  # the game under this screen is gone
                self.app.pop_screen()
                self.app.switch_screen(CampaignScreen(self.session))
            else:
                self.redraw()

        self.app.push_screen(Confirm("Abandon this campaign for good? Its results are kept."), abandon)

    def action_menu(self) -> None:
        if self.from_game:
            self.app.pop_screen()  # this screen, then the game beneath it
        self.app.pop_screen()

    def action_back(self) -> None:
        self.app.pop_screen()
