"""Player preferences, stored like saves: versioned JSON, written atomically."""

from __future__ import annotations

import msgspec

from saves.atomic import write_atomic
from saves.files import JSON_DAMAGE, keep_aside, read_regular
from saves.paths import DataPaths

SETTINGS_FORMAT = "tabletop-tui-settings"
SETTINGS_VERSION = 1


class Settings(msgspec.Struct, kw_only=True):
    format: str = SETTINGS_FORMAT
    version: int = SETTINGS_VERSION
    theme: str = "tabletop-dark"
    show_odds: bool = True
    display_name: str = ""  # shown to other players at shared tables


def load_settings(paths: DataPaths) -> tuple[Settings, str]:
    """The saved settings, or defaults and a reason when the file is missing or damaged."""
    try:
        data = read_regular(paths.settings)
    except FileNotFoundError:
        return Settings(), ""
    except OSError as error:
        return Settings(), f"settings could not be read ({error.strerror}); using defaults"
    try:
        settings = msgspec.json.decode(data, type=Settings)
    except JSON_DAMAGE:
        return Settings(), "settings file is damaged; using defaults"
    if settings.format != SETTINGS_FORMAT or settings.version > SETTINGS_VERSION:
        return Settings(), "settings file is not readable by this version; using defaults"
    return settings, ""


def save_settings(paths: DataPaths, settings: Settings) -> None:
    damaged = paths.settings.exists() and load_settings(paths)[1]
    if damaged:  # keep the unreadable file for the player (beside any kept before)
        keep_aside(paths.settings, "settings.damaged")
    write_atomic(paths.settings, msgspec.json.format(msgspec.json.encode(settings), indent=2))
