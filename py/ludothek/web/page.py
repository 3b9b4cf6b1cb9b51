"""What the app asks of the page, as data: the effects ("ops") that assets/page.js carries out.

Every change the app makes to the page goes through `Page`: a new screen, a region drawn anew, a
toast, the focus, the address, a download. Each op is a JSON array (name, arguments), so the app
decides what the page shows without holding the page's objects: the page's side may run on the
page's thread, as now, or take the ops from Python in a worker (issue 33's plan, docs/architecture.md
"The page and Python"). Pure: the transport that delivers the ops is given (`Page(send)`); tests
record them (`RecordingPage`)."""

from __future__ import annotations

import json
from typing import Any, Callable

Op = list[Any]


def css_string(value: str | None) -> str:
    """`value` as a quoted CSS string, for an attribute selector (a board target's token holds
    commas and colons)."""
    return '"' + (value or "").replace("\\", "\\\\").replace('"', '\\"') + '"'


class Page:
    """The page as the app changes it. `send(op_text)` carries out one op (a JSON text) on the
    page's side and returns what it returns (a Promise for copy, share and the PNG download)."""

    def __init__(self, send: Callable[[str], Any]) -> None:
        self._send = send

    def run(self, *op: Any) -> Any:
        return self._send(json.dumps(list(op), separators=(",", ":"), ensure_ascii=False))

    # -- screens and regions ---------------------------------------------------------------------

    def screen(self, name: str, html: str, title: str, keep_scroll: bool = False) -> None:
        """A new screen: `name` on the body, `html` in #screen, `title` as the document's title; the
        live region emptied; the page's top shown unless `keep_scroll`."""
        self.run("screen", name, html, title, keep_scroll)

    def region(self, element_id: str, html: str, keep_focus: bool = False, keep_open: str | None = None) -> None:
        """The element #`element_id` drawn anew. A disclosure opened in it stays open
        (details[data-keep], and the one `keep_open` selects); with `keep_focus`, the control that
        had the keyboard gets it again in the new HTML (found by its tag, href, data-action,
        data-save, data-index or id), without scrolling."""
        self.run("region", element_id, html, keep_focus, keep_open)

    def html(self, selector: str, html: str) -> None:
        self.run("html", selector, html)

    def append(self, selector: str, html: str) -> None:
        self.run("append", selector, html)

    def text(self, selector: str, text: str) -> None:
        self.run("text", selector, text)

    def attr(self, selector: str, name: str, value: str | None) -> None:
        """Set (or, with None, remove) an attribute."""
        self.run("attr", selector, name, value)

    def prop(self, selector: str, name: str, value: str | bool | int) -> None:
        """Set an element's property (a field's value, a disclosure's open)."""
        self.run("prop", selector, name, value)

    def set_class(self, selector: str, name: str, on: bool) -> None:
        self.run("class", selector, name, on)

    def set_class_all(self, selector: str, name: str, on: bool) -> None:
        """A class set (or taken away) on every element that matches."""
        self.run("classAll", selector, name, on)

    def attr_all(self, selector: str, name: str, value: str | None) -> None:
        """An attribute set (or, with None, removed) on every element that matches."""
        self.run("attrAll", selector, name, value)

    def style(self, selector: str, name: str, value: str) -> None:
        """A CSS property (a custom property such as --embed-top) on the element's own style."""
        self.run("style", selector, name, value)

    def body_data(self, name: str, value: str | None) -> None:
        """The body's data attribute (camelCase `name`, as in dataset): what tests and styles read."""
        self.run("data", "body", name, value)

    def title(self, text: str) -> None:
        self.run("title", text)

    def lang(self, code: str) -> None:
        self.run("lang", code)

    # -- focus and scrolling ---------------------------------------------------------------------

    def focus(self, selector: str, scroll: bool = True) -> None:
        """The keyboard on the first element matching `selector`, if there is one; `scroll=False`
        keeps the page where the reader scrolled it."""
        self.run("focus", selector, scroll)

    def select(self, selector: str) -> None:
        """A text field focused with its text selected (for copying by hand)."""
        self.run("select", selector)

    def scroll_to_end(self, selector: str) -> None:
        """A scrolled box shows its end (the latest move)."""
        self.run("scrollTop", selector)

    def show_top(self, selector: str) -> None:
        """The element's top brought into view when it is above the window."""
        self.run("showTop", selector)

    # -- the player ------------------------------------------------------------------------------

    def announce(self, text: str) -> None:
        """Said through the live region."""
        self.run("announce", text)

    def toast(self, html: str, seconds: float) -> None:
        self.run("toast", html, int(seconds * 1000))

    def open_dialog(self, html: str, focus: str | None = None) -> None:
        self.run("dialog", html, focus)

    def close_dialog(self) -> None:
        self.run("dialog", None, None)

    # -- the address -----------------------------------------------------------------------------

    def go(self, route: str) -> None:
        """A new entry in the history (the router follows it)."""
        self.run("go", route)

    def replace_route(self, route: str) -> None:
        """The address's fragment replaced, so Back does not lead to the one replaced."""
        self.run("replaceHash", route)

    def replace_url(self, url: str) -> None:
        """The address replaced without a new history entry and without following it."""
        self.run("replaceUrl", url)

    # -- files, the clipboard, sharing ----------------------------------------------------------

    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        self.run("download", filename, mime, text)

    def download_png(self, filename: str, svg: str, width: int) -> Any:
        """An awaitable: true when the picture was drawn and downloaded."""
        return self.run("downloadPng", filename, svg, width)

    def copy(self, text: str) -> Any:
        """An awaitable that fails when the browser refuses the clipboard."""
        return self.run("copy", text)

    def share(self, title: str, text: str, url: str) -> Any:
        """An awaitable: false where the browser has no share sheet; fails when it was closed."""
        return self.run("share", title, text, url)

    # -- measuring and reporting -----------------------------------------------------------------

    def mark(self, name: str) -> None:
        self.run("mark", name)

    def measure(self, name: str, start: str) -> None:
        self.run("measure", name, start)

    def error(self, text: str) -> None:
        """Written to the browser's console (a traceback the player is told about in words)."""
        self.run("error", text)


class RecordingPage(Page):
    """A page that only records the ops, for tests in CPython."""

    def __init__(self) -> None:
        self.ops: list[Op] = []
        super().__init__(self._record)

    def _record(self, op_text: str) -> None:
        self.ops.append(json.loads(op_text))

    def named(self, name: str) -> list[Op]:
        return [op for op in self.ops if op[0] == name]
