"""A puzzle embedded in a blog on another site: the puzzle screen's own embed code, a fresh
default context (the frame gets no storage), the Play cover, and the reader solves it."""

from __future__ import annotations

import html as html_text
import re

import pytest
from playwright.sync_api import expect

from conftest import PHONE, READY_TIMEOUT_MS, open_app
from ludothek.ai import puzzles as P
from ludothek.games import get_game
from test_embed import Blog


def test_a_momentum_puzzle_embedded_in_a_blog_is_played_and_solved(page, browser, app_url):
    puzzle = P.puzzles("momentum")[0]
    open_app(page, app_url, f"#/puzzle/momentum/{puzzle['id']}")
    expect(page.locator(".puzzle-task")).to_contain_text("Red to move" if puzzle["position"].split(" ")[2] == "R" else "Blue to move")
    code = page.locator("#puzzle-embed").input_value()
    assert code.startswith("<iframe ") and f"#/puzzle/momentum/{puzzle['id']}" in code and 'loading="lazy"' in code
    blog = Blog(browser, "<p>Can you find the winning stone?</p>" + code + "<p>The answer is in the frame.</p>")
    try:
        frame = blog.page.frame_locator("iframe").first
        cover = frame.locator("button.embed-cover")
        expect(cover).to_be_visible()
        assert not blog.runtime_requests(), "nothing of the runtime before Play"
        cover.click()
        frame.locator("body[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        expect(frame.locator("body[data-screen=puzzle]")).to_have_count(1)
        expect(frame.locator(".puzzle-task")).to_contain_text("find the only stone")
        # Alone in the frame: no other puzzles, no sharing; a link opens the app in a new tab.
        expect(frame.locator("#puzzle-link, #puzzle-embed, [data-action=puzzle-next]")).to_have_count(0)
        more = frame.get_by_role("link", name="More puzzles in Ludothek")
        assert more.get_attribute("href").endswith(f"#/puzzle/momentum/{puzzle['id']}") and more.get_attribute("target") == "_blank"
        frame.locator(f"#board [data-target={puzzle['solution']}]").click()
        expect(frame.locator(".puzzle-result")).to_contain_text("Solved!")
        assert not blog.errors
    finally:
        blog.close()


# Three games, each at one size: every size and game costs a runtime start of its own.
@pytest.mark.parametrize(("game_id", "viewport"), [("momentum", "phone"), ("nummerus", "desktop"), ("momox", "phone")])
def test_an_embedded_puzzle_has_no_serious_accessibility_violation(page, browser, app_url, game_id, viewport):
    """The frame's own page as a reader meets it (a fresh context, no service worker): the Play
    cover, the live puzzle, and a wrong answer with the solution shown, at desktop and phone size."""
    from test_quality import axe_violations

    game = get_game(game_id)
    puzzle = P.puzzles(game_id)[0]
    open_app(page, app_url, f"#/puzzle/{game_id}/{puzzle['id']}")
    code = page.locator("#puzzle-embed").input_value()
    src = html_text.unescape(re.search(r'src="([^"]*)"', code).group(1))
    if viewport == "phone":
        context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)
    else:
        width, height = (int(n) for n in re.search(r'width="(\d+)" height="(\d+)"', code).groups())
        context = browser.new_context(viewport={"width": width, "height": height})
    try:
        frame_page = context.new_page()
        errors: list[str] = []
        frame_page.on("pageerror", lambda error: errors.append(str(error)))
        frame_page.goto(src)
        cover = frame_page.locator("button.embed-cover")
        expect(cover).to_be_visible()
        assert axe_violations(frame_page) == [], "idle"
        cover.tap() if viewport == "phone" else cover.click()
        frame_page.locator("body[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        expect(frame_page.locator("body[data-screen=puzzle]")).to_have_count(1)
        # The short box under the board opens on the task, not on the players.
        panel, seats = frame_page.locator("#puzzle-panel").bounding_box(), frame_page.locator("#puzzle-seats").bounding_box()
        assert panel["y"] < seats["y"], (panel, seats)
        assert axe_violations(frame_page) == [], "live"
        wrong = next(m for m in game.legal_moves(P.puzzle_state(game, puzzle)) if m != puzzle["solution"])
        target = frame_page.locator(f"#board [data-target={wrong}]")
        target.tap() if viewport == "phone" else target.click()
        solution_words = f"bowl {puzzle['solution'][1]}" if game_id == "momox" else puzzle["solution"]
        expect(frame_page.locator(".puzzle-result.failed")).to_contain_text(solution_words)
        # The short panel under the board leads with the verdict: not scrolled into the middle of
        # a line, the verdict and the focused button wholly inside it.
        placement = frame_page.evaluate("""() => {
            const box = document.querySelector('.puzzle-layout .side'), outer = box.getBoundingClientRect();
            const inside = el => { const r = el.getBoundingClientRect(); return r.top >= outer.top && r.bottom <= outer.bottom; };
            return {scrolled: box.scrollTop, verdict: inside(document.querySelector('.puzzle-result')), focused: inside(document.activeElement)};
        }""")
        assert placement == {"scrolled": 0, "verdict": True, "focused": True}, placement
        assert axe_violations(frame_page) == [], "failed"
        assert not errors
    finally:
        context.close()
