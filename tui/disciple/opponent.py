"""The enemy panel: its vitality and state, its named attacks, and its intent: what its
attack pattern pile can do this turn (engine/disciple/enemy.py's preview, put in words), or
the patterns a Weakened enemy drew; else the event on the road."""

from __future__ import annotations

from rich.text import Text

from engine.disciple import enemy as foe
from engine.disciple.content import Pattern, load
from engine.disciple.model import ROCKED_LIMIT, State
from tui.disciple.view import the_enemy, you
from tui.disciple.view import KIND_NAME, flags, bar, ops_text


def pattern_text(state: State, pattern: Pattern, done: int = -1) -> Text:
    """A pattern's actions as they land; with `done` >= 0, spent ones ticked, the next marked."""
    text = Text(f"{pattern.name}: ", style="bold")
    for i, action in enumerate(foe.preview(state, the_enemy(state), pattern)):
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


def intent_summary(state: State) -> str:
    """What any pattern of its pile may do next turn, bonuses and Power added: each kind of
    hit with its range, then Submit and the other effects. 'Upper 2-4 · Lower 3 · Submit 2'."""
    hits: dict[str, list[int]] = {}
    submit: list[int] = []
    guards: list[int] = []
    effects: list[str] = []
    for pattern in foe.pile(the_enemy(state)):
        for action in foe.preview(state, the_enemy(state), pattern):
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
    return [(p.name, foe.pattern_words(state, the_enemy(state), p)) for p in foe.pile(the_enemy(state))]


# ----- the foe (or the current event) ---------------------------------------------------


def foe_lines(state: State, large: bool = False, width: int = 38) -> tuple[str, Text]:
    """The panel title and its text: the enemy being fought, else the current event. `large`
    lists each pattern of its pile, a line each, cut at `width`."""
    content = load()
    enemy = the_enemy(state)
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
    pile = foe.pile(the_enemy(state))
    turn = state.enemy_turn
    if state.pending is not None and state.pending.kind == "weakened":
        text.append("\nWeakened, it drew these; you pick:", style="bold")
        for option in state.pending.options:
            pattern = pile[int(option)]
            text.append(f"\n{pattern.name}: ", style="bold")
            text.append(foe.pattern_words(state, the_enemy(state), pattern))
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
        if the_enemy(state).patterns_used:
            text.append("\nLast: ", style="bold")
            text.append(" then ".join(pile[p].name for p in the_enemy(state).patterns_used))
    return title, text


def _road_lines(state: State) -> tuple[str, Text]:
    me = you(state)
    content = load()
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


