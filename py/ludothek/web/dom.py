"""The app's link to the page, from the worker Python runs in (Pyodide started by PyScript's
PyWorker: assets/boot.js). The page's side (assets/page.js) calls the two functions main.py
exports: `start` with the page as it is (web/page.PageEvent "start"), then `handle` with every
event. The app's ops go back in batches, in order, through the function the page gave the worker
(`xworker.sync.ops`): one batch per event, and one per task of the worker's for what the app does
meanwhile (a computer player's move, a toast after a copy). An op whose answer the
app awaits goes at once, after the batch before it (`xworker.sync.ask`).

Nothing else in the app reaches the browser: no DOM and no localStorage exist here (saves go
through the page: web/saves.MirroredStorage)."""

from __future__ import annotations

from typing import Awaitable

import js  # type: ignore[import-not-found]
from polyscript import xworker  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .app import App, start as start_app
from .page import Page


class WorkerLink:
    """The ops on their way to the page: collected, and posted as one JSON array per batch."""

    def __init__(self) -> None:
        self.batch: list[str] = []
        self.scheduled = False

    def send(self, op_text: str) -> None:
        self.batch.append(op_text)
        if not self.scheduled:
            # Posted as soon as the work under way yields (a microtask): before a computer
            # player's next slice, so "thinking…" is on the page while it thinks.
            self.scheduled = True
            js.queueMicrotask(create_once_callable(self.flush))

    def ask(self, op_text: str) -> Awaitable[object]:
        self.flush()
        answer: Awaitable[object] = xworker.sync.ask(op_text)  # a JavaScript object: the page's promise
        return answer

    def flush(self) -> None:
        self.scheduled = False
        if self.batch:
            text = "[" + ",".join(self.batch) + "]"
            self.batch = []
            xworker.sync.ops(text)


_link = WorkerLink()
_app: App | None = None


def start(start_text: str) -> None:
    """The page's start: the app made and its first screen drawn."""
    global _app
    page = Page(_link.send, _link.ask, timeline=js.performance)
    # Which start it was (from the memory snapshot or the normal way: scripts/pyodide_start.mjs).
    # With it, the addresses the page brings into the HTTP cache once the app is ready: the snapshot
    # (for the next start) and the package's second zip (web/more_modules.py); last, where the
    # compiled WebAssembly came from ("helper" or "here": scripts/python_worker.js).
    page.run(
        "runtime",
        str(getattr(js, "ludothekStartKind", "") or ""),
        getattr(js, "ludothekSnapshotURL", None),
        getattr(js, "ludothekMoreModulesURL", None),
        str(getattr(js, "ludothekWasmFrom", "") or ""),
    )
    try:
        _app = start_app(start_text, page)
    finally:
        _link.flush()


def handle(event_text: str) -> None:
    """One event from the page, answered with its ops."""
    try:
        if _app is not None:
            _app.handle(event_text)
    finally:
        _link.flush()
