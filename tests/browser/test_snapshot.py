"""Starting Python from the memory snapshot (assets/vendor/pyodide/ludothek.mjs, made by
scripts/build.py): taken when the snapshot is here, and never worse than the normal start when it
is corrupted, from another build or refused. Each start draws its own random numbers.

The page says which start it was in document.documentElement.dataset.start ("snapshot" or
"normal"). `window.LUDOTHEK_SNAPSHOT = "fetch"` (an init script) makes the page fetch the snapshot
from the server as a first visit would; a server that serves other bytes under the snapshot's name
plays the broken host or cache (page.route would pass 30 MB through the test driver, minutes on a
busy machine)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import threading
from pathlib import Path

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)
import pytest
import serve  # scripts/serve.py
from playwright.sync_api import expect

from conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    READY_TIMEOUT_MS,
    SITE,
    AppServer,
    open_app,
    put_save,
    until,
    wait_for,
    start_and_play_d4,
    wait_for_service_worker,
    workers_where,
)

FETCH_IT = "window.LUDOTHEK_SNAPSHOT = 'fetch';"
START_MODULE = SITE / "assets" / "vendor" / "pyodide" / "ludothek.mjs"


def snapshot_settings() -> dict:
    found = re.search(r"^const SNAPSHOT = (\{.*\});", START_MODULE.read_text(), re.M)
    assert found, "the build wrote no snapshot into the start module"
    return json.loads(found.group(1))


def snapshot_bytes() -> bytes:
    return (START_MODULE.parent / snapshot_settings()["url"]).resolve().read_bytes()


@contextlib.contextmanager
def serving_as_snapshot(tmp_path: Path, data: bytes | None):
    """dist/ served as scripts/serve.py serves it, with `data` in place of the snapshot (None: a 404)."""
    replacement = tmp_path / "served-snapshot.bin"
    if data is not None:
        replacement.write_bytes(data)

    class Handler(serve.Handler):
        def translate_path(self, path):
            if re.search(r"/snapshot\.[0-9a-f]+\.bin$", path.split("?", 1)[0]):
                return str(replacement)
            return super().translate_path(path)

    server = serve.Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def started(page) -> str:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page.evaluate("document.documentElement.dataset.start")


def new_game_seed(page, app_url: str) -> int:
    """Start a new Momentum game from the setup screen; the seed its save was given."""
    open_app(page, app_url, "#/setup/momentum")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#board svg")).to_be_visible()
    saves = page.evaluate("Object.keys(localStorage).filter(key => key.startsWith('ludothek.save.')).map(key => localStorage.getItem(key))")
    assert len(saves) == 1
    return json.loads(saves[0])["record"]["seed"]


def assert_nothing_went_wrong(page) -> None:
    """The home screen as always: no error screen, no alert, no uncaught error."""
    assert page.evaluate("document.body.dataset.screen") == "home"
    expect(page.get_by_role("link", name="New game").first).to_be_visible()
    assert page.locator("[role=alert]").count() == 0
    assert page.errors == []


def test_a_returning_visitor_starts_from_the_snapshot_also_offline(browser):
    # The first visit starts as always; the service worker then keeps the snapshot with the rest.
    server = AppServer()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url)
        assert started(page) == "normal"
        wait_for_service_worker(page)
        cached = page.evaluate("url => caches.match(url).then(r => !!r)", server.url + "assets/build/" + snapshot_settings()["url"].rsplit("/", 1)[1])
        assert cached
        page.reload()
        assert started(page) == "snapshot"
        server.stop()
        context.set_offline(True)
        page.reload()
        assert started(page) == "snapshot"
        page.goto(page.url.split("#")[0] + "#/setup/momentum")
        start_and_play_d4(page)
    finally:
        context.close()
        server.stop()


# The snapshot as a file of the origin private file system (the start module's "the snapshot as a
# file of the origin's own file system"; sw.js writes it as it installs).
SNAPSHOT_FILES = """async () => {
    try {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('ludothek');
        const found = {};
        for await (const [name, handle] of folder.entries()) found[name] = (await handle.getFile()).size;
        return found;
    } catch (error) {
        return null;
    }
}"""
REWRITE_SNAPSHOT_FILE = """async ([name, change]) => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('ludothek');
    const handle = await folder.getFileHandle(name);
    let bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    if (change === 'flip') bytes[bytes.length >> 1] ^= 0xff;
    else bytes = bytes.subarray(0, bytes.length - 4096);
    const writable = await handle.createWritable();
    await writable.write(bytes);
    await writable.close();
}"""


def wait_for_snapshot_files(page, expected: dict) -> None:
    """Until the folder holds `expected` (names and lengths), as the page sees it."""
    as_text = json.dumps(expected, separators=(",", ":"))  # as JSON.stringify writes it
    until(page, f"({SNAPSHOT_FILES})().then(found => JSON.stringify(found) === {json.dumps(as_text)})", timeout=60)


def snapshot_file() -> dict:
    """This build's snapshot as the start module expects the file: its name and its length."""
    settings = snapshot_settings()
    return {settings["url"].rsplit("/", 1)[1]: settings["size"]}


