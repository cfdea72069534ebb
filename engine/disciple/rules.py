"""Disciple: A Journey, solo runs. The Game contract over combat.py and journey.py.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game, GameOption, Outcome
from engine.core.rng import Rng
from engine.disciple import combat, energy, journey, soundness
from engine.disciple import enemy as foe
from engine.disciple.content import load
from engine.disciple.effects import fight_over, log
from engine.disciple.model import (
    COLOUR_LETTER,
    COLOURS,
    START_VITALITY,
    Action,
    Choose,
    Disciple,
    EndTurn,
    Event,
    PlayCard,
    State,
    Step,
)

STYLE_IDS = ("boxing", "karate", "jiujitsu")


def cost_label(cost: list[int]) -> str:
    text = "".join(COLOUR_LETTER[c] * n for c, n in zip(COLOURS, cost))
    return text or "free"


class DiscipleGame(Game):
    id = "disciple"
    title = "Disciple: A Journey"
    blurb = "Solo martial-arts deckbuilder"
    # 2: each style's own attack patterns, new card texts and costs, energy picked by the player
    # 3: a state of several Disciples and enemies (engine/disciple/upgrade.py carries 2 over)
    content_version = 3
    State = State
    Action = Action
    Event = Event
    options = (
        GameOption(
            "style",
            "Martial art",
            "choice",
            "ask",
            "The school you learn first, or choose it at the table as the run's first decision.",
            choices=("ask",) + STYLE_IDS,
            choice_labels=("Choose at the table", "Boxing", "Karate", "Jiu-Jitsu"),
        ),
        GameOption(
            "second_style",
            "Second style",
            "bool",
            True,
            "Include the Group 2.5 event that offers to learn a second martial art.",
        ),
    )

    def new_game(self, seed: int = 0, **options: Any) -> State:
        opts = self.check_options(options)
        load()  # fail loudly on broken content before any state exists
        state = State(
            rng=Rng.from_seed(seed),
            phase="setup",
            players=[Disciple()],
            second_style_offered=opts["second_style"],
        )
        if opts["style"] == "ask":  # R1: choosing the style is the run's first decision
            journey.ask_style(state, 0)
        else:
            journey.take_style(state, 0, opts["style"])
        self._advance(state)
        return state

    # ----- the contract -----------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == "over":
            return []
        if state.pending is not None:
            seat = state.pending.seat
            return [Choose(i, seat) for i in range(len(state.pending.options))]
        if state.phase != "player":
            return []
        seat = state.active
        actions: list[Action] = []
        for i, other_ways in energy.plays(state.players[seat]):
            actions.append(PlayCard(i, None, seat))
            actions += [PlayCard(i, taps, seat) for taps in other_ways]
        actions.append(EndTurn(seat))
        return actions

    def is_legal(self, state: State, action: Any) -> bool:
        if state.phase == "over":
            return False
        if state.pending is not None:
            return (
                type(action) is Choose
                and action.seat == state.pending.seat
                and 0 <= action.index < len(state.pending.options)
            )
        if state.phase != "player" or action.seat != state.active:
            return False
        if type(action) is EndTurn:
            return True
        if type(action) is PlayCard:
            me = state.players[state.active]
            index = action.hand_index
            if not (0 <= index < len(me.hand) and energy.playable(me, index)):
                return False
            return action.taps is None or action.taps in energy.other_payments(me, index)
        return False

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.pending is not None:
            return (state.pending.seat,)
        return (state.active,)

    def seats(self, state: State) -> list[str]:
        return [p.name for p in state.players]

    def _apply(self, state: State, action: Action) -> list[Event]:
        before = state.logged
        if isinstance(action, Choose):
            kind = state.pending.kind if state.pending else ""
            if kind == "weakened":
                pattern = int(state.pending.options[action.index])
                state.pending = None
                combat.choose_pattern(state, pattern)
            elif kind == "stun_tap":
                index = int(state.pending.options[action.index])
                state.pending = None
                combat.stun_tap(state, index)
            else:
                journey.choose(state, action.index)
        elif isinstance(action, PlayCard):
            combat.play_card(state, state.players[action.seat], action.hand_index, action.taps)
        elif isinstance(action, EndTurn):
            log(state, "You end your turn.")
            combat.end_player_turn(state)
        self._settle(state)
        self._advance(state)
        new = min(state.logged - before, len(state.log))
        return [Event("log", line) for line in state.log[len(state.log) - new :]] if new else []

    def _settle(self, state: State) -> None:
        """A fight that just ended: defeat ends the run, victory brings rewards."""
        if state.phase not in ("player", "enemy") or not fight_over(state):
            return
        enemy = state.enemies[0]
        me = state.players[0]
        state.pending = None
        state.enemy_turn = None  # a fight can end in the middle of the enemy's turn
        if me.beaten:
            state.phase = "over"
            state.won = False
            log(state, f"You are {me.beaten} by {enemy.name}. Your journey ends here.")
            return
        state.fights_won += 1
        log(state, f"{enemy.name} is {enemy.beaten}!")
        if enemy.tier == "boss":
            state.phase = "over"
            state.won = True
            log(state, "You have beaten the final boss. Your journey is complete!")
            return
        journey.offer_rewards(state, 0, enemy.tier)

    def _advance(self, state: State) -> None:
        while state.pending is None and state.phase not in ("over", "player", "enemy"):
            if state.queue:
                step: Step = state.queue.pop(0)
                journey.run_step(state, step)
            elif state.phase == "journey":
                journey.flip_event(state)
                self._settle(state)
            else:
                raise AssertionError(f"nothing to do in phase {state.phase}")

    def upgrade(self, version: int, options: dict[str, Any], state: Any, actions: list[Any]):
        from engine.disciple.upgrade import upgrade

        return upgrade(version, options, state, actions)

    def validate(self, state: State) -> list[str]:
        return soundness.problems(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.won is None:
            return None
        vitality = state.players[0].vitality
        score = state.fights_won * 10 + max(vitality, 0)  # R26
        if state.won:
            return Outcome(True, score, f"Journey complete with {vitality} vitality left.")
        return Outcome(False, score, f"Defeated after {state.fights_won} won fights.")

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        counts: list[int] = []
        for me in state.players:
            counts += (len(me.event_deck), len(me.skills_deck), len(me.second_skills), len(me.draw))
        counts += (len(enemy.patterns) for enemy in state.enemies)
        return tuple(counts)

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        """The style is chosen in play more often than in the menu: the state knows it."""
        styles = " + ".join(load().styles[s].name for s in state.players[0].styles) or "none chosen"
        return {"Style": styles, "Second style offered": "on" if options.get("second_style", True) else "off"}

    def summary(self, state: State) -> str:
        me = state.players[0]
        styles = " + ".join(load().styles[s].name for s in me.styles) or "No style yet"
        text = f"{styles}, vitality {max(me.vitality, 0)}/{START_VITALITY}"
        if state.group:
            text += f", group {state.group}"
        if state.won is not None:
            return f"{text}, {'victory' if state.won else 'defeated'}"
        for enemy in state.enemies:
            text += f", fighting {enemy.name} ({max(enemy.vitality, 0)})"
        return text

    def describe(self, action: Action, state: State | None = None) -> str:
        content = load()
        if isinstance(action, EndTurn):
            return "End turn"
        if isinstance(action, PlayCard):
            me = state.players[action.seat] if state is not None else None
            if me is None or not 0 <= action.hand_index < len(me.hand):
                return f"Play card #{action.hand_index + 1}"
            card = content.cards[me.hand[action.hand_index]]
            if card.kind == "energy":
                return f"Play {card.name}"
            cost = energy.cost_of(me, card)
            taps = action.taps
            if taps is None:
                taps = energy.default_taps(me, cost, action.hand_index)
            return f"Play {card.name} ({cost_label(cost)}), tapping {combat.tap_words(me, taps)}"
        pending = state.pending if state is not None else None
        if pending is None or not 0 <= action.index < len(pending.options):
            return f"Choose option {action.index + 1}"
        pending = state.pending
        option = pending.options[action.index]
        if pending.kind in ("style", "second_style"):
            return "Decline" if option == journey.DECLINE else content.styles[option].name
        if pending.kind in ("start_choice", "reward", "remove_card", "bottom_order"):
            return "Keep none" if option == journey.NONE_OPTION else content.cards[option].name
        if pending.kind == "weakened":
            enemy = foe.acting(state)
            pattern = foe.pile(enemy)[int(option)]
            return f"{pattern.name}: {foe.pattern_words(state, enemy, pattern)}"
        if pending.kind == "stun_tap":
            tapped = state.players[pending.seat].energy[int(option)]
            return f"Tap your {tapped.colour} energy ({COLOUR_LETTER[tapped.colour]})"
        if pending.kind == "energy_pick":
            return f"{option.capitalize()} ({COLOUR_LETTER[option]})"
        return option

    def why_illegal(self, state: State, action: Any) -> str:
        if state.phase == "over":
            return "The journey is over."
        if state.pending is not None:
            if isinstance(action, Choose):
                return f"There is no option {action.index + 1} to choose."
            return f"First make the pending choice: {state.pending.prompt}"
        if isinstance(action, Choose):
            return "There is nothing to choose right now."
        if isinstance(action, PlayCard):
            me = state.players[state.active]
            if not 0 <= action.hand_index < len(me.hand):
                return "There is no such card in your hand."
            card = load().cards[me.hand[action.hand_index]]
            need = cost_label(energy.cost_of(me, card))
            return f"You cannot pay for {card.name} ({need}) with your untapped energy."
        return "That move is not allowed right now."
