"""The diagram editor in Chromium (issue 36): a Momentum diagram with one mark of each kind made by
clicks on a phone and on a desktop, the overlay and the marks in words, the link copied and opened
in a fresh profile, and the SVG downloaded with the marks. Each run is a first visit (a fresh
context)."""

from __future__ import annotations

import re
from contextlib import contextmanager
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from blog import BlogServer
from test_embed import play_one_move
from conftest import PHONE, READY_TIMEOUT_MS, open_app, wait_for

DESKTOP = {"width": 1280, "height": 800}
MARKS = {"diagram-arrow": 1, "diagram-circle": 1, "diagram-highlight": 1, "diagram-label": 1}


@contextmanager
def fresh(browser, viewport, phone: bool):
    """A page of a first visit (a context of its own, closed after the block) that collects its errors in page.errors."""
    extra = dict(device_scale_factor=3, is_mobile=True, has_touch=True) if phone else {}
    context = browser.new_context(service_workers="block", viewport=viewport, accept_downloads=True, **extra)
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        yield page
    finally:
        context.close()


@contextmanager
def momentum_editor(browser, app_url: str, viewport, phone: bool):
    """The Momentum diagram editor on a first visit."""
    with fresh(browser, viewport, phone) as page:
        open_app(page, app_url, "#/editor/momentum")
        yield page


def target(page, token: str):
    return page.locator(f'#board [data-target="{token}"]')


def check_marks(page) -> None:
    overlay = page.locator("#board svg g.diagram")
    expect(overlay).to_have_count(1)
    for kind, count in MARKS.items():
        expect(overlay.locator(f"g.{kind}")).to_have_count(count)
    words = page.locator("#editor-words li")
    expect(words).to_have_count(5)
    expect(page.locator("#editor-words")).to_contain_text("Why c5 is safe")
    expect(page.locator("#editor-words")).to_contain_text("Arrow from c3 to c5, orange.")
    expect(page.locator("#editor-words")).to_contain_text("Circle around d4, light blue.")
    expect(page.locator("#editor-words")).to_contain_text("Highlight on e2, green.")
    expect(page.locator("#editor-words")).to_contain_text("Label 1 on c3, green.")  # a label takes the colour chosen last


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_momentum_diagram_by_clicks_its_link_in_a_fresh_profile_and_its_picture(browser, app_url, tmp_path, viewport):
    phone = viewport is PHONE
    with momentum_editor(browser, app_url, viewport, phone) as page:
        expect(page.get_by_role("heading", name="Diagram: Momentum")).to_be_visible()
        target(page, "c3").click()  # the arrow tool is chosen at first, orange
        expect(page.locator("#editor-message")).to_contain_text("Arrow from c3")
        target(page, "c5").click()
        page.get_by_role("button", name="Circle", exact=True).click()
        page.get_by_role("button", name="light blue", exact=True).click()
        target(page, "d4").click()
        page.get_by_role("button", name="Highlight", exact=True).click()
        page.get_by_role("button", name="green", exact=True).click()
        target(page, "e2").click()
        page.get_by_role("button", name="Label", exact=True).click()
        page.locator("#editor-label").fill("1")
        target(page, "c3").click()
        page.locator("#editor-caption").fill("Why c5 is safe")
        page.get_by_role("button", name="Set caption").click()
        check_marks(page)
        if phone:
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        page.get_by_role("button", name="Copy link").click()
        expect(page.locator(".toast, #toast")).to_contain_text("Copied")
        link = page.evaluate("navigator.clipboard.readText()")
        assert "#/editor/momentum/" in link and "a:o:c3-c5" in link, link
        assert link == page.locator("#editor-link").input_value()

        with page.expect_download() as download_info:
            page.get_by_role("button", name="Download SVG").click()
        path = tmp_path / "diagram.svg"
        download_info.value.save_as(path)
        svg = path.read_text(encoding="utf-8")
        assert 'class="diagram"' in svg and all(kind in svg for kind in MARKS)
        assert "<desc>Why c5 is safe: Highlight on e2, green." in svg, "the picture says its marks"
        assert page.errors == []

        with fresh(browser, viewport, phone) as again:
            open_app(again, link)
            check_marks(again)
            expect(again.locator("#editor-caption")).to_have_value("Why c5 is safe")
            assert again.errors == []


