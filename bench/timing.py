"""Timing a computer player's search, chunk by chunk (the pieces between two yields to the page), and a
page that records its main thread's long tasks (bench/page_ai.py, bench/import_slices.py)."""

from __future__ import annotations

import time


def timed_search(search) -> tuple[str, list[tuple[float, float]]]:
    """Drive a search generator to its move, with each chunk's (wall, CPU) seconds. The CPU time
    is what the page's main thread would spend at once; wall-clock also counts waiting for a core
    on a busy machine."""
    chunks = []
    while True:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            next(search)
        except StopIteration as stop:
            chunks.append((time.perf_counter() - wall, time.process_time() - cpu))
            return stop.value, chunks
        chunks.append((time.perf_counter() - wall, time.process_time() - cpu))


# Every task over 50 ms the page's main thread runs, into window.__longTasks (durations in ms).
RECORD_LONG_TASKS = """
    window.__longTasks = [];
    new PerformanceObserver(l => l.getEntries().forEach(e => window.__longTasks.push(e.duration)))
      .observe({type: 'longtask'});
"""


def page_recording_long_tasks(browser):
    """A new page (service workers blocked) whose long tasks collect in window.__longTasks."""
    page = browser.new_context(service_workers="block").new_page()
    page.add_init_script(RECORD_LONG_TASKS)
    return page
