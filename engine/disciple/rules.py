"""Disciple: A Journey, solo runs. The Game contract over combat.py and journey.py.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import BOT_LEVEL, Game, GameOption, Outcome
from engine.core.log import SAID
from engine.core.rng import Rng
from engine.disciple import campaign, combat, energy, journey, soundness, versus
from engine.disciple.campaign import CL_KINDS
from engine.disciple.decks import VersusDeck, check_versus_deck, default_versus_deck
from engine.disciple import enemy as foe
from engine.disciple.content import load
from engine.disciple.effects import fight_over, log, retarget, told
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
    Target,
)
from engine.disciple.wording import TURNING_POINTS, WORDING

STYLE_IDS = ("boxing", "karate", "jiujitsu")
PLAYSTYLES = ("solo", "versus", "coop", "campaign")  # the playstyles new_game sets up
TOGETHER = ("coop", "campaign")  # a band of Disciples against the enemies
MIN_VITALITY, MAX_VITALITY = 5, 99  # a Campaign's starting vitality "as decided" (R45)


def cost_label(cost: list[int]) -> str:
    text = "".join(COLOUR_LETTER[c] * n for c, n in zip(COLOURS, cost))
    return text or "free"


def score_terms(fights_won: int, vitality: int, whose: str = "") -> tuple[tuple[str, int], ...]:
    """R26: a won run's score, term by term."""
    return ((f"10 per fight won ({fights_won})", 10 * fights_won), (f"vitality left{whose}", vitality))


def won_fights(n: int) -> str:
    return f"{n} won fight{'' if n == 1 else 's'}"


def unique_names(names: list[str]) -> list[str]:
    """Names a log can tell apart: a blank one becomes "Player N", a repeated one gets its
    seat number."""
    named = [name.strip() or f"Player {seat + 1}" for seat, name in enumerate(names)]
    return [
        f"{name} ({seat + 1})" if named.count(name) > 1 else name for seat, name in enumerate(named)
    ]


# The everyday actions, made once: actions are frozen, so legal_actions can hand out the same
# objects at every step (any others are made when asked for).
_SEATS = 5  # up to four Disciples and a Campaign Leader
_CHOICES = tuple(tuple(Choose(i, seat) for i in range(16)) for seat in range(_SEATS))
_PLAYS = tuple(tuple(PlayCard(i, None, seat) for i in range(16)) for seat in range(_SEATS))
_END_TURNS = tuple(EndTurn(seat) for seat in range(_SEATS))


