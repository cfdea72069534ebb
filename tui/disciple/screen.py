"""The Disciple table: the foe and its intent, you, your hand or the choice at hand, the log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size

from engine.disciple import energy
from engine.disciple.combat import tap_words
from engine.disciple.content import load
from engine.disciple.model import Choose, EndTurn, PlayCard, State, Target
from engine.disciple.rules import DiscipleGame
from saves.session import GameSession
from tui.disciple.view import you
from tui.disciple import deck, explain, opponent, rows, view
from tui.disciple.hand import DIGITS, Slots
from tui.disciple.widgets import HandList, InfoScreen, Span
from tui.game_screen import GameScreen
from tui.grammar import binding
from tui.screens.viewer import log_viewer
from tui.widgets.choices import Choice
from tui.widgets.keybar import KeyBar
from tui.widgets.legend import legend_panel
from tui.widgets.lines import Lines
from tui.widgets.log import GameLog
from tui.widgets.panel import Panel, panel
from tui.widgets.text import Horizontal, Vertical

LARGE = (120, 40)
MODE_NAME = {"versus": "Versus", "coop": "Co-Op", "campaign": "Campaign"}  # Solo says nothing  # from this size on, the table shows the intent per pattern and more text


class FoeLines(Lines):
    """The enemy's panel. Its lines are cut to the panel's width, and a table opened as the
    app starts is drawn before its panels have their sizes: a new width draws it again."""

    def on_resize(self, event: Resize) -> None:
        screen = self.screen
        if isinstance(screen, DiscipleScreen) and self.content_size.width != screen.foe_width:
            screen.redraw()


class DiscipleScreen(GameScreen):
    CSS_PATH = "disciple.tcss"
    BINDINGS = [
        *(Binding(d, f"pick({i})", show=False) for i, d in enumerate(DIGITS)),
        binding("end_turn", "end_turn"),
        Binding("t", "tap", "Energy"),
        Binding("f", "face", "Face"),
        binding("new_game", label="New run"),
    ]  # then the keys every table shares (tui/grammar.py): i v D L, u q n o ...
    HELP = """
# Disciple: A Journey

Fight your way through the event deck to the final boss with 25 vitality and no refill.

- The **Hand** list shows your cards: key, name, cost in energy letters (B blue, R red,
  G green, N gray, which any colour can pay), type and rarity (C, U, E, L). A `×` marks a
  card you cannot pay for now, a `!` one your energy can never pay. The lines under the list
  tell the highlighted card in full. A card keeps its digit for the whole turn.
- `1`-`8` plays that card; arrows or `j`/`k` and `Enter` do the same. The **You** panel shows
  the energy the highlighted card will tap; `t` lists the other ways to pay for it (`Esc`
  backs out). `e` ends your turn, and the enemy attacks at once: with a card you could
  still play it asks first (`y` or `Enter` yes, `n` or `Esc` no).
- The **enemy** panel's *Next* line is what its pattern pile can do this turn, its named
  attacks' bonuses and its Power added (a bigger terminal lists each pattern).
