"""What the Disciple table shows, as rich Text built from the state: no rules live here (what
a pattern would do is engine/disciple/enemy.py's preview; this only words it).

Colours always come with a letter or a word: energy B/R/G/N, rarity C/U/E/L, types by name.
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from rich.text import Text

from engine.disciple import energy
from engine.disciple import enemy as foe
from engine.disciple.content import Card, Op, PatternAction, load
from engine.disciple.model import (
    COLOURS,
    COLOUR_LETTER,
    PLAYER_ROCKED_LIMIT,
    START_VITALITY,
    Disciple,
    Enemy,
    EnergyCard,
    State,
)
from tui.cut import cut
from tui.widgets.legend import Entry

# Gray keeps the theme's own text colour, so it reads on light and dark themes alike.
COLOUR_STYLE = {"gray": "bold", "blue": "bold bright_blue", "red": "bold bright_red", "green": "bold bright_green"}
LETTER_STYLE = {COLOUR_LETTER[c]: style for c, style in COLOUR_STYLE.items()}
TYPE_NAME = {
    "generic": "Generic",
    "upper": "Upper",
    "lower": "Lower",
    "grapple": "Grapple",
    "stance": "Stance",
    "style": "Style",
    "energy": "Energy",
}
KIND_NAME = foe.KIND_NAME
TAG_NAME = {"joint": "joint lock", "point": "pressure point"}
RARITY_LETTER = {"common": "C", "uncommon": "U", "epic": "E", "legendary": "L"}
OP_WORD = {
    "power": "Power",
    "guard": "Guard",
    "clinch": "Clinch",
    "feint": "Feint",
    "exposed": "Exposed",
    "rocked": "Rocked",
    "submit": "Submit",
    "weakened": "Weakened",
    "stun": "Stun",
    "attack": "hit",
    "heal": "heal",
    "draw": "draw",
    "energy": "energy",
}


def bar(value: int, limit: int, cells: int = 10) -> Text:
    """A track of full and empty cells: the shape tells the amount without colour."""
    full = 0 if value <= 0 else max(1, min(cells, round(cells * value / limit)))
    text = Text("▮" * full, style="green" if value * 3 > limit else "red")
    text.append("▯" * (cells - full), style="dim")
    return text


def cost_text(cost: list[int] | tuple[int, ...], is_energy: bool = False) -> Text:
    if is_energy:
        return Text("free", style="dim")
    text = Text()
    for colour, n in zip(COLOURS, cost):
        text.append(COLOUR_LETTER[colour] * n, style=COLOUR_STYLE[colour])
    return text if text.plain else Text("free", style="dim")


def letters_text(colours: list[str] | tuple[str, ...]) -> Text:
    """Energy colours as their letters, each in its colour: 'B B N'."""
    text = Text()
    for i, colour in enumerate(colours):
        text.append(("" if i == 0 else " ") + COLOUR_LETTER[colour], style=COLOUR_STYLE[colour])
    return text


def you(state: State, seat: int = 0) -> Disciple:
    """The Disciple a table is drawn for: the screen's seat (the only one in Solo). The
    Campaign Leader's seat has no Disciple: an empty one stands in, so the shared drawing code
    needs no special case, and the screen draws the CL's own panel instead of it."""
    if seat >= len(state.players):
        return Disciple(name="Campaign Leader", vitality=0)
    return state.players[seat]


def leader_text(state: State, prompt: bool = True) -> Text:
    """What the Campaign Leader holds: every player's event deck (its size and the card on
    top) and any miniboss or boss waiting for the others."""
    content = load()
    text = Text("Event decks", style="bold")
    for player in state.players:
        text.append(f"\n{player.name}: ", style="bold")
        deck = player.event_deck
        top = content.events[deck[-1]].name if deck and deck[-1] in content.events else ""
        text.append(f"{len(deck)} left" + (f", next {top}" if top else ""))
        if player.waiting and player.waiting in content.enemies:
            text.append(f" · waits at {content.enemies[player.waiting].name}", style="dim")
    if prompt:
        text.append("\nYour choices come in the list below.", style="dim")
    return text


