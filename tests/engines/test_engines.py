"""The app in every reader's engine: Chromium, Firefox and WebKit (Safari's), one scenario each,
written once over the thin drivers of engine_drivers.py.

What a reader does first is tried in each: a cold start to the ready flag, a move against the
computer in every game and the computer's answer, a reload that keeps the game, a diagram made in
the editor (a stone put, a circle drawn, the link that carries them), a reload through
the service worker with the server gone, a board embedded in a blog on another site (Play, a move),
a story embedded there (its first step's picture, started by a press where Next will be, stepped,
its task answered),
Fenn's longest opening roll on a phone's width, a game by link received as a link (a move and
Send, online and with the server gone), and a whole first visit that downloads each file once (the
service worker's install included; the bytes it took are printed); no page may log an error (the error hook of
engine_drivers.py collects them, as WebKit gives no console log through its driver).

Elements are found by their data attributes (data-target, data-action, data-game, names of form
fields), never by their words, and pressed with the pointer at their centre. Every wait is for a
condition of the page, with the drivers' generous timeout.
"""

from __future__ import annotations

import json
import re

import pytest
from blog import BlogServer, snippet, story_snippet
from engine_drivers import ERROR_HOOK, SITE, CountingHandler, HookedServer, Tab

from ludothek.games import GAME_IDS, get_game
from ludothek.remote import link as remote_links
from ludothek.remote import protocol
from ludothek.web.links import decode_record, record_fragment

READY = "!!(document.body && document.body.dataset.ready)"
ERRORS = "window.__errors || ['the page has no error hook']"
# The human (seat 0) may act: the computer is not thinking and it is seat 0's turn (or it is over).
HUMANS_TURN = "document.body.dataset.thinking === '0' && (document.body.dataset.turn === '0' || document.body.dataset.over === '1')"
# What the reader sees of the game, as one number: it changes with every press that does something.
SCREEN_HASH = """(() => {
    const text = ['#status', '#board', '#extra', '#actions'].map(q => { const e = document.querySelector(q); return e ? e.innerHTML : ''; })
        .join('|') + '|' + document.body.dataset.moves;
    let hash = 0;
    for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
    return hash;
})()"""
# What a reader can press to play on: a choice first (a die's new top, a tile to flip), then a cell
# of the board; ending the turn or passing only when nothing else is left, or first once the reader
# has moved (`closing`). A selector, or null.
PLAYABLE = """(closing => {
    const visible = e => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('details:not([open])'); };
    const choices = [...document.querySelectorAll('#extra button[data-target]:not([disabled]), #actions button[data-target]:not([disabled])')].filter(visible);
    const moves = choices.filter(e => !['end', 'pass', 'refuse'].includes(e.dataset.target));
    const cells = [...document.querySelectorAll('#board [data-target][role=button]:not([aria-disabled=true])')].filter(visible);
    const ends = choices.filter(e => ['end', 'pass'].includes(e.dataset.target));
    const pick = (closing && ends[0]) || moves[0] || cells[0] || ends[0];
    if (!pick) return null;
    const where = pick.closest('#board') ? '#board' : pick.closest('#extra') ? '#extra' : '#actions';
    return where + ' [data-target="' + pick.dataset.target + '"]';
})(%s)"""


def wait_ready(tab: Tab, frame: int | None = None) -> None:
    tab.wait_for(READY, frame, what="the ready flag (body[data-ready])")


def no_errors(tab: Tab, frame: int | None = None) -> None:
    assert tab.evaluate(ERRORS, frame) == []


def press(tab: Tab, selector: str, frame: int | None = None) -> None:
    """Scroll the element into view and press the pointer at its centre (in the page that holds
    the frame, when it is in one): the element must be what is under that point."""
    point = tab.evaluate(
        f"""(() => {{
        const e = document.querySelector({json.dumps(selector)});
        if (!e) return null;
        e.scrollIntoView({{block: 'center', inline: 'center'}});
        const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        return [x, y, !!hit && (e.contains(hit) || hit.contains(e))];
    }})()""",
        frame,
    )
    assert point, f"no {selector} to press"
    x, y, hit = point
    assert hit, f"{selector} is covered at its centre"
    if frame is not None:
        x0, y0 = tab.evaluate(
            f"""(() => {{ const f = document.querySelectorAll('iframe')[{frame}];
            const r = f.getBoundingClientRect(); return [r.left + f.clientLeft, r.top + f.clientTop]; }})()"""
        )
        x, y = x + x0, y + y0
    tab.press(x, y)


