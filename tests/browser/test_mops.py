"""Mops Royal in the page: a new user sets up a game for three (one human, two computer players),
places tiles, passes, scores a line of four by picking it and the tile to turn face down, reloads,
and plays on to the final ranking; refusing a tile, the final scoring of the variant "Wertung",
hot-seat turns without a hand-over, keyboard play, an upright phone, the rules pages, and that the order of the
pile never reaches the page.

The test knows the real pile where it needs to: it reads the saved record from localStorage and
replays it with the engine in CPython, which sees everything the page must not.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import answered, assert_finger_sized, check_rules_page, click_and_wait, moves_played, open_app, open_saved_game, put_save
from conftest import READY_TIMEOUT_MS, start_game, start_on_phone, true_state, wait_for, wait_for_moves, wait_for_turn

from ludothek.games import get_game

GAME = get_game("mops")
ALL_TILES = [m + c for m in "PBWCKH" for c in "bgopvy"]

# Two players at the start (the pile in a known order): Red began with the pink bowl, Blue with
# the yellow bowl; the blue pug is revealed.
START_PILE = [t for t in ALL_TILES if t not in ("Wp", "Pb")]
START = "9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 {pile} Pb p1 0,0"
# Round 4, the blue can; then the blue line e5-f5-g5 may be scored.
CAN = "9/9/9/4Ky4/3HgPbWb3/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 {pile} Cb p1 0,0"
LINE_PILE = [t for t in ALL_TILES if t not in ("Pb", "Wb", "Ky", "Hg", "Cb")]
LINE = "9/9/9/4Ky4/3HgPbWbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 {pile} Cb s1 0,0"
# Solo, variant "Ersatzplättchen": two face-down tiles (d5, f5), one refusal made; the orange heap is revealed.
REFUSE = "9/9/9/4Ky4/3hgPbwbCb2/9/9/9/9 {pile} Ho p1 4 x1"
REFUSE_PILE = [t for t in ALL_TILES if t not in ("Pb", "Wb", "Ky", "Hg", "Cb", "Ho")]
# Variant "Wertung": the final scoring, a few combinations left.
FINAL = (
    "9/9/9/2WvWyHvCbPg2/2PyBvcvKokg2/2PpBpboPoWg2/2WpKpWoPbWb2/2CyHyhoHbHg2/9,9/9/3BgWvCyHyPg1/3WgwbwoHoHg1/3WyWpKoKgKp1/"
    "3BpbopoPpPy1/3CbBvHvPbHb1/9/9 PvBbByCgCoCpKbKvKyHp - f1 19,19 w"
)


def record(position: str, players: list[tuple[str, str]]) -> dict:
    return {
        "format": "ludothek",
        "version": 1,
        "game": "mops",
        "position": position,
        "moves": [],
        "players": [{"name": n, "type": kind, **({"level": 1} if kind == "computer" else {})} for n, kind in players],
    }


def open_save(page, app_url, save_id: str, rec: dict) -> None:
    open_saved_game(page, app_url, save_id, rec)
    page.wait_for_selector("#board svg")


def expect_choice(page, status: str, cells: str, count: int) -> None:
    """The status asks for a choice, and `count` of the board's `cells` are offered for it."""
    expect(page.locator("#status")).to_have_text(status)
    expect(page.locator(f"#board {cells}")).to_have_count(count)


def opacity(locator) -> str:
    return locator.evaluate("e => getComputedStyle(e).opacity")


def play_my_turn(page) -> None:
    """One decision of seat 0 by what the page offers: the first marked tile when asked, else the
    best combination listed, else the first free cell, else the first button (pass)."""
    before = moves_played(page)
    flip = page.locator("#extra .mops-flip button.primary")
    if flip.count():
        click_and_wait(page, flip.first)
        return
    option = page.locator("#extra .mops-option")
    if option.count():
        option.first.click()
        wait_for(page, f"Number(document.body.dataset.moves) > {before} || document.querySelector('#extra .mops-flip') !== null")
        if moves_played(page) == before:
            click_and_wait(page, flip.first)
        return
    cells = page.locator("#board .cell.legal[data-target]")
    if cells.count():
        click_and_wait(page, cells.first)
        return
    click_and_wait(page, page.locator("#actions button").first)


