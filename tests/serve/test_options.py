"""`tabletop-tui serve` refuses bad options in one line, before it listens or writes anything."""

from __future__ import annotations

import os
import resource

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


@pytest.fixture
def files(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "big").write_bytes(b"#" * ((1 << 20) + 1))
    (tmp_path / "nokey").write_text("this is not a key\n")
    (tmp_path / "empty").write_text("")
    (tmp_path / "plain").write_text("")
    os.mkfifo(tmp_path / "pipe")
    return tmp_path


@pytest.mark.parametrize("option", ["--authorized-keys", "--moderators", "--host-key"])
@pytest.mark.parametrize(
    ("file", "reason"),
    [
        ("/dev/zero", "it is not a regular file (a device, a pipe or a socket)"),
        ("pipe", "it is not a regular file (a device, a pipe or a socket)"),
        ("nothing-here", "there is no such file"),
        ("folder", "it is a folder, not a file"),
        ("plain/key", "a folder on its path is a file"),
        ("big", "it is larger than"),
    ],
)
def test_a_file_given_to_an_option_is_read_with_a_cap_and_refused_with_its_reason(files, capsys, option, file, reason):
    path = file if file.startswith("/") else str(files / file)
    if option == "--host-key" and file == "nothing-here":  # a host key is made where none is yet
        pytest.skip("made on the first run")
    if option == "--host-key" and file == "plain/key":  # to be made, then, but not in a file
        reason = f"there is no folder {files / 'plain'}"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert main(["--data-dir", str(files / "host"), "serve", "--port", "0", option, path]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"tabletop-tui: serve: {option} {path}: {reason}" or (reason == "it is larger than" and reason in err)
    assert len(err.splitlines()) == 1
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 64 << 10  # KiB: nothing read without end
    assert not (files / "host" / "ssh_host_ed25519_key").exists()


@pytest.mark.parametrize("option", ["--authorized-keys", "--moderators"])
@pytest.mark.parametrize("file", ["nokey", "empty"])
def test_a_list_of_keys_without_a_key_is_refused(files, capsys, option, file):
    assert main(["--data-dir", str(files / "host"), "serve", "--port", "0", option, str(files / file)]) == 2
    assert capsys.readouterr().err.strip().endswith(": it holds no key in OpenSSH's authorized_keys format")


@pytest.mark.parametrize("option", ["--host-key", "--log"])
def test_no_folder_is_made_for_a_file_given_to_an_option(tmp_path, capsys, option):
    path = tmp_path / "missing" / "deeper" / "file"
    assert main(["--data-dir", str(tmp_path / "host"), "serve", "--port", "0", option, str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"tabletop-tui: serve: {option} {path}: there is no folder {path.parent}"
    assert not (tmp_path / "missing").exists()


def test_without_the_serve_extra_it_says_how_to_install_it_from_the_clone(tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    for module in [m for m in sys.modules if m.startswith("tui.serve.")]:
        monkeypatch.delitem(sys.modules, module)
    assert main(["--data-dir", str(tmp_path / "host"), "serve", "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert "in the clone of tabletop-tui run .venv/bin/pip install '.[serve]'" in err
    assert "tabletop-tui[serve]" not in err and len(err.splitlines()) == 1