def the_enemy(state: State, seat: int = 0) -> Enemy | None:
    """The enemy this seat's attacks go to, if a fight is on (in Solo, the only one)."""
    if not state.enemies:
        return None
    target = you(state, seat).target
    return state.enemies[target] if 0 <= target < len(state.enemies) else state.enemies[0]


VERSUS_VITALITY = 50  # the rulebook's Versus start


def vitality_limit(state: State) -> int:
    """The vitality a Disciple starts with in this playstyle: what the bars measure against."""
    if state.players:  # a Campaign's is as its players decided
        return state.players[0].start_vitality
    return VERSUS_VITALITY if state.mode == "versus" else START_VITALITY


def seat_name(state: State, seat: int) -> str:
    return state.players[seat].name if 0 <= seat < len(state.players) else f"seat {seat + 1}"


def party_text(state: State, seat: int, wide: bool = False, width: int = 80) -> Text:
    """Every player at once: vitality, Guard and how they stand; the one to act marked ▸, this
    seat's own name in bold. `wide`: a line each, with stance and state; else one line of
    `width` columns, where long names are cut so that every player's numbers show."""
    cards = load().cards
    limit = vitality_limit(state)
    counts = [
        f" {p.beaten.upper()}" if p.beaten else f" {max(p.vitality, 0)}/{limit} G{p.guard}" for p in state.players
    ]
    names = [p.name for p in state.players]
    if not wide:
        room = width - sum(1 + len(c) for c in counts) - 2 * (len(counts) - 1)
        names = [cut(name, share) for name, share in zip(names, fair_shares([cell_len(n) for n in names], room))]
    text = Text()
    for i, (player, name, count) in enumerate(zip(state.players, names, counts)):
        if i:
            text.append("\n" if wide else "  ")
        acting = state.phase == "player" and state.active == i and not player.beaten
        text.append("▸" if acting else " ")
        text.append(name, style="bold" if i == seat else "")
        if player.beaten:
            text.append(count, style="bold reverse")
            continue
        text.append(count)
        if wide:
            slots = [cards[c].name for c in (player.stance, player.style, player.state_card) if c]
            set_ = f" · {len(player.counters)} counter(s) set" if player.counters else ""
            text.append(f"  hand {len(player.hand)}{set_}")
            if slots:
                text.append(f"  {', '.join(slots)}", style="dim")
    return text


def fair_shares(wanted: list[int], room: int, least: int = 4) -> list[int]:
    """Columns for each of several names sharing `room`: the short ones keep their length, the
    long ones share what is left alike (each gets `least` at worst)."""
    shares = list(wanted)
    while sum(shares) > room:
        longest = max(shares)
        if longest <= least:
            break
        shares[shares.index(longest)] -= 1
    return shares


def current_cost(state: State, card: Card, seat: int = 0) -> list[int]:
    return energy.cost_of(you(state, seat), card)


def type_line(card: Card) -> str:
    """"Upper punch · common" and the like."""
    kind = TYPE_NAME[card.kind]
    tags = [TAG_NAME.get(t, t) for t in card.tags]
    if card.kind == "energy":
        return f"Energy card ({card.colour}, letter {COLOUR_LETTER[card.colour]})"
    return f"{kind}{' ' + '/'.join(tags) if tags else ''} · {card.rarity}"


def ops_text(ops: tuple[Op, ...]) -> str:
    parts = []
    for op in ops:
        word = OP_WORD.get(op.op, op.op)
        if op.op in ("clinch", "feint", "exposed"):
            parts.append(word)
        elif op.op == "energy":
            parts.append(f"+{op.n} {op.colour or 'gray'} energy")
        else:
            parts.append(f"{word} {op.n}")
    return ", ".join(parts)


def action_text(action: PatternAction) -> str:
    """A pattern's action as printed on its card, before any enemy adds to it."""
    kind = KIND_NAME[action.kind]
    text = f"{kind} {action.damage}" if action.damage else ""
    if action.ops:
        text = f"{text} + {ops_text(action.ops)}" if text else ops_text(action.ops)
    return text


