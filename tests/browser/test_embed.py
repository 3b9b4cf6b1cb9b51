"""Boards embedded in a blog, as blog readers meet them.

The blog is on another site (`localhost`, the app on `127.0.0.1`) and every test opens it in a fresh
default browser context: like a private window, it gives the embedded frames no storage at all.
The snippets are the Share dialog's own (ludothek.render.standalone.embed_snippet, as the app calls
it); test_sharing.py takes one from the dialog itself.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from blog import EMBED_GAMES, Blog, BlogServer, snippet, start_picture
from conftest import READY_TIMEOUT_MS, wait_for, wait_for_moves, workers_where
from ludothek.render.diagram import parse_diagram
from ludothek.render.standalone import embed_picture_box, embed_size

SMALL = (320, 400)

# Decodes each frame's background picture (the snippet's data: URL) as an image: its width, or -1.
PICTURE_WIDTHS = """() => Promise.all([...document.querySelectorAll('iframe')].map(frame => new Promise(done => {
    const match = getComputedStyle(frame).backgroundImage.match(/^url\\("(.*)"\\)$/s);
    if (!match) { done(-1); return; }
    const image = new Image();
    image.onload = () => done(image.naturalWidth);
    image.onerror = () => done(-1);
    image.src = match[1];
})))"""
SCROLL_ROOM = """() => { const e = document.documentElement;
    return {height: e.scrollHeight - e.clientHeight, width: e.scrollWidth - e.clientWidth}; }"""
# What a reader can press to play on: choices first (a die's new top, a tile to flip), then the board.
PLAYABLE = """() => {
    const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
    const choices = [...document.querySelectorAll('#extra button[data-target]:not([disabled]), #actions button[data-target]:not([disabled])')]
        .filter(e => visible(e) && !['end', 'pass', 'refuse'].includes(e.dataset.target));
    const cells = [...document.querySelectorAll('#board [data-target][role=button]:not([aria-disabled=true])')].filter(visible);
    const pick = choices[0] || cells[0];
    return pick ? (pick.closest('#board') ? '#board ' : '#extra, #actions').trim() + ' [data-target="' + pick.dataset.target + '"]' : null;
}"""


def wait_for_covers(blog: Blog, count: int) -> None:
    blog.page.wait_for_function(f"document.querySelectorAll('iframe').length === {count}")
    for index in range(count):
        blog.page.frame_locator("iframe").nth(index).locator("body.embed").wait_for(state="attached")


def play_one_move(frame) -> None:
    """Press what a reader would until the move count goes up (a Fenn move takes two presses: the
    first chooses a field). A click returns once the frame's app has answered it (conftest)."""
    moves = "Number(document.body.dataset.moves || 0)"
    before = int(frame.evaluate(moves))
    for _ in range(4):
        wait_for(frame, "document.body.dataset.thinking === '0'", timeout=90_000)
        selector = frame.evaluate(PLAYABLE)
        assert selector, "nothing to press on the live board"
        frame.locator(selector).first.click()
        if int(frame.evaluate(moves)) > before:
            return
    raise AssertionError("the board took no move")


def test_every_game_shows_its_picture_and_fetches_no_runtime_until_a_reader_plays(open_blog, app_url):
    body = "".join(f"<h2>{game}</h2><p>A paragraph about the rules.</p>{snippet(game, app_url)}" for game in EMBED_GAMES)
    # Tall enough that every (lazy) frame loads at once.
    blog = open_blog(body, viewport=(1000, 4200))
    wait_for_covers(blog, len(EMBED_GAMES))
    widths = blog.page.evaluate(PICTURE_WIDTHS)
    assert all(width > 0 for width in widths), widths
    for frame in blog.frames():
        expect(frame.get_by_role("button", name="Play")).to_be_visible()
        assert frame.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    # The reader moves on past every board (the pointer crosses them on the way, resting on none):
    # nothing starts. A board takes moves over it for 0.3 s, none more than 0.15 s after the last,
    # for a rest; each step here is a third of a board's height or more, so no board sees more than
    # three moves, which cannot make a rest, however slowly a busy machine sends them.
    blog.page.mouse.move(950, 10)
    blog.page.mouse.move(300, 4100, steps=20)
    blog.page.mouse.move(950, 4100, steps=2)
    time.sleep(1.5)
    assert blog.runtime_requests() == []
    assert not any(f.evaluate("!!document.body.dataset.starting") for f in blog.frames())
    # A pointer that stays on a board (moving over it a moment) starts that board, and only it. (It
    # moves on until the board has started: a busy machine may hold a move back long enough to
    # begin the rest anew.)
    box = blog.page.locator("iframe").nth(1).bounding_box()
    started = blog.page.frame_locator("iframe").nth(1).locator("body[data-starting]")
    deadline = time.monotonic() + 30
    while not started.count():
        assert time.monotonic() < deadline, "the board under the resting pointer did not start"
        blog.page.mouse.move(box["x"] + 100, box["y"] + 200, steps=10)
        blog.page.mouse.move(box["x"] + 170, box["y"] + 200, steps=10)
    blog.page.frame_locator("iframe").nth(1).locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    assert [bool(f.evaluate("document.documentElement.dataset.runtime")) for f in blog.frames()] == [False, True, False, False, False]


