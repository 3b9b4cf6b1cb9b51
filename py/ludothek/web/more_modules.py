"""The package's modules the first screen does not import, and the files it does not read, arrive
in a second zip.

scripts/build.py splits the package in two: assets/build/ludothek.zip holds what Python needs
before the first screen (PyScript unpacks it before main.py runs), assets/build/ludothek.more.zip
the rest (each game's engine, view and computer player, the editing modules...), about half of
its bytes, which a first visit no longer downloads before the app is ready. The first import of a
module of it makes `MoreModules` fetch the second zip, synchronously (a worker may wait for a
request; the page stays live), and unpack it beside the first, so an import never fails for want
of it; so does the first read of one of its files (rules texts, stylesheets, puzzles: through
ludothek/package_files.py, which a module restored from the memory snapshot reads them by too). The page brings the zip into the HTTP cache once the first screen is live (page.js, the
`runtime` op), so that request is usually answered at once; the service worker keeps it too.
(Not fetched here in the background: a synchronous request for a file whose asynchronous fetch
this same thread has not yet read waits for it for ever in Chromium, the HTTP cache holding the
second behind the first.)

Only here does Python fetch code; the address comes from the worker's start module
(scripts/pyodide_start.mjs: `ludothekMoreModulesURL`, absent where the build made one zip), and
so do the names of the standard modules in it (`ludothekMoreStdlib`)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import io
import os
import sys
import zipfile
from types import ModuleType
from typing import Sequence

import js  # type: ignore[import-not-found]

from .. import package_files

PACKAGE = "ludothek"


class MoreModules(importlib.abc.MetaPathFinder):
    """Last on `sys.meta_path`: asked only for a module nothing else found. For one of the
    package's, or one of the standard modules the build put in the second zip (`stdlib`: those
    only a function imports, such as difflib), the second zip is fetched and unpacked (once), and
    the module looked up again."""

    def __init__(self, url: str, target: str, stdlib: Sequence[str] = ()) -> None:
        self.url = url
        self.target = target
        self.stdlib = frozenset(stdlib)
        self.unpacked = False

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if self.unpacked or not (name.startswith(PACKAGE + ".") or name in self.stdlib):
            return None
        self.unpack(fetch_now(self.url))
        return importlib.machinery.PathFinder.find_spec(name, path)

    def unpack(self, data: bytes) -> None:
        if self.unpacked:
            return
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(self.target)
        self.unpacked = True
        forget_folder_listings()


def forget_folder_listings() -> None:
    """The import system's listings of the folders on the path forgotten (they predate the new
    files). As `importlib.invalidate_caches()` without its last step, which imports
    importlib.metadata: a module the site's standard library does not ship (scripts/build.py)."""
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


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
    """Put the finder last on `sys.meta_path` (once), where the build made a second zip, and have
    the files of the second zip (package_files.LATER_FILES) brought when one is asked for first."""
    global _finder
    url = getattr(js, "ludothekMoreModulesURL", None)
    if _finder is not None or not url:
        return
    stdlib = [str(name) for name in (getattr(js, "ludothekMoreStdlib", None) or [])]
    _finder = MoreModules(str(url), os.getcwd(), stdlib)  # PyScript unpacked the first zip here ("./*")
    sys.meta_path.append(_finder)
    package_files.when_missing(bring_files)


def bring_files() -> None:
    """The second zip fetched and unpacked now, for a file of it (its module may have come from the
    memory snapshot, never imported from a zip); FileNotFoundError when it cannot be had."""
    if _finder is None or _finder.unpacked:
        return
    try:
        _finder.unpack(fetch_now(_finder.url))
    except ImportError as exc:
        raise FileNotFoundError(str(exc)) from None
