"""The app as `serve` starts it: `python -m tui.serve.launcher ARGS` is `tabletop-tui ARGS`,
except that the app cannot outlive the server.

If the server itself is killed (SIGKILL, out of memory), nobody is left to end the apps, and an
app whose terminal is gone must not spin on alone: on Linux the kernel kills it when the server
dies. The server's process id is checked after asking, in case it died in between.
"""

from __future__ import annotations

import os
import signal
import sys

from tui.serve.process import SERVER_PID

PR_SET_PDEATHSIG = 1


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
    from tui.cli import main

    sys.exit(main())
