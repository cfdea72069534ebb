"""Small modal questions: yes/no, and a line of text."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input

from saves.envelope import Damaged
from tui.plain import plain
from tui.safe_text import safe_text
from tui.widgets.text import Static, Vertical

DIALOG_CSS = """
NAME { align: center middle; }
NAME > Vertical {
    width: 60; height: auto; border: round $accent; background: $surface; padding: 0 1;
}
"""


class Confirm(ModalScreen[bool]):
    """A yes/no question: `y` or Enter yes, `n` or Esc no. An Enter that repeats the press
    that asked (a hurried double press, tui/double_tap.py) answers nothing."""

    DEFAULT_CSS = DIALOG_CSS.replace("NAME", "Confirm")
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape,q", "answer(False)", "No"),
    ]
    HELP = "Press `y` or `Enter` to confirm, `n` or `Esc` to cancel."

    def __init__(self, question: str | Content) -> None:
        super().__init__()
        self.question = question  # shown as written (tui/plain.py), a player's text within it too

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            yield Static("y/Enter: yes    n/Esc: no", classes="hint")

    def reword(self, question: str | Content) -> None:
        """Ask another question with this dialog (a screen that asks often keeps one)."""
        if question == self.question:
            return
        self.question = question
        if self.is_mounted:
            self.query_one("#question", Static).update(question)

    def action_answer(self, answer: bool) -> None:
        presses = getattr(self.app, "presses", None)
        if answer and presses is not None and presses.repeated():
            return  # the key that asked, pressed twice: the question stays
        self.dismiss(answer)


class NotSaved(ModalScreen[str | None]):
    """The last move could not be written: try again (`r`), leave without it knowingly (`l`),
    or stay (`Esc`). Dismissed with "retry", "leave" or None."""

    DEFAULT_CSS = DIALOG_CSS.replace("NAME", "NotSaved")
    BINDINGS = [
        Binding("r", "answer('retry')", "Try again"),
        Binding("l", "answer('leave')", "Leave without it"),
        Binding("escape", "answer(None)", "Stay"),
    ]
    HELP = "`r` tries to save again, `l` leaves and loses what is not saved, `Esc` stays."

    def __init__(self, problem: OSError) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        where = f" (in {os.path.dirname(self.problem.filename)})" if self.problem.filename else ""
        why = plain(f"{self.problem.strerror or self.problem}{where}")
        with Vertical():
            yield Static(Content.assemble(("The last move is not saved: ", "bold"), why, "."))
            yield Static("Leaving now loses it: the game would resume one move earlier.")
            yield Static("r: try again    l: leave without it    Esc: stay", classes="hint")

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


class OpenElsewhereChoice(ModalScreen[str | None]):
    """A save open in another terminal: watch it (`w`), take it over (`t`: that terminal
    lets go and says so) or go back (`Esc`). Dismissed with "watch", "take" or None."""

    DEFAULT_CSS = DIALOG_CSS.replace("NAME", "OpenElsewhereChoice")
    BINDINGS = [
        Binding("w", "answer('watch')", "Watch"),
        Binding("t", "answer('take')", "Take over"),
        Binding("escape,q", "answer(None)", "Back"),
    ]
    HELP = "`w` watches the game as it is played there, `t` takes it over here, `Esc` goes back."

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(self.message), classes="bold")
            yield Static("A game is played in one terminal at a time. Taking it over here ends it there.")
            yield Static("w: watch    t: take over    Esc: back", classes="hint")

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


class AskText(ModalScreen[str | None]):
    DEFAULT_CSS = DIALOG_CSS.replace("NAME", "AskText")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    HELP = "Type, then `Enter` to accept or `Esc` to cancel."

    def __init__(self, question: str | Content, value: str = "") -> None:
        super().__init__()
        self.question, self.value = question, safe_text(value)  # a label to edit: typed by someone

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Input(value=self.value, max_length=60)
            yield Static("Enter: accept    Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.action_select_all()  # typing replaces the old text; arrows keep it

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_to_restore(screen: Any, store: Any, key: str, then: Callable[[], None], name: str = "") -> None:
    """Ask, then put back the readable backup of the damaged file `key` of a store that keeps
    backups (decks, saves: `backup_of` and `restore`; the damaged file is kept aside); `then`
    runs after, whatever the answer. `name` is the file as the question calls it."""
    if store.backup_of(key) is None:
        screen.notify("There is no readable backup of this file.", severity="warning")
        return

    def restore(sure: bool | None) -> None:
        if sure:
            try:
                store.restore(key)
            except (Damaged, OSError) as problem:
                screen.notify(f"Not restored: {problem}", severity="error")
        then()

    question = plain(f"Put back the backup of {name or key}? The damaged file is kept aside.")
    screen.app.push_screen(Confirm(question), restore)