- When a decision is waiting (your style, a starting card, an event, a reward, where the
  cards you leave go, a Weakened enemy's pattern, a Stun, a second style, new energy), the
  list shows its options: a digit or `Enter` picks one. A `!` warns of a card or an energy
  choice that leaves cards your energy can never pay.
- `i` explains the keywords of the highlighted card (or option), `v` shows your deck: draw
  pile, discard pile, the whole journey's deck. `D` (Shift+d) shows the whole table, the
  enemy's pattern pile included, and `L` (Shift+l) the whole log: the same keys at every table.
- Energy in play: `[B]` is ready, `(b)` is tapped.
- **Versus**: the left panel is the other Disciple: vitality, Guard, what they have in play,
  how many counters they have set (face down: never which) and how many cards they hold. The
  log tells who went first and why.
- **Co-Op** and **Campaign**: the line under the title shows every player's vitality and
  Guard (▸ the one to act); the enemy panel lists every enemy with its vitality and whom it
  attacks (`→ you` when it is you), ▸ marking the one your attacks go to. `f` turns your
  attacks to the next enemy (it costs nothing).
- With several players at one keyboard a cover hides the table between turns: the next
  player presses `Enter` when they alone are looking. When another seat acts, the list says
  whom the table waits for.
- When the run ends, `n` starts a new one with the same options.
- `q` returns to the menu; the run is saved after every move.

How to play: Rules on the home screen.
"""

    NEW_GAME_LABEL = "New run, same options"

    LEGEND = view.LEGEND
    FRESH = ("status", "party", "foe", "you")

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DiscipleGame = session.game  # type: ignore[assignment]
        self.choices: list[Any] = []
        self.list_context: tuple[object, ...] = ()
        self.seat_slots: dict[int, Slots] = {}  # each seat's cards keep their digits
        self.paying: int | None = None  # hand position of the card whose energy is chosen

    def compose(self) -> ComposeResult:
        yield Lines(id="status")
        yield Lines(id="party")
        with Horizontal(id="top"):
            yield panel(FoeLines(id="foe"), "Enemy")
            yield panel(Lines(id="you"), "You")
        with Horizontal(id="bottom"):
            with Panel(id="choices-panel", classes="panel") as box:
                box.border_title = "Hand"
                yield HandList(id="choices")
                yield Lines(id="detail")
            with Vertical(id="log-side"):
                yield legend_panel()
                yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    foe_width = 0  # the enemy panel's width when it was last drawn

    def on_mount(self) -> None:
        choices = self.query_one("#choices", HandList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        choices.focus()
        self._fit_layout(self.app.size)  # from the first frame on, not from the first resize

    def on_resize(self, event: Resize) -> None:
        if self._fit_layout(event.size):
            self.call_after_refresh(self.redraw)  # the panels have their new sizes then

    def _fit_layout(self, size: Size) -> bool:
        """The large layout while the terminal is at least LARGE; whether it changed."""
        large = size.width >= LARGE[0] and size.height >= LARGE[1]
        if self.has_class("large") == large:
            return False
        self.set_class(large, "large")
        return True

    @property
    def slots(self) -> Slots:
        """The digits of this seat's hand (each player at the keyboard has their own)."""
        return self.seat_slots.setdefault(self.me, Slots())

    @property
    def me(self) -> int:
        """The seat this table is drawn for. Someone watching sees the first seat's side as
        the spectator's view has it (no hand, counters face down), as nobody's "you"."""
        return self.seat if self.seat is not None else 0

    @property
    def large(self) -> bool:
        return self.has_class("large")

    # ----- drawing ----------------------------------------------------------------------

    def _set_titles(self, selector: str, title: str, subtitle: str = "") -> None:
        panel = self.query_one(selector)  # a Panel: it repaints a title only when it changes
        panel.border_title = title
        panel.border_subtitle = subtitle

    def draw(self) -> None:
        state = self.state
        self._seated_names(state)
        me = you(state, self.me)
        self.slots.follow_turn(state, seat=self.me)
        if self.paying is not None and (not self._can_end_turn() or self.paying >= len(me.hand)):
            self.paying = None  # the turn moved on (or a move was taken back)
        self.choices = self._current_choices()
        self._draw_status(state)
        self._draw_party(state)
        self.foe_width = self.query_one("#foe").content_size.width
        title, text = opponent.foe_lines(state, self.large, self.foe_width or 38, seat=self.me, onlooker=self.watching)
        self._set_titles("#foe-panel", title, self._event_deck_note(state))
        self.paint("foe", text)
        self._draw_choices(state)
        self.query_one("#log", GameLog).show(self.game.log_lines(state))

    def _seated_names(self, state: State) -> None:
        """At a shared table the panels name each player as they sat down (the table's seat
        names), like the status line does. Only the seat's own copy is renamed."""
        names = self.session.seat_names()
        if state is self.session.state or len(names) != len(state.players):
            return
        for player, name in zip(state.players, names):
            player.name = name

    def _draw_party(self, state: State) -> None:
        """Co-Op and Campaign: every player's vitality, Guard and state, at once."""
        party = self.query_one("#party")
        shown = len(state.players) > 1 and state.mode != "versus"
        if party.display != shown:
            party.display = shown
        height = len(state.players) if self.large else 1  # a line each when there is room
        if shown and party.styles.height is not None and party.styles.height.value != height:
            party.styles.height = height
        if shown:
            width = party.content_size.width or self.app.size.width
            self.paint("party", view.party_text(state, self.me, wide=self.large, width=width))

    @property
    def leading(self) -> bool:
        """This screen is the Campaign Leader's seat (it holds no Disciple)."""
        state = self.state
        return state is not None and self.me >= len(state.players)

    def _draw_you(self, state: State, highlighted: Any) -> None:
        if self.leading:
            self._set_titles("#you-panel", "Campaign Leader", f"{len(state.players)} players")
            self.paint("you", view.leader_text(state))
            return
        me = you(state, self.me)
        mine = highlighted if self._my_turn() else None  # no energy to tap on another's turn
        width = self.query_one("#you").content_size.width or None  # None: not laid out yet
        paying = rows.paying_line(state, mine, self.paying is not None, seat=self.me, width=width)
        title_room = self.query_one("#you-panel").size.width - 6  # the corners, "─ " and " ─"
        title, text = view.you_lines(state, paying, self.large, seat=self.me, title_room=max(title_room, 0))
        if self.watching and state.mode == "versus":  # both Disciples as rivals, face down
            title, text = opponent.rival_lines(state, 1 - self.me, self.large)
        elif self.watching:  # the first seat's side, as nobody's "you"
            title = title.replace(" (you)", "")
        self._set_titles("#you-panel", title, view.piles_note(state, seat=self.me) if me.styles else "")
        self.paint("you", text)

    def footer_keys(self) -> tuple[object, ...]:
        return (*super().footer_keys(), self._can_end_turn(), self.paying is not None, bool(self._targets()))

    def _event_deck_note(self, state: State) -> str:
        me = you(state, self.me)
        if not me.styles or state.mode == "versus":  # Versus has no event deck
            return ""
        group = f"group {state.group} · " if state.group and state.group != "boss" else ""
        if state.group == "boss":
            group = "final boss · "
        left = len(me.event_deck)
        return f"{group}{left} event{'' if left == 1 else 's'} left"

    def _draw_status(self, state: State) -> None:
        """The status line, fitted to the width: the game's full title gives way first, then
        the names of whoever acts and is waited for are cut (to 8 columns at least)."""
        width = self.app.size.width
        for title, name_room in ((" Disciple: A Journey", 0), (" Disciple", 0), (" Disciple", 12), (" Disciple", 8)):
            text = self._status_text(state, title, name_room)
            if text.cell_len <= width:
                break
        self.paint("status", text)

    def _status_text(self, state: State, title: str, name_room: int) -> Text:
        me = you(state, self.me)
        text = Text(title, style="bold")
        mode = MODE_NAME.get(state.mode, "")
        if mode:
            text.append(f" · {mode}")
        if state.group:
            text.append(f" · Group {state.group}" if state.group != "boss" else " · Final boss")
        if me.styles and state.mode != "versus":
            won = state.fights_won
            text.append(f" · Won {won} fight{'' if won == 1 else 's'}")
        result = self.game.seat_outcome(self.session.state, self.seat)  # this seat's own
        if result is not None:
            text.append("   ")
            word = " VICTORY " if result.won else " DEFEAT "
            if self.seat is None and state.mode == "versus":
                word = " GAME OVER "  # a spectator neither won nor lost
            text.append(word, style="bold reverse")
            if result.score is not None:
                text.append(f"  score {result.score}", style="bold")
        else:
            if state.phase == "player" and state.pending is None:
                text.append(f" · Turn {state.turn}")
            seats = self.seat_line(name_room)
            if seats.plain:
                text.append(" · ")
                text.append_text(seats)
        return text

    def _current_choices(self) -> list[Any]:
        """The list's entries: the pending options, else the hand in its digits' order."""
        state = self.state
        if self.over:
            return ["new", "menu"]
        if self.watching:
            return []  # no hand to show and no move to make
        seat = self.me
        if state.pending is not None and state.pending.seat == seat:
            return [Choose(i, seat=seat) for i in range(len(state.pending.options))]
        if self.paying is not None:
            i = self.paying
            others = energy.other_payments(you(state, seat), i)
            return [PlayCard(i, seat=seat)] + [PlayCard(i, taps, seat=seat) for taps in others]
        if state.phase == "player":  # another's turn: the hand shows, dimmed, to plan with
            return [PlayCard(i, seat=seat) for i in self.slots.in_order()]  # e ends the turn: 8 rows fit
        return []

    def _my_turn(self) -> bool:
        """This seat plays cards now (in Solo: whenever the Disciple's turn is on), unless
        another player has a decision to make first."""
        state = self.state
        mine = state.pending is None or state.pending.seat == self.me
        return not self.watching and state.phase == "player" and state.active == self.me and mine

    def _draw_choices(self, state: State) -> None:
        # the hand's rows tell each card's text where there is room; an event's short choices
        # leave the room to the log (a class of the box alone: one of the screen restyles it all).
        # Only 200 columns give the hand more room: narrower, the class would restyle the box
        # for nothing each time the list turns from the hand to an event's choices (a resize
        # past 200 columns draws the table again, which sets it).
        hand = self.has_class("w200") and any(isinstance(a, PlayCard) for a in self.choices)
        self.query_one("#choices-panel").set_class(hand, "hand-shown")
        playable = set(energy.playable_indices(you(state, self.me))) if self._my_turn() else set()
        shown: list[Choice] = []
        spans: list[list[Span]] = []
        for row, action in enumerate(self.choices):
            if action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key="n"))
                spans.append([])
            elif action == "menu":
                shown.append(Choice("Back to the menu", key="q"))
                spans.append([])
            elif isinstance(action, PlayCard) and self.paying is not None:
                label, note, row_spans = rows.payment_row(state, action, seat=self.me)
                shown.append(Choice(label, note, DIGITS[row]))
                spans.append(row_spans)
            elif isinstance(action, PlayCard):
                i = action.hand_index
                waiting = not self._my_turn()  # dimmed, but not marked as unpayable
                label, rarity, row_spans = rows.hand_row(state, i, waiting or i in playable, self._wide_list(), seat=self.me)
                shown.append(Choice(label, rarity, self.slots.digit(i), not waiting and i in playable))
                spans.append(row_spans)
            else:
                key = DIGITS[action.index] if action.index < len(DIGITS) else ""
                label, note, row_spans = rows.option_row(self.game, state, action.index, self._wide_list(), seat=self.me)
                shown.append(Choice(label, note, key, short=rows.short_option(self.game, state, action.index)))
                spans.append(row_spans)
        context = self._list_context(state)
        choices = self.query_one("#choices", HandList)
        cursor = choices.cursor if context == self.list_context else 0
        self.list_context = context
        choices.show_styled(shown, spans, cursor)
        title, subtitle = rows.list_title(state, self.over, self.paying, seat=self.me)
        if self.watching and not self.over:
            title, subtitle = "Watching", "no hand is shown"
        elif not self.over and self.several_seats and not self._my_turn() and state.pending is None:
            title, subtitle = self._waiting_title(state)
        elif not self.over and self.several_seats and state.pending is not None and state.pending.seat != self.me:
            title, subtitle = self._waiting_title(state)
        self._set_titles("#choices-panel", title, subtitle)
        self._draw_detail(choices.cursor)

    def _waiting_title(self, state: State) -> tuple[str, str]:
        """Another seat acts: whom the list waits for."""
        names = self.session.seat_names()
        acting = self.game.to_move(self.session.state)
        who = ", ".join(names[s] for s in acting if 0 <= s < len(names)) or "the enemies"
        if state.phase == "enemy":
            who = "the enemies"
        return f"Waiting for {who}", "your hand, to plan with"

    def _wide_list(self) -> bool:
        """Room in the list for what each card does, after its name, cost and type."""
        return self.query_one("#choices").content_size.width >= 76

    def _list_context(self, state: State) -> tuple[object, ...]:
        pending = state.pending
        if pending is not None:
            return ("pending", pending.kind, pending.prompt, state.event)
        return ("phase", state.phase, state.won, state.event, state.turn, self.paying)

    def _draw_detail(self, index: int) -> None:
        highlighted = self._highlighted(index)
        detail = self.query_one("#detail")
        width = detail.content_size.width or 46
        room = detail.content_size.height or 2
        if self.watching:  # nobody's "you": the table's result in its own words, once over
            result = self.session.outcome()
            said = "Watching from no seat: every hand stays hidden."
            if result is not None:
                said = result.summary or "The journey is over."
            self.paint("detail", view.wrap(said, width))
        else:
            self.paint("detail", explain.detail(self.state, highlighted, width, room, seat=self.me))
        self._draw_you(self.state, highlighted)

    def _highlighted(self, index: int) -> Any:
        return self.choices[index] if 0 <= index < len(self.choices) else None

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_detail(index)

    def on_choice_list_picked(self, event: HandList.Picked) -> None:
        choice = self.choices[event.index]
        if isinstance(choice, PlayCard) and not self._my_turn():
            self.notify(self._waiting_title(self.state)[0] + ": it is not your turn.")
        elif choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.action_back()
        else:
            self.play(choice)

    def play(self, action: Any) -> None:
        if isinstance(action, PlayCard) and self.game.is_legal(self.session.state, action):
            self.slots.played(action.hand_index)
        self.paying = None
        super().play(action)

    def _can_end_turn(self) -> bool:
        state = self.state
        return self._my_turn() and state.pending is None and state.won is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("end_turn", "tap"):
            if not self._can_end_turn():
                return False
            return True if self.paying is None else None  # shown, idle while paying
        if action == "pick":
            return not self.over
        if action == "face":
            return bool(self._targets())
        return super().check_action(action, parameters)

    def action_pick(self, index: int) -> None:
        state = self.state
        if state.pending is not None and state.pending.seat == self.me:
            self.play(Choose(index, seat=self.me))
        elif self.paying is not None:
            if index < len(self.choices):
                self.play(self.choices[index])
        elif not self._my_turn() and state.phase == "player":
            self.notify(self._waiting_title(state)[0] + ": it is not your turn.")
        elif self._my_turn():
            hand_index = self.slots.hand_index(index)
            if hand_index is None:
                self.notify(f"No card has the key {DIGITS[index]} this turn.", severity="warning")
                return
            self.play(PlayCard(hand_index, seat=self.me))

    def _targets(self) -> list[Target]:
        """The enemies this seat may turn its attacks to now (a fight against several)."""
        return [a for a in self.legal() if isinstance(a, Target)]

    def action_face(self) -> None:
        """Turn this seat's attacks to the next enemy standing, in the panel's order."""
        targets = self._targets()
        if not targets:
            self.notify("There is no other enemy to face now.")
            return
        current = you(self.state, self.me).target
        later = [t for t in targets if t.enemy > current]
        self.play(later[0] if later else targets[0])

    def action_end_turn(self) -> None:
        self.play(EndTurn(seat=self.me))

    def waste(self, action: Any) -> str | None:
        """Ending the turn with cards that could still be played asks first: the enemy
        attacks at once, and no move takes that back."""
        if not isinstance(action, EndTurn) or not self._can_end_turn():
            return None
        me = you(self.state, self.me)
        cards = len(energy.playable_indices(me))
        if not cards:
            return None
        left = sum(e.amount for e in me.energy if not e.tapped) + sum(me.pool)
        what = f"{cards} playable card{'' if cards == 1 else 's'}"
        if left:
            what += f" and {left} energy"
        return f"End your turn with {what} still to use"

    def action_tap(self) -> None:
        """List the ways to pay for the highlighted card (R7); Esc backs out."""
        action = self._highlighted(self.query_one("#choices", HandList).cursor)
        if self.paying is not None or not isinstance(action, PlayCard):
            return
        me = you(self.state, self.me)
        card = load().cards[me.hand[action.hand_index]]
        if card.kind == "energy" or not energy.playable(me, action.hand_index):
            self.notify(f"{card.name} takes no energy you could tap now.", severity="warning")
            return
        if not energy.other_payments(me, action.hand_index):
            taps = energy.default_taps(me, energy.cost_of(me, card), action.hand_index)
            self.notify(f"{card.name} can only be paid one way: {tap_words(me, taps)}.")
            return
        self.paying = action.hand_index
        self.redraw()

    def cancel(self) -> bool:
        if self.paying is None:
            return False
        self.paying = None
        self.redraw()
        return True

    def action_info(self) -> None:
        index = self.query_one("#choices", HandList).cursor
        title, body = explain.info(self.state, self._highlighted(index), seat=self.me)
        self.app.push_screen(InfoScreen(title, body))

    def action_piles(self) -> None:
        if self.leading:  # the Leader's piles are the players' event decks
            self.app.push_screen(InfoScreen("The event decks", view.leader_text(self.state, prompt=False)))
            return
        self.app.push_screen(InfoScreen("Your deck", deck.deck_text(self.state, seat=self.me)))

    def action_details(self) -> None:
        self.app.push_screen(InfoScreen("The whole table", explain.table(self.state, seat=self.me)))

    def action_log(self) -> None:
        self.app.push_screen(log_viewer(self.game.log_lines(self.state)))
