"""The DecknForge table: the band's slots, the hand, the dungeon and its clock, the attack, the log."""

from __future__ import annotations

from typing import Any

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from engine.core.game import bot_level
from engine.decknforge.ending import scar_step
from engine.decknforge.model import LABEL, DrawAdventurer, DrawEquipment, EndTurn, Equip, State
from engine.decknforge.moderation import recheck, table_words
from engine.decknforge.rules import DecknForgeGame
from saves.session import GameSession
from tui.game_screen import GameScreen
from tui.grammar import binding, press
from tui.decknforge.setup import TableAgain
from tui.decknforge.storage import word_store
from tui.decknforge import choosing
from tui.decknforge.table import (
    DIGITS,
    LEGEND,
    attack_key,
    attack_story,
    attack_text,
    details_text,
    band_text,
    dungeon_text,
    hand_faces,
    hint_text,
    info_text,
    status_text,
    strength_sum,
)
from tui.plain import plain
from tui.screens.viewer import Pause, Viewer, log_viewer
from tui.widgets.cards import CardRow
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.legend import legend_panel
from tui.widgets.lines import Lines
from tui.widgets.log import GameLog
from tui.widgets.panel import Panel, panel
from tui.widgets.text import Horizontal, Static, Vertical

ACTION_KEYS = choosing.ACTION_KEYS

# Commands the Choices list offers besides the rules' actions.
COMMANDS = {
    "results": Choice("What the decks gained", key="R"),
    "menu": Choice("Back to the menu", key="q"),
    "coin": Choice("Coin a new word…", key="c"),
}


