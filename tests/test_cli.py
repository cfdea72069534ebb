"""The command line: clear one-line errors with status 2, listings, and what starts the app."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tui import __version__
from tui.app import TabletopApp
from tui.cli import main
from tui.games import playable

GAME = GAMES["disruption"]


@pytest.fixture
def data(tmp_path):
    return tmp_path / "cli-data"


@pytest.fixture
def launched(monkeypatch):
    """Stand in for App.run: record what the app would have opened."""
    calls = []

    def fake_run(app):
        calls.append(app)

    monkeypatch.setattr(TabletopApp, "run", fake_run)
    return calls


def run_main(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args, message",
    [
        (["new", "chess"], "unknown game 'chess' (choose from disciple, druid-path, disruption, decknforge)"),
        (["new", "disruption", "--jokers"], "unrecognized arguments: --jokers"),
        (["new", "disruption", "--seed", "abc"], "invalid int value: 'abc'"),
        (["continue", "nothing-here"], "no save named 'nothing-here'"),
        (["continue"], "there is no saved game to continue"),
        (["--theme", "neon"], "unknown theme 'neon'"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["saves", "extra"], "unrecognised arguments: extra"),
    ],
)
def test_mistakes_print_one_line_and_exit_2(capsys, data, args, message, launched):
    code, out, err = run_main(capsys, "--data-dir", str(data), *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("tabletop-tui: ")
    assert message in err
    assert "Traceback" not in err and out == ""
    assert launched == []


def test_unbuilt_games_are_named_as_not_playable(capsys, data):
    missing = [g for g in ("disciple", "druid-path", "decknforge") if not playable(g)]
    for game_id in missing:
        code, _, err = run_main(capsys, "--data-dir", str(data), "new", game_id)
        assert code == 2 and "not playable yet" in err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tabletop-tui {__version__}"
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--data-dir" in out and "continue" in out and "saves" in out


def test_new_alone_asks_for_a_game_and_its_help_names_them(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["new", "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0 and "GAME" in out and "druid-path" in out
    code, out, err = run_main(capsys, "new")
    assert code == 2 and err == "tabletop-tui: the following arguments are required: GAME\n"


def test_game_options_help(capsys):
    with pytest.raises(SystemExit):
        main(["new", "disruption", "--help"])
    out = capsys.readouterr().out
    assert "--accursed-joker" in out and "--no-dice" in out and "--seed" in out


def test_saves_lists_good_and_damaged_files(capsys, data):
    paths = DataPaths.resolve(data)
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, GAME, 4)
    store.rename(session.save_id, "Lunch break")
    GameSession.start(store, GAME, 5)  # keeps the label it was given
    paths.save_file("broken").write_bytes(b"")
    code, out, err = run_main(capsys, "--data-dir", str(data), "saves")
    assert code == 0 and err == ""
    assert "Lunch break  [Disruption]  Wins 0/10" in out
    label = next(line for line in out.splitlines() if "Lunch break" not in line and "DAMAGED" not in line)
    assert label.count("Disruption") == 1  # a label as given already names the game and its time
    assert "broken  DAMAGED: the file is empty" in out


def test_environment_variable_picks_the_data_dir(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "via-env"))
    code, out, _ = run_main(capsys, "saves")
    assert code == 0 and str(tmp_path / "via-env") in out


def test_new_starts_the_game_with_seed_and_options(capsys, data, launched):
    code, _, _ = run_main(capsys, "--data-dir", str(data), "new", "disruption", "--seed", "42", "--no-dice")
    assert code == 0 and len(launched) == 1
    started = []
    app = launched[0]
    app.start_game = lambda game_id, seed, **options: started.append((game_id, seed, options))
    app.on_start(app)
    assert started == [("disruption", 42, {"accursed_joker": False, "no_dice": True})]


def test_continue_opens_the_latest_or_the_named_save(capsys, data, launched):
    store = SaveStore(DataPaths.resolve(data), GAMES)
    first = GameSession.start(store, GAME, 1)
    store.rename(first.save_id, "first")
    opened = []
    for args, expected in ((["continue"], first.save_id), (["continue", "first"], first.save_id), (["continue", "1"], first.save_id)):
        launched.clear()
        assert run_main(capsys, "--data-dir", str(data), *args)[0] == 0
        app = launched[0]
        app.resume = lambda save_id: opened.append(save_id)
        app.on_start(app)
        assert opened[-1] == expected


def test_continue_refuses_a_damaged_save(capsys, data, launched):
    paths = DataPaths.resolve(data)
    paths.ensure()
    paths.save_file("hurt").write_bytes(b"\x00\x01garbage")
    code, _, err = run_main(capsys, "--data-dir", str(data), "continue", "hurt")
    assert code == 2 and "cannot be opened: the file is not" in err and launched == []


def test_the_installed_entry_point_reports_errors_without_traceback(data):
    result = subprocess.run(
        [sys.executable, "-m", "tui", "--data-dir", str(data), "new", "chess"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parents[1],
    )
    assert result.returncode == 2
    assert result.stderr.strip().startswith("tabletop-tui: unknown game 'chess'")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [["saves"], ["tables"], ["history"], ["--help"], ["--version"], ["saves", "--help"], ["new", "--help"],
     ["new", "disciple", "--help"]],  # fmt: skip
)
def test_a_reader_that_stops_reading_ends_the_command_quietly(data, args):
    """`tabletop-tui saves | head -1`: the pipe is closed before the command writes. Help and
    the version end the same way: argparse used to drop the failed write and exit 0."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "tui", "--data-dir", str(data), *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=Path(__file__).parents[1],
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""  # not "cannot use the data folder: Broken pipe", no traceback
    assert result.returncode == 141


