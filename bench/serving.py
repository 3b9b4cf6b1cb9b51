"""The static server of the page benchmarks: serve.py's handler, counting the bytes it sends."""

from __future__ import annotations

import functools
import gzip
import http.server
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402

# The bare pages' loadPyodide() takes Pyodide's own standard library and its lock file (the index of
# its packages) from beside pyodide.mjs, where the site (since it ships its own standard library and
# passes a lock with no packages inline: scripts/build.py) has neither: they are served from
# Pyodide's npm package, with precompressed copies as the site's large files have (a static host
# would compress the lock file's JSON too), made once in .cache/.
PYODIDE_NODE = ROOT / "node_modules" / "pyodide"
PYODIDE_OWN = ("python_stdlib.zip", "pyodide-lock.json")
PYODIDE_COPIES = ROOT / ".cache" / "bench-pyodide"


def pyodide_own_file(path: str, site_file: str) -> str | None:
    """The file to serve for `path` (the address's path) when it names one of Pyodide's own files
    that the site at `site_file` (where the site would have it) does not have; None otherwise (an
    earlier version's site that ships its own lock file is served as it is)."""
    name = path.rsplit("/", 1)[-1]
    if not path.startswith("/assets/vendor/pyodide/") or name not in PYODIDE_OWN or Path(site_file).exists():
        return None
    copy = PYODIDE_COPIES / name
    source = PYODIDE_NODE / name
    if not copy.exists() or copy.stat().st_mtime < source.stat().st_mtime:
        import build  # scripts/build.py: its Brotli copies

        PYODIDE_COPIES.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, copy)
        if copy.suffix == ".json":
            copy.with_name(copy.name + ".gz").write_bytes(gzip.compress(copy.read_bytes(), 9, mtime=0))
            build.brotli_compress([copy])
    return str(copy)


class CountingHandler(serve.Handler):
    """Counts the bytes of every response body sent (what crossed the 'network'). With
    `cache_seconds` it lets the browser cache as a static host does, instead of the development
    server's revalidate-every-time."""

    cache_seconds: int | None = None

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self.server.bytes_sent += int(value)
        super().send_header(keyword, value)

    def end_headers(self):
        if self.cache_seconds is None:
            super().end_headers()
            return
        self.send_header("Cache-Control", f"public, max-age={self.cache_seconds}")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


class CachingHandler(CountingHandler):
    cache_seconds = 600


class CountingServer:
    def __init__(self, root: Path = ROOT, handler: type[CountingHandler] = CountingHandler):
        self.server = serve.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.server.bytes_sent = 0
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
