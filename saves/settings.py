"""Player preferences, stored like saves: versioned JSON, written atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from saves.atomic import write_atomic
from saves.envelope import Damaged, check_header
from saves.files import keep_aside, read_data_file
from saves.paths import DataPaths

SETTINGS_FORMAT = "tabletop-tui-settings"
SETTINGS_VERSION = 1


class Settings(msgspec.Struct, kw_only=True):
    format: str = SETTINGS_FORMAT
    version: int = SETTINGS_VERSION
    theme: str = "tabletop-dark"
    show_odds: bool = True
    display_name: str = ""  # shown to other players at shared tables
    # The player's own keys: binding id -> key (tui/grammar.py checks them). Any shape is read
    # and written back as it was, so an entry the app cannot use is never lost; a file from
    # before keys could be changed has none.
    keys: Any = msgspec.field(default_factory=dict)
    legend: bool = True  # a key to each table's codes, for a first game (older files: on)
    hint_budget: float = 1.0  # seconds of CPU a hint thinks for (tui/coach.py; older files: 1)


def load_settings(paths: DataPaths) -> tuple[Settings, str]:
    """The saved settings, or defaults and a reason when the file is missing or damaged."""
    try:
        return read_settings(paths.settings), ""
    except FileNotFoundError:
        return Settings(), ""
    except Damaged as damage:
        return Settings(), f"{paths.settings.name} cannot be used: {damage}; using defaults"


def read_settings(path: Path) -> Settings:
    """The settings a file holds; FileNotFoundError, or Damaged with the reason."""
    data = read_data_file(path)
    check_header(data, SETTINGS_FORMAT, SETTINGS_VERSION, "a tabletop-tui settings file")
    try:
        return msgspec.json.decode(data, type=Settings)
    except msgspec.ValidationError as error:
        raise Damaged(f"its contents have the wrong shape ({error})") from None


def save_settings(paths: DataPaths, settings: Settings) -> None:
    damaged = paths.settings.exists() and load_settings(paths)[1]
    if damaged:  # keep the unreadable file for the player (beside any kept before)
        keep_aside(paths.settings, "settings.damaged")
    write_atomic(paths.settings, msgspec.json.format(msgspec.json.encode(settings), indent=2))
