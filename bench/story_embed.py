#!/usr/bin/env python3
"""A story embedded in a blog, read on a phone (issue 57): how soon its first step is shown and how
soon its first task is answered, for a first and a returning reader (a benchmark, not a test).

    .venv/bin/python bench/story_embed.py [--runs 5] [--game momentum] [--json results.json]

Serves dist/ (build it first: python3 scripts/build.py) on 127.0.0.1 and a blog on localhost
(another site, as a real blog is: tests/browser/blog.py) holding the embed code of a game's lesson
(Share this story's snippet, render/story_pictures.story_embed_snippet). Each run is a new
persistent Chromium profile on the phone profile of bench/startup.py ("phone": 390x844, touch, the
CPU slowed 4x by DevTools' throttling, 1.6 Mbit/s down with 150 ms round trips). The network is
shaped by the app's server here (every response a round trip late, all bytes through one 1.6 Mbit/s
downlink: `Link`), so it slows the worker Python runs in too, which fetches the runtime and which
DevTools' network throttling does not reach; the blog's page shares that downlink. The CPU
throttling is the blog page's, and Chromium runs the frame in the blog's process, as a phone's
Chrome does for sites without a login (--disable-site-isolation-trials), so it slows the frame's
page too, but not Python's worker (bench/startup.py's "phone-quota" slows every thread).
--fast-network serves both at localhost's speed.

A first reader (an empty profile and cache) loads the blog; the same profile then loads it again
later (a returning reader: the HTTP cache as the first visit left it, the snapshot in it once the
first visit fetched it; no service worker, as bench/embeds.py). Measured on the blog's clock, from
the navigation's start:
- picture: the frame's first step drawn (the snippet's own picture, the frame's background: no
  Python), its paint as Element Timing reports it;
- cover: the frame's page showing its Play cover over that picture (boot.js, still no Python);
- answered: the reader taps the frame (which starts Python), taps Next up to the lesson's first
  task and taps its answer on the board: the moment ".story-feedback.solved" is shown. The taps
  follow each other as fast as the script sees the page answer (a reader reading takes longer);
- ready: within that, the moment the frame's app was ready after the first tap.
Medians over the runs.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "scripts"), str(ROOT / "tests" / "browser"), str(ROOT / "bench")]

from playwright.sync_api import sync_playwright  # noqa: E402

import serve  # noqa: E402 - scripts/serve.py
from blog import BlogServer  # noqa: E402
from browsers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from startup import PROFILES  # noqa: E402

from ludothek.render.catalog import get_view  # noqa: E402
from ludothek.render.standalone import embed_size  # noqa: E402
from ludothek.render.story import parse_story, replay  # noqa: E402
from ludothek.render.story_pictures import story_embed_size, story_embed_snippet  # noqa: E402
from ludothek.web.story_screen import lesson_text  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
# In every frame: the moments the page shows what is measured, on its own clock.
RECORDER = """
(() => {
  const mark = name => { if (window[name] === undefined) window[name] = performance.now(); };
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (body.querySelector('.embed-cover')) mark('__coverAt');
    if (body.dataset.ready) mark('__readyAt');
    if (body.querySelector('.story-feedback.solved')) mark('__solvedAt');
  }).observe(document, {subtree: true, childList: true, attributes: true});
  try {
    new PerformanceObserver(list => list.getEntries().forEach(entry => {
      if (entry.identifier === 'story-picture') window.__pictureAt ??= entry.renderTime || entry.loadTime;
    })).observe({type: 'element', buffered: true});
  } catch (error) {}
})();
"""
IDLE = "window.ludothekPage && window.ludothekPage.idle ? window.ludothekPage.idle() : true"
SNAPSHOT_FETCHED = (
    "performance.getEntriesByType('resource').some(e => /snapshot\\.[0-9a-f]+\\.bin/.test(e.name) && e.responseEnd > 0)"
    " || document.documentElement.dataset.start !== 'normal'"
)


class Link:
    """The phone's network as the app's site sees it: every response waits a round trip, and all
    bytes share one downlink of `rate` bytes a second. Shaped by the server, so it slows every
    request alike: the frame's, and those of the worker Python runs in, which DevTools' network
    throttling does not reach."""

    def __init__(self, rate: float, latency_s: float) -> None:
        self.rate, self.latency_s = rate, latency_s
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the downlink has sent what it was given

    def send(self, size: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.rate
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class ShapedOutput:
    CHUNK = 16 * 1024

    def __init__(self, raw, link: Link) -> None:
        self.raw, self.link = raw, link

    def write(self, data) -> int:
        view = memoryview(data)
        for start in range(0, len(view), self.CHUNK):
            piece = view[start : start + self.CHUNK]
            self.link.send(len(piece))
            self.raw.write(piece)
        return len(view)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Shaped:
    """A request handler's responses through the phone's `link` (a mixin before the handler)."""

    link: Link

    def setup(self) -> None:
        super().setup()  # type: ignore[misc] - a mixin: the handler is after it
        self.wfile = ShapedOutput(self.wfile, self.link)

    def handle_one_request(self) -> None:
        time.sleep(self.link.latency_s)
        super().handle_one_request()  # type: ignore[misc] - a mixin: the handler is after it


def shaped(handler: type, link: Link) -> type:
    return type("Shaped" + handler.__name__, (Shaped, handler), {"link": link})


def shaped_server(root: Path, link: Link):
    return serve.Server(("127.0.0.1", 0), functools.partial(shaped(serve.Handler, link), directory=str(root)))


def first_task(story) -> tuple[int, str]:
    """How many Nexts from the start to the story's first task, and its move (a board target)."""
    view = get_view(story.game)
    nexts = 0
    for chapter in replay(view.game, story):
        for item in chapter:
            if item.task is not None and item.move:
                return nexts, item.move
            nexts += 1
    raise SystemExit(f"the {story.game} lesson has no task")


