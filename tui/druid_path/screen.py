"""The Druid Path table: Darach, rows and lanes, path, hand, roll, log, and the choices.

Keys are fixed by the kind of action and the place of the card (tui/druid_path/keys.py).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from engine.druid_path.model import (
    LANES,
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
    PendingTurnEnd,
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
from engine.druid_path.phases import why_no_attack
from engine.druid_path.rules import DruidPathGame
from engine.druid_path.table import C, name_of, spirits_in_play, ward_up
from saves.session import GameSession
from tui.cut import cut
from tui.druid_path import keys, summary, view
from tui.game_screen import GameScreen
from tui.grammar import binding, press
from tui.screens.viewer import Viewer, log_viewer
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.legend import legend_panel
from tui.widgets.lines import Lines
from tui.widgets.log import GameLog
from tui.widgets.panel import Panel, panel
from tui.widgets.text import Horizontal, Vertical

MENU_ORDER = {  # the Play phase's list: the moves that shape the turn first, gems and ending last
    Tame: 0, PlayItem: 1, Activate: 2, DruidAbility: 3, UseRobot: 4, DrawItem: 6, TakeGem: 7,
    StaminaBoost: 8, EndPlay: 9,
}  # fmt: skip
PHASES = {
    "play": "Play phase", "darach": "Darach phase", "combat": "Combat", "end": "End of turn",
    "encounter": "Encounter", "over": "Game over",
}  # fmt: skip
SPENDS_STAMINA = (Tame, DrawItem, TakeGem, PlayItem, UsePotion, Activate, DruidAbility, UseRobot)
OVER_CHOICES = {"outcome": ("The result, score and turning points", "o"), "new": ("", "n"),
                "menu": ("Back to the menu", "q"), "campaign": ("", "C")}  # fmt: skip


class Detail(Lines):
    """The lines under the choices; written for its size, so written again when it changes."""

    def on_resize(self) -> None:
        redraw = getattr(self.screen, "_redraw_highlight", None)
        if redraw is not None:
            redraw()


class DruidPathScreen(GameScreen):
    CSS_PATH = "druid_path.tcss"
    BINDINGS = [
        *(Binding(k, f"shortcut('{k}')", show=False) for k in keys.ALL_KEYS if k != "e"),
        binding("end_turn", "shortcut('e')", show=False),  # shown in the list beside its choice
        Binding("C", "campaign", "Campaign road"),  # a view of this game's own: a capital
    ]  # then the keys every table shares (tui/grammar.py): i v D L, u q n o ...
    HELP = """
# Druid Path

Stop the rogue Darach before the path runs out. Each turn: the path's step fills the
encounter row, you spend stamina in the **Play phase**, the Darach tames what you left,
then the lanes fight, and the turn pauses so you can read how each lane went.

- The **Choices** list holds every move the rules allow now. Arrows or `j`/`k` move,
  `Enter` picks. Each choice shows its key, and a key always means the same thing:
  - letters are kinds of action: `g` `r` `w` `y` take a green, red, blue (Water) or yellow gem,
    `d` draw an item, `e` end the Play phase (and go on to the next turn), `t` tame,
    `l` a lane's ability, `p` the Druid's power, `m` a robot, `a` accept a failed roll,
    and in combat `x` attack the Darach, `f` fend the blow off (block), `a` let it land;
  - digits are places: the item at that place in your hand (`0` the tenth), or the lane
    a choice asks for;
  - a key with one choice takes it at once; with several it highlights the first of them,
    pressed again the next, and `Enter` takes the highlighted one (the same at every table).
- The lines under the list explain the highlighted choice, and say why a missing one is
  missing (a ward, no stamina); `i` tells it in full. `D` (Shift+d) shows every card on the
  table, `v` your items and the piles, `L` (Shift+l) the whole log: the same keys at every table.
- Ending the Play phase with stamina that would be lost (more than combat can spend and
  the next turn can hold), or putting a tamed beastborg on a lane another holds (which
  discards that one), asks first: `y` or `Enter` yes, `n` or `Esc` no. A
  lane choice starts on a free lane. The turn's summary stays up when `e` is pressed twice
  in a hurry: press it again to go on.
