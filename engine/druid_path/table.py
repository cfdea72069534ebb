"""The table: beast stats, damage, rows, defeats, decks and the end of the game.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from fractions import Fraction

from engine.core.log import Line
from engine.core.odds import chance_at_least
from engine.druid_path.content import load
from engine.druid_path.model import LANES, Ability, Beast, EffectTask, State
from engine.druid_path.wording import LINES_KEPT

C = load()
SPIRIT = "spirit"


def log(state: State, what: str, *parts: object) -> None:
    """Write a log line. Every change to the table is told this way before it is made. The
    log is cut back to its newest lines once a move is over (keep_recent), not line by line."""
    state.logged += 1
    state.log.append(Line(what, parts))  # type: ignore[arg-type]


def keep_recent(state: State) -> None:
    """Keep only the newest LINES_KEPT lines of the log."""
    if len(state.log) > LINES_KEPT:
        del state.log[:-LINES_KEPT]


def where(row: str, lane: int) -> str:
    return f"{'Darach' if row == 'darach' else 'your'} lane {lane + 1}"


# ----- beasts -------------------------------------------------------------------------


CARDS = {**C.beasts, **C.shadows, SPIRIT: C.spirit}


NAMES = {card: "Spirit token" if card == SPIRIT else c.name for card, c in CARDS.items()}


def card_of(beast: Beast):
    return CARDS[beast.card]


def name_of(beast: Beast) -> str:
    return NAMES[beast.card]


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


def new_beast(state: State, card: str) -> Beast:
    """A beastborg (or token) coming onto the table, with an identity no other has had."""
    state.beasts_made += 1
    return Beast(card, uid=state.beasts_made)


def lane_of(state: State, row: str, uid: int) -> int | None:
    """The lane of that row the beastborg `uid` stands in now, or None once it has left it."""
    for lane, beast in enumerate(row_of(state, row)):
        if beast is not None and beast.uid == uid:
            return lane
    return None


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
    """Queue the beast's ability of this kind; it is told in the log when it resolves. The
    task names the beast itself (its uid), so a shift of the row cannot change who "this
    beastborg" is (R38); a defeated ability is the one that fires after its source has gone."""
    ability = SIDES[(beast.card, row)]
    if ability is not None and ability.kind == kind and ability.effects:
        controller = "druid" if row == "druid" else "darach"
        task = EffectTask(
            list(ability.effects), controller, row, lane, beast.uid, kind == "defeated",
            label=name_of(beast), says=ability.text, told=False,
        )  # fmt: skip
        state.queue.append(task)


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


def relic_names(beast: Beast) -> tuple[str, ...]:
    return tuple(C.items[relic].name for relic in beast.relics)


def defeat(state: State, row: str, lane: int, by: str = "") -> None:
    """A beast's HP reached 0, or `by` destroys it: off the table, then its defeated ability."""
    beast = row_of(state, row)[lane]
    if beast is None:
        return
    if by:
        log(state, "destroyed", by, name_of(beast), where(row, lane), relic_names(beast))
    else:
        log(state, "defeated", name_of(beast), where(row, lane), relic_names(beast))
    remove(state, row, lane)
    trigger(state, beast, row, lane, "defeated")


def hurt_beast(state: State, row: str, lane: int, amount: int, source: str, armored: bool = True) -> int:
    """Deal damage (armor first, R6) or make it lose HP; returns HP actually lost."""
    beast = row_of(state, row)[lane]
    if beast is None or amount <= 0:
        return 0
    absorbed = min(amount, max(0, armor_of(beast) - beast.armor_used)) if armored else 0
    lost = amount - absorbed
    left = max(0, hp_left(beast) - lost)
    log(state, "hurt", source, name_of(beast), lost, absorbed, left, int(armored))
    beast.armor_used += absorbed
    beast.damage += lost
    return lost


def settle_deaths(state: State) -> None:
    for row, lanes in (("druid", state.druid_row), ("darach", state.darach_row)):
        for lane, beast in enumerate(lanes):
            if beast is not None and beast.damage and hp_left(beast) <= 0:
                defeat(state, row, lane)


def hurt_leader(state: State, who: str, amount: int, source: str, armored: bool = True) -> int:
    """Deal damage to the Druid or the Darach (armor first unless they lose HP); HP stops
    at 0, and 0 ends the game once the blow is told (R27)."""
    if amount <= 0:
        return 0
    druid = who == "druid"
    leader = C.druids[state.druid] if druid else C.darachs[state.darach]
    used = state.druid_armor_used if druid else state.darach_armor_used
    absorbed = min(amount, max(0, leader.armor - used)) if armored else 0
    lost = amount - absorbed
    hp = state.druid_hp if druid else state.darach_hp
    log(state, "hurt", source, leader.name, lost, absorbed, max(0, hp - lost), int(armored))
    if druid:
        state.druid_armor_used += absorbed
        state.druid_hp = max(0, hp - lost)
    else:
        state.darach_armor_used += absorbed
        state.darach_hp = max(0, hp - lost)
    check_end(state)
    return lost


