"""Long work in the page without freezing it: a generator (a computer player's search, a hint
search, a review, an import) is driven in slices of SLICE_SECONDS, and the browser gets a frame
to draw and take input between two slices."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Coroutine, Generator

from .page import Page

SLICE_SECONDS = 0.012  # one slice of work, then the browser draws (a frame is about 16 ms)


_running: set[asyncio.Future[Any]] = set()


def in_background(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run `coroutine` as a task the page holds on to until it ends (the event loop keeps only a
    weak reference: a task nobody refers to may be collected halfway)."""
    task = asyncio.ensure_future(coroutine)
    _running.add(task)
    task.add_done_callback(_running.discard)
    return task


class SearchCancelled(Exception):
    """The work was no longer wanted (the player moved on): its result would be thrown away."""


def next_frame() -> asyncio.Future[None]:
    """A future that resolves on the next macrotask, so the browser can paint and take input."""
    import js  # type: ignore[import-not-found]  # (the browser's: the page's thread or a worker)
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def resolve() -> None:
        if not future.done():
            future.set_result(None)

    js.setTimeout(create_once_callable(resolve), 0)
    return future


async def run_sliced(
    search: Generator[Any, None, Any],
    still_wanted: Callable[[], bool] | None = None,
    on_step: Callable[[Any], None] | None = None,
    after_slice: Callable[[], None] | None = None,
    measure: tuple[Page, str] | None = None,
) -> Any:
    """Run `search` to its end and return its return value.

    `on_step` sees every value the generator yields (progress); `after_slice` runs after each
    slice, before the frame; `still_wanted` is asked after each frame, and when it says no, the
    search is dropped and SearchCancelled raised. With `measure` (the page and a name), each slice
    is a performance measure of that name (the browser tests look for long slices)."""
    while True:
        slice_end = time.perf_counter() + SLICE_SECONDS
        if measure:
            measure[0].mark(measure[1] + ":start")
        try:
            while time.perf_counter() < slice_end:
                step = next(search)
                if on_step is not None:
                    on_step(step)
        except StopIteration as stop:
            return stop.value
        finally:
            if measure:
                measure[0].measure(measure[1], measure[1] + ":start")
        if after_slice is not None:
            after_slice()
        await next_frame()
        if still_wanted is not None and not still_wanted():
            raise SearchCancelled
