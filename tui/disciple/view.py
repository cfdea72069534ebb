"""What the Disciple table shows, as rich Text built from the state: no rules live here (what
a pattern would do is engine/disciple/enemy.py's preview; this only words it).

Colours always come with a letter or a word: energy B/R/G/N, rarity C/U/E/L, types by name.
"""

from __future__ import annotations

import textwrap

from rich.text import Text

from engine.disciple import energy
from engine.disciple import enemy as foe
from engine.disciple.content import Card, Op, Pattern, PatternAction, load
from engine.disciple.model import (
    COLOURS,
    COLOUR_LETTER,
    PLAYER_ROCKED_LIMIT,
    ROCKED_LIMIT,
    START_VITALITY,
    EnergyCard,
    State,
)

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


def current_cost(state: State, card: Card) -> list[int]:
    return energy.cost_of(state, card)


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


def pattern_text(state: State, pattern: Pattern, done: int = -1) -> Text:
    """A pattern's actions as they land; with `done` >= 0, spent ones ticked, the next marked."""
    text = Text(f"{pattern.name}: ", style="bold")
    for i, action in enumerate(foe.preview(state, pattern)):
        words = foe.action_words(action)
        if i:
            text.append(", ")
        if done < 0:
            text.append(words)
        elif i < done:
            text.append(f"✓{words}", style="dim")
        else:
            text.append(f"▸{words}" if i == done else words, style="bold")
    return text


def attack_text(attack) -> str:
    kind = KIND_NAME[attack.kind] + (f" +{attack.bonus}" if attack.bonus else "")
    return f"{attack.name} ({kind}{', ' + ops_text(attack.ops) if attack.ops else ''})"


def _flags(parts: list[tuple[str, bool]]) -> str:
    return " · ".join(word for word, on in parts if on)


# ----- the enemy's intent ---------------------------------------------------------------


def intent_summary(state: State) -> str:
    """What any pattern of its pile may do next turn, bonuses and Power added: each kind of
    hit with its range, then Submit and the other effects. 'Upper 2-4 · Lower 3 · Submit 2'."""
    hits: dict[str, list[int]] = {}
    submit: list[int] = []
    guards: list[int] = []
    effects: list[str] = []
    for pattern in foe.pile(state):
        for action in foe.preview(state, pattern):
            if action.skipped:
                continue
            if action.damage > 0:
                hits.setdefault(action.kind, []).append(action.damage)
            for op in action.ops:
                if op.op == "submit":
                    submit.append(op.n)
                elif op.op == "guard":
                    guards.append(op.n)
                elif op.op != "power":
                    word = foe.op_words(op).split(" ")[0]
                    if word not in effects:
                        effects.append(word)
    parts = [f"{KIND_NAME[kind]} {_span(values)}" for kind, values in sorted(hits.items(), key=_kind_order)]
    if submit:
        parts.append(f"Submit {_span(submit)}")
    if guards:  # Guard it gives itself, unlike the effects on you
        parts.append(f"it Guards {_span(guards)}")
    return " · ".join(parts + effects) or "nothing"


def _kind_order(item: tuple[str, list[int]]) -> int:
    return list(KIND_NAME).index(item[0])


