"""The Monster attack, the round's end, and the checks for a clear or a fall."""

from __future__ import annotations

from engine.core.log import Line
from engine.decknforge.effects import (
    Attack,
    draw_into_hand,
    equipped_total,
    fire_band,
    fire_monster,
    labels,
    log,
    monster_value,
    owner_tag,
    strength,
)
from engine.decknforge.model import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    LABEL,
    SUIT,
    SUIT_SYMBOL,
    VALUE,
    Card,
    Event,
    Player,
    Slot,
    State,
    Strike,
)

ROW_SIZE = 2


def monster_label(state: State, card: Card) -> str:
    """A Monster and whose deck it came from; the solo variant's two decks share their
    initials, so they are told apart by seat (R20)."""
    return f"{LABEL[card.code]}/{owner_tag(state, card.owner)}"


def monster_attack(state: State, events: list[Event]) -> None:
    """Draw 1 Monster plus one per escalation; each strikes the whole band in turn (R6)."""
    state.last_attack = []
    remaining = 1 + len(state.escalations)  # R7: an escalation counts from the next attack
    log(state, "attack", state.round, remaining)
    while remaining > 0 and state.monster_pile:
        remaining -= 1
        log(state, "comes out", monster_label(state, state.monster_pile[-1]))
        monster = state.monster_pile.pop()
        if monster.code[0] == "X":
            extra = _joker(state, monster)
        else:
            extra = _strike(state, monster)
        remaining += extra
    strikes = tuple([told for strike in state.last_attack for told in (strike.monster, strike.result)])
    events.append(Event("attack", Line("strikes", (strikes,))))


def _joker(state: State, joker: Card) -> int:
    attack = Attack(joker)
    fire_monster(state, joker, "attack", attack)
    for i, row in enumerate(state.rows):
        if places_taken(state, i) < ROW_SIZE:
            log(state, "takes row", monster_label(state, joker), i + 1)
            row.append(joker)
            fire_monster(state, joker, "joker", attack)
            fire_band(state, "joker", attack)
            _wipe(state, joker, attack)
            if state.jokers_unanswered:  # begun before content 6 (R4)
                state.last_attack.append(Strike(monster_label(state, joker), monster_value(state, joker), result="placed"))
            else:
                _joker_retaliation(state, joker, i, attack)
            return attack.extra
    log(state, "no room", monster_label(state, joker), len(state.rows) + 1)
    state.rows.append([])
    state.escalations.append(joker)
    fire_monster(state, joker, "escalate", attack)
    fire_band(state, "escalate", attack)
    state.last_attack.append(Strike(monster_label(state, joker), monster_value(state, joker), result="escalates"))
    return attack.extra


def places_taken(state: State, index: int) -> int:
    """How many of a row's places are taken: by the jokers standing in it and by those slain
    there, whose places stay taken so the book's count holds (R4: the 3rd joker escalates)."""
    return len(state.rows[index]) + state.slain_places.count(index)


def _joker_retaliation(state: State, joker: Card, index: int, attack: Attack) -> None:
    """A placed joker's strike is its wipe: the Adventurers it stripped are the ones it hit,
    and the gear they just lost retaliates, as after any hit (R4, R11). Greater than the
    joker's attack, it slays the joker: discarded from the dungeon (no longer in the Strength),
    its place in the row still taken. Otherwise it stands in its row. An escalating joker
    strikes nobody."""
    row = state.rows[index]
    name = monster_label(state, joker)
    hit_cards = [(seat, slot.adventurer) for seat, slot in attack.hits if slot.adventurer.word]
    if attack.hits:
        fire_monster(state, joker, "hit", attack)
        fire_band(state, "hit", attack, listeners=hit_cards)
    power = max(0, monster_value(state, joker) + attack.empower - attack.weaken)
    if not attack.hits:  # nothing stripped, nobody answers: it stands, as an ace hitting nobody lives
        state.last_attack.append(Strike(name, power, result="placed"))
        fire_monster(state, joker, "survives", attack)
        return
    hit_labels = [adventurer_label(state, seat, slot) for seat, slot in attack.hits]
    carried = [sum([VALUE[g.code] for g in gear]) for gear in attack.stripped]
    retaliation = sum(carried) + attack.retaliate
    parts = tuple([told for label, value in zip(hit_labels, carried) for told in (label, value)])
    log(state, "retaliation", name, parts, attack.retaliate, retaliation)
    strike = Strike(name, power, hit_labels, retaliation)
    if retaliation > power:
        log(state, "slain", retaliation, strike.monster, power)
        row.remove(joker)
        state.slain.append(joker)
        if not state.joker_places_freed:  # a game begun under content 6 freed the place (R4)
            state.slain_places.append(index)
        strike.result = "slain"
        fire_monster(state, joker, "slain", attack)
        fire_band(state, "slain", attack)
    else:
        log(state, "survives", strike.monster, power, retaliation)
        strike.result = "placed"
        fire_monster(state, joker, "survives", attack)
    state.last_attack.append(strike)


