"""The first screen: the four games, Continue, Saved games, Rules, Settings, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen

from engine.registry import CATALOGUE, GAMES
from tui.games import HOME_ENTRIES, open_home_entry, playable
from saves.store import SaveEntry
from tui.cut import first_fitting
from tui.plain import plain, short_time
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Center, Horizontal, Static, Vertical

if TYPE_CHECKING:
    from saves.tables import TableEntry


class HomeMenu(ChoiceList):
    """The menu: a light list (start-up draws it first), whose cursor passes over the gap
    between the games and the rest, and over what cannot be picked now."""

    def action_move(self, step: int) -> None:
        places = len(self.choices)
        for distance in range(1, places + 1):
            index = (self.cursor + step * distance) % places
            if self.choices[index].enabled:
                self.cursor = index
                return


class HomeScreen(Screen[None]):
    # The home screen's layout is in the app's stylesheet (themes/tabletop.tcss): a screen's own
    # CSS is parsed when it is first shown, with every other rule again, which start-up pays.
    WIDE = 120  # from this width on the menu says more
    BINDINGS = [
        Binding("1", "pick('game:disciple')", "Disciple", show=False),
        Binding("2", "pick('game:druid-path')", "Druid Path", show=False),
        Binding("3", "pick('game:disruption')", "Disruption", show=False),
        Binding("4", "pick('game:decknforge')", "DecknForge", show=False),
        Binding("c", "pick('continue')", "Continue"),
        Binding("s", "pick('saves')", "Saved games"),
        Binding("r", "pick('rules')", "Rules"),
        *(Binding(e.key, f"pick('extra:{e.key}')", e.label, show=False) for e in HOME_ENTRIES),
        Binding("t", "pick('settings')", "Settings"),
        Binding("q", "pick('quit')", "Quit"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]
    HELP = (
        "# Home\n\nPick a game with `1`-`4` (or the arrows and `Enter`) to start a new one.\n\n"
        "- `c` continues the game you played last, or your shared tables\n"
        "- `s` lists every saved game: resume, rename or delete them\n"
        "- `r` reads the rules of a game, `t` opens the settings (the theme, your keys)\n"
        # every other entry of the menu, from the menu itself, so none is left out
        + "".join(f"- `{e.key}` {e.label}\n" for e in HOME_ENTRIES)
        + "- `q` quits: every game is already saved\n"
    )

    def compose(self) -> ComposeResult:
        yield Static("tabletop-tui  ·  tabletop games in your terminal", classes="title")
        with Center(id="middle"), Horizontal(id="home"):  # a wide terminal: in the middle
            with Vertical(id="menu-box", classes="panel") as box:
                box.border_title = "Play"
                yield HomeMenu(id="menu")
            with Vertical(id="side"):
                about = Static(id="about", classes="panel")
                about.border_title = "About"
                yield about
                recent = Static(id="recent", classes="panel")
                recent.border_title = "Recent games"
                yield recent
        yield KeyBar()

    entries: list[SaveEntry] = []
    tables: list[TableEntry] = []  # shared tables this player sits at, still being played
    ids: list[str] = []  # what each line of the menu picks ("" for the gap)
    _menu_size: Size | None = None  # the terminal's size the menu was last fitted to

    def on_mount(self) -> None:
        menu = self.query_one("#menu", HomeMenu)
        self.watch(menu, "cursor", self._highlighted, init=False)
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        if event.size == self._menu_size:  # the size the menu was made for (the first resize at start)
            return
        self._fit(event.size.width, event.size.height)
        self.refresh_menu()  # the Continue line and the recent games fit the new size

    def _fit(self, width: int, height: int) -> bool:
        """The wide class for the terminal's size; whether it changed."""
        before = self.has_class("wide")
        self.set_class(width >= self.WIDE, "wide")
        return self.has_class("wide") != before

    def on_screen_resume(self) -> None:  # also the first time the screen is shown
        self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#menu", HomeMenu)
        self._menu_size = self.app.size
        self.entries = self.app.saved_games()
        latest = self.latest()
        self.tables = [] if latest else self.app.seated_tables()  # looked for only when needed
        lines: list[tuple[str, Choice]] = []
        for number, entry in enumerate(CATALOGUE, start=1):
            if playable(entry.id):
                lines.append((f"game:{entry.id}", Choice(f"New {entry.title}", key=str(number))))
            else:
                lines.append((f"game:{entry.id}", Choice(f"{entry.title} (coming soon)", key=str(number), enabled=False)))
        lines.append(("", Choice("", enabled=False)))
        lines += [
            ("continue", Choice(self.continue_text(latest), key="c", enabled=bool(latest or self.tables))),
            ("saves", Choice("Saved games", key="s")),
            ("rules", Choice("Rules", key="r")),
            *((f"extra:{e.key}", Choice(e.label, key=e.key)) for e in HOME_ENTRIES),
            ("settings", Choice("Settings", key="t")),
            ("quit", Choice("Quit", key="q")),
        ]
        first_playable = next(i for i, e in enumerate(CATALOGUE) if playable(e.id))
        cursor = menu.cursor if self.ids else first_playable
        self.ids = [line_id for line_id, _ in lines]
        menu.styles.height = len(lines)
        menu.show([choice for _, choice in lines], cursor)
        self._highlighted(menu.cursor)
        self.query_one("#recent", Static).update(self.recent_text())
        menu.focus()

    def continue_text(self, latest: SaveEntry | None) -> str:
        """Continue's line, fitted to the menu: the save's label if it fits; a label the app
        gave (the game's title and a time) gives way to the game's title, one the player gave is
        cut with "…" (the About panel names the save in full)."""
        if latest is None:
            return self.tables_text() or "Continue (no saved game)"
        room = (52 if self.has_class("wide") else 40) - 8  # the panel's edges, "▸ c "
        title = next((e.title for e in CATALOGUE if e.id == latest.game_id), "")
        label = plain(latest.label).plain
        given = bool(title) and label.startswith(title)
        return first_fitting([f"Continue: {label}", *([f"Continue: {title}"] if given else []), f"Continue: {label}"], room)

    def recent_text(self) -> Content:
        """The latest saved games, newest first, as many as fit: each by its label, then
        where it stands."""
        room = max((self.app.size.height - 14) // 2, 1)  # below the title, the About panel and the keys
        entries = [entry for entry in self.entries if not entry.damaged][:room]
        if not entries:
            return Content("No saved game yet.")
        lines = []
        for entry in entries:
            done = " (finished)" if entry.finished else ""
            lines.append(Content.assemble((plain(entry.label).plain, "bold"), done))
            lines.append(Content.assemble("  ", plain(entry.summary)))
        return Content("\n").join(lines)

    def latest(self) -> SaveEntry | None:
        return next((entry for entry in self.entries if not entry.damaged), None)

    def tables_text(self) -> str:
        """Continue's words when only shared tables are left to continue."""
        if len(self.tables) == 1:
            return f"Continue: table {self.tables[0].code}"
        return f"Continue: {len(self.tables)} shared tables" if self.tables else ""

    def tables_about(self) -> Content:
        count = len(self.tables)
        return Content(f"You sit at {count} shared table{'s' if count != 1 else ''}: " + ", ".join(t.code for t in self.tables))

    def _highlighted(self, index: int) -> None:
        self.query_one("#about", Static).update(self.describe(self.ids[index] if index < len(self.ids) else ""))

    def describe(self, option_id: str) -> str | Content:
        if option_id.startswith("game:"):
            game_id = option_id.removeprefix("game:")
            entry = next(e for e in CATALOGUE if e.id == game_id)
            status = "Ready to play." if playable(game_id) else "Not playable yet: coming soon."
            saves = [s for s in self.entries if s.game_id == game_id]
            return Content.assemble((entry.title, "bold"), f"\n{entry.blurb}.\n\n{status}\nSaved games: {len(saves)}")
        latest = self.latest()
        texts: dict[str, str | Content] = {
            "continue": (
                Content.assemble(
                    (plain(latest.label).plain, "bold"),
                    "\n", plain(latest.summary), f"\nLast played {short_time(latest.updated)} UTC",
                )
                if latest
                else self.tables_about()
                if self.tables
                else "No saved game yet."
            ),
            "saves": "Every saved game, newest first.\nResume, rename or delete.",
            "rules": "How to play each game.",
            "settings": "Theme, preferences, and the name others see.",
            "quit": "Leave. Every game is already saved.",
        }
        texts.update({f"extra:{e.key}": e.about for e in HOME_ENTRIES})
        return texts.get(option_id, "")

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.action_pick(self.ids[event.index])

    def action_cursor(self, step: int) -> None:
        self.query_one("#menu", HomeMenu).action_move(step)

    def action_pick(self, choice: str) -> None:
        from tui.games import new_game_screen
        from tui.screens.rules import RulesScreen
        from tui.screens.saves import SavesScreen
        from tui.screens.settings import SettingsScreen

        if choice.startswith("game:"):
            game_id = choice.removeprefix("game:")
            if playable(game_id):
                self.app.push_screen(new_game_screen(GAMES[game_id]))
            else:
                self.notify("That game is not playable yet.", severity="warning")
        elif choice == "continue":
            latest = next((e for e in self.app.saved_games() if not e.damaged and not e.finished), None)
            if latest is None and self.app.saves_problem and not self.tables:
                self.refresh_menu()  # the list is empty now: Continue is off, the reason said
            elif latest is not None:
                self.app.resume(latest.save_id)
            elif len(self.tables) == 1:
                self.app.join_table(self.tables[0].code)  # back at one's seat
            elif self.tables:
                from tui.tables.screens import TablesScreen

                self.app.push_screen(TablesScreen())
            else:
                self.notify("There is no saved game to continue.")
        elif choice.startswith("extra:"):
            entry = next(e for e in HOME_ENTRIES if f"extra:{e.key}" == choice)
            self.app.push_screen(open_home_entry(entry))
        elif choice == "saves":
            self.app.push_screen(SavesScreen())
        elif choice == "rules":
            self.app.push_screen(RulesScreen())
        elif choice == "settings":
            self.app.push_screen(SettingsScreen())
        elif choice == "quit":
            self.app.leave(self.app.end)