# A child prints every module it loaded once the command is done (at exit, so even `--help`,
# which ends in SystemExit, is seen whole).
REPORT_MODULES = """
import atexit, runpy, sys
atexit.register(lambda: print("MODULES", *sorted(sys.modules)))
sys.argv = ["tabletop-tui", *sys.argv[1:]]
runpy.run_module("tui", run_name="__main__")
"""


@pytest.mark.parametrize("args", [["--help"], ["continue", "--help"], ["saves"], ["tables"], ["history"]])
def test_the_plain_commands_load_neither_textual_nor_a_games_rules(data, args):
    result = subprocess.run(
        [sys.executable, "-c", REPORT_MODULES, "--data-dir", str(data), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parents[1],
    )
    assert result.returncode == 0, result.stderr
    loaded = result.stdout.split("MODULES", 1)[1].split()
    assert "tui" in loaded  # the command did run
    assert not [m for m in loaded if m.split(".")[0] == "textual"]
    assert not [m for m in loaded if m.startswith("engine.") and m.endswith(".rules")]  # no game built


def test_the_theme_names_the_command_line_knows_are_the_apps_themes():
    from themes import DEFAULT_THEME, THEME_NAMES
    from themes.palettes import THEMES

    assert THEME_NAMES == tuple(THEMES) and DEFAULT_THEME in THEMES


def test_every_kind_of_damage_is_listed_by_the_cli_and_refused_by_continue(capsys, data, launched):
    from tests.test_saves import damage_cases, valid_save_bytes

    store = SaveStore(DataPaths.resolve(data), GAMES)
    store.paths.ensure()
    cases = damage_cases(valid_save_bytes(store))
    for name, (content, _) in cases.items():
        store.paths.save_file(name).write_bytes(content)
    code, out, err = run_main(capsys, "--data-dir", str(data), "saves")
    assert code == 0 and err == ""
    for name, (content, reason) in cases.items():
        line = next(line for line in out.splitlines() if f" {name}  DAMAGED:" in line)
        assert reason in line
        code, _, err = run_main(capsys, "--data-dir", str(data), "continue", name)
        assert code == 2 and "cannot be opened" in err and "Traceback" not in err
        assert store.paths.save_file(name).read_bytes() == content
    assert launched == []


EVIL = "Ev\x1b[2J\x1b]0;evil\x07il\nsecond line\u202e"  # clears the screen, retitles, breaks the line


def test_listings_print_a_label_as_one_line_without_control_codes(capsys, data):
    """A label holding escape codes used to clear the screen and retitle the terminal, and its
    line break split the listing: every command-line listing prints through one safe path."""
    from saves.tables import TableStore

    paths = DataPaths.resolve(data)
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, GAME, 4)
    store.rename(session.save_id, EVIL)
    code = TableStore(paths, GAMES).create(
        GAMES["decknforge"], 3, {}, [Seat(name=EVIL, player="someone"), Seat(name="")]
    )
    for command in ("saves", "tables"):
        status, out, err = run_main(capsys, "--data-dir", str(data), command)
        assert status == 0 and err == ""
        for bad in ("\x1b", "\x07", "\u202e"):
            assert bad not in out
        line = next(line for line in out.splitlines() if "Ev" in line)
        assert "Ev[2J]0;evilil second line" in line, command  # the label whole, on its line
    assert code in out


