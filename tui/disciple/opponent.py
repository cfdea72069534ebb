"""The enemy panel: its vitality and state, its named attacks, and its intent: what its
attack pattern pile can do this turn (engine/disciple/enemy.py's preview, put in words), or
the patterns a Weakened enemy drew; else the event on the road."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from engine.disciple import enemy as foe
from engine.disciple.content import Pattern, load
from engine.disciple.model import ROCKED_LIMIT, State
from tui.cut import cut
from tui.disciple.view import the_enemy, you
from tui.disciple.view import KIND_NAME, PLAYER_ROCKED_LIMIT, flags, bar, ops_text, seat_name, vitality_limit


def pattern_text(state: State, pattern: Pattern, done: int = -1, seat: int = 0) -> Text:
    """A pattern's actions as they land; with `done` >= 0, spent ones ticked, the next marked."""
    text = Text(f"{pattern.name}: ", style="bold")
    for i, action in enumerate(foe.preview(state, the_enemy(state, seat), pattern)):
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


# ----- the enemy's intent ---------------------------------------------------------------


def intent_summary(state: State, seat: int = 0) -> str:
    """What any pattern of its pile may do next turn, bonuses and Power added: each kind of
    hit with its range, then Submit and the other effects. 'Upper 2-4 · Lower 3 · Submit 2'."""
    hits: dict[str, list[int]] = {}
    submit: list[int] = []
    guards: list[int] = []
    effects: list[str] = []
    for pattern in foe.pile(the_enemy(state, seat)):
        for action in foe.preview(state, the_enemy(state, seat), pattern):
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


def intent_rows(state: State, seat: int = 0) -> list[tuple[str, str]]:
    """Each pattern of its pile and what it would do now, for the larger table."""
    return [(p.name, foe.pattern_words(state, the_enemy(state, seat), p)) for p in foe.pile(the_enemy(state, seat))]


# ----- the foe (or the current event) ---------------------------------------------------


