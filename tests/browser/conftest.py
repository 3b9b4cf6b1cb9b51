"""Browser tests: Debian's Chromium driven by pytest-playwright against the app served on localhost.

The app is served from dist/ (the published site, written by scripts/build.py), as a static host
serves it: what is tested is what ships. Pages are timed by the app's ready flag (body[data-ready]),
never by the load event.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError, Keyboard, Locator, Page, expect
from browsers import CHROMIUM, CHROMIUM_ARGS  # scripts/browsers.py (pytest.ini puts scripts/ on the path)
from serve import SITE, make_server

from ludothek.web.arrow_keys import DIRECTIONS, nearest_in_direction

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT_MS = 90_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


class AppServer:
    def __init__(self, port: int = 0, root: Path = SITE):
        self.server = make_server("127.0.0.1", port, root=root)
        self.stopped = False
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self) -> None:
        """Stop serving (the host gone); a second call, e.g. in a test's clean-up, does nothing."""
        if self.stopped:
            return
        self.stopped = True
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def app_server():
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("the runtime is not installed: run scripts/setup (scripts/test does it)")
    # Rebuild the generated files so the page always runs the sources under test (fast when unchanged).
    import build

    build.main()
    server = AppServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def app_url(app_server) -> str:
    return app_server.url


@pytest.fixture(scope="session")
def shared_context(browser):
    """One profile for the tests that need no fresh one: its HTTP cache keeps the runtime, so each
    page starts as a returning visitor's does, with Python restored from the memory snapshot (the
    service worker that keeps it for a returning visitor is blocked here, so the page fetches it,
    from this profile's HTTP cache after the first start). Tests about a new visitor make their own
    context and start the normal way, as a first visit does. LUDOTHEK_TEST_SNAPSHOT=0 starts these
    pages the normal way too."""
    context = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 900})
    if os.environ.get("LUDOTHEK_TEST_SNAPSHOT", "1") != "0":
        context.add_init_script("window.LUDOTHEK_SNAPSHOT = 'fetch';")
    yield context
    context.close()


@pytest.fixture
def context(shared_context, app_url):
    """The shared profile with its storage emptied: no test sees another's saves."""
    page = shared_context.new_page()
    page.goto(app_url + "assets/icon.svg")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.close()
    yield shared_context
    for leftover in list(shared_context.pages):
        leftover.close()


class Requests:
    """Every request a page makes, to prove nothing leaves the origin."""

    def __init__(self, page, origin: str):
        self.origin = origin
        self.urls: list[str] = []
        page.on("request", lambda request: self.urls.append(request.url))

    def foreign(self) -> list[str]:
        return [u for u in self.urls if not (u.startswith(self.origin) or u.startswith(("data:", "blob:")))]


@pytest.fixture
def page(context, app_url):
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" and "Traceback" in message.text else None)
    page.requests = Requests(page, app_url.rstrip("/"))
    yield page


