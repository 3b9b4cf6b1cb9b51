"""Thin helpers over the browser's DOM and storage (Pyodide only)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null always arrived as None
    jsnull = None

from .saves import BrowserStorage

document = js.document
window = js.window

_proxies: list = []  # keep event-handler proxies alive for the page's lifetime


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


def download(filename: str, text: str, mime: str = "application/json") -> None:
    blob = js.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = filename
    anchor.style.display = "none"
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 2000)


class LocalStorage(BrowserStorage):
    """The SaveStore's storage on window.localStorage: every call guarded (saves.BrowserStorage),
    in memory when the browser allows none, "full" told apart from blocked."""

    def __init__(self) -> None:
        super().__init__(lambda: window.localStorage)


async def download_png(filename: str, svg: str, width: int) -> None:
    """Draw an SVG onto a canvas and download it as a PNG `width` pixels wide."""
    import asyncio

    blob = js.Blob.new(to_js([svg]), to_js({"type": "image/svg+xml"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    image = js.Image.new()
    loaded = asyncio.get_event_loop().create_future()
    image.onload = create_proxy(lambda *_: loaded.done() or loaded.set_result(True))
    image.onerror = create_proxy(lambda *_: loaded.done() or loaded.set_result(False))
    image.src = url
    ok = await loaded
    js.URL.revokeObjectURL(url)
    if not ok:
        raise ValueError("the picture could not be drawn")
    ratio = (image.naturalHeight or 1) / (image.naturalWidth or 1)
    canvas = document.createElement("canvas")
    canvas.width = width
    canvas.height = int(width * ratio)
    context = canvas.getContext("2d")
    context.fillStyle = "#ffffff"
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    done = asyncio.get_event_loop().create_future()
    canvas.toBlob(create_proxy(lambda png: done.done() or done.set_result(png)), "image/png")
    png = await done
    png_url = js.URL.createObjectURL(png)
    anchor = document.createElement("a")
    anchor.href = png_url
    anchor.download = filename
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(png_url)), 2000)