def _wipe(state: State, joker: Card, attack: Attack) -> None:
    """A placed joker strips every equipped piece from every player, bar warded ones; the
    line names each piece and whose it was before they go. The stripped Adventurers are the
    ones it hit (R4)."""
    stripped = [
        (player, slot)
        for player in state.players
        for slot in player.slots
        if slot.gear and (player.seat, slot.adventurer.code) not in attack.ward
    ]
    if not stripped:
        log(state, "strips nothing", monster_label(state, joker))
        return
    count = sum(len(slot.gear) for _, slot in stripped)
    pieces = tuple([told for p, slot in stripped for told in (gear_words(slot.gear), adventurer_label(state, p.seat, slot))])
    log(state, "strips", monster_label(state, joker), count, pieces)
    for player, slot in stripped:
        attack.hits.append((player.seat, slot))
        attack.stripped.append(slot.gear)
        player.discard.extend(slot.gear)
        slot.gear = []


def adventurer_label(state: State, seat: int, slot: Slot) -> str:
    return f"{LABEL[slot.adventurer.code]}/{owner_tag(state, seat)}"


def gear_words(gear: list[Card]) -> str:
    """The pieces on one Adventurer, side by side (a name in a log line)."""
    return " ".join([LABEL[card.code] for card in gear])


def slot_moves(state: State, player: Player, before: list[Slot], after: list[Slot]) -> list[str | int]:
    """The Adventurers that change slot when one leaves or comes back (the slots close up), as
    a log line's flat pairs: Adventurer, new slot, ..."""
    moves: list[str | int] = []
    for index, slot in enumerate(after):
        if slot in before and before.index(slot) != index:
            moves += (adventurer_label(state, player.seat, slot), index + 1)
    return moves


