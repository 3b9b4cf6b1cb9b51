"""Thin helpers over the browser's DOM and storage (Pyodide only)."""

from __future__ import annotations

from typing import Any, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null always arrived as None
    jsnull = None

from .page import Page
from .saves import BrowserStorage

document = js.document
window = js.window

_proxies: list = []  # keep event-handler proxies alive for the page's lifetime


def browser_page() -> Page:
    """The page's side (assets/page.js), on this thread."""
    return Page(js.ludothekPage.run)


def connect(handler: Callable[[str], None]) -> str:
    """Give the page's side Python's handler of its events; its answer is the page's start (JSON)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    return str(js.ludothekPage.connect(proxy))


def nullable(value: Any) -> Any:
    """JS null (which may arrive as pyodide's jsnull) as None, so `is None` tests work."""
    return None if value is None or value is jsnull else value


def by_id(element_id: str):
    return nullable(document.getElementById(element_id))


def query(selector: str, root=None):
    return nullable((root if root is not None else document).querySelector(selector))


def on(target, event: str, handler, **options) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    if options:
        target.addEventListener(event, proxy, to_js(options, dict_converter=js.Object.fromEntries))
    else:
        target.addEventListener(event, proxy)


def to_js_options(options: dict):
    """A Python dict as a plain JavaScript object (for options arguments such as scrollIntoView's)."""
    return to_js(options, dict_converter=js.Object.fromEntries)


def focus(element, scroll: bool = True) -> None:
    """Focus `element`; without scrolling it into view when `scroll` is false."""
    if scroll:
        element.focus()
    else:
        element.focus(to_js_options({"preventScroll": True}))


def data(element, key: str) -> str | None:
    """The element's data-<key> attribute, None when it has none."""
    # Test with hasAttribute: JS null may arrive as pyodide's jsnull rather than None.
    if nullable(element) is None or not element.hasAttribute("data-" + key):
        return None
    return str(element.getAttribute("data-" + key))


def closest(element, selector: str):
    element = nullable(element)
    while element is not None and not hasattr(element, "closest"):
        element = nullable(getattr(element, "parentElement", None))
    return nullable(element.closest(selector)) if element is not None else None


class LocalStorage(BrowserStorage):
    """The SaveStore's storage on window.localStorage: every call guarded (saves.BrowserStorage),
    in memory when the browser allows none, "full" told apart from blocked."""

    def __init__(self) -> None:
        super().__init__(lambda: window.localStorage)
