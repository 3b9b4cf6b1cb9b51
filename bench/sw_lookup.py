"""How long the service worker's cache takes to find a file, by address and with ignoreSearch
(benchmark, not a test). A fresh Chromium profile makes a first visit, waits until the service
worker has installed, then looks up five of the files a start asks for, 10 times each, both ways,
twice in turn; what is printed is the cache's name, its number of entries and the mean ms per
lookup for each way. sw.js looks files up by address (ignoreSearch compares the request with
every entry of the cache). Usage:

    .venv/bin/python bench/sw_lookup.py [--site dist]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "bench")]

import serve  # noqa: E402 - scripts/serve.py
from playwright.sync_api import sync_playwright  # noqa: E402
from startup import CHROMIUM, CHROMIUM_ARGS, wait_until_precached  # noqa: E402

FILES = [
    "assets/boot.js",
    "assets/vendor/pyscript/core.js",
    "assets/vendor/pyodide/pyodide.asm.mjs",
    "assets/vendor/pyodide/pyodide.asm.wasm",
    "assets/app.css",
]
LOOKUPS = """async (files) => {
    const name = (await caches.keys()).find((found) => /^ludothek-[0-9a-f]+$/.test(found));
    const cache = await caches.open(name);
    const perLookup = {};
    for (const way of ["ignoreSearch", "address", "ignoreSearch", "address"]) {
        const begun = performance.now();
        for (let round = 0; round < 10; round++) {
            for (const file of files) {
                const address = new URL(file, location.href).href;
                if (!(await cache.match(address, way === "ignoreSearch" ? { ignoreSearch: true } : undefined))) throw new Error(file);
            }
        }
        perLookup[way] = Math.round((performance.now() - begun) / (10 * files.length) * 100) / 100;
    }
    return { cache: name, entries: (await cache.keys()).length, msPerLookup: perLookup };
}"""


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", default=str(ROOT / "dist"), help="a published site's folder")
    args = parser.parse_args(argv)
    server = serve.make_server(port=0, root=Path(args.site).resolve())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="allow")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
            wait_until_precached(page)
            print(page.evaluate(LOOKUPS, FILES))
        finally:
            context.close()
            server.shutdown()


if __name__ == "__main__":
    main()
