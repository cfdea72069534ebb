"""Ctrl+P: the command palette. Every screen the app can open, and at a table every move the
seat at this keyboard may make now and the table's own commands, each by name.

The palette is Textual's CommandPalette with one Provider (`Commands`), so its list comes in
one order: the table's moves (as the table's list and log name them, `game.describe` over the
seat's view, with the key its list shows), the table's commands (as the footer names them,
with their keys), the screens, and help. A move chosen here goes the way its key goes (`GameScreen.play`): a wasteful one asks
first, an illegal one says why. Someone watching, a seat that is not to move, a replay and a
finished game get no move; the moves are only the seat's own (`GameScreen.legal`), so nothing
hidden from it is named.

Names in the palette (save labels, players' names inside a move) are data: each line is built
as plain `Content` (tui/plain.py), never markup, and the match is underlined over it here, not
by Textual's `Matcher.highlight`, which would read the line as markup.

The palette opens from a screen, not over a question, a viewer or the cover between seats:
those are answered or closed first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from textual.binding import Binding
from textual.command import CommandInput, CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.screen import ModalScreen, Screen

from engine.registry import CATALOGUE, GAMES
from tui.game_screen import GameScreen
from tui.games import HOME_ENTRIES, new_game_screen, open_home_entry, playable
from tui.plain import plain
from tui.safe_text import safe_text

# Ctrl+P opens it: the app's binding with the id "palette" (tui/app.py).
PLACEHOLDER = "A move, a command or a screen…"

# A table's own commands the palette offers, in this order, by the footer's name for them:
# the hint (where there is one), the views (log, table detail, card or term detail, piles),
# taking a move back, the seats,
# the end, and the way out. Keys that make a move are not here: the moves are offered by name.
TABLE_COMMANDS = (
    "hint", "undo", "log", "details", "info", "piles", "deck", "legend", "results", "lexicon", "coin",
    "campaign", "next_seat", "seat_to_bot", "show_end", "new_game", "back",
)  # fmt: skip


class Entry(NamedTuple):
    """One line of the palette: its words (plain text, a player's name within it shown as
    typed), what choosing it does, and the key that does the same, if any."""

    label: str
    run: Callable[[], object]
    key: str = ""


# ----- what the palette offers --------------------------------------------------------------


def entries(screen: Screen[Any]) -> list[Entry]:
    """Everything the palette offers over `screen`, in its order."""
    return [*move_entries(screen), *command_entries(screen), *screen_entries(screen), *help_entry(screen)]


def move_entries(screen: Screen[Any]) -> list[Entry]:
    """Every legal move of the seat at this keyboard, named as its table names it; none for
    someone watching, a seat not to move, a replay or a finished game."""
    if not isinstance(screen, GameScreen) or screen.read_only or screen.watching:
        return []
    if screen.session.state is None or screen.over:
        return []
    view = screen.state  # the seat's view: a move is named with what this seat may know
    keys = screen.listed_keys()
    return [
        Entry(screen.game.describe(action, view), _player(screen, action), next((k for a, k in keys if a == action), ""))
        for action in screen.legal()
    ]  # fmt: skip


def _player(screen: GameScreen, action: Any) -> Callable[[], None]:
    seat = screen.seat

    def play() -> None:
        if not screen.is_current:
            return
        if screen.seat != seat:  # the keyboard passed to another person while the palette was open
            screen.notify("That move was offered to another seat: Ctrl+P again for yours.", severity="warning")
            return
        screen.play(action)  # the way its key goes: asked first if it wastes something

    return play


def command_entries(screen: Screen[Any]) -> list[Entry]:
    """The table's commands live now, named as the footer names them, with their keys."""
    found: list[Entry] = []
    if isinstance(screen, GameScreen):
        keys: dict[str, list[Binding]] = {}
        for binding in _bindings(screen):
            if binding.action in TABLE_COMMANDS:
                keys.setdefault(binding.action, []).append(binding)
        for action in TABLE_COMMANDS:
            bindings = keys.get(action)
            if not bindings or screen.check_action(action, ()) is not True:
                continue
            label = bindings[0].description or action.replace("_", " ").capitalize()
            hint = screen.key_hint(action)
            if hint is not None:
                label, live = hint
                if not live:
                    continue  # nothing to take back now: not offered
            found.append(Entry(label, _runner(screen, action), _keys(screen, bindings)))
    return found


def help_entry(screen: Screen[Any]) -> list[Entry]:
    """Help for the screen shown, on every screen."""
    bindings = [b for b in _bindings(screen.app) if b.action == "help"]
    return [Entry("Help", _runner(screen, "app.help"), _keys(screen, bindings))] if bindings else []


def _bindings(node: Any) -> Iterable[Binding]:
    for bindings in node._bindings.key_to_bindings.values():
        yield from bindings


def _keys(screen: Screen[Any], bindings: list[Binding]) -> str:
    shown: list[str] = []
    for binding in bindings:
        key = screen.app.get_key_display(binding)
        if key not in shown:
            shown.append(key)
    return ", ".join(shown)


def _runner(screen: Screen[Any], action: str) -> Callable[[], Any]:
    async def run() -> None:
        if screen.is_current:
            await screen.run_action(action)

    return run


