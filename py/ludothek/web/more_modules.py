"""The package's modules the first screen does not import arrive in a second zip.

scripts/build.py splits the package in two: assets/build/ludothek.zip holds what Python needs
before the first screen (PyScript unpacks it before main.py runs), assets/build/ludothek.more.zip
the rest (each game's engine, view and computer player, the editing modules...), about half of
its bytes, which a first visit no longer downloads before the app is ready. The second zip is
fetched once the first screen is live (`fetch_soon`) and unpacked beside the first. A module of it
imported before that (a game opened at once, a link to a game, an embed's Play) makes `MoreModules`
fetch it at that moment, synchronously (a worker may wait for a request; the page stays live), so
an import never fails for want of it.

Only here does Python fetch code; the address comes from the worker's start module
(scripts/pyodide_start.mjs: `ludothekMoreModulesURL`, absent where the build made one zip)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.abc
import importlib.machinery
import io
import os
import sys
import zipfile
from types import ModuleType
from typing import Any, Sequence

import js  # type: ignore[import-not-found]

PACKAGE = "ludothek"


class MoreModules(importlib.abc.MetaPathFinder):
    """Last on `sys.meta_path`: asked only for a module nothing else found. For one of the
    package's, the second zip is fetched and unpacked (once), and the module looked up again."""

    def __init__(self, url: str, target: str) -> None:
        self.url = url
        self.target = target
        self.unpacked = False

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if self.unpacked or not name.startswith(PACKAGE + "."):
            return None
        self.unpack(fetch_now(self.url))
        return importlib.machinery.PathFinder.find_spec(name, path)

    def unpack(self, data: bytes) -> None:
        if self.unpacked:
            return
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(self.target)
        self.unpacked = True
        importlib.invalidate_caches()  # the folders' listings the import system keeps are older


def fetch_now(url: str) -> bytes:
    """The file at `url`, waiting for it (a worker's synchronous request); ImportError if it
    cannot be had (offline before the service worker kept it)."""
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    try:
        request.send()
    except Exception as exc:  # noqa: BLE001 - a network error in JavaScript: the import fails, said so
        raise ImportError(f"the app's modules at {url} could not be fetched ({exc})") from None
    if request.status != 200:
        raise ImportError(f"the app's modules at {url} could not be fetched (HTTP {request.status})")
    return bytes(request.response.to_bytes())


_finder: MoreModules | None = None


def install() -> None:
    """Put the finder last on `sys.meta_path` (once), where the build made a second zip."""
    global _finder
    url = getattr(js, "ludothekMoreModulesURL", None)
    if _finder is not None or not url:
        return
    _finder = MoreModules(str(url), os.getcwd())  # PyScript unpacked the first zip here ("./*")
    sys.meta_path.append(_finder)


def fetch_soon() -> None:
    """Fetch and unpack the second zip in the background, once the first screen is live. Not
    after a start from the memory snapshot, which holds the package's modules already."""
    if _finder is None or _finder.unpacked or getattr(js, "ludothekStartKind", "") == "snapshot":
        return
    finder = _finder

    async def fetch() -> None:
        try:
            response = await js.fetch(finder.url)
            if response.ok:
                finder.unpack(bytes((await response.arrayBuffer()).to_bytes()))
        except Exception:  # noqa: BLE001 - offline or refused: the first import fetches it instead (and says so if it cannot)
            pass

    global _fetching
    _fetching = asyncio.ensure_future(fetch())  # held, so the collector cannot drop it mid-way


_fetching: asyncio.Future[None] | None = None