@pytest.mark.parametrize("game_id", EMBED_GAMES)
def test_the_board_a_reader_clicks_goes_live_where_it_stood_and_takes_a_move(open_blog, app_url, game_id):
    width, height = embed_size(game_id)
    body = snippet(game_id, app_url) + "<p>Between the boards.</p>" + snippet(game_id, app_url, width=SMALL[0], height=SMALL[1])
    blog = open_blog(body)
    wait_for_covers(blog, 2)
    frames = blog.page.frame_locator("iframe")
    picture_box = blog.page.locator("iframe").first.bounding_box()
    frames.first.get_by_role("button", name="Play").click()
    frames.first.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    live, idle = blog.frames()
    # Only the clicked frame started the runtime: the other still shows its picture.
    assert live.evaluate("document.documentElement.dataset.runtime") == "loading"
    assert idle.evaluate("document.documentElement.dataset.runtime") is None
    expect(live.locator("#board svg")).to_be_visible()
    expect(live.locator("#status")).not_to_be_empty()
    # The keyboard goes on from the Play button to the board.
    live.wait_for_function("!!document.activeElement && !!document.activeElement.closest('#board')")
    assert live.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    # The board is in the box the picture was drawn in (no jump).
    board = live.locator("#board").bounding_box()
    assert abs(board["x"] - picture_box["x"]) < 1 and abs(board["width"] - picture_box["width"]) < 1
    assert abs(board["y"] - (picture_box["y"] + 44)) < 1
    bottom = embed_picture_box(game_id, readonly=False)[1]
    assert abs(board["height"] - (picture_box["height"] - 44 - bottom)) < 1
    # ... and draws what the picture drew in that box: the board with the lines beside it under it.
    picture_view_box = re.search(r'viewBox="([^"]*)"', start_picture(game_id)).group(1)
    expect(live.locator("#board > svg")).to_have_attribute("viewBox", picture_view_box)
    play_one_move(live)
    assert live.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    # The small frame too fits after it comes alive; the reader reaches it with the keyboard.
    frames.nth(1).get_by_role("button", name="Play").focus()
    frames.nth(1).locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    assert idle.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    expect(idle.locator("#board svg")).to_be_visible()
    assert idle.evaluate("document.documentElement.dataset.storage") == "memory"
    # Nothing in the reader's storage, Python's workers (PyScript's package cache) included: each
    # has the memory stand-in for IndexedDB, not the browser's own.
    stand_in = "!String(indexedDB.open).includes('[native code]')"
    pythons = workers_where(blog.page, "!!self.ludothekStartKind")
    assert len(pythons) == 2 and all(worker.evaluate(stand_in) for worker in pythons)
    assert blog.errors == []
    origins = {u.split("/")[2] for u in blog.requests if u.startswith("http")}
    assert origins <= {blog.server.url.split("/")[2], app_url.split("/")[2]}


