"""The end of a game, the same for every game: the result, the score and each of its terms,
the turning points from the log, and what to do next.

Each game feeds it through the engine contract: `seat_outcome()` (won, score, summary, terms:
the result of the seat the screen is shown to, a spectator's the table's) and
`turning_points()` over the whole log (a game that names none shows its last lines).
"""

from __future__ import annotations

import textwrap
from typing import Any

import msgspec
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from saves.session import GameSession
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, Vertical

LAST_LINES = 8  # shown when a game names no turning points


class Ending(msgspec.Struct):
    """What an end screen says about one finished game."""

    won: bool
    title: str  # the box's: Victory, Defeat, or Game over for a spectator of a game won by one
    summary: str
    score: int | None
    terms: tuple[tuple[str, int], ...]
    story_title: str
    story: list[str]
    seed: int
    options: str  # the options the game was played with, in words ("" = the defaults)
    scores_wins: bool = True  # whether a win here has a score (a Versus win has none)


def option_words(game: Any, options: dict[str, Any]) -> str:
    """The options a game was set up with that are not the defaults, in words."""
    words = []
    for option in game.options:
        value = options.get(option.name, option.default)
        if value == option.default:
            continue
        words.append(option.label if value is True else f"{option.label} {value}")
    return ", ".join(words)


def ending_of(session: GameSession, seat: int | None = 0) -> Ending:
    """The end as `seat` reads it: its own result (None, a spectator: the table's)."""
    game = session.game
    result = game.seat_outcome(session.state, seat)
    assert result is not None, "only a finished game has an end"
    heading = "Victory" if result.won else "Defeat"
    results = game.seat_outcomes(session.state) or [result]
    if seat is None and len({r.won for r in results}) > 1:
        heading = "Game over"  # one seat won, another lost: nobody watching did either
    winners = [r for r in results if r.won]  # none: a loss all round, and a win would score
    seed, options = session.game_setup()  # a campaign's game: its own, not the campaign's
    lines = session.whole_log()
    story = game.turning_points(lines)
    title = "Turning points"
    if not story:
        story, title = [game.log_text(line) for line in lines[-LAST_LINES:]], "The last moves"
    return Ending(
        won=result.won, title=heading, summary=result.summary, score=result.score, terms=result.terms,
        story_title=title, story=story, seed=seed, options=option_words(game, options),
        scores_wins=not winners or any(r.score is not None for r in winners),
    )  # fmt: skip


def score_text(ending: Ending) -> Text:
    text = Text()
    if ending.score is None:
        text.append("No score: ", style="bold")
        text.append("only a victory is scored." if not ending.won and ending.scores_wins else "this game keeps none.")
        return text
    text.append(f"Score {ending.score}", style="bold")
    if not ending.terms:
        return text
    width = max(len(label) for label, _ in ending.terms)
    for label, value in ending.terms:
        text.append(f"\n  {label:<{width}}  {value:+d}")
    return text


class EndScreen(ModalScreen[str]):
    """Over the finished table. Dismissed with the name of the table action to run next
    ("" to look at the table)."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical {
        width: 90%; max-width: 110; height: auto;
        border: round $accent; background: $surface; padding: 0 1;
    }
    EndScreen #end-result { text-style: bold; }
    EndScreen #end-score, EndScreen #end-story { margin: 1 0 0 0; }
    EndScreen #end-seed { color: $text-muted; margin: 1 0 0 0; }
    """
    BINDINGS = [
        Binding("escape,v", "pick('')", "Look at the table"),
    ]

    def __init__(self, ending: Ending, choices: list[tuple[str, str, str]]) -> None:
        """`choices`: (key, label, table action) for each way on, e.g. ("n", "New game", "new_game")."""
        super().__init__()
        self.ending = ending
        self.choices = choices
        for key, label, action in choices:
            self._bindings.bind(key, f"pick('{action}')", label)

    def compose(self) -> ComposeResult:
        ending = self.ending
        with Vertical(id="end-box") as box:
            box.border_title = ending.title
            yield Static(ending.summary, id="end-result")
            yield Static(score_text(ending), id="end-score")
            yield Static(id="end-story")
            options = ending.options or "standard options"
            yield Static(f"Seed {ending.seed} · {options}", id="end-seed")
        yield KeyBar()

    def on_mount(self) -> None:
        self.tell_story(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.tell_story(event.size.width, event.size.height)

    def tell_story(self, width: int, height: int) -> None:
        """The turning points that fit, the latest kept (nearest the result)."""
        ending = self.ending
        inner = max(20, min(110, width * 9 // 10) - 4)  # the box's width inside border and padding

        def bullet(line: str) -> list[str]:  # a long line wraps under its text, not its dot
            return textwrap.wrap(line, inner, initial_indent="· ", subsequent_indent="  ") or ["·"]

        def rows(line: str) -> int:
            return max(1, -(-len(line) // inner))

        taken = 1 + 2 + 2 + 1  # key bar, the box's border, the seed and its gap, the title
        taken += rows(ending.summary) + 1 + len(score_text(ending).plain.splitlines()) + 1
        room = max(2, height - taken - 1)
        story = ending.story or ["(nothing to tell)"]
        shown: list[str] = []
        for line in reversed(story):
            if len(bullet(line)) > room:
                break
            room -= len(bullet(line))
            shown.insert(0, line)
        text = Text(ending.story_title, style="bold")
        if len(shown) < len(story):
            text.append(f" (the last {len(shown)} of {len(story)})", style="dim")
        for line in shown:
            text.append("\n" + "\n".join(bullet(line)))
        self.query_one("#end-story", Static).update(text)

    def action_pick(self, action: str) -> None:
        self.dismiss(action)


def end_choices(table: Any) -> list[tuple[str, str, str]]:
    """The usual ways on from a finished single game; a table may offer others."""
    return [
        ("n", "New game, same options", "new_game"),
        ("s", "Same seed again", "same_seed"),
        ("q", "Menu", "back"),
    ]
