#!/usr/bin/env python3
"""Serve the published site (dist/, written by scripts/build.py) on localhost, as a static host
would: the right types for the runtime, and a file's precompressed `.br`/`.gz` copy when the
browser accepts it.

    python3 scripts/serve.py [--port 8000] [--host 127.0.0.1] [--root dist]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
from email.utils import parsedate_to_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist"
# Preferred first: what a static host with precompressed files sends.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

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
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def accepted_encodings(self) -> set[str]:
        header = self.headers.get("Accept-Encoding", "")
        return {part.split(";")[0].strip().lower() for part in header.split(",") if part.strip() and "q=0" not in part.replace(" ", "")}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # the folder's page, compressed like any other file
        if os.path.isfile(path):
            accepted = self.accepted_encodings()
            for encoding, suffix in ENCODINGS:
                if encoding in accepted and os.path.isfile(path + suffix):
                    return self.send_compressed(path, path + suffix, encoding)
        return super().send_head()

    def send_compressed(self, original: str, compressed: str, encoding: str):
        try:
            handle = open(compressed, "rb")
        except OSError:
            return super().send_head()
        stat = os.fstat(handle.fileno())
        # A returning visitor revalidates (Cache-Control: no-cache): answer 304 as for any other
        # file, or the browser downloads the runtime again on every visit and loses the compiled
        # WebAssembly it keeps beside the cached response.
        modified = int(os.stat(original).st_mtime)
        if self.not_modified_since(modified):
            handle.close()
            self.send_response(304)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def not_modified_since(self, modified: int) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            return modified <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        if self.server.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    verbose = False


def make_server(host: str = "127.0.0.1", port: int = 8000, root: Path = SITE, verbose: bool = False) -> Server:
    server = Server((host, port), functools.partial(Handler, directory=str(root)))
    server.verbose = verbose
    return server


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Serve Ludothek on localhost.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=SITE, help="the folder to serve (default: dist/)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.root / "index.html").is_file():
        sys.exit(f"serve: {args.root} has no index.html: run scripts/setup (or python3 scripts/build.py) first")
    server = make_server(args.host, args.port, root=args.root, verbose=args.verbose)
    print(f"Ludothek is served at http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)


if __name__ == "__main__":
    main()