def _span(values: list[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}-{high}"


def intent_rows(state: State) -> list[tuple[str, str]]:
    """Each pattern of its pile and what it would do now, for the larger table."""
    return [(p.name, foe.pattern_words(state, p)) for p in foe.pile(state)]


# ----- the foe (or the current event) ---------------------------------------------------


def foe_lines(state: State, large: bool = False, width: int = 38) -> tuple[str, Text]:
    """The panel title and its text: the enemy being fought, else the current event. `large`
    lists each pattern of its pile, a line each, cut at `width`."""
    content = load()
    enemy = state.enemy
    if enemy is None:
        return _road_lines(state)
    card = content.enemies[enemy.id]
    title = f"{enemy.name} · {enemy.tier}"
    text = Text("Vitality ")
    text.append_text(bar(enemy.vitality, enemy.max_vitality))
    text.append(f" {max(enemy.vitality, 0)}/{enemy.max_vitality}", style="bold")
    text.append(f"  Guard {enemy.guard}")
    if enemy.beaten:
        text.append(f"\n{enemy.beaten.upper()}!", style="bold reverse")
        return title, text
    effects = _flags(
        [
            (f"Rocked {enemy.rocked}/{ROCKED_LIMIT[enemy.tier]}", True),
            (f"Power {enemy.power}", enemy.power > 0),
            ("Clinch", enemy.clinch),
            ("Feint", enemy.feint),
            (f"Weakened {enemy.weakened}", enemy.weakened > 0),
            (f"Stunned {enemy.stun}", enemy.stun > 0),
        ]
    )
    text.append(f"\n{effects}")
    attacks = "; ".join(attack_text(a) for a in card.attacks)
    specials = " ".join(s.text for s in card.specials if s.text)
    text.append(f"\n{attacks}{'. ' + specials if specials else ''}", style="italic")
    pile = foe.pile(state)
    turn = state.enemy_turn
    if state.pending is not None and state.pending.kind == "weakened":
        text.append("\nWeakened, it drew these; you pick:", style="bold")
        for option in state.pending.options:
            pattern = pile[int(option)]
            text.append(f"\n{pattern.name}: ", style="bold")
            text.append(foe.pattern_words(state, pattern))
    elif turn is not None and turn.pattern >= 0:
        text.append("\nNow ")
        text.append_text(pattern_text(state, pile[turn.pattern], turn.step))
    else:
        text.append("\nNext: ", style="bold")
        picks = f" (Weakened: it draws {enemy.weakened + 1}, you pick)" if enemy.weakened else ""
        text.append(intent_summary(state) + picks)
        if large:
            names = max(len(name) for name, _ in intent_rows(state))
            room = max(width - names - 4, 10)
            for name, words in intent_rows(state):
                text.append(f"\n  {name:<{names}}  ", style="bold")
                text.append(words if len(words) <= room else words[: room - 1] + "…")
        if state.patterns_used:
            text.append("\nLast: ", style="bold")
            text.append(" then ".join(pile[p].name for p in state.patterns_used))
    return title, text


def _road_lines(state: State) -> tuple[str, Text]:
    content = load()
    if state.pending is not None and state.pending.kind == "start_choice":
        return "Your starting deck", Text(
            f"{state.pending.prompt}\nYour deck holds {len(state.draw)} cards so far; "
            "pick one more from the list below."
        )
    if state.event in content.events:
        event = content.events[state.event]
        text = Text(event.text)
        if state.pending is not None and state.pending.kind == "second_style":
            half = len(state.skills_deck) // 2
            text.append(
                f"\nLearning one: its starting deck joins yours; {half} of your "
                f"{len(state.skills_deck)} skills make way for as many of its own; you pick 3 new "
                "energy colours from both schools. Declining changes nothing.",
                style="dim",
            )
        return f"Event: {event.name}", text
    if not state.styles:
        return "Your journey", Text(
            "Choose the martial art you will learn. Each has its own cards, energy colours, "
            "opponents and final boss. You have 25 vitality for the whole journey."
        )
    return "The road", Text("The next event waits on the road.", style="dim")


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


def piles_note(state: State) -> str:
    return f"draw {len(state.draw)} · discard {len(state.discard)} · skills {len(state.skills_deck)}"


def you_lines(state: State, paying: Text | None = None, large: bool = False) -> tuple[str, Text]:
    """The Disciple's panel; `paying` is a line about the energy the highlighted card taps;
    `large` adds what the cards in play do."""
    content = load()
    styles = " + ".join(content.styles[s].name for s in state.styles)
    title = f"You · {styles}" if styles else "You"
    text = Text("Vitality ")
    text.append_text(bar(state.vitality, START_VITALITY))
    text.append(f" {max(state.vitality, 0)}/{START_VITALITY}", style="bold")
    text.append(f"  Guard {state.guard}")
    buffs = _flags(
        [
            (f"Rocked {state.rocked}/{PLAYER_ROCKED_LIMIT}", True),
            (f"Power {state.power}", state.power > 0),
            ("Clinch", state.clinch),
            ("Feint", state.feint),
            (f"Stunned {state.to_tap}", state.to_tap > 0),
        ]
    )
    if state.combo:
        buffs += " · Combo " + ", ".join(_combo_word(w) for w in state.combo)
    text.append("\n" + buffs)
    text.append("\n")
    text.append_text(energy_text(state.energy, state.pool))
    if paying is not None:
        text.append("\n")
        text.append_text(paying)
    text.append("\n")
    text.append_text(in_play_text(state, large))
    return title, text


def _combo_word(word: str) -> str:
    cards = load().cards
    if word in cards:
        return cards[word].name
    return "any " + TAG_NAME.get(word, TYPE_NAME.get(word, word))


def in_play_text(state: State, texts: bool = False) -> Text:
    """Stance, Style, State and counters; with `texts`, what each does too."""
    cards = load().cards
    text = Text()
    for label, slot in (("Stance", state.stance), ("Style", state.style), ("State", state.state_card)):
        text.append(f"{label:<9}", style="bold")
        if not slot:
            text.append("—\n", style="dim")
            continue
        text.append(cards[slot].name)
        if label == "State" and state.locked:
            lock = cards[slot].lock_in
            text.append(f" locked {state.lock_damage}/{lock.breaks if lock else 0}")
        if texts:
            text.append(f"  {cards[slot].text}", style="dim")
        text.append("\n")
    text.append("Counters ", style="bold")
    if not state.counters:
        text.append("—", style="dim")
    for card_id in state.counters:
        counter = cards[card_id].counter
        on = KIND_NAME.get(counter.on, "any attack") if counter else ""
        text.append(f"{cards[card_id].name} ({on}) ")
    return text


# ----- cards in the choices list and the detail lines -------------------------------------


def card_detail(state: State | None, card: Card, width: int) -> Text:
    """Type, rarity and cost on one line; the card's text wrapped under it."""
    text = Text(type_line(card), style="italic")
    if card.kind != "energy":
        text.append(" · cost ")
        cost = current_cost(state, card) if state is not None else list(energy.base_cost(card))
        text.append_text(cost_text(cost))
        if state is not None and energy.combo_hit(state, card):
            text.append(" (Combo: 1 less)", style="bold")
    for line in textwrap.wrap(card.text, max(width, 20)):
        text.append("\n" + line)
    return text


def card_text(card: Card, width: int, room: int = 2) -> Text:
    """The detail lines under the list: what the card does (type and cost are on its line);
    with room to spare, what its keywords mean."""
    from engine.disciple.content import card_keywords

    keywords = card_keywords(card)
    text = wrap(card.text, width)
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
