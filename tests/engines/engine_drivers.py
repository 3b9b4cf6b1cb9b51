"""One thin driver per browser engine, for the cross-engine smoke tests (tests/engines) and the
start-up benchmark (bench/engines_startup.py).

Each engine is driven by what it can be driven by on Debian:
- Chromium (Debian's `chromium`): Playwright, as in tests/browser.
- Firefox (Debian's `firefox-esr`): Puppeteer over WebDriver BiDi (tests/engines/firefox_driver.mjs,
  a small Node process this module talks to in JSON lines); Debian has no geckodriver.
- WebKit, Safari's engine (Debian's `webkit2gtk-driver` and the MiniBrowser of libwebkit2gtk-4.1):
  Selenium through WebKitWebDriver. MiniBrowser has no headless mode: it runs in an Xvfb display.

Every driver offers the same few verbs, so a scenario is written once: open a tab (in a fresh
profile, like a private window), evaluate a JavaScript expression in the page or in one of its
frames, press the pointer at a point of the viewport, go to an address, reload, close. Elements are
found by the scenario in JavaScript and pressed at their centre: WebKitWebDriver's element click
refuses SVG cells, and a press at a point is what a reader's finger does in every engine.

The page's errors are collected by the page itself (WebKit gives no console log through its
driver): `HookedServer` serves the app with ERROR_HOOK as the first script of index.html, which
records console.error, uncaught errors, unhandled rejections, failed loads and CSP violations into
`window.__errors`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# As pytest.ini's pythonpath (for the benchmark), and tests/browser for its blog server.
for path in (ROOT / "py", ROOT / "scripts", ROOT / "tests" / "browser"):
    if str(path) not in sys.path:
        sys.path.append(str(path))

from browsers import CHROMIUM, CHROMIUM_ARGS, FIREFOX, MINIBROWSER, WEBKIT_DRIVER  # noqa: E402 - scripts/browsers.py
from serve import SITE, Handler, Server  # noqa: E402 - scripts/serve.py

ENGINES = ("chromium", "firefox", "webkit")
# A generous bound for anything the page must do (a cold start of the runtime took 68 s in WebKit
# on a machine with a load of 12); the tests wait for conditions, never for a fixed time.
TIMEOUT_S = 240.0
WINDOW = (1000, 900)

# Runs before anything else in the page (it is placed before the Content-Security-Policy, which
# allows no inline script after it): records what would otherwise only reach the console.
ERROR_HOOK = """(function () {
  var errors = window.__errors = [];
  function text(value) {
    try { return value && value.stack ? String(value.stack) : typeof value === "string" ? value : JSON.stringify(value); }
    catch (e) { return String(value); }
  }
  var error = console.error;
  console.error = function () {
    errors.push("console.error: " + Array.prototype.map.call(arguments, text).join(" "));
    return error.apply(console, arguments);
  };
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) errors.push("failed to load: " + (target.src || target.href));
    else errors.push("error: " + (event.error ? text(event.error) : event.message));
  }, true);
  window.addEventListener("unhandledrejection", function (event) { errors.push("unhandled rejection: " + text(event.reason)); });
  document.addEventListener("securitypolicyviolation", function (event) {
    errors.push("CSP: " + event.violatedDirective + " " + event.blockedURI);
  });
})();"""
CHARSET = '<meta charset="utf-8">'


class HookedHandler(Handler):
    """scripts/serve.py's handler, with a hook (ERROR_HOOK unless told) put into the page
    (index.html under any query)."""

    def __init__(self, *args, hook: str = ERROR_HOOK, **kwargs):
        self.hook_tag = "<script>" + hook + "</script>"
        super().__init__(*args, **kwargs)  # handles the request

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path not in ("/", "/index.html"):
            return super().send_head()
        page = (Path(self.directory) / "index.html").read_text(encoding="utf-8")
        assert CHARSET in page, "index.html no longer starts with its charset"
        return self.send_text(self.hooked(page))

    def hooked(self, page: str) -> str:
        return page.replace(CHARSET, CHARSET + self.hook_tag, 1)

    def send_text(self, text: str, content_type: str = "text/html; charset=utf-8"):
        """A response made here (send_head's answer: its headers sent, the body to copy)."""
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class CountingHandler(HookedHandler):
    """HookedHandler noting each answer on its server: `answers`, (path, status, the body's bytes
    as sent, a 304's 0), and the Accept-Encoding headers it was asked with."""

    status = 0

    def log_request(self, code="-", size="-"):
        self.status = int(code) if isinstance(code, int) else 0
        if self.status != 200:
            self.note(0)
        super().log_request(code, size)

    def copyfile(self, source, outputfile):
        body = source.read()
        self.note(len(body))
        outputfile.write(body)

    def note(self, size: int) -> None:
        with self.server.counting:
            self.server.answers.append((self.path.split("?", 1)[0].split("#", 1)[0], self.status, size))
            self.server.answered_at.append(time.time())
            self.server.encodings.add(self.headers.get("Accept-Encoding", ""))


class HookedServer:
    """The published site (dist/) on a free port of 127.0.0.1, with the error hook (or another);
    stop() makes it unreachable (the port is closed). With CountingHandler, `answers()` are the
    server's answers so far (`clear()` forgets them)."""

    def __init__(self, root: Path = SITE, hook: str = ERROR_HOOK, handler: type[HookedHandler] = HookedHandler):
        self.server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root), hook=hook))
        self.server.counting = threading.Lock()  # type: ignore[attr-defined]
        self.server.answers = []  # type: ignore[attr-defined]
        self.server.answered_at = []  # type: ignore[attr-defined]  # the wall clock of each answer
        self.server.encodings = set()  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.stopped = False

    def answers(self) -> list[tuple[str, int, int]]:
        with self.server.counting:  # type: ignore[attr-defined]
            return list(self.server.answers)  # type: ignore[attr-defined]

    def answered_before(self, moment: float) -> list[tuple[str, int, int]]:
        """The answers sent before `moment` (seconds since the epoch, as the page's clock says)."""
        with self.server.counting:  # type: ignore[attr-defined]
            return [answer for answer, at in zip(self.server.answers, self.server.answered_at) if at <= moment]  # type: ignore[attr-defined]

    def clear(self) -> None:
        with self.server.counting:  # type: ignore[attr-defined]
            self.server.answers.clear()  # type: ignore[attr-defined]
            self.server.answered_at.clear()  # type: ignore[attr-defined]
            self.server.encodings.clear()  # type: ignore[attr-defined]

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.server.shutdown()
            self.server.server_close()


