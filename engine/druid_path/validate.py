"""Whether a Druid Path state, or a campaign, could have come from play (Game.validate): the
cards it names exist, every card lies in exactly one place, the counters are in range, and a
pending decision is one the player can make.

Rulings cited as R1, R2... (and C1-C4 for campaigns) are in RULINGS.md beside this file.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engine.druid_path.model import (
    COLOURS,
    GEMS_PER_COLOUR,
    LANES,
    STAMINA_CAP,
    STEPS,
    Effect,
    EffectTask,
    PendingBranch,
    PendingGem,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTarget,
    PendingTurnEnd,
    State,
)
from engine.druid_path.table import CARDS, SPIRIT, C, hp_left
from engine.druid_path.wording import LINES_KEPT

STAGES = {
    "encounter": {"start"},
    "play": {"start"},
    "darach": {"start", "draw", "charge"},
    "combat": {"start", "ask", "roll", "exchange", "next"},
    "end": {"start"},
    "over": None,  # the game stopped wherever it was
}
ROWS = ("druid", "darach")
MAX_SPIRITS = 3
MAX_DARACH_BONUS = 30  # the option's maximum
RNG_LIMIT = 1 << 64


def problems(state: State) -> list[str]:
    found = _known_ids(state)
    if found:
        return found  # the rest reads the content by these ids
    found += _cards_in_one_place(state)
    found += _counters(state)
    found += _beasts(state)
    found += _pending(state)
    found += [f"an effect waiting to resolve {p}" for task in state.queue for p in _task(task)]
    return found


def _known_ids(state: State) -> list[str]:
    found = []
    for what, value, known in (("path", state.path, C.paths), ("Druid", state.druid, C.druids),
                               ("Darach", state.darach, C.darachs)):  # fmt: skip
        if value not in known:
            found.append(f"unknown {what} '{value}'")
    piles = (
        ("beastborg", C.beasts, state.beast_deck + state.beast_discard + [s.card for s in state.encounter if s]),
        ("item", C.items, state.item_deck + state.item_discard + state.hand),
        ("shadow beastborg", C.shadows, state.shadow_deck + state.shadow_discard),
    )
    for what, known, cards in piles:
        for card in sorted(set(cards) - known.keys()):
            found.append(f"unknown {what} '{card}'")
    if len(state.encounter) != LANES or len(state.druid_row) != LANES or len(state.darach_row) != LANES:
        found.append("a row does not have three lanes")
    for beast in state.druid_row + state.darach_row:
        if beast is not None:
            if beast.card not in CARDS:
                found.append(f"unknown beastborg '{beast.card}' in a lane")
            found += [f"unknown relic '{r}'" for r in beast.relics if r not in C.items]
    if isinstance(state.pending, PendingLane) and state.pending.card not in C.beasts:
        found.append(f"unknown beastborg '{state.pending.card}' waits for a lane")
    if set(state.gem_supply) != set(COLOURS) or not set(state.gems) <= set(COLOURS):
        found.append("the gems are not the four colours")
    if not found and (
        tuple(state.robots) != _robots_of(state.druid)
        or len(state.robot_energy) != len(state.robots)
        or len(state.robots_used) != len(state.robots)
    ):
        found.append(f"the robots are not {C.druids[state.druid].name}'s")
    return found


@cache
def _robots_of(druid: str) -> tuple[str, ...]:
    return tuple(sorted(r.id for r in C.robots.values() if r.owner == druid))


def _cards_in_one_place(state: State) -> list[str]:
    beasts = state.beast_deck + state.beast_discard + [s.card for s in state.encounter if s is not None]
    if isinstance(state.pending, PendingLane):  # a tamed card waiting for its lane
        beasts.append(state.pending.card)
    shadows = state.shadow_deck + state.shadow_discard
    items = state.item_deck + state.item_discard + state.hand
    found = []
    for row in ROWS:
        for beast in state.druid_row if row == "druid" else state.darach_row:
            if beast is None:
                continue
            items += beast.relics
            if beast.card in C.shadows:
                if row == "druid":
                    found.append("a shadow beastborg stands in the Druid's row")
                shadows.append(beast.card)
            elif beast.card != SPIRIT:
                beasts.append(beast.card)
    spirits = sum(b is not None and b.card == SPIRIT for b in state.druid_row + state.darach_row)
    if spirits > (MAX_SPIRITS if C.druids[state.druid].spirits else 0):
        found.append(f"{spirits} Spirit tokens are in play")
    for what, cards, known in (("beastborg", beasts, C.beasts), ("shadow beastborg", shadows, C.shadows),
                               ("item", items, C.items)):  # fmt: skip
        seen = Counter(cards)
        for card in sorted(c for c in known if seen[c] != 1):
            found.append(f"the {what} {known[card].name} lies in {seen[card]} places, not one")
    return found


def _counters(state: State) -> list[str]:
    found = []
    druid, darach = C.druids[state.druid], C.darachs[state.darach]
    if not 0 <= state.stamina <= min(STAMINA_CAP, druid.stamina_max):
        found.append(f"stamina {state.stamina} is out of range")
    if state.druid_hp_max != druid.hp or state.druid_hp > state.druid_hp_max:
        found.append("the Druid's HP do not fit the Druid")
    if not darach.hp <= state.darach_hp_max <= darach.hp + MAX_DARACH_BONUS or state.darach_hp > state.darach_hp_max:
        found.append("the Darach's HP do not fit the Darach")
    if not 1 <= state.turn <= STEPS:
        found.append(f"step {state.turn} is not on a path of {STEPS}")
    steps = C.paths[state.path].steps
    if any(not 1 <= s <= state.turn or steps[s - 1].alt is None for s in state.branch_taken):
        found.append("a branch was taken where the path has none")
    for colour in COLOURS:
        held, left = state.gems.get(colour, 0), state.gem_supply.get(colour, 0)
        if held < 0 or left < 0 or held + left != GEMS_PER_COLOUR:
            found.append(f"the {colour} gems do not add up to {GEMS_PER_COLOUR}")
    for robot, energy in zip(state.robots, state.robot_energy):
        if energy < 0:  # energize effects may take it past where it began
            found.append(f"{C.robots[robot].name}'s energy is below zero")
    if not 0 <= state.darach_charge <= darach.stamina:
        found.append("the Darach's charge is out of range")
    if min(state.druid_armor_used, state.darach_armor_used) < 0:
        found.append("armour used is below zero")
    if not 0 <= state.combat_lane <= LANES:
        found.append("combat is in a lane that does not exist")
    stages = STAGES[state.phase]
    if stages is not None and state.stage not in stages:
        found.append(f"the {state.phase} phase has no step '{state.stage}'")
    if (state.result is None) != (state.phase != "over"):
        found.append("the game's end and its result disagree")
    elif state.result is None and (state.druid_hp <= 0 or state.darach_hp <= 0):
        found.append("a leader has no HP left but the game goes on")
    elif state.result is not None and (state.pending is not None or state.queue):
        found.append("a decision waits after the game ended")
    if len(state.log) > LINES_KEPT or state.logged < len(state.log) or not 0 <= state.darach_from <= state.logged:
        found.append("the log is longer than the lines ever written")
    if not (0 <= state.rng.seed < RNG_LIMIT and 0 <= state.rng.counter < RNG_LIMIT):
        found.append("the shuffle's counter is out of range")
    if state.last_roll is not None:
        found += [f"the last roll {p}" for p in _roll(state.last_roll)]
    return found


def _beasts(state: State) -> list[str]:
    found = []
    for row in ROWS:
        for beast in state.druid_row if row == "druid" else state.darach_row:
            if beast is None:
                continue
            counts = (beast.damage, beast.armor_used, beast.relic_attack, beast.relic_armor, beast.relic_hp)
            if min(counts) < 0:
                found.append(f"a beastborg in the {row} row has a count below zero")
            elif state.result is None and hp_left(beast) <= 0:
                found.append(f"a beastborg in the {row} row fights on with no HP")
    uids = [b.uid for b in state.druid_row + state.darach_row if b is not None]
    if len(set(uids)) != len(uids) or any(not 0 < uid <= state.beasts_made for uid in uids):
        found.append("two beastborgs on the table share an identity, or one has none")  # R38
    return found


def _roll(roll: PendingRoll) -> list[str]:
    if len(roll.dice) != 2 or any(not 1 <= face <= 6 for face in roll.dice):
        return ["shows impossible dice"]
    if not 0 <= roll.where < LANES or roll.bonus < 0:
        return ["is in a lane that does not exist"]
    return []


def _pending(state: State) -> list[str]:
    p = state.pending
    if p is None:
        if state.result is None and state.phase != "play":
            return [f"the {state.phase} phase waits, but for nothing"]
        return []
    where = {PendingRoll: ("play", "combat"), PendingResponse: ("combat",), PendingBranch: ("encounter",),
             PendingTurnEnd: ("end",)}.get(type(p))  # fmt: skip
    if where is not None and state.phase not in where:
        return [f"a decision of the {' or '.join(where)} phase waits in the {state.phase} phase"]
    if isinstance(p, PendingRoll):
        found = [f"the roll waiting {problem}" for problem in _roll(p)]
        if not found and p.purpose == "tame" and state.encounter[p.where] is None:
            found.append("a tame roll waits for an empty encounter slot")
        if not found and p.purpose == "attack" and state.druid_row[p.where] is None:
            found.append("an attack roll waits for an empty lane")
        return found
    if isinstance(p, PendingResponse):
        return [] if 0 <= p.lane < LANES else ["an attack waits in a lane that does not exist"]
    if isinstance(p, PendingBranch):
        steps = C.paths[state.path].steps
        return [] if p.step == state.turn and steps[p.step - 1].alt is not None else ["a branch waits where the path has none"]
    if isinstance(p, PendingTurnEnd):
        return [] if 0 <= p.since <= state.logged else ["the turn's end points past the log"]
    if isinstance(p, PendingLane):
        return [] if state.phase in ("play", "combat") else ["a tamed beastborg waits outside the Play phase"]
    found = [f"the decision {problem}" for problem in _task(p.task)]
    if found:
        return found
    if isinstance(p, PendingGem) and p.task.effects[0].op != "gain_gem":
        return ["a gem choice waits for an effect that gives no gem"]
    if isinstance(p, PendingTarget):
        if not p.options or len(set(p.options)) != len(p.options):
            return ["a target choice has no options, or one twice"]
        for ref in p.options:
            row, _, lane = ref.partition(":")
            if row not in ROWS or lane not in ("0", "1", "2"):
                return [f"a target choice offers '{ref}', which is not a lane"]
            if (state.druid_row if row == "druid" else state.darach_row)[int(lane)] is None:
                return [f"a target choice offers the empty {row} lane {int(lane) + 1}"]
    return []


def _task(task: EffectTask) -> list[str]:
    if not task.effects:
        return ["has no effect left"]
    if any(effect not in _known_effects() for effect in task.effects):
        return ["does something no card does"]
    if task.row not in ("", *ROWS) or not -1 <= task.lane < LANES or (task.row and task.lane < 0):
        return ["comes from a lane that does not exist"]
    if bool(task.row) != bool(task.beast) or task.beast < 0 or (task.fallen and not task.row):
        return ["comes from a beastborg it does not name"]  # R38
    if task.item and task.item not in C.items:
        return [f"comes from an unknown item '{task.item}'"]
    return []


@cache
def _known_effects() -> frozenset[Effect]:
    """Every effect some card, Druid, Darach or robot has."""
    abilities: list[Any] = [d.ability for d in C.druids.values()] + [d.ability for d in C.darachs.values()]
    abilities += [r.ability for r in C.robots.values()]
    for card in list(C.beasts.values()) + list(C.shadows.values()):
        abilities += [getattr(card, "light", None), card.shadow]
    effects = [e for a in abilities if a is not None for e in a.effects]
    for item in C.items.values():
        effects += list(item.light) + list(item.shadow)
    return frozenset(effects)


# ----- campaigns ----------------------------------------------------------------------


def campaign_problems(campaign: Any) -> list[str]:
    from engine.druid_path.campaign import MAX_RESOLVE, REST_HP, game_seed, start_campaign

    if campaign.druid not in C.druids:
        return [f"unknown Druid '{campaign.druid}'"]
    road = start_campaign(campaign.druid, campaign.seed).legs
    if campaign.legs != road:
        return ["its road is not the campaign's four Darachs"]
    records = campaign.records
    found = []
    if len(records) > len(road) or any(
        (r.index, r.darach, r.path) != (i, road[i].darach, road[i].path) for i, r in enumerate(records)
    ):
        return ["its finished games do not follow the road"]
    wins = sum(r.result == "won" for r in records)
    last = records[-1].result if records else "won"
    fits = {  # C3: a loss ends the road, giving up ends it at any point
        "active": last == "won" and len(records) < len(road),
        "won": wins == len(road),
        "lost": last == "lost",
        "abandoned": last in ("won", "abandoned"),
    }
    if any(r.result != "won" for r in records[:-1]) or not fits[campaign.status]:
        found.append(f"its games' results do not fit a campaign {campaign.status}")
    full = C.druids[campaign.druid].hp
    if not 1 <= campaign.druid_hp <= full:
        found.append("the Druid's HP are out of range")
    elif records and records[-1].result == "won" and campaign.druid_hp != min(full, records[-1].druid_hp + REST_HP):
        found.append("the Druid's HP do not follow from the last game (C2)")
    if campaign.resolve != min(MAX_RESOLVE, wins):
        found.append("the extra stamina does not follow from the victories (C2)")
    game = campaign.game
    if game is None:
        return found
    if campaign.status != "active":
        return found + ["a game is in progress in a campaign that is over"]
    leg = road[len(records)]
    if (game.druid, game.darach, game.path) != (campaign.druid, leg.darach, leg.path):
        return found + ["the game in progress is not the road's next"]
    if campaign.game_seed != game_seed(campaign, len(records)):
        found.append("the game in progress was not dealt from the campaign's seed")
    return found + problems(game)
