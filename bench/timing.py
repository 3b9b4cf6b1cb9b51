"""Timing a computer player's search, chunk by chunk (the pieces between two yields to the page)."""

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