class Timeout(AssertionError):
    pass


class Tab:
    """A page in a fresh profile. `frame` (an index among the page's <iframe> elements) makes
    evaluate work inside that frame."""

    def evaluate(self, expr: str, frame: int | None = None):
        raise NotImplementedError

    def press(self, x: float, y: float) -> None:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait_for(self, expr: str, frame: int | None = None, timeout: float = TIMEOUT_S, what: str = ""):
        """Poll until the expression is truthy; its value. Errors while the page navigates count as
        not yet."""
        deadline = time.monotonic() + timeout
        last: object = None
        while True:
            try:
                value = self.evaluate(expr, frame)
                if value:
                    return value
                last = value
            except Exception as exc:  # noqa: BLE001 - a page between documents answers with errors
                last = exc
            if time.monotonic() > deadline:
                raise Timeout(f"{what or expr} did not happen within {timeout:.0f} s (last: {last!r})")
            time.sleep(0.1)


# -- Chromium: Playwright --------------------------------------------------------------------------


class ChromiumTab(Tab):
    def __init__(self, browser, url: str, width: int, height: int):
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_S * 1000)
        self.page.goto(url)

    def _frame(self, frame: int | None):
        if frame is None:
            return self.page
        content = self.page.locator("iframe").nth(frame).element_handle().content_frame()
        assert content is not None, f"iframe number {frame} has no document"
        return content

    def evaluate(self, expr, frame=None):
        return self._frame(frame).evaluate(f"() => ({expr})")

    def press(self, x, y):
        self.page.mouse.click(x, y)

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def close(self):
        self.context.close()


class Chromium:
    name = "chromium"

    def __init__(self, playwright):
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.version = self.browser.version

    def open(self, url: str, width: int = WINDOW[0], height: int = WINDOW[1]) -> Tab:
        return ChromiumTab(self.browser, url, width, height)

    def quit(self) -> None:
        self.browser.close()


# -- Firefox: Puppeteer over WebDriver BiDi --------------------------------------------------------


class Firefox:
    """One Firefox (started on the first open) behind tests/engines/firefox_driver.mjs; each tab is
    a BiDi user context (a fresh profile)."""

    name = "firefox"

    def __init__(self):
        self.log = tempfile.NamedTemporaryFile(prefix="ludothek-firefox-", suffix=".log", delete=False)  # noqa: SIM115 - kept open for the process
        self.process = subprocess.Popen(
            ["node", str(HERE / "firefox_driver.mjs")],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            env={**os.environ, "FIREFOX": FIREFOX},
        )
        self.answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.counter = 0
        self.version = self.call("version")["value"]

    def _read(self) -> None:
        for line in self.process.stdout:  # type: ignore[union-attr]
            self.answers.put(line)
        self.answers.put("")

    def call(self, op: str, **args):
        self.counter += 1
        self.process.stdin.write(json.dumps({"id": self.counter, "op": op, **args}) + "\n")  # type: ignore[union-attr]
        self.process.stdin.flush()  # type: ignore[union-attr]
        try:
            line = self.answers.get(timeout=TIMEOUT_S + 30)
        except queue.Empty:
            raise Timeout(f"Firefox's driver did not answer {op} within {TIMEOUT_S + 30:.0f} s") from None
        if not line:
            raise RuntimeError(f"Firefox's driver stopped: {Path(self.log.name).read_text(errors='replace')[-2000:]}")
        answer = json.loads(line)
        assert answer["id"] == self.counter, answer
        if not answer["ok"]:
            raise RuntimeError(f"Firefox: {op}: {answer['error']}")
        return answer

    def open(self, url: str, width: int = WINDOW[0], height: int = WINDOW[1]) -> Tab:
        return FirefoxTab(self, self.call("open", url=url, width=width, height=height)["tab"])

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.call("quit")
        with contextlib.suppress(Exception):
            self.process.stdin.close()  # type: ignore[union-attr]
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        os.unlink(self.log.name)


