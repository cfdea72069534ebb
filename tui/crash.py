"""What an unexpected error leaves behind: its details in a crash file in the data folder,
and one line on the terminal saying where. The terminal never shows a traceback, nor the
variables of the program (a whole save can be among them)."""

from __future__ import annotations

import os
import platform
import reprlib
import sys
import tempfile
import traceback
from datetime import datetime, timezone
from pathlib import Path

from saves.paths import DataPaths
from tui.safe_text import say

CRASH_STATUS = 1  # a crash never exits with 0; 2 is kept for mistakes on the command line

_short = reprlib.Repr()
_short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 200, 200, 12, 12


def details(error: BaseException) -> str:
    """The report: what ran, the traceback, and the innermost frame's variables, shortened."""
    from tui import __version__

    lines = [
        f"tabletop-tui {__version__} crashed at {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        f"Python {platform.python_version()} on {platform.platform()}",
        f"Command: {' '.join(sys.argv)}",
        "",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ]
    frame = error.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    if frame is not None:
        lines.append("\nVariables where it stopped (shortened):\n")
        for name, value in frame.tb_frame.f_locals.items():
            try:
                shown = _short.repr(value)
            except Exception:  # noqa: BLE001 (a repr that fails must not hide the report)
                shown = "<cannot be shown>"
            lines.append(f"  {name} = {shown}\n")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_report(paths: DataPaths | None, error: BaseException) -> Path | None:
    """Write the crash file (the data folder's crashes/, else the system's temporary folder);
    its path, or None when no file could be written anywhere."""
    text = details(error).encode("utf-8", "replace")
    name = f"crash-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    folders = [paths.crashes] if paths is not None else []
    folders.append(Path(tempfile.gettempdir()))
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / (name if folder != Path(tempfile.gettempdir()) else f"tabletop-tui-{name}")
            with open(target, "xb") as handle:
                handle.write(text)
            return target
        except OSError:
            continue
    return None


def crash_line(where: Path | None) -> str:
    if where is None:
        return "tabletop-tui: an unexpected error stopped the program (its details could not be written)."
    return f"tabletop-tui: an unexpected error stopped the program; the details are in {where}"


def report(paths: DataPaths | None, error: BaseException) -> int:
    """Keep the details, say where in one line on stderr; the exit status to return."""
    say([crash_line(write_report(paths, error))], file=sys.stderr)
    return CRASH_STATUS
