"""First-game help at the tables: a legend for every code a table shows (turned off with G or
in Settings, and kept), what the last move changed marked, and Disciple's cards showing the
damage they deal now."""

from __future__ import annotations

import re

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.model import PlayCard
from saves.settings import Settings, load_settings
from tests.conftest import screen_text
from tests.tui.launcher import SIZES, make_app, open_played, use_snapshot_dir
from tests.tui.test_disciple_table import rigged_fight
from tui.disciple import explain
from tui.game_screen import GameScreen
from tui.widgets import legend
from tui.widgets.fresh import CHANGED, NEW_LINE
from tui.widgets.log import GameLog

GAMES = {"disruption": {}, "druid-path": {}, "disciple": {}, "decknforge": {"players": 2}}

# What reads as a code rather than a word, told by its shape alone (no list of the codes the
# tables print): a game symbol next to a number, a letter fused with a digit, a digit with a
# sign, energy in brackets, a lone capital or a short run of capitals.
SYMBOLS = "♥»◆✓✦■□●○▮▯▲▼→×≤>=*!✗▸•"
CODE = re.compile(
    rf"[{SYMBOLS}]"
    r"|^[A-Za-z]{1,2}\d+$|^\+\d+[a-z]$|^\d+\+$|^\[[A-Z]\d?\]$|^\([brgn]\d?\)$|^[A-Z]{1,4}$"
)
WORDS = {"DEFEATED!", "HP", "XP", "MAJ", "WON", "LOST", "DEFEAT", "VICTORY", "WARD", "CLEARED", "FELL", "I", "A"}
BOX = "│╭╮╰╯─ "  # a card's frame
SUMS = {"=", "+", "-", "×"}  # a sum written out: 3 + 4 = 7
CARD = re.compile(r"^(?:10|[2-9AJQK])[♠♥♦♣]\*?$")  # a playing card: known to every player


def codes_left_out(screen: GameScreen) -> list[str]:
    """Each code of the status line and the table's rows (the boxes whose numbers are
    marked when they change) that no entry of the legend shown explains."""
    entries = screen.query_one("#legend", legend.Legend).entries
    names = {name for name in screen.session.seat_names()}
    missing = []
    rows = "\n".join(legend.plain_of(screen.paint.shown.get(box)) for box in screen.FRESH)
    for line in rows.splitlines():
        explained = [m.span() for e in entries for m in re.finditer(e.pattern, line)]
        for word in re.finditer(r"\S+", line):
            token = word.group().strip(BOX)
            token = token.strip(",.;:()") if not re.match(r"^[\[(]", token) else token.rstrip(",.;:")
            if token in WORDS or token in SUMS or token in names or CARD.match(token) or token in ("·", "—", "…", "-"):
                continue
            if token.startswith("▸") and token[1:] in names or token[:1] in "▸•✓" and token[1:] in names:
                token = token[0]  # a seat's mark before its name
            if not CODE.search(token):
                continue
            if re.search(r"[A-Z][a-z]+ $", line[: word.start()]) and re.fullmatch(r"[A-Z][a-z]*", token):
                continue  # a name cut short at 80 columns ("Scorchling P"): the layout's to fit
            start, end = word.span()
            if not any(s < end and start < e for s, e in explained):
                missing.append(f"{token!r} in {line.strip()!r}")
    return missing


async def play_along(app, pilot, game_id: str, moves: int, check) -> None:
    """A game of `game_id`, `moves` random legal moves into it, checked after each."""
    app.start_game(game_id, 3, **GAMES[game_id])
    await pilot.pause()
    screen = app.screen
    while not isinstance(screen, GameScreen):  # a cover between seats
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
    session = screen.session
    chooser = Rng.from_seed(7)
    check(screen)
    for _ in range(moves):
        if session.outcome() is not None:
            break
        session.play(chooser.choice(session.legal_actions()))
        screen.seat = screen._first_local_seat(session.state)
        screen.redraw()
        await pilot.pause()
        check(screen)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_legend_explains_every_code_the_table_shows(paths, game_id, size):
    app = make_app(paths, legend=True)
    problems: list[str] = []

    def check(screen: GameScreen) -> None:
        assert screen.has_class(legend.SHOWN)  # on for a first game
        problems.extend(codes_left_out(screen))

    async with app.run_test(size=size) as pilot:
        await play_along(app, pilot, game_id, 40, check)
    assert problems == [], "\n".join(sorted(set(problems))[:20])


def test_a_table_that_prints_a_new_code_fails_the_check():
    """The check above is no tautology: a code the legend has no entry for is found."""
    line = "Belthar ♥34/34 ◆2 ⚑3 Qx9"
    entries = [legend.Entry("♥ ◆", "HP, armor", r"[♥◆]\d")]
    explained = [m.span() for e in entries for m in re.finditer(e.pattern, line)]
    found = [w.group() for w in re.finditer(r"\S+", line) if CODE.search(w.group())
             and not any(s < w.end() and w.start() < e for s, e in explained)]  # fmt: skip
    assert found == ["Qx9"]  # ⚑ is no symbol the shape knows: a letter-digit code is


