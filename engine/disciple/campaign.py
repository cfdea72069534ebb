"""Campaign: a band of Disciples guided by a Campaign Leader (CL) who holds every player's event
deck and decides what comes next, how many enemies commit, whom each enemy attacks and who may
learn a second style. A CL bot decides by the standard order instead (R41).

Every CL decision goes through `decide`: a pending decision for the CL's seat when a person
leads, the standard option at once when the bot does.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.combat import enemy_turns, start_fight
from engine.disciple.content import load
from engine.disciple.effects import log, turn_on
from engine.disciple.leader import ask, cl_seat, leads  # noqa: F401 (cl_seat: the rules ask here)
from engine.disciple.model import State, Step

CL_NAME = "Campaign Leader"
EVERYONE = "*"
CL_KINDS = ("cl_next", "cl_scope", "cl_commit", "cl_target")


def decide(state: State, kind: str, prompt: str, options: list[str], standard: int,
           extra: list[str] | None = None) -> None:
    ask(state, kind, prompt, options, extra)
    if not leads(state):
        choose(state, standard)


def standard_choice(state: State) -> int:
    """The CL bot's pick for the pending CL decision: the standard Solo order for everyone."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "cl_target":  # the enemy keeps the target the Co-Op rule gives it
        enemy = state.enemies[int(pending.extra[0])]
        return pending.options.index(str(enemy.target))
    if pending.kind == "cl_commit":  # every deck's enemy commits
        return len(pending.options) - 1
    return 0  # cl_next: the first player's deck first; cl_scope: everyone


# ----- the journey ------------------------------------------------------------------------


def next_card(state: State) -> None:
    """The CL picks whose event deck gives the next card (R41); an empty table ends the
    campaign in victory."""
    content = load()
    options, seats = [], []
    for seat, me in enumerate(state.players):
        if me.event_deck:
            options.append(me.event_deck[-1])
            seats.append(str(seat))
    if not options:
        log(state, "campaign complete")
        state.phase = "over"
        state.won = True
        return
    names = ", ".join(f"{_name(content, o)} ({state.players[int(s)].name})" for o, s in zip(options, seats))
    decide(state, "cl_next", f"Which card comes next? On top: {names}.", options, 0, seats)


def _name(content, card_id: str) -> str:
    thing = content.enemies.get(card_id) or content.events.get(card_id)
    return thing.name if thing is not None else card_id


def choose(state: State, index: int) -> None:
    """Carry out option `index` of the pending CL decision."""
    content = load()
    pending = state.pending
    assert pending is not None
    state.pending = None
    kind, picked = pending.kind, pending.options[index]
    if kind == "cl_next":
        seat = int(pending.extra[index])
        me = state.players[seat]
        card = me.event_deck.pop()
        state.event = card
        if card in content.enemies:
            others = [str(s) for s, p in enumerate(state.players)
                      if s != seat and p.event_deck and p.event_deck[-1] in content.enemies]
            counts = [str(n) for n in range(1, len(others) + 2)]
            decide(state, "cl_commit", f"{content.enemies[card].name} attacks. How many enemies "
                   "commit to the fight (the others' from the top of their decks)?", counts,
                   len(counts) - 1, [str(seat)] + others)
            return
        log(state, "event from a deck", content.events[card].name, me.name)
        standing = [str(s) for s, p in enumerate(state.players) if not p.beaten]
        decide(state, "cl_scope", f"Who meets {content.events[card].name}?",
               [EVERYONE] + standing, 0)
    elif kind == "cl_scope":
        seats = [int(s) for s in pending.options[1:]] if picked == EVERYONE else [int(picked)]
        state.queue += [Step("event", state.event, 0, seat) for seat in seats]
    elif kind == "cl_commit":
        seats = [int(s) for s in pending.extra[: int(picked)]]
        revealed = [(state.event, seats[0])]
        for seat in seats[1:]:
            revealed.append((state.players[seat].event_deck.pop(), seat))
        start_fight(state, revealed)
    elif kind == "cl_target":
        enemy_index = int(pending.extra[0])
        enemy = state.enemies[enemy_index]
        state.cl_aimed = enemy_index
        if enemy.target == int(picked):
            log(state, "stays on", enemy.name, state.players[int(picked)].name)
        turn_on(state, enemy, int(picked))
        enemy_turns(state, enemy_index)


def after_fight(state: State) -> None:
    """R42: the undefeated draw 5 and keep 2; the fallen rise at half their starting vitality
    and draw 3 and keep 1."""
    for seat, me in enumerate(state.players):
        if me.beaten:
            risen = (me.start_vitality + 1) // 2
            log(state, "arises", me.name, risen)
            me.beaten = ""
            me.vitality = risen
            state.queue.append(Step("reward", "fallen", 0, seat))
        else:
            state.queue.append(Step("reward", "standing", 0, seat))
    state.queue.append(Step("end_fight"))