@pytest.mark.parametrize("game_id", ["momentum", "momox"])
def test_a_phone_reader_who_taps_play_on_a_half_scrolled_board_stays_where_they_read(open_blog, app_url, game_id):
    """On a phone, a reader scrolls the post until the board's top comes into view and taps Play.
    The board takes the keyboard cursor (its tab stop, bottom left on Momentum's board), but the
    post must not jump to it (it jumped by 607 px for Momentum)."""
    rules = "<p>" + "A paragraph of the rules, long enough to scroll past on a phone. " * 30 + "</p>"
    blog = open_blog(rules * 3 + snippet(game_id, app_url) + rules * 6, viewport=(390, 844), phone=True)
    page = blog.page
    frame_top = page.evaluate("document.querySelector('iframe').getBoundingClientRect().top + scrollY")
    page.evaluate(f"window.scrollTo(0, {frame_top} - innerHeight + 200)")  # the board's top 200 px in view
    wait_for_covers(blog, 1)  # the snippet's frame loads lazily, once scrolled near
    scrolled = page.evaluate("scrollY")
    page.touchscreen.tap(195, 844 - 60)
    live = blog.frames()[0]
    live.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    live.wait_for_function("!!document.activeElement && !!document.activeElement.closest('#board')")
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == scrolled
    assert blog.errors == []


# The states with each game's tallest controls under the board, as an author's embed code gives them
# (two readers at one screen): Mops Royal's final scoring (variant "Wertung") lists five
# combinations to look at on the layout; Momox asks whether to reshuffle the chips; Fenn's face
# chooser (after a field is picked) under a diagram with a caption.
TALL_CONTROLS = {
    "mops": (
        "9/9/9/2WvWyHvCbPg2/2PyBvcvKokg2/2PpBpboPoWg2/2WpKpWoPbWb2/2CyHyhoHbHg2/9,9/9/3BgWvCyHyPg1/3WgwbwoHoHg1/3WyWpKoKgKp1/"
        "3BpbopoPpPy1/3CbBvHvPbHb1/9/9 PvBbByCgCoCpKbKvKyHp - f1 19,19 w",
        "",
        "#extra .mops-option",
    ),
    "momox": ("23,5 -,234 R shuffle t1 y3 123456 120", "", "#actions button:has-text('Keep the chips')"),
    "fenn": (None, "a:o:5-7;t:Why%20the%20blue%20die%20goes%20to%207%20and%20not%20to%206", ".fenn-chooser button[data-target]"),
}
BOXES = """() => Object.fromEntries(Object.entries({board: '#board', dock: '.embed-dock', status: '#status', caption: '#board .diagram-caption'})
    .map(([name, selector]) => { const e = document.querySelector(selector); if (!e) return [name, null];
        const r = e.getBoundingClientRect(); return [name, {top: r.top, bottom: r.bottom, left: r.left, right: r.right}]; }))"""


def overlap(a: dict, b: dict) -> float:
    """The height of the band two boxes share (they span the frame's width): > 0 where one covers the other."""
    return min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) if min(a["right"], b["right"]) > max(a["left"], b["left"]) else 0.0


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
@pytest.mark.parametrize("game_id", sorted(TALL_CONTROLS))
def test_the_controls_never_cover_the_board_or_its_caption(open_blog, app_url, game_id, phone):
    """The embed code's own frame on a phone (390x844, touch: the frame as wide as the post) and on
    a desktop, in the state with the game's tallest controls: the board shrinks to the room they
    leave (they covered Mops Royal's layout, Momox' bottom row and Fenn's caption), and keeps some."""
    position, marks, controls = TALL_CONTROLS[game_id]
    code = snippet(game_id, app_url, opponent="human", position=position, diagram=parse_diagram(marks) if marks else None)
    blog = open_blog(code, viewport=(390, 844) if phone else (1280, 800), phone=phone)
    wait_for_covers(blog, 1)
    frame = blog.page.frame_locator("iframe")
    play = frame.get_by_role("button", name="Play")
    play.tap() if phone else play.click()
    frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    live = blog.frames()[0]
    if game_id == "fenn":
        wait_for(live, "document.body.dataset.thinking === '0'")
        # Clicked, not tapped: Chromium's touch emulation hit-tests a tap's click in a frame of
        # another site at the point less the frame's offset twice (a pointerdown at 50,164 in the
        # frame, its click at 34,73), so a tap on the board misses its field there.
        frame.locator("#board [data-target='1']").click()
    expect(frame.locator(controls).first).to_be_visible()
    boxes = live.evaluate(BOXES)
    frame_height = live.evaluate("innerHeight")
    assert overlap(boxes["board"], boxes["dock"]) <= 0, boxes
    assert overlap(boxes["board"], boxes["status"]) <= 0, boxes
    assert boxes["board"]["bottom"] - boxes["board"]["top"] >= frame_height / 3, (boxes, frame_height)
    if marks:
        caption = boxes["caption"]
        assert caption is not None and overlap(caption, boxes["dock"]) <= 0, boxes
        assert boxes["board"]["top"] <= caption["top"] and caption["bottom"] <= boxes["board"]["bottom"] + 0.5, boxes
    # The choice stays within reach: its first entry is in the dock, and nothing in the frame scrolls but the choice.
    entry = frame.locator(controls).first.bounding_box()
    dock = frame.locator(".embed-dock").bounding_box()
    assert dock["y"] - 0.5 <= entry["y"] and entry["y"] + entry["height"] <= dock["y"] + dock["height"] + 0.5, (entry, dock)
    assert live.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    assert blog.errors == []