def until(frame_or_page, expression: str, timeout_s: float = 300) -> object:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = frame_or_page.evaluate(expression)
        except Exception:  # noqa: BLE001 - a document on its way: ask again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.05)


def note(what: str) -> None:
    if os.environ.get("STORY_EMBED_TRACE"):
        print(f"    {time.strftime('%H:%M:%S')} {what}", file=sys.stderr, flush=True)


def story_frame(page, timeout_s: float = 300):
    """The blog's story frame, this document's (not a frame of the visit before, on its way out)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        handle = page.query_selector("iframe")
        frame = handle.content_frame() if handle is not None else None
        if frame is not None and "#/story/" in frame.url and not frame.is_detached():
            return frame
        time.sleep(0.05)
    raise TimeoutError("the story's frame never loaded")


def visit(page, blog_url: str, nexts: int, answer: str) -> dict:
    """One reader's visit: the blog loaded, the first step shown, the first task answered."""
    page.goto(blog_url, wait_until="commit")
    until(page, "window.__pictureAt !== undefined")
    note("picture")
    frame = story_frame(page)
    until(frame, "window.__coverAt !== undefined")
    note("cover")
    frame.locator(".embed-cover").tap()
    note("tapped")
    until(frame, "!!document.body && !!document.body.dataset.ready")
    frame.evaluate(IDLE)
    note("ready")
    for _ in range(nexts):
        frame.get_by_role("button", name="Next", exact=True).tap()
        frame.evaluate(IDLE)
    frame.locator(f'#board [data-target="{answer}"]').tap()
    note("answer tapped")
    until(frame, "window.__solvedAt !== undefined")
    offset = frame.evaluate("performance.timeOrigin") - page.evaluate("performance.timeOrigin")
    picture = page.evaluate("window.__pictureAt")
    cover, ready, solved = (frame.evaluate(f"window.{name}") + offset for name in ("__coverAt", "__readyAt", "__solvedAt"))
    start = frame.evaluate("document.documentElement.dataset.start || ''")
    return {
        "picture_ms": round(picture),
        "cover_ms": round(cover),
        "ready_ms": round(ready),
        "answered_ms": round(solved),
        "start": start,
        "load_average": os.getloadavg()[0],
    }


def run(playwright, blog_url: str, nexts: int, answer: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--disable-site-isolation-trials"], service_workers="block", **PHONE
        )
        try:
            context.add_init_script(RECORDER)
            page = context.pages[0] if context.pages else context.new_page()
            # The CPU as bench/startup.py's phone profile slows it (the network: the app's server).
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PROFILES["phone"]["cpu"]})
            first = visit(page, blog_url, nexts, answer)
            print(f"  first reader: {first}", file=sys.stderr, flush=True)
            frame = story_frame(page)
            until(frame, SNAPSHOT_FETCHED, 600)  # the snapshot comes in the background once the story is live
            page.wait_for_timeout(2000)  # a reader comes back later: the browser's own writing is done
            returning = visit(page, blog_url, nexts, answer)
        finally:
            context.close()
    return {"first": first, "returning": returning}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="momentum", help="whose lesson is embedded (its first task's move must be a board target)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--fast-network", action="store_true", help="the app's site at localhost's speed (the CPU still slowed)")
    args = parser.parse_args(argv)

    text = lesson_text(args.game, "en")
    if text is None:
        raise SystemExit(f"no lesson for {args.game}")
    story = parse_story(text)
    nexts, answer = first_task(story)
    phone = PROFILES["phone"]
    link = Link(phone["download"], phone["latency"] / 1000)
    app = serve.make_server("127.0.0.1", 0, root=ROOT / "dist") if args.fast_network else shaped_server(ROOT / "dist", link)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    app_url = f"http://127.0.0.1:{app.server_address[1]}/"
    view = get_view(story.game)
    first = replay(view.game, story)[0][0]
    code = story_embed_snippet(app_url, view, story, first, story_embed_size(*embed_size(story.game)))
    code = code.replace("<iframe ", '<iframe elementtiming="story-picture" ', 1)
    blog = BlogServer(
        "<p>Before the first game, walk through this lesson: it takes five minutes.</p>" + code + "<p>Then play a game against the computer.</p>",
        title=f"Learning {view.title()}",
    )
    if not args.fast_network:  # the blog's page through the same downlink
        blog.server.RequestHandlerClass = shaped(blog.server.RequestHandlerClass, link)
    runs = []
    try:
        with sync_playwright() as playwright:
            for number in range(args.runs):
                runs.append(run(playwright, blog.url, nexts, answer))
                print(f"run {number + 1}: {json.dumps(runs[-1])}", flush=True)
    finally:
        blog.stop()
        app.shutdown()
    result = {
        "game": args.game,
        "runs": args.runs,
        "nexts_to_task": nexts,
        "median": {
            reader: {key: round(statistics.median(r[reader][key] for r in runs)) for key in ("picture_ms", "cover_ms", "ready_ms", "answered_ms")}
            for reader in ("first", "returning")
        },
        "all": runs,
    }
    print(json.dumps(result["median"], indent=1))
    print("| reader | first step shown (picture) | Play cover | app ready after the tap | first task answered |")
    print("|---|---|---|---|---|")
    for reader, words in (("first", "first reader (empty profile)"), ("returning", "returning reader (same profile)")):
        m = result["median"][reader]
        print(f"| {words} | {m['picture_ms']:,} ms | {m['cover_ms']:,} ms | {m['ready_ms']:,} ms | {m['answered_ms']:,} ms |")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
