"""Druid Path's Game: setup, the legal actions of every decision, and labels for menus.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Game, GameOption, Outcome
from engine.core.log import Line, upgrade_text_log
from engine.core.upgrade import replayed
from engine.core.rng import Rng
from engine.druid_path import phases
from engine.druid_path.choices import ALLOWED, HANDLERS, pending_actions, play_phase_actions
from engine.druid_path.table import C, chance, log, name_of  # noqa: F401 (chance: the rules' odds)
from engine.druid_path.wording import TURNING_POINTS, WORDING
from engine.druid_path.model import (
    COLOURS,
    GEMS_PER_COLOUR,
    STEPS,
    AcceptRoll,
    Action,
    Activate,
    AttackDarach,
    Block,
    DrawItem,
    DruidAbility,
    EndPlay,
    Endure,
    NextTurn,
    PendingBranch,
    PendingGem,
    PendingLane,
    PendingResponse,
    PendingRoll,
    PendingTarget,
    PendingTurnEnd,
    PickBranch,
    PickGem,
    PickLane,
    PickTarget,
    PlayItem,
    RollBoost,
    StaminaBoost,
    State,
    TakeGem,
    Tame,
    UsePotion,
    UseRobot,
)

DRUIDS = tuple(C.druids)
DARACHS = tuple(C.darachs)
PATHS = tuple(C.paths)
BEAST_IDS = tuple(sorted(C.beasts))
ITEM_IDS = tuple(sorted(C.items))
SHADOW_IDS = tuple(sorted(C.shadows))
ROBOTS_OF = {d: tuple(sorted(r.id for r in C.robots.values() if r.owner == d)) for d in C.druids}


def give_identities(state: State) -> None:
    """R38, for a table saved before beastborgs had identities: each beastborg on the table gets
    one, and each queued ability names the beastborg in the lane it was queued from, as it was
    read then; one whose lane is empty came from a beastborg already defeated."""
    for beast in state.druid_row + state.darach_row:
        if beast is not None and not beast.uid:
            state.beasts_made += 1
            beast.uid = state.beasts_made
    pending = state.pending
    tasks = [*state.queue, *([pending.task] if isinstance(pending, (PendingTarget, PendingGem)) else [])]
    for task in tasks:
        if task.row and not task.beast:
            there = (state.druid_row if task.row == "druid" else state.darach_row)[task.lane]
            if there is None:
                state.beasts_made += 1
                task.beast, task.fallen = state.beasts_made, True
            else:
                task.beast = there.uid


class DruidPathGame(Game):
    id = "druid-path"
    title = "Druid Path"
    blurb = "Solo monster-taming lane battler"
    State = State
    Action = Action
    Event = Line
    content_version = 3  # 2: the log holds Lines (engine/core/log.py); combat ends in a pause;
    # 3: beastborgs have identities, and queued abilities name their source by it (R38)
    wording = WORDING
    options = (
        GameOption("druid", "Druid", "choice", "belthar", "Who walks the path.", DRUIDS),
        GameOption("darach", "Darach", "choice", "kaliran", "The rogue Druid to stop.", DARACHS),
        GameOption("path", "Path", "choice", "celthar", "The ten steps of the journey.", PATHS),
        GameOption(
            "darach_bonus", "Darach extra HP", "int", 0,
            "Campaigns make later Darachs tougher.", minimum=0, maximum=30,
        ),
        GameOption(
            "druid_hp", "Druid starting HP", "int", 0,
            "0 means full health; campaigns carry wounds over.", minimum=0, maximum=40,
        ),
        GameOption(
            "bonus_stamina", "Extra starting stamina", "int", 0,
            "A campaign reward.", minimum=0, maximum=5,
        ),
    )  # fmt: skip

    # ----- setting up -----------------------------------------------------------------

    def new_game(self, seed: int = 0, **options: Any) -> State:
        opts = self.check_options(options)
        rng = Rng.from_seed(seed)
        druid, darach, path = C.druids[opts["druid"]], C.darachs[opts["darach"]], C.paths[opts["path"]]
        beasts, items, shadows = list(BEAST_IDS), list(ITEM_IDS), list(SHADOW_IDS)
        for deck in (beasts, items, shadows):
            rng.shuffle(deck)
        robots = list(ROBOTS_OF[druid.id])
        hp = min(druid.hp, opts["druid_hp"]) if opts["druid_hp"] else druid.hp
        darach_hp = darach.hp + opts["darach_bonus"]
        state = State(
            rng=rng,
            path=path.id,
            druid=druid.id,
            darach=darach.id,
            turn=0,
            phase="encounter",
            druid_hp=hp,
            druid_hp_max=druid.hp,
            darach_hp=darach_hp,
            darach_hp_max=darach_hp,
            # R2: the first Encounter phase adds the usual gain to this
            stamina=min(druid.stamina_max, druid.start_stamina + opts["bonus_stamina"]),
            beast_deck=beasts,
            item_deck=items,
            shadow_deck=shadows,
            gem_supply={c: GEMS_PER_COLOUR for c in COLOURS},
            robots=robots,
            robot_energy=[C.robots[r].energy for r in robots],
            robots_used=[False] * len(robots),
        )
        state.hand = [state.item_deck.pop() for _ in range(path.hand)]
        log(state, "start", druid.name, path.name, darach.name)
        phases.advance(state)
        return state

    # ----- campaigns: the hooks a campaign save file is kept with (saves/ knows no rules) --

    @property
    def Campaign(self) -> type:  # noqa: N802 (the save store asks for game.Campaign)
        from engine.druid_path.campaign import Campaign

        return Campaign

    def new_campaign(self, seed: int = 0, druid: str = "belthar") -> Any:
        from engine.druid_path.campaign import start_campaign

        return start_campaign(druid, seed)

    def campaign_game(self, campaign: Any) -> State | None:
        """The game in progress inside a campaign, or None between games."""
        return campaign.game

    def campaign_active(self, campaign: Any) -> bool:
        return campaign.status == "active"

    def campaign_start_game(self, campaign: Any) -> State:
        from engine.druid_path.campaign import start_next_game

        return start_next_game(campaign, self)

    def campaign_record_game(self, campaign: Any) -> None:
        """File the finished game in progress (its result carries over, C2-C3)."""
        from engine.druid_path.campaign import record_game

        record_game(campaign, self)

    def campaign_abandon(self, campaign: Any) -> None:
        from engine.druid_path.campaign import abandon

        abandon(campaign)

    def campaign_game_start(self, campaign: Any) -> State:
        from engine.druid_path.campaign import game_start

        return game_start(campaign, self)

    def campaign_summary(self, campaign: Any) -> str:
        from engine.druid_path.campaign import summary

        return summary(campaign)

    def campaign_game_setup(self, campaign: Any) -> tuple[int, dict[str, Any]]:
        """The seed and options the game in progress started from (replays, undo, history)."""
        from engine.druid_path.campaign import game_setup

        return game_setup(campaign)

    def campaign_outcome(self, campaign: Any) -> Outcome | None:
        """None while the road goes on; then won or not, the score (C4), and how it ended."""
        from engine.druid_path.campaign import summary, total_score

        if campaign.status == "active":
            return None
        won = campaign.status == "won"
        return Outcome(won, total_score(campaign) if won else None, summary(campaign))  # C4

    def campaign_status(self, campaign: Any) -> str:
        """active, won, lost or abandoned (C3)."""
        return campaign.status

    def campaign_reached(self, campaign: Any) -> int:
        """How many games of the road were begun: the furthest game reached."""
        return len(campaign.records) + (campaign.game is not None)

    def campaign_variant(self, campaign: Any) -> dict[str, str]:
        return {"Druid": C.druids[campaign.druid].name}

    # ----- the contract ---------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        if state.result is not None:
            return []
        if state.pending is not None:
            return pending_actions(state)
        if state.phase != "play":
            return []
        return play_phase_actions(state)

    def is_legal(self, state: State, action: Any) -> bool:
        """Each kind of action is checked on its own (choices.ALLOWED), without listing every
        action, which keeps bots fast; the fuzz test checks it agrees with legal_actions."""
        allowed = ALLOWED.get(type(action))
        return allowed is not None and state.result is None and allowed(state, action)

    def _apply(self, state: State, action: Action) -> list[Line]:
        """Carry out the action; returns the log lines it wrote (even past the log's length)."""
        before = state.logged
        HANDLERS[type(action)](state, action)
        phases.advance(state)
        new = min(state.logged - before, len(state.log))
        return state.log[len(state.log) - new :] if new else []

    def why_illegal(self, state: State, action: Any) -> str:
        if state.result is not None:
            return "The game is over."
        p = state.pending
        if isinstance(p, PendingRoll):
            return "Finish the roll first: boost it or accept it."
        if isinstance(p, PendingResponse):
            if isinstance(action, AttackDarach):
                if state.stamina < 1:
                    return "Attacking the Darach costs 1 stamina."
                return "No ready beastborg in this lane can attack the Darach (is a ward up?)."
            if isinstance(action, Block):
                return "Blocking needs a ready beastborg in this lane, an attacker and 1 stamina."
            return "Answer the attack in this lane first."
        if isinstance(p, PendingTarget):
            return "Choose one of the highlighted targets."
        if isinstance(p, PendingLane):
            return "Choose a lane (1-3) for the tamed beastborg."
        if isinstance(p, PendingGem):
            return "Choose a gem colour still in the supply."
        if isinstance(p, PendingBranch):
            return "Choose which way the path goes."
        if isinstance(p, PendingTurnEnd):
            return "The turn is over: go on to the next one first."
        if isinstance(action, (TakeGem, Tame, DrawItem)) and state.stamina < 1:
            return "That costs 1 stamina and you have none left."
        if isinstance(action, TakeGem):
            return "That gem colour is not in the supply."
        if isinstance(action, Tame):
            return "That beastborg cannot be tamed: a tried card, or your gems do not cover its cost."
        if isinstance(action, DrawItem):
            return "The item deck is empty."
        if isinstance(action, PlayItem):
            return "That item cannot be played now (its cost, or it only boosts rolls)."
        if isinstance(action, (Activate, DruidAbility, UseRobot)):
            return "That ability is spent this turn, out of energy, or costs more stamina."
        if isinstance(action, (RollBoost, UsePotion, AcceptRoll)):
            return "There is no roll to boost right now."
        return "That move is not allowed right now."

    def turning_points(self, lines: list[Any]) -> list[str]:
        """The lines a finished game's story is told by: tames, beastborgs lost, hits on the
        Darach, its charge unleashed, shadows summoned, branches taken and the end."""
        return [self.log_text(line) for line in lines if not isinstance(line, str) and line.what in TURNING_POINTS]

    def upgrade(
        self, version: int, options: dict[str, Any], state: Any, actions: list[Any]
    ) -> tuple[dict[str, Any], Any, list[Any]]:
        """1 -> 2: the log becomes Lines, and the end of combat waits for NextTurn (R35).
        2 -> 3: beastborgs have identities and queued abilities name their source by it (R38).
        The save's moves are replayed from its seed under the current rules, so the log is told
        the current way and the moves lead to the table; should they not, the saved state is
        kept, its log as plain lines (from 1) and identities given to what it holds (R38). A
        campaign's value holds its game in progress, if any. Content 2's moves are content 3's."""
        if version not in (1, 2):
            raise NotImplementedError
        if state is None and version == 2:  # the moves alone (a finished game's replay)
            return options, None, actions
        from engine.druid_path.campaign import upgrade_campaign

        if "legs" in state:  # a campaign: its game in progress, set up from the campaign
            state, actions = upgrade_campaign(self, state, actions, version)
            return options, state, actions
        state, actions = self.upgrade_game(state, actions, options, version)
        return options, state, actions

    def upgrade_game(
        self, state: Any, actions: list[Any], options: dict[str, Any], version: int = 1
    ) -> tuple[Any, list[Any]]:
        """A game saved under older content, and its moves, under the current rules (see upgrade)."""
        if version == 1:
            state["log"] = upgrade_text_log(state["log"])
        saved = msgspec.convert(state, type=State)
        start = self.new_game(saved.rng.seed, **options)

        def pause(now: State, action: Any) -> list[Action]:
            if version != 1 or not isinstance(now.pending, PendingTurnEnd) or isinstance(action, NextTurn):
                return []
            return [] if action is None and saved.phase == "end" else [NextTurn()]

        def same(raw: dict[str, Any]) -> dict[str, Any]:
            for name in ("log", "logged", "darach_from", "beasts_made"):
                raw.pop(name, None)
            for beast in raw["druid_row"] + raw["darach_row"]:
                if beast is not None:
                    beast.pop("uid", None)
            pending = raw.get("pending") or {}
            for task in [*raw["queue"], *([pending["task"]] if "task" in pending else [])]:
                task.pop("beast", None)
                task.pop("fallen", None)
            return raw

        rebuilt = replayed(self, start, actions, saved, same, pause)
        if rebuilt:
            return rebuilt
        give_identities(saved)
        return msgspec.to_builtins(saved), actions

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(state.result == "won", score(state), result_summary(state), score_terms(state))

    def filed_score(self, won: bool, score: int | None) -> int | None:
        """R37 and C4: a lost game or road has no score, also one filed when it had."""
        return score if won else None

    def validate(self, state: State) -> list[str]:
        from engine.druid_path.validate import problems

        return problems(state)

    def validate_campaign(self, campaign: Any) -> list[str]:
        """The campaign's road, results and carried-over HP (C1-C4), and its game in progress."""
        from engine.druid_path.validate import campaign_problems

        return campaign_problems(campaign)

    # ----- the coach (engine/core/coach.py) ----------------------------------------------

    search_playouts = 800  # about one second of CPU

    def redeal(self, state: State, seat: int, rng: Rng) -> State:
        """The table lies open; unknown are the three decks' order and the dice to come."""
        deal = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        for deck in (deal.beast_deck, deal.item_deck, deal.shadow_deck):
            deck.sort()  # what a deck holds, not how it lies, decides the deal
            rng.shuffle(deck)
        deal.rng = Rng.from_seed(rng.next_u64())
        return deal

    def easy_action(self, state: State, seat: int) -> Action:
        from engine.druid_path.bots import greedy_player

        return greedy_player(self, state, Rng.from_seed(state.turn))

    def rollout_action(self, state: State, rng: Rng) -> Action:
        from engine.druid_path.bots import greedy_player

        return greedy_player(self, state, rng)

    def worth_words(self, state: State, seat: int, worth: float) -> str:
        return f"{round(100 * worth)}% to defeat {C.darachs[state.darach].name}"

    def hint_why(self, state: State, seat: int, action: Any, wins: float, samples: int) -> str:
        return f"the Druid won {round(wins)} of {samples} games played on from here"

    def unseen_cards(self, state: State) -> tuple[int, ...]:
        return (len(state.beast_deck), len(state.item_deck), len(state.shadow_deck))

    def variant(self, state: State, options: dict[str, Any]) -> dict[str, str]:
        return {
            "Druid": C.druids[state.druid].name,
            "Darach": C.darachs[state.darach].name,
            "Path": C.paths[state.path].name,
        }

    def summary(self, state: State) -> str:
        druid, darach = C.druids[state.druid].name, C.darachs[state.darach].name
        text = f"{druid} vs {darach}, step {state.turn}/{STEPS}, HP {state.druid_hp} vs {state.darach_hp}"
        if state.result is not None:
            text += f", {state.result}"
        return text

    def describe(self, action: Action, state: State | None = None) -> str:
        match action:
            case TakeGem(colour):
                return f"Take a {colour} gem (1 stamina)"
            case Tame(slot):
                if state is not None and (s := state.encounter[slot]) is not None:
                    beast = C.beasts[s.card]
                    return f"Tame {beast.name} (1 stamina, {tame_odds(beast.tame)} chance)"
                return f"Tame encounter lane {slot + 1}"
            case DrawItem():
                return "Draw an item (1 stamina)"
            case PlayItem(i) | StaminaBoost(i) | RollBoost(i) | UsePotion(i):
                name = C.items[state.hand[i]].name if state is not None else f"item {i + 1}"
                verb = {
                    PlayItem: "Play", StaminaBoost: "Discard for stamina:",
                    RollBoost: "Discard to boost:", UsePotion: "Drink",
                }[type(action)]  # fmt: skip
                return f"{verb} {name}"
            case Activate(lane):
                beast = state.druid_row[lane] if state is not None else None
                return f"Activate {name_of(beast) if beast else f'lane {lane + 1}'}"
            case DruidAbility():
                if state is None:
                    return "Use the Druid's ability"
                druid = C.druids[state.druid]
                return f"Use {druid.name}'s ability ({druid.ability.cost} stamina)"
            case UseRobot(i):
                if state is None:
                    return "Use a robot"
                return f"Use {C.robots[state.robots[i]].name} (energy {state.robot_energy[i]} left)"
            case EndPlay():
                return "End the Play phase"
            case AcceptRoll():
                return "Accept the roll"
            case PickLane(lane):
                return f"Lane {lane + 1}"
            case PickTarget(ref):
                return target_label(state, ref)
            case PickGem(colour):
                return f"A {colour} gem"
            case PickBranch(alt):
                return "Take the branching way" if alt else "Keep to the main way"
            case Endure():
                return "Do nothing"
            case AttackDarach():
                if state is not None:
                    odds = tame_odds(C.darachs[state.darach].parry)
                    return f"Attack the Darach (1 stamina, {odds} chance)"
                return "Attack the Darach"
            case Block():
                return "Block (1 stamina)"
            case NextTurn():
                return "On to the next turn"
        return type(action).__name__


def tame_odds(target: int, bonus: int = 0) -> str:
    from engine.core.odds import percent

    return percent(chance(target, bonus))


def target_label(state: State | None, ref: str) -> str:
    if state is None or ":" not in ref:
        return ref
    row, lane = ref.split(":")
    beast = (state.druid_row if row == "druid" else state.darach_row)[int(lane)]
    side = "your" if row == "druid" else "Darach"
    return f"{name_of(beast) if beast else '?'} ({side} lane {int(lane) + 1})"


def score(state: State) -> int | None:
    """A victory's score: HP left plus two per step to spare; a loss has none (R37)."""
    if state.result != "won":
        return None
    return sum(value for _, value in score_terms(state))


def score_terms(state: State) -> tuple[tuple[str, int], ...]:
    """The score's parts, each named (the end screen lists them); none for a loss (R37)."""
    if state.result != "won":
        return ()
    spare = STEPS - state.turn
    steps = f"{spare} step{'' if spare == 1 else 's'} to spare x 2"
    return (("HP left", state.druid_hp), (steps, spare * 2))


def result_summary(state: State) -> str:
    """How the game ended; a loss also says how far the Darach was brought down (R37)."""
    if state.result != "lost":
        return state.result_reason
    darach = C.darachs[state.darach].name
    left = max(0, state.darach_hp)
    return f"{state.result_reason} {darach} was left at ♥{left}/{state.darach_hp_max}."
