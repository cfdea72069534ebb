"""`tabletop-tui web` figures beside `serve`'s, measured in the same run: page load to home
screen drawn (in Debian's chromium, headless) against SSH connect to home screen, and the memory
of one player's app (PSS, from /proc/PID/smaps_rollup) under each, with the servers' own.

Run as `python -m tests.benchmarks.bench_web [--loads N] [--before CHECKOUT]`; `--before` also
measures another checkout's web server (e.g. the main branch's) in the same run, against the same
SSH reference. Prints medians and spreads; asserts nothing. The figures depend on whatever else runs on the machine: quote them with that in mind.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from tests.benchmarks.bench_serve import HOME, Player, returning_player
from tests.serve.harness import Server, make_key
from tests.web.harness import CHROMIUM_FLAGS, ROOT, SCREEN_TEXT, WebServer, need_browser, shows

DRAWN = f"() => ({SCREEN_TEXT})().includes({HOME!r})"


def pss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def spread(values: list[float], unit: float = 1000.0) -> str:
    values = sorted(values)
    return f"median {statistics.median(values) * unit:.0f} (min {values[0] * unit:.0f}, max {values[-1] * unit:.0f}, n={len(values)})"


def web_figures(data: Path, loads: int, size: dict[str, int], root: Path = ROOT) -> tuple[list[float], list[int], int]:
    from playwright.sync_api import sync_playwright

    web = WebServer(data, root=root)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=need_browser(), headless=True, args=CHROMIUM_FLAGS)
            context = browser.new_context(viewport=size)
            page = context.new_page()
            page.goto(web.url)
            shows(page, "Your name")
            page.keyboard.type("Bea")
            page.keyboard.press("Enter")
            shows(page, HOME)
            times, memory = [], []
            for _ in range(loads):
                started = len(web.lines)
                start = time.perf_counter()
                page.goto(web.base + "/")
                page.wait_for_function(DRAWN, polling=10, timeout=60000)
                times.append(time.perf_counter() - start)
                time.sleep(0.5)  # settled: what the app holds at rest
                memory.append(pss_kib(web.pids(started)[0]))
            server = pss_kib(web.process.pid)
            browser.close()
    finally:
        web.stop()
    return times, memory, server


async def ssh_figures(data: Path, visits: int) -> tuple[list[float], list[int], int]:
    key, _ = make_key(data.parent, "sam")
    returning_player(data, key, "Sam")
    times, memory = [], []
    async with Server(data) as server:
        for _ in range(visits):
            before = len(server.lines)
            player = Player(server, key)
            times.append(await player.sit_down(None, HOME))
            await asyncio.sleep(0.5)
            pid = int(next(line for line in server.lines[before:] if " start " in line).split("pid=")[1].split()[0])
            memory.append(pss_kib(pid))
            player.leave()
        own = pss_kib(server.process.pid)
    return times, memory, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=8, help="page loads (and SSH visits) to time")
    parser.add_argument("--before", metavar="CHECKOUT", type=Path, help="also measure this checkout's web server")
    options = parser.parse_args()
    trees = [("web", ROOT)] + ([(f"web {options.before}", options.before.resolve())] if options.before else [])
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        ssh_times, ssh_memory, ssh_server = asyncio.run(ssh_figures(root / "ssh", options.loads))
        figures = {label: web_figures(root / f"web{i}", options.loads, {"width": 760, "height": 560}, tree)
                   for i, (label, tree) in enumerate(trees)}  # fmt: skip
    for label, (web_times, web_memory, web_server) in figures.items():
        print(f"home screen drawn, ms: {label} page load {spread(web_times)}; ssh connect {spread(ssh_times)};"
              f" web/ssh {statistics.median(web_times) / statistics.median(ssh_times):.2f}")  # fmt: skip
        print(f"one player's app, PSS KiB: {label} {spread(web_memory, 1)}; ssh {spread(ssh_memory, 1)};"
              f" web/ssh {statistics.median(web_memory) / statistics.median(ssh_memory):.2f}")  # fmt: skip
        print(f"the server itself, PSS KiB: {label} {web_server}; ssh {ssh_server}")


if __name__ == "__main__":
    main()