def flags(parts: list[tuple[str, bool]]) -> str:
    return " · ".join(word for word, on in parts if on)


# ----- the Disciple -----------------------------------------------------------------------


def energy_text(cards: list[EnergyCard], pool: list[int]) -> Text:
    """Energy cards in play: ready ones as [B], tapped ones as (b) and dim; then the pool."""
    text = Text("Energy")
    if not cards:
        text.append(" none", style="dim")
    for card in cards:
        letter = COLOUR_LETTER[card.colour] + (str(card.amount) if card.amount > 1 else "")
        if card.tapped:
            text.append(f" ({letter.lower()})", style="dim")
        else:
            text.append(" [")
            text.append(letter, style=COLOUR_STYLE[card.colour])
            text.append("]")
    tapped = sum(card.tapped for card in cards)
    if tapped and len(cards) <= 4:  # the (x) form says it too; the words only where they fit
        text.append(f"  {tapped} tapped", style="dim")
    if any(pool):
        text.append("  gathered ")
        for colour, n in zip(COLOURS, pool):
            if n:
                text.append(f"{COLOUR_LETTER[colour]}{n} ", style=COLOUR_STYLE[colour])
    return text


def piles_note(state: State, seat: int = 0) -> str:
    me = you(state, seat)
    piles = f"draw {len(me.draw)} · discard {len(me.discard)}"
    return piles if state.mode == "versus" else f"{piles} · skills {len(me.skills_deck)}"  # Versus: no skills deck


def you_lines(
    state: State, paying: Text | None = None, large: bool = False, seat: int = 0, title_room: int = 0
) -> tuple[str, Text]:
    """The Disciple's panel; `paying` is a line about the energy the highlighted card taps;
    `large` adds what the cards in play do. A title longer than `title_room` columns cuts the
    player's name (to 8 at least), so that their styles show."""
    me = you(state, seat)
    content = load()
    styles = " + ".join(content.styles[s].name for s in me.styles)
    name = me.name
    if title_room and styles:
        name = cut(name, max(title_room - len(f" (you) · {styles}"), 8))
    who = f"{name} (you)" if len(state.players) > 1 else "You"
    title = f"{who} · {styles}" if styles else who
    text = Text("Vitality ")
    limit = vitality_limit(state)
    text.append_text(bar(me.vitality, limit))
    text.append(f" {max(me.vitality, 0)}/{limit}", style="bold")
    text.append(f"  Guard {me.guard}")
    buffs = flags(
        [
            (f"Rocked {me.rocked}/{PLAYER_ROCKED_LIMIT}", True),
            (f"Power {me.power}", me.power > 0),
            ("Clinch", me.clinch),
            ("Feint", me.feint),
            (f"Stunned {me.to_tap}", me.to_tap > 0),
        ]
    )
    if me.combo:
        buffs += " · Combo " + ", ".join(_combo_word(w) for w in me.combo)
    text.append("\n" + buffs)
    text.append("\n")
    text.append_text(energy_text(me.energy, me.pool))
    if paying is not None:
        text.append("\n")
        text.append_text(paying)
    text.append("\n")
    text.append_text(in_play_text(state, large, seat=seat))
    return title, text


def _combo_word(word: str) -> str:
    cards = load().cards
    if word in cards:
        return cards[word].name
    return "any " + TAG_NAME.get(word, TYPE_NAME.get(word, word))