class DecknForgeScreen(GameScreen):
    CSS_PATH = "decknforge.tcss"
    BINDINGS = [
        Binding("d", "play_key('d')", "Draw"),
        Binding("a", "play_key('a')", "Draw Adv."),
        binding("end_turn", "play_key('e')"),
        *(Binding(d, f"card({i})", show=False) for i, d in enumerate(DIGITS)),
        Binding("c", "coin", "Coin word"),
        # this game's own views: capitals, as every view but the shared i and v (tui/grammar.py)
        Binding("R", "results", "Results"),
        Binding("W", "lexicon", "Lexicon"),
    ]  # then the keys every table shares (tui/grammar.py): i v D L, u q n o ...
    HELP = """
# DecknForge

The band shares one dungeon. Beat its **Strength** with the value of the Equipment hung on
your Adventurers, after an attack, before the **Monster pile** (the clock) runs out.

- Everyone plays the same turn, 3 actions each, in any order. The screen shows one seat:
  its hand and its moves. `Tab` hands the keyboard to the next player still acting; when
  a player's actions run out the next one's seat comes up by itself. In the band, `▸`
  marks the seat shown, `•` a player still acting, `✓` one who has finished.
- The **Choices** list holds every move of the seat shown. Arrows or `j`/`k` move,
  `Enter` plays it. `d` draws Equipment, `a` draws an Adventurer (with a full hand you
  first pick the card to let go), `e` ends the turn early.
- `1`-`7` name the cards of the hand: a card with one move open makes it at once; with
  several (Equip, Cast, Hire) the digit highlights the first, pressed again the next, and
  `Enter` makes it. Equipping picks the card first, then the Adventurer to hang it on (its
  slot's digit; `Esc` goes back to the card).
- `d`, `a` and `e` say why when they cannot be played; `e` asks first when you still
  have actions left.
- When every player has finished, the Monster attack resolves: see **Attack** and the log.
- The **Dungeon** panel: what the face-down pile still holds (aces by suit, jokers, and
  the modifiers written on them), the rows (`†` a slain joker's place, still taken), the
  lair and the slain; at its edge the Strength as a sum: 25 per player, plus the Monsters
  still counted, plus this round's words. A wide terminal lists every Monster's part.
- An empty slot fills in three steps: draw an Adventurer (`a`), hire it, equip it.
- A card marked `*` carries a Qi Word. Equipping a card puts its word to sleep; casting
  it uses the word during this turn only and burns the card.
- After a fall every deck takes a scar: its owner picks the Monster's word, then the
  Equipment's, in the list, or presses `c` to coin a new one (it joins the list when the
  Lexicon closes).
- When the Monsters have attacked, the table pauses on what happened and why: which suit
  each Monster struck, who fell with which gear, and the retaliation summed against its
  attack. Any key goes on.
- `i` tells the highlighted card in full (its word and rules, and those of the Adventurer it
  goes on), `v` the dungeon's piles, `D` (Shift+d) the whole table (every Adventurer's word,
  every Monster), `L` (Shift+l) the whole log: the same keys at every table.
- `W` (Shift+w) opens the Lexicon (the game waits), `R` (Shift+r) shows what the decks
  gained once it is over.
- At the end: the result, the XP each deck banks, and the dungeon's turning points (`o`
  shows them again). `n` sets the same decks at a new table (as the game left them),
  `s` the same decks with the same seed; you start it with `s` there.
- `q` returns to the menu; the game is saved after every move. Decks are written only
  when the game ends.
"""

    VIEW_ACTIONS = frozenset({"results", "lexicon", "info", "details", "log"})  # what someone watching may still open

    LEGEND = LEGEND
    FRESH = ("status", "band", "dungeon")

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DecknForgeGame = session.game  # type: ignore[assignment]
        self.choices: list[Any] = []
        self.write_problems: list[str] | None = None
        self.equipping: int | None = None  # the hand card whose Adventurer is being picked
        # the attack last shown (its round) to each person here: a newer one pauses the table
        # (attack_key); opened again, a table shows none of those already played
        self.attack_seen: dict[int | None, int] = {}
        self.attack_opened = 0 if session.state is None else attack_key(session.state)

    def compose(self) -> ComposeResult:
        yield Lines(id="status")
        yield panel(Lines(id="band"), "The band")
        with Horizontal():
            with Vertical(id="left"):
                yield panel(CardRow(id="hand"), "Hand")
                with Panel(id="choices-panel", classes="panel") as box:
                    box.border_title = "Choices"
                    yield ChoiceList(id="choices")
                    yield Lines(id="hint")
            with Vertical(id="right"):
                yield panel(Lines(id="dungeon"), "Dungeon")
                yield panel(Lines(id="attack"), "Last attack")
                yield legend_panel()
                yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#band-panel").styles.height = 2 + len(self.state.players)
        choices = self.query_one("#choices", ChoiceList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        if self.over and not self.read_only:  # after GameScreen.on_mount has kept the result
            self.call_after_refresh(self.tell_results)
        choices.focus()

    def on_resize(self) -> None:
        """The band's slots share the panel's width, known only once it is laid out."""
        self.call_after_refresh(self._draw_band_now)

    def _draw_band_now(self) -> None:
        if self.session.state is not None:
            self._draw_band(self.state)

    def on_screen_resume(self) -> None:
        """Back from the Lexicon: words coined there join this table (R25), then redraw."""
        if self._private:  # a cover went over the table as it came back: drawn behind it
            return
        if self.session.outcome() is None and not self.watching:  # a watcher brings no words
            self.bring_new_words()
        self.redraw()

    def bring_new_words(self) -> None:
        """Words of the table's players coined since the game began join it at once.

        They also join the save's `coined` option, so a replay from the seed knows them from
        the start; a new word can change nothing before it existed, so the replay agrees.
        """
        state = self.session.state
        try:
            words, _ = word_store(self.app.paths, self.app.store.clock).load()
        except OSError:
            return
        known = {w.name for w in state.coined}
        usable = table_words(recheck(words), {p.initials for p in state.players})
        fresh = [w for w in usable if w.name not in known]
        if not fresh:
            return
        for word in fresh:
            try:
                self.game.add_coined(state, word)
            except ValueError:
                continue
            self.session.envelope.options.setdefault("coined", []).append(msgspec.to_builtins(word))
            self.notify(plain(f"{word.name} joins this table.").plain, markup=False)
        try:
            self.session.save()
        except OSError as error:
            self.notify(f"Could not save: {error.strerror}", severity="error")

    # ----- drawing ----------------------------------------------------------------------

    def draw(self) -> None:
        state = self.state
        self.choices = self._current_choices()
        self._draw_status(state)
        self._draw_band(state)
        self._draw_choices()
        self._draw_dungeon(state)
        self._draw_attack(state)
        self.query_one("#log", GameLog).show(self.game.log_lines(state))
        self._pause_if_new_attack(state)

    def _pause_if_new_attack(self, state: State) -> None:
        """An attack this person has not seen pauses the table for them: for each seat when
        people share this keyboard (after the cover lifts, so each reads it for themselves),
        else once; someone only watching follows the table on (the Last attack panel tells
        it). An undo that takes an attack back lets it pause again when it comes again."""
        if self.read_only or self._private or self.watching:  # someone watching is not held up
            return
        who = self.seat if self._covered_between_seats() else None
        seen = self.attack_seen.get(who, self.attack_opened)
        self.attack_seen[who] = attack_key(state)
        if attack_key(state) > seen:
            self.call_after_refresh(self.pause_on_attack)

    def pause_on_attack(self) -> None:
        """The Monsters attacked: say what happened and why until the player moves on (over
        the cover between seats, too: an attack hides nothing)."""
        if not self.is_attached or self.session.state is None:
            return
        state = self.state
        story = attack_story(state, self.game.log_lines(state))
        self.app.push_screen(Pause(f"The Monster attack of round {attack_key(state)}", story))

    def footer_keys(self) -> tuple[object, ...]:
        kinds = {type(a) for a in self.choices}
        step = scar_step(self.state, self.seat) if self.seat is not None else ""
        return (*super().footer_keys(), self.state.phase, step, DrawEquipment in kinds, DrawAdventurer in kinds, EndTurn in kinds)

    def _current_choices(self) -> list[Any]:
        if self.over:
            return ["results", "menu"]
        if self.state.phase == "scar":  # a scar's word may also be coined on the spot (R25)
            return self.legal() + ["coin"]
        shown = choosing.grouped(self.legal(), self.equipping)
        if self.equipping is not None and not any(isinstance(a, Equip) for a in shown):
            self.equipping = None  # that card can no longer be equipped
        return shown

    def _draw_status(self, state: State) -> None:
        self.paint("status", status_text(state, self.session.outcome(), self.seat))

    def _draw_band(self, state: State) -> None:
        width = max(self.query_one("#band", Static).content_size.width, 76)
        self.paint("band", band_text(state, self.game.result_decks(state), width, self.seat))
        waiting = self.seat_line()  # who acts, and whom the table waits for
        self.query_one("#band-panel").border_subtitle = waiting  # a Panel: repainted only on change

    def _draw_hand(self, marked: int | None = None) -> None:
        state = self.state
        seat = self.seat
        player = state.players[seat] if state.phase == "turn" and seat is not None else None
        panel = self.query_one("#hand-panel")
        panel.border_title = plain(f"{player.label}'s hand") if player else "Hand"
        if player:
            panel.border_subtitle = f"Eq {len(player.equipment_deck)} · Adv {len(player.adventurer_deck)} left"
        else:
            panel.border_subtitle = ""
        empty = "No cards in hand."
        if player is None:
            empty = {"over": "The dungeon is over.", "scar": "Scars are being written."}.get(
                state.phase, "Watching: no hand is shown."
            )
        self.query_one("#hand", CardRow).show(hand_faces(player.hand if player else [], marked), empty)

    def _draw_choices(self) -> None:
        rows = choosing.rows(self.game, self.state, self.choices, self.equipping)
        shown = [COMMANDS[choice] if isinstance(choice, str) else row for choice, row in zip(self.choices, rows)]
        listing = self.query_one("#choices", ChoiceList)
        listing.show(self.own_keys(shown))
        self.query_one("#choices-panel").border_title = self._choices_title()
        self._cursor_moved(listing.cursor)

    def _choices_title(self) -> str:
        state, seat = self.state, self.seat
        if self.equipping is not None and seat is not None:
            card = state.players[seat].hand[self.equipping]
            return f"Equip {LABEL[card.code]} on whom? (Esc: back)"
        if state.phase != "scar" or seat is None:
            return "Choices"
        step, scar = scar_step(state, seat), state.scars[seat]
        if step == "monster":
            return f"A Monster word for {LABEL[scar.monster]} +{scar.modifier}"
        if step == "equipment":
            return f"An Equipment word for {LABEL[scar.equipment]}"
        return "Choices"

    def _cursor_moved(self, index: int) -> None:
        action = self.choices[index] if 0 <= index < len(self.choices) else None
        card = action[1] if isinstance(action, tuple) else getattr(action, "card", None)
        self._draw_hand(card if isinstance(card, int) else None)
        if isinstance(action, tuple):
            action = Equip(action[2], action[1], 0)  # its value and word, whichever Adventurer
        hint = hint_text(self.state, action)
        box = self.query_one("#hint", Static)
        rows = max(2, min(5, -(-len(hint.plain) // max(box.size.width, 20))))
        if box.styles.height is None or box.styles.height.value != rows:
            box.styles.height = rows  # a long word's rules are never cut
        self.paint("hint", hint)

    def _draw_dungeon(self, state: State) -> None:
        self.paint("dungeon", dungeon_text(state, wide=self.has_class("w120")))
        live = state.phase != "over"  # once over, every card is home: no Strength to read
        self.query_one("#dungeon-panel").border_subtitle = strength_sum(state) if live else ""

    def _draw_attack(self, state: State) -> None:
        text = attack_text(state)
        lines = (text.plain if isinstance(text, Text) else text).count("\n") + 1
        box = self.query_one("#attack-panel")
        tall = max(4, min(lines + 2, 12))  # every Monster of a long attack shows
        if box.styles.height is None or box.styles.height.value != tall:
            box.styles.height = tall
        self.paint("attack", text)
        if state.last_attack:  # the attack ends its round; in a new round it was the last one's
            number = state.round - 1 if state.phase == "turn" else state.round
            self.query_one("#attack-panel").border_title = f"Attack of round {number}"

    # ----- input ------------------------------------------------------------------------

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        choice = self.choices[event.index]
        if choice == "results":
            self.action_results()
        elif choice == "menu":
            self.action_back()
        elif choice == "coin":
            self.action_coin()
        elif isinstance(choice, tuple):  # the card is picked: now the Adventurer
            self.equipping = choice[1]
            self.redraw()
            self.query_one("#choices", ChoiceList).cursor = 0
        else:
            self.play(choice)

    def play(self, action: Any) -> None:
        self.equipping = None
        super().play(action)

    def cancel(self) -> bool:
        """Esc while picking an Adventurer to equip goes back to the cards."""
        if self.equipping is None:
            return False
        self.equipping = None
        self.redraw()
        return True

    def game_ended(self) -> None:
        self.tell_results()
        self.show_end()

    def end_choices(self) -> list[tuple[str, str, str]]:
        """What the decks gained, and the same decks at a new table (with the seed or not),
        for a table played here with saved decks."""
        choices = [("r", "Decks' results", "results")]
        if self.table_again(None) is not None:
            choices += [("n", "Same decks", "same_decks"), ("s", "Same seed", "same_decks_seed")]
        return choices + [("q", "Menu", "back")]

    def table_again(self, seed: int | None) -> TableAgain | None:
        """This table to be set again: the decks by their files (as the game left them), the
        bot seats, the reading; None for a shared table or decks made for this game only."""
        if self.session.shared or self.read_only:
            return None
        state = self.session.state
        bots = self.session.bot_seats
        ids = [None if seat in bots else deck.id for seat, deck in enumerate(state.decks)]
        if "" in ids:
            return None
        level = bot_level(self.session.envelope.options)
        return TableAgain(ids, state.solo, "gentle" if state.gentle else "strict", seed, level)

    def action_same_decks(self) -> None:
        self._set_again(None)

    def action_same_decks_seed(self) -> None:
        self._set_again(self.session.envelope.seed)

    def _set_again(self, seed: int | None) -> None:
        from tui.decknforge.setup import DecknForgeSetup

        again = self.table_again(seed)
        if again is None:
            return
        app = self.app
        app.pop_screen()
        app.push_screen(DecknForgeSetup(again=again))

    def tell_results(self) -> None:
        """The game is over: say what writing its result on the decks had to say (the save
        layer wrote it while filing the game; this screen only reads it)."""
        state = self.session.state
        report = self.session.report
        mine = self.session.owned_seats if self.session.shared else None
        if mine is not None and not mine:  # watching a table: no deck here played
            self.write_problems = []
            return
        if report is None:  # filing stopped short (the disk refused): the next start finishes it
            self.write_problems = [
                "The decks have not taken this game's result yet: it is written when you next"
                " open the decks or start the app."
            ]
        else:
            self.write_problems = list(report.problems)
        bots = self.session.bot_seats
        unsaved = [
            d.initials for seat, d in enumerate(state.decks)
            if not d.id and seat not in bots and (mine is None or seat in mine)
        ]  # fmt: skip
        if unsaved:  # a table started without saved decks (the command line): nothing to write
            self.write_problems.append(
                f"{', '.join(unsaved)}: decks made for this game only, so their result is not kept."
            )
        for note in report.notes if report is not None else []:
            self.notify(note, timeout=8)
        for problem in self.write_problems:
            self.notify(problem, severity="error", timeout=10)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.over
        if action == "results":
            return over
        if action == "coin":
            return self.seat is not None and bool(scar_step(self.state, self.seat))
        if action == "play_key":  # live all turn long: a key that cannot play says why
            return self.state.phase == "turn" and not over and self.seat is not None
        if action == "card":
            return self.state.phase == "turn" and not over
        if action == "new_game":  # a new table needs its decks chosen: the set-up screen
            return False
        return super().check_action(action, parameters)

    def action_play_key(self, key: str) -> None:
        legal = self.legal()
        for action in legal:
            if ACTION_KEYS.get(type(action)) != key:
                continue
            if isinstance(action, DrawAdventurer) and action.discard >= 0:
                # a full hand: which card goes is the player's choice, never the key's
                self.equipping = None
                self.redraw()
                index = next(i for i, a in enumerate(self.choices) if isinstance(a, DrawAdventurer))
                self.query_one("#choices", ChoiceList).cursor = index
                self.notify("Your hand is full: pick the card to let go, then Enter.")
                return
            self.play(action)  # an early end asks first (waste)
            return
        wanted = {"d": DrawEquipment, "a": DrawAdventurer, "e": EndTurn}[key]
        self.notify(self.game.why_illegal(self.session.state, wanted(self.seat)), severity="warning")

    def waste(self, action: Any) -> str | None:
        if isinstance(action, EndTurn):
            left = self.state.players[action.seat].actions_left
            if left > 0:
                return f"End your turn with {left} action{'' if left == 1 else 's'} still to use"
        return None

    def action_card(self, index: int) -> None:
        """A card of the hand (or, while equipping, an Adventurer's slot): its one move at once; of
        several, the first highlighted, pressed again the next (tui/grammar.py press)."""
        listing = self.query_one("#choices", ChoiceList)
        if self.equipping is not None:  # picking the Adventurer: a digit is its slot
            moves = [i for i, action in enumerate(self.choices) if getattr(action, "slot", None) == index]
        else:
            moves = [
                i for i, action in enumerate(self.choices)
                if (action[1] if isinstance(action, tuple) else getattr(action, "card", None)) == index
            ]  # fmt: skip
        if not moves:
            self.notify("That card has no move open to it right now.", severity="warning")
            return
        press(DIGITS[index], moves, self._take, listing.jump)  # one move: at once; several: in turn

    def _take(self, row: int) -> None:
        """The move at this row of the list, as Enter on it would make it."""
        listing = self.query_one("#choices", ChoiceList)
        listing.cursor = row
        self.on_choice_list_picked(ChoiceList.Picked(listing, row))

    def action_coin(self) -> None:
        """At a scar, coin a word of the kind the seat's scar waits for (R25)."""
        seat = self.seat
        if self.state.phase == "scar" and seat is not None and scar_step(self.state, seat):
            kind = scar_step(self.state, seat)
            scar = self.state.scars[seat]
            card = scar.monster if kind == "monster" else scar.equipment
            self.action_lexicon(coin_for=self.state.players[seat].initials, kind=kind, card=card)

    def action_results(self) -> None:
        from tui.decknforge.results import ResultsScreen

        if self.session.outcome() is not None:
            self.app.push_screen(ResultsScreen(self.session, self.write_problems or []))

    def action_lexicon(self, coin_for: str = "", kind: str = "monster", card: str = "") -> None:
        from tui.decknforge.lexicon_screen import LexiconScreen

        self.app.push_screen(LexiconScreen(coin_for=coin_for, coin_kind=kind, coin_card=card))

    def action_info(self) -> None:
        """The highlighted move's card in full: its value, its word and the word's rules."""
        listing = self.query_one("#choices", ChoiceList)
        action = self.choices[listing.cursor] if 0 <= listing.cursor < len(self.choices) else None
        self.app.push_screen(Viewer("The highlighted card", info_text(self.state, action)))

    def action_details(self) -> None:
        self.app.push_screen(Viewer("The whole table", details_text(self.state, self.seat)))

    def action_piles(self) -> None:
        self.app.push_screen(Viewer("The dungeon's piles", Text(dungeon_text(self.state, wide=True))))

    def action_log(self) -> None:
        self.app.push_screen(log_viewer([self.game.log_text(line) for line in self.session.whole_log()]))
