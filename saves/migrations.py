"""Upgrades of older save formats, one step per version: N-1 -> N.

Version 1 named the game `game` and the action log `moves` and had no content version;
version 2 calls them `game_id` and `actions` and records `content_version`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Raw = dict[str, Any]


def _v1_to_v2(raw: Raw) -> Raw:
    upgraded = dict(raw)
    upgraded["game_id"] = upgraded.pop("game", None)
    upgraded["actions"] = upgraded.pop("moves", [])
    upgraded.setdefault("content_version", 1)
    upgraded["version"] = 2
    return upgraded


# MIGRATIONS[n] turns a version-n mapping into a version n+1 mapping.
MIGRATIONS: dict[int, Callable[[Raw], Raw]] = {1: _v1_to_v2}


def migrate(raw: Raw, target: int) -> Raw:
    version = raw["version"]
    while version < target:
        raw = MIGRATIONS[version](raw)
        version = raw["version"]
    return raw
