"""History: every finished game, newest first, filtered by game; replay one, or delete it
(after asking). A line that cannot be read is shown with the reason."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from engine.registry import CATALOGUE
from saves.history import Finished, History
from tui.games import home_screen
from tui.screens.dialogs import Confirm
from tui.safe_text import safe_text
from tui.plain import short_time
from tui.widgets.keybar import KeyBar
from tui.widgets.text import OptionList, Static

TITLES = {entry.id: entry.title for entry in CATALOGUE}
FILTERS: tuple[str | None, ...] = (None, *TITLES)  # None: every game
SHOWN = 500  # lines listed at once; the newest first, the rest said in the title


def entry_text(entry: Finished) -> Text:
    text = Text()
    if entry.damaged:
        text.append(f"{entry.id}.json", style="bold")
        text.append(f"\n  DAMAGED: {entry.damage}", style="bold red")
        return text
    result = {"won": "✓ won", "lost": "✗ lost"}.get(entry.result, f"– {entry.result}")
    score = "" if entry.score is None else f", score {entry.score}"
    kind = " campaign" if entry.kind == "campaign" else ""
    title = TITLES.get(entry.game_id, entry.game_id)
    text.append(entry.label, style="bold")
    if not entry.label.startswith(title):  # a label of its own: say which game it was
        text.append(f"  {title}{kind}")
    text.append(f"  {result}{score}")
    if entry.seat_name:  # a table of several: the result is this seat's own
        text.append(f"  as {safe_text(entry.seat_name)}")
    if entry.daily:
        text.append("  daily (practice)" if entry.practice else "  daily", style="bold")
    text.append(f"\n  {short_time(entry.finished)}  {entry.summary}", style="dim")
    return text


class HistoryScreen(Screen[None]):
    DEFAULT_CSS = """
    HistoryScreen #history { height: 1fr; }
    """
    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("left", "filter(-1)", "Game", key_display="←→", priority=True),
        Binding("right", "filter(1)", "Next game", show=False, priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("a", "stats", "Stats"),
        Binding("escape,q", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]
    HELP = """
# History

Every finished game, newest first: the result, the score, how it ended. A Druid Path
campaign is listed as a whole once its road is over, and each of its games on its own.

- `←` / `→` show one game only, or all of them
- `Enter` replays the highlighted game move by move (nothing is changed by a replay)
- `d` deletes it from the history for good (you are asked first)
- `a` shows the stats, which are worked out from this list
"""

    def __init__(self) -> None:
        super().__init__()
        self.filter = 0
        self.entries: list[Finished] = []

    def compose(self) -> ComposeResult:
        yield Static(id="history-title", classes="title")
        yield OptionList(id="history")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    @property
    def game_id(self) -> str | None:
        return FILTERS[self.filter]

    def reload(self, keep: int | None = None) -> None:
        listing = self.query_one("#history", OptionList)
        position = listing.highlighted if keep is None else keep
        try:
            self.entries, problem = History(self.app.store).list(self.game_id), ""
        except OSError as error:  # the history folder itself cannot be read (a file in its place)
            self.entries, problem = [], f"The history cannot be listed: {error.strerror or error}"
        self.refresh_bindings()
        which = TITLES[self.game_id] if self.game_id else "all games"
        title = f"History: {which} ({len(self.entries)} finished)"
        if len(self.entries) > SHOWN:
            title += f", the newest {SHOWN} shown"
        self.query_one("#history-title", Static).update(title)
        listing.clear_options()
        if not self.entries:
            listing.add_option(Option(problem or "No finished games here yet.", disabled=True))
            return
        listing.add_options(Option(entry_text(e), id=e.id) for e in self.entries[:SHOWN])
        listing.highlighted = min(position or 0, min(len(self.entries), SHOWN) - 1)
        listing.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The keys that act on the highlighted game are off the bar while there is none.
        if action in ("replay", "delete"):
            return bool(self.entries)
        return True

    def selected(self) -> Finished | None:
        index = self.query_one("#history", OptionList).highlighted
        if index is None or not self.entries:
            return None
        return self.entries[index]

    def action_cursor(self, step: int) -> None:
        listing = self.query_one("#history", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_filter(self, step: int) -> None:
        self.filter = (self.filter + step) % len(FILTERS)
        self.reload(keep=0)

    def action_replay(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify(f"This file cannot be read: {entry.damage}", severity="error")
            return
        self.app.open_replay(entry.id)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        name = f"{entry.id}.json" if entry.damaged else f"'{entry.label}'"

        def delete(sure: bool | None) -> None:
            if sure:
                try:
                    History(self.app.store).delete(entry.id)
                except OSError as problem:
                    self.notify(f"Not deleted: {problem.strerror}", severity="error")
            self.reload()

        self.app.push_screen(Confirm(f"Delete {name} from your history for good?"), delete)

    def action_stats(self) -> None:
        self.app.push_screen(home_screen("Stats"))

    def action_back(self) -> None:
        self.app.pop_screen()