def foe_lines(
    state: State, large: bool = False, width: int = 38, seat: int = 0, onlooker: bool = False
) -> tuple[str, Text]:
    """The panel title and its text: the enemy being fought, else the current event. `large`
    lists each pattern of its pile, a line each, cut at `width`. An `onlooker` (someone
    watching from no seat) is told of `seat`'s side by name, never as "you"."""
    content = load()
    if state.mode == "versus":
        return rival_lines(state, seat, large)
    enemy = the_enemy(state, seat)
    if enemy is None:
        return _road_lines(state, seat=seat, onlooker=onlooker)
    card = content.enemies[enemy.id]
    title = f"{enemy.name} · {enemy.tier}"
    text = Text()
    if len(state.players) > 1:  # every enemy of the fight, its vitality and whom it goes for
        title = f"Enemies ({len(state.enemies)})"
        if seat < len(state.players) and not onlooker:  # the Campaign Leader attacks none of them
            title += f" · yours: {enemy.name}"
        text.append_text(enemies_text(state, None if onlooker else seat, width))
    else:
        text.append("Vitality ")
        text.append_text(bar(enemy.vitality, enemy.max_vitality))
        text.append(f" {max(enemy.vitality, 0)}/{enemy.max_vitality}", style="bold")
        text.append(f"  Guard {enemy.guard}")
    if enemy.beaten:
        text.append(f"\n{enemy.beaten.upper()}!", style="bold reverse")
        return title, text
    effects = flags(
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
    pile = foe.pile(the_enemy(state, seat))
    turn = state.enemy_turn
    if state.pending is not None and state.pending.kind == "weakened":
        text.append("\nWeakened, it drew these; you pick:", style="bold")
        for option in state.pending.options:
            pattern = pile[int(option)]
            text.append(f"\n{pattern.name}: ", style="bold")
            text.append(foe.pattern_words(state, the_enemy(state, seat), pattern))
    elif turn is not None and turn.pattern >= 0:
        text.append("\nNow ")
        text.append_text(pattern_text(state, pile[turn.pattern], turn.step, seat=seat))
    else:
        text.append("\nNext: ", style="bold")
        picks = f" (Weakened: it draws {enemy.weakened + 1}, you pick)" if enemy.weakened else ""
        text.append(intent_summary(state, seat=seat) + picks)
        if large:
            names = max(len(name) for name, _ in intent_rows(state, seat=seat))
            room = max(width - names - 4, 10)
            for name, words in intent_rows(state, seat=seat):
                text.append(f"\n  {name:<{names}}  ", style="bold")
                text.append(words if len(words) <= room else words[: room - 1] + "…")
        if the_enemy(state, seat).patterns_used:
            text.append("\nLast: ", style="bold")
            text.append(" then ".join(pile[p].name for p in the_enemy(state, seat).patterns_used))
    return title, text


def enemies_text(state: State, seat: int | None, width: int = 38) -> Text:
    """A line per enemy: ▸ the one this seat attacks, vitality, Guard, and whom it targets
    (the name is shortened to keep each on one line). Seat None: each target by name."""
    text = Text()
    mine = the_enemy(state, seat) if seat is not None else None
    for i, enemy in enumerate(state.enemies):
        if i:
            text.append("\n")
        text.append("▸" if enemy is mine else " ")
        if enemy.beaten:
            text.append(enemy.name[: width - 2 - len(enemy.beaten)], style="bold")
            text.append(f" {enemy.beaten}", style="dim")
            continue
        target = "you" if seat is not None and enemy.target == seat else seat_name(state, enemy.target)
        counts = f" {max(enemy.vitality, 0)}/{enemy.max_vitality} G{enemy.guard} "
        room = width - 1 - len(counts) - 2  # the marker, the counts and "→ "
        # A long player name gives way first (to 8 columns), then the enemy's (to 6).
        target = cut(target, max(room - cell_len(enemy.name), min(cell_len(target), 8)))
        text.append(cut(enemy.name, max(room - cell_len(target), 6)), style="bold")
        text.append(counts)
        text.append(f"→ {target}", style="bold" if enemy.target == seat else "")
    return text


def rival_lines(state: State, seat: int, large: bool = False) -> tuple[str, Text]:
    """Versus: the other Disciple as this seat may see them. Their hand shows as a count and
    their counters as set, face down, never which. `large` adds what their cards in play do
    and the first-player pull, pull by pull."""
    content = load()
    other = next((i for i in range(len(state.players)) if i != seat), seat)
    rival = state.players[other]
    styles = " + ".join(content.styles[s].name for s in rival.styles if s in content.styles)
    title = f"{rival.name} · {styles}" if styles else rival.name
    limit = vitality_limit(state)
    text = Text("Vitality ")
    text.append_text(bar(rival.vitality, limit))
    text.append(f" {max(rival.vitality, 0)}/{limit}", style="bold")
    text.append(f"  Guard {rival.guard}")
    if rival.beaten:
        text.append(f"\n{rival.beaten.upper()}!", style="bold reverse")
        return title, text
    text.append("\n" + flags(
        [
            (f"Rocked {rival.rocked}/{PLAYER_ROCKED_LIMIT}", True),
            (f"Power {rival.power}", rival.power > 0),
            ("Clinch", rival.clinch),
            ("Feint", rival.feint),
            (f"Stunned {rival.to_tap}", rival.to_tap > 0),
        ]
    ))  # fmt: skip
    cards = content.cards
    for label, slot in (("Stance", rival.stance), ("Style", rival.style), ("State", rival.state_card)):
        text.append(f"\n{label:<9}", style="bold")
        text.append(cards[slot].name if slot in cards else "—", style="" if slot in cards else "dim")
        if large and slot in cards:
            text.append(f"  {cards[slot].text}", style="dim")
    text.append("\nCounters ", style="bold")
    set_ = len(rival.counters)
    text.append(f"{set_} set, face down" if set_ else "—", style="" if set_ else "dim")
    text.append(f"\nHand {len(rival.hand)} · draw {len(rival.draw)} · discard {len(rival.discard)}")
    if rival.last_played:
        last = cards[rival.last_played].name if rival.last_played in cards else "a card face down"
        text.append(f"\nLast played {last}", style="dim")
    pulls = state.pulls
    if large and pulls:
        names = [state.players[i].name for i in range(2)]
        text.append(f"\n\nFirst-player pull ({names[0]} / {names[1]})", style="bold")
        for pair in pulls:
            text.append("\n  " + " / ".join(cards[c].name if c in cards else c for c in pair))
    return title, text


def _road_lines(state: State, seat: int = 0, onlooker: bool = False) -> tuple[str, Text]:
    me = you(state, seat)
    content = load()
    if seat >= len(state.players) and state.event not in content.events:  # the Campaign Leader
        return "The journey", Text(
            "You lead the players from their event decks: the player order, what comes next, "
            "how many enemies commit to a fight, whom each enemy attacks, who may learn a "
            "second style."
        )
    if onlooker and state.event not in content.events:
        return "The journey", Text("The players choose their martial arts and decks, or the "
                                   "next event waits on the road.", style="dim")
    if state.pending is not None and state.pending.kind == "start_choice":
        return "Your starting deck", Text(
            f"{state.pending.prompt}\nYour deck holds {len(me.draw)} cards so far; "
            "pick one more from the list below."
        )
    if state.event in content.events:
        event = content.events[state.event]
        text = Text(event.text)
        if state.pending is not None and state.pending.kind == "second_style":
            half = len(me.skills_deck) // 2
            text.append(
                f"\nLearning one: its starting deck joins yours; {half} of your "
                f"{len(me.skills_deck)} skills make way for as many of its own; you pick 3 new "
                "energy colours from both schools. Declining changes nothing.",
                style="dim",
            )
        return f"Event: {event.name}", text
    if not me.styles:
        return "Your journey", Text(
            "Choose the martial art you will learn. Each has its own cards, energy colours, "
            "opponents and final boss. You have 25 vitality for the whole journey."
        )
    return "The road", Text("The next event waits on the road.", style="dim")


