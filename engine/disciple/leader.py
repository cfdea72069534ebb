"""The Campaign Leader's seat and the questions put to it. A fight asks the CL whom each enemy
attacks before it acts (`aim`); what the CL's answers then do is campaign.py's.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.effects import first_standing
from engine.disciple.model import Pending, State


def cl_seat(state: State) -> int:
    """The CL's seat: after the players'."""
    return len(state.players)


def leads(state: State) -> bool:
    """Whether a person leads (their decisions wait for them)."""
    return state.mode == "campaign" and state.cl == "human"


def ask(state: State, kind: str, prompt: str, options: list[str], extra: list[str] | None = None) -> None:
    """Put a decision to the CL's seat (campaign.decide answers it at once for the CL bot)."""
    state.pending = Pending(kind=kind, prompt=prompt, options=options, seat=cl_seat(state),
                            extra=list(extra or []))


def aim(state: State, index: int) -> bool:
    """Before enemy `index` acts: the CL picks whom it attacks. False while that waits."""
    if not leads(state) or state.cl_aimed == index or first_standing(state) < 0:
        return True  # the CL bot leaves each enemy the target the Co-Op rule gives it
    enemy = state.enemies[index]
    standing = [str(s) for s, p in enumerate(state.players) if not p.beaten]
    ask(state, "cl_target", f"Whom does {enemy.name} attack?", standing, [str(index)])
    return False
