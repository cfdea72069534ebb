"""Keys typed ahead reach what they were typed for.

Textual hands a key to the widget that has the focus when the key arrives; a key the widget
does not keep goes up through the widgets around it, and a screen's key (`#` for the seed,
`/` to search) acts only when it reaches the app. Keys typed quickly behind it (`#31337` and
Enter, pasted, or typed over a slow link) were handed to the old screen's list before the new
screen opened, and acted there. So the app takes keys one at a time: the next waits until the
last is done with, and, when it opened a screen, until that screen is mounted and has its
focus. Most keys find the last one done already (every widget it went through has read all it
was sent: `_quiet`) and go at once; a key typed ahead waits for a note sent after the last
one to come up to the app (`follow`). A key never waits longer than `PATIENCE` seconds.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from textual import events

PATIENCE = 1.0  # seconds a key waits at most for the key before it to be done


class TypeAhead:
    def __init__(self, app: Any, hand: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        self.hand = hand  # gives a key to Textual as it would have been given on arrival
        self.waiting: deque[events.Key] = deque()
        self.busy = 0  # the number of the key in hand, 0: none
        self.since = 0.0
        self.keys = 0
        self.watch: Any = None  # the timer that frees keys stuck behind one never done
        self.last: tuple[Any, Any] | None = None  # where the last key went, and the screen then

    def holds(self, key: events.Key) -> bool:
        """Whether `key` must wait for the keys before it (it is kept, in order)."""
        if not self.busy and not self.waiting:
            if self.last is None or self._quiet(*self.last):
                return False
            self.follow(*self.last)  # the last key may be on its way still: wait for it
        self.waiting.append(key)
        if self.watch is None:
            self.watch = self.app.set_interval(PATIENCE / 4, self._stuck)
        return True

    def handed(self, target: Any, screen: Any) -> None:
        """A key was given to `target` (the focus, or the screen) while `screen` was shown."""
        self.last = (target, screen)

    def _quiet(self, target: Any, screen: Any) -> bool:
        """Whether the last key is done with: no widget it may go up through, nor the app, has
        a message left to read, and a screen it opened has its focus."""
        node = target
        while node is not None:
            if not node._message_queue.empty():
                return False
            node = node._parent
        shown = self.app.screen
        return shown is screen or _ready(shown)

    def follow(self, target: Any, screen: Any) -> None:
        """A key was given to `target` (the focus, or the screen) while `screen` was shown.
        A note sent after it through each node it may go up through, to the app, reads the
        node's messages in order: when the note reaches the app, every node has read the key
        and the app has run the screen's key for it. Then the next key goes."""
        self.keys += 1
        self.busy, self.since = self.keys, time.monotonic()
        if not target.call_later(self._next, target, self.busy, screen):
            self._settled(self.busy, screen)

    def _next(self, node: Any, number: int, screen: Any) -> None:
        if number != self.busy:
            return
        if node is self.app:
            self._settled(number, screen)
            return
        parent = node._parent or self.app
        if not parent.call_later(self._next, parent, number, screen):
            self._settled(number, screen)  # a node closing: nothing more will read the key

    def _settled(self, number: int, screen: Any) -> None:
        shown = self.app.screen
        if shown is not screen and not _ready(shown) and shown.call_after_refresh(self._settled, number, screen):
            return  # a screen opened: the next key waits until it has its focus
        self._done(number)

    def _done(self, number: int) -> None:
        if number != self.busy:
            return
        self.busy = 0
        if self.waiting:
            self.app.call_later(self._hand_next)  # a message: it wakes an idle app, and keys after it wait
        else:
            self._stop_watch()

    async def _hand_next(self) -> None:
        if self.busy or not self.waiting:
            return
        await self.hand(self.waiting.popleft())
        if self.waiting and self.last is not None:
            self.follow(*self.last)  # the next of the keys typed ahead waits for this one
        else:
            self._stop_watch()

    def _stop_watch(self) -> None:
        if self.watch is not None:
            self.watch.stop()
            self.watch = None

    def _stuck(self) -> None:
        if self.busy and time.monotonic() - self.since > PATIENCE:
            self._done(self.busy)


def _ready(screen: Any) -> bool:
    """A screen that opened takes keys: it is mounted and has its focus, if it has anything
    to focus."""
    return screen.is_mounted and (screen.focused is not None or not screen.focus_chain)
