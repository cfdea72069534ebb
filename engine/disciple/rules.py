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
    content_version = 2
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
            styles=[],
            allotment=[],
            vitality=START_VITALITY,
            event_deck=[],
            skills_deck=[],
            second_style_offered=opts["second_style"],
        )
        if opts["style"] == "ask":  # R1: choosing the style is the run's first decision
            journey.ask_style(state)
        else:
            journey.take_style(state, opts["style"])
        self._advance(state)
        return state

    # ----- the contract -----------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == "over":
            return []
        if state.pending is not None:
            return [Choose(i) for i in range(len(state.pending.options))]
        if state.phase != "player":
            return []
        actions: list[Action] = []
        for i, other_ways in energy.plays(state):
            actions.append(PlayCard(i))
            actions += [PlayCard(i, taps) for taps in other_ways]
        actions.append(EndTurn())
        return actions

    def is_legal(self, state: State, action: Any) -> bool:
        if state.phase == "over":
            return False
        if state.pending is not None:
            return type(action) is Choose and 0 <= action.index < len(state.pending.options)
        if state.phase != "player":
            return False
        if type(action) is EndTurn:
            return True
        if type(action) is PlayCard:
            index = action.hand_index
            if not (0 <= index < len(state.hand) and energy.playable(state, index)):
                return False
            return action.taps is None or action.taps in energy.other_payments(state, index)
        return False

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
            combat.play_card(state, action.hand_index, action.taps)
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
        enemy = state.enemy
        assert enemy is not None
        state.pending = None
        state.enemy_turn = None  # a fight can end in the middle of the enemy's turn
        if state.beaten:
            state.phase = "over"
            state.won = False
            log(state, f"You are {state.beaten} by {enemy.name}. Your journey ends here.")
            return
        state.fights_won += 1
        log(state, f"{enemy.name} is {enemy.beaten}!")
        if enemy.tier == "boss":
            state.phase = "over"
            state.won = True
            log(state, "You have beaten the final boss. Your journey is complete!")
            return
        journey.offer_rewards(state, enemy.tier)

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

    def validate(self, state: State) -> list[str]:
        return soundness.problems(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.won is None:
            return None
        score = state.fights_won * 10 + max(state.vitality, 0)  # R26
        if state.won:
            return Outcome(True, score, f"Journey complete with {state.vitality} vitality left.")
        return Outcome(False, score, f"Defeated after {state.fights_won} won fights.")

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        piles = (state.event_deck, state.skills_deck, state.second_skills, state.draw, state.patterns)
        return tuple(len(pile) for pile in piles)

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        """The style is chosen in play more often than in the menu: the state knows it."""
        styles = " + ".join(load().styles[s].name for s in state.styles) or "none chosen"
        return {"Style": styles, "Second style offered": "on" if options.get("second_style", True) else "off"}

    def summary(self, state: State) -> str:
        styles = " + ".join(load().styles[s].name for s in state.styles) or "No style yet"
        text = f"{styles}, vitality {max(state.vitality, 0)}/{START_VITALITY}"
        if state.group:
            text += f", group {state.group}"
        if state.won is not None:
            return f"{text}, {'victory' if state.won else 'defeated'}"
        if state.enemy is not None:
            text += f", fighting {state.enemy.name} ({max(state.enemy.vitality, 0)})"
        return text

    def describe(self, action: Action, state: State | None = None) -> str:
        content = load()
        if isinstance(action, EndTurn):
            return "End turn"
        if isinstance(action, PlayCard):
            if state is None or not 0 <= action.hand_index < len(state.hand):
                return f"Play card #{action.hand_index + 1}"
            card = content.cards[state.hand[action.hand_index]]
            if card.kind == "energy":
                return f"Play {card.name}"
            cost = energy.cost_of(state, card)
            taps = action.taps
            if taps is None:
                taps = energy.default_taps(state, cost, action.hand_index)
            return f"Play {card.name} ({cost_label(cost)}), tapping {combat.tap_words(state, taps)}"
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
            pattern = foe.pile(state)[int(option)]
            return f"{pattern.name}: {foe.pattern_words(state, pattern)}"
        if pending.kind == "stun_tap":
            tapped = state.energy[int(option)]
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
            if not 0 <= action.hand_index < len(state.hand):
                return "There is no such card in your hand."
            card = load().cards[state.hand[action.hand_index]]
            need = cost_label(energy.cost_of(state, card))
            return f"You cannot pay for {card.name} ({need}) with your untapped energy."
        return "That move is not allowed right now."