def in_play_text(state: State, texts: bool = False, seat: int = 0) -> Text:
    """Stance, Style, State and counters; with `texts`, what each does too."""
    me = you(state, seat)
    cards = load().cards
    text = Text()
    for label, slot in (("Stance", me.stance), ("Style", me.style), ("State", me.state_card)):
        text.append(f"{label:<9}", style="bold")
        if not slot:
            text.append("—\n", style="dim")
            continue
        text.append(cards[slot].name)
        if label == "State" and me.locked:
            lock = cards[slot].lock_in
            text.append(f" locked {me.lock_damage}/{lock.breaks if lock else 0}")
        if texts:
            text.append(f"  {cards[slot].text}", style="dim")
        text.append("\n")
    text.append("Counters ", style="bold")
    if not me.counters:
        text.append("—", style="dim")
    for card_id in me.counters:
        if card_id not in cards:  # a view's placeholder: set, face down
            continue
        counter = cards[card_id].counter
        on = KIND_NAME.get(counter.on, "any attack") if counter else ""
        text.append(f"{cards[card_id].name} ({on}) ")
    face_down = sum(card_id not in cards for card_id in me.counters)
    if face_down:
        text.append(f"{face_down} set, face down")
    return text


# ----- cards in the choices list and the detail lines -------------------------------------


def card_detail(state: State | None, card: Card, width: int, seat: int = 0) -> Text:
    """Type, rarity and cost on one line; the card's text wrapped under it."""
    text = Text(type_line(card), style="italic")
    if card.kind != "energy":
        text.append(" · cost ")
        cost = current_cost(state, card, seat=seat) if state is not None else list(energy.base_cost(card))
        text.append_text(cost_text(cost))
        if state is not None and energy.combo_hit(you(state, seat), card):
            text.append(" (Combo: 1 less)", style="bold")
    for line in textwrap.wrap(card.text, max(width, 20)):
        text.append("\n" + line)
    return text


def card_text(card: Card, width: int, room: int = 2, lead: str = "") -> Text:
    """The detail lines under the list: what the card does (type and cost are on its line),
    after `lead` (what it deals now, in bold); with room to spare, what its keywords mean."""
    from engine.disciple.content import card_keywords

    keywords = card_keywords(card)
    text = wrap(f"{lead} {card.text}" if lead else card.text, width)
    if lead:
        text.stylize("bold", 0, len(lead))
    used = len(text.plain.splitlines())
    if room - used >= 3 and keywords:
        for keyword in keywords:
            lines = textwrap.wrap(f"{keyword.name}: {keyword.help}", max(width, 20))
            if used + len(lines) > room:
                break
            text.append("\n")
            text.append(keyword.name, style="bold")
            text.append(("\n".join(lines))[len(keyword.name):], style="dim")
            used += len(lines)
    elif keywords and used < room:
        text.append(f"\ni explains: {', '.join(k.name for k in keywords)}", style="dim italic")
    return text


def wrap(text: str, width: int) -> Text:
    return Text("\n".join(textwrap.wrap(text, max(width, 20))))


# ----- the legend (tui/widgets/legend.py) -------------------------------------------------

_KIND = r"(?:Generic|Upper|Lower|Grapple|Stance|Style|Energy)"
LEGEND = (
    Entry("B R G N", "energy; N gray: any pays",
          r"\b[BRGN]{1,5}\s+" + _KIND + r"|\[[BRGN]\d?\]|\([brgn]\d?\)|(?:energy|taps|pay) [BRGN]+(?: [BRGN]+)*"),
    Entry("[B] (b)", "energy ready, tapped", r"\[[BRGN]\d?\]|\([brgn]\d?\)"),
    Entry("C U E L", "rarity, common to legend.", r"(?m)" + _KIND + r"(?:\s+\d+(?:→\d+)?)?\s+[CUEL]$"),
    Entry("3 2→4", "damage; printed→now (Power, Guard, Feint)",
          r"(?m)" + _KIND + r"\s+\d+(?:→\d+)?\s+[CUEL]$|\d→\d"),
    Entry("×", "cannot pay it now", r"(?m)^×|\s×\S"),
    Entry("!", "energy can never pay it", r"(?m)^!|\s!\S"),
    Entry("▮▯", "vitality left", r"[▮▯]"),
    Entry("Rocked 1/2", "past it: knocked out", r"Rocked \d+/\d"),
    Entry("Next:", "what it may do this turn", r"Next:"),
    Entry("G2", "Guard: soaks damage", r"/\d+ G\d"),
    Entry("▸", "to act; your attacks' aim", r"▸\S"),
)
