"""Every change on the Druid Path table is told in the log before it happens (tests/explain.py):
abilities and triggers name their source, Draeg's riposte and items leaving the hand included."""

from __future__ import annotations

from functools import lru_cache

from engine.core.rng import Rng
from engine.druid_path.bots import greedy_player
from engine.druid_path.model import PendingLane, State
from engine.druid_path.table import C, SPIRIT, attack_of, hp_left, name_of
from tests.druid_path.helpers import GAME
from tests.explain import Fact, Facts, explain_games

DRUIDS = ("belthar", "emrys", "seren", "oisin")
DARACHS = ("kaliran", "morvenna", "draeg", "vorthak")
PATHS = ("celthar", "thornwild", "naarmut", "mireholt")

# Words that tell of a whole pile changing at once (a deck rebuilt from its discard).
PILE_WORDS = {"beast deck": "beastborg deck", "beast discard": "beastborg deck",
              "shadow deck": "shadow deck", "shadow discard": "shadow deck"}  # fmt: skip


CARD_NAMES = {card: c.name for pile in (C.beasts, C.shadows, C.items) for card, c in pile.items()}


@lru_cache(maxsize=None)
def zone_fact(card_id: str, where: str) -> Fact:
    name = CARD_NAMES[card_id]
    return Fact(where, (name,) + ((PILE_WORDS[where],) if where in PILE_WORDS else ()))


NOWHERE = {("zone", card): zone_fact(card, "nowhere") for card in CARD_NAMES}  # a lost card is a change too


def facts(state: State) -> Facts:
    found: Facts = dict(NOWHERE)

    def zone(card_id: str, name: str, where: str) -> None:
        found[("zone", card_id)] = zone_fact(card_id, where)

    for pile, where in ((state.beast_deck, "beast deck"), (state.beast_discard, "beast discard")):
        for card in pile:
            zone(card, C.beasts[card].name, where)
    for pile, where in ((state.shadow_deck, "shadow deck"), (state.shadow_discard, "shadow discard")):
        for card in pile:
            zone(card, C.shadows[card].name, where)
    for pile, where in ((state.item_deck, "item deck"), (state.item_discard, "item discard"), (state.hand, "hand")):
        for item in pile:
            zone(item, C.items[item].name, where)
    for lane, slot in enumerate(state.encounter):
        if slot is not None:
            name = C.beasts[slot.card].name
            zone(slot.card, name, "encounter row")
            found[("lane", slot.card)] = Fact(lane, (name,))
            found[("tried", slot.card)] = Fact(slot.tried, (name,))
    if isinstance(state.pending, PendingLane):
        zone(state.pending.card, C.beasts[state.pending.card].name, "tamed, waiting for a lane")
    spirits: dict[str, list[tuple]] = {"druid": [], "darach": []}
    for row_name, row in (("druid", state.druid_row), ("darach", state.darach_row)):
        for lane, beast in enumerate(row):
            if beast is None:
                continue
            left = max(0, hp_left(beast))
            if beast.card == SPIRIT:  # the tokens are alike: told as "Spirit token"
                spirits[row_name].append((left, attack_of(beast), beast.exhausted))
                continue
            name = name_of(beast)
            zone(beast.card, name, f"{row_name} row")
            found[("lane", beast.card)] = Fact(lane, (name, "shift"))
            found[("hp", beast.card)] = Fact(left, ((name, f"♥{left}"),))
            found[("attack", beast.card)] = Fact(attack_of(beast), ((name, "attack"), (name, "»")))
            found[("exhausted", beast.card)] = Fact(beast.exhausted, (name, "every beastborg is ready"))
            for relic in beast.relics:
                zone(relic, C.items[relic].name, f"on {name}")
    for row_name, tokens in spirits.items():
        found[("spirits", row_name)] = Fact(sorted(tokens), ("Spirit", "every beastborg is ready"))
    druid, darach = C.druids[state.druid].name, C.darachs[state.darach].name
    found["druid hp"] = Fact(state.druid_hp, ((druid, f"♥{state.druid_hp}"),))
    found["darach hp"] = Fact(state.darach_hp, ((darach, f"♥{state.darach_hp}"),))
    found["darach charge"] = Fact(state.darach_charge, ((darach, "charge"),))
    found["stamina"] = Fact(state.stamina, ("stamina",))
    found["turn"] = Fact(state.turn, ("Turn",))
    for colour in ("green", "red", "blue", "yellow"):
        found[("gems", colour)] = Fact(state.gems.get(colour, 0), (f"{colour} gem",))
    for robot, energy in zip(state.robots, state.robot_energy):
        found[("energy", robot)] = Fact(energy, (C.robots[robot].name,))
    found["over"] = Fact(state.result, (state.result_reason,) if state.result_reason else ())
    return found


def options(seed: int) -> dict[str, str]:
    return dict(druid=DRUIDS[seed % 4], darach=DARACHS[(seed // 4) % 4], path=PATHS[(seed // 16) % 4])


def random_playouts(seeds: range):
    for seed in seeds:
        rng = Rng.from_seed(seed + 777)
        yield GAME.new_game(seed, **options(seed)), lambda state, rng=rng: rng.choice(GAME.legal_actions(state))


def greedy_playouts(seeds: range):
    for seed in seeds:
        rng = Rng.from_seed(seed)
        yield GAME.new_game(seed, **options(seed)), lambda state, rng=rng: greedy_player(GAME, state, rng)


def test_every_change_of_random_games_is_told_before_it_happens():
    problems = explain_games(GAME, facts, random_playouts(range(64)))
    assert not problems, "\n".join(map(str, problems))


def test_every_change_of_greedy_games_is_told_before_it_happens():
    problems = explain_games(GAME, facts, greedy_playouts(range(64)))
    assert not problems, "\n".join(map(str, problems))


def test_the_checker_catches_a_silent_blow():
    """A wrong program: damage dealt without its line (the old silent attack abilities)."""
    from engine.druid_path import table

    real_log = table.log

    def quiet(state, what, *parts):
        if what != "hurt":
            real_log(state, what, *parts)

    table.log = quiet
    try:
        problems = explain_games(GAME, facts, greedy_playouts(range(2)))
    finally:
        table.log = real_log
    assert any(problem.key in ("druid hp", "darach hp") or problem.key[0] == "hp" for problem in problems)
