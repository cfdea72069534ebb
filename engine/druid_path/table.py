"""The table: beast stats, damage, rows, defeats, decks and the end of the game.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.druid_path.content import load
from engine.druid_path.model import LANES, LOG_LENGTH, Ability, Beast, EffectTask, State

C = load()
SPIRIT = "spirit"


def log(state: State, text: str) -> None:
    state.logged += 1
    state.log.append(text)
    if len(state.log) > LOG_LENGTH:
        del state.log[:-LOG_LENGTH]


# ----- beasts -------------------------------------------------------------------------


CARDS = {**C.beasts, **C.shadows, SPIRIT: C.spirit}


def card_of(beast: Beast):
    return CARDS[beast.card]


def name_of(beast: Beast) -> str:
    return "Spirit token" if beast.card == SPIRIT else card_of(beast).name


def is_shadow(beast: Beast) -> bool:
    return beast.card in C.shadows


def _side(card_id: str, row: str) -> Ability | None:
    if card_id == SPIRIT:
        return None
    card = CARDS[card_id]
    return card.shadow if row == "darach" else getattr(card, "light", None)


SIDES = {(card, row): _side(card, row) for card in CARDS for row in ("druid", "darach")}


def ability_of(beast: Beast, row: str) -> Ability | None:
    """Druid-row beasts use their light side, Darach-row beasts their shadow side (R25)."""
    return SIDES[(beast.card, row)]


def attack_of(beast: Beast) -> int:
    return max(0, CARDS[beast.card].attack + beast.attack_mod + beast.relic_attack)


def max_hp(beast: Beast) -> int:
    return CARDS[beast.card].hp + beast.relic_hp


def armor_of(beast: Beast) -> int:
    return CARDS[beast.card].armor + beast.relic_armor


def hp_left(beast: Beast) -> int:
    return CARDS[beast.card].hp + beast.relic_hp - beast.damage


def row_of(state: State, row: str) -> list[Beast | None]:
    return state.druid_row if row == "druid" else state.darach_row


def spirits_in_play(state: State) -> int:
    return sum(1 for b in state.druid_row + state.darach_row if b is not None and b.card == SPIRIT)


WARDS = {card for (card, row), a in SIDES.items() if row == "darach" and a and a.kind == "ward"}


def ward_up(state: State) -> bool:
    """R14: a warding Darach beastborg stops every attack on the Darach, even exhausted."""
    for beast in state.darach_row:
        if beast is not None and beast.card in WARDS:
            return True
    return False


def trigger(state: State, beast: Beast, row: str, lane: int, kind: str) -> None:
    ability = SIDES[(beast.card, row)]
    if ability is not None and ability.kind == kind and ability.effects:
        controller = "druid" if row == "druid" else "darach"
        state.queue.append(EffectTask(list(ability.effects), controller, row, lane, label=name_of(beast)))


def _discard_beast(state: State, beast: Beast) -> None:
    state.item_discard.extend(beast.relics)  # R28: attached relics go to the item discard
    beast.relics = []
    if beast.card == SPIRIT:
        return  # Spirit tokens go back to their pile: they are counted from the rows
    (state.shadow_discard if is_shadow(beast) else state.beast_discard).append(beast.card)


def remove(state: State, row: str, lane: int) -> Beast | None:
    """Take a beast out of its lane without its defeated ability (R26: replaced, fallen off)."""
    lanes = row_of(state, row)
    beast = lanes[lane]
    if beast is not None:
        lanes[lane] = None
        _discard_beast(state, beast)
    return beast


def defeat(state: State, row: str, lane: int) -> None:
    beast = row_of(state, row)[lane]
    if beast is None:
        return
    log(state, f"{name_of(beast)} ({row} lane {lane + 1}) is defeated.")
    remove(state, row, lane)
    trigger(state, beast, row, lane, "defeated")


def hurt_beast(state: State, row: str, lane: int, amount: int, armored: bool = True) -> int:
    """Deal damage (armor first, R6) or make it lose HP; returns HP actually lost."""
    beast = row_of(state, row)[lane]
    if beast is None or amount <= 0:
        return 0
    if armored:
        absorbed = min(amount, max(0, armor_of(beast) - beast.armor_used))
        beast.armor_used += absorbed
        amount -= absorbed
    beast.damage += amount
    return amount


def settle_deaths(state: State) -> None:
    for row, lanes in (("druid", state.druid_row), ("darach", state.darach_row)):
        for lane, beast in enumerate(lanes):
            if beast is not None and beast.damage and hp_left(beast) <= 0:
                defeat(state, row, lane)


def hurt_leader(state: State, who: str, amount: int, armored: bool = True) -> int:
    if amount <= 0:
        return 0
    if who == "druid":
        if armored:
            absorbed = min(amount, max(0, C.druids[state.druid].armor - state.druid_armor_used))
            state.druid_armor_used += absorbed
            amount -= absorbed
        state.druid_hp -= amount
    else:
        if armored:
            absorbed = min(amount, max(0, C.darachs[state.darach].armor - state.darach_armor_used))
            state.darach_armor_used += absorbed
            amount -= absorbed
        state.darach_hp -= amount
    check_end(state)
    return amount


def heal_darach(state: State, amount: int) -> None:
    state.darach_hp = min(state.darach_hp_max, state.darach_hp + amount)  # R8: track's top


def check_end(state: State) -> None:
    """R27: either leader at 0 HP ends the game at once."""
    if state.result is not None:
        return
    if state.darach_hp <= 0:
        state.result, state.result_reason = "won", f"{C.darachs[state.darach].name} is defeated!"
    elif state.druid_hp <= 0:
        state.result, state.result_reason = "lost", f"{C.druids[state.druid].name} has fallen."
    if state.result is not None:
        state.phase = "over"
        state.pending = None
        state.queue.clear()
        log(state, state.result_reason)


# ----- decks --------------------------------------------------------------------------


def draw_beast(state: State) -> str | None:
    if not state.beast_deck and state.beast_discard:  # R11: reshuffle the discard
        state.beast_deck, state.beast_discard = state.beast_discard, []
        state.rng.shuffle(state.beast_deck)
        log(state, "The beastborg deck is reshuffled from its discard.")
    return state.beast_deck.pop() if state.beast_deck else None


def draw_items(state: State, count: int) -> list[str]:
    drawn = []
    for _ in range(count):
        if not state.item_deck:  # R12: the item discard is never reshuffled
            break
        drawn.append(state.item_deck.pop())
    state.hand.extend(drawn)
    return drawn


def push_darach(state: State, beast: Beast) -> None:
    """Put a beast in Darach lane 1, pushing the others right; the rightmost may fall off."""
    row = state.darach_row
    if row[0] is not None:
        gap = 1 if row[1] is None else 2 if row[2] is None else None
        if gap is None:
            fallen = remove(state, "darach", LANES - 1)
            assert fallen is not None
            gap = LANES - 1
            transfer = 0 if fallen.card == SPIRIT else card_of(fallen).hp_transfer
            heal_darach(state, transfer)
            log(state, f"{name_of(fallen)} falls off the Darach row: the Darach gains {transfer} HP.")
        row[1 : gap + 1] = row[0:gap]
    row[0] = beast


def summon_shadow(state: State) -> None:
    if not state.shadow_deck and state.shadow_discard:  # R11
        state.shadow_deck, state.shadow_discard = state.shadow_discard, []
        state.rng.shuffle(state.shadow_deck)
    if not state.shadow_deck:
        return
    beast = Beast(state.shadow_deck.pop())
    log(state, f"The shadow beastborg {name_of(beast)} enters Darach lane 1.")
    push_darach(state, beast)
    trigger(state, beast, "darach", 0, "tame")


def charge_darach(state: State, amount: int) -> None:
    """R9: the Darach's stamina counter; when it fills, its ability fires and it empties."""
    darach = C.darachs[state.darach]
    state.darach_charge += amount
    while state.darach_charge >= darach.stamina:
        state.darach_charge -= darach.stamina
        log(state, f"{darach.name}: {darach.ability.text}")
        state.queue.append(EffectTask(list(darach.ability.effects), "darach", label=darach.name))


def gain_gem(state: State, colour: str) -> bool:
    if state.gem_supply.get(colour, 0) <= 0:
        return False
    state.gem_supply[colour] -= 1
    state.gems[colour] = state.gems.get(colour, 0) + 1
    return True
