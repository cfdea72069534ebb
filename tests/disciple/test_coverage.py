"""Every effect clause of every card, enemy, event and attack pattern fires in seeded runs,
and every card can be paid (the table: python -m tests.disciple.coverage)."""

from engine.disciple import trace
from engine.disciple.checks import payment_report
from engine.disciple.content import load

from .coverage import fired_counts, never_fired, table_lines

RUNS = 25  # seeds per style for each of the greedy, random and mixed players


def test_every_effect_clause_fires():
    counts = fired_counts(RUNS)
    assert never_fired(counts) == {}, "\n".join(table_lines(counts, every=False))


def test_every_card_can_be_paid():
    assert payment_report(load()) == []


def test_the_clause_table_knows_every_item():
    table = trace.clauses(load())
    content = load()
    assert len([k for k in table if k.startswith("card:")]) == len(content.cards)
    assert len([k for k in table if k.startswith("enemy:")]) == len(content.enemies)
    assert "card:side_control:passive:0" in table["card:side_control"]  # Chokes deal 1 more
    assert "enemy:bx_pickpocket:attack:0:op:0" in table["enemy:bx_pickpocket"]  # Grab Bag
    assert "enemy:bx_title_holder:attack:1:op:0" in table["enemy:bx_title_holder"]  # Tie-Up
