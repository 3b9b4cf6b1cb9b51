#!/usr/bin/env python3
"""Serve the app folder on localhost (a static server with the right types for the runtime).

    python3 scripts/serve.py [--port 8000] [--host 127.0.0.1]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".mo": "application/octet-stream",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        # Revalidate every time (a 304 is cheap): an edited file is never served stale while developing.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        if self.server.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    verbose = False


def make_server(host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT, verbose: bool = False) -> Server:
    server = Server((host, port), functools.partial(Handler, directory=str(root)))
    server.verbose = verbose
    return server


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Serve Ludothek on localhost.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, verbose=args.verbose)
    print(f"Ludothek is served at http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)


if __name__ == "__main__":
    main()