- The top line: the phase, your gems (kept under the item deck), the items and discard, and the
  shadow deck. The Darach's panel title: its HP, armor, parry (the 2d6 total an attack
  needs), charge (its ability fires when the charge is full), and a ward when one is up.
- Lanes show ♥ HP left/max, » attack, ◆ armor; z exhausted, ✓ ability used this turn,
  R a relic attached, S a shadow beastborg, W a ward. Encounter cards show their gem cost
  (G green, R red, B blue, Y yellow, * any colour), the 2d6 total that tames them, » attack
  and ♥ HP. ✦ counts the Spirit tokens in play (Emrys; three are shared by both rows).
- Hand lines show each item's stamina cost (c) and discard boost (+N r roll, s stamina);
  a wide terminal shows what each does when played.
- When the game ends its result, score and turning points show; `o` shows them again.
- `q` returns to the menu; every move is saved at once. In a campaign, `C` (Shift+c) shows the road.
"""

    VIEW_ACTIONS = frozenset({"campaign"})  # the road: a view of this game's own (Shift+C)
    LEGEND = view.LEGEND
    FRESH = ("status", "table", "path", "darach")  # the last: the Darach's panel title

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DruidPathGame = session.game  # type: ignore[assignment]
        self.choices: list[Any] = []
        self.keys: list[str] = []

    @property
    def in_campaign(self) -> bool:
        return getattr(self.session, "kind", "game") == "campaign"

    def compose(self) -> ComposeResult:
        yield Lines(id="status")
        with Horizontal():
            with Vertical(id="left"):
                yield panel(Lines(id="table"), "Darach")
                with Panel(id="choices-panel", classes="panel") as box:
                    box.border_title = "Choices"
                    yield ChoiceList(id="choices")
                    yield Detail(id="detail")
            with Vertical(id="right"):
                yield panel(Lines(id="path"), "Path")
                yield panel(Lines(id="hand"), "Items in hand")
                yield panel(Lines(id="roll"), "Roll")
                yield legend_panel()
                yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", ChoiceList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        choices.focus()

    def on_resize(self) -> None:
        if self.session.state is not None:
            self.redraw()

    # ----- drawing ----------------------------------------------------------------------

    def draw(self) -> None:
        state = self.state
        self.choices = self._current_choices()
        self.keys = [self._key(choice) for choice in self.choices]
        self.query_one("#choices-panel").set_class(isinstance(state.pending, PendingTurnEnd), "turn-end")
        self._draw_status(state)
        choices = self.query_one("#choices", ChoiceList)
        cursor = choices.cursor
        self._draw_choices()
        if choices.cursor == cursor:  # a cursor that moved has drawn its highlight already
            self._draw_highlight(cursor)
        self.paint("path", view.path_lines(state, self.query_one("#path").size.width or 26))
        self.query_one("#path-panel").border_title = C.paths[state.path].name
        self.query_one("#log", GameLog).show(self.game.log_lines(state))

    def _current_choices(self) -> list[Any]:
        if self.over:
            return ["outcome", "campaign", "menu"] if self.in_campaign else ["outcome", "new", "menu"]
        legal = self.legal()
        return sorted(legal, key=lambda a: MENU_ORDER.get(type(a), 5))  # stable: engine order within a kind

    def _key(self, choice: Any) -> str:
        if isinstance(choice, str):
            return OVER_CHOICES[choice][1]
        return keys.key_of(choice)

    def _draw_status(self, state: State) -> None:
        text = Text(" Druid Path ", style="bold")
        text.append(f"{PHASES.get(state.phase, state.phase)} · ")
        text.append_text(view.gem_text(state.gems, "gems "))
        text.append(f"· items {len(state.item_deck)}, discard {len(state.item_discard)} · ")
        text.append(f"shadows {len(state.shadow_deck)}")
        result = self.session.outcome()
        if result is not None:
            text = Text(" Druid Path  ", style="bold")
            text.append("VICTORY" if result.won else "DEFEAT", style="bold reverse")
            text.append(f"  score {result.score}  " if result.score is not None else "  ", style="bold")
            text.append(result.summary)
        self.paint("status", text)

    def _draw_table(self, state: State, marks: set[str]) -> None:
        darach = C.darachs[state.darach]
        width = self.query_one("#table").size.width or 46
        cell = view.cell_width(width)
        armor = f" ◆{darach.armor}" if darach.armor else ""
        box = self.query_one("#table-panel")
        box.border_title = self._mark_fresh("darach", Text(
            f"{'▸' if 'darach' in marks else ''}{darach.name} ♥{max(0, state.darach_hp)}/"
            f"{state.darach_hp_max}{armor} parry {darach.parry} charge {state.darach_charge}/{darach.stamina}"
        ))  # fmt: skip
        box.border_subtitle = f"WARD: no attack reaches {darach.name}" if ward_up(state) else ""  # R14
        height = self.query_one("#table").size.height
        # drawn from the whole view: built again after each redraw, not for a highlight that
        # marks the same beasts (the cursor walking over the moves)
        key = (self.view_drawn, frozenset(marks), width, height)
        self.paint.keyed("table", key, lambda: self._table_text(state, marks, width, cell, height))

    def _table_text(self, state: State, marks: set[str], width: int, cell: int, height: int) -> Text:
        extra = max(0, (height - 10) // 3)  # room for abilities
        header = "".join(f"{'lane ' + str(i + 1):<{cell}}" for i in range(LANES))
        lines = [Text(" " * 7 + header, style="dim")]

        def lanes(row: str, beasts: list[Any]) -> list[tuple[Text, ...]]:
            return [
                (*view.beast_cell(b, f"{row}:{i}" in marks, cell, row),
                 *view.ability_lines(b.card if b else None, row, cell, extra))
                for i, b in enumerate(beasts)
            ]  # fmt: skip

        lines += view.row_lines("Darach", lanes("darach", state.darach_row))
        encounter = [
            (*view.encounter_cell(state, i, f"slot:{i}" in marks, cell),
             *view.ability_lines(slot.card if slot else None, "druid", cell, extra))
            for i, slot in enumerate(state.encounter)
        ]  # fmt: skip
        lines += view.row_lines("Encntr", encounter)
        lines += view.row_lines("You", lanes("druid", state.druid_row))
        druid = C.druids[state.druid]
        me = Text(f"{druid.name} ", style="reverse bold" if "druid" in marks else "bold")
        me.append(f"♥{max(0, state.druid_hp)}/{state.druid_hp_max}")
        if druid.armor:
            me.append(f" ◆{druid.armor}")
        me.append("  ")
        me.append_text(view.stamina_text(state.stamina, druid.stamina_max))
        if state.druid_ability_used:
            me.append(" ✓")
        if druid.spirits:
            me.append(f" ✦{spirits_in_play(state)}/3")
        lines.append(me)
        robots = self._robots_line(state, marks, width)
        lines.append(robots)
        table = Text("\n").join(lines)
        table.no_wrap, table.overflow = True, "crop"  # a long line never pushes the others down
        return table

    def _draw_hand(self, state: State, marked: int | None) -> None:
        box = self.query_one("#hand")
        width, rows = box.size.width or 26, max(box.size.height, 1)
        # the items' lines are made from the items, the marked one and the box's size alone
        key = (tuple(state.hand), marked, width, rows)
        self.paint.keyed("hand", key, lambda: self._hand_text(state, marked, width, rows))
        self.query_one("#hand-panel").border_subtitle = f"{len(state.hand)} in hand"

    def _hand_text(self, state: State, marked: int | None, width: int, rows: int) -> Text:
        top = 0
        shown = rows
        if len(state.hand) > rows:  # the last line tells what is hidden; the marked card shows
            shown = rows - 1
            top = min(max((marked or 0) - shown + 1, 0), len(state.hand) - shown)
        roomy = width >= 50 and rows >= 2 * len(state.hand)  # each item on two lines, its text in full
        line = view.hand_lines if roomy else view.hand_line
        lines = [line(state.hand[i], i, i == marked, width) for i in range(top, min(top + shown, len(state.hand)))]
        if len(state.hand) > rows:
            lines.append(Text(f"▲{top} ▼{len(state.hand) - top - shown} more · v shows all", style="dim"))
        return Text("\n").join(lines) if lines else Text("No items in hand.", style="dim")

    def _draw_choices(self) -> None:
        shown = []
        for action, key in zip(self.choices, self.keys):
            if action == "campaign":
                lost = not self.session.outcome().won
                label = "The campaign ends here: see its road" if lost else "On to the campaign road (records the result)"
                shown.append(Choice(label, key=key))
            elif action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key=key))
            elif isinstance(action, str):
                shown.append(Choice(OVER_CHOICES[action][0], key=key))
            else:
                note = view.roll_note(self.state, action)
                shown.append(Choice(self.game.describe(action, self.state), note, key=key))
        choices = self.query_one("#choices", ChoiceList)
        choices.show(self.own_keys(shown), self._first_cursor())
        self.query_one("#choices-panel").border_title = self._question()

    def _first_cursor(self) -> int:
        """Where the list's highlight starts: on the first choice that wastes nothing (the
        first free lane, not the one whose beastborg a tame would send away)."""
        return next((i for i, c in enumerate(self.choices) if isinstance(c, str) or not self.waste(c)), 0)

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
            return f"{pending.task.label or 'Effect'}: choose a target (lane digit)"
        if isinstance(pending, PendingLane):
            return f"{C.beasts[pending.card].name}: choose its lane (1-3)"
        if isinstance(pending, PendingGem):
            return "Choose a gem colour"
        if isinstance(pending, PendingBranch):
            return f"Step {state.turn} branches: which way? (1 main, 2 branch)"
        if isinstance(pending, PendingTurnEnd):
            return f"Turn {state.turn} is over"
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
        elif isinstance(action, PickTarget):
            marks.add(action.target)
        elif isinstance(action, UseRobot):
            marks.add(f"robot:{action.index}")
        elif isinstance(action, (Endure, AttackDarach, Block)) and isinstance(state.pending, PendingResponse):
            lane = state.pending.lane
            marks |= {f"druid:{lane}", f"darach:{lane}"}
            if isinstance(action, AttackDarach):
                marks.add("darach")
            elif isinstance(action, Endure) and state.pending.darach_attacks:
                marks.add("druid")
        return marks, hand

    def _draw_highlight(self, index: int) -> None:
        state = self.state
        action = self.choices[index] if 0 <= index < len(self.choices) else None
        marks, hand = self._marks(action)
        self._draw_table(state, marks)
        self._draw_hand(state, hand)
        self.paint.keyed("roll", (self.view_drawn, action), lambda: view.roll_text(state, action))
        detail = self.query_one("#detail")
        width, rows = detail.size.width or 46, max(detail.size.height, 3)
        key = (self.view_drawn, action, width, rows)
        self.paint.keyed("detail", key, lambda: self._detail_text(state, action, width, rows))

    def _detail_text(self, state: State, action: Any, width: int, rows: int) -> Any:
        if isinstance(state.pending, PendingTurnEnd):
            text = summary.summary_text(self.game, state, width, rows)
        elif action == "campaign":
            won = self.session.outcome().won
            text = ("See the road so far, then go on to the next game of the campaign." if won
                    else "A lost game ends the campaign: its road shows how far the Druid came.")  # fmt: skip
        elif isinstance(action, str) or action is None:
            text = ""
        else:
            text = view.choice_details(state, action)
        return view.wrap(text, width, rows)

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_highlight(index)

    def _redraw_highlight(self) -> None:
        if self.session.state is not None:
            self._draw_highlight(self.query_one("#choices", ChoiceList).cursor)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.pick(self.choices[event.index])

    def pick(self, choice: Any) -> None:
        if choice == "outcome":
            self.show_end()
        elif choice == "new":
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

    @staticmethod
    def _robots_line(state: Any, marks: Any, width: int) -> Text:
        """The robots with their energy, their names as long as the line lets them be."""
        for short in (20, 12, 10, 8, 6):
            robots = Text("Robots ")
            for i, robot_id in enumerate(state.robots):
                robot = C.robots[robot_id]
                style = "reverse" if f"robot:{i}" in marks else ("dim" if state.robot_energy[i] == 0 else "")
                used = "✓" if state.robots_used[i] else ""
                robots.append(f"{cut(robot.name, short)}:{state.robot_energy[i]}{used}", style=style)
                robots.append(" ")
            if robots.cell_len <= width + 1:  # the last gap may go
                break
        return robots

    def action_shortcut(self, key: str) -> None:
        """A letter or a digit takes its only choice, or highlights the first of several
        (pressed again, the next): the table grammar's rule (tui/grammar.py press)."""
        matches = [i for i, k in enumerate(self.keys) if k == key]
        if not matches:
            self.notify(self._why_not(key), severity="warning")
            return
        listing = self.query_one("#choices", ChoiceList)
        press(key, matches, lambda row: self._take(listing, row), listing.jump)

    def _take(self, listing: ChoiceList, row: int) -> None:
        listing.cursor = row  # a question it asks is about the highlighted choice; No leaves it there
        self.pick(self.choices[row])

    def waste(self, action: Any) -> str | None:
        """Ending the Play phase with stamina that can only go unused, or a tamed beastborg
        put on a lane another one holds (which sends that one away, R5), asks first. Stamina
        kept is not wasted in itself: combat spends 1 for each beastborg that attacks or
        blocks, and the rest carries over to the next turn up to the Druid's most; only what
        even all of that cannot hold is lost."""
        state = self.state
        if isinstance(action, EndPlay) and state.stamina > 0:
            druid = C.druids[state.druid]
            combat = sum(beast is not None for beast in state.druid_row)
            lost = state.stamina - combat + druid.stamina_gain - druid.stamina_max
            if lost > 0 and any(isinstance(a, SPENDS_STAMINA) for a in self.legal()):
                return (
                    f"End the Play phase and lose {lost} of your {state.stamina} stamina (combat can spend "
                    f"{combat}; the next turn holds at most {druid.stamina_max})"
                )
        if isinstance(action, PickLane) and isinstance(state.pending, PendingLane):
            old = state.druid_row[action.lane]
            if old is not None:
                new = C.beasts[state.pending.card].name
                return f"Put {new} on lane {action.lane + 1} and discard {name_of(old)}, who holds it now"
        return None

    def pausing(self) -> bool:
        return isinstance(self.state.pending, PendingTurnEnd)

    def _why_not(self, key: str) -> str:
        state = self.state
        if key == "x" and isinstance(state.pending, PendingResponse):
            why = why_no_attack(state, state.pending.lane)
            if why:
                return f"No attack on the Darach: {why}."
        if key in keys.DIGITS and keys.DIGITS.index(key) >= len(state.hand) and state.pending is None:
            return f"There is no item at place {key} in your hand."
        return f"'{key}' picks nothing now: the keys beside the choices do."

    def action_info(self) -> None:
        listing = self.query_one("#choices", ChoiceList)
        action = self.choices[listing.cursor] if 0 <= listing.cursor < len(self.choices) else None
        text = "" if isinstance(action, str) or action is None else view.choice_details(self.state, action)
        self.app.push_screen(Viewer("The highlighted choice", Text(text or "Nothing more to tell of this choice.")))

    def action_details(self) -> None:
        from tui.druid_path.details import details_text

        self.app.push_screen(Viewer("The whole table", details_text(self.state)))

    def action_piles(self) -> None:
        from tui.druid_path.details import piles_text

        self.app.push_screen(Viewer("Your items and the piles", piles_text(self.state)))

    def action_log(self) -> None:
        self.app.push_screen(log_viewer(self.game.log_lines(self.state)))

    def end_choices(self) -> list[tuple[str, str, str]]:
        if self.in_campaign:
            won = self.session.outcome().won
            return [("c", "On to the campaign road" if won else "The campaign's road", "campaign"), ("q", "Menu", "back")]
        return super().end_choices()

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
