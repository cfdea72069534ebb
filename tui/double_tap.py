"""A key pressed twice in a hurry is one press said twice.

The app notes each key as it arrives. What a press brings up to be read or answered (a turn's
summary, a question) is not passed by the same key again within DOUBLE_TAP: `e e` ends the
phase and leaves its summary on the table, `Enter Enter` picks a move and leaves its question
asked. Another key, or the same one a moment later, goes on as ever.
"""

from __future__ import annotations

from time import monotonic

DOUBLE_TAP = 0.4  # seconds: the same key again sooner than this is the first press repeated

NEVER = ("", float("-inf"))


class Presses:
    def __init__(self) -> None:
        self.last = NEVER  # the key being handled now (or last), and when it came
        self.before = NEVER  # the one before it

    def pressed(self, key: str) -> None:
        self.before, self.last = self.last, (key, monotonic())

    def repeated(self) -> bool:
        """The key being handled now is the one before it again, pressed in a hurry."""
        (key, at), (was, then) = self.last, self.before
        return key == was and at - then < DOUBLE_TAP and monotonic() - at < DOUBLE_TAP
