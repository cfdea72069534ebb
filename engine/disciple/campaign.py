"""Campaign: a band of Disciples guided by a Campaign Leader (CL) who holds every player's event
deck and decides what comes next, how many enemies commit, whom each enemy attacks and who may
learn a second style. A CL bot decides instead (leader.py, R41).

Every CL decision goes through `decide`: a pending decision for the CL's seat when a person
leads, the standard option at once when the bot does.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.combat import enemy_turns, start_fight
from engine.disciple.content import load
from engine.disciple.effects import log, turn_on, turn_order
from engine.disciple.leader import ask, bot_choice, cl_seat, committable, leads  # noqa: F401 (the rules ask here)
from engine.disciple.model import State, Step

CL_NAME = "Campaign Leader"
EVERYONE = "*"
CL_KINDS = ("cl_order", "cl_next", "cl_scope", "cl_commit", "cl_target")


def decide(state: State, kind: str, prompt: str, options: list[str],
           extra: list[str] | None = None) -> None:
    """Put a decision to the CL: a person leading answers it in their own time, the CL bot
    at once (leader.bot_choice)."""
    ask(state, kind, prompt, options, extra)
    if not leads(state):
        choose(state, bot_choice(state))


# ----- set-up -----------------------------------------------------------------------------


def ask_order(state: State, placed: list[int] | None = None) -> None:
    """The CL sets the player order for the whole campaign (R41), one place at a time;
    `placed`: the seats given the first places so far."""
    placed = placed or []
    left = [seat for seat in range(len(state.players)) if seat not in placed]
    if len(left) <= 1:
        state.order = placed + left
        if len(state.players) > 1:
            log(state, "player order", tuple([state.players[s].name for s in state.order]))
        return
    place = len(placed) + 1
    decide(state, "cl_order", f"Who plays {_PLACES[place - 1]} in the player order?",
           [str(s) for s in left], [str(s) for s in placed])


_PLACES = ("first", "second", "third", "fourth")


# ----- the journey ------------------------------------------------------------------------


def next_card(state: State) -> None:
    """The CL picks whose event deck gives the next card (R41); an empty table ends the
    campaign in victory."""
    content = load()
    options, seats = [], []
    for seat in turn_order(state):
        me = state.players[seat]
        if me.event_deck:
            options.append(me.event_deck[-1])
            seats.append(str(seat))
    if not options:
        log(state, "campaign complete")
        state.phase = "over"
        state.won = True
        return
    names = ", ".join(f"{_name(content, o)} ({state.players[int(s)].name})" for o, s in zip(options, seats))
    decide(state, "cl_next", f"Which card comes next? On top: {names}.", options, seats)


def _more_enemies(state: State, seat: int) -> list[int]:
    """Whose deck gives each further enemy the CL may commit (R41), in the order they come:
    round after round, each deck in player order gives its top card while that is an enemy
    (the deck whose enemy attacks goes on from under it)."""
    enemies = load().enemies
    runs = {}
    for s in turn_order(state):
        deck = state.players[s].event_deck
        n = 0
        while n < len(deck) and deck[-1 - n] in enemies:
            n += 1
        runs[s] = n
    more: list[int] = []
    first_round = True
    while any(runs.values()):
        for s in turn_order(state):
            if runs[s] and not (first_round and s == seat):  # its first is the one attacking
                runs[s] -= 1
                more.append(s)
        first_round = False
    return more


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
    if kind == "cl_order":
        ask_order(state, [int(s) for s in pending.extra] + [int(picked)])
    elif kind == "cl_next":
        seat = int(pending.extra[index])
        me = state.players[seat]
        card = me.event_deck.pop()
        state.event = card
        if card in content.enemies:
            log(state, "enemy from a deck", content.enemies[card].name, me.name)
            others = [str(s) for s in _more_enemies(state, seat)]
            counts = [str(n) for n in range(1, len(others) + 2)]
            decide(state, "cl_commit", f"{content.enemies[card].name} attacks. How many enemies "
                   "commit to the fight (the others from the tops of the event decks, deck by "
                   "deck in player order)?", counts, [str(seat)] + others)
            return
        log(state, "event from a deck", content.events[card].name, me.name)
        standing = [str(s) for s in turn_order(state) if not state.players[s].beaten]
        decide(state, "cl_scope", f"Who meets {content.events[card].name}?",
               [EVERYONE] + standing)
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
    for seat in turn_order(state):
        me = state.players[seat]
        if me.beaten:
            risen = (me.start_vitality + 1) // 2
            log(state, "arises", me.name, risen)
            me.beaten = ""
            me.vitality = risen
            state.queue.append(Step("reward", "fallen", 0, seat))
        else:
            state.queue.append(Step("reward", "standing", 0, seat))
    state.queue.append(Step("end_fight"))
