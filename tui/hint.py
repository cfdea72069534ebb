"""The hint at every table: `H` (the grammar's hint key) thinks about the move of the seat at
this keyboard and offers the best few, each with what it is worth and why.

The thinking runs in a thread (a Textual worker) through tui/coach.py, within the player's
budget (Settings), and its progress shows on the panel's first line; the table goes on
taking every key meanwhile. The panel lies over the lower part of the table (on a terminal
of 120 columns or more, beside it, with more moves): its list has the arrows and `Enter`,
which makes the highlighted move the way the table's own keys make it (`GameScreen.play`: a
wasteful one asks first). `H` again thinks longer, `Esc` stops the thinking or puts the hint
away. A move made meanwhile, by any key or by anybody at a shared table, puts away a hint
that no longer fits the table; so does the keyboard passing to another seat.

A hint is not a move: it reads a copy of the seat's view and writes nothing, so undo, the
log and the save are as they were. The words of the advice are the game's, shown as data.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.message import Message

from tui import coach
from tui.cut import cut
from tui.grammar import current, shown
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.lines import Lines
from tui.widgets.panel import Panel

if TYPE_CHECKING:
    from tui.game_screen import GameScreen

HELP = """
## A hint

`H` (Shift+h) thinks about your move and offers the best few, best first, each with what it
is worth in the game's own terms (a chance to win, an expected score) and why. It thinks
for about the time chosen in Settings (one second of CPU unless you chose otherwise; a
progress line shows how far it is) and sees only what your seat may see: never a hidden
card or the next draw. Where a game's runs are quick to play out (Disruption), it answers
at once.

Keep playing while it thinks: every key works as ever, and a move made meanwhile puts the
hint away. Up/down choose among its moves, `Enter` makes the highlighted one (as its own key
would: a wasteful one asks first), `H` again thinks longer, `Esc` stops it or puts it away.
A hint is not a move: undo, the log and the save stay as they were. `Ctrl+P` offers it as
**Hint** too. `tabletop-tui hint SAVE` prints the same from the command line.
"""


def why_no_hint(screen: GameScreen) -> str | None:
    """Why the seat shown has no hint now, in one line; None when it has one."""
    session = screen.session
    if screen.read_only:
        return "A replay only shows the table: no hints."
    if session.state is None:
        return "There is no game on the table."
    if screen.over:
        return "The game is over: there is no move to hint."
    if screen.watching:
        return "Watching: a hint is for a seat's own move."
    moving = screen.game.to_move(session.state)
    if screen.seat not in moving:
        names = session.seat_names()
        waiting = ", ".join(names[s] for s in moving) or "nobody"
        return f"It is not your move ({waiting} to move): the hint is for your own move."
    if not screen.legal():
        return "There is no move of yours to hint now."
    return None


class HintMoves(ChoiceList):
    """The hinted moves, best first, two rows each: the move (its table key before it) with
    its worth, then why."""

    DEFAULT_CSS = """
    HintMoves { height: 1fr; background: $surface; }
    """

    def __init__(self) -> None:
        super().__init__(id="coach-moves")
        self.whys: list[str] = []
        self.waiting = ""  # shown while there is no move to list yet

    def show_moves(self, choices: Sequence[Choice], whys: Sequence[str]) -> None:
        self.whys = list(whys)
        self.waiting = ""
        self.show(choices, 0)
        self.repaint_lines()

    def show_waiting(self, text: str) -> None:
        self.whys = []
        self.waiting = text
        self.show([], 0)
        self.repaint_lines()

    def line_content(self) -> Text:
        width = max(self.content_size.width, 10)
        height = max(self.content_size.height, 1)
        if not self.choices:
            return Text(cut(self.waiting, width), style="dim")
        rows: list[Text] = []
        for index in range(len(self.choices)):
            rows.append(self._line(index, width))
            why = self.whys[index] if index < len(self.whys) else ""
            if why:
                rows.append(Text(cut("      " + why, width).ljust(width), style="dim"))
        return Text("\n").join(rows[:height])


class HintPanel(Panel):
    """The hint's box: a line of progress, then the moves."""

    DEFAULT_CSS = """
    HintPanel {
        layer: hint; dock: bottom; height: 9; width: 100%; margin-bottom: 1;
        border: round $accent; background: $surface; padding: 0 1;
    }
    HintPanel #coach-status { height: 1; color: $text-muted; }
    """

    class Progressed(Message):
        def __init__(self, token: int, progress: coach.Progress) -> None:
            super().__init__()
            self.token, self.progress = token, progress

    class Answered(Message):
        def __init__(self, token: int, answer: coach.Hint | None, problem: str = "", search: Any = None) -> None:
            super().__init__()
            self.token, self.answer, self.problem, self.search = token, answer, problem, search

    def __init__(self) -> None:
        self.line = Lines(id="coach-status")
        self.moves = HintMoves()
        super().__init__(self.line, self.moves, id="coach")
        self.border_title = "Hint"

    def status(self, text: str) -> None:
        self.line.update(text, layout=False)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        event.stop()  # the table's own list is not the one picked from
        hinting = getattr(self.screen, "hinting", None)
        if hinting is not None:
            hinting.take(event.index)

    def on_hint_panel_progressed(self, event: HintPanel.Progressed) -> None:
        hinting = getattr(self.screen, "hinting", None)
        if hinting is not None:
            hinting.progressed(event.token, event.progress)

    def on_hint_panel_answered(self, event: HintPanel.Answered) -> None:
        hinting = getattr(self.screen, "hinting", None)
        if hinting is not None:
            hinting.answered(event.token, event.answer, event.problem, event.search)