def _strike(state: State, monster: Card) -> int:
    """One Monster's strike in the rulebook's order (7: steps 1-3; R10, R11)."""
    attack = Attack(monster)
    fire_monster(state, monster, "attack", attack)  # what the Monster is: its suits, its attack
    # the Adventurers in play that carry a word: the only ones a trigger can wake (fire_band)
    in_play = [(p.seat, s.adventurer) for p in state.players for s in p.slots if s.adventurer.word]
    name = monster_label(state, monster)
    log(state, "strikes at", name, tuple([SUIT_SYMBOL[suit] for suit in "SHDC" if suit in attack.suits]))
    # step 1: every player discards the hit Adventurers with their gear, for good (R19)
    for player in state.players:
        for slot in player.slots:
            if SUIT[slot.adventurer.code] in attack.suits:
                attack.hits.append((player.seat, slot))
    hit_labels = [adventurer_label(state, seat, slot) for seat, slot in attack.hits]
    if attack.hits:
        hit = tuple([told for label, (_, slot) in zip(hit_labels, attack.hits) for told in (label, gear_words(slot.gear))])
        moves: list[str | int] = []
        for seat in sorted({seat for seat, _ in attack.hits}):  # only a hit player's slots close up
            player = state.players[seat]
            kept = [slot for slot in player.slots if all(slot is not hit_slot for _, hit_slot in attack.hits)]
            moves += slot_moves(state, player, player.slots, kept)
        log(state, "hits", name, hit, tuple(moves))
    for seat, slot in attack.hits:
        player = state.players[seat]
        player.slots.remove(slot)
        player.discard.append(slot.adventurer)
        player.discard.extend(slot.gear)
    # step 2: the words, the hit Adventurers' included (R10)
    hit_cards = [(seat, slot.adventurer) for seat, slot in attack.hits if slot.adventurer.word]
    fire_band(state, "attack", attack, listeners=in_play)
    if attack.hits:
        fire_monster(state, monster, "hit", attack)
        fire_band(state, "hit", attack, SUIT[monster.code], listeners=hit_cards)
    # step 3: retaliation by the gear the hit Adventurers carried (R11)
    power = max(0, monster_value(state, monster) + attack.empower - attack.weaken)
    retaliation = sum([VALUE[g.code] for _, slot in attack.hits for g in slot.gear])
    retaliation += attack.retaliate if attack.hits else 0
    slain = bool(attack.hits) and retaliation > power
    if attack.hits:  # the sum, part by part, before the verdict
        parts = tuple([told for label, (_, slot) in zip(hit_labels, attack.hits)
                       for told in (label, sum([VALUE[g.code] for g in slot.gear]))])  # fmt: skip
        log(state, "retaliation", name, parts, attack.retaliate, retaliation)
    strike = Strike(name, power, hit_labels, retaliation)
    if slain:
        log(state, "slain", retaliation, strike.monster, power)
        state.slain.append(monster)
        strike.result = "slain"
        fire_monster(state, monster, "slain", attack)
        fire_band(state, "slain", attack)
    else:
        if attack.hits:
            log(state, "survives", strike.monster, power, retaliation)
        else:
            log(state, "survives unanswered", strike.monster, power)
        state.lair.append(monster)
        strike.result = "survives"
        fire_monster(state, monster, "survives", attack)
    state.last_attack.append(strike)
    return attack.extra


# ----- after the attack ----------------------------------------------------------------------


def out_of_adventurers(player: Player, deck_counts: bool = False) -> bool:
    """The player's last Adventurer is gone: none in the slots and none in the hand to hire
    (10; R15). The rest set aside at setup, still in the deck, are not brought yet; a game
    begun before content 8 counts them too (`deck_counts`)."""
    if player.slots or (deck_counts and player.adventurer_deck):
        return False
    return not any(card.code[0] in "JQK" for card in player.hand)


def settle(state: State, events: list[Event]) -> str:
    """The checks after an attack, in the rulebook's order: clear first, then a fall (R12)."""
    total, need = equipped_total(state), strength(state)
    if total > need:
        log(state, "cleared", total, need)
        return "clear"
    out = [p.label for p in state.players if out_of_adventurers(p, state.adventurer_deck_counts)]
    if out:
        log(state, "driven out", tuple(out))
        return "driven_out"
    if not state.monster_pile:
        log(state, "last monster", total, need)
        return "fall"
    log(state, "standing", total, need, len(state.monster_pile))
    return ""


def end_turn(state: State) -> None:
    """The player turn is over: cast words still waiting burn with their cards (R9)."""
    for player in state.players:
        if player.cast:
            log(state, "unspoken", player.label, labels(player.cast))
            player.discard.extend(player.cast)
            player.cast = []


def next_round(state: State) -> None:
    """READY: this round's word effects are over (R9), hands refill with Equipment to the
    limit (R8), everyone gets their actions, then round-start words fire."""
    refills: list[str | int] = []
    for player in state.players:
        count = min(HAND_LIMIT - len(player.hand), len(player.equipment_deck))
        if count:
            refills += (player.label, count)
    log(state, "round begins", state.round + 1, tuple(refills))
    state.round += 1
    state.strength_adjust = 0
    for player in state.players:
        draw_into_hand(state, player.seat, "equipment", HAND_LIMIT)
        player.actions_left = ACTIONS_PER_TURN + player.extra_actions
        player.extra_actions = 0
        player.done = False
    fire_band(state, "round_start")
