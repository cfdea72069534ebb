"""Disciple's state, actions and events: msgspec Structs, so a save is plain JSON.

Piles are lists of card ids with the top of the pile at the END of the list.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.log import Line
from engine.core.rng import Rng

COLOURS = ("gray", "blue", "red", "green")
COLOUR_LETTER = {"gray": "N", "blue": "B", "red": "R", "green": "G"}  # N: neutral gray
START_VITALITY = 25  # Solo and Co-Op
VERSUS_VITALITY = 50
HAND_LIMIT = 8
FIRST_HAND = 5
END_DRAW = 3
ROCKED_LIMIT = {"minion": 2, "miniboss": 3, "boss": 4}
PLAYER_ROCKED_LIMIT = 4

Phase = Literal["setup", "journey", "player", "enemy", "over"]


# ----- actions --------------------------------------------------------------------------

# gc=False on the actions, Event, EnergyCard and Step: they hold only strings, numbers and
# tuples of numbers, so they can never be part of a reference cycle, and thousands are made
# in a game; the garbage collector need not watch them (how they are saved does not change).


class PlayCard(msgspec.Struct, frozen=True, tag="play_card", gc=False):
    """Play the card at this hand position, tapping these energy cards (indices in the
    player's energy) to pay for it; None taps the default set (R7)."""

    hand_index: int
    taps: tuple[int, ...] | None = None
    seat: int = 0


class EndTurn(msgspec.Struct, frozen=True, tag="end_turn", gc=False):
    """Stop playing cards: end of turn, then the next fighter acts."""

    seat: int = 0


class Choose(msgspec.Struct, frozen=True, tag="choose", gc=False):
    """Pick option `index` of the pending decision (made by its seat)."""

    index: int
    seat: int = 0


class Target(msgspec.Struct, frozen=True, tag="target", gc=False):
    """Co-Op: aim the Disciple's attacks at this enemy (index in State.enemies)."""

    enemy: int
    seat: int = 0


Action = PlayCard | EndTurn | Choose | Target


class Event(msgspec.Struct, frozen=True, gc=False):
    kind: str
    line: Line  # what happened, as the log tells it (Game.log_text gives its words)


# ----- state pieces ---------------------------------------------------------------------


class EnergyCard(msgspec.Struct, array_like=True, gc=False):
    colour: str
    amount: int
    tapped: bool = False
    card: str = ""  # the deck card it came from; "" for the style's allotment


class Enemy(msgspec.Struct):
    id: str
    name: str
    tier: str  # minion, miniboss, boss
    vitality: int
    max_vitality: int
    guard: int = 0
    power: int = 0
    clinch: bool = False
    feint: bool = False
    weakened: int = 0  # extra patterns drawn next enemy turn
    stun: int = 0  # first actions skipped next enemy turn
    rocked: int = 0  # Rocked received during the current Disciple turn
    beaten: str = ""  # how the fight ended for it: "defeated", "knocked out", "tapped out"
    target: int = 0  # the seat of the Disciple it attacks
    patterns: list[int] = msgspec.field(default_factory=list)  # its pattern pile, top last
    patterns_out: list[int] = msgspec.field(default_factory=list)  # drawn this turn
    patterns_used: list[int] = msgspec.field(default_factory=list)  # resolved in its last turn


class EnemyTurn(msgspec.Struct):
    """Where an enemy is in its turn, so a save can resume mid-attack."""

    enemy: int = 0  # which of State.enemies is acting
    pattern: int = -1  # index in the pile's content list of the pattern being resolved
    step: int = 0  # next action of that pattern
    patterns_left: int = 0  # further patterns still to draw this turn (multi-attackers)
    skip: int = 0  # actions still to skip (Stun)


class Pending(msgspec.Struct):
    """A decision the player must make before anything else happens."""

    kind: str  # see PENDING_KINDS
    prompt: str
    options: list[str]  # ids (cards, patterns, styles, colours, event choices) or labels
    picks_left: int = 1  # reward picks still allowed (a miniboss lets you keep two)
    extra: list[str] = msgspec.field(default_factory=list)  # ids set aside while choosing
    seat: int = 0  # the player who decides


PENDING_KINDS = (
    "style",
    "start_choice",
    "event",
    "reward",
    "bottom_order",
    "remove_card",
    "weakened",
    "stun_tap",
    "second_style",
    "energy_pick",
    "cl_order",
    "cl_next",
    "cl_scope",
    "cl_commit",
    "cl_target",
)


class Step(msgspec.Struct, array_like=True, gc=False):
    """A queued piece of the journey (setup, event effects, learning a style)."""

    kind: str
    arg: str = ""
    n: int = 0
    seat: int = 0  # the player it is for


class Disciple(msgspec.Struct):
    """One player: their deck, hand, energy, what they have in play, buffs and debuffs."""

    name: str = "Player"
    styles: list[str] = msgspec.field(default_factory=list)  # first style, then a second one
    allotment: list[str] = msgspec.field(default_factory=list)  # colours of the default energy
    vitality: int = START_VITALITY
    start_vitality: int = START_VITALITY  # the most healing can bring back
    event_deck: list[str] = msgspec.field(default_factory=list)
    skills_deck: list[str] = msgspec.field(default_factory=list)
    second_skills: list[str] = msgspec.field(default_factory=list)  # while learning a style
    set_aside: list[str] = msgspec.field(default_factory=list)  # halved out (Group 2.5)
    removed: list[str] = msgspec.field(default_factory=list)  # taken out of the deck by events
    owned: list[str] = msgspec.field(default_factory=list)  # every card of the Disciple's deck
    draw: list[str] = msgspec.field(default_factory=list)
    hand: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    stance: str = ""
    style: str = ""
    state_card: str = ""
    locked: bool = False  # the State slot holds a Lock It In attack
    lock_damage: int = 0  # damage taken since the lock went in
    counters: list[str] = msgspec.field(default_factory=list)
    energy: list[EnergyCard] = msgspec.field(default_factory=list)
    pool: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])  # COLOURS order
    guard: int = 0
    power: int = 0
    clinch: bool = False
    feint: bool = False
    rocked: int = 0  # Rocked received during the opponent's current turn
    to_tap: int = 0  # energy cards the Disciple must still tap (Stun received)
    beaten: str = ""  # how the Disciple fell: "defeated", "knocked out", "tapped out"...
    combo: list[str] = msgspec.field(default_factory=list)  # listed by the last skill played
    last_played: str = ""
    target: int = 0  # the enemy (index in State.enemies) the Disciple's attacks go to
    fight_vitality: int = 0  # Co-Op: vitality at the start of the fight (R38)
    waiting: str = ""  # Co-Op: a miniboss or boss flipped before the others reach it (R37)


