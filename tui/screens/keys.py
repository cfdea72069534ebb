"""Your keys: the shared keys of every table (tui/grammar.py), each given another key if you
like, kept in the settings file. Keyboard only: Enter on a key, then the new key; Esc cancels."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from tui.cut import cut
from tui.grammar import BY_ID, FIXED, KEYS, check_keymap, current, shown
from tui.widgets.keybar import KeyBar
from tui.widgets.text import OptionList, Static

CHANGEABLE = [k for k in KEYS if k.id not in FIXED]


class KeysScreen(Screen[None]):
    DEFAULT_CSS = """
    KeysScreen #keys { height: 1fr; }
    KeysScreen #asking { height: 1; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("delete,backspace", "usual", "Usual key"),
    ]
    HELP = """
# Your keys

The keys every table shares, each with what it does (`●` marks one you moved). `Enter` on
one, then press the key it should have (`Esc` cancels); `Delete` gives it its usual key
again. Two keys may swap letters. A key cannot take a lower-case letter of a game's moves, a
digit, Enter, the arrows, `j`/`k`, or a game's own view (`R`, `W`, `C`), and only a view takes
a capital. `?` and `Esc` never move. Your keys are kept in the settings file; footers, lists
and help show them.
"""

    waiting: str | None = None  # the id of the key whose new key is awaited

    def compose(self) -> ComposeResult:
        yield Static("Your keys", classes="title")
        yield OptionList(*self.options(), id="keys")
        yield Static("Enter changes the highlighted key · Delete its usual key · Esc back", id="asking")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#keys", OptionList).focus()

    def options(self) -> list[Option]:
        keymap = check_keymap(self.app.settings.keys)[0]
        rows = []
        for k in CHANGEABLE:
            key = shown(current(keymap, k.id))
            mine = "●" if k.id in keymap else " "  # a key of your own
            rows.append(Option(cut(f"{mine} {key:<8} {k.label:<10} {k.says}", 76), id=k.id))
        return rows

    def refill(self) -> None:
        listing = self.query_one("#keys", OptionList)
        at = listing.highlighted
        listing.clear_options()
        listing.add_options(self.options())
        listing.highlighted = at

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.waiting = event.option.id
        label = BY_ID[self.waiting].label
        self.query_one("#asking", Static).update(f"Press the new key for {label} (Esc cancels)")

    async def on_key(self, event: events.Key) -> None:
        if self.waiting is None:
            return
        event.stop()
        event.prevent_default()
        key_id, self.waiting = self.waiting, None
        if event.key != "escape":
            self.change(key_id, event.key)
        self.query_one("#asking", Static).update("Enter changes the highlighted key · Delete its usual key · Esc back")

    def change(self, key_id: str, key: str) -> None:
        """Give `key_id` the key `key` if the grammar lets it; else say why, changing nothing."""
        wishes = dict(self.app.settings.keys) if isinstance(self.app.settings.keys, dict) else {}
        wishes[key_id] = key
        _keymap, problems = check_keymap(wishes)
        mine = [p for p in problems if p.startswith(f"keys: {key_id} ")]
        if mine:
            self.notify(mine[0].removeprefix("keys: ").replace(" (kept in the file, unused)", "") + ".", severity="warning")
            return
        if key == BY_ID[key_id].key:
            wishes.pop(key_id)
        self.app.update_settings(keys=wishes)
        for problem in self.app.apply_keys():  # a wish of before that this one displaced
            self.notify(problem.removeprefix("keys: "), severity="warning")
        self.refill()
        self.notify(f"{BY_ID[key_id].label} is now on {shown(key)}.")

    def action_usual(self) -> None:
        listing = self.query_one("#keys", OptionList)
        if listing.highlighted is None:
            return
        key_id = CHANGEABLE[listing.highlighted].id
        self.change(key_id, BY_ID[key_id].key)

    def action_back(self) -> None:
        self.dismiss()
