"""Rules with "try it", links that carry games and positions, and boards embedded in other sites."""

from __future__ import annotations

import html
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from urllib.parse import unquote

from blog import BlogServer
from conftest import READY_TIMEOUT_MS, Requests, moves_played, open_app, save_id_of, true_state, wait_for_turn

from ludothek.games import GAME_IDS, get_game
from ludothek.render.catalog import is_game
from ludothek.render.rules import has_rules


@contextmanager
def fresh_profile(browser, url: str):
    """A page in a new browser profile (no saves, nothing cached), opened at `url` and ready."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        yield page
    finally:
        context.close()


@pytest.fixture
def page(browser, app_url):
    """Sharing as a new visitor meets it: each test in a fresh default context (no saves, nothing
    cached, and, for frames from another site, no storage at all), never the suite's shared profile."""
    context = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.requests = Requests(page, app_url.rstrip("/"))
    yield page
    context.close()


def board_cells(page_or_frame) -> list[str]:
    """What the board says about each cell (its accessible names), in document order."""
    return page_or_frame.locator("#board [data-target]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


LANGUAGES = {
    "en-GB": {"rules": "Rules", "try": "Try it", "start": "Start game", "heading": "New game: {title}"},
    "de-DE": {"rules": "Regeln", "try": "Ausprobieren", "start": "Spiel starten", "heading": "Neues Spiel: {title}"},
}
TRY_GAMES = [g for g in GAME_IDS if is_game(g) and has_rules(g)]


def as_seen(game_id: str, position: str) -> str:
    """A position as an onlooker sees it (a hidden pile's order or covered chips left out)."""
    game = get_game(game_id)
    return game.position(game.observation(game.from_position(position), None))


@pytest.mark.parametrize("locale", sorted(LANGUAGES))
@pytest.mark.parametrize("game_id", TRY_GAMES)
def test_rules_diagram_try_it_opens_a_playable_game(browser, app_url, locale, game_id):
    words = LANGUAGES[locale]
    title = get_game(game_id).name
    context = browser.new_context(locale=locale, service_workers="block")
    page = context.new_page()
    try:
        open_app(page, app_url)
        page.locator(f".game-card[data-game={game_id}]").get_by_role("link", name=words["rules"]).click()
        expect(page.locator(".rules h2").first).to_be_visible()
        link = page.locator("figure.diagram").get_by_role("link", name=words["try"]).first
        position = unquote(link.get_attribute("href").split("/", 3)[3])
        link.click()
        expect(page.get_by_role("heading", name=words["heading"].format(title=title))).to_be_visible()
        expect(page.locator(".start-position svg")).to_be_visible()
        page.get_by_role("button", name=words["start"]).click()
        expect(page.locator("#board svg")).to_be_visible()
        assert moves_played(page) == 0
        saved = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ludothek.save.')).map(k => JSON.parse(localStorage.getItem(k)).record)")
        # The game starts from the diagram; what the diagram hides is dealt afresh, not carried by the link.
        assert [as_seen(game_id, r.get("position")) for r in saved] == [position]
        if get_game(game_id).has_hidden_information:
            assert "?" in position
    finally:
        context.close()


def test_shared_game_link_opens_the_same_position_on_a_fresh_profile(page, app_url, browser):
    open_app(page, app_url, "#/setup/momentum")
    page.locator("select[name=seat1_kind]").select_option("human")
    page.get_by_role("button", name="Start game").click()
    for cell in ("a1", "g7", "d4"):
        page.locator(f"[data-target={cell}]").click()
    page.get_by_role("button", name="Share").click()
    link = page.locator("#share-game").input_value()
    position_link = page.locator("#share-position").input_value()
    page.get_by_role("button", name="Close").click()
    cells = board_cells(page)

    with fresh_profile(browser, link) as other:
        expect(other.locator("#board svg")).to_be_visible()
        assert moves_played(other) == 3
        assert board_cells(other) == cells
        # The position link shows the same board before the game starts.
        other.goto(position_link)
        expect(other.locator(".start-position svg")).to_be_visible()


def test_a_hidden_information_game_shares_only_what_everyone_sees(page, app_url, browser):
    """Mops Royal: the position link and the embed code show the pile's tiles but not their order;
    the game link (which holds the order) is copied, never shown; a reader who opens the position
    gets the same table with the pile shuffled afresh."""
    game = get_game("mops")
    open_app(page, app_url, "#/setup/mops")
    page.get_by_role("button", name="Start game").click()
    wait_for_turn(page, 0)
    state = true_state(page, game, save_id_of(page))
    seen = game.position(game.observation(state, None))
    secret_order = game.position(state).split(" ")[1]
    page.get_by_role("button", name="Share").click()
    position_link = page.locator("#share-position").input_value()
    snippet = page.locator("#share-snippet").input_value()
    assert unquote(position_link.split("#/position/mops/", 1)[1]) == seen
    assert "/position/mops/" in html.unescape(snippet)
    expect(page.locator("#share-game")).to_have_count(0)
    expect(page.get_by_role("button", name="Copy a link to this game")).to_be_visible()
    assert secret_order not in page.content() and secret_order not in unquote(position_link + html.unescape(snippet))

    with fresh_profile(browser, position_link) as other:
        expect(other.locator(".start-position svg")).to_be_visible()
        other.get_by_role("button", name="Start game").click()
        expect(other.locator("#board svg")).to_be_visible()
        dealt = true_state(other, game, save_id_of(other))
        assert game.position(game.observation(dealt, None)) == seen


def test_a_damaged_link_gives_a_clear_message(page, app_url):
    open_app(page, app_url, "#/game/eNpNjsEKgzAMhl9Fci4d")
    expect(page.locator("#screen [role=alert]")).to_contain_text("cut off")
    expect(page.get_by_role("link", name="Go to the games")).to_be_visible()
    page.goto(app_url + "#/position/momentum/7x7%20garbage")
    expect(page.locator("#screen [role=alert]")).to_contain_text("not a valid Momentum position")


def test_embed_snippet_works_on_another_origin(page, app_url, browser):
    open_app(page, app_url, "#/setup/momentum")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Share").click()
    page.locator("#embed-level").select_option("1")
    snippet = page.locator("#share-snippet").input_value()
    assert snippet.startswith("<iframe") and "embed=1" in snippet and "level=1" in snippet and "picture=1" in snippet
    assert 'width="420" height="520"' in snippet  # the size proposed for Momentum (it fits: test_embed.py)

    # The blog is another site (localhost; the app is on 127.0.0.1), opened in a fresh default
    # context: like a private window, it blocks storage for the embedded frame.
    host = BlogServer(snippet)
    context = browser.new_context()
    try:
        blog = context.new_page()
        requests = []
        blog.on("request", lambda r: requests.append(r.url))
        blog.goto(host.url)
        frame = blog.frame_locator("iframe")
        # The picture shows (the frame's background) and nothing of the runtime loads until the reader plays.
        frame.get_by_role("button", name="Play").wait_for()
        picture = blog.evaluate("""() => new Promise(done => {
            const image = new Image();
            image.onload = () => done(image.naturalWidth);
            image.onerror = () => done(-1);
            image.src = getComputedStyle(document.querySelector('iframe')).backgroundImage.slice(5, -2);
        })""")
        assert picture > 0
        assert not [u for u in requests if "/vendor/" in u]
        frame.get_by_role("button", name="Play").click()
        frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
        expect(frame.locator("#board svg")).to_be_visible()
        expect(frame.locator(".topbar")).to_be_hidden()
        frame.locator("#board [data-target=d4]").click()
        frame.locator("body[data-moves='2']").wait_for(timeout=30_000)  # the reader's move and the computer's reply
        # The game lives in the frame's address: nothing was written to the reader's storage.
        frame_page = next(f for f in blog.frames if f != blog.main_frame)
        assert "#/game/" in frame_page.url
        assert frame_page.evaluate("() => { try { localStorage; return false; } catch (e) { return true; } }")  # really blocked
        # After a reload of the frame the game is still there: it lives in the address. (Reloaded
        # once the evaluation has returned: an evaluation that ends its own document may fail.)
        frame_page.evaluate("setTimeout(() => location.reload())")
        frame.get_by_role("button", name="Play").click()
        frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
        frame.locator("body[data-moves='2']").wait_for(timeout=30_000)
        expect(frame.locator("#toast")).not_to_have_class("toast visible")
        origins = {u.split("/")[2] for u in requests if u.startswith("http")}
        assert origins <= {host.url.split("/")[2], app_url.split("/")[2]}
    finally:
        context.close()
        host.stop()


def test_an_older_snippet_still_plays(browser, app_url):
    """Snippets written before the picture fix (no `picture=1`): the board still starts on Play."""
    position = "7x7%20.......%2F.......%2F.......%2F.......%2F.......%2F.......%2F.......%20R%208%2C8%20pie"
    host = BlogServer(
        f'<iframe src="{app_url}index.html?embed=1&amp;vs=human#/position/momentum/{position}" width="420" height="520" style="border:0"></iframe>'
    )
    context = browser.new_context()
    try:
        blog = context.new_page()
        blog.goto(host.url)
        frame = blog.frame_locator("iframe")
        frame.get_by_role("button", name="Play").click()
        frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
        frame.locator("#board [data-target=d4]").click()
        frame.locator("body[data-moves='1']").wait_for(timeout=30_000)
    finally:
        context.close()
        host.stop()


def test_an_older_read_only_embed_is_still_drawn(page, app_url):
    """A read-only snippet from before the picture fix carries no picture: Python draws it, as before."""
    open_app(
        page,
        app_url,
        "?embed=1&readonly=1#/position/momentum/" + "7x7%20.......%2F.......%2F.......%2F...R...%2F.......%2F.......%2F.......%20B%207%2C8%20swap",
    )
    expect(page.locator("#board svg")).to_be_visible()
    assert page.locator("#board [data-target]").count() == 0
    expect(page.locator(".topbar")).to_be_hidden()
    assert html.unescape("&amp;") == "&"


def test_links_as_mail_and_chat_programs_leave_them_still_open(page, app_url):
    """A link found in a sentence often keeps the sentence's end ('…#/game/eNp…).'), a quote or a
    line break. The app reads the link as written and, only when that fails, without them."""
    from ludothek.ai.puzzles import puzzles
    from ludothek.web.links import position_fragment, record_fragment
    from ludothek.web.session import GameSession, Seat

    session = GameSession.new("momentum", [Seat("Ada"), Seat("Bea")], seed=3, options={"pie": False}, save_id="x")
    for move in ("d4", "a1", "g7"):
        session.play(move)
    game_link = record_fragment(session.record())
    open_app(page, app_url, game_link[:60] + "%0A" + game_link[60:] + ").")
    expect(page.locator("#board svg")).to_be_visible()
    assert moves_played(page) == 3

    page.goto(app_url + position_fragment("momentum", "7x7 ......./......./......./...R.../......./......./....... B 7,8") + '%22,')
    expect(page.locator(".start-position svg")).to_be_visible()

    puzzle_id = puzzles("momox")[0]["id"]
    page.goto(app_url + f"#/puzzle/momox/{puzzle_id}).")
    expect(page.locator("body")).to_have_attribute("data-puzzle", puzzle_id)
    expect(page.locator("#puzzle-panel .puzzle-task")).to_be_visible()
    page.goto(app_url + "#/puzzles/fenn%C2%BB")
    expect(page.locator("body")).to_have_attribute("data-screen", "puzzles")

    assert page.errors == []


def test_a_link_to_a_puzzle_that_is_gone_leads_to_the_games_puzzles(page, app_url):
    """Puzzle ids are kept from one mining to the next (scripts/mine_puzzles.numbered), but an old
    or mistyped link may name one that is gone: the app shows that game's puzzles and says why,
    and Back does not lead into the dead link again. An embedded puzzle has no list: it says so."""
    open_app(page, app_url, "#/rules/momox")
    page.goto(app_url + "#/puzzle/momox/mo999")
    expect(page.locator("body")).to_have_attribute("data-screen", "puzzles")
    expect(page.locator("#toast")).to_contain_text("no such puzzle")
    assert page.evaluate("location.hash") == "#/puzzles/momox"
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-screen", "rules")
    page.goto(app_url + "?embed=1#/puzzle/momox/mo999")
    cover = page.locator("button.embed-cover")
    if cover.count():
        cover.click()
    expect(page.locator("#screen [role=alert]")).to_contain_text("no such puzzle", timeout=READY_TIMEOUT_MS)
    assert page.errors == []


def test_a_link_whose_game_does_not_replay_says_why_in_the_readers_language(browser, app_url):
    """The engine's reasons are English data (RecordError.rule and params); a German reader of a
    hand-edited or damaged link reads the reason in German, the refused move in the game's words."""
    from ludothek.web.links import record_fragment

    record = {"format": "ludothek", "version": 1, "game": "momentum", "players": [{}, {}], "seed": 1, "options": {"pie": False}, "moves": ["a1", "a1"]}
    context = browser.new_context(locale="de-DE", service_workers="block")
    try:
        page = context.new_page()
        open_app(page, app_url, record_fragment(record))
        alert = page.locator("#screen [role=alert]")
        expect(alert).to_contain_text("Zug 2 (a1) ist nicht erlaubt")
        assert "illegal" not in alert.inner_text() and "occupied" not in alert.inner_text()
        open_app(page, app_url, record_fragment({**record, "version": 2, "moves": []}))
        expect(alert).to_contain_text("neueren Version von Ludothek")
    finally:
        context.close()
