"""A DecknForge game's legacy result survives a SIGKILL at any instant of the game's end: a
child finishing games (one keyboard, and a shared table of two players' folders) is killed
at each file change of the end in turn and at a few random instants; after one start every
deck holds its seat's result exactly once if the game ended, and is untouched if it did not
(tests/legacy_kills.py does the killing; `python -m tests.legacy_kills --kills 500` runs it
long)."""

from __future__ import annotations

import os

import pytest

from tests import legacy_kills

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def test_every_deck_holds_the_result_once_whenever_the_finishing_process_is_killed(tmp_path):
    tally, figures = legacy_kills.run(6, seed=int(os.environ.get("KILL_SEED", "2026")), workdir=tmp_path)
    print("\n" + "\n".join(figures + [f"{n} {what}" for what, n in sorted(tally.items())]))
    for scenario in legacy_kills.SCENARIOS:
        stepwise = [what for what in tally if what.startswith(f"{scenario}: stepwise, killed")]
        # the end's every write was a kill point: before the last move landed, and after it
        assert any(what.endswith("game not ended") for what in stepwise), stepwise
        assert sum(what.endswith("game ended") for what in stepwise) >= 4, stepwise
        at_the_end = [w for w in tally if w.startswith(f"{scenario}: killed") and ("end" in w or "last move" in w)]
        assert at_the_end, tally  # and random kills fell there too
