"""Druid Path's content cards, state, actions and events: msgspec Structs, so saves are JSON.

Rulings cited as R1, R2... are in RULINGS.md beside this file.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.log import Line
from engine.core.rng import Rng

COLOURS = ("green", "red", "blue", "yellow")  # Earth, Fire, Water, Sand gems (R3)
GEM_LETTER = {"green": "G", "red": "R", "blue": "B", "yellow": "Y", "any": "*"}
GEMS_PER_COLOUR = 3  # 12 gemstones in the box
LANES = 3
STEPS = 10
STAMINA_CAP = 5

# ----- content ------------------------------------------------------------------------

Target = Literal[
    "self", "opposite", "foe_beast", "ally_beast", "foe_beasts", "ally_beasts", "foe", "ally",
    "none",
]  # fmt: skip
Op = Literal[
    "damage", "lose_hp", "heal", "attack_mod", "exhaust", "destroy", "gain_stamina",
    "draw_items", "mill", "discard_random", "gain_gem", "lose_gem", "roll_boost", "attach",
    "summon_spirit", "summon_shadow", "energize", "darach_charge",
]  # fmt: skip
AbilityKind = Literal["activated", "attack", "block", "blocked", "defeated", "tame", "ward"]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One operation of the effect vocabulary. `target` is relative to who controls it."""

    op: Op
    amount: int = 0
    target: Target = "none"
    colour: str = ""  # gain_gem: a colour or "choice"
    attack: int = 0  # attach: what the relic adds
    armor: int = 0
    hp: int = 0


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: AbilityKind
    text: str
    cost: int = 0  # stamina, activated abilities only
    effects: tuple[Effect, ...] = ()


class Cost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    green: int = 0
    red: int = 0
    blue: int = 0
    yellow: int = 0
    any: int = 0

    def coloured(self) -> dict[str, int]:
        return {c: n for c in COLOURS if (n := getattr(self, c))}

    def total(self) -> int:
        return self.green + self.red + self.blue + self.yellow + self.any

    def label(self) -> str:
        parts = [GEM_LETTER[c] * n for c, n in self.coloured().items()]
        if self.any:
            parts.append("*" * self.any)
        return "".join(parts) or "free"


class BeastCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: Literal["Earth", "Fire", "Water", "Sand", "Multi-type", "Omnikind"]
    rarity: Literal["common", "uncommon", "rare"]
    cost: Cost
    tame: int
    hp: int
    attack: int
    hp_transfer: int
    light: Ability | None = None
    shadow: Ability | None = None
    armor: int = 0


class ShadowCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    hp: int
    attack: int
    hp_transfer: int
    shadow: Ability | None = None
    armor: int = 0


class ItemCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: Literal["potion", "relic", "scroll", "charm", "gadget"]
    cost: int
    boost: int
    boost_kind: Literal["roll", "stamina"]
    light_text: str
    shadow_text: str
    light: tuple[Effect, ...] = ()
    shadow: tuple[Effect, ...] = ()


class RobotCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    owner: str  # a Druid id
    energy: int
    ability: Ability


class DruidCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    hp: int
    armor: int
    stamina_gain: int
    stamina_max: int
    ability: Ability
    start_stamina: int = 0
    spirits: bool = False  # Emrys: the three shared Spirit tokens


class DarachCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    hp: int
    armor: int
    parry: int
    stamina: int  # the counter fills by 1 each Darach phase; full, the ability fires (R9)
    ability: Ability
    riposte: int = 0  # damage a successful attacker takes back ("unless the Darach says")


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    beasts: int = 0
    items: int = 0
    shadow: int = 0
    shadow_draw: int = 0
    spiral: int = 0  # beasts drawn, then the rows swap
    alt: Step | None = None  # a Branching Path: the other way

    def label(self) -> str:
        parts = []
        if self.spiral:
            parts.append(f"Spiral{self.spiral}")
        if self.beasts:
            parts.append(f"B{self.beasts}")
        if self.items:
            parts.append(f"I{self.items}")
        if self.shadow_draw:
            parts.append(f"SD{self.shadow_draw}")
        if self.shadow:
            parts.append(f"S{self.shadow}")
        return "+".join(parts) or "-"


class PathCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    hand: int
    mode: Literal["classic", "expansion"]
    steps: tuple[Step, ...]


class SpiritCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hp: int
    attack: int
    armor: int = 0


# ----- state --------------------------------------------------------------------------


class Beast(msgspec.Struct):
    """A beastborg (or shadow beastborg, or Spirit token) in a lane."""

    card: str  # a beast id, a shadow id, or "spirit"
    uid: int = 0  # who it is, for as long as it is on the table (lanes shift; this does not)
    damage: int = 0
    attack_mod: int = 0
    armor_used: int = 0
    exhausted: bool = False
    used: bool = False  # activated ability spent this turn
    relics: list[str] = msgspec.field(default_factory=list)  # attached relic item ids
    relic_attack: int = 0
    relic_armor: int = 0
    relic_hp: int = 0


class Slot(msgspec.Struct):
    """An encounter-row card; `tried` once a tame attempt failed."""

    card: str
    tried: bool = False


class EffectTask(msgspec.Struct):
    """Effects waiting to resolve: who controls them and where they came from. A beastborg's
    ability names its source by `beast` (its uid), never by its lane: a row can shift while the
    ability waits (R38)."""

    effects: list[Effect]
    controller: Literal["druid", "darach"]
    row: str = ""  # the source beastborg's row ("druid"/"darach"), if any
    lane: int = -1  # the lane it triggered in (a defeated source's "opposite" is across it)
    beast: int = 0  # the source beastborg's uid (0: no beastborg)
    fallen: bool = False  # the source had left the table as it triggered (a defeated ability)
    item: str = ""  # the item card played (relics attach it)
    label: str = ""  # the source's name, which every line of its effects begins with
    says: str = ""  # the ability's text, told in the log when the task starts to resolve
    told: bool = True  # False until that line is written (a played card tells itself)


class PendingTarget(msgspec.Struct, tag="target"):
    task: EffectTask  # task.effects[0] is the effect waiting for its target
    options: list[str]  # "druid:0", "darach:2"


class PendingGem(msgspec.Struct, tag="gem"):
    task: EffectTask


class PendingLane(msgspec.Struct, tag="lane"):
    card: str  # a tamed beastborg waiting for its lane


class PendingBranch(msgspec.Struct, tag="branch"):
    step: int


class PendingRoll(msgspec.Struct, tag="roll"):
    purpose: Literal["tame", "attack"]
    where: int  # encounter slot (tame) or lane (attack)
    target: int
    dice: list[int]
    bonus: int = 0


class PendingResponse(msgspec.Struct, tag="response"):
    lane: int
    darach_attacks: bool


class PendingTurnEnd(msgspec.Struct, tag="turn_end"):
    """Combat is over: the table waits while the player reads how each lane went.
    `since` is the count of lines written when the Darach phase began."""

    since: int


Pending = (
    PendingTarget | PendingGem | PendingLane | PendingBranch | PendingRoll | PendingResponse
    | PendingTurnEnd
)  # fmt: skip

Phase = Literal["play", "darach", "combat", "end", "encounter", "over"]


