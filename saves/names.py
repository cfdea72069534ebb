"""Display names of the players who share a common folder (a `serve` host): one file mapping
each player's id to the name they chose, so that no two players go by the same name."""

from __future__ import annotations

import fcntl

import msgspec

from saves.atomic import write_atomic
from saves.files import JSON_DAMAGE, read_regular
from saves.paths import DataPaths

NAMES_FORMAT = "tabletop-tui-names"
NAMES_VERSION = 1
NAME_LIMIT = 20


class Names(msgspec.Struct, kw_only=True):
    format: str = NAMES_FORMAT
    version: int = NAMES_VERSION
    names: dict[str, str] = {}  # player id -> display name


def check_name(text: str) -> tuple[str, str]:
    """The name to keep (trimmed) and "", or "" and what is wrong with it."""
    name = text.strip()
    if not 1 <= len(name) <= NAME_LIMIT:
        return "", f"A name is 1 to {NAME_LIMIT} characters."
    if not name.isprintable():
        return "", "A name is letters, digits, spaces and signs: no control characters."
    return name, ""


def claim_name(paths: DataPaths, player_id: str, name: str) -> str:
    """Record `name` for `player_id` unless another player has it (in any case); the problem,
    or "". A names file that cannot be read is left alone: the name is then not checked."""
    paths.common.mkdir(parents=True, exist_ok=True)
    with open(paths.names.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two players choosing at once: one after the other
        try:
            known = msgspec.json.decode(read_regular(paths.names), type=Names)
        except FileNotFoundError:
            known = Names()
        except (OSError, *JSON_DAMAGE):
            return ""
        if known.format != NAMES_FORMAT or known.version > NAMES_VERSION:
            return ""
        wanted = name.casefold()
        if any(n.casefold() == wanted for pid, n in known.names.items() if pid != player_id):
            return f"Another player is called {name} here; choose another name."
        known.names[player_id] = name
        write_atomic(paths.names, msgspec.json.format(msgspec.json.encode(known), indent=2))
    return ""
