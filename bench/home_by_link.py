#!/usr/bin/env python3
"""The home screen with games held by link (issue 55): what drawing it costs with 0, 10 and 100
whole games by link and 20 saved games on the device, in CPython and in the page (a benchmark,
not a test).

    .venv/bin/python bench/home_by_link.py [--held 0,10,100] [--visits 7]
    .venv/bin/python bench/home_by_link.py --page dist [--profile phone-threads]
    .venv/bin/python bench/home_by_link.py --package /tmp/before/py --page /tmp/before/dist   # another version

The device's storage is written by the package measured (`--package`, default this checkout's
py/): 20 saved games (hot-seat Momentum, Fenn and Mops Royal games of 3-40 moves) and the games by
link, each a whole game with the setup's default options (Momentum, Fenn, Mops Royal, Nummerus in
turn; random legal moves, as bench/remote_links.py plays them) as the second seat's device keeps
it at the end. `--long` holds the longest variants instead (bench/remote_links.SETUPS: Nummerus'
20-round tournament...).

CPython: the app (web/app.App, its page recorded) goes from the setup screen back to the home
screen `--visits` times: the median of the CPU time of that route (milliseconds); then the time to open a new
invitation with those games held; and, for a version that keeps each game's summary with it, the
first visit after those summaries were taken out of every entry (entries of an older version:
each is rebuilt once and written back).

The page (`--page FOLDER`, a published site): the same storage put into a fresh profile, the page
reloaded; then the same route `--visits` times, timed in the page from the new address to the
list drawn (as many rows as the games), and Python's own time of it (the worker's measure
"saves-shown"). `--profile phone-threads` (the default) gives every thread of the browser a quarter
of a CPU (bench/cpu_quota.py: root and cgroup v1's cpu controller); where that is not available,
or with `--profile throttle`, DevTools' CPU throttling slows the page's thread 4x (not Python's
worker); `--profile none` runs at this machine's speed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("momentum", "fenn", "mops", "nummerus")
SAVED = 20
NOW = 1_800_000_000.0


def import_package(folder: Path) -> None:
    """The package measured, imported before bench/remote_links.py (which would put this
    checkout's py/ first): every module it uses is then the measured one."""
    sys.path.insert(0, str(folder))
    import ludothek.games  # noqa: F401
    import ludothek.remote.protocol  # noqa: F401
    import ludothek.web.app  # noqa: F401

    sys.path.insert(1, str(ROOT / "bench"))


def storage_items(held: int, long: bool) -> dict[str, str]:
    """The stored keys and texts of a device with SAVED saved games and `held` games by link."""
    from remote_links import SETUPS, final_game

    from ludothek.games import get_game
    from ludothek.remote.protocol import Own
    from ludothek.web.remote_games import RemoteStore
    from ludothek.web.saves import DictStorage, SaveStore
    from ludothek.web.session import GameSession, Seat

    storage = DictStorage()
    rng = random.Random(55)
    saves = SaveStore(storage)
    for number in range(SAVED):
        game_id = ("momentum", "fenn", "mops")[number % 3]
        session = GameSession.new(game_id, [Seat("Ada"), Seat("Bea")], seed=number, options={}, save_id=f"s{number:02d}", now=NOW - 5000 - number)
        for _ in range(rng.randrange(3, 40)):
            legal = get_game(game_id).legal_moves(session.state)
            if not legal or session.is_over():
                break
            session.play(rng.choice(legal))
        saves.save(session, NOW - 5000 - number)
    store = RemoteStore(storage)
    for number in range(held):
        game_id = GAMES[number % len(GAMES)]
        rg, secrets, _moves = final_game(game_id, SETUPS[game_id] if long else {}, 2, number)
        store.put(rg, Own(1, secrets[1]), NOW - number)
    return dict(storage.data)


def invitation(number: int) -> str:
    """A new game's invitation (Momentum, the inviter's first move made): its link's data."""
    from ludothek.remote import link, protocol
    from ludothek.remote.protocol import Own

    anna = Own(0, bytes([number % 256]) * 16)
    rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], anna.secret), anna, "d4")
    return link.encode(rg, anna)


