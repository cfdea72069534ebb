"""`tabletop-tui serve` refuses bad options in one line, before it listens or writes anything."""

from __future__ import annotations

import pytest

from tui.cli import main


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "70000"], "--port must be from 0 to 65535"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--idle-timeout", "-1"], "--idle-timeout must be 0"),
        (["--port", "0", "--host-key", "KEY"], "the host key cannot be used"),
    ],
)
def test_bad_options_are_one_line(tmp_path, capsys, options, said):
    (tmp_path / "KEY").write_text("not a key\n")
    options = [str(tmp_path / o) if o == "KEY" else o for o in options]
    assert main(["--data-dir", str(tmp_path / "host"), "serve", *options]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "host" / "ssh_host_ed25519_key").exists()