class TestNewUserPlaysThree:
    def test_place_pass_score_a_choice_reload_and_play_to_the_ranking(self, page, app_url):
        open_app(page, app_url)
        page.locator("article[data-game=mops]").get_by_role("link", name="New game").click()
        expect(page.get_by_role("heading", name="New game: Mops Royal")).to_be_visible()
        # The setup explains the tiles; the defaults are one human against the computer.
        expect(page.locator("#setup-preview")).to_contain_text("Every player owns these 36 tiles")
        expect(page.locator("select[name=seat1_kind]")).to_have_value("computer")
        page.locator("input[name=players][value='3']").check()
        expect(page.locator(".seat-row")).to_have_count(3)
        page.locator("input[name=seat0_name]").fill("Ada")
        for seat in (1, 2):
            expect(page.locator(f"select[name=seat{seat}_kind]")).to_have_value("computer")
            page.locator(f"select[name=seat{seat}_level]").select_option("1")
        # For a repeatable test, the start tiles and the first three tiles are chosen by hand.
        save_id = start_game(page, {"tiles": "hand", "starts_text": "Pb Wy Ko", "draws_text": "Wb Cb Bb"})

        # Round 1: the blue bowl, beside the blue pug.
        expect(page.locator("#status")).to_have_text("Ada: place the blue bowl.")
        expect(page.locator("#board .head")).to_contain_text("Round 1")
        expect(page.locator("#board .cell.legal")).to_have_count(4)
        expect(page.locator(".player[data-seat]")).to_have_count(3)
        click_and_wait(page, page.locator("#board [data-target=f5]"))
        wait_for_turn(page)

        # Round 2: the blue can makes a line of three; Ada passes, waiting for more.
        expect(page.locator("#status")).to_have_text("Ada: place the blue can.")
        # Every layout shows small in its panel, this round's tile outlined once it is placed.
        expect(page.locator(".player .mops-mini")).to_have_count(3)
        expect(page.locator(".player[data-seat='0'] .mops-mini .round-mark")).to_have_count(0)
        click_and_wait(page, page.locator("#board [data-target=g5]"))
        expect(page.locator(".player[data-seat='0'] .mops-mini .round-mark")).to_have_count(1)
        expect(page.locator("#status")).to_have_text("Ada: score the combination, or pass.")
        expect(page.locator("#extra .mops-option")).to_have_text(re.compile(r"Line of 3, all blue.*e5, f5, g5.*turns f5 face down.*2 points"))
        click_and_wait(page, page.get_by_role("button", name="Pass: score nothing this round"))
        wait_for_turn(page)

        # Round 3: the blue bone on h5: a line of four, whose two middle tiles are marked.
        click_and_wait(page, page.locator("#board [data-target=h5]"))
        option = page.locator("#extra .mops-option", has_text="Line of 4, all blue")
        expect(option).to_contain_text("turns f5 or g5 face down (you choose)")
        expect(option).to_contain_text("4 points")
        # Hovering the entry outlines its tiles on the layout and marks the tiles that may be turned.
        g5 = page.locator("#board [data-cell=g5]")
        assert opacity(g5.locator(".hl")) == "0"
        option.hover()
        expect(g5.locator(".hl")).to_have_css("opacity", "1")
        expect(g5.locator(".flip-hint")).to_have_css("opacity", "1")
        expect(page.locator("#board [data-cell=e5] .flip-hint")).to_have_css("opacity", "0")
        option.click()
        expect_choice(page, "Ada: choose the tile to turn face down.", ".cell.flip-choice", 2)
        click_and_wait(page, page.locator("#board [data-target=g5]"))
        expect(page.locator("#announce")).to_contain_text("Ada scored 4 points with the line of 4, all blue (e5, f5, g5, h5) and turned g5 face down.")
        expect(page.locator(".player[data-seat='0']")).to_have_attribute("data-score", "4")
        expect(page.locator("#moves .move-items")).to_contain_text("line of 4 +4")
        # Turning up the next tile cannot be taken back.
        wait_for_turn(page)
        expect(page.get_by_role("button", name="Undo")).to_be_disabled()

        # Reload: the game continues where it was, the turned tile still face down.
        played = moves_played(page)
        page.reload()
        page.wait_for_selector("body[data-ready] #board svg", timeout=READY_TIMEOUT_MS)
        assert moves_played(page) == played
        expect(page.locator(".player[data-seat='0']")).to_have_attribute("data-score", "4")
        expect(page.locator("#board [data-cell=g5] .tile.face-down")).to_have_count(1)

        # On to the end: every decision from what the page offers.
        for _ in range(200):
            wait_for_turn(page)
            if page.evaluate("document.body.dataset.over") == "1":
                break
            play_my_turn(page)
        else:
            raise AssertionError("the game did not end")
        dialog = page.locator("dialog#dialog")
        expect(dialog).to_be_visible()
        state = true_state(page, GAME, save_id)
        assert GAME.is_over(state)
        scores = GAME.scores(state)
        # One name per seat (the computers go by their colours) and numbers that say what they count.
        names = ["Ada", "Blue", "Green"]
        expect(dialog.locator(".result-scores li")).to_have_text([f"{name}: {score} point{'' if score == 1 else 's'}" for name, score in zip(names, scores)])
        dialog.get_by_role("button", name="Look at the board").click()
        ranking = page.locator(".mops-ranking li")
        expect(ranking).to_have_count(3)
        order = sorted(range(3), key=lambda seat: (-scores[seat], GAME.face_down_count(state, seat), seat))
        expect(ranking.first).to_contain_text(f"{names[order[0]]}: {scores[order[0]]} points")
        expect(page.locator("#board")).to_contain_text(f"{names[order[0]]}: {scores[order[0]]} points")
        expect(page.locator("#board")).to_contain_text("Game over")
        assert page.errors == []
        assert page.requests.foreign() == []