def python_worker(page):
    """The page's worker that runs Python (the one whose start module said how it started)."""
    (python,) = workers_where(page, "!!self.ludothekStartKind")
    return python


def snapshot_source(page) -> str:
    """Where Python's worker found the snapshot it started from ("file", "cache", "network", ...)."""
    return python_worker(page).evaluate("self.ludothekSnapshotFrom || ''")


@contextlib.contextmanager
def installed_app(browser, init_script: str = "", requests: list | None = None):
    """A fresh browser's first visit, until its service worker has installed and the next start
    has been rehearsed: the page (with `init_script` run in every document; every request the
    browser makes put into `requests`)."""
    server = AppServer()
    context = browser.new_context()
    try:
        if init_script:
            context.add_init_script(init_script)
        if requests is not None:
            context.on("request", lambda request: requests.append(request))
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(server.url)
        assert started(page) == "normal"
        wait_for_service_worker(page)
        # ... and the next start rehearsed (boot.js), as for a visitor who comes back later.
        wait_for(page, "!!document.body.dataset.rehearsed", timeout=120_000)
        yield page
    finally:
        context.close()
        server.stop()


def wasm_source(page) -> str:
    """Where Python's worker got its compiled WebAssembly: "helper" (the worker's prelude compiled
    it in a helper worker, scripts/python_worker.js) or "here" (the start module compiled it)."""
    return python_worker(page).evaluate("self.ludothekWasmFrom || ''")


def restart(page) -> tuple[str, str]:
    """The page reloaded: which start it was, and where a start from the snapshot found it."""
    page.reload()
    kind = started(page)
    return kind, snapshot_source(page) if kind == "snapshot" else ""


def test_a_returning_start_reads_the_snapshot_from_the_file_the_service_worker_wrote(browser):
    with installed_app(browser) as page:
        assert page.evaluate(SNAPSHOT_FILES) == snapshot_file()
        assert restart(page) == ("snapshot", "file")
        assert_nothing_went_wrong(page)


def test_a_return_takes_the_webassembly_compiled_in_a_helper_worker(browser):
    # On a first visit the worker compiles the download it keeps a copy of; on a return a helper
    # worker reads the browser's compiled copy back, off the thread that reads the snapshot.
    with installed_app(browser) as page:
        assert wasm_source(page) == "here"
        assert restart(page) == ("snapshot", "file")
        assert wasm_source(page) == "helper"
        assert_nothing_went_wrong(page)


def test_a_helper_that_cannot_compile_leaves_the_compiling_to_pythons_worker(browser):
    # The helper's request for the WebAssembly fails (the file gone from the service worker's
    # cache, the network refusing once): Python's worker fetches and compiles it itself, and the
    # start from the snapshot goes on.
    with installed_app(browser) as page:
        refused: list[str] = []

        def refuse_once(route):
            if refused:
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        page.context.route("**/pyodide.asm.wasm", refuse_once)
        page.evaluate(
            """async () => {
                for (const name of await caches.keys()) {
                    const cache = await caches.open(name);
                    for (const request of await cache.keys()) if (request.url.endsWith('/pyodide.asm.wasm')) await cache.delete(request);
                }
            }"""
        )
        assert restart(page) == ("snapshot", "file")
        assert len(refused) == 1, refused
        assert wasm_source(page) == "here"
        assert_nothing_went_wrong(page)


