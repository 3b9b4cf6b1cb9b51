#!/usr/bin/env python3
"""How long a newcomer takes to learn each game from its lesson ("Learn to play", issue 57): a
benchmark, not a test.

    .venv/bin/python bench/lessons.py [--games momentum,fenn] [--languages en,de] [--wpm 200]
                                      [--devices desktop,phone] [--shots DIR] [--no-wait] [--json FILE]

Serves dist/ (build it first: python3 scripts/build.py) on localhost and opens #/learn/<game> in
headless Chromium, in each language as the browser's (a newcomer's first visit: a fresh profile).
It goes through the lesson as a new player would: reads every paragraph that appears for as long
as its words take at --wpm, then presses Next; at a task it first taps a move the engine refuses
(the first of tests/test_lessons.py's WRONG for that task), reads the answer, then makes the
author's move by tapping the board. Where the reader offers no target for a tap the answer needs
(Fenn's face chooser), it presses Show me instead, and says so.

Reported per lesson and language: the minutes from the first step shown to the last step read
(reading included), the part of them spent reading, the words read, and the seconds the app took
to show the first step. --no-wait adds each reading time instead of waiting it out: a quick run
whose minutes are the same but for the page's own time while it would have waited. --shots DIR
keeps a screenshot of the window, scrolled to the board, at every step (after the task's answer too), named
<game>-<lang>-<device>-<chapter>.<step>[-task|-wrong].png.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, READY_TIMEOUT_MS, AppServer, answered  # noqa: E402
from test_lessons import WRONG, lesson, taps  # noqa: E402
from ludothek.games import GAME_IDS, get_game  # noqa: E402
from ludothek.render.story import replay  # noqa: E402

DESKTOP = {"width": 1000, "height": 900}
LOCALES = {"en": "en-GB", "de": "de-DE"}
# The paragraphs a reader reads: the step's comment and the task's question, answer and hint.
TEXTS = "Array.from(document.querySelectorAll('#story-comment p, #story-task p')).map(p => p.innerText)"
ANSWER_MS = 60_000  # at most, for a task's judgement (`task best` runs the strongest evaluation)


class Reader:
    """One newcomer on one lesson: what has been read and for how long."""

    def __init__(self, page, wpm: float, wait: bool, shots: Path | None, name: str):
        self.page, self.wpm, self.wait, self.shots, self.name = page, wpm, wait, shots, name
        self.read: set[str] = set()
        self.words = 0
        self.reading = 0.0
        self.shown_without_target: list[str] = []

    def read_new(self, shot: str) -> None:
        """Read the paragraphs shown that were not read before (a step's own words, once)."""
        words = sum(len(text.split()) for text in self.page.evaluate(TEXTS) if text not in self.read)
        self.read.update(self.page.evaluate(TEXTS))
        seconds = words / self.wpm * 60
        self.words += words
        self.reading += seconds
        if self.shots is not None:
            # The window with the board at its top: the board, the comment and the task, as a reader who scrolled to them sees them.
            self.page.locator("#board").evaluate("board => board.scrollIntoView({block: 'start'})")
            self.page.screenshot(path=str(self.shots / f"{self.name}-{shot}.png"))
        if self.wait:
            self.page.wait_for_timeout(seconds * 1000)

    def tap(self, token: str) -> bool:
        """Tap a target of the reader's page; False when it offers none."""
        target = self.page.locator(f'[data-target="{token}"]')
        if target.count() == 0:
            return False
        target.first.click(force=True)  # a refused target is marked aria-disabled, and a newcomer taps it all the same
        answered(self.page)
        return True


def run_lesson(browser, url: str, game_id: str, lang: str, device: str, wpm: float, wait: bool, shots: Path | None) -> dict:
    viewport = PHONE if device == "phone" else DESKTOP
    phone = device == "phone"
    context = browser.new_context(
        viewport=viewport, locale=LOCALES[lang], service_workers="block", is_mobile=phone, has_touch=phone, device_scale_factor=3 if phone else 1
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto(url + f"#/learn/{game_id}")
    page.wait_for_selector("body[data-ready][data-story-step='0.0']", timeout=READY_TIMEOUT_MS)
    first_step = time.monotonic() - started
    story = lesson(game_id, lang)
    items = [item for chapter in replay(get_game(game_id), story) for item in chapter]
    wrong = iter(WRONG[game_id])
    reader = Reader(page, wpm, wait, shots, f"{game_id}-{lang}-{device}")
    begun = time.monotonic()
    for number, item in enumerate(items):
        place = f"{item.chapter}.{item.step}"
        page.wait_for_selector(f"body[data-story-step='{place}']")
        where = f"{item.chapter + 1}.{item.step}"
        if item.task is not None and item.move is not None:
            page.wait_for_selector("body[data-story-task='open']")
            reader.read_new(where + "-task")
            refused_tap = next(wrong)[0]
            reader.tap(refused_tap)
            page.wait_for_selector("#story-task .story-feedback")
            reader.read_new(where + "-wrong")
            for token in taps(game_id, item.move):
                if not reader.tap(token):
                    reader.shown_without_target.append(f"{where} {item.move}")
                    page.locator("[data-action='story-show']").click()
                    answered(page)
                    break
            page.wait_for_selector("body[data-story-task='none']", timeout=ANSWER_MS)
        reader.read_new(where)
        if number < len(items) - 1:
            page.locator("[data-action='story-next']").click()
            answered(page)
    minutes = (time.monotonic() - begun + (0 if wait else reader.reading)) / 60
    context.close()
    return {
        "game": game_id,
        "language": lang,
        "device": device,
        "steps": story.step_count(),
        "tasks": sum(1 for item in items if item.task is not None),
        "words": reader.words,
        "minutes": round(minutes, 2),
        "reading_minutes": round(reader.reading / 60, 2),
        "first_step_s": round(first_step, 1),
        "shown_instead_of_tapped": reader.shown_without_target,
        "page_errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAME_IDS))
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--wpm", type=float, default=200.0, help="the newcomer's reading speed, words a minute")
    parser.add_argument("--devices", default="desktop", help="desktop, phone or both, comma-separated: every lesson is read on each")
    parser.add_argument("--shots", type=Path, help="a folder for a screenshot of every step")
    parser.add_argument("--no-wait", action="store_true", help="add the reading time instead of waiting it out")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args()
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    server = AppServer()
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for device in args.devices.split(","):
                for game_id in args.games.split(","):
                    for lang in args.languages.split(","):
                        result = run_lesson(browser, server.url, game_id, lang, device, args.wpm, not args.no_wait, args.shots)
                        results.append(result)
                        note = f"  shown, not tapped: {', '.join(result['shown_instead_of_tapped'])}" if result["shown_instead_of_tapped"] else ""
                        print(
                            f"{device:7} {game_id:9} {lang}  {result['steps']:2} steps {result['tasks']} tasks  {result['words']:4} words  "
                            f"{result['minutes']:5.2f} min (reading {result['reading_minutes']:.2f})  first step {result['first_step_s']:.1f} s{note}",
                            flush=True,
                        )
                        if result["page_errors"]:
                            print(f"  page errors: {result['page_errors']}", flush=True)
            browser.close()
    finally:
        server.stop()
    print(f"median {statistics.median(r['minutes'] for r in results):.2f} min over {len(results)} lessons, at {args.wpm:g} words a minute")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
