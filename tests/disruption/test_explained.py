"""Every change on the Disruption table is told in the log before it happens (tests/explain.py)."""

from __future__ import annotations

from collections import defaultdict

from engine.core.rng import Rng
from engine.disruption.model import Card, State
from tests.disruption.helpers import GAME
from tests.explain import Fact, Facts, explain_games

# Where a card can be, and the words that tell of a whole pile changing at once.
PILES = {
    "defender_deck": ("defender deck",),
    "defender_graveyard": ("defender deck",),  # R3: beaten defenders shuffled back
    "defeats_pile": (),
    "minor_deck": ("Minor deck",),
    "major_deck": ("Major deck",),
    "ally_graveyard": ("Minor deck", "Major deck"),  # R2: a deck rebuilt from it
    "hand": (),
}


def name_of(card: Card) -> str:
    return "Joker" if card.is_joker else card.label


def facts(state: State) -> Facts:
    zones: dict[str, list[str]] = defaultdict(list)
    names: dict[str, set[str]] = defaultdict(set)
    places = [(pile, getattr(state, pile)) for pile in PILES]
    if state.encounter is not None:
        places += [("defenders", state.encounter.defenders), ("allies", state.encounter.allies)]
    for zone, cards in places:
        for card in cards:
            zones[name_of(card)].append(zone)
            names[name_of(card)].update(PILES.get(zone, ()))
    found: Facts = {
        ("zone", card): Fact(tuple(sorted(where)), (card, *sorted(names[card]))) for card, where in zones.items()
    }
    found["wins"] = Fact(state.wins, ("Victory",))
    found["defeats"] = Fact(state.defeats, ("Defeat",))
    # The game is over once the last line says so (the counters reached 10 or 3 just before).
    found["over"] = Fact(state.phase == "over", ("ritual is disrupted", "ritual goes on"))
    return found


def playouts(seeds: range, trade_first: bool):
    """Random games, options varied by seed; some trade whenever they can."""
    for seed in seeds:
        options = {"accursed_joker": seed % 2 == 1, "no_dice": seed % 3 == 0}
        chooser = Rng.from_seed(seed + 50_000)

        def choose(state: State, chooser: Rng = chooser):
            legal = GAME.legal_actions(state)
            trades = [a for a in legal if type(a).__name__ == "Trade"]
            return trades[0] if trade_first and trades else chooser.choice(legal)

        yield GAME.new_game(seed=seed, **options), choose


def test_every_change_of_a_random_game_is_told_before_it_happens():
    problems = explain_games(GAME, facts, playouts(range(200), trade_first=False))
    problems += explain_games(GAME, facts, playouts(range(200, 300), trade_first=True))
    assert not problems, "\n".join(map(str, problems))


def test_rebuilt_ally_decks_are_told_too():  # R2, both decks
    from engine.disruption.model import Fight, Trade
    from tests.disruption.helpers import rig_dice, set_encounter, set_hand
    from tests.explain import explain_step

    state = GAME.new_game(seed=3)
    set_hand(state, [Card(1, "C"), Card(2, "C"), Card(3, "C"), Card(4, "S")])
    state.ally_graveyard += state.major_deck + state.minor_deck
    state.major_deck, state.minor_deck = [], []
    assert explain_step(GAME, state, Trade((0, 1, 2)), facts) == []
    set_encounter(state, [Card(6, "H")])
    rig_dice(state, [3])  # 3 + 4 beats 6 only together: a Minor, from the rebuilt deck
    before = state.logged
    assert explain_step(GAME, state, Fight((0,)), facts) == []
    new = [GAME.log_text(line) for line in state.log[before - state.logged :]]
    assert any(line.startswith("The Minor deck is empty") for line in new), new


def test_the_checker_catches_a_silent_change():
    """A wrong program: the reward reaches the hand without its line. The checker says so."""
    from engine.disruption import encounter
    from tests.explain import explain_step

    state = GAME.new_game(seed=2)
    real_log = encounter.log

    def quiet(state, what, *parts):
        if what != "reward":
            real_log(state, what, *parts)

    encounter.log = quiet
    try:
        chooser = Rng.from_seed(1)
        found = []
        while not found and GAME.outcome(state) is None:
            found = explain_step(GAME, state, chooser.choice(GAME.legal_actions(state)), facts)
    finally:
        encounter.log = real_log
    assert found and any(problem.key[0] == "zone" for problem in found)