async def test_g_turns_the_legend_off_and_the_settings_file_keeps_it(paths):
    app = make_app(paths, legend=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("druid-path", 1)
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#legend-panel").display and not screen.query_one("#log-panel").display
        assert "Legend" in screen_text(app)
        await pilot.press(legend.KEY)
        await pilot.pause()
        assert not screen.query_one("#legend-panel").display and screen.query_one("#log-panel").display
        assert "Legend" not in screen_text(app)
    assert load_settings(paths)[0].legend is False
    again = make_app(paths)
    async with again.run_test(size=(80, 24)) as pilot:
        again.start_game("disciple", 1)
        await pilot.pause()
        assert not again.screen.has_class(legend.SHOWN)  # every table, in the next run too
        await pilot.press(legend.KEY)
        await pilot.pause()
        assert again.screen.has_class(legend.SHOWN)
    assert load_settings(paths)[0].legend is True


async def test_the_settings_screen_turns_the_legend_off(paths):
    app = make_app(paths, legend=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        box = app.screen.query_one("#legend")
        box.focus()
        await pilot.press("space")
        await pilot.pause()
    assert load_settings(paths)[0].legend is False


def test_an_older_settings_file_has_the_legend_on(paths):
    old = msgspec.json.encode({"format": "tabletop-tui-settings", "version": 1, "theme": "tabletop-light"})
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_bytes(old)
    settings, problem = load_settings(paths)
    assert problem == "" and settings.legend is True and settings.theme == "tabletop-light"
    assert Settings().legend is True


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_the_log_lines_of_the_last_move_are_marked(paths, game_id):
    app = make_app(paths)  # the legend off: the log in sight at 80x24
    seen = []

    def check(screen: GameScreen) -> None:
        log = screen.query_one("#log", GameLog)
        lines = screen.game.log_lines(screen.state)
        before = seen[-1] if seen else None
        seen.append(lines)
        if before is None:
            return
        added = len(lines) - len([line for line in before if line in lines])
        assert log.newest == min(max(added, 0), len(lines)) and log.newest_style == NEW_LINE

    async with app.run_test(size=(80, 24)) as pilot:
        await play_along(app, pilot, game_id, 12, check)
    assert any(b != a for a, b in zip(seen, seen[1:]))


async def test_a_number_the_last_move_changed_is_marked(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["jab", "hook", "tie_up"])
        foe = session.state.enemies[0]
        before = f"{foe.vitality}/"
        await pilot.press(screen.slots.digit(0))  # Jab hits
        await pilot.pause()
        foe_text = screen.paint.shown["foe"]
        after = f"{session.state.enemies[0].vitality}/"
        assert after != before
        start = foe_text.plain.index(after)
        marked = [s for s in foe_text.spans if s.style == CHANGED]
        assert any(s.start <= start < s.end for s in marked)
        assert all(foe_text.plain[s.start : s.end][0].isdigit() for s in marked)  # only what changed
        you_text = screen.paint.shown["you"]
        assert not any(s.style == CHANGED and "25/25" in you_text.plain[s.start : s.end] for s in you_text.spans)


async def test_a_disciple_card_shows_what_it_deals_with_power_pending(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await rigged_fight(app, pilot, ["kiai", "jab", "hook", "tie_up"])
        text = screen_text(app)
        assert re.search(r"Jab +B +Upper +2 C", text)  # no Power yet: as printed
        await pilot.press(screen.slots.digit(0))  # Kiai: Power 2
        await pilot.pause()
        state = session.state
        me = state.players[0]
        assert me.power == 2
        jab = me.hand.index("jab")
        shown = re.search(r"Jab +B +Upper +(\d+)→(\d+) C", screen_text(app))
        assert shown is not None and shown.group(1) == "2"
        actual = int(shown.group(2))
        assert f"Deals 2→{actual} now" in explain.detail(screen.state, PlayCard(jab), 60, 3).plain
        assert f"Deals 2→{actual} now" in explain.info(screen.state, PlayCard(jab))[1].plain
        vitality = state.enemies[0].vitality
        await pilot.press(screen.slots.digit(jab))  # play it: the enemy loses what was shown
        await pilot.pause()
        assert "You play Jab" in " ".join(session.game.log_lines(session.state)[-4:])
        assert vitality - session.state.enemies[0].vitality == actual == 4


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("size", ["80x24", "120x40"])
async def test_each_table_with_its_legend(paths, snapshot, game_id, size):
    """A first game's table: the legend in the log's place at 80x24, above it at 120x40."""
    use_snapshot_dir(snapshot, "legend")
    app = make_app(paths, on_start=open_played(game_id, 5, 6, **GAMES[game_id]), legend=True)
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):  # two players at one keyboard: the cover
            await pilot.press("enter")
            await pilot.pause()
        text = screen_text(app)
        assert "─ Legend ─" in text and ("─ Log ─" in text) == (size != "80x24")
        snapshot.assert_match(text, f"{game_id}-{size}.txt")
