"""The files the package reads (the rules texts, the boards' stylesheets, the puzzles, Fenn's
solved table), found where the package is.

The published site ships the package in two zips (scripts/build.py, split_package): the files read
only after the first screen (those under LATER_FILES) travel in the second, which the page's Python
brings when it first needs it (web/more_modules.py). A module that reads one asks for it here, so
the file is there before it is opened, also when its module came from the memory snapshot and was
never imported from a zip. Elsewhere (CPython, the tests, the build) every file is on disk already
and nothing is ever fetched."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

PACKAGE_ROOT = Path(__file__).resolve().parent
# The package's folders whose files come later, in the second zip (relative to the package).
LATER_FILES = ("rules/", "data/", "ai/data/", "render/styles/", "stories/")

_bring: Callable[[], None] | None = None


def when_missing(bring: Callable[[], None] | None) -> None:
    """Have `bring()` called when a file asked for is not on disk yet: it puts the second zip's
    files in place, or raises OSError (web/more_modules.py sets it; None: nothing is fetched)."""
    global _bring
    _bring = bring


def package_file(relative: str) -> Path:
    """The path of the package's file `relative` (e.g. "rules/fenn.en.md"), brought first when it
    is one of the later files and not there yet. The path may still not exist (a translation that
    was never written): callers check, as they would for any file."""
    path = PACKAGE_ROOT / relative
    if _bring is not None and relative.startswith(LATER_FILES) and not path.exists():
        _bring()
    return path
