"""Two players for benchmarks, balance and tests: uniformly random, and a simple greedy one.

Both only look at the state and pick from legal_actions, like a person at the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.rng import Rng
from engine.druid_path.table import C, attack_of, hp_left, row_of
from engine.druid_path.model import (
    COLOURS,
    AcceptRoll,
    Action,
    Activate,
    AttackDarach,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    PendingBranch,
    PendingGem,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTarget,
    PendingTurnEnd,
    NextTurn,
    PickBranch,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    State,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)
from engine.druid_path.table import chance

if TYPE_CHECKING:
    from engine.druid_path.rules import DruidPathGame

HARM = {"damage", "lose_hp", "destroy", "exhaust"}


def random_player(game: DruidPathGame, state: State, rng: Rng) -> Action:
    return rng.choice(game.legal_actions(state))


def _beast(state: State, ref: str):
    row, lane = ref.split(":")
    return row_of(state, row)[int(lane)]


def _value(card_id: str) -> float:
    card = C.beasts[card_id]
    return card.attack * 2 + card.hp + card.armor * 2


def _tame_worth(state: State, slot: int) -> float:
    card = state.encounter[slot]
    assert card is not None
    return float(chance(C.beasts[card.card].tame)) * _value(card.card)


def _missing(state: State, card_id: str) -> list[str]:
    """Gems still to collect for a beast (coloured first, then the cheapest uncoloured)."""
    cost = C.beasts[card_id].cost
    gems = dict(state.gems)
    need: list[str] = []
    for colour, n in cost.coloured().items():
        short = max(0, n - gems.get(colour, 0))
        need += [colour] * short
        gems[colour] = max(0, gems.get(colour, 0) - n)
    spare = sum(gems.values())
    for _ in range(max(0, cost.any - spare)):
        need.append(max(COLOURS, key=lambda c: state.gem_supply.get(c, 0)))
    return need


def _useful(state: State, effects) -> bool:
    """Whether an item or ability would do something good right now."""
    foes = any(state.darach_row)
    mine = any(state.druid_row)
    for e in effects:
        if e.target in ("foe_beast", "foe_beasts", "opposite") and e.op in HARM | {"attack_mod"}:
            if foes and (e.op != "attack_mod" or e.amount < 0):
                return True
        elif e.target in ("ally_beast", "ally_beasts"):
            if e.op == "heal" and any(b is not None and b.damage for b in state.druid_row):
                return True
            if e.op in ("attack_mod", "attach") and mine:
                return True
        elif e.target == "foe" and e.op in ("damage", "lose_hp"):
            return True
        elif e.target == "ally" and e.op == "heal":
            return state.druid_hp < state.druid_hp_max - 2
        elif e.op == "summon_spirit":
            return None in state.druid_row
        elif e.op in ("gain_stamina", "energize", "gain_gem"):
            return True
    return False


def greedy_player(game: DruidPathGame, state: State, rng: Rng) -> Action:
    acts = game.legal_actions(state)
    p = state.pending
    if isinstance(p, PendingRoll):
        return _roll(state, p, acts)
    if isinstance(p, PendingResponse):
        return _respond(state, p, acts)
    if isinstance(p, PendingTarget):
        return _target(state, p)
    if isinstance(p, PendingLane):
        return _lane(state)
    if isinstance(p, PendingGem):
        return _gem(state, acts)
    if isinstance(p, PendingBranch):
        return PickBranch(rng.below(2) == 1)
    if isinstance(p, PendingTurnEnd):
        return NextTurn()
    return _play(state, acts)


def _play(state: State, acts: list[Action]) -> Action:
    kinds = {type(a) for a in acts}
    # free help first: robots
    for a in acts:
        if isinstance(a, UseRobot) and _useful(state, C.robots[state.robots[a.index]].ability.effects):
            return a
    mine = sum(1 for b in state.druid_row if b is not None)
    reserve = min(mine, 2) if any(state.darach_row) or mine >= 2 else 0
    tames = [a for a in acts if isinstance(a, Tame)]
    if tames and (mine < 2 or state.stamina > reserve):
        return max(tames, key=lambda a: _tame_worth(state, a.slot))
    # collect gems toward the most valuable beast within reach this turn
    if TakeGem in kinds:
        best = None
        for slot in state.encounter:
            if slot is None or slot.tried:
                continue
            need = _missing(state, slot.card)
            if need and len(need) < state.stamina - (reserve if mine >= 2 else 0):
                score = _value(slot.card) - len(need) * 2
                if best is None or score > best[0]:
                    best = (score, need[0])
        if best is not None and TakeGem(best[1]) in acts:
            return TakeGem(best[1])
    for a in acts:
        if isinstance(a, PlayItem):
            item = C.items[state.hand[a.index]]
            if state.stamina - item.cost >= min(reserve, 1) or item.cost == 0:
                if _useful(state, item.light):
                    return a
    if DruidAbility in kinds and state.stamina > reserve:
        if _useful(state, C.druids[state.druid].ability.effects):
            return DruidAbility()
    for a in acts:
        if isinstance(a, Activate) and state.stamina > reserve:
            beast = state.druid_row[a.lane]
            ability = C.beasts[beast.card].light if beast is not None else None
            if ability is not None and _useful(state, ability.effects):
                return a
    for a in acts:
        if isinstance(a, StaminaBoost) and state.stamina < 2:
            return a
    # spare stamina beyond what combat needs: build toward next turn's gems
    if state.stamina > reserve + 1 and TakeGem in kinds and sum(state.gems.values()) < 6:
        counts = sorted(COLOURS, key=lambda c: (state.gems.get(c, 0), COLOURS.index(c)))
        for colour in counts:
            if TakeGem(colour) in acts:
                return TakeGem(colour)
    if state.stamina > reserve + 1 and DrawItem in kinds and len(state.item_deck) > 12:
        return DrawItem()
    return EndPlay()


def _roll(state: State, p: PendingRoll, acts: list[Action]) -> Action:
    need = p.target - sum(p.dice) - p.bonus
    boosts = [a for a in acts if isinstance(a, RollBoost)]
    potions = [a for a in acts if isinstance(a, UsePotion)]
    worth = p.purpose == "attack" or need <= 3
    if worth:
        enough = [a for a in boosts if C.items[state.hand[a.index]].boost >= need]
        if enough:
            return min(enough, key=lambda a: C.items[state.hand[a.index]].boost)
        drinks = [a for a in potions if _potion(state, a) >= need]
        if drinks:
            return drinks[0]
        total = sum(C.items[state.hand[a.index]].boost for a in boosts)
        if boosts and total >= need:
            return max(boosts, key=lambda a: C.items[state.hand[a.index]].boost)
    return AcceptRoll()


def _potion(state: State, a: UsePotion) -> int:
    return sum(e.amount for e in C.items[state.hand[a.index]].light if e.op == "roll_boost")


def _respond(state: State, p: PendingResponse, acts: list[Action]) -> Action:
    lane = p.lane
    mine, foe = state.druid_row[lane], state.darach_row[lane]
    if Block() in acts and mine is not None and foe is not None:
        kills = attack_of(mine) >= hp_left(foe)
        survives = hp_left(mine) > attack_of(foe)
        danger = state.druid_hp <= attack_of(foe) * 3
        if (kills and survives) or danger or AttackDarach() not in acts:
            return Block()
    if AttackDarach() in acts:
        return AttackDarach()
    return Endure()


def _target(state: State, p: PendingTarget) -> Action:
    effect = p.task.effects[0]
    if effect.op in HARM or (effect.op == "attack_mod" and effect.amount < 0):
        def threat(ref: str) -> tuple[int, int]:
            b = _beast(state, ref)
            killable = effect.op == "destroy" or (effect.op in ("damage", "lose_hp") and hp_left(b) <= effect.amount)
            ability = C.beasts[b.card].shadow if b.card in C.beasts else None
            ward = b.card in C.shadows and C.shadows[b.card].shadow.kind == "ward"
            ward = ward or (ability is not None and ability.kind == "ward")
            return (int(killable) + 2 * int(ward and ref.startswith("darach")), attack_of(b))

        return PickTarget(max(p.options, key=threat))
    if effect.op == "heal":
        return PickTarget(max(p.options, key=lambda r: _beast(state, r).damage))
    return PickTarget(max(p.options, key=lambda r: (hp_left(_beast(state, r)), attack_of(_beast(state, r)))))


def _lane(state: State) -> Action:
    def worth(lane: int) -> tuple[int, int, int]:
        mine, foe = state.druid_row[lane], state.darach_row[lane]
        weak = -(attack_of(mine) + hp_left(mine)) if mine is not None else 0
        return (int(mine is None), attack_of(foe) if foe is not None else -1, weak)

    return PickLane(max(range(3), key=worth))


def _gem(state: State, acts: list[Action]) -> Action:
    for slot in state.encounter:
        if slot is not None and not slot.tried:
            for colour in _missing(state, slot.card):
                if PickGem(colour) in acts:
                    return PickGem(colour)
    return acts[0]


PLAYERS = {"random": random_player, "greedy": greedy_player}


def play_game(game: DruidPathGame, seed: int, player: str = "greedy", **options) -> State:
    """Play one whole game with a bot; the bot's own dice come from a separate stream."""
    state = game.new_game(seed, **options)
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    while state.result is None:
        game.apply(state, choose(game, state, rng))
    return state

