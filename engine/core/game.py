"""The contract every game implements. The UI, bots and tests drive games only through it."""

from __future__ import annotations

import typing
from typing import Any, ClassVar

import msgspec

from engine.core.errors import IllegalAction
from engine.core.log import Wording, render, said


class Outcome(msgspec.Struct, frozen=True):
    """A finished game's result for one seat (`Game.seat_outcome`); a one-seat game has one."""

    won: bool
    score: int | None = None  # None: the game gives this result no score
    summary: str = ""
    terms: tuple[tuple[str, int], ...] = ()  # what the score is made of, each term named
    length: int = 0  # how long the game lasted (rounds), for a game that ranks by it


class GameOption(msgspec.Struct, frozen=True):
    """A new-game option: offered by the New game screen and as `--name` on the CLI."""

    name: str  # keyword argument of new_game, and the CLI flag (underscores become dashes)
    label: str
    kind: str  # "bool", "int" or "choice"
    default: Any
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    choice_labels: tuple[str, ...] = ()  # what a screen shows for each choice; the ids if empty

    def choice_label(self, choice: str) -> str:
        if choice in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(choice)]
        return choice


BOT_LEVEL = GameOption(
    "bot_level",
    "Bot level",
    "choice",
    "easy",
    "How the bot plays the seats given to it: easy is a greedy one-move player, hard searches "
    "ahead (about a second a move) from what its seat may know.",
    choices=("easy", "hard"),
    choice_labels=("Easy", "Hard"),
)


def bot_level(options: dict[str, Any]) -> str:
    """The bot level a table was set up with (its `bot_level` option; easy if none)."""
    return options.get("bot_level") or "easy"