def test_a_history_label_and_an_error_naming_it_stay_on_one_line(capsys, data):
    from engine.core.rng import Rng

    store = SaveStore(DataPaths.resolve(data), GAMES)
    session = GameSession.start(store, GAME, 7, label=EVIL)
    chooser = Rng.from_seed(7)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    status, out, _ = run_main(capsys, "--data-dir", str(data), "history")
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert len(out.splitlines()) == 1 and "Ev[2J]0;evilil second line" in out
    status, out, err = run_main(capsys, "--data-dir", str(data), "continue", EVIL)
    assert status == 2 and out == ""
    assert err == "tabletop-tui: no save named 'Ev[2J]0;evilil second line'\n"  # one line, no codes


# ----- input that used to stop the program (issue: the last bad inputs) ----------------------


def child(data: Path, *args: str, env: dict[str, str] | None = None, **options) -> subprocess.CompletedProcess:
    """The real command in a process of its own, its output in bytes."""
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING",)} | (env or {})
    return subprocess.run(
        [sys.executable, "-m", "tui", "--data-dir", str(data), *args],
        capture_output=True, timeout=60, cwd=Path(__file__).parents[1], env=environment, **options,
    )  # fmt: skip


def a_save(data: Path, label: str = "") -> str:
    store = SaveStore(DataPaths.resolve(data), GAMES)
    session = GameSession.start(store, GAME, 1, label=label)
    session.hold.release()
    return session.save_id


def test_a_save_file_name_that_is_not_utf8_stops_nothing(capsys, data, launched):
    save_id = a_save(data, "Evening game")
    saves = DataPaths.resolve(data).saves
    odd = os.fsdecode(b"my-\xe9t\xe9.json")
    (saves / odd).write_bytes((saves / f"{save_id}.json").read_bytes())
    for listing in range(2):  # the second from the listing's memory
        shown = child(data, "saves", env={"PYTHONIOENCODING": "utf-8"})  # strict, as a UTF-8 terminal's
        assert shown.returncode == 0, shown.stderr
        out = shown.stdout.decode("utf-8")
        assert "my-\\xe9t\\xe9  DAMAGED: its file name is not valid UTF-8" in out
        assert "Evening game" in out
    assert main(["--data-dir", str(data), "continue", save_id]) == 0
    assert main(["--data-dir", str(data), "new", "disruption"]) == 0
    code = main(["--data-dir", str(data), "continue", odd.removesuffix(".json")])
    assert code == 2 and "file name is not valid UTF-8" in capsys.readouterr().err
    assert (saves / odd).read_bytes() == (saves / f"{save_id}.json").read_bytes()  # left as it was
    assert len(launched) == 2


@pytest.mark.parametrize("command", ["continue", "replay"])
def test_a_list_number_thousands_of_digits_long_is_no_save(capsys, data, command, launched):
    a_save(data)
    code, _, err = run_main(capsys, "--data-dir", str(data), command, "9" * 5000)
    assert code == 2 and err.startswith("tabletop-tui: ") and "Traceback" not in err
    code, _, err = run_main(capsys, "--data-dir", str(data), command, "²")  # a digit int() refuses
    assert code == 2 and "Traceback" not in err
    assert launched == []


@pytest.mark.parametrize(
    "args", [["new", "disruption"], [], ["continue"], ["daily", "disruption"], ["join", "KXPT"], ["watch", "KXPT"]]
)
@pytest.mark.parametrize("stdin", ["devnull", "pipe"])
def test_without_a_terminal_the_games_say_so_and_write_nothing(data, args, stdin):
    """`</dev/null`, `echo | tabletop-tui`, plain `nohup`: one line, status 2, no file."""
    given = {"stdin": subprocess.DEVNULL} if stdin == "devnull" else {"input": b"\n"}
    result = child(data, *args, **given)
    assert result.returncode == 2
    err = result.stderr.decode()
    assert err.count("\n") == 1 and "standard input is not a terminal" in err, err
    assert b"\x1b" not in result.stdout + result.stderr
    assert not data.exists()  # no save, no crash file, no settings