def test_more_holds_the_players_and_reference_material_over_the_board(open_blog, app_url):
    blog = open_blog(snippet("mops", app_url, width=SMALL[0], height=SMALL[1]))
    wait_for_covers(blog, 1)
    frame = blog.page.frame_locator("iframe")
    frame.get_by_role("button", name="Play").click()
    frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    expect(frame.locator("#side-extra")).to_be_hidden()
    more = frame.get_by_role("button", name="More")
    expect(more).to_have_attribute("aria-expanded", "false")
    more.click()
    expect(frame.locator("#side-extra")).to_be_visible()
    expect(frame.locator("#players")).to_be_visible()
    expect(frame.get_by_role("link", name="Open in Ludothek")).to_be_visible()
    assert blog.frames()[0].evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    blog.page.keyboard.press("Escape")
    expect(frame.locator("#side-extra")).to_be_hidden()
    expect(more).to_be_focused()


def test_a_read_only_diagram_never_starts_python(open_blog, app_url):
    blog = open_blog(snippet("momentum", app_url, readonly=True))
    wait_for_covers(blog, 1)
    frame = blog.page.frame_locator("iframe")
    expect(frame.get_by_role("link", name="Open in Ludothek")).to_be_visible()
    expect(frame.get_by_role("button", name="Play")).to_have_count(0)
    blog.page.locator("iframe").hover()
    blog.page.locator("iframe").click(position={"x": 100, "y": 100})
    time.sleep(1.5)
    assert blog.runtime_requests() == []
    assert blog.page.evaluate(PICTURE_WIDTHS)[0] > 0


@pytest.mark.parametrize("language, play", [("de-DE", "Spielen"), ("en-US", "Play")])
def test_play_speaks_the_readers_language(browser, app_url, language, play):
    server = BlogServer(snippet("fenn", app_url))
    context = browser.new_context(locale=language)
    try:
        page = context.new_page()
        page.goto(server.url)
        expect(page.frame_locator("iframe").get_by_role("button", name=play)).to_be_visible()
    finally:
        context.close()
        server.stop()


STORAGE_THROWS = """
(() => {
    const refuse = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    for (const name of ['localStorage', 'sessionStorage']) Object.defineProperty(window, name, {get: refuse, configurable: true});
    if (window.indexedDB) window.indexedDB.open = refuse;
})();
"""


def test_the_app_starts_and_plays_with_every_storage_api_throwing(browser, app_url):
    context = browser.new_context(service_workers="block")
    context.add_init_script(STORAGE_THROWS)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(app_url + "#/setup/momentum")
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.storage") == "memory"
        page.get_by_role("button", name="Start game").click()
        page.locator("#board [data-target=d4]").click()
        wait_for_moves(page, 1)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("game_id", ["mops", "fenn"])
def test_an_embed_has_no_serious_accessibility_violation(browser, app_url, game_id):
    """The frame's own page, idle (picture and Play), live, and with More open (axe-core)."""
    import html as html_text

    from test_quality import axe_violations

    src = html_text.unescape(re.search(r'src="([^"]*)"', snippet(game_id, app_url)).group(1))
    width, height = embed_size(game_id)
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(src)
        expect(page.get_by_role("button", name="Play")).to_be_visible()
        assert axe_violations(page) == [], "idle"
        page.get_by_role("button", name="Play").click()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        wait_for(page, "document.body.dataset.thinking !== '1'", timeout=30_000)
        assert axe_violations(page) == [], "live"
        page.get_by_role("button", name="More").click()
        assert axe_violations(page) == [], "more"
    finally:
        context.close()
