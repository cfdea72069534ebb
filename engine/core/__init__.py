"""Pieces every game shares: the seeded RNG, the game contract, errors and dice odds."""

from engine.core.errors import IllegalAction
from engine.core.game import Game, GameOption, Outcome
from engine.core.rng import Rng

__all__ = ["Game", "GameOption", "IllegalAction", "Outcome", "Rng"]