class TestVariants:
    def test_refusing_a_tile_solo_costs_the_points_it_says(self, page, app_url):
        position = REFUSE.format(pile="".join(REFUSE_PILE))
        open_save(page, app_url, "refuse", record(position, [("Ada", "human")]))
        expect(page.locator("#status")).to_have_text("Ada: place the orange heap. Or refuse it: that costs 3 points.")
        page.get_by_role("button", name="Refuse the tile (costs 3 points)").click()
        expect_choice(page, "Ada: choose the face-down tile to lay the orange heap on.", ".cell.down.legal", 2)
        click_and_wait(page, page.locator("#board [data-target=d5]"))
        expect(page.locator("#announce")).to_contain_text("Ada refused the orange heap, laid it face down on d5 and loses 3 points.")
        expect(page.locator(".player[data-seat='0']")).to_have_attribute("data-score", "1")
        expect(page.locator(".player[data-seat='0'] .mops-refused")).to_have_text("2 refused · next costs 4")
        # Solo: the next tile is up at once; the pile chart counts one tile fewer.
        expect(page.locator(".mops-pile")).to_have_attribute("data-left", str(len(REFUSE_PILE) - 1))
        assert page.errors == []

    def test_the_final_scoring_runs_until_nobody_can_score(self, page, app_url):
        open_save(page, app_url, "final", record(FINAL, [("Ada", "human"), ("Bo", "computer")]))
        expect(page.locator("#status")).to_have_text(re.compile(r"^Final scoring: Ada must score one of \d+ combinations\.$"))
        expect(page.locator("#board")).to_contain_text("Final scoring")
        expect(page.locator("#extra h2")).to_have_text("Final scoring: choose a combination")
        expect(page.get_by_role("button", name=re.compile("Pass"))).to_have_count(0)
        for _ in range(40):
            wait_for_turn(page)
            if page.evaluate("document.body.dataset.over") == "1":
                break
            play_my_turn(page)
        expect(page.locator("dialog#dialog")).to_contain_text("Game over")
        state = true_state(page, GAME, "final")
        assert GAME.is_over(state) and not GAME.scoring_options(state, 0) and not GAME.scoring_options(state, 1)
        assert page.errors == []


class TestHotSeat:
    def test_humans_take_turns_without_a_hand_over(self, page, app_url):
        # Every layout lies open on the table: no "pass the device" dialog between the turns.
        position = START.format(pile="".join(START_PILE))
        open_save(page, app_url, "hot", record(position, [("Ada", "human"), ("Bo", "human")]))
        expect(page.locator("#status")).to_have_text("Ada: place the blue pug.")
        click_and_wait(page, page.locator("#board [data-target=f5]"))
        dialog = page.locator("dialog#dialog")
        # Bo's own layout is the large one now; Ada's shows in her panel with the pug on f5.
        expect(page.locator("#status")).to_have_text("Bo: place the blue pug.")
        expect(dialog).to_be_hidden()
        expect(page.locator("#board")).to_contain_text("Layout of Blue")
        expect(page.locator("#board [data-cell=e5]")).to_have_attribute("aria-label", re.compile("^e5: yellow bowl"))
        click_and_wait(page, page.locator("#board [data-target=e4]"))
        expect(dialog).to_be_hidden()
        assert page.errors == []