class State(msgspec.Struct):
    rng: Rng
    path: str
    druid: str
    darach: str
    turn: int  # the path step reached, 1-10
    phase: Phase
    druid_hp: int
    druid_hp_max: int
    darach_hp: int
    darach_hp_max: int
    stamina: int
    beast_deck: list[str]
    item_deck: list[str]
    shadow_deck: list[str]
    gem_supply: dict[str, int]
    robots: list[str]
    robot_energy: list[int]
    beast_discard: list[str] = msgspec.field(default_factory=list)
    item_discard: list[str] = msgspec.field(default_factory=list)
    shadow_discard: list[str] = msgspec.field(default_factory=list)
    hand: list[str] = msgspec.field(default_factory=list)
    gems: dict[str, int] = msgspec.field(default_factory=dict)  # the collection, under the item deck (R1)
    encounter: list[Slot | None] = msgspec.field(default_factory=lambda: [None] * LANES)
    druid_row: list[Beast | None] = msgspec.field(default_factory=lambda: [None] * LANES)
    darach_row: list[Beast | None] = msgspec.field(default_factory=lambda: [None] * LANES)
    branch_taken: list[int] = msgspec.field(default_factory=list)  # steps where alt was taken
    druid_armor_used: int = 0
    darach_armor_used: int = 0
    darach_charge: int = 0
    druid_ability_used: bool = False
    robots_used: list[bool] = msgspec.field(default_factory=list)
    combat_lane: int = 0
    stage: str = "start"  # where the phase machine stands inside a phase
    queue: list[EffectTask] = msgspec.field(default_factory=list)
    pending: Pending | None = None
    last_roll: PendingRoll | None = None  # the latest settled roll, for the table's dice
    result: Literal["won", "lost"] | None = None
    result_reason: str = ""
    log: list[Line] = msgspec.field(default_factory=list)
    logged: int = 0  # lines ever written, so events survive the log's trimming
    darach_from: int = 0  # `logged` when this turn's Darach phase began (the turn's summary)
    beasts_made: int = 0  # beastborgs put on the table so far: the last uid given (Beast.uid)


# ----- actions ------------------------------------------------------------------------


class TakeGem(msgspec.Struct, frozen=True, tag="take_gem"):
    colour: str


class Tame(msgspec.Struct, frozen=True, tag="tame"):
    slot: int


class DrawItem(msgspec.Struct, frozen=True, tag="draw_item"):
    pass


class PlayItem(msgspec.Struct, frozen=True, tag="play_item"):
    index: int


class StaminaBoost(msgspec.Struct, frozen=True, tag="stamina_boost"):
    index: int


class Activate(msgspec.Struct, frozen=True, tag="activate"):
    lane: int


class DruidAbility(msgspec.Struct, frozen=True, tag="druid_ability"):
    pass


class UseRobot(msgspec.Struct, frozen=True, tag="use_robot"):
    index: int


class EndPlay(msgspec.Struct, frozen=True, tag="end_play"):
    pass


class RollBoost(msgspec.Struct, frozen=True, tag="roll_boost"):
    index: int


class UsePotion(msgspec.Struct, frozen=True, tag="use_potion"):
    index: int


class AcceptRoll(msgspec.Struct, frozen=True, tag="accept_roll"):
    pass


class PickLane(msgspec.Struct, frozen=True, tag="pick_lane"):
    lane: int


class PickTarget(msgspec.Struct, frozen=True, tag="pick_target"):
    target: str


class PickGem(msgspec.Struct, frozen=True, tag="pick_gem"):
    colour: str


class PickBranch(msgspec.Struct, frozen=True, tag="pick_branch"):
    alt: bool


class Endure(msgspec.Struct, frozen=True, tag="endure"):
    pass


class AttackDarach(msgspec.Struct, frozen=True, tag="attack_darach"):
    pass


class Block(msgspec.Struct, frozen=True, tag="block"):
    pass


class NextTurn(msgspec.Struct, frozen=True, tag="next_turn"):
    """Done reading the turn's combat: on to the next Encounter phase."""


Action = (
    TakeGem | Tame | DrawItem | PlayItem | StaminaBoost | Activate | DruidAbility | UseRobot
    | EndPlay | RollBoost | UsePotion | AcceptRoll | PickLane | PickTarget | PickGem
    | PickBranch | Endure | AttackDarach | Block | NextTurn
)  # fmt: skip
