"""The table grammar: every key the four tables (and the app) share, named once.

Each shared key has a binding id (Textual's `Binding.id`), so a player can give it another key
in Settings (the app's keymap, kept in the settings file) and every table follows. The rules a
table keeps to, checked over all four by tests/tui/test_grammar.py:

- A key does the same kind of thing in every game. The kinds: VIEW (only shows something:
  nothing changes, and someone watching keeps it), TABLE (the table's own life: undo, the way
  out, the next seat, a new game) and MOVE (a move of the game).
- The viewing keys are the same at every table and never a move in any game: `?` help, `L`
  the whole log, `D` the whole table, `i` the highlighted card, choice or term in full, `v`
  your piles (deck, discard, what is left to draw), `o` the outcome. A capital letter only
  ever looks (a game's own views are capitals too: DecknForge's Lexicon `W` and Results `R`,
  Druid Path's campaign road `C`); lower-case letters are a game's own moves.
- Digits name things, never the list's order: a card of the hand (it keeps its digit while it
  stays, tui/hand_digits.py), a lane, an Adventurer's slot, an option of a decision. One rule
  for a key that names moves, a letter (a kind of move) or a digit (a card or a place) alike
  (`press`): when it names one move it makes it at once; when it names several, the first
  press highlights the first of them, each press after that the next, and `Enter` makes the
  highlighted one. A key never makes a move for anything but what it names, and a move that
  wastes something (ending a turn with moves left, discarding a placed beastborg) asks first,
  whichever key made it (GameScreen.waste).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from textual.binding import Binding

VIEW, TABLE, MOVE = "view", "table", "move"
DIGITS = "1234567890"  # 1 the first card or place, 0 the tenth


class Key(NamedTuple):
    id: str  # the binding id: what the settings file remaps
    key: str  # the key (Textual's name for it)
    action: str  # the action it runs at a table ("" where each game names its own)
    label: str  # the footer's word for it
    kind: str  # VIEW, TABLE or MOVE
    says: str  # what it does, for the README's table and the help
    show: bool = True  # offered in the footer (where it works now)


# The shared keys, in the order the footer and the README list them. `legend`, `hint` and
# `palette` are reserved for features that plug in here: a table offers a key only where it
# has the action (GameScreen.check_action), so a reserved key is never a dead one.
KEYS: tuple[Key, ...] = (
    Key("end_turn", "e", "", "End turn", MOVE, "end your turn (or phase); with moves left it asks first"),
    Key("undo", "u", "undo", "Undo", TABLE, "take back your last move, where nothing hidden was seen since"),
    Key("new_game", "n", "new_game", "New game", TABLE, "a new game with the same options, once this one is over"),
    Key("outcome", "o", "show_end", "Outcome", VIEW, "the result, score and turning points, once it is over"),
    Key("next_seat", "tab", "next_seat", "Next seat", TABLE, "the next player at this keyboard who may act"),
    Key("bot_seat", "b", "seat_to_bot", "Bot seat", TABLE, "a shared table: hand a long-away player's seat to the bot, or take yours back"),
    Key("detail", "i", "info", "Info", VIEW, "the highlighted card, choice or term in full"),
    Key("piles", "v", "piles", "Piles", VIEW, "your piles: deck, discard, what is left to draw"),
    Key("table", "D", "details", "Table", VIEW, "the whole table in words, every face-up pile"),
    Key("log", "L", "log", "Log", VIEW, "the whole log, oldest first"),
    Key("legend", "G", "legend", "Legend", VIEW, "turn the legend of the table's codes on or off", show=False),
    Key("hint", "H", "hint", "Hint", VIEW, "a hint for the move at hand", show=False),
    Key("menu", "q", "back", "Menu", TABLE, "back to the menu (the game is saved after every move)"),
    Key("back", "escape", "escape", "Back", TABLE, "back out of a half-made choice, else to the menu", show=False),
    Key("help", "question_mark", "help", "Help", VIEW, "help for this screen: every key it has"),
    Key("palette", "ctrl+p", "command_palette", "Commands", VIEW, "every screen and every legal move, by name", show=False),
)
BY_ID: dict[str, Key] = {k.id: k for k in KEYS}
# Keys a player cannot move: the way back and help are how anyone finds their way at all.
FIXED = frozenset({"back", "help"})
# Keys no shared key may take: choosing, moving in a list, digits, quitting.
RESERVED_KEYS = frozenset({"enter", "up", "down", "left", "right", "j", "k", "home", "end", "ctrl+q", "shift+tab", "space", *DIGITS})
VIEW_ACTIONS = frozenset(k.action for k in KEYS if k.kind == VIEW)
# The games' own views, on capitals like every view (tests/tui/test_grammar.py holds the
# tables to this list): key -> (game, what it shows).
OWN_VIEWS = {
    "R": ("decknforge", "Results: what the decks gained (once it is over)"),
    "W": ("decknforge", "the Lexicon of Qi Words"),
    "C": ("druid-path", "the campaign's road (in a campaign)"),
}
APP_IDS = frozenset({"help", "palette"})  # bound by the app, not by each table


def binding(
    key_id: str, action: str = "", label: str = "", show: bool | None = None, priority: bool = False
) -> Binding:
    """The binding of a shared key; a table gives the action of a key each game names itself
    (`end_turn`), and may say it in its own word ("End phase")."""
    k = BY_ID[key_id]
    shown = k.show if show is None else show
    return Binding(k.key, action or k.action, label or k.label, show=shown, priority=priority, id=k.id)


def table_bindings(taken: Iterable[str] = ()) -> list[Binding]:
    """The shared keys every table has, after a table's own (those whose ids it binds itself,
    `taken`, it keeps): all but those the app binds and those each game names (end_turn)."""
    skip = set(taken) | APP_IDS
    return [binding(k.id) for k in KEYS if k.action and k.id not in skip]


def press(key: str, matches: Sequence[int], take: Callable[[int], None], highlight: Callable[[str, Sequence[int]], None]) -> None:
    """The one rule for a key that names moves (`matches`: their rows in the list): one move,
    made at once (`take`); several, highlighted in turn (`highlight`, ChoiceList.jump)."""
    if len(matches) == 1:
        take(matches[0])
    elif matches:
        highlight(key, matches)


# ----- the player's own keys (Settings) -------------------------------------------------------


def moved_to(keymap: Mapping[str, str], key: str) -> str | None:
    """The key a player gave the shared key whose usual key is `key`; None if not moved."""
    owner = next((k for k in KEYS if k.key == key), None)
    return keymap.get(owner.id) if owner is not None else None



def shown(key: str) -> str:
    """A key as a player reads it: `L` as Shift+L, `question_mark` as ?."""
    names = {"question_mark": "?", "escape": "Esc", "tab": "Tab", "enter": "Enter", "space": "Space"}
    if key in names:
        return names[key]
    if len(key) == 1 and key.isupper():
        return f"Shift+{key.lower()}"
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper() if len(key) == 6 else "Ctrl+" + key[5:]
    return key


def current(keymap: Mapping[str, str], key_id: str) -> str:
    """The key a shared key has now: the player's own, else the grammar's."""
    return keymap.get(key_id) or BY_ID[key_id].key


def free_for_a_player(key: str) -> bool:
    """Whether a player may give a shared key this key: not one a list or a digit needs, nor a
    game's own view, nor a lower-case letter no shared key has (lower case is the games'
    moves); a capital, a Ctrl or function key, or another shared key's letter (to swap)."""
    if key in RESERVED_KEYS or key in OWN_VIEWS:
        return False
    if len(key) == 1 and key.islower():
        return any(k.key == key for k in KEYS)
    return True