def heal_darach(state: State, amount: int) -> int:
    """The Darach's HP after healing `amount` (R8: never past the track's top)."""
    return min(state.darach_hp_max, state.darach_hp + amount)


def check_end(state: State) -> None:
    """R27: either leader at 0 HP ends the game at once."""
    if state.result is not None:
        return
    if state.darach_hp <= 0:
        name = C.darachs[state.darach].name
        log(state, "darach_defeated", name)
        state.result, state.result_reason = "won", f"{name} is defeated!"
    elif state.druid_hp <= 0:
        name = C.druids[state.druid].name
        log(state, "druid_fallen", name)
        state.result, state.result_reason = "lost", f"{name} has fallen."
    else:
        return
    state.phase = "over"
    state.pending = None
    state.queue.clear()


# ----- decks --------------------------------------------------------------------------


def next_beast(state: State) -> str | None:
    """The beastborg the next draw brings (the deck rebuilt first when empty, R11), still on
    the deck: the caller tells where it goes, then takes it."""
    if not state.beast_deck and state.beast_discard:
        log(state, "reshuffle", "beastborg")
        state.beast_deck, state.beast_discard = state.beast_discard, []
        state.rng.shuffle(state.beast_deck)
    return state.beast_deck[-1] if state.beast_deck else None


def next_items(state: State, count: int) -> tuple[str, ...]:
    """The names of the items the next draw of `count` brings (top first), for its line."""
    top = state.item_deck[-count:] if count else []
    return tuple(C.items[item].name for item in reversed(top))


def draw_items(state: State, count: int) -> list[str]:
    """Move the top `count` items to the hand; the caller has told them (next_items)."""
    drawn = []
    for _ in range(count):
        if not state.item_deck:  # R12: the item discard is never reshuffled
            break
        drawn.append(state.item_deck.pop())
    state.hand.extend(drawn)
    return drawn


def push_darach(state: State, beast: Beast) -> None:
    """Put a beast in Darach lane 1, pushing the others right; the rightmost may fall off.
    The caller has told the beast's arrival; the fall and the shift are told here."""
    row = state.darach_row
    if row[0] is not None:
        gap = 1 if row[1] is None else 2 if row[2] is None else None
        if gap is None:
            fallen = row[LANES - 1]
            assert fallen is not None
            transfer = 0 if fallen.card == SPIRIT else card_of(fallen).hp_transfer
            healed = heal_darach(state, transfer)
            gain = healed - state.darach_hp
            log(state, "falls_off", name_of(fallen), C.darachs[state.darach].name, gain, healed, relic_names(fallen))
            remove(state, "darach", LANES - 1)
            state.darach_hp = healed
            gap = LANES - 1
        log(state, "shift_right", name_of(beast))
        row[1 : gap + 1] = row[0:gap]
    row[0] = beast


def summon_shadow(state: State, source: str) -> None:
    if not state.shadow_deck and state.shadow_discard:  # R11
        log(state, "reshuffle", "shadow")
        state.shadow_deck, state.shadow_discard = state.shadow_discard, []
        state.rng.shuffle(state.shadow_deck)
    if not state.shadow_deck:
        return
    beast = new_beast(state, state.shadow_deck[-1])
    log(state, "summon_shadow", source, name_of(beast))
    state.shadow_deck.pop()
    push_darach(state, beast)
    trigger(state, beast, "darach", 0, "tame")


def charge_darach(state: State, amount: int, source: str = "") -> None:
    """R9: the Darach's stamina counter; when it fills, its ability fires and it empties.
    `source` names what filled it, when not the Darach phase itself."""
    darach = C.darachs[state.darach]
    now = state.darach_charge + amount
    if source:
        log(state, "darach_charge", source, darach.name, amount, min(now, darach.stamina), darach.stamina)
    else:
        log(state, "charge", darach.name, min(now, darach.stamina), darach.stamina)
    state.darach_charge = now
    while state.darach_charge >= darach.stamina:
        log(state, "unleash", darach.name, darach.ability.text)
        state.darach_charge -= darach.stamina
        state.queue.append(EffectTask(list(darach.ability.effects), "darach", label=darach.name))


def gain_gem(state: State, colour: str) -> bool:
    if state.gem_supply.get(colour, 0) <= 0:
        return False
    state.gem_supply[colour] -= 1
    state.gems[colour] = state.gems.get(colour, 0) + 1
    return True


def chance(target: int, bonus: int = 0) -> Fraction:
    """The chance that 2d6 + bonus reaches `target` (a tame roll)."""
    return chance_at_least(2, 6, target, bonus)
