"""Nummerus Zahlus in the page: a new user against two computer players takes chips, watches the
computers move and the chains grow, reloads and plays on; a solitaire runs to its score with the
choice of chain and the hint; the swap variant with undo; the keyboard; reduced motion; an
upright phone; the rules pages.

The test knows the true game: it reads the saved record from localStorage and replays it with the
engine in CPython, then compares what the page shows with it.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import answered, assert_finger_sized, assert_fits_phone, click_and_wait, fresh_page, moves_played, open_app, open_rules_page, open_saved_game
from conftest import READY_TIMEOUT_MS, rules_in_german, save_id_of, start_game, start_on_phone, true_state, wait_for, wait_for_moves, wait_for_turn

from ludothek.games import get_game
from ludothek.games.nummerus import FIELD_INDEX, FIELD_NAMES, SWAP_PHASE
from ludothek.render.rules import diagrams

GAME = get_game("nummerus")

# A solitaire four chips from its end, every chip out of line with the star and with each other
# (so the star jumps each time): 13 on d1 touches 8-12 and 14-19, 30 on g3 touches 20-29 and 31-36,
# 1 on a6 fits 2-7 and 48 on b2 fits 43-47. Played well, every chain reaches 6: no chain left.
SOLITAIRE_END = ".,.,./.,.,.,.,./.,.,.,.,.,.,./1,.,.,.,.,.,./.,.,.,.,./.,.,.,.,*,.,./.,.,.,.,.,.,30/48,.,.,.,./.,13,. 1 2-7,8-12,14-19,20-29,31-36,37-42,43-47"


def reachable(page):
    return page.locator("#board [data-target]:not([aria-disabled=true])")


def chip_of(locator) -> tuple[str, int]:
    """(field, chip) of a board field from its accessible name, e.g. 'f7: 17 The star can take it (up).'."""
    match = re.match(r"([a-g][1-9]): (\d+)\b", locator.get_attribute("aria-label") or "")
    assert match, locator.get_attribute("aria-label")
    return match.group(1), int(match.group(2))


def panel_ranges(page, seat: int) -> list[tuple[int, int]]:
    ranges = page.locator(f".player[data-seat='{seat}'] .nz-groups .nz-group").evaluate_all("els => els.map(e => e.dataset.range)")
    return [tuple(int(n) for n in r.split("-")) for r in ranges]


def assert_panels_show(page, state) -> None:
    """Every player's panel lists exactly that player's chips, grouped as the engine groups them."""
    for seat in range(len(state.collections)):
        assert panel_ranges(page, seat) == list(GAME.groups(state, seat)), seat
        lengths = GAME.chain_lengths(state, seat)
        summary = page.locator(f".player[data-seat='{seat}'] .nz-summary")
        if len(state.collections) > 1:
            expect(summary).to_have_text("Chains: " + " · ".join(map(str, lengths)) if lengths else "No chain yet")


def take_a_good_chip(page, state, seat: int = 0) -> int:
    """Click a reachable chip, preferring one next to a number already held; returns its number."""
    held = {n for lo, hi in GAME.groups(state, seat) for n in range(lo, hi + 1)}
    options = [(chip_of(reachable(page).nth(i)), i) for i in range(reachable(page).count())]
    assert options
    best = max(options, key=lambda o: (o[0][1] - 1 in held or o[0][1] + 1 in held, -o[1]))
    (field, chip), index = best
    click_and_wait(page, reachable(page).nth(index))
    return chip


class TestNewUserAgainstTwoComputers:
    def test_takes_chips_watches_the_computers_and_the_chains_then_reloads(self, page, app_url):
        open_app(page, app_url)
        page.locator("article[data-game=nummerus]").get_by_role("link", name="New game").click()
        expect(page.get_by_role("heading", name="New game: Nummerus Zahlus")).to_be_visible()
        page.locator("input[name=players][value='3']").check()
        expect(page.locator(".seat-row")).to_have_count(3)
        expect(page.locator("select[name=seat1_kind]")).to_have_value("computer")
        expect(page.locator("select[name=seat2_kind]")).to_have_value("computer")
        save_id = start_game(page, board="#board svg.board.nummerus")

        # The start: the star with its neighbours ringed; the status says what to do.
        state = true_state(page, GAME, save_id)
        expect(page.locator("#status")).to_contain_text("Red to move: take one of the")
        targets = {t.field for t in GAME.star_targets(state)}
        expect(reachable(page)).to_have_count(len(targets))
        assert {chip_of(reachable(page).nth(i))[0] for i in range(len(targets))} == targets
        expect(page.locator("#board .cell.reach")).to_have_count(len(targets))
        expect(page.locator("#board .ray")).to_have_count(len(targets))

        # The first chip: into Red's panel; then both computers move, and their chips show up too.
        chip = take_a_good_chip(page, state)
        wait_for_turn(page, 0)
        state = true_state(page, GAME, save_id)
        assert len(state.moves) == 3
        assert panel_ranges(page, 0) == [(chip, chip)]
        assert_panels_show(page, state)
        expect(page.locator("#moves .move-items li")).to_have_count(4)  # start + three moves
        # The last computer move is marked: its trail, and the star where it took its chip.
        last = state.moves[-1]
        expect(page.locator("#board svg")).to_have_attribute("data-star", last)
        expect(page.locator("#board .star-trail")).to_have_count(1)
        expect(page.locator(f"#board [data-field={last}]")).to_have_class(re.compile(r"\blast\b"))
        expect(page.locator("#board .star.travel")).to_have_count(1)  # it was animated
        expect(page.locator("#announce")).to_contain_text("moves the star")

        # Play on until somebody holds a chain: the panels and the standings follow every move.
        for _ in range(14):
            take_a_good_chip(page, state)
            wait_for_turn(page, 0)
            state = true_state(page, GAME, save_id)
            assert_panels_show(page, state)
            if any(GAME.chain_lengths(state, seat) for seat in range(3)):
                break
        else:
            raise AssertionError("nobody formed a chain")
        expect(page.locator(".nz-groups .nz-group.chain").first).to_be_visible()
        expect(page.locator(".nz-group.longest").first).to_be_visible()
        leaders = GAME.standings(state)[0]
        first_row = page.locator(".nz-standings tbody tr").first
        assert int(first_row.get_attribute("data-seat")) in leaders

        # Reload: the same game, the same panels; then it goes on.
        played = moves_played(page)
        picture = page.locator("#board svg").get_attribute("aria-label")
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#board svg.board.nummerus")).to_be_visible()
        wait_for_turn(page, 0)
        assert moves_played(page) == played
        assert page.locator("#board svg").get_attribute("aria-label") == picture
        assert_panels_show(page, true_state(page, GAME, save_id))
        take_a_good_chip(page, state)
        wait_for_turn(page, 0)
        assert moves_played(page) == played + 3
        assert_panels_show(page, true_state(page, GAME, save_id))
        assert page.requests.foreign() == []
        assert page.errors == []


class TestSolitaire:
    def test_the_solitaire_runs_to_its_score_with_the_choice_and_the_hint(self, page, app_url):
        record = {"format": "ludothek", "version": 1, "game": "nummerus", "players": [{"name": "Ada", "type": "human"}], "position": SOLITAIRE_END, "moves": []}
        open_saved_game(page, app_url, "solo", record)
        expect(page.locator("#board svg.board.nummerus")).to_be_visible()
        expect(page.locator("#status")).to_have_text("Ada to move: no chip is in line with the star, so it may jump to any chip.")
        expect(page.locator("#extra .nz-banner")).to_contain_text("it may jump to any chip")
        expect(reachable(page)).to_have_count(4)
        expect(page.locator(".nz-score")).to_have_attribute("data-score", "2")  # 8–12 and 43–47 are short of 6

        # The hint marks one chip and says which.
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#toast")).to_contain_text("Hint: take")
        expect(page.locator("#board .hint-badge")).to_have_count(1)

        # 13 touches 8–12 and 14–19: two buttons ask which chain it joins.
        page.locator("#board [data-target=d1]").click()
        choice = page.locator("#extra .nz-choice")
        expect(choice).to_contain_text("13 touches two chains, and chains never join. Add it to which one?")
        expect(page.locator("#status")).to_have_text("13 touches the chains 8–12 and 14–19: choose one below.")
        assert moves_played(page) == 0
        choice.get_by_role("button", name="Add 13 to 8–12: it becomes 8–13").click()
        wait_for(page, "Number(document.body.dataset.moves) === 1")
        expect(page.locator("#announce")).to_contain_text("jumps the star from e4 to d1 and takes 13. It joins a chain, now 8–13.")
        expect(page.locator(".player .nz-group[data-range='8-13']")).to_have_class(re.compile(r"\bcomplete\b"))
        expect(page.locator(".nz-score")).to_have_attribute("data-score", "1")
        expect(page.locator("#moves")).to_contain_text("d1: 13 → 8–12")

        # 1 fits only 2–7: taken at once.
        page.locator("#board [data-target=a6]").click()
        wait_for(page, "Number(document.body.dataset.moves) === 2")
        # 30 again asks; Escape drops the question, a second click brings it back.
        page.locator("#board [data-target=g3]").click()
        expect(page.locator("#extra .nz-choice")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#extra .nz-choice")).to_have_count(0)
        page.locator("#board [data-target=g3]").click()
        page.locator("#extra").get_by_role("button", name="Add 30 to 31–36: it becomes 30–36").click()
        wait_for(page, "Number(document.body.dataset.moves) === 3")
        page.locator("#board [data-target=b2]").click()

        dialog = page.locator("dialog#dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("The solitaire is over: 0 chains left: superb!")
        expect(page.locator(".nz-score")).to_have_attribute("data-score", "0")
        expect(page.locator(".nz-grade")).to_have_text("0 chains left: superb!")
        state = true_state(page, GAME, "solo")
        assert GAME.is_over(state) and GAME.winners(state) == [0]
        assert page.errors == []


class TestSwapVariant:
    def test_a_swap_by_clicks_shows_in_both_panels_and_undo_brings_the_choice_back(self, page, app_url):
        open_app(page, app_url, "#/setup/nummerus")
        save_id = start_game(page, {"swap": True, "rounds": "2", "seat1_level": "1"}, board="#board svg.board.nummerus")
        expect(page.locator(".nz-rounds caption")).to_have_text("Tournament: 0 of 2 rounds finished")
        expect(page.locator(".player[data-seat='0'] .nz-swaps")).to_have_text("2 swap chips")

        state = true_state(page, GAME, save_id)
        take_a_good_chip(page, state)
        for _ in range(6):
            wait_for_turn(page, 0)
            state = true_state(page, GAME, save_id)
            if state.phase == SWAP_PHASE:
                break
            take_a_good_chip(page, state)
        else:
            raise AssertionError("no swap was offered")
        expect(page.locator("#status")).to_contain_text("Red may swap")
        swap = page.locator("#extra .nz-swap")
        expect(swap).to_contain_text("Swap? You have 2 swap chips.")
        expect(page.locator("#actions").get_by_role("button", name="No swap")).to_be_visible()
        before = moves_played(page)
        give = swap.locator("button[data-target^='give:']").first
        mine = int(give.inner_text())
        give.click()
        expect(swap.locator(f"button[data-target='give:{mine}']")).to_have_attribute("aria-pressed", "true")
        take = swap.locator("button[data-target^='take:']:not([aria-disabled=true])").first
        theirs = int(take.inner_text())
        take.click()
        wait_for_moves(page, before + 1)
        expect(page.locator("#announce")).to_contain_text(f"swaps: gives {mine} to Blue and takes {theirs}")
        expect(page.locator(".player[data-seat='0'] .nz-swaps")).to_have_text("1 swap chip")
        # Checked on the game right after the swap: the computer's reply may swap the chip back.
        after_swap = true_state(page, GAME, save_id, moves=before + 1)
        assert any(lo <= theirs <= hi for lo, hi in GAME.groups(after_swap, 0))
        assert any(lo <= mine <= hi for lo, hi in GAME.groups(after_swap, 1))
        wait_for_turn(page, 0)
        assert_panels_show(page, true_state(page, GAME, save_id))

        # Undo takes back the computer's reply and the swap: the chooser is there again.
        page.get_by_role("button", name="Undo").click()
        expect(page.locator("#extra .nz-swap")).to_be_visible()
        expect(page.locator(".player[data-seat='0'] .nz-swaps")).to_have_text("2 swap chips")
        page.locator("#actions").get_by_role("button", name="No swap").click()
        expect(page.locator("#announce")).to_contain_text("Red does not swap.")
        assert page.errors == []


class TestKeyboardAndMotion:
    def test_arrows_and_enter_take_a_chip_and_a_blocked_chip_says_why(self, page, app_url):
        open_app(page, app_url, "#/setup/nummerus")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board svg.board.nummerus")).to_be_visible()
        cursor = page.locator("#board [tabindex='0']")
        expect(cursor).to_have_count(1)
        cursor.focus()
        first = page.evaluate("document.activeElement.dataset.target")
        assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") is None  # a chip in reach
        y0 = int(page.evaluate("document.activeElement.dataset.y"))
        page.keyboard.press("ArrowDown" if y0 < 5 else "ArrowUp")
        answered(page)
        moved = page.evaluate("document.activeElement.dataset.target")
        assert moved != first
        page.keyboard.press("ArrowUp" if y0 < 5 else "ArrowDown")
        answered(page)
        assert page.evaluate("document.activeElement.dataset.target") == first
        page.keyboard.press("Enter")
        expect(page.locator("#announce")).to_contain_text(f"to {first} and takes")
        wait_for_turn(page, 0)
        assert moves_played(page) == 2
        expect(page.locator("#board [tabindex='0']")).to_have_count(1)  # the cursor is back for the next move
        # A chip out of reach: Enter explains instead of moving.
        save_id = save_id_of(page)
        state = true_state(page, GAME, save_id)
        reach = {t.field for t in GAME.star_targets(state)}
        blocked = next(f for f in FIELD_NAMES if f not in reach and state.board[FIELD_INDEX[f]])
        page.locator(f"#board [data-target={blocked}]").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#toast")).to_contain_text(re.compile(r"not in a straight line|comes first in that line|crosses a gap"))
        assert moves_played(page) == 2

    def test_no_travel_with_reduced_motion(self, browser, app_url):
        with fresh_page(browser, reduced_motion="reduce") as page:
            open_app(page, app_url, "#/setup/nummerus")
            page.get_by_role("button", name="Start game").click()
            reachable(page).first.click()
            wait_for_turn(page, 0)
            assert moves_played(page) == 2
            expect(page.locator("#board .star-trail")).to_have_count(1)  # the path is still marked
            expect(page.locator("#board .star.travel")).to_have_count(0)
            expect(page.locator("#board .chip.taken")).to_have_count(0)


class TestPhone:
    def test_numbers_are_readable_on_an_upright_phone(self, phone_page, app_url):
        page = phone_page
        start_on_phone(page, app_url, "nummerus")
        assert_finger_sized(page.locator("#board [data-target] .cell-bg").first, 38)  # a finger-sized field
        number = page.locator("#board .chip-number").first.bounding_box()
        assert number["height"] >= 14, number  # about 20 px type
        reachable(page).first.tap()
        wait_for_moves(page, 1)
        wait_for_turn(page, 0)
        panel = page.locator(".player[data-seat='0'] .nz-chip").first.bounding_box()
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 390
        assert_fits_phone(page)


class TestRulesPages:
    def test_english_and_german_rules_with_diagrams(self, page, app_url):
        rules = open_rules_page(page, app_url, "nummerus", len(diagrams("nummerus", "en")), figure="svg.board.nummerus")
        expect(page.get_by_role("heading", name="Rules: Nummerus Zahlus")).to_be_visible()
        expect(rules.locator(".star-trail")).to_have_count(3)  # the line, the jump and the solitaire choice
        rules_in_german(page, rules, "Taille")
        # "Try it" opens the setup from the diagram's position.
        rules.locator(".try-it").first.click()
        expect(page.locator("form.setup .start-position svg.board.nummerus")).to_be_visible()
