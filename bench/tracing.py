"""Chromium's trace of a page for the benchmarks (bench/idle_paints.py, bench/return_cpu.py): the
events of what ran while a block ran, and the names of the threads they ran on."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


@contextlib.contextmanager
def tracing(context, page, categories: list[str], events: list[dict]) -> Iterator[None]:
    """Trace the browser (DevTools' Tracing domain, through `page`'s session) while the block
    runs; the trace's events are added to `events` once it has ended."""
    cdp = context.new_cdp_session(page)
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda event: events.extend(event["value"]))
    cdp.on("Tracing.tracingComplete", lambda event: done.append(True))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": categories}, "transferMode": "ReportEvents"})
    try:
        yield
    finally:
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)


def thread_names(events: list[dict]) -> dict[tuple[int, int], str]:
    """(process, thread) -> the thread's name, from the trace's metadata."""
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