class TestKeyboard:
    def test_arrows_enter_tab_and_escape(self, page, app_url):
        position = START.format(pile="".join(START_PILE))
        open_save(page, app_url, "kb", record(position, [("Ada", "human"), ("Bot", "computer")]))
        page.locator("#board [tabindex='0']").focus()
        assert page.evaluate("document.activeElement.dataset.target") == "e6"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        answered(page)
        assert page.evaluate("document.activeElement.dataset.target") == "f5"
        page.keyboard.press("Enter")
        wait_for_moves(page, 1)
        expect(page.locator("#announce")).to_contain_text("Ada placed the blue pug on f5.")

        # Scoring by keyboard: Tab from the board reaches the list; focus outlines the combination.
        position = LINE.format(pile="".join(LINE_PILE))
        open_save(page, app_url, "kb2", record(position, [("Ada", "human"), ("Bot", "computer")]))
        page.locator("#board [tabindex='0']").focus()
        page.keyboard.press("Tab")
        answered(page)
        assert page.evaluate("document.activeElement.dataset.target") == "e5,f5,g5!f5"
        expect(page.locator("#board [data-cell=f5] .hl")).to_have_css("opacity", "1")
        # Everything the live region says from now on (the computer's move may follow at once and
        # be said over it before this test reads the region).
        page.evaluate("""() => { window.__said = [];
            new MutationObserver(() => window.__said.push(document.getElementById('announce').textContent))
                .observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true}); }""")
        page.keyboard.press("Enter")
        wait_for_moves(page, 1)
        page.wait_for_function("window.__said.some(text => text.includes('Ada scored 2 points with the line of 3, all blue (e5, f5, g5)'))")
        assert page.errors == []

    def test_escape_leaves_the_choice_of_the_tile_to_turn(self, page, app_url):
        pugs = "9/9/4PyPo3/4Pg4/3KyPb4/9/9/9/9,9/9/9/4Ky4/2PyPgWy4/9/9/9/9 PpPvBbBgBoBpBvByWbWgWoWpWvWyCbCgCoCpCvCyKbKgKoKpKvHbHgHoHpHvHy Po s1 0,0"
        open_save(page, app_url, "esc", record(pugs, [("Ada", "human"), ("Bot", "computer")]))
        page.locator("#extra .mops-option").first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#extra .mops-flip")).to_be_visible()
        # The first marked tile's button has the focus, so Enter would score at once.
        assert page.evaluate("document.activeElement.dataset.target") == "e5,e6,e7,f7!e6"
        page.keyboard.press("Escape")
        expect(page.locator("#extra .mops-option")).to_have_count(3)
        assert moves_played(page) == 0


class TestHiddenPile:
    def test_two_games_differing_only_in_the_pile_order_show_the_same_page(self, page, app_url):
        orders = {"a": START_PILE[:6] + START_PILE[6:], "b": START_PILE[:6] + list(reversed(START_PILE[6:]))}
        open_app(page, app_url)
        seen = {}
        for key, pile in orders.items():
            put_save(page, key, record(START.format(pile="".join(pile)), [("Ada", "human"), ("Bo", "human")]))
        for key, pile in orders.items():
            page.goto(app_url + f"#/play/{key}")
            page.reload()
            page.wait_for_selector("body[data-ready] #board svg", timeout=READY_TIMEOUT_MS)
            snapshots = []
            for target in ("f5", "e4"):  # Ada and Bo place the pug: the next tile (the same in both) comes up
                click_and_wait(page, page.locator(f"#board [data-target={target}]"))
                expect(page.locator("dialog#dialog")).to_be_hidden()  # no hand-over: nothing is private
                html = page.evaluate("document.getElementById('screen').outerHTML + document.getElementById('announce').outerHTML")
                snapshots.append((html, page.locator("body").aria_snapshot()))
                assert "".join(pile[6:10]) not in html
            seen[key] = snapshots
        assert seen["a"] == seen["b"]
        assert page.errors == []


class TestMotionPhoneAndRules:
    def test_a_placed_tile_drops_in_unless_reduced_motion_is_asked_for(self, browser, app_url):
        position = CAN.format(pile="".join(LINE_PILE))
        for motion, expected in (("no-preference", 1), ("reduce", 0)):
            context = browser.new_context(service_workers="block", reduced_motion=motion)
            page = context.new_page()
            try:
                open_save(page, app_url, "m", record(position, [("Ada", "human"), ("Bo", "human")]))
                click_and_wait(page, page.locator("#board [data-target=g5]"))
                # Ada may score now, so her layout stays on the board: the new tile is marked either way.
                expect(page.locator("#board [data-cell=g5]")).to_have_class(re.compile(r"\blast\b"))
                expect(page.locator("#board [data-cell=g5] .tile.drop")).to_have_count(expected)
            finally:
                context.close()

    def test_board_fits_an_upright_phone(self, phone_page, app_url):
        page = phone_page
        start_on_phone(page, app_url, "mops")
        assert_finger_sized(page.locator("#board .cell.legal").first, 44)  # a comfortable finger target
        page.locator("#board .cell.legal").first.tap()
        wait_for_moves(page, 1)

    def test_rules_in_english_and_german(self, page, app_url):
        check_rules_page(page, app_url, "mops", figures=7, german_word="Aufdecker")
