"""Long work without making the page wait for Python: a generator (a computer player's search, a
hint search, a review, an import) is driven in slices of SLICE_SECONDS, and Python's worker takes
the page's messages between two slices."""

from __future__ import annotations

import asyncio
import time
from typing import Callable, Coroutine, Generator, TypeVar

from .page import Page

# One slice of work, then the worker takes the page's messages: the page's thread is never held
# (Python runs in its own worker), so a slice is as long as a tap may wait for Python's answer.
SLICE_SECONDS = 0.05


R = TypeVar("R")  # what the work returns
Y = TypeVar("Y")  # what a search yields between its steps (progress, or nothing)

_running: set[object] = set()  # the tasks under way (of any result: only held on to)


def in_background(coroutine: Coroutine[object, object, R]) -> asyncio.Future[R]:
    """Run `coroutine` as a task the page holds on to until it ends (the event loop keeps only a
    weak reference: a task nobody refers to may be collected halfway)."""
    task = asyncio.ensure_future(coroutine)
    _running.add(task)
    task.add_done_callback(_running.discard)
    return task


class SearchCancelled(Exception):
    """The work was no longer wanted (the player moved on): its result would be thrown away."""


def next_turn() -> asyncio.Future[None]:
    """A future that resolves on the next macrotask, so the worker takes the page's messages (a
    tap, Stop). A message to itself, not a timer: nested timers wait at least 4 ms, a fifth of
    a slice lost each time."""
    import js  # type: ignore[import-not-found]  # (the browser's, in Python's worker)
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def resolve(*_: object) -> None:
        channel.port1.close()
        if not future.done():
            future.set_result(None)

    channel = js.MessageChannel.new()
    channel.port1.onmessage = create_once_callable(resolve)
    channel.port2.postMessage(None)
    return future


async def run_sliced(
    search: Generator[Y, None, R],
    still_wanted: Callable[[], bool] | None = None,
    on_step: Callable[[Y], None] | None = None,
    after_slice: Callable[[], None] | None = None,
    measure: tuple[Page, str] | None = None,
    busy: list[float] | None = None,
) -> R:
    """Run `search` to its end and return its return value.

    `on_step` sees every value the generator yields (progress); `after_slice` runs after each
    slice, before the worker takes its messages; `still_wanted` is asked after them, and when it says no, the
    search is dropped and SearchCancelled raised. With `measure` (the page and a name), each slice
    is a performance measure of that name (the browser tests look for long slices). `busy`, a
    list of one number, gets the seconds spent in the slices added (benchmarks compare it with the
    wall time: the share of it the search had)."""
    while True:
        slice_start = time.perf_counter()
        slice_end = slice_start + SLICE_SECONDS
        if measure:
            measure[0].mark(measure[1] + ":start")
        try:
            while time.perf_counter() < slice_end:
                step = next(search)
                if on_step is not None:
                    on_step(step)
        except StopIteration as stop:
            # StopIteration types its value Any; a Generator[..., R] returns an R.
            result: R = stop.value
            return result
        finally:
            if measure:
                measure[0].measure(measure[1], measure[1] + ":start")
            if busy is not None:
                busy[0] += time.perf_counter() - slice_start
        if after_slice is not None:
            after_slice()
        await next_turn()
        if still_wanted is not None and not still_wanted():
            raise SearchCancelled