class Game:
    """Static rules and content for one game. Only `State` values change."""

    id: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str] = ""
    State: ClassVar[type]
    Action: ClassVar[Any]  # a tagged union of msgspec Structs
    Event: ClassVar[type]
    options: ClassVar[tuple[GameOption, ...]] = ()
    content_version: ClassVar[int] = 1
    wording: ClassVar[Wording] = {}  # how the game's log lines read (engine/core/log.py)
    legacy: ClassVar[Any] = None  # engine/core/legacy.py: files its finished games write on

    def new_game(self, seed: int = 0, **options: Any) -> Any:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Any]:
        raise NotImplementedError

    def apply(self, state: Any, action: Any) -> list[Any]:
        """Check `action` against the rules and carry it out, mutating `state`."""
        if not self.is_legal(state, action):
            raise IllegalAction(self.why_illegal(state, action))
        return self._apply(state, action)

    def is_legal(self, state: Any, action: Any) -> bool:
        """Whether `action` is among legal_actions(state). A game may answer faster without
        listing every action; its fuzz test then checks both answers agree."""
        return action in self.legal_actions(state)

    def _apply(self, state: Any, action: Any) -> list[Any]:
        raise NotImplementedError

    def why_illegal(self, state: Any, action: Any) -> str:
        return "That move is not allowed right now."

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game runs; then its result. In a game of several seats, the table's
        as a whole (what a spectator reads); what each seat reads is `seat_outcome`."""
        raise NotImplementedError

    def seat_outcome(self, state: Any, seat: int | None) -> Outcome | None:
        """`seat`'s own result, in its own words (None while the game runs): what its end
        screen says and what its player's history, stats and daily board file. By default
        every seat has the one outcome: a one-seat game's is seat 0's, a party's is each of
        its players'. A spectator (None) reads the table's."""
        return self.outcome(state)

    def seat_outcomes(self, state: Any) -> list[Outcome] | None:
        """Every seat's own result, in seat order; None while the game runs."""
        results = [self.seat_outcome(state, seat) for seat in range(len(self.seats(state)))]
        return None if None in results else results  # type: ignore[return-value]

    # ----- seats (DESIGN.md "Seats"): one-seat games need none of these ------------------

    def seats(self, state: Any) -> list[str]:
        """Seat names in turn order."""
        return ["Player"]

    def to_move(self, state: Any) -> tuple[int, ...]:
        """The seats that may act now: several when the rules let players act at once,
        () once the game is over."""
        return () if self.outcome(state) is not None else (0,)

    def seat_of(self, action: Any) -> int:
        """The seat an action is taken for: its `seat` field in a game of several seats."""
        return getattr(action, "seat", 0)

    def view(self, state: Any, seat: int | None) -> Any:
        """A copy of `state` holding only what `seat` may know (None: a spectator). Hidden
        cards become placeholders, so a screen drawn from it cannot leak them. A one-seat
        game hides nothing its only player may not see: the state is returned as it is."""
        return state

    def hides_between_seats(self, state: Any) -> bool:
        """Whether one seat's view holds what another's may not (hands, face-down cards):
        at one keyboard, a privacy screen then covers the table between seats."""
        return False

    def table_options(
        self, options: dict[str, Any], brought: list[Any], names: list[str] | None = None
    ) -> dict[str, Any]:
        """The new-game options of a shared table once every seat is taken: `brought` holds
        what each seat brought (None for a bot, or when the game asks nothing of a seat),
        `names` the name each seat sat down under."""
        return options

    def bot_action(self, state: Any, seat: int, level: str = "easy") -> Any:
        """The move the game's bot of `level` makes for `seat` (one of to_move): "easy" is
        the game's greedy bot (`easy_action`), "hard" a search (engine/core/coach.py). A bot
        decides only from what its seat may know."""
        if level == "hard":
            from engine.core.coach import hard_move

            return hard_move(self, state, seat)
        if level != "easy":
            raise ValueError(f"No bot level '{level}': easy or hard")
        return self.easy_action(state, seat)

    def easy_action(self, state: Any, seat: int) -> Any:
        """The greedy bot's move for `seat`, decided from game.view(state, seat)."""
        raise NotImplementedError(f"{self.title} has no bot")

    # ----- search (engine/core/coach.py): hints and the hard bot ------------------------

    # playouts of a hint or a hard bot's move: about one second of CPU at the engine's speed
    search_playouts: ClassVar[int] = 200

    def search_budget(self, state: Any) -> int:
        """The hard bot's playouts for a move in `state`: search_playouts, unless the game's
        playouts there are much shorter or longer (a playout cut short by a horizon)."""
        return self.search_playouts

    def redeal(self, state: Any, seat: int, rng: Any) -> Any:
        """A whole state that `seat` cannot tell from `state`: one agreeing with
        view(state, seat), its hidden part dealt afresh from `rng` (face-down shuffled
        piles shuffled again, placeholders filled with cards the seat cannot place, the
        game's Rng given a new seed). `state` may be the full state or that view: only what
        the view holds is read. A new object; `state` is left as it is."""
        raise NotImplementedError(f"{self.title} cannot be searched")

    def rollout_action(self, state: Any, rng: Any) -> Any:
        """A quick move for a search's playout, for whoever is to move in a state already
        re-dealt (so it may read all of it). By default a uniformly random legal move."""
        return rng.choice(self.legal_actions(state))

    def playout_horizon(self, state: Any) -> int | None:
        """How many quick moves a playout from `state` makes before its worth is judged as it
        stands (playout_worth); None: to the end of the game."""
        return None

    def playout_worth(self, state: Any, seat: int) -> float:
        """What a state reached by a playout is worth to `seat`, 0..1: 1 for a win, 0 for a
        loss once the game is over; a game cut short by a horizon may estimate. The search
        maximises its mean."""
        result = self.seat_outcome(state, seat)
        return 1.0 if result is not None and result.won else 0.0

    def worth_words(self, state: Any, seat: int, worth: float) -> str:
        """A hint's worth in the game's own terms ("62% to win the run")."""
        return f"{round(100 * worth)}% to win"

    def hint_why(self, state: Any, seat: int, action: Any, wins: float, samples: int) -> str:
        """One line of why a searched move is worth what it is, in the game's words."""
        return f"won {round(wins)} of {samples} sampled playouts through this move"

    # rounds every move of a search plays before any may drop out of its race
    search_min_rounds: ClassVar[int] = 3

    def search_moves(self, state: Any, seat: int, legal: list[Any]) -> tuple[list[Any], int]:
        """The moves a search races, in the order it breaks ties by, and the index of its
        default move, the one it keeps unless another is shown better. By default the legal
        moves as they come and the greedy bot's move. `state` is what `seat` sees."""
        try:
            easy = self.easy_action(state, seat)
        except NotImplementedError:
            return legal, 0
        return legal, legal.index(easy) if easy in legal else 0

    def fixed_search(self, state: Any, seat: int) -> int | None:
        """For a game whose playouts are quick: the seed, drawn from what `seat` sees, of a
        search that plays its whole budget (search_budget) when it is made, so a hint answers
        at once and the same every time for the same table. None (the default): searched a
        step at a time, as long as the player's budget allows."""
        return None

    def validate(self, state: Any) -> list[str]:
        """What makes `state` impossible (zones inconsistent, counters out of range, a pending
        decision that cannot be made), in words a player can read; [] for a sound state.
        Loading a save runs it, so a well-typed but impossible file is refused, not played."""
        return []

    def validate_campaign(self, campaign: Any) -> list[str]:
        """validate for a game that keeps campaigns: the campaign value and its game in
        progress, if any; [] for a sound one."""
        return []

    # ----- the log ------------------------------------------------------------------------

    def log_text(self, line: Any) -> str:
        """The words of one log line (a game keeping plain text lines returns them as they are)."""
        return render(line, self.wording)

    def note(self, state: Any, text: str) -> None:
        """Write a line of plain words into the game's log from outside its rules (a shared
        table's seat handed to the bot): a `said` line, or the text itself in a log of plain
        strings. A game that counts or trims its log lines writes it its own way."""
        log = getattr(state, "log", None)
        if log is None:
            return
        plain_text = typing.get_type_hints(type(state)).get("log") == list[str]
        log.append(text if plain_text else said(text))

    def log_lines(self, state: Any) -> list[str]:
        """The state's log in words, oldest first."""
        wording = self.wording
        return [render(line, wording) for line in state.log]

    def turning_points(self, lines: list[Any]) -> list[str]:
        """From a whole game's log (oldest first), the lines its story is told by, in words:
        the end screen shows them. [] when the game does not say (the screen then shows the
        last lines of the log)."""
        return []

    def upgrade(
        self, version: int, options: dict[str, Any], state: Any, actions: list[Any]
    ) -> tuple[dict[str, Any], Any, list[Any]]:
        """Carry a save made with content `version` (older than content_version) over to the
        current rules: its options, state and action log as plain JSON data, returned as
        they should now be. ValueError says why it cannot be; NotImplementedError (the
        default) means this game keeps no such upgrades and the save is refused. `state` is
        None when only the options and moves are carried over (a game replayed from its
        history): a game whose old moves still replay returns them, else ValueError."""
        raise NotImplementedError

    # ----- taking a move back (DESIGN.md "Undo"; saves/session.py applies the policy) -----

    def random_draws(self, state: Any) -> int:
        """How many numbers the state's Rng has handed out. A move that changed this count
        rolled, shuffled or picked at random: taking it back would let its player see the
        outcome and choose again, so the undo policy never crosses it."""
        rng = getattr(state, "rng", None)
        return 0 if rng is None else rng.counter

    def unseen_cards(self, state: Any) -> tuple[int, ...]:
        """How many cards each face-down pile that is already shuffled holds, pile by pile in
        a fixed order (and, in a game of several seats, cards laid face down to be shown
        later, such as secret picks). Drawing or showing such a card uses no randomness, yet
        reveals what somebody did not know: a move after which any of these counts went down
        is never taken back either. A game without such cards keeps the default ()."""
        return ()

    # ----- history, stats and the daily deal --------------------------------------------

    # Options of the daily deal: everyone playing today's deal plays it with these.
    daily_options: ClassVar[dict[str, Any]] = {}

    def rank(self, outcome: Outcome) -> tuple[int, int]:
        """How good a finished game was, for stats' best game and the daily board: larger is
        better. By default a win beats a loss, then the higher score."""
        return (int(outcome.won), outcome.score if outcome.score is not None else 0)

    def filed_score(self, won: bool, score: int | None) -> int | None:
        """The score a game filed in the history under earlier rules is shown with now (the
        history, stats and the daily board), for a game whose scoring has changed since.
        By default the score as it was filed."""
        return score

    def variant(self, state: Any, options: dict[str, Any]) -> dict[str, str]:
        """What stats group a finished game by (a style, a Druid, a player count), as
        label -> value. By default every menu option with its value."""
        shown: dict[str, str] = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            shown[opt.label] = ("on" if value else "off") if opt.kind == "bool" else str(value)
        return shown

    def decks_played(self, state: Any) -> list[str]:
        """The decks a table was played with, as their names, for a game whose decks are kept
        from game to game; [] for the others."""
        return []

    def how_to_play(self) -> str:
        """The in-game rules: content/how_to_play.md in the game's package."""
        package = type(self).__module__.rsplit(".", 1)[0]
        from importlib import resources  # only when the rules are read, not at start-up

        return resources.files(package).joinpath("content", "how_to_play.md").read_text("utf-8")

    def summary(self, state: Any) -> str:
        """One line for save listings."""
        return ""

    def variant_name(self, options: dict[str, Any]) -> str:
        """The variants these options play, for a save's label ("" = the standard game)."""
        return ""

    def describe(self, action: Any, state: Any = None) -> str:
        """A short player-facing label for an action (menus, logs)."""
        return type(action).__name__

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and fill in new-game options; ValueError with a readable message."""
        known = {opt.name: opt for opt in self.options}
        result = {name: opt.default for name, opt in known.items()}
        for name, value in options.items():
            opt = known.get(name)
            if opt is None:
                raise ValueError(f"{self.title} has no option '{name.replace('_', '-')}'")
            if opt.kind == "choice" and value not in opt.choices:
                raise ValueError(
                    f"{opt.label} must be one of: {', '.join(opt.choices)} (not '{value}')"
                )
            if opt.kind == "int":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"{opt.label} must be a whole number")
                if opt.minimum is not None and value < opt.minimum:
                    raise ValueError(f"{opt.label} must be at least {opt.minimum}")
                if opt.maximum is not None and value > opt.maximum:
                    raise ValueError(f"{opt.label} must be at most {opt.maximum}")
            if opt.kind == "bool" and not isinstance(value, bool):
                raise ValueError(f"{opt.label} must be on or off")
            result[name] = value
        return result