def record_of(tab: Tab, frame: int | None = None) -> dict | None:
    """The game on the screen as its record: from the save a game screen writes after every change,
    or from the address an embedded board keeps its game in (None while it shows the position it
    was given, before a move)."""
    where = tab.evaluate("location.hash", frame)
    if where.startswith("#/position/"):
        return None
    if where.startswith("#/game/"):
        return decode_record(where.removeprefix("#/game/"))
    assert where.startswith("#/play/"), where
    entry = tab.evaluate(f"localStorage.getItem({json.dumps('ludothek.save.' + where.removeprefix('#/play/'))})", frame)
    return json.loads(entry)["record"]


def movers(record: dict | None) -> list[int]:
    """The seat that made each move of the record (replayed by the engine in CPython)."""
    if record is None:
        return []
    game = get_game(record["game"])
    state = game.from_record({**record, "moves": []})
    seats = []
    for move in record["moves"]:
        seats.append(game.current_player(state))
        state = game.play(state, move)
    return seats


def play_until_the_computer_answers(tab: Tab, frame: int | None = None, presses: int = 12) -> list[int]:
    """Press what a reader would (seat 0) until a move of theirs is followed by one of the
    computer's; the movers of the game so far."""
    for _ in range(presses):
        tab.wait_for(HUMANS_TURN, frame, what="the human's turn")
        seats = movers(record_of(tab, frame))
        if 0 in seats and any(seat != 0 for seat in seats[seats.index(0) :]):
            return seats
        assert tab.evaluate("document.body.dataset.over", frame) != "1", "the game ended before the computer answered"
        selector = tab.evaluate(PLAYABLE % ("true" if 0 in seats else "false"), frame)
        assert selector, "nothing to press on the board"
        before = tab.evaluate(SCREEN_HASH, frame)
        press(tab, selector, frame)
        tab.wait_for(f"{SCREEN_HASH} !== {before}", frame, what=f"an answer to the press on {selector}")
    raise AssertionError(f"no answer of the computer after {presses} presses: {movers(record_of(tab, frame))}")


@pytest.fixture(scope="module")
def app_server(engine):
    """The app tab's own server (an origin of its own, so its service worker is new): the offline
    test, the last of the tab's tests, stops it."""
    server = HookedServer()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def app_tab(engine, app_server):
    """The app in a new profile (a cold start), kept for the tests that play in it."""
    tab = engine.open(app_server.url)
    yield tab
    tab.close()


def test_a_cold_start_reaches_the_ready_flag(app_tab):
    wait_ready(app_tab)
    games = app_tab.evaluate("[...new Set([...document.querySelectorAll('#screen [data-game]')].map(e => e.dataset.game))]")
    assert set(games) >= set(GAME_IDS)
    # Python's worker is the one boot.js made from the build's file, in every engine (not the
    # worker PyScript's core makes where that file could not be loaded).
    assert app_tab.evaluate("document.documentElement.dataset.pythonWorker") == "early"
    # PyScript's observer of the document is off in every engine (boot.js tells it by the stack of
    # the call that makes it): it would disable an element given a py-click attribute.
    app_tab.evaluate(
        "(() => { const b = document.createElement('button'); b.id = 'py-probe'; b.setAttribute('py-click', 'x'); document.body.appendChild(b); })()"
    )
    app_tab.wait_for("!!document.getElementById('py-probe')")
    assert app_tab.evaluate("document.getElementById('py-probe').disabled") is False
    app_tab.evaluate("document.getElementById('py-probe').remove()")
    no_errors(app_tab)


def start_against_the_computer(tab: Tab, game_id: str) -> None:
    """A new game from the setup screen: the reader first, the computer at its lowest level."""
    tab.evaluate(f"location.hash = '#/setup/{game_id}'")
    tab.wait_for(
        f"document.body.dataset.screen === 'setup' && document.body.dataset.game === '{game_id}' && !!document.querySelector('form[data-action=start]')"
    )
    kinds = tab.evaluate("[...document.querySelectorAll('form[data-action=start] select[name$=_kind]')].map(e => e.value)")
    assert kinds == ["human", "computer"], kinds
    tab.evaluate(
        "(() => { const level = document.querySelector('form[data-action=start] select[name=seat1_level]'); level.value = level.options[0].value; })()"
    )
    press(tab, "form[data-action=start] [type=submit]")
    tab.wait_for(f"document.body.dataset.screen === 'game' && document.body.dataset.game === '{game_id}' && location.hash.startsWith('#/play/')")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_against_the_computer_and_its_answer(app_tab, game_id):
    wait_ready(app_tab)
    start_against_the_computer(app_tab, game_id)
    seats = play_until_the_computer_answers(app_tab)
    assert 0 in seats and 1 in seats
    no_errors(app_tab)