def screen_entries(screen: Screen[Any]) -> list[Entry]:
    """Every screen the home menu leads to, and each game's rules. Those that start or open a
    game go back to the home screen first (a table is left the way `q` leaves it: saved);
    the rules and the settings open over the screen shown, and close back to it."""
    from tui.screens.home import HomeScreen
    from tui.screens.rules import RulesScreen
    from tui.screens.saves import SavesScreen
    from tui.screens.settings import SettingsScreen

    app = screen.app
    home = isinstance(screen, HomeScreen)
    found: list[Entry] = []
    if not home:
        found.append(Entry("Home", lambda: go_home(app)))
    for number, entry in enumerate(CATALOGUE, start=1):
        if playable(entry.id):
            game = GAMES[entry.id]
            found.append(Entry(f"New {entry.title}", _from_home(app, lambda g=game: new_game_screen(g)), str(number) if home else ""))
    open_here = {getattr(getattr(s, "session", None), "save_id", None) for s in app.screen_stack}
    for save in app.saved_games():
        if save.damaged or save.finished or save.save_id in open_here or not playable(save.game_id):
            continue
        found.append(Entry(f"Continue: {save.label}", lambda sid=save.save_id: go_home(app, lambda: app.resume(sid))))
    found.append(Entry("Saved games", _from_home(app, SavesScreen), "s" if home else ""))
    for extra in HOME_ENTRIES:
        found.append(Entry(extra.label, _from_home(app, lambda e=extra: open_home_entry(e)), extra.key if home else ""))
    for entry in CATALOGUE:
        if not isinstance(screen, RulesScreen):
            found.append(Entry(f"Rules: {entry.title}", _over(app, lambda i=entry.id: RulesScreen(i))))
    if not isinstance(screen, SettingsScreen):
        found.append(Entry("Settings", _over(app, SettingsScreen), "t" if home else ""))
    found.append(Entry("Quit", lambda: app.leave(app.end), app.get_key_display(Binding("ctrl+q", "quit"))))
    return found


def _over(app: Any, make: Callable[[], Screen[Any]]) -> Callable[[], None]:
    return lambda: app.push_screen(make())


def _from_home(app: Any, make: Callable[[], Screen[Any]]) -> Callable[[], None]:
    return lambda: go_home(app, lambda: app.push_screen(make()))


def go_home(app: Any, then: Callable[[], object] | None = None) -> None:
    """Back to the home screen, the way `q` leaves a table (once its moves are on disk), then
    `then`."""
    from tui.screens.home import HomeScreen

    def back() -> None:
        while len(app.screen_stack) > 1 and not isinstance(app.screen, HomeScreen):
            app.pop_screen()
        if not isinstance(app.screen, HomeScreen):
            app.push_screen(HomeScreen())
        if then is not None:
            then()

    app.leave(back)


# ----- the palette -----------------------------------------------------------------------


def line(entry: Entry, offsets: Iterable[int] = (), match_style: Any = None) -> Content:
    """A palette line: the entry's words as plain text, the letters the search matched
    underlined, and its key, dim, after it."""
    content = plain(entry.label)
    if match_style is not None:
        for offset in offsets:
            if offset < len(content.plain) and not content.plain[offset].isspace():
                content = content.stylize(match_style, offset, offset + 1)
    if entry.key:
        content = Content.assemble(content, ("  " + entry.key, "dim"))
    return content


class Commands(Provider):
    """The palette's one source: `entries` of the screen it was opened over."""

    found: list[Entry] = []

    async def startup(self) -> None:
        self.found = entries(self.screen)

    async def discover(self) -> Hits:
        for entry in self.found:
            yield DiscoveryHit(line(entry), entry.run, text=safe_text(entry.label))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in self.found:
            words = safe_text(entry.label)
            score, offsets = matcher.fuzzy_search.match(matcher.query, words)
            if score > 0:
                yield Hit(score, line(entry, offsets, matcher.match_style), entry.run, text=words)


class Palette(CommandPalette):
    """Textual's palette, whose full list (nothing typed yet) starts with no line highlighted:
    Ctrl+P then Enter only highlights the first line, and never makes its move unseen. Once
    something is typed, Enter takes the best match, as in any palette."""

    def _refresh_command_list(self, command_list: CommandList, commands: list[Any], clear_current: bool) -> None:
        super()._refresh_command_list(command_list, commands, clear_current)
        if not self.query_one(CommandInput).value:
            command_list.highlighted = None


def why_not_here(screen: Screen[Any]) -> str | None:
    """Why the palette does not open over this screen ("" to say nothing); None if it does."""
    from tui.screens.display_name import DisplayNameScreen
    from tui.screens.privacy import PrivacyScreen
    from tui.screens.too_small import TooSmallScreen

    if isinstance(screen, CommandPalette) or isinstance(screen, TooSmallScreen):
        return ""
    if isinstance(screen, PrivacyScreen):
        return "The table is covered: Enter shows your seat, then Ctrl+P offers its moves."
    if isinstance(screen, DisplayNameScreen):
        return "Choose the name others see first, then Ctrl+P opens the commands."
    if isinstance(screen, ModalScreen):
        return "Answer or close this first, then Ctrl+P opens the commands."
    return None


def open_palette(app: Any) -> None:
    """Ctrl+P: the palette over the screen shown, or why not over this one."""
    why = why_not_here(app.screen)
    if why is None:
        app.push_screen(Palette(providers=[Commands], placeholder=PLACEHOLDER, id="--command-palette"))
    elif why:
        app.notify(why, severity="warning")
