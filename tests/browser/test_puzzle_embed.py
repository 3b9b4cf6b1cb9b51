"""A puzzle embedded in a blog on another site: the puzzle screen's own embed code, a fresh
default context (the frame gets no storage), the Play cover, and the reader solves it."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, open_app
from ludothek.ai import puzzles as P
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