class DiscipleGame(Game):
    id = "disciple"
    title = "Disciple: A Journey"
    blurb = "Martial-arts deckbuilder: solo, versus, co-op or campaign"
    # 2: each style's own attack patterns, new card texts and costs, energy picked by the player
    # 3: a state of several Disciples and enemies (engine/disciple/upgrade.py carries 2 over)
    # 4: the log holds Lines, worded in wording.py (upgrade.py carries 3 over)
    # 5: the rulebook's rules where rulings had replaced them (Power and Feint on Submit, card
    #    draws past 8, Versus reshuffles, the CL's player order and enemies): upgrade.py
    # 6: balance: Jiu-Jitsu's submissions and opponents, the Iron Champion (upgrade.py)
    content_version = 6
    wording = WORDING
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
        GameOption(
            "mode",
            "Playstyle",
            "choice",
            "solo",
            "Solo, Versus (two built decks), Co-Op (2-4 players) or Campaign (1-4 players led "
            "by a Campaign Leader, the bot unless set up on the New game screen).",
            choices=PLAYSTYLES,
            choice_labels=("Solo", "Versus", "Co-Op", "Campaign"),
        ),
        GameOption(
            "start_vitality",
            "Starting vitality",
            "int",
            START_VITALITY,
            "A Campaign's starting vitality, as its players decide (25, as Solo, unless "
            "changed); Solo and Co-Op always start with 25, Versus with 50.",
            minimum=MIN_VITALITY,
            maximum=MAX_VITALITY,
        ),
        GameOption(
            "players",
            "Players",
            "int",
            None,
            "How many Disciples play (Versus 2, Co-Op 2-4, Campaign 1-4; 2 when not given).",
            minimum=1,
            maximum=4,
        ),
        BOT_LEVEL,
    )

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The menu options, plus the playstyle's own: `mode` ("solo" or "versus"), `players`,
        `names` (one a seat) and, for Versus, `decks` (one VersusDeck a seat, as structs or
        plain JSON data; each style's default deck when not given). A save replays
        new_game(seed, **options), so the decks travel with it as plain data."""
        options = dict(options)
        mode = options.pop("mode", "solo")
        players = options.pop("players", None)
        names = options.pop("names", None)
        decks = options.pop("decks", None)
        styles = options.pop("styles", None)
        cl = options.pop("cl", None)
        vitality = options.pop("start_vitality", START_VITALITY)
        result = super().check_options(options)
        if result.get("bot_level") == "easy" or mode == "solo":
            del result["bot_level"]  # no rule: a save keeps it only when a bot seat plays hard
        del result["mode"], result["players"]  # set below for the playstyles that use them
        del result["start_vitality"]
        if vitality != START_VITALITY:
            if mode != "campaign":
                raise ValueError("Only a Campaign's starting vitality is decided (Solo and Co-Op "
                                 "start with 25, Versus with 50)")
            super().check_options({"start_vitality": vitality})  # a whole number in range
        if mode not in PLAYSTYLES:
            raise ValueError(f"Playstyle must be one of: {', '.join(PLAYSTYLES)} (not '{mode}')")
        if mode == "coop":
            seats = 2 if players is None else players
            if not isinstance(seats, int) or not 2 <= seats <= 4:
                raise ValueError(f"Co-Op is played by 2 to 4 players, not {players}")
        elif mode == "campaign":
            seats = 2 if players is None else players
            if not isinstance(seats, int) or not 1 <= seats <= 4:
                raise ValueError(f"A Campaign is played by 1 to 4 players and its leader, not {players}")
            if cl not in (None, "bot", "human"):
                raise ValueError(f"The Campaign Leader is 'bot' or 'human', not '{cl}'")
        else:
            seats = 2 if mode == "versus" else 1
        if players is not None and players != seats:
            who = "one player" if seats == 1 else f"{seats} players"
            raise ValueError(f"{mode.capitalize()} is played by {who}, not {players}")
        if cl is not None and mode != "campaign":
            raise ValueError("Only a Campaign has a Campaign Leader")
        if styles is not None and (mode not in TOGETHER or len(styles) != seats
                                   or any(s not in ("ask",) + STYLE_IDS for s in styles)):
            raise ValueError(f"Styles are chosen for each of the {seats} players: "
                             f"{', '.join(('ask',) + STYLE_IDS)}")
        if mode == "solo":
            if decks is not None or names is not None:
                raise ValueError("A Solo journey takes no decks or names")
            return result  # a Solo save keeps the options it always had
        if names is None:
            names = [f"Player {seat + 1}" for seat in range(seats)]
        if len(names) != seats or not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError(f"{mode.capitalize()} needs a name for each of its {seats} players")
        if mode in TOGETHER:
            if decks is not None:
                raise ValueError("Players set up their decks from their styles, not built decks")
            styles = list(styles) if styles is not None else [result["style"]] * seats
            result.update(mode=mode, players=seats, names=list(names), styles=styles)
            if mode == "campaign":
                result["cl"] = cl or "bot"
                if vitality != START_VITALITY:
                    result["start_vitality"] = vitality  # a save from before keeps its options
            return result
        if decks is None:
            content = load()
            decks = [default_versus_deck(content, STYLE_IDS[seat % len(STYLE_IDS)]) for seat in range(seats)]
        if len(decks) != seats:
            raise ValueError(f"Versus needs a deck for each of its {seats} players")
        typed = []
        for name, deck in zip(names, decks):
            try:
                deck = msgspec.convert(deck, VersusDeck) if isinstance(deck, dict) else deck
            except msgspec.ValidationError as error:
                raise ValueError(f"{name}'s deck is not readable ({error}).") from None
            problems = check_versus_deck(deck, load())
            if problems:
                raise ValueError(f"{name}'s deck {deck.name!r} cannot be played: {'; '.join(problems)}")
            typed.append(deck)
        result.update(mode=mode, players=seats, names=list(names), decks=msgspec.to_builtins(typed))
        return result

    def table_options(
        self, options: dict[str, Any], brought: list[Any], names: list[str] | None = None
    ) -> dict[str, Any]:
        """A shared table: the Disciples take the names their players sat down under (the
        Campaign Leader's seat, when a person leads, is not a Disciple); in Versus each
        player's own deck (a VersusDeck or its plain data), and a style's default deck for a
        bot's seat or a seat that brought none."""
        mode = options.get("mode", "solo")
        if mode == "solo":
            return options
        players = options.get("players", len(brought))
        if names is not None and len(names) >= players:
            options = {**options, "names": unique_names(names[:players])}
        if mode != "versus":
            return self.check_options(options)
        content = load()
        decks = [deck if deck is not None else default_versus_deck(content, STYLE_IDS[seat % len(STYLE_IDS)])
                 for seat, deck in enumerate(brought)]
        return self.check_options({**options, "decks": decks})

    def new_game(self, seed: int = 0, **options: Any) -> State:
        opts = self.check_options(options)
        load()  # fail loudly on broken content before any state exists
        if opts.get("mode", "solo") == "versus":
            state = State(rng=Rng.from_seed(seed), phase="setup", mode="versus",
                          players=[Disciple(), Disciple()], second_style_offered=False)
            decks = [msgspec.convert(deck, VersusDeck) for deck in opts["decks"]]
            versus.set_up(state, decks, opts["names"])
            return state
        if opts.get("mode") in TOGETHER:  # R36: each sets up as in Solo, in player order
            vitality = opts.get("start_vitality", START_VITALITY)  # R45
            state = State(rng=Rng.from_seed(seed), phase="setup", mode=opts["mode"],
                          players=[Disciple(name, vitality=vitality, start_vitality=vitality)
                                   for name in opts["names"]],
                          second_style_offered=opts["second_style"], cl=opts.get("cl", ""))
            for seat, style in enumerate(opts["styles"]):
                if style == "ask":
                    state.queue.append(Step("ask_style", seat=seat))
                else:
                    state.queue.append(Step("take_style", style, 0, seat))
            if state.mode == "campaign":
                state.queue.append(Step("cl_order"))
            self._advance(state)
            return state
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
            choices = _CHOICES[seat] if seat < len(_CHOICES) else ()
            n = len(state.pending.options)
            return list(choices[:n]) if n <= len(choices) else [Choose(i, seat) for i in range(n)]
        if state.phase != "player":
            return []
        seat = state.active
        actions: list[Action] = [Target(i, seat) for i in self._targets(state)]
        plain = _PLAYS[seat] if seat < len(_PLAYS) else ()
        for i, other_ways in energy.plays(state.players[seat]):
            actions.append(plain[i] if i < len(plain) else PlayCard(i, None, seat))
            if other_ways:
                actions += [PlayCard(i, taps, seat) for taps in other_ways]
        actions.append(_END_TURNS[seat] if seat < len(_END_TURNS) else EndTurn(seat))
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
        if type(action) is Target:
            return action.enemy in self._targets(state)
        if type(action) is PlayCard:
            me = state.players[state.active]
            index = action.hand_index
            if not (0 <= index < len(me.hand) and energy.playable(me, index)):
                return False
            return action.taps is None or action.taps in energy.other_payments(me, index)
        return False

    @staticmethod
    def _targets(state: State) -> list[int]:
        """The enemies the Disciple whose turn it is could turn to: any other still fighting."""
        if len(state.enemies) < 2:
            return []
        me = state.players[state.active]
        return [i for i, e in enumerate(state.enemies) if not e.beaten and i != me.target]

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.pending is not None:
            return (state.pending.seat,)
        return (state.active,)

    def seats(self, state: State) -> list[str]:
        names = [p.name for p in state.players]
        return names + [campaign.CL_NAME] if campaign.leads(state) else names

    def _apply(self, state: State, action: Action) -> list[Event]:
        before = state.logged
        if isinstance(action, Choose):
            kind = state.pending.kind if state.pending else ""
            if kind in CL_KINDS:
                campaign.choose(state, action.index)
            elif kind == "weakened":
                pattern = int(state.pending.options[action.index])
                state.pending = None
                combat.choose_pattern(state, pattern)
            elif kind == "stun_tap":
                index = int(state.pending.options[action.index])
                state.pending = None
                combat.stun_tap(state, action.seat, index)
            else:
                journey.choose(state, action.index)
        elif isinstance(action, PlayCard):
            combat.play_card(state, state.players[action.seat], action.hand_index, action.taps)
        elif isinstance(action, Target):
            me = state.players[action.seat]
            me.target = action.enemy
            log(state, "turns to face", me.name, state.enemies[action.enemy].name)
        elif isinstance(action, EndTurn):
            log(state, told(state, "ends the turn"), state.players[action.seat].name)
            combat.end_player_turn(state)
        retarget(state)
        self._settle(state)
        self._advance(state)
        new = min(state.logged - before, len(state.log))
        return [Event("log", line) for line in state.log[len(state.log) - new :]] if new else []

    def _settle(self, state: State) -> None:
        """A fight that just ended: defeat ends the run, victory brings rewards."""
        if state.phase not in ("player", "enemy") or not fight_over(state):
            return
        if state.mode == "versus":
            loser = next(seat for seat, me in enumerate(state.players) if me.beaten)
            beaten = state.players[loser]
            log(state, "versus won", beaten.name, beaten.beaten, state.players[1 - loser].name)
            state.winner = 1 - loser
            state.pending = None
            state.phase = "over"
            state.won = True
            return
        enemies, players = state.enemies, state.players
        state.pending = None
        state.enemy_turn = None  # a fight can end in the middle of the enemy's turn
        if all(me.beaten for me in players):  # each end told before it is so
            if state.mode == "campaign":
                log(state, "campaign lost")
            elif len(players) == 1:
                log(state, "journey lost (you)", players[0].name, players[0].beaten, enemies[0].name)
            else:
                log(state, "journey lost")
            state.phase = "over"
            state.won = False
            return
        for enemy in enemies:
            log(state, "enemy beaten", enemy.name, enemy.beaten)
        state.fights_won += 1
        if state.mode == "campaign":  # R42: no final boss ends it; the fallen arise
            state.phase = "journey"
            campaign.after_fight(state)
            return
        if any(enemy.tier == "boss" for enemy in enemies):
            log(state, told(state, "journey complete"))
            state.phase = "over"
            state.won = True
            return
        for me in players:  # R38: the fallen rise with half the vitality they began with
            if me.beaten:
                risen = max(1, (me.fight_vitality + 1) // 2)
                log(state, "rises again", me.name, risen)
                me.beaten = ""
                me.vitality = risen
        tier = "miniboss" if any(enemy.tier == "miniboss" for enemy in enemies) else "minion"
        state.phase = "journey"
        state.queue += [Step("reward", tier, 0, seat) for seat in range(len(players))]
        state.queue.append(Step("end_fight"))

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

        return upgrade(self, version, options, state, actions)

    def validate(self, state: State) -> list[str]:
        return soundness.problems(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.won is None:
            return None
        if state.mode == "versus":  # the table's: each Disciple's own is seat_outcome
            winner, loser = state.players[state.winner], state.players[1 - state.winner]
            return Outcome(True, None, f"{winner.name} wins: {loser.name} is {loser.beaten}.")
        fights = won_fights(state.fights_won)
        if state.mode in TOGETHER:  # R26, as Solo: a won journey scores, a lost one does not
            if not state.won:
                return Outcome(False, None, f"Every Disciple fell after {fights}.")
            left = sum(max(me.vitality, 0) for me in state.players)
            terms = score_terms(state.fights_won, left, " between you")
            what = "Journey" if state.mode == "coop" else "Campaign"
            return Outcome(True, sum(v for _, v in terms), f"{what} complete with {left} vitality left between you.", terms)
        if not state.won:
            return Outcome(False, None, f"Defeated after {fights}.")  # R26: a loss has no score
        vitality = max(state.players[0].vitality, 0)
        terms = score_terms(state.fights_won, vitality)
        return Outcome(True, sum(v for _, v in terms), f"Journey complete with {vitality} vitality left.", terms)

    def seat_outcome(self, state: State, seat: int | None) -> Outcome | None:
        """R44: in Versus one Disciple wins and the other loses; a band (Co-Op, Campaign)
        shares its result, and so does the Campaign Leader who guided it."""
        result = self.outcome(state)
        if result is None or seat is None:
            return result
        if state.mode == "versus":
            if seat == state.winner:
                return result
            me, winner = state.players[seat], state.players[state.winner]
            return Outcome(False, None, f"{me.name} lost to {winner.name}: {me.name} is {me.beaten}.")
        if campaign.leads(state) and seat == campaign.cl_seat(state):
            fights = won_fights(state.fights_won)
            if not state.won:
                return Outcome(False, None, f"Every Disciple you led fell after {fights}.")
            left = sum(max(me.vitality, 0) for me in state.players)
            terms = score_terms(state.fights_won, left, " among the band")
            text = f"Campaign complete: the band you led has {left} vitality left."
            return Outcome(True, result.score, text, terms)
        return result

    def filed_score(self, won: bool, score: int | None) -> int | None:
        """R26: a lost run has no score, also one filed when it had."""
        return score if won else None

    def turning_points(self, lines: list[Any]) -> list[str]:
        """The lines a run's story is told by: the schools taken up, every fight won, and
        the end (wording.py)."""
        return [self.log_text(line) for line in lines if line.what in TURNING_POINTS]

    def view(self, state: State, seat: int | None) -> State:
        open_table = state.mode == "coop" or (state.mode == "campaign" and not campaign.leads(state))
        if state.mode == "solo" or (open_table and seat is not None):
            return state  # Solo, and a band's open table to its players (R40); not to a spectator
        from engine.disciple.view import view

        return view(state, seat)

    def hides_between_seats(self, state: State) -> bool:
        return (state.mode == "versus" or campaign.leads(state)) and state.phase != "over"

    def easy_action(self, state: State, seat: int) -> Action:
        from engine.disciple.bots import greedy_action

        if state.pending is not None and state.pending.kind in CL_KINDS:
            return Choose(campaign.bot_choice(state), seat)
        return greedy_action(self, self.view(state, seat), None)

    # ----- the coach (engine/core/coach.py) ----------------------------------------------

    # a hard bot's playouts for a move: a Solo playout stops at coach.JOURNEY_HORIZON, so 45 take
    # about a tenth of a second of CPU (a band's, played to the journey's end, about a second)
    search_playouts = 45

    def search_budget(self, state: State) -> int:
        from engine.disciple.coach import DUEL_PLAYOUTS

        return DUEL_PLAYOUTS if state.mode == "versus" else self.search_playouts

    def redeal(self, state: State, seat: int, rng: Rng) -> State:
        from engine.disciple.coach import redeal

        return redeal(state, seat, rng, self.view)

    def rollout_action(self, state: State, rng: Rng) -> Action:
        from engine.disciple.bots import greedy_action

        if state.pending is not None and state.pending.kind in CL_KINDS:
            return Choose(campaign.bot_choice(state), state.pending.seat)
        return greedy_action(self, state, rng)

    def playout_horizon(self, state: State) -> int | None:
        """A Versus or Solo playout stops a few turns on (judged by coach.duel_worth or
        coach.journey_worth); a band's journey plays to its end."""
        from engine.disciple.coach import DUEL_HORIZON, JOURNEY_HORIZON

        if state.mode == "versus":
            return DUEL_HORIZON
        return JOURNEY_HORIZON if state.mode == "solo" else None

    def playout_worth(self, state: State, seat: int) -> float:
        """A Disciple's own win; the Campaign Leader plays to make the journey a challenge:
        its worth is the band's fall. A duel or a Solo journey not over at the horizon: its
        chance as it stands (coach.duel_worth, coach.journey_worth)."""
        if state.won is None and state.mode in ("versus", "solo"):
            from engine.disciple.coach import duel_worth, journey_worth

            return duel_worth(state, seat) if state.mode == "versus" else journey_worth(state, seat)
        result = self.seat_outcome(state, seat)
        won = 1.0 if result is not None and result.won else 0.0
        if campaign.leads(state) and seat == campaign.cl_seat(state):
            return 1.0 - won
        return won

    def worth_words(self, state: State, seat: int, worth: float) -> str:
        percent = round(100 * worth)
        if state.mode == "versus":
            return f"about {percent}% to win the duel"  # an estimate: duels are played on only so far
        if campaign.leads(state) and seat == campaign.cl_seat(state):
            return f"{percent}% that the band falls"
        if state.mode == "solo":
            return f"about {percent}% to finish the journey"  # an estimate: journeys are played on only so far
        return f"{percent}% for the band to finish the journey"

    def hint_why(self, state: State, seat: int, action: Any, wins: float, samples: int) -> str:
        if campaign.leads(state) and seat == campaign.cl_seat(state):
            return f"the band fell in {round(wins)} of {samples} journeys played on from here"
        if state.mode == "versus":
            from engine.disciple.coach import DUEL_HORIZON

            return f"{round(wins)} of {samples} duels, each played {DUEL_HORIZON} moves on, then judged by vitality"
        if state.mode == "solo":
            from engine.disciple.coach import JOURNEY_HORIZON

            return f"{round(wins)} of {samples} journeys, each played {JOURNEY_HORIZON} moves on, then judged"
        return f"finished {round(wins)} of {samples} journeys played on from here"

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        counts: list[int] = []
        for me in state.players:
            counts += (len(me.event_deck), len(me.skills_deck), len(me.second_skills), len(me.draw))
        counts += (len(enemy.patterns) for enemy in state.enemies)
        return tuple(counts)

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        """The style is chosen in play more often than in the menu: the state knows it."""
        if state.mode == "versus":
            decks = " vs ".join(deck["name"] for deck in options.get("decks", ()))
            return {"Playstyle": "Versus", "Decks": decks}
        if state.mode in TOGETHER:
            playstyle = "Co-Op" if state.mode == "coop" else "Campaign"
            return {"Playstyle": playstyle, "Players": str(len(state.players))}
        styles = " + ".join(load().styles[s].name for s in state.players[0].styles) or "none chosen"
        return {"Style": styles, "Second style offered": "on" if options.get("second_style", True) else "off"}

    def note(self, state: State, text: str) -> None:
        log(state, SAID, text)  # kept and trimmed like every line of this game's log

    def summary(self, state: State) -> str:
        if state.mode in TOGETHER:
            sides = ", ".join(f"{p.name} {max(p.vitality, 0)}" for p in state.players)
            playstyle = "Co-Op" if state.mode == "coop" else "Campaign"
            text = f"{playstyle}: {sides}, {state.fights_won} fights won"
            if state.won is not None:
                return f"{text}, {'victory' if state.won else 'defeated'}"
            return text + "".join(f", fighting {e.name}" for e in state.enemies if not e.beaten)
        if state.mode == "versus":
            sides = " vs ".join(f"{p.name} {max(p.vitality, 0)}" for p in state.players)
            if state.won is not None:
                return f"Versus: {sides}, {state.players[state.winner].name} won"
            return f"Versus: {sides}, turn {state.turn}"
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
        if isinstance(action, Target):
            if state is None or not 0 <= action.enemy < len(state.enemies):
                return f"Face enemy #{action.enemy + 1}"
            return f"Face {state.enemies[action.enemy].name}"
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
        if pending.kind == "cl_order":
            return state.players[int(option)].name
        if pending.kind == "cl_next":
            owner = state.players[int(pending.extra[action.index])].name
            thing = content.enemies.get(option) or content.events.get(option)
            return f"{thing.name if thing else option} from {owner}'s deck"
        if pending.kind == "cl_scope":
            return "Everyone" if option == campaign.EVERYONE else state.players[int(option)].name
        if pending.kind == "cl_commit":  # what the n-th brings, so a person leading can weigh it
            cards = campaign.committable(state, pending.extra)[: int(option)]
            total = sum(content.enemies[c].vitality for c in cards)
            added = "" if option == "1" else f", + {content.enemies[cards[-1]].name}"
            return f"{option} enem{'y' if option == '1' else 'ies'} ({total} vitality{added})"
        if pending.kind == "cl_target":
            return state.players[int(option)].name
        return option

    def why_illegal(self, state: State, action: Any) -> str:
        if state.phase == "over":
            return "The game is over." if state.mode == "versus" else "The journey is over."
        seat, seats = self.seat_of(action), self.seats(state)
        waiting = self.to_move(state)
        if waiting and seat not in waiting:
            if not 0 <= seat < len(seats):
                return "There is no such player at this table."
            return f"It is {seats[waiting[0]]}'s move, not {seats[seat]}'s."
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
