"""Every card on the Druid Path table spelled out (the `D` view) and the piles (the `v` view);
the shared viewer shows them (tui/screens/viewer.py)."""

from __future__ import annotations

from textual.content import Content

from engine.druid_path.model import State
from engine.druid_path.table import C
from tui.druid_path import view


def details_text(state: State) -> Content:
    darach, druid = C.darachs[state.darach], C.druids[state.druid]
    out: list[Content | str] = [
        Content.assemble((f"Darach: {darach.name}", "bold"), f" ♥{max(0, state.darach_hp)}/{state.darach_hp_max}, armor "
        f"{darach.armor}, parry {darach.parry}, charge {state.darach_charge}/{darach.stamina}. "
        f"{darach.ability.text}"),
        Content.assemble(
            (f"Druid: {druid.name}", "bold"), f" ♥{max(0, state.druid_hp)}/{state.druid_hp_max}, armor {druid.armor}. "
            f"{view.ability_line(druid.ability, 'Ability')}"),
        "",
    ]
    for title, row in (("Darach row", state.darach_row), ("Your row", state.druid_row)):
        out.append(Content.styled(title, "bold"))
        for lane, beast in enumerate(row):
            if beast is None:
                out.append(f" lane {lane + 1}: empty")
            else:
                extra = f" Damage {beast.damage}." if beast.damage else ""
                if beast.relics:
                    extra += " Relics: " + ", ".join(C.items[r].name for r in beast.relics) + "."
                out.append(f" lane {lane + 1}: {view.beast_details(beast.card)}{extra}")
    out.append(Content.styled("Encounter row", "bold"))
    for lane, slot in enumerate(state.encounter):
        if slot is None:
            text = "empty"
        else:
            text = view.beast_details(slot.card) + (" Tried: no second try." if slot.tried else "")
        out.append(f" lane {lane + 1}: {text}")
    return Content("\n").join(out)


def piles_text(state: State) -> Content:
    """Your items, robots and the piles' counts."""
    out: list[Content | str] = [Content.styled("Items in hand", "bold")]
    out += [f" {i + 1}. {view.item_details(item)}" for i, item in enumerate(state.hand)] or [" none"]
    out.append(Content.styled("Robots", "bold"))
    for i, robot_id in enumerate(state.robots):
        robot = C.robots[robot_id]
        out.append(f" {robot.name}, energy {state.robot_energy[i]}: {robot.ability.text}")
    out.append(Content.assemble(
        ("Piles", "bold"), f" item deck {len(state.item_deck)}, item discard {len(state.item_discard)}, "
        f"beastborg deck {len(state.beast_deck)}, shadow deck {len(state.shadow_deck)}"
    ))
    return Content("\n").join(out)
