"""`tabletop-tui web` in a real browser: Debian's chromium, headless, driven by Playwright.

One browser and one server for the module (each page load still starts its own app, and each
Playwright context is a browser of its own: its own cookie, so its own player). What a page
shows is read from the page's terminal as text (tests/web/harness.py), screenshots included.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import msgspec
import pytest

from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.settings import Settings, save_settings
from saves.tables import TableStore
from tests.serve.vt import Screen
from tests.tui.pty_app import PtyApp
from tests.web.harness import (
    CHROMIUM_FLAGS, PATIENCE, WebServer, browser_name, need_browser, screen, shows, until_gone,
)  # fmt: skip
from tui.decknforge.storage import deck_store
from tui.double_tap import DOUBLE_TAP
from tui.tables.identity import account_identity

pytest.importorskip("textual_serve", reason="the 'web' extra (textual-serve) is not installed")

SIZE = {"width": 760, "height": 560}  # about 84x24 cells of the page's terminal
DECKNFORGE = GAMES["decknforge"]
MODIFIERS = ("Control", "Shift", "Alt", "Meta")


@pytest.fixture(scope="module")
def chromium():
    path = need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    web = WebServer(tmp_path_factory.mktemp("web") / "data")
    yield web
    assert web.stop() == 0


def player_folder(server: WebServer, context) -> tuple[str, Path]:
    """The identity the server gave this browser (its cookie) and that player's folder."""
    cookie = next(c for c in context.cookies() if c["name"] == "tabletop_player")
    browser = cookie["value"].split(".")[0]
    return f"web:{browser}", server.data / "players" / f"web-{browser}"


def app_folder(pid: int) -> Path:
    """The folder the app runs in: its player's own (a forked app's environment is not in
    /proc/PID/environ, which keeps the one its process started with)."""
    return Path(f"/proc/{pid}/cwd").resolve()


def test_the_page_needs_its_token_and_each_page_is_its_own_app(chromium, server):
    context = chromium.new_context(viewport=SIZE)
    page = context.new_page()
    response = page.goto(server.base + "/")
    assert response.status == 403 and "needs its secret" in page.inner_text("body")
    assert not server.pids()
    page.goto(server.url)
    assert page.url == server.base + "/"  # the token left the address bar (and the history)
    shows(page, "Your name")
    [first] = server.pids()
    me, folder = player_folder(server, context)
    assert app_folder(first) == folder.resolve() and folder.is_dir()
    # A reload is a new page: a new app, the same player, no token needed again; the old app ends.
    started = len(server.lines)
    page.reload()
    shows(page, "Your name")
    until_gone(first)
    [second] = server.pids(started)
    assert app_folder(second) == folder.resolve()
    # Another browser with the same token is another player.
    other = chromium.new_context(viewport=SIZE)
    other.new_page().goto(server.url)
    assert player_folder(server, other)[0] != me
    other.close()
    context.close()  # the page closes: its app ends, nothing is left running
    until_gone(second)
    for pid in server.pids():
        until_gone(pid)
    assert server.wait_for(rf" end .*player={me}", after=started)


def test_keys_a_browser_would_take_reach_the_game(chromium, server):
    """Keys the browser has uses for (print, save, find, reload, focus moves, history) are kept
    from it and go to the app: each keydown the page's terminal turns into input is cancelled."""
    context = chromium.new_context(viewport=SIZE)
    page = context.new_page()
    page.goto(server.url)
    browser_name(server, page, "Kay")
    page.evaluate("""() => {
        window.keysSeen = [];
        window.addEventListener("keydown", (event) => {  // first of all, then once all have had it
            setTimeout(() => window.keysSeen.push([event.key, event.defaultPrevented]), 0);
        }, true);
    }""")
    keys = ["Control+s", "Control+f", "Control+r", "Control+l", "Control+o", "Control+d", "Control+h", "Control+u",
            "Control+g", "Control+j", "F1", "F3", "F5", "F6", "F7", "F10", "Alt+ArrowLeft", "Alt+ArrowRight",
            "Alt+f", "Alt+e", "Backspace", "Tab", "Shift+Tab", "Escape", "Home", "End", "PageUp", "PageDown"]  # fmt: skip
    for key in keys:
        page.keyboard.press(key)
    page.wait_for_function(f"window.keysSeen.length >= {len(keys) + sum('+' in key for key in keys)}")
    seen = [(key, prevented) for key, prevented in page.evaluate("window.keysSeen") if key not in MODIFIERS]
    assert [key for key, prevented in seen if not prevented] == [], seen
    # Ctrl+P, which would print the page, opens the command palette; Esc puts it away.
    page.keyboard.press("Control+p")
    shows(page, "Rules: Disruption")
    page.keyboard.press("Escape")
    deadline = time.monotonic() + PATIENCE
    while "Rules: Disruption" in screen(page):
        assert time.monotonic() < deadline, "Esc never put the palette away"
        time.sleep(0.05)
    # Ctrl+W would close the tab at once (a browser keeps it for itself): once a key has been
    # played, leaving the page asks first.
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    page.close(run_before_unload=True)
    page.wait_for_event("close", timeout=PATIENCE * 1000)
    assert asked == ["beforeunload"]
    context.close()


