"""The start asks for what it needs once, early, and only for files the service worker keeps:
the early requests (boot.js's list on its tag, the start module's in Python's worker; both
written by scripts/build.py) are the very ones the runtime then uses, and nothing the start loads is missing from the precache list (offline
play after the first visit depends on it). A whole first visit, the service worker's install
included, downloads each file once."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import threading
from collections import Counter

import serve  # scripts/serve.py

from conftest import INSTALLED, READY_TIMEOUT_MS, SITE, until, workers_where


def precached() -> dict:
    text = (SITE / "assets" / "build" / "precache.js").read_text()
    return json.loads(text.split("=", 1)[1].rsplit(";", 1)[0])


def test_the_start_fetches_each_runtime_file_once_and_only_precached_ones(browser, app_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url.removeprefix(app_url)))
        page.goto(app_url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        # The runtime's files are the worker's requests, on the worker's clock.
        (python,) = workers_where(page, "!!self.ludothekStartKind")
        # Python's worker is the build's file (boot.js makes it before PyScript's core asks for a
        # worker), not the core's Blob of the same code.
        python_file = python.url.removeprefix(app_url).split("#")[0]
        entries = python.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
            .map(entry => [entry.name.split('/').pop().split('#')[0], [entry.startTime, entry.responseEnd]]))""")
        python_up = python.evaluate("performance.getEntriesByName('ludothek:runtime')[0].startTime")
        # The package's modules the first screen does not import: the page brings them into the
        # HTTP cache once the app is ready (and the worker asks for them only when it needs one).
        more = "performance.getEntriesByType('resource').filter(entry => entry.name.endsWith('/ludothek.more.zip')).map(entry => entry.startTime)"
        page.wait_for_function(more + ".length > 0", timeout=60_000)
        (more_asked,) = page.evaluate(more)
        app_ready = page.evaluate("performance.getEntriesByName('ludothek:ready')[0].startTime")
        assert not python.evaluate(more), "the worker needed none of them on the home screen"
    finally:
        context.close()
    manifest = precached()
    files = {path.removeprefix("./") for path in manifest["files"]} | {""}
    assert python_file.startswith("assets/build/python-worker.") and python_file.endswith(".js"), python.url
    assert not [url for url in requested if url.startswith("blob:")], "PyScript made a worker of its own"
    paths = [url.split("?")[0].split("#")[0] for url in requested]
    assert [path for path in paths if path not in files and path != "sw.js"] == []
    runtime = [
        path
        for path in paths
        if path.startswith(("assets/vendor/", "assets/build/ludothek.zip", "assets/build/python_stdlib.", "assets/build/python-worker.", "py/"))
    ]
    assert python_file in runtime
    # (The start module is imported by the worker's prelude and again by PyScript: one request.)
    twice = [path for path, count in Counter(runtime).items() if count > 1]
    assert twice == [], "an early request that the runtime did not use (it asked again)"
    # The site's own standard library (scripts/build.py, make_stdlib), never Pyodide's.
    (stdlib,) = [name for name in entries if name.startswith("python_stdlib.") and name.endswith(".zip")]
    assert stdlib != "python_stdlib.zip"
    assert not [path for path in paths if path.endswith("/python_stdlib.zip")]
    # The runtime's large files are asked for at once, with its modules (the start module)...
    for needed in ("pyodide.asm.wasm", stdlib):
        assert entries[needed][0] <= entries["pyodide.asm.mjs"][0], f"{needed} was not asked for early"
    # ... and what Python reads only after its own start once they have arrived, before Python is up.
    arrived = max(entries["pyodide.asm.wasm"][1], entries[stdlib][1])
    assert arrived <= entries["ludothek.zip"][0] < python_up, (entries["ludothek.zip"], arrived, python_up)
    # Pyodide's lock file (the index of its packages) is never asked for: the start module gives
    # Pyodide one with no packages (scripts/build.py, runtime_lock).
    assert not [path for path in paths if path.endswith("pyodide-lock.json")]
    assert more_asked >= app_ready, "the package's second zip is not asked for before the app is ready"
    assert not [path for path in paths if "codemirror" in path or "xterm" in path or "/toml-" in path]
    # PyScript's page side: its core and its error plugin; the <py-config> and <mpy-config> that
    # boot.js puts in from index.html's data-page-config switch the others off (the editor's
    # plugin looked for editors every 250 ms).
    pyscript = sorted(path.rsplit("/", 1)[1].split("-")[0] for path in paths if path.startswith("assets/vendor/pyscript/"))
    assert pyscript == ["core", "core.js", "error"], pyscript


