"""The daily deal: today's deal of each game, the same for every player, and the Daily board
of everyone's counted results on this host."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from engine.registry import CATALOGUE, GAMES
from saves import daily, daily_play
from tui.cut import cut
from tui.games import playable
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, OptionList, Static, Vertical

BOARD_LINES = 15
GAMES_WIDTH = 40  # the list of today's deals; the board takes the rest


def board_rows(lines: list[daily.BoardLine], width: int) -> list[str]:
    """The board's lines in `width` columns: the names give way (cut with "…") so that no
    line wraps, up to the longest name there is."""
    tails = [
        ("✓ won " if line.won else "✗ lost")
        + ("" if line.score is None else f" {line.score:>4}")
        + f"  {line.moves} moves"
        for line in lines
    ]
    tail_width = max(map(len, tails), default=0)
    room = max(4, min(max((cell_len(line.name) for line in lines), default=0), width - 5 - tail_width))
    names = [cut(line.name, room) for line in lines]
    return [
        f"{place:>2}. {name}{' ' * (room - cell_len(name))} {tail}"
        for place, (name, tail) in enumerate(zip(names, tails), start=1)
    ]


class DailyScreen(Screen[None]):
    DEFAULT_CSS = f"""
    DailyScreen #daily-games-box {{ width: {GAMES_WIDTH}; }}
    DailyScreen #daily-games {{ height: auto; }}
    DailyScreen #daily-board-box {{ width: 1fr; height: auto; }}
    """
    BINDINGS = [
        Binding("enter", "play", "Play today's deal", priority=True),
        Binding("escape,q", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]
    HELP = """
# Daily deal

Every day (in UTC) each game has one deal, the same for every player on any machine:
its seed comes from the date and the game (the README says how, so anyone can check).

- `Enter` plays today's deal of the highlighted game, or goes back to your try in progress
- Your first try of the day counts; later tries are practice and are marked so in your
  history and stats
- The **Daily board** ranks the counted results of everyone who plays on this host
  (their display names only: set yours in Settings)
"""

    def compose(self) -> ComposeResult:
        yield Static(id="daily-title", classes="title")
        with Horizontal():
            with Vertical(id="daily-games-box", classes="panel") as box:
                box.border_title = "Today's deals"
                yield OptionList(id="daily-games")
            with Vertical(id="daily-board-box", classes="panel") as board:
                board.border_title = "Daily board"
                yield Static(id="daily-board")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        self.show_board()  # the names take the width there is

    def reload(self) -> None:
        store = self.app.store
        day = daily.today(store)
        _, problem = daily.checked_attempts(store)  # a damaged record is kept aside: say so once
        if problem:
            self.notify(problem, severity="warning", timeout=10)
        self.query_one("#daily-title", Static).update(f"Daily deal of {day.isoformat()} (UTC)")
        listing = self.query_one("#daily-games", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        for entry in CATALOGUE:
            text = Text(entry.title, style="bold")
            if playable(entry.id):
                text.append(f"\n  {daily_play.standing(store, entry.id, day)}", style="dim")
            listing.add_option(Option(text, id=entry.id, disabled=not playable(entry.id)))
        listing.highlighted = highlighted or 0
        listing.focus()
        self.show_board()

    def selected(self) -> str:
        listing = self.query_one("#daily-games", OptionList)
        return CATALOGUE[listing.highlighted or 0].id

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_board()

    def show_board(self) -> None:
        store = self.app.store
        day = daily.today(store)
        game_id = self.selected()
        lines, unreadable = daily.read_board(store, day, game_id)
        box = self.query_one("#daily-board", Static)
        panel = self.query_one("#daily-board-box")
        panel.border_title = f"Daily board: {GAMES[game_id].title}"
        panel.border_subtitle = f"seed {daily.daily_seed(game_id, day)}"
        width = self.size.width - GAMES_WIDTH - 4  # the board's borders and padding
        rows = [Text(row) for row in board_rows(lines[:BOARD_LINES], width)]
        if not lines:
            rows.append(Text("No counted result yet today.\nFinish your first try to appear here."))
        if len(lines) > BOARD_LINES:
            rows.append(Text(f"    and {len(lines) - BOARD_LINES} more", style="dim"))
        if unreadable:  # one line however many, so a folder of damage cannot push the board away
            rows.append(Text(daily.unreadable_note(unreadable), style="dim"))
        box.update(Text("\n").join(rows))

    def action_cursor(self, step: int) -> None:
        listing = self.query_one("#daily-games", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_play(self) -> None:
        game_id = self.selected()
        if playable(game_id):
            self.app.start_daily(game_id)

    def action_back(self) -> None:
        self.app.pop_screen()
