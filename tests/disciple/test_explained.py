"""The explain checker (tests/explain.py) over Disciple runs: every change of vitality, Guard,
Power, where a card is, an enemy's vitality and Guard, a fight won and the run's end is told by
a log line before it happens, in Solo, Versus, Co-Op and a Campaign."""

from __future__ import annotations

from collections import defaultdict

from engine.core.rng import Rng
from engine.disciple.content import load
from engine.disciple.model import Disciple, State
from engine.registry import GAMES
from tests.explain import Fact, Facts, Name, explain_games

GAME = GAMES["disciple"]
C = load()
PILE_WORDS = {"draw": "draw", "skills_deck": "skills deck", "second_skills": "skills", "set_aside": "set aside"}
PILES = ("skills_deck", "second_skills", "set_aside", "removed", "draw", "hand", "discard", "counters")


def name(card: str) -> str:
    return C.cards[card].name if card in C.cards else card


def player_facts(me: Disciple, whose: tuple[str, ...]) -> Facts:
    """One Disciple's facts; `whose` is the words naming them in a line (none in Solo, where
    the log says "you")."""

    def named(*words: str) -> tuple[Name, ...]:
        return tuple((*whose, word) if whose else word for word in words)

    zones: dict[str, list[str]] = defaultdict(list)
    for pile in PILES:
        for card in getattr(me, pile):
            zones[name(card)].append(pile)
    for slot in ("state_card", "stance", "style"):  # the cards in play, one a slot
        if getattr(me, slot):
            zones[name(getattr(me, slot))].append(slot)
    # a card drawn is told as a count ("You draw 3 cards"), a face-down pile moved at once by
    # the pile's name ("Half your skills deck is set aside"), and a Versus counter is played
    # "face down" (R35): they are not named
    found: Facts = {
        ("zone", whose, card): Fact(tuple(sorted(where)), (card, "shuffle", "face down", *named(*{PILE_WORDS[p] for p in where if p in PILE_WORDS})))
        for card, where in zones.items()
    }
    vitality = max(me.vitality, 0)  # as a player sees it: never below 0
    found[("vitality", whose)] = Fact(vitality, named(f"{vitality} left", f"vitality {vitality}", f"{vitality} vitality"))
    found[("guard", whose)] = Fact(me.guard, named("Guard"))
    found[("power", whose)] = Fact(me.power, named("Power"))
    return found


def facts(state: State) -> Facts:
    several = len(state.players) > 1
    found: Facts = {}
    for me in state.players:
        found.update(player_facts(me, (me.name,) if several else ()))
    found["fights won"] = Fact(state.fights_won, ("defeated", "knocked out", "tapped out"))
    found["over"] = Fact(state.won, ("won", "lost", "fall", "defeated", "journey", "wins", "campaign"))
    for i, enemy in enumerate(state.enemies):
        left = max(enemy.vitality, 0)
        found[("enemy", i, enemy.id, "vitality")] = Fact(left, ((enemy.name, f"{left} left"),))
        found[("enemy", i, enemy.id, "guard")] = Fact(enemy.guard, ((enemy.name, "Guard"),))
    return found


def playouts(seeds: range, **options):
    for seed in seeds:
        chooser = Rng.from_seed(seed + 99)
        yield GAME.new_game(seed, **options), lambda state, chooser=chooser: chooser.choice(GAME.legal_actions(state))


def test_solo_runs_are_explained():
    problems = explain_games(GAME, facts, playouts(range(24)))
    assert not problems, "\n".join(map(str, problems))


def test_versus_games_are_explained():
    problems = explain_games(GAME, facts, playouts(range(8), mode="versus"))
    assert not problems, "\n".join(map(str, problems))


def test_coop_journeys_are_explained():
    problems = explain_games(GAME, facts, playouts(range(3), mode="coop", players=2))
    problems += explain_games(GAME, facts, playouts(range(3, 5), mode="coop", players=3))
    assert not problems, "\n".join(map(str, problems))


def test_campaigns_are_explained():
    problems = explain_games(GAME, facts, playouts(range(1), mode="campaign", players=2))
    problems += explain_games(GAME, facts, playouts(range(2, 4), mode="campaign", players=1))  # a second school
    assert not problems, "\n".join(map(str, problems))


def test_the_checker_catches_a_blow_told_after_it_lands():
    """A wrong program: the damage is dealt before the line that tells it (as it once was)."""
    from engine.disciple import effects

    real_log = effects.log

    def late(state, what, *parts):
        if what == "hits disciple (you)" and state.players[0].vitality > 0:
            state.players[0].vitality -= 1  # a point lost before its line
        real_log(state, what, *parts)

    effects.log = late
    try:
        problems = explain_games(GAME, facts, playouts(range(4)))
    finally:
        effects.log = real_log
    assert any(problem.key == ("vitality", ()) for problem in problems)
