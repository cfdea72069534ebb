"""The app as `web` starts it for a page: `python -m tui.web.launcher` is `tabletop-tui`, except
that the app cannot outlive the server.

If the server itself is killed (SIGKILL, out of memory), nobody is left to end the apps, and an
app whose page is gone must not spin on alone: on Linux the kernel kills it when the server
dies. The server's process id is checked after asking, in case it died in between. (`serve`
forks its apps from a fork server instead, tui/serve/forkserver.py; a page's app talks to the
server over pipes in the web driver's packets, so it is started as its own process.)
"""

from __future__ import annotations

import os
import runpy
import signal
import sys

SERVER_PID = "TABLETOP_TUI_SERVER_PID"  # the server's process id, for the launcher
PR_SET_PDEATHSIG = 1


def app_command(arguments: list[str]) -> list[str]:
    """The app started through this launcher. -P keeps the player's folder (its working
    directory) off the import path."""
    return [sys.executable, "-P", "-m", "tui.web.launcher", *arguments]


def bind_to_server() -> None:
    server = os.environ.pop(SERVER_PID, "")
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if server and os.getppid() != int(server):
        os._exit(1)


if __name__ == "__main__":
    bind_to_server()
    runpy.run_module("tui", run_name="__main__", alter_sys=True)  # tui/__main__.py: the app