@pytest.fixture
def german_page(browser):
    """A German reader's first visit at desktop size: a fresh profile, the browser's language
    de-DE, nothing stored. `page.errors` collects the page's uncaught errors."""
    context = browser.new_context(service_workers="block", locale="de-DE", viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


PHONE = {"width": 390, "height": 844}  # an upright phone's viewport in CSS pixels


@pytest.fixture
def phone_page(browser):
    """A page on an upright phone (touch, three device pixels a CSS pixel), in a fresh profile."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A page on an upright phone in a fresh profile, as phone_page, keeping the page's errors."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def assert_fits_phone(page) -> None:
    """The board fits the phone's width, and nothing makes the page scroll sideways."""
    board = page.locator("#board svg").bounding_box()
    assert board["width"] <= PHONE["width"] and board["x"] >= 0, board
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def start_on_phone(page, app_url: str, game_id: str) -> None:
    """A new game with the default settings, on the phone_page: it must fit."""
    open_app(page, app_url, f"#/setup/{game_id}")
    page.get_by_role("button", name="Start game").click()
    assert_fits_phone(page)


def assert_finger_sized(locator, least: float) -> None:
    """The element is at least `least` CSS pixels wide and high: a target a finger can hit."""
    box = locator.bounding_box()
    assert box["width"] >= least and box["height"] >= least, box


@contextlib.contextmanager
def fresh_page(browser, **options):
    """A page in a context of its own (`options` for browser.new_context; no service worker), closed after the block."""
    context = browser.new_context(service_workers="block", **options)
    try:
        yield context.new_page()
    finally:
        context.close()


def check_rules_page(page, app_url: str, game_id: str, figures: int, german_word: str) -> None:
    """A game's rules page: its clarifications and diagrams, and the same page in German."""
    rules = open_rules_page(page, app_url, game_id, figures)
    rules_in_german(page, rules, german_word)


def open_rules_page(page, app_url: str, game_id: str, figures: int, figure: str = "svg"):
    """A game's rules page in English, with its clarifications and `figures` diagrams (each a
    figure holding a `figure`); the rules' article."""
    open_app(page, app_url, f"#/rules/{game_id}")
    rules = page.locator("article.rules")
    expect(rules.get_by_role("heading", name="Clarifications")).to_be_visible()
    expect(rules.locator(f"figure {figure}")).to_have_count(figures)
    return rules


def rules_in_german(page, rules, german_word: str) -> None:
    """The rules page switched to German: its clarifications and `german_word`."""
    page.get_by_role("button", name=re.compile("Deutsch")).click()
    expect(rules.get_by_role("heading", name="Klarstellungen")).to_be_visible()
    expect(rules).to_contain_text(german_word)


# The service worker installed and active: no other on its way.
INSTALLED = """navigator.serviceWorker.getRegistration().then(r => !!r && !r.installing && !r.waiting
    && !!r.active && r.active.state === 'activated')"""


def until(page, condition, timeout: float = 120, what: str = "") -> None:
    """Until `condition` is true: a JavaScript expression evaluated in the page (a promise awaited:
    page.wait_for_function cannot wait for one, it takes the promise itself for a true value at
    once), or a function of no arguments called here (what the test's routes and listeners have
    seen). Between two tries the page goes on (page.wait_for_timeout)."""
    deadline = time.monotonic() + timeout
    holds = condition if callable(condition) else lambda: page.evaluate(condition)
    while not holds():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what or condition}"
        page.wait_for_timeout(100)


def wait_for(page, condition: str, arg=None, timeout: float | None = None) -> None:
    """Until `condition`, a JavaScript expression (`arg` its argument), is true in the current
    document of the page or frame. It is evaluated only once that document has its body: a new
    document (a reload, a navigation, a goto at "commit") has no root element at first, and a
    condition that read document.body.dataset or document.documentElement.dataset there would
    throw, which ends page.wait_for_function's wait with that error instead of waiting on (CI saw
    it once). tests/test_browser_waits.py refuses unguarded reads in other waits."""
    page.wait_for_function(f"arg => !!document.body && !!({condition})", arg=arg, timeout=timeout)


def workers_where(page, expression: str) -> list:
    """The page's workers in which `expression` is true. A worker that ends while it is asked (a
    helper that has done its work, a document's worker on its way out) is not one of them."""
    found = []
    for worker in page.workers:
        try:
            if worker.evaluate(expression):
                found.append(worker)
        except PlaywrightError:
            pass
    return found


def wait_for_service_worker(page) -> None:
    """Until the page's service worker has installed (its install includes the memory snapshot)."""
    until(page, INSTALLED)


# The app has answered the page's address: the screen shown is this address's. (It answers in its
# worker, after the page's hashchange; the body's data-route names the address it answered.)
ADDRESS_ANSWERED = "(document.body.dataset.route || '#/') === (location.hash || '#/')"


def open_app(page, url: str, route: str = "") -> None:
    """The app at `url` + `route`, ready and showing that address's screen (where only the
    fragment changes, the document stays, ready with the last address's screen until the app has
    answered the new one)."""
    page.goto(url + route)
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    wait_for(page, ADDRESS_ANSWERED)


IDLE = "window.ludothekPage && window.ludothekPage.idle ? window.ludothekPage.idle() : true"


