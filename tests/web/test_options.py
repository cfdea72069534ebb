"""`tabletop-tui web` refuses bad options in one line, before it listens or writes anything, and
says how to get the 'web' extra when it is missing."""

from __future__ import annotations

import sys

import pytest

from tui.cli import main


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "70000"], "--port must be from 0 to 65535"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--max-per-player", "0"], "--max-per-player must be at least 1"),
        (["--idle-timeout", "-1"], "--idle-timeout must be 0"),
        (["--listen", " "], "--listen needs an address"),
        (["--port", "0", "--tokens", "NONE"], "NONE: there is no such file"),
        (["--port", "0", "--tokens", "EMPTY"], "it holds no token"),
    ],
)
def test_bad_options_are_one_line(tmp_path, capsys, options, said):
    pytest.importorskip("textual_serve", reason="the 'web' extra (textual-serve) is not installed")
    (tmp_path / "EMPTY").write_text("# nobody yet\nshort\n")
    options = [str(tmp_path / o) if o in ("NONE", "EMPTY") else o for o in options]
    assert main(["--data-dir", str(tmp_path / "host"), "web", *options]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "host" / "web-token").exists()


def test_without_the_extra_it_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    for module in ("textual_serve", "aiohttp"):
        monkeypatch.setitem(sys.modules, module, None)  # as if they were not installed
    monkeypatch.delitem(sys.modules, "tui.web.server", raising=False)
    assert main(["--data-dir", str(tmp_path / "host"), "web"]) == 2
    err = capsys.readouterr().err
    assert "web needs textual-serve, which the 'web' extra brings" in err and ".[web]" in err
    assert len(err.strip().splitlines()) == 1
