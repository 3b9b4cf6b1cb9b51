"""The static server of the page benchmarks: serve.py's handler, counting the bytes it sends."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402


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