MODES = ("solo", "versus", "coop", "campaign")


class State(msgspec.Struct):
    rng: Rng
    phase: Phase
    players: list[Disciple]  # by seat (in turn order unless a Campaign's `order` says otherwise)
    mode: str = "solo"
    enemies: list[Enemy] = msgspec.field(default_factory=list)  # in the fight now
    active: int = 0  # the seat whose turn it is
    event: str = ""  # the active event
    group: str = ""
    enemy_turn: EnemyTurn | None = None
    turn: int = 0
    pending: Pending | None = None
    queue: list[Step] = msgspec.field(default_factory=list)
    second_style_offered: bool = True
    won: bool | None = None
    winner: int = -1  # Versus: the seat that won
    cl: str = ""  # Campaign: "human" or "bot", who leads
    cl_aimed: int = -1  # Campaign: the enemy whose target the CL chose for its coming turn
    order: list[int] = msgspec.field(default_factory=list)  # Campaign: the player order the CL
    # set, seats first to last (R41); empty: the seats' order, as Co-Op keeps it
    pulls: list[list[str]] = msgspec.field(default_factory=list)  # Versus: who goes first, R31
    fights_won: int = 0
    log: list[Line] = msgspec.field(default_factory=list)  # worded in wording.py
    logged: int = 0  # lines ever logged, so apply() can return just the new ones