def python_times(items: dict[str, str], visits: int) -> dict[str, float]:
    from ludothek.web.app import App
    from ludothek.web.page import PageState, RecordingPage
    from ludothek.web.saves import DictStorage

    def route(app: App, where: str) -> float:
        started = time.process_time()  # Python's CPU time: steadier than the wall clock on a shared machine
        app.handle(json.dumps({"type": "route", "hash": where}))
        return (time.process_time() - started) * 1000

    def started_app(kept: dict[str, str], where: str) -> App:
        storage = DictStorage()
        storage.data.update(kept)
        app = App(RecordingPage(), PageState(hash=where, base_url="https://example.org/index.html", languages=("en",)), lambda: storage)
        app.start()
        return app

    app = started_app(items, "#/")
    home = []
    for _ in range(visits):
        route(app, "#/setup/momentum")
        home.append(route(app, "#/"))
    opened = [route(app, "#/remote/" + invitation(number)) for number in range(visits)]
    found = {"home_ms": statistics.median(home), "new_link_ms": statistics.median(opened)}
    # Entries as an older version wrote them (no summary): the first visit rebuilds each.
    stripped = {}
    for key, text in items.items():
        entry = json.loads(text) if key.startswith("ludothek.remote.") else None
        if isinstance(entry, dict) and "summary" in entry:
            del entry["summary"]
            text = json.dumps(entry)
        stripped[key] = text
    if stripped != items:
        app = started_app(stripped, "#/setup/momentum")
        found["first_home_of_old_entries_ms"] = route(app, "#/")
        route(app, "#/setup/momentum")
        found["home_after_that_ms"] = route(app, "#/")
    return found


# The route there and back, timed in the page: from the new address to the list drawn with every
# row (the first LIST_PART at once, the rest appended), read on each frame.
HOME_AGAIN = """async rows => {
    location.hash = '#/setup/momentum';
    while (document.body.dataset.screen !== 'setup') await new Promise(r => requestAnimationFrame(r));
    const started = performance.now();
    location.hash = '#/';
    const drawn = () => document.body.dataset.screen === 'home' && document.querySelectorAll('#saves .save-list li').length >= rows;
    while (!drawn()) await new Promise(r => requestAnimationFrame(r));
    return performance.now() - started;
}"""
PYTHON_MEASURES = "() => performance.getEntriesByName('saves-shown').map(m => m.duration)"


@contextlib.contextmanager
def browser_for(playwright, profile: str):
    """Chromium as `profile` slows it, and how it was slowed."""
    sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "bench")]
    from browsers import CHROMIUM, CHROMIUM_ARGS
    from cpu_quota import CpuQuota, QuotaUnavailable

    quota = None
    if profile == "phone-threads":
        try:
            quota = CpuQuota(0.25, per_thread=True).__enter__()
        except (QuotaUnavailable, OSError) as exc:
            print(f"no CPU quota ({exc}): DevTools' CPU throttling 4x instead (the page's thread only)", flush=True)
            profile = "throttle"
    try:
        browser = playwright.chromium.launch(executable_path=quota.wrap(CHROMIUM) if quota else CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser, profile
        finally:
            browser.close()
    finally:
        if quota is not None:
            quota.__exit__(None, None, None)


def page_times(browser, profile: str, url: str, items: dict[str, str], visits: int) -> dict[str, float]:
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(600_000)
        if profile == "throttle":
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached")
        page.evaluate("items => { localStorage.clear(); Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }", items)
        page.reload()
        page.wait_for_selector("body[data-ready]", state="attached")
        rows = sum(1 for key in items if key.startswith(("ludothek.save.", "ludothek.remote.")))
        page.evaluate(HOME_AGAIN, rows)  # once before measuring: every module imported
        walls = [page.evaluate(HOME_AGAIN, rows) for _ in range(visits)]
        pythons: list[float] = []
        for worker in page.workers:
            with contextlib.suppress(Exception):
                pythons = worker.evaluate(PYTHON_MEASURES) or pythons
        return {"page_home_ms": statistics.median(walls), "python_saves_shown_ms": statistics.median(pythons[-visits:]) if pythons else float("nan")}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--held", default="0,10,100", help="numbers of games by link held, comma-separated")
    parser.add_argument("--visits", type=int, default=7)
    parser.add_argument("--long", action="store_true", help="the longest variants of each game (bench/remote_links.SETUPS)")
    parser.add_argument("--package", type=Path, default=ROOT / "py", help="the package folder measured (default: this checkout's py/)")
    parser.add_argument("--page", type=Path, help="a published site (e.g. dist) to measure in Chromium as well")
    parser.add_argument("--profile", choices=("phone-threads", "throttle", "none"), default="phone-threads")
    args = parser.parse_args()
    import_package(args.package.resolve())
    counts = [int(n) for n in args.held.split(",")]
    stored = {held: storage_items(held, args.long) for held in counts}
    for held in counts:
        size = sum(len(v) for k, v in stored[held].items() if k.startswith("ludothek.remote."))
        times = python_times(stored[held], args.visits)
        print(f"{held} held by link ({size:,} characters), {SAVED} saved: CPython " + ", ".join(f"{k} {v:.1f}" for k, v in times.items()), flush=True)
    if args.page is None:
        return
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "scripts"))
    import serve

    server = serve.make_server(port=0, root=args.page.resolve())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as playwright, browser_for(playwright, args.profile) as (browser, profile):
            for held in counts:
                times = page_times(browser, profile, url, stored[held], args.visits)
                print(f"{held} held by link, {SAVED} saved, page ({profile}): " + ", ".join(f"{k} {v:.0f}" for k, v in times.items()), flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
