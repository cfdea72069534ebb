"""The save file format: a versioned JSON envelope around one game's state.

Reading never trusts a file: anything unreadable becomes a `Damaged` reason for the player.
"""

from __future__ import annotations

from typing import Any

import msgspec

from saves.migrations import migrate

SAVE_FORMAT = "tabletop-tui-save"
FORMAT_VERSION = 2


class Seat(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Who sits at one seat of a game of several seats."""

    name: str  # shown to everyone at the table
    bot: bool = False  # the game's bot plays this seat
    player: str = ""  # at a shared table: who claimed it ("" = open); unused at one keyboard
    brings: Any = None  # what the seat brought to a shared table (a DecknForge deck), as JSON
    shelf: str = ""  # which data folder `brings` was kept in (saves/tables.py shelf_of)


class Envelope(msgspec.Struct, kw_only=True):
    format: str
    version: int
    kind: str = "game"  # "game", or "campaign" for a chain of games
    game_id: str
    content_version: int
    created: str  # ISO 8601, UTC
    updated: str
    label: str
    summary: str = ""
    seed: int
    options: dict[str, Any] = {}
    state: msgspec.Raw
    actions: list[msgspec.Raw] = []
    seats: list[Seat] = []  # empty: every seat is a person at this keyboard


class Damaged(Exception):
    """A file that cannot be used; the message says why, in a player's words."""


_header_decoder = msgspec.json.Decoder()
_envelope_decoder = msgspec.json.Decoder(Envelope)
_encoder = msgspec.json.Encoder()


def encode(envelope: Envelope) -> bytes:
    """The envelope as a person can read it: the header one field a line, the state on one
    line and each action on its own. Laid out line by line, a state's many short arrays (the
    cards) would double the file and the time it takes to write after every move."""
    shell = msgspec.structs.replace(envelope, state=msgspec.Raw(b"0"), actions=[])
    text = msgspec.json.format(_encoder.encode(shell), indent=1)
    state_line, actions_line = b'\n "state": 0,', b'\n "actions": [],'
    if text.count(state_line) != 1 or text.count(actions_line) != 1:  # fields moved: plain layout
        return msgspec.json.format(_encoder.encode(envelope), indent=1)
    actions = b"[]"
    if envelope.actions:
        actions = b"[\n  " + b",\n  ".join(_encoder.encode(a) for a in envelope.actions) + b"\n ]"
    text = text.replace(state_line, b'\n "state": ' + _encoder.encode(envelope.state) + b",")
    return text.replace(actions_line, b'\n "actions": ' + actions + b",")


def _shape(value: Any) -> str:
    names = ((bool, "true or false"), (list, "a JSON list"), (str, "a JSON string"),
             (int, "a number"), (float, "a number"))  # fmt: skip
    return next((name for kind, name in names if isinstance(value, kind)), "JSON null")


# msgspec gives up on JSON nested past Python's recursion limit with a RecursionError.
NESTED_TOO_DEEP = "it nests lists or objects thousands deep, as no file of the app does"


UTF8_BOM = b"\xef\xbb\xbf"  # what some editors put in front of a UTF-8 file


def check_header(data: bytes, file_format: str, newest: int, what: str) -> dict[str, Any]:
    """The top level of a versioned JSON file, once the checks every kind of file shares have
    passed: not empty, JSON text, the right format, a version this program can read."""
    if not data.strip():
        raise Damaged("the file is empty")
    try:
        raw = _header_decoder.decode(data)
    except msgspec.DecodeError:
        if data.startswith(UTF8_BOM):
            raise Damaged("it starts with a byte-order mark, which an editor added and JSON does not allow") from None
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise Damaged("the file is not text (random or binary bytes)") from None
        raise Damaged("the file is not complete JSON (truncated or corrupted)") from None
    except UnicodeDecodeError:
        raise Damaged("the file is not text (random or binary bytes)") from None
    except RecursionError:
        raise Damaged(NESTED_TOO_DEEP) from None
    if not isinstance(raw, dict):  # whole JSON, but not an object at the top
        raise Damaged(f"it holds {_shape(raw)}, not {what}")
    if raw.get("format") != file_format:
        raise Damaged(f"it is not {what}")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Damaged("its format version is missing or invalid")
    if version > newest:
        raise Damaged(f"it was written by a newer tabletop-tui (format {version})")
    return raw


def decode(data: bytes, known_games: set[str]) -> Envelope:
    """Check and decode an envelope, migrating older versions; raise Damaged with a reason.
    A save an editor stored with a byte-order mark in front is read as if it had none (the
    next autosave writes it without)."""
    data = data.removeprefix(UTF8_BOM)
    raw = check_header(data, SAVE_FORMAT, FORMAT_VERSION, "a tabletop-tui save")
    if raw["version"] < FORMAT_VERSION:
        raw = migrate(raw, FORMAT_VERSION)
        data = msgspec.json.encode(raw)
    try:
        envelope = _envelope_decoder.decode(data)
    except msgspec.ValidationError as error:
        raise Damaged(f"its contents have the wrong shape ({error})") from None
    if envelope.game_id not in known_games:
        raise Damaged(f"it is for an unknown game '{envelope.game_id}'")
    return envelope