class CountingHandler(serve.Handler):
    """scripts/serve.py's handler, noting each answer: (path, status)."""

    def log_request(self, code="-", size="-"):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.server.answers.append(("/index.html" if path == "/" else path, int(code) if isinstance(code, int) else 0))
        super().log_request(code, size)


def test_a_first_visit_downloads_each_file_once_with_the_service_workers_install(browser, app_server):
    """Until the service worker is installed (the snapshot too), no file is answered with its body
    twice: the worker takes the page's copies of the runtime's large files (boot.js hands them on)
    and revalidates the rest in the HTTP cache (a 304 has no body). The page itself, opened as the
    folder (/), counts as index.html. (app_server: dist/ built; this test serves it itself.)"""
    server = serve.Server(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(SITE)))
    server.answers = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        until(page, INSTALLED)
        caches = page.evaluate("caches.keys()")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    bodies = Counter(path for path, status in server.answers if status == 200)
    assert [path for path, count in bodies.items() if count > 1] == [], server.answers
    manifest = precached()
    downloaded = {path for path, status in server.answers if status in (200, 304)}
    assert {path.removeprefix(".") for path in [*manifest["files"], *manifest["optional"]]} <= downloaded
    assert caches == ["ludothek-" + manifest["version"]], "the page's copies were not cleared"


class SwitchableHandler(CountingHandler):
    """CountingHandler serving whichever folder the server's `root` names now (a new version)."""

    def __init__(self, request, client_address, server, **kwargs):
        super().__init__(request, client_address, server, directory=str(server.root))


def test_a_stale_copy_in_the_http_cache_is_never_precached_as_the_new_version(browser, app_server, tmp_path):
    """A new version changes a file but the host still answers 304 for it (its validators did not
    change: the same modification time): the worker's install finds the old copy in the HTTP cache,
    sees that its hash is not the list's, and downloads the file anew. (app_server: dist/ built.)"""
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(SITE, old)
    server = serve.Server(("127.0.0.1", 0), SwitchableHandler)
    server.root = old
    server.answers = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        until(page, INSTALLED)
        page.reload()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)

        # The new version: icon.svg changed, its modification time kept; the list says so.
        shutil.copytree(old, new)
        icon = new / "assets" / "icon.svg"
        changed = icon.read_bytes().replace(b"</svg>", b"<!-- the new version --></svg>")
        assert changed != icon.read_bytes()
        stat = icon.stat()
        icon.write_bytes(changed)
        os.utime(icon, (stat.st_atime, stat.st_mtime))
        manifest = precached()
        manifest["files"]["./assets/icon.svg"] = hashlib.sha256(changed).hexdigest()[:16]
        manifest["version"] = "new" + manifest["version"][3:]
        listing = new / "assets" / "build" / "precache.js"
        listing.write_text(f"self.LUDOTHEK_PRECACHE = {json.dumps(manifest)};\n")
        for copy in [*new.rglob("icon.svg.*"), *new.rglob("precache.js.*")]:
            copy.unlink()
        server.root = new
        server.answers.clear()

        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        name = "ludothek-" + manifest["version"]
        installed = f"""navigator.serviceWorker.getRegistration().then(async r => !r.installing && !r.waiting
            && r.active.state === 'activated' && (await caches.keys()).join() === '{name}')"""
        until(page, installed)
        kept = page.evaluate(f"caches.open('{name}').then(c => c.match('{url}assets/icon.svg')).then(r => r && r.text())")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert kept.encode() == changed
    # The HTTP cache's old copy was offered (304) and refused: the file came again, in full.
    assert [status for path, status in server.answers if path == "/assets/icon.svg"] == [304, 200]
