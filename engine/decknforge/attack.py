"""The Monster attack, the round's end, and the checks for a clear or a fall."""

from __future__ import annotations

from engine.decknforge.effects import (
    Attack,
    draw_into_hand,
    equipped_total,
    fire_band,
    fire_monster,
    log,
    monster_value,
    start_turn,
    strength,
)
from engine.decknforge.model import HAND_LIMIT, LABEL, SUIT, VALUE, Card, Event, State, Strike

ROW_SIZE = 2


def monster_label(state: State, card: Card) -> str:
    return f"{LABEL[card.code]}/{state.players[card.owner].initials}"


def monster_attack(state: State, events: list[Event]) -> None:
    """Draw 1 Monster plus one per escalation; each strikes the whole band in turn (R6)."""
    state.last_attack = []
    remaining = 1 + len(state.escalations)  # R7: an escalation counts from the next attack
    log(state, f"Round {state.round}: the Monster attack ({remaining} to draw).")
    while remaining > 0 and state.monster_pile:
        remaining -= 1
        monster = state.monster_pile.pop()
        if monster.code[0] == "X":
            extra = _joker(state, monster)
        else:
            extra = _strike(state, monster)
        remaining += extra
    events.append(Event("attack", "; ".join(f"{s.monster} {s.result}" for s in state.last_attack)))


def _joker(state: State, joker: Card) -> int:
    attack = Attack(joker)
    fire_monster(state, joker, "attack", attack)
    for i, row in enumerate(state.rows):
        if len(row) < ROW_SIZE:
            row.append(joker)
            fire_monster(state, joker, "joker", attack)
            fire_band(state, "joker", attack)
            stripped = _wipe(state, attack)
            log(state, f"{monster_label(state, joker)} takes row {i + 1}: {stripped} gear stripped.")
            state.last_attack.append(Strike(monster_label(state, joker), monster_value(state, joker), result="placed"))
            return attack.extra
    state.rows.append([])
    state.escalations.append(joker)
    fire_monster(state, joker, "escalate", attack)
    fire_band(state, "escalate", attack)
    log(state, f"{monster_label(state, joker)} escalates: row {len(state.rows)} opens.")
    state.last_attack.append(Strike(monster_label(state, joker), monster_value(state, joker), result="escalates"))
    return attack.extra


def _wipe(state: State, attack: Attack) -> int:
    """A placed joker strips every equipped piece from every player, bar warded ones."""
    count = 0
    for player in state.players:
        for slot in player.slots:
            if slot.gear and (player.seat, slot.adventurer.code) not in attack.ward:
                count += len(slot.gear)
                player.discard.extend(slot.gear)
                slot.gear = []
    return count


def _strike(state: State, monster: Card) -> int:
    suit = SUIT[monster.code]
    attack = Attack(monster)
    fire_monster(state, monster, "attack", attack)
    fire_band(state, "attack", attack)
    # step 1: the hit Adventurers (discarded below, once their words have spoken: R10)
    for player in state.players:
        for slot in player.slots:
            if SUIT[slot.adventurer.code] in attack.suits:
                attack.hits.append((player.seat, slot))
    hit_keys = {(seat, slot.adventurer.code) for seat, slot in attack.hits}
    if attack.hits:
        fire_monster(state, monster, "hit", attack)
        fire_band(state, "hit", attack, suit, seats={s for s, _ in hit_keys}, only=hit_keys)
    # step 3: retaliation counts the gear the hit Adventurers carried (R11)
    power = max(0, monster_value(state, monster) + attack.empower - attack.weaken)
    retaliation = sum(VALUE[g.code] for _, slot in attack.hits for g in slot.gear)
    retaliation += attack.retaliate if attack.hits else 0
    slain = bool(attack.hits) and retaliation > power
    hit_labels = [f"{LABEL[slot.adventurer.code]}/{state.players[seat].initials}" for seat, slot in attack.hits]
    _discard_hit(state, attack)
    strike = Strike(monster_label(state, monster), power, hit_labels, retaliation)
    if slain:
        fire_monster(state, monster, "slain", attack)
        fire_band(state, "slain", attack)
        key = f"{monster.owner}:{monster.code}"
        if attack.returned and key not in state.returned_once:  # R19
            state.returned_once.append(key)
            state.monster_pile.insert(0, monster)
            strike.result = "slain, and crawls back under the pile"
        else:
            state.slain.append(monster)
            strike.result = "slain"
    else:
        fire_monster(state, monster, "survives", attack)
        state.lair.append(monster)
        strike.result = "survives"
    hits = ", ".join(hit_labels) or "nobody"
    log(state, f"{strike.monster} ({power}) hits {hits}; retaliation {retaliation}: {strike.result}.")
    state.last_attack.append(strike)
    return attack.extra


def _discard_hit(state: State, attack: Attack) -> None:
    for seat, slot in attack.hits:
        player = state.players[seat]
        key = (seat, slot.adventurer.code)
        if key in attack.spared:
            continue
        keep = attack.keep.get(key, 0)
        if keep:
            best = sorted(slot.gear, key=lambda g: VALUE[g.code], reverse=True)[:keep]
            for gear in best:
                slot.gear.remove(gear)
                if len(player.hand) < HAND_LIMIT:  # R30
                    player.hand.append(gear)
                else:
                    player.discard.append(gear)
        player.discard.extend(slot.gear)
        player.discard.append(slot.adventurer)
        slot.gear = []
        player.slots.remove(slot)


# ----- after the attack ----------------------------------------------------------------------


def settle(state: State, events: list[Event]) -> str:
    """The checks after an attack, in the rulebook's order: clear first, then a fall (R12)."""
    total, need = equipped_total(state), strength(state)
    if total > need:
        log(state, f"Equipped {total} beats Strength {need}: the dungeon is cleared!")
        return "clear"
    out = [p.initials for p in state.players if not p.slots]
    if out:
        log(state, f"{', '.join(out)} driven out with no Adventurer in play: the band falls.")
        return "driven_out"
    if not state.monster_pile:
        log(state, f"The last Monster is gone and the dungeon stands ({total} vs {need}): a fall.")
        return "fall"
    log(state, f"Equipped {total} against Strength {need}; {len(state.monster_pile)} Monsters left.")
    return ""


def end_round(state: State) -> None:
    """Cast cards burn when the round ends (R9)."""
    for player in state.players:
        player.discard.extend(player.cast)
        player.cast = []


def next_round(state: State) -> None:
    """READY: hands refill with Equipment to the limit (R8), then round-start words fire."""
    state.round += 1
    for player in state.players:
        draw_into_hand(state, player.seat, "equipment", HAND_LIMIT)
    state.turn = -1  # nobody's turn yet: actions won now wait for their owner's turn (R18)
    fire_band(state, "round_start")
    start_turn(state, 0)
