"""What the app asks of the page, as data: the effects ("ops") that assets/page.js carries out.

Every change the app makes to the page goes through `Page`: a new screen, a region drawn anew, a
toast, the focus, the address, a download. Each op is a JSON array (name, arguments), so the app
decides what the page shows without holding the page's objects: the page's side may run on the
page's thread, as now, or take the ops from Python in a worker (issue 33's plan, docs/architecture.md
"The page and Python"). Pure: the transport that delivers the ops is given (`Page(send)`); tests
record them (`RecordingPage`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol

from .links import small_number

Op = list[object]  # an op as the page gets it: its name, then its arguments (JSON values)


class Timeline(Protocol):
    """Where Python's own marks and measures go (the worker's `performance`)."""

    def mark(self, name: str) -> object: ...
    def measure(self, name: str, start: str) -> object: ...


def css_string(value: str | None) -> str:
    """`value` as a quoted CSS string, for an attribute selector (a board target's token holds
    commas and colons)."""
    return '"' + (value or "").replace("\\", "\\\\").replace('"', '\\"') + '"'


def op_text(op: tuple[object, ...]) -> str:
    return json.dumps(list(op), separators=(",", ":"), ensure_ascii=False)


class Page:
    """The page as the app changes it. `send(op_text)` hands one op (a JSON text) to the page's
    side, which carries the ops out in the order they were sent (from a worker, in batches);
    `ask(op_text)` does the same for an op whose answer the app awaits (copy, share, the PNG
    download, `settled`) and returns that awaitable. Without `ask`, `send` answers both."""

    def __init__(self, send: Callable[[str], object], ask: Callable[[str], Awaitable[object]] | None = None, timeline: Timeline | None = None) -> None:
        """`timeline`: where `mark` and `measure` go when Python runs on a thread of its own (the
        worker's `performance`: they time Python's work, on Python's clock); None: to the page."""
        self._send = send
        self._ask: Callable[[str], Any] = ask or send  # answers with a JavaScript object (a promise)
        self._timeline = timeline

    def run(self, *op: object) -> None:
        self._send(op_text(op))

    def ask(self, *op: object) -> Awaitable[object]:
        # The page's answer is a JavaScript object (a promise; a future in tests): awaited, it gives the answer.
        answer: Awaitable[object] = self._ask(op_text(op))
        return answer

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

    def focus(self, selector: str | list[str], scroll: bool = True, note: str | None = None, outside: str | None = None, idle_or: str | None = None) -> None:
        """The keyboard on the first element matching `selector` (or the first of a list that is
        there and not disabled); `scroll=False` keeps the page where the reader scrolled it.
        Conditions, checked by the page when it gets there: `note`, a focus noted by `note_focus`
        (used up here); `outside`, the keyboard is not in these elements; `idle_or`, the keyboard
        is nowhere or in these."""
        when = {k: v for k, v in (("note", note), ("outside", outside), ("idleOr", idle_or)) if v is not None}
        self.run("focus", selector, scroll, when or None)

    def note_focus(self, name: str, selector: str, already: bool = False) -> None:
        """Note under `name` whether the keyboard is in `selector` now (or `already` true), until a
        `focus(..., note=name)` uses it up: regions drawn between take the focus away."""
        self.run("noteFocus", name, selector, already)

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

    def download_png(self, filename: str, svg: str, width: int) -> Awaitable[object]:
        """An awaitable: true when the picture was drawn and downloaded."""
        return self.ask("downloadPng", filename, svg, width)

    def copy(self, text: str) -> Awaitable[object]:
        """An awaitable that fails when the browser refuses the clipboard."""
        return self.ask("copy", text)

    def copy_field(self, field_id: str) -> Awaitable[object]:
        """An awaitable: the text field #`field_id` shows copied (false when there is no such
        field); fails when the browser refuses the clipboard."""
        return self.ask("copyField", field_id)

    def share(self, title: str, text: str, url: str) -> Awaitable[object]:
        """An awaitable: false where the browser has no share sheet; fails when it was closed."""
        return self.ask("share", title, text, url)

    def settled(self) -> Awaitable[object]:
        """An awaitable that resolves once the page has carried out every op sent before it (and
        told the app of every write it refused meanwhile)."""
        return self.ask("settled")

    # -- storage ---------------------------------------------------------------------------------

    def store(self, sequence: int, key: str, value: str | None) -> None:
        """localStorage[`key`] = `value` (None: removed); a refusal comes back as a `refused`
        event with `sequence` (web/saves.MirroredStorage)."""
        self.run("store", sequence, key, value)

    # -- measuring and reporting -----------------------------------------------------------------

    def mark(self, name: str) -> None:
        if self._timeline is not None:
            self._timeline.mark(name)
        else:
            self.run("mark", name)

    def measure(self, name: str, start: str) -> None:
        if self._timeline is not None:
            try:
                self._timeline.measure(name, start)
            except Exception:  # noqa: BLE001 - no such mark (a JavaScript error): nothing to measure
                pass
        else:
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


# -- what the page tells the app ------------------------------------------------------------------


def strings(raw: object) -> dict[str, str]:
    """A JSON object of the page's as text keys and values (anything else: empty)."""
    return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}


def listed(raw: object) -> list[object]:
    """A JSON array of the page's (anything else: empty)."""
    return raw if isinstance(raw, list) else []