def test_the_keyboard_marks_on_the_editors_board(browser, app_url):
    with momentum_editor(browser, app_url, DESKTOP, False) as page:
        page.get_by_role("button", name="Circle", exact=True).focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="Circle", exact=True)).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("document.activeElement.id") == "editor-tool-circle", "the focus stays on the tool chosen"
        target(page, "a1").focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.target") == "b1"
        page.keyboard.press("Enter")
        expect(page.locator("#board svg g.diagram g.diagram-circle")).to_have_count(1)
        expect(page.locator("#editor-words")).to_contain_text("Circle around b1, orange.")
        assert page.evaluate("document.activeElement.dataset.target") == "b1", "the focus stays on the board"


def keyboard_edit(game_id: str) -> tuple[str, str, bool]:
    """A piece and a place of the editor's first position that the engine takes (found by the
    game's own editing in CPython): (the piece's name, the place, whether it comes from the list)."""
    from random import Random

    from ludothek.games import get_game
    from ludothek.render.catalog import position_editing
    from ludothek.render import get_view
    from ludothek.render.editor import MOST_PIECE_BUTTONS

    game, view, rules = get_game(game_id), get_view(game_id), position_editing(game_id)
    state = game.observation(game.new_game(players=view.default_players), None)
    palette = rules.palette(state)
    many = len(palette.pieces) > MOST_PIECE_BUTTONS
    for piece in palette.pieces[:1] if many else palette.pieces:  # the list starts at its first piece
        for place in sorted(palette.places):
            try:
                game.from_observation(rules.put(state, place, piece), Random(1))
            except ValueError:
                continue
            if rules.put(state, place, piece) != game.position(state):
                return view.piece_name(piece), place, many
    raise AssertionError(f"no piece of {game_id} can be put anywhere")


@pytest.mark.parametrize("game_id", ["momentum", "nummerus", "fenn", "mops", "momox"])
def test_a_piece_and_a_mark_by_the_keyboard_alone_in_every_game(browser, app_url, game_id):
    """Enter on the tools and on the board, arrows between places: no pointer at all."""
    piece, place, from_list = keyboard_edit(game_id)
    with fresh(browser, DESKTOP, False) as page:
        open_app(page, app_url, f"#/editor/{game_id}")
        before = page.locator("#editor-position").input_value()
        if from_list:
            page.locator("#editor-piece-list").focus()
            assert page.locator("#editor-piece-list").evaluate("select => select.selectedOptions[0].textContent") == piece
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.textContent") == "Place this piece"
        else:
            page.get_by_role("button", name=piece, exact=True).focus()
        page.keyboard.press("Enter")
        expect(page.locator("#editor-message")).to_contain_text("Click a place")
        target(page, place).focus()
        page.keyboard.press("Enter")
        expect(page.locator("#editor-message")).to_contain_text(f"{piece} on ")
        assert page.locator("#editor-position").input_value() != before, "the piece is on the board"
        assert page.evaluate("document.activeElement.dataset.target") == place, "the focus stays on the board"
        # A mark on the next place the arrow keys reach.
        page.get_by_role("button", name="Circle", exact=True).focus()
        page.keyboard.press("Enter")
        target(page, place).focus()
        for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
            page.keyboard.press(key)
            if page.evaluate("document.activeElement.dataset.target") != place:
                break
        marked = page.evaluate("document.activeElement.dataset.target")
        assert marked and marked != place, "the arrow keys move between the board's places"
        page.keyboard.press("Enter")
        expect(page.locator("#board svg g.diagram g.diagram-circle")).to_have_count(1)
        expect(page.locator("#editor-words")).to_contain_text("Circle around")
        assert page.errors == []


