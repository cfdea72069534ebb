"""The end of a turn in short, lane by lane, from the log lines written since the Darach phase
began (engine: PendingTurnEnd.since). Lines are data, so they are grouped by kind, not parsed."""

from __future__ import annotations

from typing import Any

from engine.core.log import Line

LANE_STARTS = {"lane_attack", "lane_quiet"}
DARACH_PHASE = "Darach phase"


def turn_lines(state: Any) -> list[Line]:
    """The lines of the turn's Darach phase and combat (as many as the log still holds)."""
    pending = state.pending
    new = min(state.logged - getattr(pending, "since", state.logged), len(state.log))
    return [line for line in state.log[len(state.log) - new :] if not isinstance(line, str)] if new else []


def groups(lines: list[Line]) -> list[tuple[str, list[Line]]]:
    """The Darach phase, then each lane that had anything in it."""
    found: list[tuple[str, list[Line]]] = [(DARACH_PHASE, [])]
    for line in lines:
        if line.what in LANE_STARTS:
            found.append((f"Lane {line.parts[0]}", []))
        if line.what != "darach_moves":
            found[-1][1].append(line)
    return [(name, group) for name, group in found if group]


def brief(group: list[Line]) -> str:
    """What a group did, in a few words: blows, losses, tames, draws."""
    parts: list[str] = []
    for line in group:
        p = line.parts
        if line.what == "hurt" and p[2]:
            parts.append(f"{p[1]} -{p[2]} (♥{p[4]})")
        elif line.what in ("defeated",):
            parts.append(f"{p[0]} defeated")
        elif line.what == "destroyed":
            parts.append(f"{p[1]} destroyed")
        elif line.what == "darach_tames":
            parts.append(f"tamed {p[0]}")
        elif line.what == "darach_draws":
            parts.append(f"drew {p[0]}")
        elif line.what == "summon_shadow":
            parts.append(f"{p[1]} entered")
        elif line.what == "unleash":
            parts.append(f"{p[0]}'s charge unleashed")
        elif line.what == "parried":
            parts.append(f"{p[0]} parried")
        elif line.what == "block":
            parts.append(f"{p[0]} blocked")
    return ", ".join(parts) or "nothing happened"


def summary_text(game: Any, state: Any, width: int, rows: int) -> str:
    """Every line of the turn under its group when that fits in `rows` lines of `width`;
    else a few words per group."""
    found = groups(turn_lines(state))
    full: list[str] = [f"Turn {state.turn} is over. e goes on to the next one."]
    for name, group in found:
        words = " ".join(game.log_text(line) for line in group)
        full.append(f"{name}: {words}" if name == DARACH_PHASE else words)  # a lane's lines name it
    if sum(-(-len(text) // width) for text in full) <= rows:
        return "\n".join(full)
    short = [f"Turn {state.turn} is over (e: next turn; L: every line)."]
    short += [f"{name}: {brief(group)}" for name, group in found]
    return "\n".join(short)
