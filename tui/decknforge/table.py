"""What the DecknForge table shows, as text built from the state: pure functions, no widgets."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.game import Outcome
from engine.decknforge.effects import equipped_total, lookup, strength
from engine.decknforge.legacy import Deck
from engine.decknforge.lexicon import word_text
from engine.decknforge.ending import scar_step
from engine.decknforge.model import (
    LABEL,
    ROLE,
    VALUE,
    Card,
    Cast,
    Equip,
    Hire,
    InscribeScar,
    Player,
    State,
    UpgradeScar,
)
from tui.plain import plain
from tui.widgets.cards import CardFace

DIGITS = "1234567"


def monster_tag(state: State, card: Card) -> str:
    return f"{'Jkr' if card.code[0] == 'X' else LABEL[card.code]}/{state.players[card.owner].initials}"


def slot_text(player: Player, index: int, width: int) -> str:
    if index >= len(player.slots):
        return "· empty ·".center(width)
    slot = player.slots[index]
    hero = LABEL[slot.adventurer.code] + ("*" if slot.adventurer.word else "")
    total = sum(VALUE[g.code] for g in slot.gear)
    gear = " ".join(LABEL[g.code] for g in slot.gear)
    tail = f" ={total}"
    room = width - len(hero) - len(tail) - 1
    if len(gear) > room:
        gear = gear[: max(room - 1, 0)] + "…"
    return f"{hero} {gear}".ljust(width - len(tail)) + tail


def status_text(state: State, outcome: Outcome | None, seat: int | None) -> Text:
    total, need = equipped_total(state), strength(state)
    text = Text(" DecknForge ", style="bold")
    if state.phase != "over":  # the summary of a finished game names its round
        text.append(f" Round {state.round} ")
    if state.phase == "turn":
        if seat is None:
            text.append(" Watching ", style="bold")
        else:
            player = state.players[seat]
            left = player.actions_left
            doing = f"{left} action{'s' if left != 1 else ''} left" if not player.done else "turn done"
            text.append(f" {plain(player.label).plain}: ", style="bold")
            text.append(f"{doing} ")
    elif state.phase == "scar":
        text.append(" The band fell: each deck writes its scar ", style="bold")
    else:  # every card has gone home: the totals would read 0, so tell the result instead
        won = outcome is not None and outcome.won
        text.append(" CLEARED " if won else " FELL ", style="bold reverse")
        text.append(f"  {outcome.summary if outcome else ''}")
        return text
    if state.phase == "turn":
        mark = ">" if total > need else "≤"
        text.append(f"  Equipped {total} {mark} Strength {need}", style="bold green" if total > need else "")
    return text


def band_text(state: State, after: list[Deck], width: int, seat: int | None) -> Text:
    """One line per player: their three slots, their scar, or what their deck gained. The
    mark says who is shown (▸), who is still acting (•) and who has finished (✓)."""
    heads = {
        p.seat: f"{'▸' if p.seat == seat else ('✓' if p.done else '•')}"
        f"{f'{p.initials}#{p.seat + 1}' if state.solo else p.initials:<5} L{p.level} h{len(p.hand)} "  # R20
        for p in state.players
    }
    slot_width = (width - max(map(len, heads.values())) - 3) // 3  # three slots, three bars
    lines = []
    for player in state.players:
        if state.phase == "scar":
            lines.append(scar_line(state, player, seat))
            continue
        if after:  # the game is over: every card is home, so say what the deck gained
            deck = after[player.seat]
            gained = deck.xp - state.decks[player.seat].xp
            lines.append(Text(f" {plain(player.label).plain}: +{gained} XP, now {deck.xp} XP, Level {deck.level};"
                              " all 54 cards are back in the deck"))
            continue
        shown = player.seat == seat
        head = Text(heads[player.seat].ljust(max(map(len, heads.values()))), style="bold" if shown else "")
        for i in range(3):
            head.append("│")
            head.append(slot_text(player, i, slot_width))
        lines.append(head)
    return Text("\n").join(lines)


def scar_line(state: State, player: Player, seat: int | None) -> Text:
    scar = state.scars[player.seat]
    step = scar_step(state, player.seat)
    shown = player.seat == seat
    mark = "▸" if shown else ("•" if step else "✓")
    text = Text(f"{mark}{plain(player.label).plain}: scar ", style="bold" if shown else "")
    if scar.monster:
        word = scar.monster_word or ("picking a word" if step == "monster" else "word to pick")
        text.append(f"{LABEL[scar.monster]} +{scar.modifier} ({word})")
    else:
        text.append("no blank Monster left")
    if scar.equipment:
        word = scar.equipment_word or ("picking a word" if step == "equipment" else "word to pick")
        text.append(f"; {LABEL[scar.equipment]} upgraded ({word})")
    return text


def hand_faces(hand: list[Card], marked: int | None) -> list[CardFace]:
    faces = []
    for i, card in enumerate(hand):
        kind = "adv" if ROLE[card.code] == "adventurer" else ("qi" if card.word else "")
        caption = f"{DIGITS[i]}{'*' if card.word else ' '}{kind}"
        faces.append(CardFace(LABEL[card.code], caption, f"{DIGITS[i]}{'*' if card.word else ''}", i == marked))
    return faces


def hint_text(state: State, action: Any) -> Text:
    """What the highlighted move involves: the word's rules, or the card's value."""
    name = ""
    if isinstance(action, (InscribeScar, UpgradeScar)):
        name = action.word
    elif isinstance(action, (Cast, Hire, Equip)):
        card = state.players[action.seat].hand[action.card]
        if isinstance(action, Equip):
            text = f"+{VALUE[card.code]} to the equipped total"
            return Text(text + (f"; its word {card.word} sleeps." if card.word else "."), style="dim")
        name = card.word
    word = lookup(state, name) if name else None
    if word is None:
        return Text("")
    return Text.assemble((f"{word.name}: ", "bold"), (word_text(word), "dim"))


def dungeon_text(state: State) -> str:
    rows = " ".join(
        "[" + " ".join([monster_tag(state, c) for c in row] + ["·"] * (2 - len(row))) + "]"
        for row in state.rows
    )
    per_attack = 1 + len(state.escalations)
    pile = len(state.monster_pile)
    return "\n".join([
        f"Rows {rows}",
        f"Escalations {len(state.escalations)} · {per_attack} per attack",
        f"Pile {pile} left {'▮' * min(pile, 14)}",
        f"Lair {len(state.lair)} · slain {len(state.slain)}",
    ])  # fmt: skip


def attack_text(state: State) -> Text | str:
    if not state.last_attack:
        return Text("No attack yet.", style="dim")
    lines = []
    for strike in state.last_attack:
        hit = ", ".join(strike.hit) or "nobody"
        if strike.result == "placed":
            lines.append(f"{strike.monster} takes a row:")
            lines.append("  every piece of gear stripped")
        elif strike.result == "escalates":
            lines.append(f"{strike.monster}: no room, a new row;")
            lines.append("  +1 Monster every attack")
        else:
            lines.append(f"{strike.monster} ({strike.attack}) hit {hit}")
            versus = ">" if strike.result.startswith("slain") else "≤"
            lines.append(f"  retaliation {strike.retaliation} {versus} {strike.attack}: {strike.result}")
    return "\n".join(lines)
