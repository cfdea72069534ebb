"""What the DecknForge table shows, as text built from the state: pure functions, no widgets."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.game import Outcome
from engine.decknforge.effects import dungeon_monsters, equipped_total, lookup, monster_value, owner_tag, strength
from engine.decknforge.legacy import Deck
from engine.decknforge.lexicon import word_text
from engine.decknforge.ending import scar_step
from engine.decknforge.model import (
    ALL_CODES,
    LABEL,
    ROLE,
    STRENGTH_PER_PLAYER,
    SUIT_SYMBOL,
    DrawAdventurer,
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
from tui.cut import cut
from tui.plain import plain
from tui.widgets.cards import CardFace
from tui.widgets.legend import Entry

DIGITS = "1234567"


MONSTERS = tuple(code for code in ALL_CODES if ROLE[code] == "monster")  # each deck's aces and jokers


def monster_tag(state: State, card: Card) -> str:
    return f"{'Jkr' if card.code[0] == 'X' else LABEL[card.code]}/{owner_tag(state, card.owner)}"


def out_of_pile(state: State) -> list[Card]:
    """The Monsters that have come out of the pile: face up on the table or slain."""
    return [c for row in state.rows for c in row] + state.escalations + state.lair + state.slain


def pile_text(state: State) -> str:
    """What the face-down pile still holds: every deck brought its four aces and two jokers,
    less those that came out; the modifiers of the cards in it stay known (R1)."""
    out = {(c.owner, c.code) for c in out_of_pile(state)}
    left = [(seat, code) for seat in range(len(state.players)) for code in MONSTERS if (seat, code) not in out]
    suits = [f"{SUIT_SYMBOL[s]}{n}" for s in "SHDC" if (n := sum(code[-1] == s and code[0] == "A" for _, code in left))]
    jokers = sum(code[0] == "X" for _, code in left)
    parts = suits + ([f"Jkr{jokers}"] if jokers else [])
    mods = sorted((c.mod for c in state.monster_pile if c.mod), reverse=True)
    words = f" · mods {' '.join(f'{m:+d}' for m in mods)}" if mods else ""
    return " ".join(parts) + words if parts else "empty"


def strength_terms(state: State, short: bool = False) -> list[str]:
    """The Dungeon Strength as its parts: 25 per player, each Monster still in the dungeon
    (its deck's Level plus its modifier), and this round's words (`short`: in few words)."""
    players = len(state.players)
    floor = STRENGTH_PER_PLAYER * players
    monsters = dungeon_monsters(state)
    total = sum(monster_value(state, c) for c in monsters)
    many = "" if len(monsters) == 1 else "s"
    if short:
        terms = [f"{STRENGTH_PER_PLAYER}×{players}", f"+{total} ({len(monsters)} Monster{many})"]
    else:
        where = "in the dungeon" if not state.gentle else "out of the pile"
        terms = [f"{STRENGTH_PER_PLAYER}×{players} players = {floor}", f"+{total} for {len(monsters)} Monster{many} {where}"]
    if state.strength_adjust:
        terms.append(f"{state.strength_adjust:+d} {'words' if short else 'from words this round'}")
    if floor > floor + total + state.strength_adjust:
        terms.append(f"at least {floor}" if short else f"never below {floor}")
    return terms


def monster_terms(state: State) -> str:
    """Each Monster's part of the Strength, for a wide panel: A♠/P1 3 (Level 1 +2)."""
    return ", ".join(
        f"{monster_tag(state, c) if c.code != '??' else 'pile/' + owner_tag(state, c.owner)} {monster_value(state, c)}"
        for c in dungeon_monsters(state)
    )


def slot_text(player: Player, index: int, width: int) -> str:
    if index >= len(player.slots):
        return "· empty ·".center(width)
    slot = player.slots[index]
    total = sum(VALUE[g.code] for g in slot.gear)
    gear = " ".join(LABEL[g.code] for g in slot.gear)
    tail = f" ={total}"
    hero = LABEL[slot.adventurer.code] + ("*" if slot.adventurer.word else "")
    named = f"{LABEL[slot.adventurer.code]} {plain(slot.adventurer.word).plain}"
    if slot.adventurer.word and len(named) + len(gear) + len(tail) + 1 <= width:
        hero = named  # room for the Adventurer's word itself (a wide terminal)
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


SLOT_MOST = 34  # columns of a slot, however wide the band: an Adventurer and all its gear fit
ASIDE_LEAST = 24  # columns past the slots worth saying each player's decks and turn in


def player_aside(state: State, player: Player) -> str:
    """A player's decks and turn, beside their slots on a wide band."""
    left = player.actions_left
    turn = "turn done" if player.done else f"{left} action{'s' if left != 1 else ''} left"
    if state.phase != "turn":
        turn = ""
    xp = state.decks[player.seat].xp
    parts = [f"Equipment {len(player.equipment_deck)}", f"Adventurers {len(player.adventurer_deck)}", f"{xp} XP", turn]
    return " · ".join(part for part in parts if part)


def band_text(state: State, after: list[Deck], width: int, seat: int | None) -> Text:
    """One line per player: their three slots, their scar, or what their deck gained. The
    mark says who is shown (▸), who is still acting (•) and who has finished (✓)."""
    heads = {
        p.seat: f"{'▸' if p.seat == seat else ('✓' if p.done else '•')}"
        f"{f'{p.initials}#{p.seat + 1}' if state.solo else p.initials:<5} L{p.level} h{len(p.hand)} "  # R20
        for p in state.players
    }
    head_width = max(map(len, heads.values()))
    slot_width = min((width - head_width - 3) // 3, SLOT_MOST)  # three slots, three bars
    # a wide band: what is left past the slots tells each player's decks and turn
    aside = width - head_width - 3 * (slot_width + 1) - 1
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
        if aside >= ASIDE_LEAST:
            head.append("│ ")
            head.append(cut(player_aside(state, player), aside), style="dim")
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


REFILL = ("An empty slot fills in three steps: draw an Adventurer (a), hire it (its digit, "
          "then Enter), then equip it with Equipment.")


def hint_text(state: State, action: Any) -> Text:
    """What the highlighted move involves: the word's rules, the card's value, or how an
    empty slot is filled again."""
    if isinstance(action, DrawAdventurer):
        return Text(REFILL, style="dim")
    name = ""
    if isinstance(action, (InscribeScar, UpgradeScar)):
        name = action.word
    elif isinstance(action, (Cast, Hire, Equip)):
        card = state.players[action.seat].hand[action.card]
        if isinstance(action, Equip):
            text = f"+{VALUE[card.code]} to the equipped total"
            text += f"; its word {plain(card.word).plain} sleeps." if card.word else "."
            player = state.players[action.seat]
            if action.slot < len(player.slots) and player.slots[action.slot].adventurer.word:
                hero = player.slots[action.slot].adventurer  # the Adventurer it goes on speaks
                return Text.assemble((text + " ", "dim"), word_line(state, hero.word, LABEL[hero.code]))
            return Text(text, style="dim")
        name = card.word
        if isinstance(action, Hire) and not name:
            return Text(REFILL, style="dim")
    return word_line(state, name)


def word_line(state: State, name: str, card: str = "") -> Text:
    """A Qi Word's name and rules on one line (the card that carries it first, if given)."""
    word = lookup(state, name) if name else None
    if word is None:
        return Text(f"{card} {plain(name).plain}" if name else "")
    head = f"{card} " if card else ""
    return Text.assemble((f"{head}{plain(word.name).plain}: ", "bold"), (word_text(word), "dim"))


def strength_sum(state: State) -> str:
    """The Strength as a sum for the panel's edge: 'Strength 53 = 25×2 + 3 - 12'."""
    players = len(state.players)
    total = sum(monster_value(state, c) for c in dungeon_monsters(state))
    text = f"Strength {strength(state)} = {STRENGTH_PER_PLAYER}×{players} + {total}"
    if state.strength_adjust:
        text += f" {'+' if state.strength_adjust > 0 else '-'} {abs(state.strength_adjust)}"
    if strength(state) == STRENGTH_PER_PLAYER * players and total + state.strength_adjust < 0:
        text += " (its floor)"
    return text


def dungeon_text(state: State, wide: bool = False) -> str:
    """The pile and what it holds, the rows, the lair; a wide panel adds the Strength's parts
    down to each Monster."""
    rows = " ".join(
        "[" + " ".join([monster_tag(state, c) for c in row] + ["†"] * (fallen := state.slain_places.count(i)) + ["·"] * (2 - len(row) - fallen)) + "]"
        for i, row in enumerate(state.rows)
    )
    if state.phase == "over":  # every card has gone home: nothing live to count
        return f"Rows {rows}\nThe dungeon is behind the band now."
    per_attack = 1 + len(state.escalations)
    pile = len(state.monster_pile)
    lines = [
        f"Pile {pile}{' ' + '▮' * min(pile, 14) if wide else ''} · {per_attack} per attack",
        f"  it holds {pile_text(state)}",
        f"Rows {rows}",
        f"Lair {len(state.lair)} · slain {len(state.slain)}" + (" (†)" if state.slain_places else ""),
    ]
    if wide:
        lines += ["Strength: " + ", ".join(strength_terms(state)), f"  {monster_terms(state)}"]
    return "\n".join(lines)


def attack_text(state: State) -> Text | str:
    if not state.last_attack:
        return Text("No attack yet.", style="dim")
    lines = []
    for strike in state.last_attack:
        hit = ", ".join(strike.hit) or "nobody"
        if strike.monster.startswith("Joker") and strike.hit:  # R4: the gear it strips answers it
            lines.append(f"{strike.monster} ({strike.attack}): gear stripped")
            verdict = "slain" if strike.result == "slain" else "holds its row"
            versus = ">" if strike.result == "slain" else "≤"
            lines.append(f"  retaliation {strike.retaliation} {versus} {strike.attack}: {verdict}")
        elif strike.result == "placed":
            lines.append(f"{strike.monster} takes a row:")
            lines.append("  no gear to strip")
        elif strike.result == "escalates":
            lines.append(f"{strike.monster}: no room, a new row;")
            lines.append("  +1 Monster every attack")
        else:
            lines.append(f"{strike.monster} ({strike.attack}) hit {hit}")
            versus = ">" if strike.result.startswith("slain") else "≤"
            lines.append(f"  retaliation {strike.retaliation} {versus} {strike.attack}: {strike.result}")
    return "\n".join(lines)


def details_text(state: State, seat: int | None) -> Text:
    """The whole table in words, for the table-detail view: each player's slots with every
    Adventurer's word and its rules, the gear and its total, the hand's size; the dungeon down
    to each Monster and its word; the last attack."""
    lines: list[Text | str] = [Text(f"Round {state.round} · {state.phase}", style="bold")]
    for player in state.players:
        head = f"{plain(player.label).plain} ({owner_tag(state, player.seat)}) · Level {player.level}"
        head += f" · hand {len(player.hand)} · {player.actions_left} action{'' if player.actions_left == 1 else 's'} left"
        lines += ["", Text(head + (" · turn done" if player.done else ""), style="bold")]
        for index in range(3):
            if index >= len(player.slots):
                lines.append(f"  slot {index + 1}: empty")
                continue
            slot = player.slots[index]
            total = sum(VALUE[g.code] for g in slot.gear)
            gear = ", ".join(LABEL[g.code] + (f" ({plain(g.word).plain}, asleep)" if g.word else "") for g in slot.gear)
            lines.append(f"  slot {index + 1}: {LABEL[slot.adventurer.code]}, gear {gear or 'none'} = {total}")
            if slot.adventurer.word:
                lines.append(Text.assemble("    ", word_line(state, slot.adventurer.word)))
        for card in player.cast:
            lines.append(Text.assemble(f"  cast {LABEL[card.code]}: ", word_line(state, card.word)))
        if player.seat == seat:
            for i, card in enumerate(player.hand):
                if card.word:
                    lines.append(Text.assemble(f"  hand {DIGITS[i]} {LABEL[card.code]}: ", word_line(state, card.word)))
    lines += ["", Text("Dungeon", style="bold"), *("  " + line for line in dungeon_text(state, wide=True).split("\n"))]
    for card in out_of_pile(state):
        if card.word or card.mod:
            told = f"  {monster_tag(state, card)} {card.mod:+d}" if card.mod else f"  {monster_tag(state, card)}"
            lines.append(Text.assemble(told + " ", word_line(state, card.word)))
    lines += ["", Text("Last attack", style="bold")]
    attack = attack_text(state)
    lines += ["  " + line for line in (attack.plain if isinstance(attack, Text) else attack).split("\n")]
    return Text("\n").join(Text(line) if isinstance(line, str) else line for line in lines)


def attack_key(state: State) -> int:
    """Which attack the table shows last: the round it ended (0: none yet)."""
    if not state.last_attack:
        return 0
    return state.round - 1 if state.phase == "turn" else state.round


def attack_story(state: State, lines: list[str]) -> Text:
    """The pause after an attack: each Monster's strike (what it hit, the retaliation against
    its attack), then the attack as the log tells it, line by line, with the why in it."""
    kinds = [line.what for line in state.log]
    start = max((i for i, kind in enumerate(kinds) if kind == "attack"), default=len(kinds))
    summary = attack_text(state)
    told = [Text(line) for line in lines[start:]]
    return Text("\n").join([Text(summary) if isinstance(summary, str) else summary, Text(""), *told])


def card_lines(state: State, card: Card) -> list[Text]:
    """One card in full: its label and what it is, its value, its word with the word's rules."""
    role = ROLE[card.code]
    what = {"adventurer": "Adventurer", "monster": "Monster"}.get(role, "Equipment")
    lines = [Text(f"{LABEL[card.code]}: {what}" + (f", value {VALUE[card.code]}" if role == "equipment" else ""), style="bold")]
    if card.word:
        lines.append(Text.assemble("  ", word_line(state, card.word)))
    else:
        lines.append(Text("  no Qi Word", style="dim"))
    return lines


def info_text(state: State, action: Any) -> Text:
    """The card/term detail of the highlighted move: the hand card it plays, and the
    Adventurer it goes on; a scar's word; else every word in the seat's hand and slots."""
    cards: list[Card] = []
    if isinstance(action, tuple):  # (EQUIP, card, seat)
        cards.append(state.players[action[2]].hand[action[1]])
    elif isinstance(action, (Cast, Hire, Equip)):
        player = state.players[action.seat]
        cards.append(player.hand[action.card])
        if isinstance(action, Equip) and action.slot < len(player.slots):
            cards.append(player.slots[action.slot].adventurer)
    elif isinstance(action, (InscribeScar, UpgradeScar)):
        return word_line(state, action.word)
    elif getattr(action, "seat", None) is not None and action.seat < len(state.players):
        player = state.players[action.seat]
        cards = [c for c in player.hand if c.word] + [s.adventurer for s in player.slots if s.adventurer.word]
    lines = [line for card in cards for line in card_lines(state, card)]
    return Text("\n").join(lines) if lines else Text("No card with a word here.", style="dim")


# The legend of the table's codes (tui/widgets/legend.py).
LEGEND = (
    Entry("L1 h7", "deck Level, cards in hand", r"\bL\d+ h\d"),
    Entry("=0", "value of its gear", r"=\d"),
    Entry("▸ • ✓", "seat shown, acting, done", r"(?m)^[▸•✓]"),
    Entry("*", "a Qi Word on it (i tells)", r"[♠♥♦♣]\*|\d\*"),
    Entry("adv qi", "Adventurer; has a Qi Word", r"\d[ *](?:adv|qi)\b"),
    Entry("≤ >", "Equipped must beat (>) Strength when they attack", r"Equipped \d+ [≤>]"),
    Entry("A♠/P1", "a Monster, whose deck", r"(?:A[♠♥♦♣]|Jkr)/\S"),
    Entry("▮▮▮", "Monsters left: the clock", r"Pile \d+ ▮"),
    Entry("♠2 Jkr4", "aces by suit, jokers left", r"holds .*(?:[♠♥♦♣]\d|Jkr\d)"),
    Entry("mods +2", "modifiers on those left", r"mods [+-]\d"),
    Entry("[· ·]", "a row: room for two", r"\[[^\]]*·[^\]]*\]"),
    Entry("†", "a slain joker's place: still taken", r"\[[^\]]*†[^\]]*\]"),
    Entry("25×2", "Strength: 25 a player + Monsters", r"25×\d"),
    Entry("Eq Adv", "cards left to draw", r"Eq \d+ · Adv \d"),
)