@dataclass(frozen=True)
class Control:
    """An element as the page describes it (assets/page.js `describe`): the control tapped, the
    board target a key is pressed on, the field changed."""

    tag: str = ""
    id: str = ""
    name: str = ""
    kind: str = ""  # an input's type
    data: dict[str, str] = field(default_factory=dict)  # its data-* attributes, without "data-"
    classes: frozenset[str] = frozenset()
    within: frozenset[str] = frozenset()  # "#id" and ".class" of the elements it stands in

    def get(self, key: str) -> str | None:
        """Its data-<key> attribute, None when it has none."""
        return self.data.get(key)

    def number(self, key: str) -> int:
        """Its data-<key> as a small number (a step's, a chapter's): 0 unless it is 1 to 3 ASCII digits."""
        return small_number(self.data.get(key, ""), 0, 999) or 0

    def inside(self, *places: str) -> bool:
        """Whether it stands in any of `places` ("#board", ".review-moves")."""
        return any(place in self.within for place in places)

    @classmethod
    def of(cls, raw: object) -> Control | None:
        if not isinstance(raw, dict):
            return None
        return cls(
            tag=str(raw.get("tag") or ""),
            id=str(raw.get("id") or ""),
            name=str(raw.get("name") or ""),
            kind=str(raw.get("kind") or ""),
            data=strings(raw.get("data")),
            classes=frozenset(str(c) for c in listed(raw.get("classes"))),
            within=frozenset(str(w) for w in listed(raw.get("within"))),
        )


@dataclass(frozen=True)
class SetupForm:
    """The setup screen's form as the page read it: its game, whether it starts from a position, its fields."""

    game: str
    from_position: bool
    values: dict[str, str]

    @classmethod
    def of(cls, raw: object) -> SetupForm | None:
        if not isinstance(raw, dict):
            return None
        return cls(str(raw.get("game") or ""), bool(raw.get("fromPosition")), strings(raw.get("values")))


@dataclass(frozen=True)
class PageEvent:
    """One thing the page tells the app (a JSON object from assets/page.js):

    start   the page as Python finds it (address, languages, what boot.js showed)
    click   a tap on a control (data-action or data-target); `setup`: the setup form, if shown;
            `values`: the fields of the `[data-form]` it stands in (the diagram editor's)
    key     a key pressed outside a text field (`control`: the board target it is pressed on;
            `targets`: with an arrow, every board target's token and grid point)
    change  a field changed (`form`: "setup", "embed-options", or a `[data-form]`'s name, with `values`)
    submit  a form sent (`form`: "open-link" with `text`, or "setup")
    import  a file chosen to import (`text`: its content, None when it could not be read)
    route   the address changed (`hash`)
    storage another window changed the storage (`key`; None: all of it)
    refused the page could not write a key (`seq`, `key`, `full`, `held`: web/saves.MirroredStorage)
    written a write went through after a refusal
    failed  an op the page could not carry out (`op`, `error`)

    `storage`, `route` and `start` carry the `ludothek.*` keys the page found changed (`changed`:
    key -> text, None where removed): the page's storage as it is, whoever changed it."""

    type: str
    control: Control | None = None
    key: str = ""
    pointer: str = ""
    form: str = ""
    text: str | None = None
    hash: str = ""
    storage_key: str | None = None
    values: dict[str, str] = field(default_factory=dict)
    setup: SetupForm | None = None
    targets: tuple[tuple[str, float, float], ...] = ()
    raw: dict[str, object] = field(default_factory=dict)  # the whole message (the start's extra fields)

    @classmethod
    def parse(cls, text: str) -> PageEvent:
        raw = json.loads(text)
        if not isinstance(raw, dict):
            raise ValueError("a page event is a JSON object")
        targets = []
        for item in listed(raw.get("targets")):
            if isinstance(item, list) and len(item) == 3:
                try:
                    targets.append((str(item[0]), float(item[1]), float(item[2])))
                except (TypeError, ValueError):
                    continue  # a target off the grid: the arrows cannot reach it
        text_value = raw.get("text")
        storage_key = raw.get("key") if raw.get("type") == "storage" else None
        return cls(
            type=str(raw.get("type") or ""),
            control=Control.of(raw.get("control")),
            key=str(raw.get("key") or "") if raw.get("type") == "key" else "",
            pointer=str(raw.get("pointer") or ""),
            form=str(raw.get("form") or ""),
            text=None if text_value is None else str(text_value),
            hash=str(raw.get("hash") or ""),
            storage_key=None if storage_key is None else str(storage_key),
            values=strings(raw.get("values")),
            setup=SetupForm.of(raw.get("setup")),
            targets=tuple(targets),
            raw=raw,
        )

    def stored_changes(self) -> dict[str, str | None]:
        """The keys the page found changed (`changed`), text or None; anything else left out."""
        raw = self.raw.get("changed")
        if not isinstance(raw, dict):
            return {}
        return {str(key): value for key, value in raw.items() if value is None or isinstance(value, str)}


@dataclass
class PageState:
    """What the app knows of the page beyond what it wrote: told at the start (page.js startInfo)
    and kept up to date by the events."""

    hash: str = ""
    search: str = ""
    base_url: str = ""
    languages: tuple[str, ...] = ()
    reduced_motion: bool = False
    shown_lang: str | None = None  # the screen boot.js showed, rendered ahead of time: its language
    shown_screen: str | None = None  # and which ("home", "rules/<game>"); None when there is none
    starting: str = ""  # how the reader started an embedded board (boot.js: "click", "keydown", ...)

    @classmethod
    def from_start(cls, event: PageEvent) -> PageState:
        raw = event.raw
        shown = raw.get("shown")
        languages = raw.get("languages")
        return cls(
            hash=event.hash,
            search=str(raw.get("search") or ""),
            base_url=str(raw.get("base") or ""),
            languages=tuple(str(code) for code in languages) if isinstance(languages, list) else (),
            reduced_motion=bool(raw.get("reducedMotion")),
            shown_lang=str(shown.get("lang") or "") if isinstance(shown, dict) else None,
            shown_screen=str(shown.get("screen") or "home") if isinstance(shown, dict) else None,
            starting=str(raw.get("starting") or ""),
        )
