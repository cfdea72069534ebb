"""The Druid Path table: Darach, rows and lanes, path, hand, roll, log, and the choices."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.druid_path.model import (
    LANES,
    AcceptRoll,
    Activate,
    AttackDarach,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    PendingBranch,
    PendingGem,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTarget,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    State,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)
from engine.druid_path.rules import DruidPathGame
from engine.druid_path.table import C, spirits_in_play
from saves.session import GameSession
from tui.game_screen import GameScreen
from tui.druid_path import view
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.log import GameLog
from tui.widgets.panel import panel

LETTERS = {  # fixed shortcuts; other choices are numbered 1-9 in list order
    EndPlay: "e", DrawItem: "d", AcceptRoll: "a", Endure: "n", AttackDarach: "x", Block: "b",
}  # fmt: skip
MENU_ORDER = {  # the Play phase's list: the moves that shape the turn first, gems and ending last
    Tame: 0, PlayItem: 1, Activate: 2, DruidAbility: 3, UseRobot: 4, DrawItem: 6, TakeGem: 7,
    StaminaBoost: 8, EndPlay: 9,
}  # fmt: skip
GEM_KEYS = {"green": "g", "red": "r", "blue": "w", "yellow": "y"}  # w: blue is Water (R3); u is Undo
KEYS = "123456789" + "edanxbgrwym"
HAND_ROWS = 5  # lines in the hand panel
PHASES = {
    "play": "Play phase", "darach": "Darach phase", "combat": "Combat", "end": "End of turn",
    "encounter": "Encounter", "over": "Game over",
}  # fmt: skip


class DruidPathScreen(GameScreen):
    CSS_PATH = "druid_path.tcss"
    BINDINGS = [
        *(Binding(k, f"shortcut('{k}')", show=False) for k in KEYS),
        Binding("v", "details", "Cards and log"),
        Binding("c", "campaign", "Campaign road"),
    ]
    HELP = """
# Druid Path

Stop the rogue Darach before the path runs out. Each turn: the path's step fills the
encounter row, you spend stamina in the **Play phase**, the Darach tames what you left,
then the lanes fight.

- The **Choices** list holds every move the rules allow now. Arrows or `j`/`k` move,
  `Enter` picks. The key beside a choice picks it at once: `1`-`9` in list order,
  `e` end the Play phase, `d` draw an item, `g` `r` `w` `y` take a green, red, blue or
  yellow gem, `a` accept a failed roll, and in combat `x` attack the Darach, `b` block,
  `n` do nothing.
- The lines under the list explain the highlighted choice: the card's costs, stats and
  both sides' abilities. `v` shows every card on the table and the whole log.
- The top line: the phase, your gems (kept for good), the item deck and discard, and the
  shadow deck. The Darach's panel title: its HP, armor, parry (the 2d6 total an attack
  needs) and charge (its ability fires when the charge is full).
- ✦ counts the Spirit tokens in play (Emrys; three are shared by both rows).
- Robots show their energy after the name (Cogwarden:2); ✓ used this turn.
- Lanes show ♥ HP left/max, » attack, ◆ armor; z exhausted, ✓ ability used this turn,
  R a relic attached, S a shadow beastborg. Encounter cards show their gem cost
  (G green, R red, B blue, Y yellow, * any colour) and the 2d6 total that tames them.
- Hand lines show each item's stamina cost (c) and discard boost (+N r roll, s stamina).
- The Roll panel shows the dice, and the chance of the highlighted tame or attack
  before you roll.
- `q` returns to the menu; every move is saved at once. In a campaign, `c` shows the
  road so far.
