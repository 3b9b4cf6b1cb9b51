"""What a new player runs into, for every game at 1280x800 (mouse) and 390x844 (touch): screens open
at their top, dialogs fit the window, nothing scrolls sideways, every legal target takes the click
at its centre, hand-overs only where something is hidden, and a home screen that does not jump
when Python takes over. Positions come from games played at random (scripts/screenshots.py)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import ADDRESS_ANSWERED, answered, READY_TIMEOUT_MS, SAVE_PREFIX, wait_for

from ludothek.games import GAME_IDS, get_game
from ludothek.render import get_view
from ludothek.render.catalog import is_game
from ludothek.render.view import seat_names
from screenshots import SIZES, random_game, saved_games

GAMES = [g for g in GAME_IDS if is_game(g)]


@pytest.fixture(scope="module", params=["desktop", "phone"])
def sized(request, browser, app_server):
    """One page per screen size, kept for the module: tests move through it by the address."""
    context = browser.new_context(service_workers="block", reduced_motion="reduce", **SIZES[request.param])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(app_server.url)
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    page.size = request.param
    page.base = app_server.url
    yield page
    context.close()


@pytest.fixture
def page(sized):
    sized.evaluate("() => { localStorage.clear(); localStorage.setItem('ludothek.language', 'en'); }")
    go(sized, "#/")
    sized.errors.clear()
    yield sized
    assert sized.errors == []


def go(page, route: str) -> None:
    page.evaluate("route => { location.hash = route; }", route)
    page.wait_for_function("route => location.hash === route || (route === '#/' && location.hash === '')", arg=route)
    # The app answers the address in its worker, after the hashchange: until then the screen
    # shown is the last address's (the body's data-route names the address answered).
    wait_for(page, ADDRESS_ANSWERED)


def put(page, save_id: str, entry: dict) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_PREFIX + save_id, json.dumps(entry)])


def open_save(page, save_id: str, entry: dict) -> None:
    put(page, save_id, entry)
    go(page, f"#/play/{save_id}")
    page.wait_for_selector("#board svg")
    wait_for(page, "document.body.dataset.thinking === '0'")


def human_game(game_id: str, cut: int, seed: int = 3) -> dict:
    """A save of a random game after `cut` of its moves, every seat human (all positions playable)."""
    players = 3 if game_id == "mops" else get_view(game_id).default_players
    record, states = random_game(game_id, players, seed)
    cut = min(cut, len(record["moves"]) - 1)
    seats = [{"name": name, "type": "human"} for name in seat_names(get_view(game_id), players)]
    return {"record": {**record, "moves": record["moves"][:cut], "players": seats}, "meta": {"created": 1, "updated": 1}}


def viewport(page) -> dict:
    return page.evaluate("({w: innerWidth, h: innerHeight})")


def box(page, selector: str) -> dict:
    return page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; }",
        selector,
    )


def assert_no_sideways_scroll(page, where: str) -> None:
    widths = page.evaluate("({scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth})")
    assert widths["scroll"] <= widths["view"], (where, widths)


def assert_dialog_fits(page, where: str) -> None:
    dialog = page.locator("dialog#dialog[open]")
    expect(dialog).to_be_visible()
    size = viewport(page)
    frame = box(page, "dialog#dialog")
    assert frame["top"] >= 0 and frame["bottom"] <= size["h"] + 0.5, (where, frame, size)
    close = page.evaluate("""() => {
        const d = document.querySelector('dialog#dialog');
        const b = d.querySelector('[data-action=close-dialog]');
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {top: r.top, bottom: r.bottom, hit: !!hit && (hit === b || b.contains(hit)), scrolled: d.scrollTop + d.querySelector('.dialog-body').scrollTop};
    }""")
    assert close["scrolled"] == 0 and close["hit"] and 0 <= close["top"] and close["bottom"] <= size["h"], (where, close, size)


TARGETS_TAKE_THE_CLICK = """() => {
    const bad = [];
    const targets = [...document.querySelectorAll('#board [data-target]:not([aria-disabled=true]), #extra [data-target], #actions [data-target]')]
        .filter(el => el.getClientRects().length > 0 && el.closest('details:not([open])') === null);
    for (const el of targets) {
        el.scrollIntoView({block: 'center', inline: 'center'});
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === el || el.contains(hit))) {
            bad.push([el.dataset.target, hit ? hit.outerHTML.slice(0, 100) : null]);
        }
    }
    return {checked: targets.length, bad};
}"""


def play_one_move(page) -> None:
    """Click what the page offers (a choice beside the board first, else a legal target on it)
    until a move is made."""
    before = int(page.evaluate("document.body.dataset.moves"))
    for _ in range(8):
        choice = page.locator("#extra button[data-target]:not([data-target=cancel]):visible, #actions button[data-target]:visible")
        if choice.count():
            choice.first.click()
        else:
            page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
        if int(page.evaluate("document.body.dataset.moves")) > before:
            return
    raise AssertionError("no move was made")


# -- 1: a screen shows its top -----------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_opens_at_the_board(page, game_id):
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    go(page, f"#/setup/{game_id}")
    page.wait_for_selector("form.setup")
    assert_no_sideways_scroll(page, "setup")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_selector("#board svg")
    board, status, size = box(page, "#board"), box(page, "#status"), viewport(page)
    assert 0 <= status["top"] and 0 <= board["top"] < size["h"] - 100, (board, size)
    assert_no_sideways_scroll(page, "game")
    go(page, f"#/rules/{game_id}")
    page.wait_for_selector(".rules")
    assert page.evaluate("scrollY") == 0
    assert_no_sideways_scroll(page, "rules")


# -- 2: dialogs fit ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_dialogs_fit_the_window_with_close_in_view(page, game_id):
    saves = saved_games(game_id)
    open_save(page, "mid", saves["mid"])
    assert_no_sideways_scroll(page, "mid-game")
    page.locator("[data-action=share]").click()
    assert_dialog_fits(page, "share")
    page.locator("dialog#dialog [data-action=close-dialog]").click()
    open_save(page, "end", saves["end"])
    page.locator("[data-action=redo]").click()
    assert_dialog_fits(page, "result")
    # Every number in the result says what it counts.
    for row in page.locator("dialog#dialog .result-scores li").all_inner_texts():
        assert not re.search(r":\s*\d+\s*$", row), row
    page.locator("dialog#dialog [data-action=close-dialog]").first.click()
    assert_no_sideways_scroll(page, "end")


# -- 2b: a focused control is never hidden under a dialog's footer (WCAG 2.2 Focus Not Obscured) -------

# What the reader sees at an element's centre: the element itself (or a part of it), or else what
# covers it (a footer).
CENTRE_HIT = """const centre_hit = el => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const name = (el.getAttribute('data-action') || el.id || el.name || el.tagName) + ' ' + (el.textContent || '').trim().slice(0, 30);
    return {name, covered: !hit || !(hit === el || el.contains(hit)), by: hit ? hit.outerHTML.slice(0, 80) : null};
};"""

DIALOG_FOCUS = f"""() => {{
    {CENTRE_HIT}
    const dialog = document.querySelector('dialog#dialog');
    const el = document.activeElement;
    if (!el || el === dialog || !dialog.contains(el)) return null;
    return {{index: [...dialog.querySelectorAll('*')].indexOf(el), at: centre_hit(el)}};
}}"""

SCROLLED_INTO_VIEW = f"""(block) => {{
    {CENTRE_HIT}
    const dialog = document.querySelector('dialog#dialog');
    const focusable = [...dialog.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
        .filter(el => el.getClientRects().length > 0 && !el.disabled);
    const scrollers = [dialog, ...dialog.querySelectorAll('*')].filter(el => el.scrollHeight > el.clientHeight);
    const found = [];
    for (const el of focusable) {{
        for (const start of ['top', 'bottom']) {{
            scrollers.forEach(s => {{ s.scrollTop = start === 'top' ? 0 : s.scrollHeight; }});
            el.scrollIntoView(block === 'default' ? undefined : {{block}});
            const at = centre_hit(el);
            if (at.covered) found.push({{...at, start}});
        }}
    }}
    return {{checked: focusable.length, covered: found}};
}}"""


def assert_focus_never_under_the_footer(page, where: str) -> None:
    """Tab through every control of the open dialog (the keyboard's focus scrolls each into view),
    then scroll each into view by script: at its centre the reader sees the control itself."""
    seen: list[int] = []
    focus = page.evaluate(DIALOG_FOCUS)
    for _ in range(60):
        if focus is not None:
            if focus["index"] in seen:
                break
            seen.append(focus["index"])
            assert not focus["at"]["covered"], (where, "Tab", focus["at"])
        page.keyboard.press("Tab")
        focus = page.evaluate(DIALOG_FOCUS)
    assert seen, (where, "Tab reached nothing in the dialog")
    for block in ("default", "nearest", "end", "center"):
        result = page.evaluate(SCROLLED_INTO_VIEW, block)
        assert result["checked"] >= len(seen) and result["covered"] == [], (where, f"scrollIntoView {block}", result)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_focused_control_in_a_dialog_is_never_under_its_footer(page, game_id):
    saves = saved_games(game_id)
    open_save(page, "mid", saves["mid"])
    page.locator("[data-action=share]").click()
    expect(page.locator("dialog#dialog[open]")).to_be_visible()
    assert_focus_never_under_the_footer(page, "share")
    page.keyboard.press("Escape")
    open_save(page, "end", saves["end"])
    page.locator("[data-action=redo]").click()
    expect(page.locator("dialog#dialog[open]")).to_be_visible()
    assert_focus_never_under_the_footer(page, "result")
    page.keyboard.press("Escape")


# -- 3: targets take the click -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_centre_of_every_legal_target_takes_the_click(page, game_id):
    game = get_game(game_id)
    record, _states = random_game(game_id, 3 if game_id == "mops" else 2, 3)
    checked = 0
    for cut in sorted({1, 2, 3, len(record["moves"]) // 3, len(record["moves"]) // 2, len(record["moves"]) - 2}):
        open_save(page, f"t{cut}", human_game(game_id, cut))
        for _step in range(2):  # the position, then after its first click (choices beside the board)
            result = page.evaluate(TARGETS_TAKE_THE_CLICK)
            assert result["bad"] == [], (cut, result["bad"])
            checked += result["checked"]
            first = page.locator("#board [data-target]:not([aria-disabled=true])")
            if not first.count() or game.is_over(game.from_record({**record, "moves": record["moves"][:cut]})):
                break
            before = page.evaluate("document.body.dataset.moves")
            first.first.click()
            if page.evaluate("document.body.dataset.moves") != before:
                break
    assert checked > 0


# -- 4: the focus ring is for the keyboard ---------------------------------------------------------


FOCUS_RING_SHOWN = """() => {
    const a = document.activeElement;
    if (!a || !a.closest('#board')) return null;
    return [a, ...a.querySelectorAll('*')].some(e => {
        const style = getComputedStyle(e);
        return style.stroke === 'rgb(10, 102, 194)' || (style.outlineStyle !== 'none' && style.outlineColor === 'rgb(10, 102, 194)');
    });
}"""


def test_a_clicked_cell_keeps_no_focus_ring(page):
    open_save(page, "f", human_game("fenn", 2))
    page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
    answered(page)
    assert page.evaluate(FOCUS_RING_SHOWN) in (False, None)
    page.keyboard.press("Escape")
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    answered(page)
    assert page.evaluate(FOCUS_RING_SHOWN) is True


# -- 5: Mops keeps its choices and actions near the board -------------------------------------------


def mops_scoring_save() -> dict:
    game = get_game("mops")
    for seed in range(1, 40):
        record, states = random_game("mops", 2, seed)
        for cut, state in enumerate(states):
            if cut and game.current_player(state) == 0 and "pass" in game.legal_moves(state) and game.scoring_options(state):
                entry = human_game("mops", 0)
                names = seat_names(get_view("mops"), 2)
                return {
                    "record": {
                        **record,
                        "moves": record["moves"][:cut],
                        "players": [{"name": names[0], "type": "human"}, {"name": names[1], "type": "computer", "level": 1}],
                    },
                    "meta": entry["meta"],
                }
    raise AssertionError("no scoring position found")


def test_mops_choices_and_actions_are_near_the_board(page):
    open_save(page, "score", mops_scoring_save())
    size = viewport(page)
    option, undo, players = box(page, ".mops-option"), box(page, "[data-action=undo]"), box(page, "#players")
    if page.size == "desktop":
        assert option["top"] < size["h"] and undo["bottom"] < size["h"], (option, undo)
    assert undo["top"] < players["top"]
    expect(page.locator("details.mops-shapes")).not_to_have_attribute("open", "")


# -- 6: hand-overs only where something is hidden -----------------------------------------------------


def has_private_information(game, states) -> bool:
    """Whether some player ever knows more than an onlooker (a hand of cards, say)."""
    players = len(game.scores(states[0]))
    return any(game.observation(s, seat) != game.observation(s, None) for s in states for seat in range(players))


@pytest.mark.parametrize("game_id", GAMES)
def test_hand_over_only_in_games_with_hidden_information(page, game_id):
    game = get_game(game_id)
    _record, states = random_game(game_id, 3 if game_id == "mops" else 2, 3)
    open_save(page, "hot", human_game(game_id, 2))
    dialogs = 0
    for _ in range(4):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        play_one_move(page)
        if page.locator("dialog#dialog[open]").count():
            dialogs += 1
            page.locator("dialog#dialog [data-action=close-dialog]").first.click()
    # A hand-over hides the board from the next player: it makes sense only where one player knows
    # something the others must not see. In these games whatever is hidden is hidden from everybody
    # alike (a shuffled pile, covered chips).
    if not has_private_information(game, states):
        assert dialogs == 0


# -- 7: replay on a phone keeps the board in view ---------------------------------------------------------


def test_stepping_through_moves_keeps_the_board_in_view(page):
    open_save(page, "r", saved_games("mops")["mid"])
    page.locator("#moves .move-items [data-action=replay-to]").nth(3).scroll_into_view_if_needed()
    page.locator("#moves .move-items [data-action=replay-to]").nth(3).click()
    size = viewport(page)
    for _ in range(3):
        board, nav = box(page, "#board"), box(page, "#replay .replay-nav")
        assert board["top"] > -board["height"] / 2 and nav["bottom"] <= size["h"], (board, nav)
        page.locator("#replay [data-action=replay-next]").click()
    expect(page.locator(".replay-banner")).to_contain_text("after move 6")


# -- 8: saves from the first move; the home screen leads with the games ------------------------------------


def test_a_game_is_listed_from_its_first_move_and_home_leads_with_the_games(page):
    go(page, "#/setup/momentum")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_selector("#board svg")
    go(page, "#/")
    expect(page.locator(".save-list li")).to_have_count(0)
    assert box(page, ".games")["top"] < box(page, "#saves")["top"]
    for i in range(6):
        put(
            page,
            f"s{i}",
            {
                "record": {**human_game("momentum", 2)["record"], "players": [{"name": "Red"}, {"name": "Computer", "type": "computer", "level": 1}]},
                "meta": {"created": i, "updated": i},
            },
        )
    go(page, "#/rules/momentum")
    go(page, "#/")
    expect(page.locator("#saves > .save-list li")).to_have_count(3)
    expect(page.locator(".more-saves summary")).to_have_text("All saved games (3 more)")
    # Names saved in English read in German; the computer seat goes by its colour.
    page.locator("[data-action=language]").click()
    expect(page.locator("#saves > .save-list li").first).to_contain_text("Rot – Blau")


def test_unplayed_games_do_not_pile_up_and_a_long_list_keeps_its_count(page):
    """A started game with no move is kept for a reload but never listed, and forgotten once left
    alone for an hour; with more saves than are drawn at once, the disclosure still counts them all."""
    now = page.evaluate("Date.now() / 1000")
    unplayed = human_game("momentum", 0)["record"]
    put(page, "old", {"record": unplayed, "meta": {"created": now - 7200, "updated": now - 7200}})
    put(page, "fresh", {"record": unplayed, "meta": {"created": now - 60, "updated": now - 60}})
    for i in range(105):
        put(page, f"p{i:03}", {**human_game("momentum", 2), "meta": {"created": i, "updated": i}})
    go(page, "#/rules/momentum")
    go(page, "#/")
    expect(page.locator("#saves > .save-list li")).to_have_count(3)
    expect(page.locator(".more-saves summary")).to_have_text(re.compile(r"\(102 "))  # in whichever language the page is
    expect(page.locator(".more-saves .save-list li")).to_have_count(102)
    stored = page.evaluate("Object.keys(localStorage)")
    assert SAVE_PREFIX + "fresh" in stored and SAVE_PREFIX + "old" not in stored
    assert page.locator("[data-save=fresh], [data-save=old]").count() == 0


# -- 9: one name per seat ------------------------------------------------------------------------------


def test_every_seat_has_its_own_name(page):
    go(page, "#/setup/mops")
    page.locator("input[name=players][value='3']").check()
    page.wait_for_selector("select[name=seat2_kind]")
    page.locator("select[name=seat0_kind]").select_option("computer")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_selector("#board svg")
    names = page.locator(".player .name").all_inner_texts()
    assert len(set(names)) == 3, names
    go(page, "#/")


# -- 10: touch previews before it scores ----------------------------------------------------------------


def test_a_tap_on_a_scoring_entry_previews_and_a_second_tap_scores(page):
    open_save(page, "touch", mops_scoring_save())
    option = page.locator(".mops-option").first
    before = page.evaluate("document.body.dataset.moves")
    if page.size == "phone":
        option.tap()
        expect(option).to_have_class(re.compile("previewing"))
        assert page.evaluate("document.body.dataset.moves") == before
        option.tap()
    else:
        option.click()  # a mouse click scores at once, as before
    wait_for(page, f"document.body.dataset.moves !== '{before}'")


# -- 11: the home screen does not move ------------------------------------------------------------------


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_home_screen_does_not_shift_when_python_takes_over(browser, app_server, language, size):
    context = browser.new_context(service_workers="block", **SIZES[size])
    try:
        context.add_init_script("""
            window.__shifts = [];
            new PerformanceObserver(list => {
                for (const e of list.getEntries()) {
                    if (!e.hadRecentInput) window.__shifts.push({value: e.value,
                        sources: (e.sources || []).map(s => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')});
                }
            }).observe({type: 'layout-shift', buffered: true});
        """)
        page = context.new_page()
        page.goto(app_server.url + "assets/icon.svg")
        # Played two minutes ago: the list says so, the one kept for the next start gives the date.
        now = page.evaluate("Date.now() / 1000")
        entry = {"record": {**human_game("momentum", 3)["record"]}, "meta": {"created": now - 120, "updated": now - 120}}
        page.evaluate(
            "([lang, key, value]) => { localStorage.setItem('ludothek.language', lang); localStorage.setItem(key, value); }",
            [language, SAVE_PREFIX + "one", json.dumps(entry)],
        )
        page.goto(app_server.url)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator(".save-list li")).to_have_count(1)
        page.wait_for_timeout(500)
        shifts = page.evaluate("window.__shifts")
        assert shifts == []  # before: 0.09 (the boot bar and the language button moved main and the brand)
        # Again with the list the app kept for the next start (boot.js shows it before Python).
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator(".save-list li")).to_have_count(1)
        page.wait_for_timeout(500)
        assert page.evaluate("window.__shifts") == []
    finally:
        context.close()


def test_the_computers_answer_leaves_the_page_where_the_player_scrolled_it(page):
    """A player takes a chip near the top of the board, then scrolls down to the players and the
    moves while the computer thinks: its answer must not pull the page back up to the board (the
    cursor returns to the board without scrolling)."""
    entry = human_game("nummerus", 12)
    game = get_game("nummerus")
    mover = game.current_player(game.from_record(entry["record"]))
    entry["record"]["players"][1 - mover] = {"name": "Bot", "type": "computer", "level": 3}
    open_save(page, "scrolled", entry)
    targets = page.locator("#board [data-target][role=button]:not([aria-disabled=true])")
    highest = min(range(targets.count()), key=lambda i: float(targets.nth(i).get_attribute("data-y")))
    targets.nth(highest).click()
    wait_for(page, "document.body.dataset.thinking === '1' || document.body.dataset.turn !== arg", arg=str(mover))
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = page.evaluate("scrollY")
    if page.size == "phone":  # the page is long enough there to leave the top of the board out of view
        board = box(page, "#board")
        assert board["top"] + board["height"] / 4 < 0, board
    wait_for(page, "document.body.dataset.thinking === '0' && document.body.dataset.turn === arg", arg=str(mover), timeout=90_000)
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") >= scrolled  # the list of moves may grow under the reader: never back up


LONG_NAMES = ("W" * 40, "Wolfgangamadeusmozartundbeethovenzusammen"[:40], "M" * 40, "Ü" * 40)


@pytest.mark.parametrize("game_id", GAMES)
def test_long_names_without_spaces_never_widen_the_page(page, game_id):
    """Names are up to 40 letters and may be one word. On a phone of 360 px the status line, the
    players and the score tables widened the game page to 463-817 px."""
    entry = human_game(game_id, 6)
    for player, name in zip(entry["record"]["players"], LONG_NAMES):
        player["name"] = name
    open_save(page, "long", entry)
    expect(page.locator("#players")).to_contain_text("W" * 10)
    assert_no_sideways_scroll(page, "game")
    go(page, "#/review/long")
    wait_for(page, "document.body.dataset.screen === 'review'")
    assert_no_sideways_scroll(page, "review")
    go(page, "#/")
    expect(page.locator('.save-list li[data-save="long"]')).to_have_count(1)
    assert_no_sideways_scroll(page, "home")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shown_move_is_written_under_the_status_line_also_in_a_replay(page, game_id):
    """On a phone the move list is far below the board: the last move (in a replay, the move
    replayed to) is written under the status line, in the words the screen reader hears."""
    from ludothek.i18n import set_language
    from ludothek.render.view import shown_seat_names
    from ludothek.web.session import GameSession

    entry = human_game(game_id, 6)
    open_save(page, "words", entry)
    view, game = get_view(game_id), get_game(game_id)
    if view.writes_last_move:  # Momox writes the walk under the board itself
        expect(page.locator("#last-move")).to_be_hidden()
        return
    session = GameSession.from_record(entry["record"])

    def words(index: int) -> str:
        """The sentence in the page's language (an earlier test of the module may have switched it)."""
        set_language(page.evaluate("document.documentElement.lang") or "en")
        try:
            seen = [game.observation(s, None) for s in session.states[index - 1 : index + 1]]
            return view.describe_move(seen[0], session.moves[index - 1], seen[1], shown_seat_names(view, session.names()))
        finally:
            set_language("en")

    last = len(session.moves)
    expect(page.locator("#last-move")).to_have_text(words(last))
    page.locator("#replay [data-action=replay-prev]").click()
    expect(page.locator("#last-move")).to_have_text(words(last - 1))
    assert words(last - 1) != words(last)