class FirefoxTab(Tab):
    def __init__(self, firefox: Firefox, tab: int):
        self.firefox = firefox
        self.tab = tab

    def evaluate(self, expr, frame=None):
        return self.firefox.call("evaluate", tab=self.tab, expr=f"({expr})", frame=frame).get("value")

    def press(self, x, y):
        self.firefox.call("press", tab=self.tab, x=x, y=y)

    def goto(self, url):
        self.firefox.call("goto", tab=self.tab, url=url)

    def reload(self):
        self.firefox.call("reload", tab=self.tab)

    def close(self):
        self.firefox.call("close", tab=self.tab)


# -- WebKit: Selenium, WebKitWebDriver, MiniBrowser in Xvfb ----------------------------------------


class Xvfb:
    """A virtual X display on a free display number (Xvfb picks it)."""

    def __init__(self, width: int = 1280, height: int = 1024):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        number = b""
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb did not start")
                number += chunk
        self.display = ":" + number.decode().strip()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WebKit:
    """MiniBrowser through WebKitWebDriver; each tab is a new session (MiniBrowser's automation
    sessions keep nothing: a fresh profile). MiniBrowser's window is at least 447 px wide."""

    name = "webkit"

    def __init__(self):
        self.xvfb = Xvfb()
        self.version = "?"  # known from the first session

    def open(self, url: str, width: int = WINDOW[0], height: int = WINDOW[1]) -> Tab:
        tab = WebKitTab(self.xvfb.display, url, width, height)
        self.version = tab.driver.capabilities.get("browserVersion", "?")
        return tab

    def quit(self) -> None:
        self.xvfb.stop()


class WebKitTab(Tab):
    def __init__(self, display: str, url: str, width: int, height: int):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        with warnings.catch_warnings():  # Selenium's own WebKitGTK class sets a deprecated option
            warnings.simplefilter("ignore", DeprecationWarning)
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_page_load_timeout(TIMEOUT_S)
        self.driver.set_script_timeout(TIMEOUT_S)
        self.driver.set_window_rect(0, 0, width, height)
        self.frame: int | None = None
        self.driver.get(url)

    def _enter(self, frame: int | None) -> None:
        """Into the page or one of its frames. Entering a frame focuses it (which starts an
        embedded board): press Play from the page before reading a frame."""
        from selenium.webdriver.common.by import By

        if frame == self.frame:
            return
        self.driver.switch_to.default_content()
        self.frame = None
        if frame is not None:
            self.driver.switch_to.frame(self.driver.find_elements(By.TAG_NAME, "iframe")[frame])
            self.frame = frame

    def evaluate(self, expr, frame=None):
        self._enter(frame)
        return self.driver.execute_script(f"return ({expr});")

    def press(self, x, y):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        self._enter(None)
        actions = ActionChains(self.driver)
        builder: ActionBuilder = actions.w3c_actions
        builder.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()
        actions.perform()

    def goto(self, url):
        self._enter(None)
        self.driver.get(url)

    def reload(self):
        self._enter(None)
        self.driver.refresh()

    def close(self):
        with contextlib.suppress(Exception):
            self.driver.quit()


def missing() -> list[str]:
    """What this machine lacks for the three engines (scripts/install_engines installs it)."""
    needs = {
        CHROMIUM: "chromium",
        FIREFOX: "firefox-esr",
        WEBKIT_DRIVER: "webkit2gtk-driver",
        MINIBROWSER: "libwebkit2gtk-4.1-0 (MiniBrowser)",
    }
    lacking = [package for path, package in needs.items() if not os.access(path, os.X_OK)]
    if not shutil.which("Xvfb"):
        lacking.append("xvfb")
    if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
        lacking.append("puppeteer-core (npm ci)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        lacking.append("selenium (requirements-dev.txt)")
    return lacking


def launch(name: str, playwright=None):
    if name == "chromium":
        return Chromium(playwright)
    if name == "firefox":
        return Firefox()
    if name == "webkit":
        return WebKit()
    raise ValueError(name)
