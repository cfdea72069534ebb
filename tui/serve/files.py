"""The files given to `serve` and `web` (lists of keys or tokens, a host key), read safely: never
blocking on a pipe nor reading a device without end, and each problem said in words."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class UnusableFile(Exception):
    """A file given to an option that cannot be used; the message says which and why."""


def read_capped(path: Path, cap: int) -> bytes:
    """The bytes of the regular file at `path`, at most `cap` of them, or UnusableFile with
    the reason in words. Never blocks on a pipe nor reads a device without end."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        raise UnusableFile(f"{path}: {reason(error)}") from None
    try:
        kind = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(kind):
            raise UnusableFile(f"{path}: it is a folder, not a file")
        if not stat.S_ISREG(kind):
            raise UnusableFile(f"{path}: it is not a regular file (a device, a pipe or a socket)")
        data = b""
        while len(data) <= cap and (chunk := os.read(descriptor, cap + 1 - len(data))):
            data += chunk
    except OSError as error:
        raise UnusableFile(f"{path}: {reason(error)}") from None
    finally:
        os.close(descriptor)
    if len(data) > cap:
        size = f"{cap >> 20} MiB" if cap >= 1 << 20 else f"{cap >> 10} KiB"
        raise UnusableFile(f"{path}: it is larger than {size}, too large for what it should hold")
    return data


def reason(error: OSError) -> str:
    """Why a file cannot be used, in words."""
    if error.errno == errno.ENOENT:
        return "there is no such file"
    if error.errno == errno.ENOTDIR:
        return "a folder on its path is a file"
    if error.errno == errno.EISDIR:
        return "it is a folder, not a file"
    return (error.strerror or str(error)).lower()