@pytest.mark.parametrize("args", [["saves"], ["tables"], ["history"], ["stats"], ["--help"], ["new", "disciple", "--help"]])
def test_the_plain_commands_need_no_terminal(data, args):
    result = child(data, *args, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""


def test_an_ascii_output_gets_ascii_forms_of_labels_and_ids(data):
    save_id = a_save(data, "Café ♠ 字 — soir")
    saves = DataPaths.resolve(data).saves
    (saves / "partie-été.json").write_bytes((saves / f"{save_id}.json").read_bytes())
    result = child(data, "saves", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode("ascii")
    assert "Cafe S ?? - soir" in out and "id=partie-ete" in out


@pytest.mark.parametrize(
    "environment, ascii_only",
    [({"LANG": "C"}, True), ({"LC_ALL": "C"}, True), ({"LANG": "POSIX"}, True), ({}, True),
     ({"LANG": "en_US.ISO-8859-1"}, True), ({"LANG": "C.UTF-8"}, False), ({"LANG": "C", "LC_ALL": "C.UTF-8"}, False),
     ({"LC_ALL": "en_US.UTF-8"}, False)],  # fmt: skip
)
def test_the_locale_decides_whether_the_glyphs_are_drawn(environment, ascii_only):
    """Python turns on its UTF-8 mode under a C locale, so its own encoding says UTF-8: the
    locale the user set says what the terminal shows."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONUTF8", "PYTHONIOENCODING"))}
    result = subprocess.run(
        [sys.executable, "-c", "from tui.glyphs import output_needs_ascii; print(output_needs_ascii())"],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[1], env=clean | environment,
    )  # fmt: skip
    assert result.stdout.strip() == str(ascii_only), (environment, result.stderr)


def test_links_that_lead_nowhere_are_told_as_such(capsys, data):
    a_save(data)
    saves = DataPaths.resolve(data).saves
    (saves / "gone.json").symlink_to(saves / "nothing-here.json")
    (saves / "loop.json").symlink_to(saves / "loop.json")
    code, out, _ = run_main(capsys, "--data-dir", str(data), "saves")
    assert code == 0
    lines = {line.split()[1]: line for line in out.splitlines() if "DAMAGED" in line}
    assert "it is a link to a file that is not there" in lines["gone"]
    assert "it is a link in a loop of links" in lines["loop"]
    assert "1970" not in out and "No such file" not in out and "Too many levels" not in out


def test_a_save_with_a_byte_order_mark_is_read(capsys, data, launched):
    save_id = a_save(data)
    path = DataPaths.resolve(data).save_file(save_id)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as an editor may store it
    code, out, _ = run_main(capsys, "--data-dir", str(data), "saves")
    assert code == 0 and "DAMAGED" not in out
    assert main(["--data-dir", str(data), "continue", save_id]) == 0 and len(launched) == 1


def test_a_damaged_save_with_a_good_backup_says_so_and_can_be_put_back(capsys, data):
    store = SaveStore(DataPaths.resolve(data), GAMES)
    session = GameSession.start(store, GAME, 1, label="Evening game")
    session.play(session.legal_actions()[0])
    session.hold.release()
    path = store.paths.save_file(session.save_id)
    damaged = path.read_bytes()[:200]
    path.write_bytes(damaged)
    code, out, _ = run_main(capsys, "--data-dir", str(data), "saves")
    assert code == 0
    assert "DAMAGED: the file is not complete JSON" in out
    assert "its backup can be put back (b on the Saved games screen): Evening game," in out
    store.restore(session.save_id)
    assert not store.list()[0].damaged and store.list()[0].label == "Evening game"
    (kept,) = path.parent.glob(f".{path.name}.damaged*")
    assert kept.read_bytes() == damaged  # the damaged bytes are kept aside
    with pytest.raises(Exception, match="can be opened as it is"):
        store.restore(session.save_id)  # a usable save is never replaced by its backup


def test_a_terminal_with_a_c_locale_gets_the_listing_in_ascii(data):
    """Python writes UTF-8 under LC_ALL=C (its UTF-8 mode); the terminal would show garbage."""
    from tests.tui.pty_app import PtyApp

    a_save(data, "Café ♠ — soir")
    shown = PtyApp(data, "saves", env={"LC_ALL": "C"})
    try:
        assert shown.read_until(b"soir")
        shown.drain()
    finally:
        shown.close()
    assert b"Cafe S - soir" in shown.output and shown.output.isascii()


def test_a_bool_option_is_asked_for_on_or_off_by_name():
    """Every on/off option has --NAME and --no-NAME; one whose name starts with "no" is on
    by its own name (Disruption's --no-dice), off by --no-no-dice."""
    from tui.usage import parse_new_game

    assert parse_new_game("disruption", ["--no-dice"])[2]["no_dice"] is True
    assert parse_new_game("disruption", ["--no-no-dice"])[2]["no_dice"] is False
    assert parse_new_game("disciple", ["--no-second-style"])[2]["second_style"] is False
