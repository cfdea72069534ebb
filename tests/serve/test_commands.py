"""What a command sent with ssh may run: the safe subset, rebuilt from what was understood."""

from __future__ import annotations

import pytest

from tui.serve.commands import Refused, is_interactive, safe_arguments


@pytest.mark.parametrize(
    ("command", "arguments"),
    [
        (None, []),
        ("", []),
        ("new disruption", ["new", "disruption"]),
        ("new disruption --seed 3 --no-dice", ["new", "disruption", "--seed=3", "--no-dice"]),
        ("new disruption --see 3 --no-d", ["new", "disruption", "--seed=3", "--no-dice"]),  # abbreviations, spelt out
        ("new disruption --help", ["new", "disruption", "--help"]),
        ("new disciple --no-second-style", ["new", "disciple", "--no-second-style"]),  # an option off
        ("new disciple --mode campaign --start-vitality 40",
         ["new", "disciple", "--mode=campaign", "--start-vitality=40", "--players=2"]),
        ("continue", ["continue"]),
        ("continue 2", ["continue", "2"]),
        ("continue 'Sunday game'", ["continue", "Sunday game"]),
        ("tables", ["tables"]),
        ("join KXPT", ["join", "KXPT"]),
        ("join KXPT --deck ABC", ["join", "KXPT", "--deck", "ABC"]),
        ("watch kxpt", ["watch", "kxpt"]),
    ],
)
def test_the_safe_subset_passes(command, arguments):
    assert safe_arguments(command) == arguments


@pytest.mark.parametrize(
    "command",
    [
        "--data-dir /",
        "--theme /etc/passwd new disruption",
        "new disruption --data-dir /",
        "new disruption --data /tmp",
        "new disruption --seed 3 --theme tabletop-ansi",
        "new nope",
        "new",
        "saves",
        "serve --port 22",
        "continue ../other/saves/x",
        "continue /etc/passwd",
        "continue a b",
        "continue --data-dir=/",
        "tables --data-dir /",
        "join",
        "join ../x",
        "join KXPT --data /",
        "join KXPT --d=/",
        "join KXPT --theme x",
        "join KXPT --deck ../../x",
        "join KXPT -d /",
        "watch",
        "watch ../KXPT",
        "sh -c id",
        "new disruption; sh",
        "continue 'unclosed",
        "continue \x1b[2J",
        "join KXPT --deck \x9b2J",
    ],
)
def test_anything_else_is_refused_in_one_line(command):
    with pytest.raises(Refused) as refusal:
        safe_arguments(command)
    assert "\n" not in str(refusal.value) and str(refusal.value)


def test_what_wants_a_terminal():
    assert is_interactive([]) and is_interactive(["new", "disruption"]) and is_interactive(["join", "K"])
    assert is_interactive(["watch", "K"])
    assert not is_interactive(["new", "disruption", "--help"]) and not is_interactive(["tables"])