def reload_keeps_the_game(tab: Tab) -> None:
    start_against_the_computer(tab, "momentum")
    play_until_the_computer_answers(tab)
    address, moves = tab.evaluate("[location.href, document.body.dataset.moves]")
    no_errors(tab)
    tab.reload()
    wait_ready(tab)
    assert tab.evaluate("[location.href, document.body.dataset.moves]") == [address, moves]
    assert tab.evaluate("document.body.dataset.screen === 'game' && !!document.querySelector('#board svg')")
    no_errors(tab)


def test_a_reload_keeps_the_game(app_tab):
    wait_ready(app_tab)
    reload_keeps_the_game(app_tab)


def test_the_diagram_editor_puts_a_piece_and_a_mark_and_gives_their_link(app_tab):
    # An author's first diagram (issue 36): a stone put by a tap, a circle drawn by the board's own
    # SVG, and the link that carries both.
    wait_ready(app_tab)
    app_tab.evaluate("location.hash = '#/editor/momentum'")
    app_tab.wait_for("document.body.dataset.route === location.hash && !!document.querySelector('#editor-pieces [data-piece=R]')", what="the editor")
    press(app_tab, "#editor-pieces [data-piece=R]")
    app_tab.wait_for("document.querySelector('#editor-pieces [data-piece=R]').getAttribute('aria-pressed') === 'true'", what="the red stone chosen")
    press(app_tab, '#board [data-target="d4"]')
    app_tab.wait_for("document.getElementById('editor-position').value.includes('...R...')", what="the stone on d4")
    press(app_tab, "#editor-tools [data-tool=circle]")
    app_tab.wait_for("document.querySelector('#editor-tools [data-tool=circle]').getAttribute('aria-pressed') === 'true'", what="the circle tool")
    press(app_tab, '#board [data-target="c3"]')
    app_tab.wait_for("!!document.querySelector('#board svg g.diagram g.diagram-circle')", what="the circle drawn")
    link = app_tab.evaluate("document.getElementById('editor-link').value")
    assert "#/editor/momentum/7x7%20" in link and link.endswith("/c:o:c3"), link
    no_errors(app_tab)


def invitation(secret: bytes) -> tuple[protocol.Own, protocol.RemoteGame]:
    """Anna's invitation to a game of Momentum by link, made in CPython: her first move, d4."""
    anna = protocol.Own(0, secret)
    rg = protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], secret)
    return anna, protocol.advance(rg, anna, "d4")


def answer_by_link(tab: Tab, base_url: str, secret: bytes, load: bool = False) -> None:
    """Ben opens Anna's link in the open tab (a tap on it in a messenger), or `load`s the page
    at it: his move, a1, and Send; the link the app gives him to send decodes in CPython to the
    game with his move and his commitment, Anna's unchanged, and her move next."""
    anna, sent = invitation(secret)
    if load:
        tab.goto("about:blank")
        tab.goto(base_url + remote_links.link(sent, anna))
        wait_ready(tab)
    else:
        tab.evaluate(f"location.hash = {json.dumps(remote_links.link(sent, anna))}")
    tab.wait_for("document.body.dataset.screen === 'remote' && document.body.dataset.remote === 'move'", what="Ben's move in the game by link")
    lang, status = tab.evaluate("[document.documentElement.lang, document.getElementById('status').textContent]")
    assert status.strip() == {"de": "Du bist am Zug, Ben"}.get(lang[:2], "Your move, Ben"), (lang, status)
    press(tab, '#board [data-target="a1"]')
    tab.wait_for("document.body.dataset.remote !== 'move'", what="the move made")
    tab.evaluate("delete document.body.dataset.remoteLink")
    press(tab, "[data-action=remote-send]")
    url = tab.wait_for("document.body.dataset.remoteLink", what="the link to send")
    assert url.startswith(base_url + "#/remote/"), url
    answer = remote_links.decode(remote_links.data_of(url[len(base_url) :]), anna)
    assert answer.moves == ("d4", "a1") and answer.names == ("Anna", "Ben")
    assert answer.commitments[0] == sent.commitments[0] and answer.commitments[1] is not None
    assert protocol.compare(sent, answer).relation == "newer"
    assert protocol.replay(answer, anna).to_act("momentum") == 0
    no_errors(tab)


