#!/usr/bin/env python3
"""Boards embedded in a blog: what ten idle embeds cost a reader, and how long a board takes to go
live after the reader's click (a benchmark, not a test).

    .venv/bin/python bench/embeds.py [--runs 3] [--json results.json]

The blog (served on localhost) holds ten of the Share dialog's snippets, two per game, the app on
127.0.0.1 (another site, as on a real blog). The same page with the same pictures as plain <img>
files is the yardstick. Each run starts a new headless Chromium, loads the page, and lets it sit
for a few seconds. Measured: bytes the servers sent, the proportional memory (PSS) of every
renderer process and their CPU time (main threads and all; from the browser's own process list);
then, on the embeds page, the time from the reader's click on Play to the live board, for the first
board (nothing cached) and for a second board (the runtime in the HTTP cache), and the memory then.
Medians over the runs; memory is private memory (PSS moves with every other Chromium on the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from serving import CachingHandler, CountingServer  # noqa: E402
from blog import EMBED_GAMES, BlogServer, snippet, start_state  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from ludothek.render.standalone import compact_picture, embed_size, standalone_svg  # noqa: E402
from ludothek.render.view import UIState  # noqa: E402

IDLE_SECONDS = 4.0
# Records, in every frame, the reader's first press and the moment the app is ready.
CLICK_AND_READY = """
addEventListener('pointerdown', () => { if (!window.__clickAt) window.__clickAt = performance.now(); }, true);
new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready']});
"""


def paragraphs(game_id: str, index: int) -> str:
    return (
        f"<h2>{game_id.title()}, part {index + 1}</h2><p>A few sentences about the rules of this game, "
        "the kind of text a rules blog has between its boards. " * 3 + "</p>"
    )


def pages(app_url: str, blog: BlogServer) -> tuple[str, str, str]:
    """(the blog with ten embeds, the same blog with the same pictures as <img> files, the same blog
    with ten empty frames from the app's site: what any iframe embed costs at the least)."""
    embeds, images, blanks = [], [], []
    for game_id in EMBED_GAMES:
        width, height = embed_size(game_id)
        game, state = start_state(game_id)
        picture = compact_picture(standalone_svg(game_id, game.observation(state, None), UIState(interactive=False)))
        for index, opponent in enumerate(("computer", "human")):
            embeds.append(paragraphs(game_id, index) + snippet(game_id, app_url, opponent=opponent))
            path = f"/picture/{game_id}-{index}.svg"
            blog.pictures[path] = picture.encode("utf-8")
            images.append(
                paragraphs(game_id, index) + f'<img src="{path}" alt="{game_id}" width="{width}" height="{height - 100}" '
                'style="max-width:100%;height:auto" loading="lazy">'
            )
            blanks.append(
                paragraphs(game_id, index) + f'<iframe src="{app_url}bench/embeds_blank.html" title="empty" width="{width}" '
                f'height="{height}" style="border:0;width:100%;max-width:{width}px;height:{height}px" loading="lazy"></iframe>'
            )
    return "".join(embeds), "".join(images), "".join(blanks)


def renderers(profile: str) -> list[dict]:
    """Every renderer process of the browser using `profile` (its descendants started with
    --type=renderer): pid, PSS (KiB) and CPU time (s), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    processes = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                # Chromium's child processes rewrite their command line into one string: search the bytes.
                processes[int(entry.name)] = (int(stat[1]), (entry / "cmdline").read_bytes(), stat)
            except (OSError, IndexError, ValueError):
                continue
    browsers = {pid for pid, (_ppid, command, _s) in processes.items() if profile.encode() in command and b"--type=" not in command}

    def descends(pid: int) -> bool:
        seen = 0
        while pid in processes and seen < 64:
            if pid in browsers:
                return True
            pid, seen = processes[pid][0], seen + 1
        return False

    out = []
    for pid, (_ppid, command, stat) in processes.items():
        if b"--type=renderer" not in command or not descends(pid):
            continue
        try:
            memory = {line.split(":")[0]: int(line.split()[1]) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]}
        except (OSError, IndexError, ValueError):
            continue
        # Private memory (what this process alone holds): the proportional share of shared pages
        # moves with every other Chromium on the machine.
        out.append(
            {
                "pid": pid,
                "private_kib": memory.get("Private_Clean", 0) + memory.get("Private_Dirty", 0),
                "pss_kib": memory.get("Pss", 0),
                "cpu_s": (int(stat[11]) + int(stat[12])) / ticks,
            }
        )  # utime + stime
    return out


def totals(processes: list[dict]) -> dict:
    return {
        "mib": round(sum(p["private_kib"] for p in processes) / 1024, 1),
        "pss_mib": round(sum(p["pss_kib"] for p in processes) / 1024, 1),
        "cpu_s": round(sum(p["cpu_s"] for p in processes), 2),
        "processes": len(processes),
    }


def measure(playwright, url: str, servers: list, play: bool) -> dict:
    # A new profile on disk, as a reader's browser has (its HTTP cache holds the 9 MB WebAssembly
    # file, which an in-memory cache would not keep). The viewport is tall enough that all ten
    # frames load (a lazy frame far below the fold would not, which would flatter the embeds).
    with tempfile.TemporaryDirectory(prefix="ludothek-embeds-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1000, "height": 6000})
        try:
            return _measure(context, profile, url, servers, play)
        finally:
            context.close()


def _measure(context, profile: str, url: str, servers: list, play: bool) -> dict:
    context.add_init_script(CLICK_AND_READY)
    page = context.pages[0] if context.pages else context.new_page()
    for server in servers:
        server.bytes_sent = 0
    page.goto(url)
    page.wait_for_load_state("load")
    time.sleep(IDLE_SECONDS)
    result = {"idle": totals(renderers(profile)), "idle_bytes": sum(s.bytes_sent for s in servers)}
    if play:
        result["live_ms"] = []
        for index in (0, 2):  # Momentum's first board, then Nummerus's (the runtime now in the HTTP cache)
            frame_element = page.locator("iframe").nth(index)
            frame_element.scroll_into_view_if_needed()
            page.frame_locator("iframe").nth(index).locator(".embed-cover").click()
            page.frame_locator("iframe").nth(index).locator("body[data-ready]").wait_for(timeout=180_000)
            frame = frame_element.element_handle().content_frame()
            result["live_ms"].append(round(frame.evaluate("window.__readyAt - window.__clickAt")))
            if index == 0:
                time.sleep(1.0)
                result["one_live"] = totals(renderers(profile))
        result["played_bytes"] = sum(s.bytes_sent for s in servers)
    return result


def main_result(runs: int) -> dict:
    import build

    build.main()
    app = CountingServer(handler=CachingHandler)
    blog = BlogServer("")
    blog.server.bytes_sent = 0
    original = blog.server.RequestHandlerClass

    class CountingBlog(original):  # type: ignore[misc, valid-type]
        def send_header(self, keyword, value):
            if keyword.lower() == "content-length":
                blog.server.bytes_sent += int(value)
            super().send_header(keyword, value)

    blog.server.RequestHandlerClass = CountingBlog
    embeds_body, images_body, blanks_body = pages(app.url, blog)
    raw: dict = {"embeds": [], "images": [], "blanks": []}
    try:
        with sync_playwright() as playwright:
            for _ in range(runs):  # alternate, so the machine's load touches both alike
                blog.set_body(images_body, "A rules blog (pictures)")
                raw["images"].append(measure(playwright, blog.url, [blog.server, app.server], play=False))
                blog.set_body(blanks_body, "A rules blog (empty frames)")
                raw["blanks"].append(measure(playwright, blog.url, [blog.server, app.server], play=False))
                blog.set_body(embeds_body, "A rules blog (embeds)")
                raw["embeds"].append(measure(playwright, blog.url, [blog.server, app.server], play=True))
    finally:
        app.stop()
        blog.stop()

    def median(kind: str, *path):
        values = []
        for run in raw[kind]:
            value = run
            for key in path:
                value = value[key]
            values.append(value)
        return round(statistics.median(values), 2)

    summary = {
        "runs": runs,
        "images": {
            "bytes": median("images", "idle_bytes"),
            "mib": median("images", "idle", "mib"),
            "pss_mib": median("images", "idle", "pss_mib"),
            "cpu_s": median("images", "idle", "cpu_s"),
        },
        "blanks": {
            "bytes": median("blanks", "idle_bytes"),
            "mib": median("blanks", "idle", "mib"),
            "pss_mib": median("blanks", "idle", "pss_mib"),
            "cpu_s": median("blanks", "idle", "cpu_s"),
        },
        "embeds": {
            "bytes": median("embeds", "idle_bytes"),
            "mib": median("embeds", "idle", "mib"),
            "pss_mib": median("embeds", "idle", "pss_mib"),
            "cpu_s": median("embeds", "idle", "cpu_s"),
            "processes": median("embeds", "idle", "processes"),
            "first_live_ms": median("embeds", "live_ms", 0),
            "second_live_ms": median("embeds", "live_ms", 1),
            "one_live_mib": median("embeds", "one_live", "mib"),
            "played_bytes": median("embeds", "played_bytes"),
        },
        "snippet_bytes": {game_id: len(snippet(game_id, app.url).encode("utf-8")) for game_id in EMBED_GAMES},
        "raw": raw,
    }
    # The ratio within each run (the two pages measured back to back), then the median.
    summary["memory_ratio"] = round(statistics.median(e["idle"]["mib"] / i["idle"]["mib"] for e, i in zip(raw["embeds"], raw["images"])), 2)
    summary["pss_ratio"] = round(statistics.median(e["idle"]["pss_mib"] / i["idle"]["pss_mib"] for e, i in zip(raw["embeds"], raw["images"])), 2)
    summary["floor_ratio"] = round(statistics.median(b["idle"]["mib"] / i["idle"]["mib"] for b, i in zip(raw["blanks"], raw["images"])), 2)
    return summary


def markdown(result: dict, measured: str = "") -> str:
    images, embeds, blanks = result["images"], result["embeds"], result["blanks"]
    rows = [
        ["plain <img> pictures", f"{int(images['bytes']):,}", images["mib"], images["pss_mib"], images["cpu_s"]],
        ["ten empty frames from the app's site (no pictures)", f"{int(blanks['bytes']):,}", blanks["mib"], blanks["pss_mib"], blanks["cpu_s"]],
        ["ten embeds, idle", f"{int(embeds['bytes']):,}", embeds["mib"], embeds["pss_mib"], embeds["cpu_s"]],
    ]
    lines = ["| page | bytes fetched | renderer memory MiB (private) | (PSS) | renderer CPU s |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    sizes = ", ".join(f"{game} {size / 1024:.1f} KB" for game, size in result["snippet_bytes"].items())
    return (
        f"## Embeds in a blog (headless Chromium, blog on localhost, app on 127.0.0.1, median of {result['runs']} runs; {measured})\n\n"
        "A blog page with ten of the Share dialog's snippets (two per game), left idle for "
        f"{IDLE_SECONDS:.0f} s, against the same page with the same pictures as plain `<img>` files. Renderer memory is the "
        "private memory of every renderer process (the blog's, the app site's, and Chromium's spare one), CPU the time "
        "their threads used (load and idle; main threads and the rest).\n\n"
        + "\n".join(lines)
        + f"\n\nMemory, embeds / pictures (median of the runs' ratios; goal: at most 1.5): {result['memory_ratio']} in private memory, "
        f"{result['pss_ratio']} in PSS. Ten empty frames from another site already cost {result['floor_ratio']} times the pictures' private "
        "memory (a renderer process of their own, ten documents): that part is the price of any iframe. No embed fetches "
        "anything of the Python runtime until a reader reaches for it.\n\n"
        f"From the click on Play to the live board: {embeds['first_live_ms']:.0f} ms for the first board (nothing cached), "
        f"{embeds['second_live_ms']:.0f} ms for a second board (the runtime in the HTTP cache). With one board live the "
        f"renderers use {embeds['one_live_mib']} MiB; the page then had fetched {int(embeds['played_bytes']):,} bytes.\n\n"
        f"Snippet sizes (start positions): {sizes}."
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    result = main_result(args.runs)
    print(markdown(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