def test_a_disruption_game_to_its_end_by_keyboard_with_screenshots(chromium, server, tmp_path):
    context = chromium.new_context(viewport=SIZE)
    page = context.new_page()
    page.goto(server.url)
    browser_name(server, page, "Dee")
    page.screenshot(path=tmp_path / "home.png")
    home = screen(page)
    assert "tabletop-tui" in home and "3 New Disruption" in home and "q Quit" in home
    assert (tmp_path / "home.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.keyboard.press("3")
    shows(page, "New game of Disruption")
    page.keyboard.press("#")
    page.keyboard.type("31337")
    page.keyboard.press("Enter")
    shows(page, "Seed: 31337")
    page.keyboard.press("s")
    table = shows(page, "Wins", "Your allies", "Choices")
    page.screenshot(path=tmp_path / "table.png")
    assert "Defeats" in table and "Roll 2d6" in table and "r Dice only" in table
    # Enter plays the highlighted choice (the likeliest to win), to the end of the game.
    give_up = time.monotonic() + 3 * PATIENCE  # a loaded machine may let presses go by: keep on
    while time.monotonic() < give_up:
        before = screen(page)
        if "Turning points" in before:
            break
        page.keyboard.press("Enter")
        deadline = time.monotonic() + 3
        while screen(page) == before and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(DOUBLE_TAP)  # the next Enter is a new press, not this one repeated
    end = shows(page, "Turning points")
    _, folder = player_folder(server, context)
    [finished] = list((folder / "history").glob("disruption-*.json"))
    record = json.loads(finished.read_text())
    assert record["seed"] == 31337 and record["entry"]["moves"] > 0
    assert record["entry"]["summary"] in end  # the end the page shows is the game's, as kept
    assert ("─ Victory ─" in end) != ("─ Defeat ─" in end), end
    context.close()


def press_until(page, key: str, target: str, still: str) -> str:
    """`key`, pressed again while the screen still shows `still` (where the key was pressed)
    and not `target` a few seconds on: a list redrawn at that moment (the shared tables list
    follows the tables) may let a key go by."""
    for _ in range(3):
        page.keyboard.press(key)
        try:
            return shows(page, target, patience=5)
        except AssertionError:
            if still not in screen(page):
                raise
    return shows(page, target)


def make_table(data: Path) -> str:
    """A DecknForge table at the web server's data folder, opened by this machine's account
    (a player at a terminal of the host) with a deck at seat 1; seat 2 open."""
    paths = DataPaths(data)
    paths.ensure()
    save_settings(paths, Settings(display_name="Ann", legend=False))
    deck = deck_store(paths).create(fresh_deck("AN"))
    seats = [Seat(name="Ann", player=account_identity(), brings=msgspec.to_builtins(deck)), Seat(name="Seat 2")]
    return TableStore(paths, GAMES).create(DECKNFORGE, 4, DECKNFORGE.check_options({"players": 2}), seats)


class Terminal:
    """The host's own terminal: the app on a pseudo-terminal, its screen read as a terminal would."""

    def __init__(self, data: Path, *arguments: str) -> None:
        self.app = PtyApp(data, *arguments)
        self.vt = Screen(80, 24)

    def text(self) -> str:
        self.app.drain(0.05)
        self.vt.feed(self.app.output)
        self.app.output = b""
        return self.vt.text()

    def shows(self, *texts: str) -> str:
        deadline = time.monotonic() + PATIENCE
        while not all(text in (shown := self.text()) for text in texts):
            assert time.monotonic() < deadline, f"the terminal never showed {texts}:\n{shown}"
        return shown


def test_a_browser_and_a_terminal_at_one_decknforge_table(chromium, server):
    code = make_table(server.data)
    tables = TableStore(DataPaths(server.data), GAMES)
    ann = Terminal(server.data, "join", code)
    try:
        ann.shows(f"sits at table {code} already, as Ann")  # the account's seat, or another player's?
        ann.app.press(b"n")  # Ann's own
        shown = ann.shows("Waiting for players", code)
        assert "Seat 2: open" in shown
        context = chromium.new_context(viewport=SIZE)
        page = context.new_page()
        page.goto(server.url)
        browser_name(server, page, "Ben")
        page.keyboard.press("p")
        shows(page, code, "1 seat free")
        press_until(page, "Enter", "Your deck for this table", still="⏎ Join")
        page.keyboard.press("n")
        shows(page, "Initials for the new deck")
        page.keyboard.type("BE")
        page.keyboard.press("Enter")
        ben_sees = shows(page, "BE's hand")
        ann_sees = ann.shows("AN's hand", "Ben")
        assert "AN's hand" not in ben_sees and "BE's hand" not in ann_sees
        me, _ = player_folder(server, context)
        envelope = tables.read(code)
        assert [seat.player for seat in envelope.seats] == [account_identity(), me]
        # Moves, each by its mover's Enter, each seen at the other seat.
        for _ in range(4):
            envelope = tables.read(code)
            state = tables.decode_state(envelope)
            if DECKNFORGE.outcome(state) is not None:
                break
            count = len(envelope.actions)
            browser_moves = 1 in DECKNFORGE.to_move(state)
            watcher_before = ann.text() if browser_moves else screen(page)
            for _ in range(6):  # a choice may ask a second one first
                if browser_moves:
                    page.keyboard.press("Enter")
                else:
                    ann.app.press(b"\r")
                deadline = time.monotonic() + 3
                while len(tables.read(code).actions) == count and time.monotonic() < deadline:
                    time.sleep(0.05)
                if len(tables.read(code).actions) > count:
                    break
                time.sleep(DOUBLE_TAP)
            assert len(tables.read(code).actions) > count, "a move never reached the table"
            deadline = time.monotonic() + PATIENCE
            while (ann.text() if browser_moves else screen(page)) == watcher_before:
                assert time.monotonic() < deadline, "the other seat never saw the move"
                time.sleep(0.05)
        # The seat is the browser's, not the page's: a reload comes back to it, no deck asked.
        page.reload()
        shows(page, f"Continue: table {code}")
        page.keyboard.press("p")
        shows(page, code)
        back = press_until(page, "Enter", "BE's hand", still="⏎ Join")
        assert "Your deck for this table" not in back and "AN's hand" not in back
        context.close()
    finally:
        ann.app.close()