def test_a_game_by_link_opened_from_a_link_a_move_and_send(app_tab, app_server):
    wait_ready(app_tab)
    answer_by_link(app_tab, app_server.url, bytes(range(16)))


def test_an_offline_reload_through_the_service_worker_keeps_the_game(app_tab, app_server):
    wait_ready(app_tab)
    app_tab.wait_for("!!navigator.serviceWorker.controller", what="the service worker's control of the page")
    app_server.stop()  # nothing answers on its port any more: every file must come from the worker
    reload_keeps_the_game(app_tab)
    assert app_tab.evaluate("!!navigator.serviceWorker.controller")
    # The install precached the memory snapshot: Python came back from it (restored in place,
    # scripts/snapshot_file.mjs), not by the normal start.
    assert app_tab.evaluate("document.documentElement.dataset.start") == "snapshot"
    # ... with the WebAssembly compiled by a helper worker from the browser's compiled copy
    # (scripts/python_worker.js), off the thread that reads the snapshot.
    assert app_tab.evaluate("document.documentElement.dataset.wasm") == "helper"
    # A game by link opened while offline: the worker serves the page, which reads the link.
    answer_by_link(app_tab, app_server.url, bytes(range(16, 32)), load=True)


def test_a_board_embedded_in_a_blog_of_another_site_plays(engine, site):
    # The blog on localhost, the board on 127.0.0.1: another site, a third-party frame.
    frame_loaded = "<script>document.addEventListener('load', e => { if (e.target.tagName === 'IFRAME') window.frameLoaded = true; }, true);</script>"
    blog = BlogServer(frame_loaded + "<p>Try it:</p>" + snippet("momentum", site.url))
    tab = engine.open(blog.url)
    try:
        tab.wait_for("window.frameLoaded === true", what="the board's frame")
        # Play, pressed from the blog (entering the frame first would focus it, which starts it too).
        tab.evaluate("document.querySelector('iframe').scrollIntoView({block: 'center'})")
        x, y = tab.evaluate(
            "(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        tab.press(x, y)
        wait_ready(tab, frame=0)
        assert tab.evaluate("document.body.dataset.starting", frame=0) == "pointerdown"
        seats = play_until_the_computer_answers(tab, frame=0)
        assert seats[0] == 0 and 1 in seats
        no_errors(tab, frame=0)
    finally:
        tab.close()
        blog.stop()


def test_a_story_embedded_in_a_blog_of_another_site_steps_and_takes_a_tasks_answer(engine, site):
    from test_story import docs_examples

    from ludothek.render.story import parse_story

    # docs/for-authors.md's Momentum story: the pie rule, a push, and at step 3 the task (d4).
    story = next(parse_story(text) for text in docs_examples() if parse_story(text).game == "momentum")
    frame_loaded = "<script>document.addEventListener('load', e => { if (e.target.tagName === 'IFRAME') window.frameLoaded = true; }, true);</script>"
    blog = BlogServer(frame_loaded + "<p>How a stone pushes:</p>" + story_snippet(site.url, story))
    tab = engine.open(blog.url)
    try:
        tab.wait_for("window.frameLoaded === true", what="the story's frame")
        # Before Python: the first step's picture with its comment is the frame's background (read
        # from the blog: entering the frame would focus it, which starts it).
        picture = tab.evaluate("decodeURIComponent(getComputedStyle(document.querySelector('iframe')).backgroundImage)")
        assert picture.startswith('url("data:image/svg+xml,') and "Red places first" in picture
        # The reader reaches for Next (the way on, under the board): the press starts the story.
        tab.evaluate("document.querySelector('iframe').scrollIntoView({block: 'center'})")
        x, y = tab.evaluate("(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return [r.left + r.width / 2, r.bottom - 28]; })()")
        tab.press(x, y)
        wait_ready(tab, frame=0)
        assert tab.evaluate("document.body.dataset.starting", frame=0) == "pointerdown"
        tab.wait_for("document.body.dataset.storyStep === '0.0'", frame=0, what="the story's start")
        for step in (1, 2, 3):
            press(tab, "#story-nav [data-action=story-next]", frame=0)
            tab.wait_for(f"document.body.dataset.storyStep === '0.{step}'", frame=0, what=f"step {step}")
        tab.wait_for("document.body.dataset.storyTask === 'open'", frame=0, what="the task")
        press(tab, '#board [data-target="d4"]', frame=0)
        tab.wait_for("!!document.querySelector('.story-feedback.solved')", frame=0, what="the task's answer taken")
        assert tab.evaluate("document.body.dataset.storyTask", frame=0) == "none"
        no_errors(tab, frame=0)
    finally:
        tab.close()
        blog.stop()


def test_fenns_longest_opening_roll_fits_a_phone(engine, site):
    """Seed 2398 throws the black die 22 times before a 4 or a 6: the roll must wrap within a
    390 px wide page (a frame of that width: MiniBrowser's window is no narrower than 447 px)."""
    record = {
        "format": "ludothek",
        "version": 1,
        "game": "fenn",
        "players": [{"name": "Ada", "type": "human"}, {"name": "Bea", "type": "human"}],
        "options": {},
        "seed": 2398,
        "moves": [],
    }
    phone = f'<iframe src="{site.url}{record_fragment(record)}" width="390" height="844" style="border:0"></iframe>'
    host = BlogServer(phone, title="A phone")
    # The host on 127.0.0.1 too: the same site as the app, so the frame keeps its storage.
    tab = engine.open(host.url.replace("localhost", "127.0.0.1"))
    try:
        wait_ready(tab, frame=0)
        tab.wait_for(
            "document.body.dataset.screen === 'game' && document.querySelectorAll('.fenn-roll-die').length === 22", frame=0, what="Fenn's opening roll"
        )
        assert tab.evaluate("innerWidth", frame=0) == 390
        overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth", frame=0)
        assert overflow == 0, f"the page scrolls sideways by {overflow} px"
        no_errors(tab, frame=0)
    finally:
        tab.close()
        host.stop()


# The first visit's end: the service worker installed (every file precached, the snapshot too) and active.
INSTALLED_HOOK = "if (navigator.serviceWorker) navigator.serviceWorker.ready.then(function () { window.__installed = true; });"


def fetched_by_the_start_module() -> set[str]:
    """The files our start module fetches in Python's worker and hands to the runtime (its EARLY
    list, written by scripts/build.py), as paths on the server."""
    import posixpath

    module = SITE / "assets" / "vendor" / "pyodide" / "ludothek.mjs"
    found = re.search(r"^const EARLY = (.*?);  // written by scripts/build.py$", module.read_text(encoding="utf-8"), flags=re.M)
    assert found, "the start module carries no EARLY list"
    return {"/" + posixpath.normpath(posixpath.join("assets/vendor/pyodide", url)) for url, _ in json.loads(found.group(1))}


def test_a_first_visit_downloads_each_file_once(engine, record_property):
    """Until the service worker is installed, the server answers no file with its body twice: the
    runtime's files are fetched once (the start module, in Python's worker, hands its responses to
    the runtime) and the service worker's install takes the copies of them kept for it and
    revalidates the rest in the HTTP cache.
    Two exceptions: the page itself (the one served here carries the error hook, so it is not the
    file the precache list has the hash of: the worker must download it anew), and, in an engine
    whose session keeps no HTTP cache (WebKit's automation session: the server sees no conditional
    request at all), the small files the page loads as modules, stylesheets and pictures, which
    the page cannot hand on. The bytes are printed per engine (docs/benchmarks.md)."""
    server = HookedServer(hook=ERROR_HOOK + "\n" + INSTALLED_HOOK, handler=CountingHandler)
    tab = engine.open(server.url)
    try:
        wait_ready(tab)
        tab.wait_for("window.__installed === true", what="the service worker installed and active")
        no_errors(tab)
        answers = server.answers()
    finally:
        tab.close()
        server.stop()
    sent = sum(size for _, _, size in answers)
    record_property("first_visit_bytes", sent)
    print(f"\n{engine.name}: a first visit took {sent:,} bytes in {len(answers)} answers")
    bodies: dict[str, list[int]] = {}
    for path, status, size in answers:
        if status == 200:
            bodies.setdefault(path, []).append(size)
    twice = {path: sizes for path, sizes in bodies.items() if len(sizes) > 1 and path not in ("/", "/index.html")}
    if not any(status == 304 for _, status, _ in answers):
        handed = fetched_by_the_start_module()
        # The WebAssembly, the standard library and the package (Pyodide's lock comes inside the module).
        assert {"/assets/vendor/pyodide/pyodide.asm.wasm", "/assets/build/ludothek.zip"} <= handed and len(handed) == 3, handed
        twice = {path: sizes for path, sizes in twice.items() if path in handed or "/snapshot." in path}
    assert twice == {}, f"answered with their bodies more than once: {twice}"