def answered(page) -> None:
    """Wait until the app (Python, in its worker) has answered every tap and key sent so far and
    the page shows its answer: what a player sees a moment after pressing. The app of every frame
    of the page too (a board embedded in a blog answers in its frame); given a frame, that frame's."""
    for frame in getattr(page, "frames", [page]):
        try:
            frame.evaluate(IDLE)
        except PlaywrightError:
            pass  # the press left the document (a reload, a new document): there is nothing to wait for


def _answering(press):
    """A press or click that returns once the app has answered it, as the player sees it (the app
    answers in its worker, a moment later: a test that reads the page at once would read the
    moment before)."""

    @functools.wraps(press)
    def pressed(self, *args, **kwargs):
        result = press(self, *args, **kwargs)
        page = self._answering_page if isinstance(self, Keyboard) else self.page
        if page is not None:
            answered(page)
        return result

    return pressed


for _name in ("click", "press", "dblclick", "tap", "check", "select_option", "fill"):
    setattr(Locator, _name, _answering(getattr(Locator, _name)))
for _name in ("press", "type"):
    setattr(Keyboard, _name, _answering(getattr(Keyboard, _name)))
Keyboard._answering_page = None
_page_keyboard = Page.keyboard


def _keyboard_of(page):
    keyboard = _page_keyboard.fget(page)
    keyboard._answering_page = page
    return keyboard


Page.keyboard = property(_keyboard_of)


SAVE_PREFIX = "ludothek.save."


def momentum_record(*moves: str) -> dict:
    """A saved Momentum game of Ada and Bea (no pie rule, seed 1) after `moves`."""
    return {
        "format": "ludothek",
        "version": 1,
        "game": "momentum",
        "players": [{"name": "Ada"}, {"name": "Bea"}],
        "options": {"pie": False},
        "seed": 1,
        "moves": list(moves),
    }


def start_game(page, settings: dict | None = None, board: str = "#board svg") -> str:
    """On the setup screen: set `settings` (a field's name: True ticks it, else the value chosen or
    typed), start the game and return its save id once its `board` is drawn."""
    for name, value in (settings or {}).items():
        field = page.locator(f"[name={name}]")
        if value is True:
            field.check()
        elif field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.get_by_role("button", name="Start game").click()
    expect(page.locator(board)).to_be_visible()
    return save_id_of(page)


def open_saved_game(page, app_url: str, save_id: str, record: dict) -> None:
    """The app playing `record`, saved as `save_id` (the app opened first: the save goes into its storage)."""
    open_app(page, app_url)
    put_save(page, save_id, record)
    open_app(page, app_url, f"#/play/{save_id}")


def put_save(page, save_id: str, record: dict, **meta) -> None:
    entry = {"record": record, "meta": {"created": 1, "updated": 1, **meta}}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_PREFIX + save_id, json.dumps(entry)])


def moves_played(page) -> int:
    return int(page.evaluate("document.body.dataset.moves || '0'"))


def save_id_of(page) -> str:
    match = re.search(r"#/play/([A-Za-z0-9_-]+)", page.url)
    assert match, page.url
    return match.group(1)


def true_state(page, game, save_id: str, moves: int | None = None):
    """The game as the engine knows it from the page's save, hidden parts included (for checks
    that the page shows none of them); after its first `moves` moves when given."""
    entry = json.loads(page.evaluate("key => localStorage.getItem(key)", SAVE_PREFIX + save_id))
    record = entry["record"]
    if moves is not None:
        assert len(record["moves"]) >= moves, (len(record["moves"]), moves)
        record = {**record, "moves": record["moves"][:moves]}
    return game.from_record(record)


def wait_for_turn(page, seat: int = 0, timeout: int = 90_000) -> None:
    wait_for(
        page,
        "document.body.dataset.thinking === '0' && (document.body.dataset.turn === arg || document.body.dataset.over === '1')",
        arg=str(seat),
        timeout=timeout,
    )


def wait_for_moves(page, at_least: int, timeout: float | None = None) -> None:
    """Until the game on the screen has `at_least` moves (the computer's replies take their time)."""
    wait_for(page, "Number(document.body.dataset.moves) >= arg", arg=at_least, timeout=timeout)


