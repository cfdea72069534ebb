"""The one place that decides where files live."""

from __future__ import annotations

import os
import re
from pathlib import Path

APP_NAME = "tabletop-tui"
ENV_VAR = "TABLETOP_TUI_DATA_DIR"
# What players share (shared tables, the approved and pending Qi Words, daily results). On one's
# own machine it is the data folder itself; a `serve` host points every player's app at one.
COMMON_ENV_VAR = "TABLETOP_TUI_COMMON_DIR"


# What SaveStore.new_id makes ("<game id>-<date>-<time>[-n]"), with room to spare: a name
# read from another file is used as a save's file name only if it is one of these.
_SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,99}")


def is_save_id(text: str) -> bool:
    return _SAVE_ID.fullmatch(text) is not None


def default_data_dir() -> str:
    """The platform's place for an application's data (imported only when it is needed: it
    costs start-up a few milliseconds)."""
    import platformdirs

    return platformdirs.user_data_dir(APP_NAME)


class DataPaths:
    """Every folder and file of one data directory."""

    def __init__(self, root: Path, common: Path | None = None) -> None:
        self.root = root
        self.common = common or root

    @classmethod
    def resolve(cls, override: str | os.PathLike[str] | None = None) -> DataPaths:
        """--data-dir wins over TABLETOP_TUI_DATA_DIR, which wins over the platform default."""
        chosen = override or os.environ.get(ENV_VAR) or default_data_dir()
        common = os.environ.get(COMMON_ENV_VAR)
        return cls(Path(chosen).expanduser(), Path(common).expanduser() if common else None)

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def decks(self) -> Path:
        return self.root / "decks"

    @property
    def disciple_decks(self) -> Path:
        """Disciple's built Versus decks, one file each."""
        return self.root / "disciple-decks"

    @property
    def lexicon(self) -> Path:
        return self.common / "lexicon"

    @property
    def tables(self) -> Path:
        """Shared tables: saves whose seats players claim from several terminals."""
        return self.common / "tables"

    @property
    def history(self) -> Path:
        """Finished games: one file each, with the result, the seed and every move."""
        return self.root / "history"

    @property
    def history_pending(self) -> Path:
        """Finished games whose decks are being written (saves/history.py): hidden from the list."""
        return self.history / ".pending"

    @property
    def daily_attempts(self) -> Path:
        """Which daily deals this player has begun: the first try of a day is the one that counts."""
        return self.root / "daily.json"

    @property
    def daily(self) -> Path:
        """Every player's counted daily results, for the Daily board."""
        return self.common / "daily"

    @property
    def names(self) -> Path:
        """Display names of the players sharing the common folder."""
        return self.common / "names.json"

    @property
    def players(self) -> Path:
        """`serve`: one data folder per player key, each like a root of its own."""
        return self.root / "players"

    def player(self, player_id: str) -> Path:
        return self.players / player_id

    @property
    def host_key(self) -> Path:
        """`serve`: the SSH server's private key, unless the host names another file."""
        return self.root / "ssh_host_ed25519_key"

    @property
    def web_token(self) -> Path:
        """`web`: the secret that opens the page, made on the first run, unless the host lists others."""
        return self.root / "web-token"

    @property
    def web_secret(self) -> Path:
        """`web`: the key that signs each browser's cookie (who it is, which token let it in)."""
        return self.root / "web-cookie-key"

    @property
    def crashes(self) -> Path:
        """What an unexpected error left: one text file each, for a bug report."""
        return self.root / "crashes"

    @property
    def settings(self) -> Path:
        return self.root / "settings.json"

    def save_file(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.json"

    def ensure(self) -> None:
        self.saves.mkdir(parents=True, exist_ok=True)