def test_a_damaged_snapshot_file_gives_the_normal_start_then_cache_storage_and_is_written_anew(browser):
    with installed_app(browser) as page:
        (name,) = snapshot_file()
        page.evaluate(REWRITE_SNAPSHOT_FILE, [name, "flip"])
        assert restart(page) == ("normal", "")  # its SHA-256 refused it
        assert_nothing_went_wrong(page)
        wait_for_snapshot_files(page, {})
        assert restart(page) == ("snapshot", "cache")
        # Python's worker writes the file itself after a start from Cache Storage.
        wait_for_snapshot_files(page, snapshot_file())
        assert restart(page) == ("snapshot", "file")
        assert_nothing_went_wrong(page)


def test_a_snapshot_file_cut_short_is_passed_over_for_cache_storage(browser):
    with installed_app(browser) as page:
        (name,) = snapshot_file()
        page.evaluate(REWRITE_SNAPSHOT_FILE, [name, "cut"])
        assert restart(page) == ("snapshot", "cache")
        assert_nothing_went_wrong(page)


def test_an_install_rehearses_the_next_start_in_a_worker_of_its_own_from_the_cache_alone(browser):
    # boot.js, "the next start rehearsed": once the service worker is active, a start from the
    # snapshot runs in a worker of its own and ends; the next start is the real one, as before.
    asked: list = []
    with installed_app(browser, requests=asked) as page:
        assert page.evaluate("document.body.dataset.rehearsed") == "snapshot"
        # The rehearsal's requests (the page's and its workers', from the rehearsal's own module
        # on; not the service worker's downloads for its install): each answered from the service
        # worker's cache, none by the server.
        pages = [request for request in asked if request.service_worker is None]
        paths = [request.url.split("/", 3)[3] for request in pages]
        assert paths.count("assets/rehearse.mjs") == 1
        rehearsal = pages[paths.index("assets/rehearse.mjs") :]
        assert "assets/vendor/pyodide/pyodide.asm.mjs" in [request.url.split("/", 3)[3] for request in rehearsal]
        assert [request.url for request in rehearsal if not (request.response() and request.response().from_service_worker)] == []
        # It is gone, only the app's Python is left, and it kept nothing of its own.
        until(page, lambda: not workers_where(page, "!!self.ludothekRehearsedKind"), timeout=60, what="the rehearsal's worker ended")
        assert len(page.evaluate("caches.keys()")) == 1
        assert page.evaluate(SNAPSHOT_FILES) == snapshot_file()
        assert_nothing_went_wrong(page)
        assert restart(page) == ("snapshot", "file")


@pytest.mark.parametrize(
    "short",
    [
        "Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => 2})",
        "Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true})})",
    ],
)
def test_no_rehearsal_where_the_browser_is_short_of_memory_or_saving_data(browser, short):
    with installed_app(browser, init_script=short) as page:
        assert page.evaluate("document.body.dataset.rehearsed") == "skipped"
        assert restart(page) == ("snapshot", "file")


def test_two_starts_from_one_snapshot_draw_different_seeds(browser, app_url):
    seeds = []
    for _ in range(2):
        context = browser.new_context(service_workers="block")
        try:
            context.add_init_script(FETCH_IT)
            page = context.new_page()
            page.goto(app_url)
            assert started(page) == "snapshot"
            seeds.append(new_game_seed(page, app_url))
        finally:
            context.close()
    assert seeds[0] != seeds[1], "the random generator's state came from the snapshot"


def test_the_snapshot_is_looked_for_as_the_start_module_begins_and_read_once(browser, app_url):
    # The start module looks for the snapshot as it is evaluated in Python's worker: its search does
    # not wait for the runtime (its WebAssembly held back here, so Python cannot start), and the
    # snapshot is asked for once.
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(FETCH_IT)
        page = context.new_page()
        held = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        with page.expect_request(re.compile(r"/snapshot\.[0-9a-f]+\.bin$"), timeout=60_000):
            page.goto(app_url)
        assert page.evaluate("document.body.dataset.ready") is None
    finally:
        context.close()
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(FETCH_IT)
        page = context.new_page()
        asked = []
        page.on("request", lambda request: asked.append(request.url) if re.search(r"/snapshot\.[0-9a-f]+\.bin$", request.url) else None)
        page.goto(app_url)
        assert started(page) == "snapshot"
        assert len(asked) == 1, asked
    finally:
        context.close()