def start_and_play_d4(page) -> None:
    """On Momentum's setup screen: start the game as set (against the computer), play d4 and wait
    for the computer's reply."""
    page.get_by_role("button", name="Start game").click()
    page.locator("[data-target=d4]").click()
    wait_for_moves(page, 2, timeout=90_000)


def click_and_wait(page, locator) -> None:
    before = moves_played(page)
    locator.click()
    wait_for_moves(page, before + 1)


def focused_target(page) -> str | None:
    """The board target (data-target) the keyboard is on."""
    return page.evaluate("document.activeElement.dataset.target")


def focus_board(page, target: str) -> None:
    """Put the keyboard on the board's cursor, which must stand on `target`."""
    page.locator("#board [tabindex='0']").focus()
    assert focused_target(page) == target


def press_to(page, key: str, target: str) -> None:
    """Press `key`; once the app has answered, the keyboard is on `target`."""
    page.keyboard.press(key)
    answered(page)
    assert focused_target(page) == target, f"{key} did not reach {target}"


BOARD_TARGETS = """() => [...document.querySelectorAll('#board [data-target][data-x]')].map(e => ({
    target: e.dataset.target, x: Number(e.dataset.x), y: Number(e.dataset.y),
    enabled: !e.disabled && e.getAttribute('aria-disabled') !== 'true', focused: e === document.activeElement}))"""


def arrow_step(targets: list[dict], here: int, key: str) -> int:
    """Where an arrow key takes the cursor: the page's own rule (ludothek.web.arrow_keys), so the
    tests can plan their keys; it stays where it is when nothing lies that way."""
    step = nearest_in_direction((targets[here]["x"], targets[here]["y"]), key, ((t["x"], t["y"], i) for i, t in enumerate(targets)))
    return here if step is None else step


def keys_to(targets: list[dict], here: int, wanted) -> list[str] | None:
    """The shortest run of arrow keys from `here` to a target for which `wanted` holds, as a
    sighted keyboard player would plan it (breadth-first over the page's arrow rule)."""
    paths = {here: []}
    queue = [here]
    for index in queue:
        if wanted(targets[index]) and index != here:
            return paths[index]
        for key in DIRECTIONS:
            step = arrow_step(targets, index, key)
            if step not in paths:
                paths[step] = paths[index] + [key]
                queue.append(step)
    return None


def tab_to_board(page, key: str = "Tab", tries: int = 60) -> None:
    """Press Tab (or Shift+Tab) until the keyboard is on the board."""
    for _ in range(tries):
        if page.evaluate("!!(document.activeElement && document.activeElement.closest('#board'))"):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached the board")


def arrows_to_target(page, target: str) -> None:
    """Move the board's keyboard cursor with the arrow keys onto `target` (the focus is on the
    board), along the shortest run of keys the page's arrow rule allows."""
    targets = page.evaluate(BOARD_TARGETS)
    here = next(i for i, t in enumerate(targets) if t["focused"])
    keys = [] if targets[here]["target"] == target else keys_to(targets, here, lambda t: t["target"] == target)
    assert keys is not None, f"no run of arrow keys reaches {target}"
    for key in keys:
        page.keyboard.press(key)
    answered(page)
    assert page.evaluate("document.activeElement.dataset.target") == target, f"the arrow keys did not reach {target}"


# -- devices of a game by link: each a fresh context with its own storage -------------------------


def device(browser, locale="en-GB", viewport=None):
    context = browser.new_context(service_workers="block", locale=locale, viewport=viewport or {"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.add_init_script("delete Navigator.prototype.share;")  # a desktop browser: Send copies the link
    return context, page


@pytest.fixture
def two_devices(browser):
    a = device(browser)
    b = device(browser)
    yield a[1], b[1]
    a[0].close()
    b[0].close()


@pytest.fixture
def open_blog(browser):
    """Opens blog pages (blog.Blog: another site, a fresh default context); closes them after the test."""
    from blog import Blog

    blogs = []

    def opened(body: str, viewport=(1000, 900), phone: bool = False) -> Blog:
        blog = Blog(browser, body, viewport, phone)
        blogs.append(blog)
        return blog

    yield opened
    for blog in blogs:
        blog.close()
