"""Display names of the players who share a common folder (a `serve` host): one file mapping
each player's id to the name they chose, so that no two players go by the same name."""

from __future__ import annotations

import fcntl
import unicodedata
from pathlib import Path
from typing import NamedTuple

import msgspec

from saves.atomic import write_atomic
from saves.envelope import Damaged, check_header
from saves.files import keep_aside, read_data_file
from saves.paths import DataPaths

NAMES_FORMAT = "tabletop-tui-names"
NAMES_VERSION = 1
NAME_LIMIT = 20  # terminal columns: a wide character (漢) takes two


class Names(msgspec.Struct, kw_only=True):
    format: str = NAMES_FORMAT
    version: int = NAMES_VERSION
    names: dict[str, str] = {}  # player id -> display name


class Claim(NamedTuple):
    problem: str  # why the name was not kept; "" when it was
    note: str = ""  # what was wrong with the names file, now kept aside; "" when nothing was


def columns(text: str) -> int:
    """The terminal columns `text` takes: two for a wide character, none for a combining mark."""
    return sum(
        2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text
    )


def check_name(text: str) -> tuple[str, str]:
    """The name to keep (trimmed) and "", or "" and what is wrong with it: the one rule for a
    name (printable, 1 to NAME_LIMIT columns), for a display name and a name at a table alike."""
    name = text.strip()
    if not name or columns(name) > NAME_LIMIT:
        return "", f"A name is 1 to {NAME_LIMIT} columns (a wide character takes two)."
    if not name.isprintable():
        return "", "A name is letters, digits, spaces and signs: no control characters."
    return name, ""


def clean_name(text: str) -> str:
    """`text` made a name `check_name` keeps, as far as it can be: printable characters only,
    spaces run together and trimmed, cut to NAME_LIMIT columns; "" if nothing is left."""
    name = " ".join("".join(c for c in text if c.isprintable()).split())
    while columns(name) > NAME_LIMIT:
        name = name[:-1].rstrip()
    return name


def read_names(path: Path) -> Names:
    """The names a file holds; FileNotFoundError, or Damaged with the reason."""
    data = read_data_file(path)
    check_header(data, NAMES_FORMAT, NAMES_VERSION, "a tabletop-tui names file")
    try:
        known = msgspec.json.decode(data, type=Names)
    except msgspec.ValidationError as error:
        raise Damaged(f"its contents have the wrong shape ({error})") from None
    for number, name in enumerate(known.names.values(), start=1):
        if check_name(name) != (name, ""):
            raise Damaged(f"its name {number} is not one a player could have chosen")
    return known


def names_problem(paths: DataPaths) -> str:
    """Why the names file cannot be used, in one line; "" when it can (or is not there yet)."""
    try:
        read_names(paths.names)
    except FileNotFoundError:
        return ""
    except Damaged as damage:
        return f"{paths.names.name} cannot be used: {damage}"
    return ""


def claim_name(paths: DataPaths, player_id: str, name: str) -> Claim:
    """Record `name` for `player_id` unless another player has it (in any case).

    A names file that cannot be read is kept aside as names.damaged.json (-2, -3... beside
    earlier ones) and a new list begins with this name; the note says so. Raises OSError
    when the folder cannot be written."""
    paths.common.mkdir(parents=True, exist_ok=True)
    with open(paths.names.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two players choosing at once: one after the other
        note = ""
        try:
            known = read_names(paths.names)
        except FileNotFoundError:
            known = Names()
        except Damaged as damage:
            kept = keep_aside(paths.names, "names.damaged")
            note = f"{paths.names.name} cannot be used: {damage}; it is kept as {kept.name} and a new list begun"
            known = Names()
        wanted = name.casefold()
        if any(n.casefold() == wanted for pid, n in known.names.items() if pid != player_id):
            return Claim(f"Another player is called {name} here; choose another name.", note)
        known.names[player_id] = name
        write_atomic(paths.names, msgspec.json.format(msgspec.json.encode(known), indent=2))
    return Claim("", note)
