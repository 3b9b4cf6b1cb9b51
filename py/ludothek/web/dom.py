"""The browser's objects the app is handed at its start (Pyodide only): the page's side
(assets/page.js, which carries out web/page.Page's ops and sends web/page.PageEvent) and
window.localStorage. Nothing else in the app reaches the browser; web/app.main wires these up."""

from __future__ import annotations

from typing import Any, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from .page import Page
from .saves import BrowserStorage

_proxies: list[Any] = []  # keep the handler's proxy alive for the page's lifetime


def browser_page() -> Page:
    """The page's side (assets/page.js), on this thread."""
    return Page(js.ludothekPage.run)


def connect(handler: Callable[[str], None]) -> str:
    """Give the page's side Python's handler of its events; its answer is the page's start (JSON)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    return str(js.ludothekPage.connect(proxy))


class LocalStorage(BrowserStorage):
    """The SaveStore's storage on window.localStorage: every call guarded (saves.BrowserStorage),
    in memory when the browser allows none, "full" told apart from blocked."""

    def __init__(self) -> None:
        super().__init__(lambda: js.window.localStorage)
