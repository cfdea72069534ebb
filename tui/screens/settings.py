"""Settings: theme (previewed as you move), preferences and the name others see, remembered
across runs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Checkbox
from textual.widgets.option_list import Option

from themes.palettes import THEMES
from tui.widgets.checkbox import MarkedCheckbox
from tui.widgets.keybar import KeyBar
from tui.widgets.text import OptionList, Static, Vertical

THEME_NAMES = {
    "tabletop-dark": "Dark (default)",
    "tabletop-light": "Light",
    "tabletop-contrast": "High contrast",
    "tabletop-ansi": "16 colours (terminal palette)",
}


class SettingsScreen(Screen[None]):
    DEFAULT_CSS = """
    SettingsScreen #themes { height: auto; }
    SettingsScreen > Vertical { height: auto; }
    SettingsScreen #hint-time { padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("n", "name", "Change your name"),
        Binding("k", "keys", "Your keys"),
        Binding("h", "hint_time", "Hint time"),
    ]
    HELP = """
# Settings

- Move through the themes with the arrows: each is shown at once and remembered.
- `Tab` reaches **Show odds**; `Space` toggles whether game screens show the chance of
  winning before a roll; below it, **Show the legend** toggles the key to each table's
  codes (also `G` at any table).
- `n` changes the name other players see at shared tables.
- `k` lists the keys every table shares and lets you give any of them another key.
- `h` changes how long a hint (`H` at any table) thinks: about 0.3, 1, 3 or 10 seconds of
  CPU. Longer finds better moves; Disruption plays its runs out at once.
"""

    def compose(self) -> ComposeResult:
        yield Static("Settings", classes="title")
        with Vertical(classes="panel") as box:
            box.border_title = "Theme"
            yield OptionList(*self.theme_options(), id="themes")
        with Vertical(classes="panel") as box:
            box.border_title = "Play"
            yield MarkedCheckbox("Show odds before rolls", self.app.settings.show_odds, id="show-odds")
            yield MarkedCheckbox("Show the legend of codes at the tables", self.app.settings.legend, id="legend")
            yield Static(self.hint_line(), id="hint-time")
        with Vertical(classes="panel") as box:
            box.border_title = "Your name"
            yield Static(self.name_line(), id="your-name")
        with Vertical(classes="panel") as box:
            box.border_title = "Keys"
            yield Static(self.keys_line(), id="your-keys")
        yield KeyBar()

    def hint_line(self) -> str:
        from tui.coach import budget_of, seconds

        return f"A hint thinks for about {seconds(budget_of(self.app.settings.hint_budget))} s of CPU (h changes it)"

    def action_hint_time(self) -> None:
        from tui.coach import budget_of, next_budget

        self.app.update_settings(hint_budget=next_budget(budget_of(self.app.settings.hint_budget)))
        self.query_one("#hint-time", Static).update(self.hint_line())

    def keys_line(self) -> str:
        from tui.grammar import check_keymap

        mine = len(check_keymap(self.app.settings.keys)[0])
        return f"{mine} of the tables' keys are yours (k changes them)" if mine else "The usual keys (k changes them)"

    def action_keys(self) -> None:
        from tui.screens.keys import KeysScreen

        self.app.push_screen(KeysScreen(), lambda _: self.query_one("#your-keys", Static).update(self.keys_line()))

    def name_line(self) -> str:
        name = self.app.settings.display_name
        return f"Others see you as {name} (n changes it)" if name else "No name chosen yet (n chooses one)"

    def action_name(self) -> None:
        from tui.screens.display_name import DisplayNameScreen

        def changed(name: str | None) -> None:
            if name is not None:
                self.query_one("#your-name", Static).update(self.name_line())
                self.app.notify(f"Other players now see you as {name}.")

        self.app.push_screen(DisplayNameScreen(self.app.settings.display_name), changed)

    def theme_options(self) -> list[Option]:
        mark = {name: "● " if name == self.app.theme else "  " for name in THEMES}
        return [Option(mark[name] + THEME_NAMES.get(name, name), id=name) for name in THEMES]

    def on_mount(self) -> None:
        themes = self.query_one("#themes", OptionList)
        themes.highlighted = list(THEMES).index(self.app.theme) if self.app.theme in THEMES else 0
        themes.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.app.theme:
            self.app.set_theme(event.option.id)
            themes = self.query_one("#themes", OptionList)
            for option in self.theme_options():
                themes.replace_option_prompt(option.id, option.prompt)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "legend":
            self.app.update_settings(legend=event.value)
        else:
            self.app.update_settings(show_odds=event.value)

    def action_back(self) -> None:
        self.app.pop_screen()