def stored_saves(page) -> dict:
    """What the page keeps in localStorage, less the home list's copy for the next start, which
    the app writes anew whenever it draws the home screen (web/home_screen.SAVES_CACHE_KEY)."""
    kept = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    kept.pop("ludothek.home.saves", None)
    return kept


def test_a_corrupted_snapshot_gives_the_normal_start_and_keeps_the_saves(browser, tmp_path):
    broken = bytearray(snapshot_bytes())
    broken[len(broken) // 2] ^= 0xFF  # one byte of Python's memory changed on the way
    context = browser.new_context(service_workers="block")
    served: list[str] = []
    with serving_as_snapshot(tmp_path, bytes(broken)) as url:
        try:
            page = context.new_page()
            page.errors = []
            page.on("pageerror", lambda error: page.errors.append(str(error)))
            page.on("request", lambda request: served.append(request.url) if ".bin" in request.url else None)
            open_app(page, url)
            put_save(
                page,
                "kept",
                {"format": "ludothek", "version": 1, "game": "momentum", "players": [{"name": "A"}, {"name": "B"}], "options": {}, "seed": 5, "moves": ["d4"]},
            )
            before = stored_saves(page)
            context.add_init_script(FETCH_IT)
            page.reload()
            assert started(page) == "normal"
            assert served, "the page did not ask for the snapshot"
            expect(page.locator(".save-list li")).to_have_count(1)
            assert_nothing_went_wrong(page)
            assert stored_saves(page) == before
        finally:
            context.close()


def refused_start(browser, tmp_path: Path, packed: bytes) -> list[str]:
    """Serve `packed` as the snapshot, the start module told its SHA-256 (a cached start module
    beside a newer runtime, or a file that passes the hash check and is wrong inside): the page
    starts the normal way with nothing gone wrong. What the page logged."""
    digest = hashlib.sha256(packed).hexdigest()
    expected = snapshot_settings()["sha256"]

    def start_module(route):
        text = route.fetch().text().replace(expected, digest)
        route.fulfill(body=text, headers={"Content-Type": "text/javascript"})

    context = browser.new_context(service_workers="block")
    with serving_as_snapshot(tmp_path, packed) as url:
        try:
            context.add_init_script(FETCH_IT)
            page = context.new_page()
            page.errors = []
            page.on("pageerror", lambda error: page.errors.append(str(error)))
            logged: list[str] = []
            page.on("console", lambda message: logged.append(message.text))
            page.route("**/vendor/pyodide/ludothek.mjs", start_module)
            page.goto(url)
            assert started(page) == "normal"
            assert_nothing_went_wrong(page)
            return logged
        finally:
            context.close()


def test_a_snapshot_of_another_runtime_build_is_refused_and_the_start_goes_on(browser, tmp_path):
    # A snapshot that another Pyodide build made: Pyodide refuses it, the normal start follows.
    memory = bytearray(build.unpack_snapshot(snapshot_bytes()))
    memory[16] ^= 0xFF  # the build id in Pyodide's header
    logged = refused_start(browser, tmp_path, build.pack_snapshot(bytes(memory)))
    assert any("build id" in text for text in logged), logged  # refused by Pyodide, not by the hash


def test_a_snapshot_made_against_another_runtime_memory_is_refused_and_the_start_goes_on(browser, tmp_path):
    # The blocks the file leaves out are taken from the runtime's memory as the page's runtime made
    # it: where that is not what the snapshot was packed against (here: the checksum the file gives
    # them), the snapshot is refused before Pyodide copies anything, and the normal start follows.
    import struct

    packed = bytearray(snapshot_bytes())
    kept, taken = struct.unpack_from("<II", packed, 8 + 12)
    assert taken > 500, "the snapshot leaves out the blocks the runtime holds"
    packed[8 + 20 + 4 * (kept + taken)] ^= 0xFF  # the first byte of their SHA-256
    logged = refused_start(browser, tmp_path, bytes(packed))
    assert any("runtime's memory" in text for text in logged), logged


@pytest.mark.parametrize("damage", ["truncated", "counts past the end", "a block past the memory"])
def test_a_snapshot_whose_own_lengths_are_wrong_is_refused_before_anything_is_allocated(browser, tmp_path, damage):
    # Its SHA-256 is the one the start module is told (the hash is checked beside the module
    # factory, not before the unpacking): the unpacking itself must refuse a file whose header
    # does not fit it, never read past its end or allocate what a damaged header asks for.
    import struct

    packed = bytearray(snapshot_bytes())
    if damage == "truncated":
        packed = packed[:-1000]
    elif damage == "counts past the end":
        struct.pack_into("<I", packed, 20, 0xFFFFFFF0)  # the number of blocks kept
    else:
        kept, taken = struct.unpack_from("<II", packed, 20)
        struct.pack_into("<I", packed, 28 + 4 * kept, 0x7FFFFFFF)  # the first block taken from the runtime
    logged = refused_start(browser, tmp_path, bytes(packed))
    assert any("wrong length" in text for text in logged), logged


def test_without_the_snapshot_the_start_is_the_normal_one(browser, app_url):
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(FETCH_IT)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.route("**/snapshot.*.bin", lambda route: route.fulfill(status=404, body=b""))
        page.goto(app_url)
        assert started(page) == "normal"
        assert_nothing_went_wrong(page)
    finally:
        context.close()


def test_an_install_without_the_snapshot_still_plays_offline(browser, tmp_path):
    # The snapshot is precached only where it can be (a browser short of room, a host that lost
    # it): the service worker installs the rest, and the offline start is the normal one.
    context = browser.new_context()
    with serving_as_snapshot(tmp_path, None) as url:
        try:
            page = context.new_page()
            page.goto(url)
            assert started(page) == "normal"
            wait_for_service_worker(page)
            page.reload()
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            context.set_offline(True)
            page.reload()
            assert started(page) == "normal"
            expect(page.get_by_role("link", name="New game").first).to_be_visible()
        finally:
            context.close()


def test_a_returning_reader_of_an_embed_starts_from_the_snapshot_in_the_http_cache(playwright, app_url, tmp_path):
    # An embed keeps nothing in storage: after the first Play it fetches the snapshot into the
    # HTTP cache (a persistent profile's, as a reader's browser has), and the next Play uses it.
    import html as html_text

    from blog import snippet

    src = html_text.unescape(re.search(r'src="([^"]*)"', snippet("momentum", app_url)).group(1))
    context = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(src)
        page.get_by_role("button", name="Play").click()
        assert started(page) == "normal"
        fetched = "performance.getEntriesByType('resource').map(e => e.name).find(name => /snapshot\\.[0-9a-f]+\\.bin$/.test(name))"
        page.wait_for_function(fetched, timeout=120_000)
        # The HTTP cache's entry is written as the body ends: it is there once the browser answers from the cache alone.
        until(page, f"fetch({fetched}, {{cache: 'only-if-cached', mode: 'same-origin'}}).then(r => r.ok, () => false)", what="the snapshot in the HTTP cache")
        assert page.evaluate("typeof caches === 'undefined' ? [] : caches.keys()") == []
        page.reload()
        page.get_by_role("button", name="Play").click()
        assert started(page) == "snapshot"
        assert snapshot_source(page) == "http-cache"
        expect(page.locator("#board svg")).to_be_visible()
        # Nor in the origin's private file system, where the app keeps its copy.
        page.wait_for_timeout(6000)  # past the delay after which the app's worker writes one
        assert (
            page.evaluate(
                "navigator.storage.getDirectory().then(async root => { const names = []; for await (const name of root.keys()) names.push(name); return names; })"
            )
            == []
        )
    finally:
        context.close()


def test_the_shared_profile_starts_from_the_snapshot_as_a_returning_visitor_does(page, app_url):
    """The browser tests that run in the shared profile stand for returning visitors: a start that
    fell back to the normal one there would go unnoticed (only slower), so it is checked here."""
    open_app(page, app_url)
    expected = "normal" if os.environ.get("LUDOTHEK_TEST_SNAPSHOT", "1") == "0" else "snapshot"
    assert page.evaluate("document.documentElement.dataset.start") == expected