class Hinting:
    """A table's hint: the panel, the thinking behind it, and the position it is for."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.panel: HintPanel | None = None
        self.token = 0  # which thinking the panel waits for: older news is dropped
        self.stop: threading.Event | None = None
        self.search: Any = None  # the search, kept while its position holds (H thinks longer)
        self.position: tuple[Any, ...] = ()
        self.actions: list[Any] = []  # the moves the panel lists, best first
        self.before: Any = None  # what had the keys before the panel took them

    # ----- what the screen asks ---------------------------------------------------------

    @property
    def shown(self) -> bool:
        return self.panel is not None

    @property
    def thinking(self) -> bool:
        return self.stop is not None

    def where(self) -> tuple[Any, ...]:
        """The position a hint is for: the state on the table, how many moves it has had,
        and the seat."""
        session = self.screen.session
        return (id(session.state), len(session.envelope.actions), self.screen.seat)

    async def press(self) -> None:
        """H: say why there is no hint, or think (again, longer, over the same position)."""
        why = why_no_hint(self.screen)
        if why is not None:
            self.close()
            self.screen.notify(why)
            return
        if self.thinking:
            self.screen.notify("Still thinking: the progress line shows how far (Esc stops it).")
            return
        if self.where() != self.position:
            self.search = None
        elif self.panel is not None and self.search is not None and self.search.fixed:
            self.screen.notify("This answer is whole already: thinking longer changes nothing.")
            return
        await self.open()
        self.start()

    def follow(self) -> None:
        """The table changed. A hint for another seat, or for a seat with no move now, is put
        away; when another seat moved (a bot, another terminal) and this one may still move,
        it thinks again over the table as it is now. (This seat's own moves put it away
        before they are made: GameScreen.play.)"""
        if self.panel is None or self.where() == self.position:
            return
        if self.where()[2] != self.position[2] or why_no_hint(self.screen) is not None:
            self.close()
            return
        self.search = None
        self.actions = []
        self.position = self.where()
        self.start(changed=True)

    def close(self) -> bool:
        """Esc: stop thinking and put the hint away; False when there was none."""
        if self.panel is None:
            return False
        self._cancel()
        panel, self.panel = self.panel, None
        self.actions = []
        had_keys = panel.moves.has_focus
        panel.remove()
        before = self.before
        self.before = None
        if had_keys and before is not None and before.is_attached and self.screen.is_attached:
            before.focus()
        return True

    def _cancel(self) -> None:
        if self.stop is not None:  # a thread is thinking: it stops at its next step
            self.stop.set()
            self.stop = None
            self.search = None  # it may still be in that thread's hands: never shared
        self.token += 1

    # ----- the panel --------------------------------------------------------------------

    async def open(self) -> None:
        screen = self.screen
        if self.panel is None:
            self.before = screen.focused
            self.rows = 0
            self.panel = HintPanel()
            await screen.mount(self.panel)
        self.position = self.where()
        self._fit()
        names = screen.session.seat_names()
        several = len(names) > 1 and screen.seat is not None
        self.panel.border_title = f"Hint for {names[screen.seat]}" if several else "Hint"
        self.panel.border_subtitle = ""
        self.panel.moves.focus()

    def big(self) -> bool:
        return self.screen.has_class("w120") and self.screen.has_class("h40")

    def best(self) -> int:
        return coach.BEST_BIG if self.big() else coach.BEST

    rows = 0  # moves the panel has room for now (0: as many as it will offer)

    def refit(self) -> None:
        """The terminal's size changed: the panel fits it again."""
        if self.panel is not None:
            self._fit()

    def _fit(self, moves: int | None = None) -> None:
        """The panel's height for `moves` moves (two rows each), a line of progress and the
        border; while thinking, for as many as it will offer."""
        assert self.panel is not None
        if moves is not None:
            self.rows = max(moves, 1)
        height = 3 + 2 * (self.rows or self.best())
        self.panel.styles.height = height
        if self.big():  # in the lower right corner, over the end of the log, above the keys
            width, tall = self.screen.size
            self.panel.styles.width = max(76, width // 2)
            self.panel.styles.dock = "right"
            self.panel.styles.margin = (max(tall - height - 1, 0), 0, 0, 0)
        else:
            self.panel.styles.width = "100%"
            self.panel.styles.dock = "bottom"
            self.panel.styles.margin = (0, 0, 1, 0)

    def start(self, changed: bool = False) -> None:
        """Think, in a thread, for the player's budget (over the search kept, if any)."""
        screen = self.screen
        panel = self.panel
        assert panel is not None
        self._cancel()
        stop = self.stop = threading.Event()
        token = self.token
        budget = coach.budget_of(screen.app.settings.hint_budget)
        best = self.best()
        game, seat = screen.game, screen.seat
        assert seat is not None
        view = coach.private_copy(game, screen.session.state, seat)  # the copy is taken here, now
        search = self.search
        seed = len(screen.session.envelope.actions)
        if not self.actions:
            panel.moves.show_waiting("The table changed: thinking again…" if changed else "Thinking about your move…")
        panel.status(coach.Progress(search.playouts if search else 0, 0.0, budget).line() + " · Esc stops")
        panel.border_subtitle = "keep playing: any move puts it away"

        def work() -> None:
            from textual.worker import get_current_worker

            worker = get_current_worker()

            def cancelled() -> bool:
                return stop.is_set() or worker.is_cancelled

            def report(progress: coach.Progress) -> None:
                if not cancelled():
                    panel.post_message(HintPanel.Progressed(token, progress))

            try:
                found = search
                if found is None:
                    from engine.core.coach import Search

                    found = Search(game, view, seat, seed=seed)
                last = [coach.Progress(found.playouts, 0.0, budget, True)]

                def seen(progress: coach.Progress) -> None:
                    last[0] = progress
                    report(progress)

                if not coach.think(found, budget, seen, cancelled):
                    return
                answer = coach.Hint(found.advice(best), last[0], found.fixed)
            except ValueError as no_hint:
                panel.post_message(HintPanel.Answered(token, None, str(no_hint).splitlines()[0] if str(no_hint) else "No hint."))
                return
            except Exception as error:  # noqa: BLE001 (the table plays on; the hint says it failed)
                panel.post_message(HintPanel.Answered(token, None, f"The hint could not think this through ({type(error).__name__})."))
                return
            if not cancelled():
                panel.post_message(HintPanel.Answered(token, answer, search=found))

        screen.run_worker(work, thread=True, group="hint", exit_on_error=False)

    def progressed(self, token: int, progress: coach.Progress) -> None:
        if token != self.token or self.panel is None:
            return
        tail = " · Esc stops" if not progress.done else ""
        self.panel.status(progress.line() + tail)

    def answered(self, token: int, answer: coach.Hint | None, problem: str, search: Any = None) -> None:
        if token != self.token or self.panel is None:
            return
        self.stop = None
        if answer is None:
            self.close()
            self.screen.notify(problem or "No hint.")
            return
        self.search = search  # the thread is done with it: H thinks on from where it stopped
        self.show(answer)

    def show(self, answer: coach.Hint) -> None:
        assert self.panel is not None
        screen = self.screen
        view = screen.state
        keys = screen.listed_keys()
        choices, whys, actions = [], [], []
        for advice in answer.advice:
            key = next((k for a, k in keys if a == advice.action), "")
            choices.append(Choice(screen.game.describe(advice.action, view), advice.worth_text, key))
            whys.append(advice.why)
            actions.append(advice.action)
        self.actions = actions
        self._fit(len(choices))
        if not choices:
            self.panel.moves.show_waiting("No move to suggest.")
        else:
            self.panel.moves.show_moves(choices, whys)
        if answer.fixed:
            head = "Best first, by runs played out · the odds are exact"
        else:
            head = f"Best first · {answer.progress.line()}"
        self.panel.status(head)
        again = "" if answer.fixed else f" · {self.key()} thinks longer"
        self.panel.border_subtitle = f"Enter plays it{again} · Esc closes"

    def key(self) -> str:
        """The hint key as this player has it (Settings may have moved it): `H`, `F2`."""
        key = current(getattr(self.screen.app, "_keymap", {}), "hint")
        return key if len(key) == 1 else shown(key)

    def take(self, index: int) -> None:
        """Enter on a hinted move: made as the table's own key makes it."""
        if not 0 <= index < len(self.actions):
            return
        action = self.actions[index]
        screen = self.screen
        if self.where() != self.position or action not in screen.legal():
            self.close()
            screen.notify(f"That move is no longer open: {self.key()} thinks again.", severity="warning")
            return
        screen.play(action)  # a move: the table changes and the hint is put away (follow)
        self.follow()

