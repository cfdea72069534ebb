"""Text for the Druid Path table: lane cells, the path track, hand lines and card details.

Pure functions of the engine's state and content, so the screen only places them.
Symbols carry meaning beside colour: ♥ HP, » attack, ◆ armor, gem letters G R B Y (* = any).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.druid_path.model import (
    GEM_LETTER,
    STEPS,
    AcceptRoll,
    Activate,
    AttackDarach,
    Beast,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PickBranch,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    State,
    Step,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)
from engine.druid_path.phases import why_no_attack
from engine.druid_path.rules import chance
from engine.druid_path.table import C, SPIRIT, WARDS, armor_of, attack_of, hp_left, max_hp, name_of
from engine.core.odds import percent
from tui.widgets.legend import Entry

from tui.cut import cut, cut_text, first_fitting, wrap_cut

GEM_STYLE = {"green": "green", "red": "red", "blue": "blue", "yellow": "yellow"}
CELL = 13  # one lane's width in the table at 80 columns (7 + 3 x 13 = 46 cells); wider tables widen it


def cell_width(table_width: int) -> int:
    """One lane's width for a table this wide (the row labels take 7)."""
    return max(CELL, (table_width - 7) // 3)


def gem_text(gems: dict[str, int], label: str = "") -> Text:
    text = Text(label)
    for colour in ("green", "red", "blue", "yellow"):
        text.append(f"{GEM_LETTER[colour]}{gems.get(colour, 0)}", style=f"bold {GEM_STYLE[colour]}")
        text.append(" ")
    return text


def stamina_text(stamina: int, top: int) -> Text:
    text = Text("Stamina ")
    text.append("●" * stamina, style="bold yellow")
    text.append("○" * max(top - stamina, 0), style="dim")
    text.append(f" {stamina}/{top}")
    return text


# ----- lane cells -------------------------------------------------------------------------


def beast_cell(beast: Beast | None, marked: bool = False, cell: int = CELL, row: str = "druid") -> tuple[Text, Text]:
    """Two lines of one lane: the name, then ♥HP » attack ◆ armor and markers (W a ward)."""
    if beast is None:
        return Text(f"{'·':<{cell}}", style="dim"), Text(" " * cell)
    name = name_of(beast)
    stats = f"♥{hp_left(beast)}/{max_hp(beast)} »{attack_of(beast)}"
    armor = armor_of(beast)
    if armor:
        stats += f" ◆{armor}"
    marks = ""
    if beast.exhausted:
        marks += "z"
    if beast.used:
        marks += "✓"
    if beast.relics:
        marks += "R"
    if beast.card in C.shadows:
        marks += "S"
    if row == "darach" and beast.card in WARDS:
        marks += "W"
    if marks:
        stats += f" {marks}"
    style = "reverse bold" if marked else "bold"
    room = cell - 1  # a column between lanes
    stats = first_fitting([stats, stats.replace(" ", "")], room)  # the markers before the gaps
    return Text(f"{cut(name, room):<{cell}}", style=style), Text(f"{stats:<{cell}}")


def encounter_cell(state: State, lane: int, marked: bool = False, cell: int = CELL) -> tuple[Text, Text]:
    """Two lines: the name, then gem cost, the 2d6 that tames it, » attack and ♥ HP."""
    slot = state.encounter[lane]
    if slot is None:
        return Text(f"{'·':<{cell}}", style="dim"), Text(" " * cell)
    card = C.beasts[slot.card]
    style = "reverse bold" if marked else ("dim" if slot.tried else "bold")
    room = cell - 1  # a column between lanes
    first = Text(f"{cut(card.name, room):<{cell}}", style=style)
    gems = Text()
    for colour, n in card.cost.coloured().items():
        gems.append(GEM_LETTER[colour] * n, style=f"bold {GEM_STYLE[colour]}")
    gems.append("*" * card.cost.any)
    tame = "tried" if slot.tried else f"{card.tame}+"
    # the gaps give way first, so the attack and HP always show
    forms = [f" {tame} »{card.attack} ♥{card.hp}", f"{tame} »{card.attack} ♥{card.hp}", f"{tame}»{card.attack}♥{card.hp}"]
    if slot.tried:  # then "tried" shortens to its mark (the cell is dimmed too)
        forms += [f" ✗ »{card.attack} ♥{card.hp}", f"✗»{card.attack}♥{card.hp}"]
    for form in forms:
        second = gems.copy().append(form)
        if second.cell_len <= room:
            break
    second = cut_text(second, room)
    second.pad_right(cell - second.cell_len)
    return first, second


def ability_lines(card_id: str | None, row: str, cell: int, count: int) -> list[Text]:
    """`count` more lines of a lane: the ability its row uses, wrapped to the cell (tall tables)."""
    if not count:
        return []
    text = ""
    if card_id is not None and card_id != SPIRIT:
        card = C.shadows.get(card_id) or C.beasts[card_id]
        ability = card.shadow if row == "darach" else getattr(card, "light", None)
        text = ability.text if ability is not None else ""
    rows = wrap_cut(text, cell - 1, count) if text else []
    rows += [""] * (count - len(rows))
    return [Text(f"{r:<{cell}}", style="dim") for r in rows]


def row_lines(label: str, cells: list[tuple[Text, ...]]) -> list[Text]:
    """A row of three lanes, each cell a column of lines (name, stats, and any more)."""
    lines = [Text(f"{label:<7}", style="italic")] + [Text(" " * 7) for _ in cells[0][1:]]  # 6 letters and a gap
    for cell in cells:
        for line, part in zip(lines, cell):
            line.append_text(part)
    return lines


# ----- the path -------------------------------------------------------------------------


def step_label(step: Step) -> str:
    if step.alt is not None:
        return f"{step.label()}/{step.alt.label()}"
    return step.label()


def path_lines(state: State, width: int) -> Text:
    """The track of ten steps, then the step now and the steps still ahead. A wide panel
    draws each step with its label."""
    path = C.paths[state.path]
    text = Text()
    if width >= 60:
        for i, step in enumerate(path.steps):
            label = (step.alt if step.alt is not None and i + 1 in state.branch_taken else step).label()
            if step.alt is not None and i + 1 > state.turn:
                label = step_label(step)
            style = "bold green" if i + 1 < state.turn else "bold reverse" if i + 1 == state.turn else "dim"
            text.append(f"{i + 1}:{label}", style=style)
            text.append(" ")
        text.append("\nB beastborgs · I items · S shadows · SD shadow draw · X/Y a branch", style="dim")
        return text
    text.append("■" * state.turn, style="bold green")
    text.append("□" * (STEPS - state.turn), style="dim")
    text.append(f" step {state.turn}/{STEPS}")
    line = Text()
    if state.turn:
        now = path.steps[state.turn - 1]
        taken = now.alt is not None and state.turn in state.branch_taken
        line.append(f"now {(now.alt if taken else now).label()}", style="bold")
    ahead = [step_label(s) for s in path.steps[state.turn :]]
    if not ahead:
        line.append(" (the last step)")
    else:  # whole steps, as many as fit, then "…" for the rest
        shown = len(ahead)
        while shown > 1 and line.cell_len + len(" next " + " ".join(ahead[:shown])) + 2 * (shown < len(ahead)) > width:
            shown -= 1
        line.append(" next " + " ".join(ahead[:shown]) + (" …" if shown < len(ahead) else ""))
    text.append("\n")
    text.append_text(cut_text(line, width))
    return text


# ----- details of a highlighted choice --------------------------------------------------


def ability_line(ability: Any, side: str) -> str:
    if ability is None:
        return f"{side}: none"
    cost = f" ({ability.cost} stamina)" if ability.cost else ""
    return f"{side}{cost}: {ability.text}"


def beast_details(card_id: str) -> str:
    if card_id == SPIRIT:
        s = C.spirit
        return f"Spirit token: ♥{s.hp} »{s.attack}, no abilities, no HP transfer."
    if card_id in C.shadows:
        c = C.shadows[card_id]
        armor = f" ◆{c.armor}" if c.armor else ""
        return (
            f"{c.name} (shadow beastborg): ♥{c.hp} »{c.attack}{armor}, HP transfer {c.hp_transfer}. "
            + ability_line(c.shadow, "Shadow")
        )
    b = C.beasts[card_id]
    armor = f" ◆{b.armor}" if b.armor else ""
    return (
        f"{b.name}, {b.rarity} {b.kind}: cost {b.cost.label()}, tame {b.tame}+ "
        f"({percent(chance(b.tame))}), ♥{b.hp} »{b.attack}{armor}, transfer {b.hp_transfer}. "
        f"{ability_line(b.light, 'Light')} {ability_line(b.shadow, 'Shadow')}"
    )


def item_details(item_id: str) -> str:
    i = C.items[item_id]
    return (
        f"{i.name} ({i.kind}): cost {i.cost} stamina, discard for +{i.boost} {i.boost_kind}. "
        f"Light: {i.light_text} Shadow: {i.shadow_text}"
    )


def hand_lines(item_id: str, index: int, marked: bool, width: int) -> Text:
    """An item on two lines when there is room: the line below, then its light side in full."""
    line = hand_line(item_id, index, False, min(width, 40))
    text = Text("\n").join([line, Text(cut(f"    {C.items[item_id].light_text}", width), style="dim")])
    if marked:
        text.stylize("reverse bold")
    return text


def hand_line(item_id: str, index: int, marked: bool, width: int) -> Text:
    """An item in hand: its digit, name, cost c, discard boost (+N r roll or s stamina), and
    on a wide panel what it does when played."""
    i = C.items[item_id]
    key = "1234567890"[index] if index < 10 else " "
    tail = f" c{i.cost} +{i.boost}{i.boost_kind[0]}"
    room = max(1, min(20, width - len(tail) - 2) if width >= 50 else width - len(tail) - 2)
    line = Text(f"{key} {cut(i.name, room):<{room}}{tail}")  # a panel squeezed below its size: a letter
    if width >= 50:  # room for the card's light side
        line.append(cut(f"  {i.light_text}", width - line.cell_len), style="dim")
    if marked:
        line.stylize("reverse bold")
    return line


def beast_at(state: State, ref: str) -> Beast | None:
    row, lane = ref.split(":")
    return (state.druid_row if row == "druid" else state.darach_row)[int(lane)]


def choice_details(state: State, action: Any) -> str:
    """What the highlighted choice involves, spelled out (the detail lines under the list)."""
    match action:
        case Tame(slot):
            slot_card = state.encounter[slot]
            return beast_details(slot_card.card) if slot_card else ""
        case PlayItem(i) | StaminaBoost(i) | RollBoost(i) | UsePotion(i):
            return item_details(state.hand[i])
        case Activate(lane):
            beast = state.druid_row[lane]
            return beast_details(beast.card) if beast else ""
        case DruidAbility():
            return ability_line(C.druids[state.druid].ability, C.druids[state.druid].name)
        case UseRobot(i):
            robot = C.robots[state.robots[i]]
            return f"{robot.name}, energy {state.robot_energy[i]}: {robot.ability.text}"
        case PickTarget(ref):
            beast = beast_at(state, ref)
            return beast_details(beast.card) if beast else ""
        case PickLane(lane):
            pending = state.pending
            here = state.druid_row[lane]
            if here is not None:
                return f"Replaces {name_of(here)}, which is discarded. {beast_details(here.card)}"
            if isinstance(pending, PendingLane):
                return f"Lane {lane + 1} is empty. {beast_details(pending.card)}"
            return f"Lane {lane + 1} is empty."
        case TakeGem(colour) | PickGem(colour):
            supply = " ".join(f"{GEM_LETTER[c]}{n}" for c, n in state.gem_supply.items())
            return f"A {colour} gem ({GEM_LETTER[colour]}) goes under the item deck: your collection, for good. Supply: {supply}."
        case DrawItem():
            left = len(state.item_deck)
            return f"Draw the top item card ({left} left). An empty deck at the end of a turn loses."
        case EndPlay():
            return ("The Darach then shifts its row, tames what is left in the encounter row, "
                    "draws an item (shadow side), and combat follows lane by lane.")  # fmt: skip
        case AcceptRoll():
            roll = state.pending
            if isinstance(roll, PendingRoll):
                return f"Keep {sum(roll.dice) + roll.bonus} against {roll.target}: the roll fails."
            return ""
        case Endure() | AttackDarach() | Block():
            return response_details(state, action)
        case PickBranch(alt):
            step = C.paths[state.path].steps[state.turn - 1]
            chosen = step.alt if alt and step.alt else step
            return f"This step would be {chosen.label()}: B beastborgs, I items, S shadows, SD shadow draw."
    return ""


def response_details(state: State, action: Any) -> str:
    pending = state.pending
    if not isinstance(pending, PendingResponse):
        return ""
    lane = pending.lane
    mine, foe = state.druid_row[lane], state.darach_row[lane]
    druid = C.druids[state.druid].name
    attacker = foe if foe is not None and pending.darach_attacks else None
    parts = []
    if attacker is not None:
        parts.append(f"{name_of(attacker)} attacks for {attack_of(attacker)}.")
    if isinstance(action, Block) and mine is not None and foe is not None:
        parts.append(f"{name_of(mine)} takes the blow and hits back for {attack_of(mine)}.")
    elif isinstance(action, AttackDarach) and mine is not None:
        parry = C.darachs[state.darach].parry
        hit = f" after {name_of(attacker)} hits {druid}" if attacker is not None else ""
        parts.append(f"{name_of(mine)} rolls 2d6 against parry {parry} ({percent(chance(parry))}) "
                     f"to deal {attack_of(mine)}{hit}.")  # fmt: skip
    elif isinstance(action, Endure):
        if attacker is not None:
            parts.append(f"It hits {druid}.")
        else:
            parts.append(f"Nothing attacks in lane {lane + 1}: {name_of(mine) if mine else 'your beastborg'} stays put.")
    why = why_no_attack(state, lane)
    if why and not isinstance(action, AttackDarach):
        parts.append(f"No attack on the Darach: {why}.")
    return " ".join(parts)


def boosted_total(state: State, action: Any) -> tuple[int, int] | None:
    """The pending roll's total after this boost or potion, and the target: (total, target)."""
    roll = state.pending
    if not isinstance(roll, PendingRoll) or not isinstance(action, (RollBoost, UsePotion)):
        return None
    item = C.items[state.hand[action.index]]
    if isinstance(action, RollBoost):
        extra = item.boost
    else:
        extra = sum(e.amount for e in item.light if e.op == "roll_boost")
    return sum(roll.dice) + roll.bonus + extra, roll.target


def roll_note(state: State, action: Any) -> str:
    """Beside a boost choice: the total it gives and whether that makes the roll."""
    after = boosted_total(state, action)
    if after is None:
        return ""
    total, target = after
    return f"→{total} {'✓' if total >= target else '✗'}"


def wrap(text: str, width: int, lines: int) -> str:
    """`text` wrapped to `width`, each of its own lines kept apart, cut to `lines` lines."""
    return "\n".join(wrap_cut(text, width, lines))


def roll_text(state: State, highlighted: Any) -> Text:
    """The pending or latest roll, then the odds of the highlighted roll before it is made."""
    roll = state.pending if isinstance(state.pending, PendingRoll) else state.last_roll
    text = Text()
    if roll is None:
        text.append("No roll yet.", style="dim")
    else:
        total = sum(roll.dice) + roll.bonus
        text.append("".join(f"[{d}]" for d in roll.dice), style="bold")
        if roll.bonus:
            text.append(f"+{roll.bonus}")
        text.append(f"={total} vs {roll.target} ")
        if roll is state.pending:
            text.append("short!", style="bold yellow")
        elif total >= roll.target:
            text.append("✓ made", style="bold green")
        else:
            text.append("✗ failed", style="bold red")
    target = None
    if isinstance(highlighted, Tame) and (slot := state.encounter[highlighted.slot]) is not None:
        target = ("tame", C.beasts[slot.card].tame)
    elif isinstance(highlighted, AttackDarach):
        target = ("hit", C.darachs[state.darach].parry)
    if target is not None:
        text.append(f"\nto {target[0]}: {target[1]}+ on 2d6 = {percent(chance(target[1]))}")
    after = boosted_total(state, highlighted)
    if after is not None:
        total, goal = after
        verdict = "makes it" if total >= goal else "short"
        text.append(f"\nboost → {total} vs {goal}: {verdict}")
    return text



# ----- the legend (tui/widgets/legend.py): the codes above, most asked-about first ---------

_STATS = r"»\d+(?: ◆\d+)? "  # a lane's stats, before its markers
LEGEND = (
    Entry("R 6+", "gem cost, 2d6 to tame", r"(?:[GRBY]+\*?|\*+) ?\d+\+"),  # a narrow lane drops the gap
    Entry("*", "a gem of any colour", r"\*+ ?\d+\+"),
    Entry("c1", "stamina to play it", r"\bc\d+ \+\d"),
    Entry("+2r +2s", "discard: +2 roll, stamina", r"\bc\d+ \+\d"),
    Entry("♥ » ◆", "HP, attack, armor", r"[♥»◆]"),
    Entry("tried", "tame failed: Darach's", r"\btried »"),
    Entry("z ✓ R S W", "tired, used, relic, shadow, ward", _STATS + r"[z✓RSW]"),
    Entry("✓", "used this turn", r"(?:[:/]\d+ ?)✓"),
    Entry("G R B Y", "gems by colour", r"\b[GRBY]\d"),
    Entry("●●○", "stamina left, spent", r"[●○]"),
    Entry("Owl:2", "a robot's energy", r"[A-Za-z]:\d"),
    Entry("✦1/3", "Spirits in play, of 3", r"✦\d"),
    Entry("■□", "steps walked, ahead", r"[■□]"),
    Entry("B1 I1 S1 SD1", "beasts, items, shadows, shadow draw", r"(?:^|[\s:+/])(?:B|I|SD?|Spiral)\d"),
    Entry("B1/I2", "a branch: either way", r"[BIS]D?\d+/(?:[BIS]|Spiral)"),
    Entry("→7 ✓", "roll with it: made ✓, short ✗", r"→\d+ [✓✗]"),
)  # fmt: skip