def check_keymap(wanted: Any) -> tuple[dict[str, str], list[str]]:
    """The keymap to apply from the player's wishes (binding id -> key), and a sentence for
    each wish left out: an id the grammar does not have, a key that is fixed, not one key, or a
    key that another shared key, a list or a game's move has already. Two wishes may swap two
    keys. A wish left out stays in the settings file as written, so nothing is lost; its key
    keeps its usual meaning meanwhile."""
    problems: list[str] = []
    wishes: dict[str, str] = {}
    if not isinstance(wanted, Mapping):
        return wishes, [f"keys: {wanted!r} is not a list of id = key (kept in the file, unused)"]
    for key_id, key in wanted.items():
        if key_id not in BY_ID:
            problems.append(f"keys: there is no key called {key_id!r} (kept in the file, unused)")
        elif key_id in FIXED:
            problems.append(f"keys: {key_id} always stays on {shown(BY_ID[key_id].key)} (kept in the file, unused)")
        elif not isinstance(key, str) or not key.strip() or "," in key or " " in key.strip():
            problems.append(f"keys: {key_id} = {key!r} is not one key (kept in the file, unused)")
        elif BY_ID[key_id].kind != VIEW and len(key.strip()) == 1 and key.strip().isupper():
            problems.append(f"keys: {key_id} cannot take {shown(key.strip())}: a capital letter only looks (kept in the file, unused)")
        elif not free_for_a_player(key.strip()):
            problems.append(
                f"keys: {key_id} cannot take {shown(key.strip())}: it belongs to the games' moves,"
                " their own views or the lists (kept in the file, unused)"
            )
        elif key.strip() != BY_ID[key_id].key:
            wishes[key_id] = key.strip()
    while True:  # leave out the last wish that clashes, until none does
        holder: dict[str, str] = {}
        clash = None
        for k in KEYS:
            key = wishes.get(k.id, k.key)
            if key in holder:
                clash = (k.id, holder[key]) if k.id in wishes else (holder[key], k.id)
            holder.setdefault(key, k.id)
        if clash is None:
            return wishes, problems
        loser, winner = clash
        problems.append(f"keys: {loser} cannot take {shown(wishes[loser])}: {winner} has it (kept in the file, unused)")
        del wishes[loser]