def test_pieces_by_taps_on_a_phone_the_best_moves_and_no_sideways_scroll_in_any_game(browser, app_url):
    with momentum_editor(browser, app_url, PHONE, True) as page:
        page.get_by_role("button", name="Red stone", exact=True).click()
        expect(page.locator("#editor-message")).to_contain_text("Click a place")
        target(page, "d4").click()
        # The setup's pie rule holds only on the empty board: the first stone put by hand ends it, and says so.
        pie_ends = "The pie rule is now off: only a game's start has it (an empty board with Red to move, or Red's first stone alone with Blue to move)."
        expect(page.locator("#editor-message")).to_have_text("Red stone on d4. " + pie_ends)
        expect(page.locator("#editor-position")).to_have_value("7x7 ......./......./......./...R.../......./......./....... R 7,8")
        expect(page.locator("#editor-link")).to_have_value(re.compile(r"#/editor/momentum/7x7%20.*R\.\.\."))
        # The keyboard puts a piece too: Enter on a place.
        target(page, "e4").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#editor-message")).to_have_text("Red stone on e4.")
        page.get_by_role("button", name="Show the best moves").click()
        expect(page.locator("#editor-best li")).to_have_count(3, timeout=60_000)
        expect(page.locator("#editor-message")).to_contain_text("Best move:")
        for game in ("nummerus", "fenn", "mops", "momox"):
            page.evaluate("route => { location.hash = route; }", f"#/editor/{game}")
            wait_for(page, "document.body.dataset.route === location.hash && document.body.dataset.game === location.hash.split('/')[2]")
            expect(page.locator("#editor-pieces")).not_to_be_empty()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], game
        # Nummerus' 48 chips come from a list.
        page.evaluate("route => { location.hash = route; }", "#/editor/nummerus")
        wait_for(page, "document.body.dataset.route === location.hash")
        page.locator("#editor-piece-list").select_option("17")
        page.get_by_role("button", name="Place this piece").click()
        expect(page.locator("#editor-message")).to_contain_text("Chip 17")
        assert page.errors == []


@pytest.mark.parametrize("game_id", ["momentum", "nummerus", "fenn", "mops", "momox"])
def test_an_authors_diagram_in_every_game_its_svg_and_its_embed_in_a_blog_of_another_site(browser, app_url, tmp_path, game_id):
    # The author (the app on 127.0.0.1) makes a diagram with one mark of each kind, downloads its
    # SVG and copies its embed code, played against the computer; a reader opens the blog
    # (localhost: another site) in a fresh default context: the picture first, then Play, then a move.
    with fresh(browser, DESKTOP, False) as page:
        open_app(page, app_url, f"#/editor/{game_id}")
        first, second = page.evaluate("[...document.querySelectorAll('#board [data-target]')].slice(0, 2).map(e => e.dataset.target)")
        target(page, first).click()  # the arrow tool is chosen at first, orange
        target(page, second).click()
        page.get_by_role("button", name="Circle", exact=True).click()
        target(page, first).click()
        page.get_by_role("button", name="Highlight", exact=True).click()
        page.get_by_role("button", name="green", exact=True).click()
        target(page, second).click()
        page.get_by_role("button", name="Label", exact=True).click()
        page.locator("#editor-label").fill("1")
        target(page, first).click()
        page.locator("#editor-caption").fill("Look here")
        page.get_by_role("button", name="Set caption").click()
        expect(page.locator("#editor-words li")).to_have_count(5)
        with page.expect_download() as download_info:
            page.get_by_role("button", name="Download SVG").click()
        path = tmp_path / "diagram.svg"
        download_info.value.save_as(path)
        svg = path.read_text(encoding="utf-8")
        assert all(f'class="{kind}"' in svg for kind in MARKS), [kind for kind in MARKS if kind not in svg]
        assert "Look here" in svg
        page.locator("#editor-embed-play").select_option("computer")
        page.get_by_role("button", name="Copy embed code").click()
        expect(page.locator(".toast, #toast")).to_contain_text("Copied")
        code = page.evaluate("navigator.clipboard.readText()")
        assert "<iframe" in code and f"a:o:{first}-{second}" in unquote(code), code[:400]
        assert page.errors == []
    server = BlogServer("<p>Look at this:</p>" + code)
    reader = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        blog = reader.new_page()
        blog.set_default_timeout(30_000)
        blog.goto(server.url)
        frame = blog.frame_locator("iframe").first
        frame.locator("body.embed").wait_for(state="attached")
        # Picture first: the snippet's picture carries the marks (nothing of Python loaded yet).
        drawn = unquote(blog.evaluate("getComputedStyle(document.querySelector('iframe')).backgroundImage"))
        assert "#e69f00" in drawn and "#009e73" in drawn and "Look here" in drawn, drawn[:200]  # the orange arrow and circle, the green highlight
        frame.get_by_role("button", name="Play").click()
        frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
        for kind, count in MARKS.items():
            expect(frame.locator(f"#board svg g.diagram g.{kind}")).to_have_count(count)
        live = next(f for f in blog.frames if f != blog.main_frame)
        play_one_move(live)
        expect(frame.locator("#board svg g.diagram")).to_have_count(0)  # the marks explain the position they were made for
    finally:
        reader.close()
        server.stop()
