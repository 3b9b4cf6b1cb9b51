"""The start asks for what it needs once, early, and only for files the service worker keeps:
boot.js's early requests (the list scripts/build.py writes on its tag) are the very ones the
runtime then uses, and nothing the start loads is missing from the precache list (offline
play after the first visit depends on it)."""

from __future__ import annotations

import json
from collections import Counter

from conftest import READY_TIMEOUT_MS, SITE


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
        early = page.evaluate("""() => performance.getEntriesByType('resource')
            .filter(entry => entry.initiatorType === 'link').map(entry => entry.name)""")
    finally:
        context.close()
    manifest = precached()
    files = {path.removeprefix("./") for path in manifest["files"]} | {""}
    paths = [url.split("?")[0].split("#")[0] for url in requested]
    assert [path for path in paths if path not in files and path != "sw.js"] == []
    runtime = [path for path in paths if path.startswith(("assets/vendor/", "assets/build/ludothek.zip", "assets/build/python_stdlib.", "py/"))]
    twice = [path for path, count in Counter(runtime).items() if count > 1]
    assert twice == [], "an early request that the runtime did not use (it asked again)"
    for needed in ("pyodide.asm.wasm", "ludothek.zip", "py/main.py"):
        assert any(url.endswith(needed) for url in early), f"{needed} was not asked for early"
    # The site's own standard library (scripts/build.py, make_stdlib), never Pyodide's.
    assert [url for url in early if "python_stdlib." in url and url.endswith(".zip") and "/assets/build/" in url], (
        "the standard library was not asked for early"
    )
    assert not [path for path in paths if path.endswith("/python_stdlib.zip")]
    assert not [path for path in paths if "codemirror" in path or "xterm" in path or "/toml-" in path]