"""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DruidPathGame = session.game  # type: ignore[assignment]
        self.choices: list[Any] = []
        self.keys: list[str] = []

    @property
    def in_campaign(self) -> bool:
        return getattr(self.session, "kind", "game") == "campaign"

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with Vertical(id="left"):
                yield panel(Static(id="table"), "Darach")
                with Vertical(id="choices-panel", classes="panel") as box:
                    box.border_title = "Choices"
                    yield ChoiceList(id="choices")
                    yield Static(id="detail")
            with Vertical(id="right"):
                yield panel(Static(id="path"), "Path")
                yield panel(Static(id="hand"), "Items in hand")
                yield panel(Static(id="roll"), "Roll")
                yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", ChoiceList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        choices.focus()

    # ----- drawing ----------------------------------------------------------------------

    def draw(self) -> None:
        state = self.state
        self.choices = self._current_choices()
        self.keys = self._keys_for(self.choices)
        self._draw_status(state)
        self._draw_choices()
        self._draw_highlight(self.query_one("#choices", ChoiceList).cursor)
        self.paint("path", view.path_lines(state, 26))
        self.query_one("#path-panel").border_title = C.paths[state.path].name
        self.query_one("#log", GameLog).show(state.log)

    def _current_choices(self) -> list[Any]:
        if self.over:
            if self.in_campaign:
                return ["campaign", "menu"]
            return ["new", "menu"]
        legal = self.legal()
        return sorted(legal, key=lambda a: MENU_ORDER.get(type(a), 5))  # stable: engine order within a kind

    def _keys_for(self, choices: list[Any]) -> list[str]:
        keys, number = [], 1
        for action in choices:
            if action == "campaign":
                keys.append("c")
            elif action == "new":
                keys.append("m" if self.in_campaign else "n")
            elif action == "menu":
                keys.append("q")
            elif type(action) in LETTERS:
                keys.append(LETTERS[type(action)])
            elif isinstance(action, TakeGem):
                keys.append(GEM_KEYS[action.colour])
            elif isinstance(action, PickGem):
                keys.append(GEM_KEYS[action.colour])
            elif number <= 9:
                keys.append(str(number))
                number += 1
            else:
                keys.append("")
        return keys

    def _draw_status(self, state: State) -> None:
        text = Text(" Druid Path ", style="bold")
        text.append(f"{PHASES.get(state.phase, state.phase)} · ")
        text.append_text(view.gem_text(state.gems, "gems "))
        text.append(f"· item deck {len(state.item_deck)}, discard {len(state.item_discard)} · ")
        text.append(f"shadows {len(state.shadow_deck)}")
        result = self.session.outcome()
        if result is not None:
            text = Text(" Druid Path  ", style="bold")
            text.append("VICTORY" if result.won else "DEFEAT", style="bold reverse")
            text.append(f"  score {result.score}  ", style="bold")
            text.append(result.summary)
        self.paint("status", text)

    def _draw_table(self, state: State, marks: set[str]) -> None:
        darach = C.darachs[state.darach]
        panel = self.query_one("#table-panel")
        armor = f" ◆{darach.armor}" if darach.armor else ""
        panel.border_title = (
            f"{'▸' if 'darach' in marks else ''}{darach.name} ♥{max(0, state.darach_hp)}/"
            f"{state.darach_hp_max}{armor} parry {darach.parry} charge {state.darach_charge}/{darach.stamina}"
        )
        header = "".join(f"{'lane ' + str(i + 1):<{view.CELL}}" for i in range(LANES))
        lines = [Text(" " * 7 + header, style="dim")]
        lines += view.row_lines(
            "Darach", [view.beast_cell(b, f"darach:{i}" in marks) for i, b in enumerate(state.darach_row)]
        )
        lines += view.row_lines(
            "Encntr", [view.encounter_cell(state, i, f"slot:{i}" in marks) for i in range(LANES)]
        )
        lines += view.row_lines(
            "You", [view.beast_cell(b, f"druid:{i}" in marks) for i, b in enumerate(state.druid_row)]
        )
        druid = C.druids[state.druid]
        me = Text(f"{druid.name} ", style="reverse bold" if "druid" in marks else "bold")
        me.append(f"♥{max(0, state.druid_hp)}/{state.druid_hp_max}")
        if druid.armor:
            me.append(f" ◆{druid.armor}")
        me.append("  ")
        me.append_text(view.stamina_text(state.stamina, druid.stamina_max))
        if state.druid_ability_used:
            me.append(" ✓")
        lines.append(me)
        if druid.spirits:
            me.append(f" ✦{spirits_in_play(state)}/3")
        robots = Text("Robots ")
        for i, robot_id in enumerate(state.robots):
            robot = C.robots[robot_id]
            style = "reverse" if f"robot:{i}" in marks else ("dim" if state.robot_energy[i] == 0 else "")
            used = "✓" if state.robots_used[i] else ""
            robots.append(f"{robot.name[:9]}:{state.robot_energy[i]}{used}", style=style)
            robots.append(" ")
        lines.append(robots)
        table = Text("\n").join(lines)
        table.no_wrap, table.overflow = True, "crop"  # a long line never pushes the others down
        self.paint("table", table)

    def _draw_hand(self, state: State, marked: int | None) -> None:
        width = 26
        rows = HAND_ROWS
        top = 0
        if len(state.hand) > rows:  # the last line tells what is hidden; the marked card shows
            rows -= 1
            top = min(max((marked or 0) - rows + 1, 0), len(state.hand) - rows)
        lines = [
            view.hand_line(state.hand[i], i, i == marked, width)
            for i in range(top, min(top + rows, len(state.hand)))
        ]
        if len(state.hand) > HAND_ROWS:
            lines.append(Text(f"▲{top} ▼{len(state.hand) - top - rows} more · v shows all", style="dim"))
        self.paint("hand", Text("\n").join(lines) if lines else Text("No items in hand.", style="dim"))
        self.query_one("#hand-panel").border_subtitle = f"{len(state.hand)} in hand"

    def _draw_choices(self) -> None:
        shown = []
        for action, key in zip(self.choices, self.keys):
            if action == "campaign":
                shown.append(Choice("On to the campaign road (records the result)", key=key))
            elif action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key=key))
            elif action == "menu":
                shown.append(Choice("Back to the menu", key=key))
            else:
                note = view.roll_note(self.state, action)
                shown.append(Choice(self.game.describe(action, self.state), note, key=key))
        choices = self.query_one("#choices", ChoiceList)
        choices.show(shown)
        self.query_one("#choices-panel").border_title = self._question()

    def _question(self) -> str:
        state = self.state
        pending = state.pending
        if self.session.outcome() is not None:
            return "The game is over"
        if isinstance(pending, PendingRoll):
            return f"{'Taming' if pending.purpose == 'tame' else 'Attack'} roll falls short: boost it?"
        if isinstance(pending, PendingResponse):
            return f"Combat, lane {pending.lane + 1}: your answer"
        if isinstance(pending, PendingTarget):
            return f"{pending.task.label or 'Effect'}: choose a target"
        if isinstance(pending, PendingLane):
            return f"{C.beasts[pending.card].name}: choose its lane"
        if isinstance(pending, PendingGem):
            return "Choose a gem colour"
        if isinstance(pending, PendingBranch):
            return f"Step {state.turn} branches: which way?"
        return f"Turn {state.turn}: your moves"

    def _marks(self, action: Any) -> tuple[set[str], int | None]:
        """Which table places the highlighted choice involves, and which hand card."""
        state = self.state
        marks: set[str] = set()
        hand: int | None = None
        if isinstance(action, Tame):
            marks.add(f"slot:{action.slot}")
        elif isinstance(action, (PlayItem, StaminaBoost, RollBoost, UsePotion)):
            hand = action.index
        elif isinstance(action, (Activate, PickLane)):
            marks.add(f"druid:{action.lane}")
        elif isinstance(action, PickTarget) and ":" in action.target:
            marks.add(action.target)
        elif isinstance(action, PickTarget):
            marks.add(action.target)
        elif isinstance(action, UseRobot):
            marks.add(f"robot:{action.index}")
        elif isinstance(action, (Endure, AttackDarach, Block)) and isinstance(state.pending, PendingResponse):
            lane = state.pending.lane
            marks |= {f"druid:{lane}", f"darach:{lane}"}
            if isinstance(action, AttackDarach):
                marks.add("darach")
            elif isinstance(action, Endure):
                marks.add("druid")
        return marks, hand

    def _draw_highlight(self, index: int) -> None:
        state = self.state
        action = self.choices[index] if 0 <= index < len(self.choices) else None
        marks, hand = self._marks(action)
        self._draw_table(state, marks)
        self._draw_hand(state, hand)
        self.paint("roll", view.roll_text(state, action))
        detail = view.choice_details(state, action) if action not in (None, "new", "menu", "campaign") else ""
        if action == "campaign":
            detail = "See the road so far, then go on to the next game of the campaign."
        self.paint("detail", view.wrap(detail, 46, 3))

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_highlight(index)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.pick(self.choices[event.index])

    def pick(self, choice: Any) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.action_back()
        elif choice == "campaign":
            self.action_campaign()
        else:
            self.play(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "campaign":  # the footer's keys never change while a game is shown
            return self.in_campaign
        return super().check_action(action, parameters)

    def action_shortcut(self, key: str) -> None:
        if key in self.keys:
            self.pick(self.choices[self.keys.index(key)])
        else:
            self.notify(f"'{key}' picks nothing now: the keys beside the choices do.", severity="warning")

    def action_details(self) -> None:
        from tui.druid_path.details import DetailsScreen

        self.app.push_screen(DetailsScreen(self.state))

    def action_campaign(self) -> None:
        from tui.druid_path.campaign import CampaignScreen

        session = self.session
        if session.outcome() is not None:
            try:
                session.record_game()  # type: ignore[attr-defined]
            except OSError as error:
                self.notify(f"Could not save: {error.strerror}", severity="error")
                return
            self.app.switch_screen(CampaignScreen(session))
        else:
            self.app.push_screen(CampaignScreen(session, from_game=True))
