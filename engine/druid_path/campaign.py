"""Campaigns: one Druid's road through a chain of games, as a pure Struct and four functions.
The functions that start or file a game are given the game (the rules' DruidPathGame, whose
campaign hooks call them), so this module needs nothing of the rules.

The saves layer stores a Campaign as it stores a game State; nothing here touches files.
What carries over between games is decided in RULINGS.md (C1-C4).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.game import Game
from engine.druid_path.content import load
from engine.druid_path.model import State

C = load()
ROAD = (  # C1: the Darachs in order, each on the next path
    ("kaliran", "celthar"),
    ("morvenna", "thornwild"),
    ("draeg", "naarmut"),
    ("vorthak", "mireholt"),
)
HARDER_PER_GAME = 2  # C1: extra Darach HP for each game already on the road
REST_HP = 8  # C2: HP recovered between games
MAX_RESOLVE = 2  # C2: at most +2 starting stamina


class CampaignError(ValueError):
    """A campaign step that is not possible now; the message is for the player."""


class Leg(msgspec.Struct, frozen=True):
    darach: str
    path: str
    darach_bonus: int


class GameRecord(msgspec.Struct, frozen=True):
    index: int
    darach: str
    path: str
    seed: int
    result: Literal["won", "lost", "abandoned"]
    score: int | None  # a won game's score; a lost or abandoned one has none (R37)
    turns: int
    druid_hp: int
    reason: str = ""


class Campaign(msgspec.Struct):
    druid: str
    seed: int
    legs: list[Leg]
    druid_hp: int  # C2: the HP the next game starts with
    resolve: int = 0  # C2: extra starting stamina earned by victories
    status: Literal["active", "won", "lost", "abandoned"] = "active"
    records: list[GameRecord] = msgspec.field(default_factory=list)
    game: State | None = None  # the game in progress
    game_seed: int = 0


def start_campaign(druid: str = "belthar", seed: int = 0) -> Campaign:
    if druid not in C.druids:
        raise CampaignError(f"There is no Druid called '{druid}'.")
    legs = [Leg(darach, path, i * HARDER_PER_GAME) for i, (darach, path) in enumerate(ROAD)]
    return Campaign(druid=druid, seed=seed, legs=legs, druid_hp=C.druids[druid].hp)


def next_leg(campaign: Campaign) -> Leg | None:
    """The game that comes next on the road, or None when the road is over."""
    if campaign.status != "active":
        return None
    index = len(campaign.records)
    return campaign.legs[index] if index < len(campaign.legs) else None


def game_seed(campaign: Campaign, index: int) -> int:
    return (campaign.seed * 1_000_003 + index * 7_919 + 1) & ((1 << 63) - 1)


def game_setup(campaign: Campaign) -> tuple[int, dict[str, object]]:
    """The seed and options of the campaign's current (or next) game: what it starts from, so
    it can be set up, and replayed from its moves, as a single game with these options."""
    index = len(campaign.records)
    if index >= len(campaign.legs):
        raise CampaignError(f"This campaign is over ({campaign.status}).")
    leg = campaign.legs[index]
    options = {
        "druid": campaign.druid,
        "darach": leg.darach,
        "path": leg.path,
        "darach_bonus": leg.darach_bonus,
        "druid_hp": campaign.druid_hp,
        "bonus_stamina": campaign.resolve,
    }
    return game_seed(campaign, index), options


def start_next_game(campaign: Campaign, game: Game) -> State:
    """Set up the next game of the road with everything that carried over, and keep it."""
    if campaign.game is not None:
        raise CampaignError("A game of this campaign is already in progress.")
    if next_leg(campaign) is None:
        raise CampaignError(f"This campaign is over ({campaign.status}).")
    seed, options = game_setup(campaign)
    campaign.game_seed = seed
    campaign.game = game.new_game(seed, **options)
    return campaign.game


def game_start(campaign: Campaign, game: Game) -> State:
    """The game in progress as it was set up (nothing carries over until it is recorded)."""
    if campaign.game is None:
        raise CampaignError("No game of this campaign is in progress.")
    seed, options = game_setup(campaign)
    return game.new_game(seed, **options)


def record_game(campaign: Campaign, game: Game) -> GameRecord:
    """File the finished game in progress: its result, what carries over, what comes next."""
    state = campaign.game
    if state is None:
        raise CampaignError("No game of this campaign is in progress.")
    outcome = game.outcome(state)
    if outcome is None:
        raise CampaignError("The game is not finished yet.")
    leg = campaign.legs[len(campaign.records)]
    record = GameRecord(
        index=len(campaign.records),
        darach=leg.darach,
        path=leg.path,
        seed=campaign.game_seed,
        result="won" if outcome.won else "lost",
        score=outcome.score,
        turns=state.turn,
        druid_hp=max(0, state.druid_hp),
        reason=outcome.summary,
    )
    campaign.records.append(record)
    campaign.game = None
    if not outcome.won:
        campaign.status = "lost"  # C3
    else:
        full = C.druids[campaign.druid].hp
        campaign.druid_hp = min(full, record.druid_hp + REST_HP)  # C2
        campaign.resolve = min(MAX_RESOLVE, campaign.resolve + 1)
        if len(campaign.records) == len(campaign.legs):
            campaign.status = "won"
    return record


def abandon(campaign: Campaign) -> None:
    """Give the campaign up (C3); a game in progress is recorded as abandoned."""
    if campaign.status != "active":
        raise CampaignError(f"This campaign is already {campaign.status}.")
    if campaign.game is not None:
        state = campaign.game
        leg = campaign.legs[len(campaign.records)]
        campaign.records.append(
            GameRecord(
                index=len(campaign.records), darach=leg.darach, path=leg.path,
                seed=campaign.game_seed, result="abandoned", score=None,
                turns=state.turn, druid_hp=max(0, state.druid_hp), reason="Abandoned.",
            )
        )  # fmt: skip
        campaign.game = None
    campaign.status = "abandoned"


def total_score(campaign: Campaign) -> int:
    """C4: the won games' scores (a record made before R37 may hold a lost game's)."""
    return sum(r.score or 0 for r in campaign.records if r.result == "won")


def summary(campaign: Campaign) -> str:
    """One line for save listings."""
    druid = C.druids[campaign.druid].name
    wins = sum(r.result == "won" for r in campaign.records)
    text = f"{druid}'s campaign: {wins}/{len(campaign.legs)} Darachs defeated"
    if campaign.status == "won":
        return f"{text}, won (score {total_score(campaign)})"
    if campaign.status != "active":
        return f"{text}, {campaign.status}"  # C4: a road not finished has no score
    leg = next_leg(campaign)
    if leg is not None:
        where = "fighting" if campaign.game is not None else "next:"
        text += f", {where} {C.darachs[leg.darach].name} on {C.paths[leg.path].name}"
    return text


def road(campaign: Campaign) -> list[str]:
    """The road so far and what comes next, one line per game, for a campaign screen."""
    lines = []
    for i, leg in enumerate(campaign.legs):
        name = f"{C.darachs[leg.darach].name} on {C.paths[leg.path].name} (+{leg.darach_bonus} HP)"
        if i < len(campaign.records):
            r = campaign.records[i]
            said = f", score {r.score}" if r.result == "won" else ""
            lines.append(f"{i + 1}. {name}: {r.result}{said}, {r.druid_hp} HP left")
        elif i == len(campaign.records) and campaign.status == "active":
            state = "in progress" if campaign.game is not None else "next"
            lines.append(f"{i + 1}. {name}: {state}")
        else:
            lines.append(f"{i + 1}. {name}")
    return lines


def upgrade_campaign(game: Game, raw: dict, actions: list, version: int = 1) -> tuple[dict, list]:
    """A campaign saved under older content (plain data): its game in progress, if any, and that
    game's moves, carried over by the game's own upgrade (DruidPathGame.upgrade_game)."""
    if raw.get("game") is None:
        return raw, actions
    shell = msgspec.convert({**raw, "game": None}, type=Campaign)
    _, options = game_setup(shell)  # nothing has carried over since that game began
    raw["game"], actions = game.upgrade_game(raw["game"], actions, options, version)
    return raw, actions
