"""Momox in the page: a new user plays two rounds against the computer, lifting bowls, leaving and
taking tiles, until the round totals appear; and no chip that lies under a bowl ever reaches the
page (its HTML or its accessible names).

The test knows the real chips: it reads the saved record (seed, options and moves) from
localStorage and replays it with the engine in CPython, which sees everything the page must not.
"""

from __future__ import annotations

import html as html_module
import re
from urllib.parse import unquote

from playwright.sync_api import expect

from conftest import answered, assert_finger_sized, check_rules_page, click_and_wait, focus_board, fresh_page, moves_played, open_app, open_saved_game
from conftest import press_to, put_save, READY_TIMEOUT_MS, save_id_of, start_on_phone, true_state, wait_for, wait_for_moves, wait_for_turn

from ludothek.games import get_game
from ludothek.games.momox_board import CORNER_FIELDS, FIELD_COUNT, TILE_AT

GAME = get_game("momox")


# -- what must never be in the page ------------------------------------------------------------------


def assert_no_covered_chip_in_page(page, state) -> None:
    """Nothing in the document or its accessibility tree tells a chip that lies under a bowl.

    The open chip (when face up) is the only chip value the page may show; every number that
    the page attaches to a chip or a walk must be that one."""
    circles = GAME.circles(state)
    open_circle = GAME.open_circle(state)
    shown_value = state.chips[open_circle] if circles[open_circle].face_up else None
    covered = {c.index: state.chips[c.index] for c in circles if c.covered}
    html = page.content()
    tree = page.locator("body").aria_snapshot()

    # Each bowl shows no number of its own (the circle's number is drawn beside it, outside the
    # button), and only its circle's number in its name; no title.
    labels = [t.strip() for t in page.locator("#board .circle-labels text").all_text_contents()]
    assert labels == [str(c) for c in range(len(circles))], labels
    for circle in covered:
        key = page.locator(f"#board [data-target=k{circle}]")
        if key.count():
            assert (key.text_content() or "").strip() == ""
            name = key.get_attribute("aria-label") or ""
            assert re.findall(r"\d", name) == [str(circle)], name
            assert key.locator("title").count() == 0 and key.get_attribute("title") is None
    # One chip is drawn, on the open circle, and no covered circle holds a chip element.
    assert page.locator("#board .circle.covered .chip").count() == 0
    numbers = [t.strip() for t in page.locator("#board .chip-number").all_text_contents()]
    assert numbers == ([str(shown_value)] if shown_value is not None else [])
    # Every sentence about a chip or a walk, anywhere (status, last walk, live region,
    # accessible names), names the open chip and no other.
    for text in (html, tree):
        for said in re.findall(r"(?:chip shows|walked|: a) (\d)\b", text):
            assert shown_value is not None and int(said) == shown_value, (said, shown_value)
    # The arrangement itself, the seed or a position text never appear.
    arrangement = "".join(map(str, state.chips))
    assert arrangement not in html and arrangement not in tree
    assert GAME.position(state) not in html
    assert "data-chips" not in html and "data-seed" not in html


# -- a simple player that knows the chips, to drive the human seat -----------------------------------


def needed_corners(state, seat: int) -> set[int]:
    held = state.tiles[seat]
    return {corner for corner in CORNER_FIELDS if TILE_AT[corner][seat] and TILE_AT[corner][seat] not in held}


def keys_to_a_tile(state, seat: int, depth: int = 3) -> list[str] | None:
    """Key moves (knowing the chips) that end this turn on a corner with one of our tiles."""
    if depth == 0:
        return None
    for move in GAME.legal_moves(state):
        after = GAME.play(state, move)
        if after.phase == "tile" and after.to_move == seat:
            return [move]
        if after.phase == "key" and after.to_move == seat:
            rest = keys_to_a_tile(after, seat, depth - 1)
            if rest:
                return [move] + rest
    return None


def best_key(state, seat: int) -> str:
    # Yellow fields can chain round the board for ever (3 and 5 lead from one to the next), and
    # re-planning at every step could follow such a chain: after a few, plan only one key ahead.
    route = keys_to_a_tile(state, seat, depth=1 if state.yellows >= 4 else 3)
    if route:
        return route[0]
    targets = needed_corners(state, seat)

    def distance(move):
        landing = GAME.play(state, move).figures[seat]
        return min((corner - landing) % FIELD_COUNT for corner in targets)

    moves = GAME.legal_moves(state)
    if state.yellows >= 4:
        # Yellow fields can chain round the board for ever (3 and 5 lead from one to the next):
        # after a few, take a key that ends the turn.
        ending = [m for m in moves if GAME.play(state, m).phase != "key" or GAME.play(state, m).to_move != seat]
        moves = ending or moves
    return min(moves, key=distance)


class TestNewUserPlaysTwoRounds:
    def test_bowls_tiles_and_round_totals(self, page, app_url):
        open_app(page, app_url)
        page.locator("article[data-game=momox]").get_by_role("link", name="New game").click()
        expect(page.get_by_role("heading", name="New game: Momox")).to_be_visible()
        page.locator("input[name=rounds]").fill("2")
        page.locator("select[name=seat1_level]").select_option("1")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board svg")).to_be_visible()
        expect(page.locator("#status")).to_have_text("Red to move: lift a bowl. Round 1 of 2.")
        expect(page.locator(".momox-rounds caption")).to_have_text("Rounds: 0 of 2 finished")
        save_id = save_id_of(page)

        # The start: the centre is open and face down, bowls on circles 1-5, nothing numbered.
        expect(page.locator("#board .chip.face-down")).to_have_count(1)
        expect(page.locator("#board .circle.covered .bowl")).to_have_count(5)
        expect(page.locator("#board [data-target=k3]")).to_have_attribute("aria-label", "Lift the bowl from circle 3")
        assert not re.search(r"\bkeys?\b", page.locator("body").aria_snapshot(), re.IGNORECASE)  # a bowl, never a key
        expect(page.locator("#board [data-target=k0]")).to_have_attribute("aria-disabled", "true")
        assert_no_covered_chip_in_page(page, true_state(page, GAME, save_id))

        # A first bowl: the chip under it turns up, the figure walks, the walk is marked.
        state = true_state(page, GAME, save_id)
        first = best_key(state, 0)
        click_and_wait(page, page.locator(f"#board [data-target={first}]"))
        state = true_state(page, GAME, save_id)
        circle = int(first[1:])
        expect(page.locator(f"#board [data-target={first}] .chip-number")).to_have_text(str(state.chips[circle]))
        expect(page.locator("#board .walk-trail")).to_have_count(1)
        expect(page.locator("#announce")).to_contain_text(
            f"lifted the bowl from {'the centre circle 0' if circle == 0 else f'circle {circle}'}: a {state.chips[circle]}"
        )
        assert_no_covered_chip_in_page(page, state)
        # A chip once turned up cannot be taken back.
        expect(page.get_by_role("button", name="Undo")).to_be_disabled()

        left = taken = 0
        for _ in range(300):
            wait_for_turn(page, 0)
            state = true_state(page, GAME, save_id)
            if state.round > 1 or GAME.is_over(state):
                break
            assert_no_covered_chip_in_page(page, state)
            phase = state.phase
            if phase == "tile":
                tile = GAME.pending_tile(state)
                expect(page.locator("#status")).to_contain_text(f"may take the {tile.value} here")
                if left == 0 and len(state.tiles[0]) < 3:
                    click_and_wait(page, page.locator("#actions").get_by_role("button", name="Leave it"))
                    left += 1
                    # The tile still lies beside the corner.
                    assert tile.value in [v for seat, v in GAME.corner_tiles(true_state(page, GAME, save_id))[tile.field] if seat == 0]
                else:
                    digits_before = len(state.tiles[0])
                    click_and_wait(page, page.locator("#actions").get_by_role("button", name=f"Take the {tile.value}"))
                    taken += 1
                    if digits_before < 3:
                        # The number fills from the ones: the newest digit is the leftmost one taken so far.
                        digits = page.locator(".player[data-seat='0'] .momox-number .digit")
                        expect(digits.nth(3 - digits_before)).to_have_text(str(tile.value))
            elif phase == "shuffle":
                click_and_wait(page, page.get_by_role("button", name="Keep the chips"))
            else:
                click_and_wait(page, page.locator(f"#board [data-target={best_key(state, 0)}]"))
        else:
            raise AssertionError("round 1 did not end")

        assert left >= 1 and taken >= 1, (left, taken)
        state = true_state(page, GAME, save_id)
        assert state.round == 2
        numbers = state.results[0]
        table = page.locator(".momox-rounds")
        expect(table.locator("caption")).to_have_text("Rounds: 1 of 2 finished")
        row = table.locator("tbody tr.finished").first.locator("td")
        expect(row).to_have_text([str(n) for n in numbers])
        expect(table.locator("tfoot td")).to_have_text([str(n) for n in GAME.scores(state)])
        expect(page.locator("#status")).to_contain_text("Round 2 of 2")
        # Round 2 starts afresh: all tiles back beside the corners. (The computer may already have
        # moved, even taken a tile over yellow fields: compare with the true state on the reader's turn.)
        wait_for_turn(page, 0)
        held = sum(len(GAME.held_tiles(true_state(page, GAME, save_id), seat)) for seat in range(2))
        expect(page.locator("#board .tile-slot")).to_have_count(held)
        assert_no_covered_chip_in_page(page, true_state(page, GAME, save_id))
        assert page.errors == []
        assert page.requests.foreign() == []


# -- the same page for different chips ---------------------------------------------------------------


def page_as_seen(page) -> tuple[str, str]:
    """The game screen's markup and the accessibility tree of the whole page."""
    html = page.evaluate("document.getElementById('screen').outerHTML + document.getElementById('announce').outerHTML")
    return html, page.locator("body").aria_snapshot()


def hot_seat_record(position: str) -> dict:
    return {
        "format": "ludothek",
        "version": 1,
        "game": "momox",
        "players": [{"name": "Ada", "type": "human"}, {"name": "Bo", "type": "human"}],
        "position": position,
        "moves": [],
    }


def open_position(page, app_url: str, save_id: str, position: str, status: str) -> None:
    """Ada and Bo at one device from `position`; the status begins the turn with `status`."""
    open_saved_game(page, app_url, save_id, hot_seat_record(position))
    expect(page.locator("#status")).to_contain_text(status)


class TestCoveredChipsChangeNothing:
    def test_two_games_differing_only_under_the_bowls_show_the_same_page(self, page, app_url):
        """The 6 lies open on circle 3 in both games, and the 1 on circle 4; under the other keys
        the chips differ, also under the circles everybody saw uncovered before (2 and 1). After
        the same clicks (red lifts circle 4, blue circle 3) both pages are the same, to the letter."""
        positions = {"a": "6,8 -,- R key t1 y1 352614 213", "b": "6,8 -,- R key t1 y1 245613 213"}
        open_app(page, app_url)
        for key, position in positions.items():
            put_save(page, key, hot_seat_record(position))
        seen: dict[str, list[tuple[str, str]]] = {}
        for key in positions:
            page.goto(app_url + f"#/play/{key}")
            page.reload()  # a fresh page each time: nothing said about the other game lingers
            page.wait_for_selector("body[data-ready] #board svg", timeout=READY_TIMEOUT_MS)
            expect(page.locator("#board .chip-number")).to_have_text("6")
            snapshots = [page_as_seen(page)]
            for target in ("k4", "k3"):
                click_and_wait(page, page.locator(f"#board [data-target={target}]"))
                snapshots.append(page_as_seen(page))
            seen[key] = snapshots
            assert_no_covered_chip_in_page(page, true_state(page, GAME, key))
        assert seen["a"] == seen["b"]
        assert page.errors == []

    def test_the_position_link_names_only_the_open_chip(self, page, app_url):
        """Red stands on yellow 6 with the 6 open on circle 3; the 2 (circle 2) and the 1 (circle 1)
        were seen before and lie under keys. The share dialog's position link and embed code name
        the 6 and no other chip: remembering the covered ones is the game."""
        open_saved_game(page, app_url, "ln", hot_seat_record("6,8 -,- R key t1 y1 352614 213"))
        page.wait_for_selector("body[data-ready] #board svg", timeout=READY_TIMEOUT_MS)
        page.get_by_role("button", name="Share").click()
        link = unquote(page.locator("#share-position").input_value().split("#/position/momox/", 1)[1])
        assert link == "6,8 -,- R key t1 y1 ???6?? 213"
        snippet = unquote(html_module.unescape(page.locator("#share-snippet").input_value()))
        assert "???6??" in snippet and "352614" not in snippet
        expect(page.locator("#share-game")).to_have_count(0)


class TestKeyboard:
    def test_arrows_enter_and_undo_stops_at_a_turned_chip(self, page, app_url):
        # Red stands on blue's corner beside its 4, and may take it or leave it.
        open_position(page, app_url, "kb", "8,8 -,- R tile t1 y1 625314 32", "Ada may take the 4 here (it would be the ones digit) or leave it.")
        tile = page.locator("#board [data-target=take]")
        expect(tile).to_have_attribute("tabindex", "0")
        expect(tile).to_have_attribute("aria-label", "Take your 4 (it becomes your ones digit)")
        # Leaving is a plain decision: it may be taken back.
        click_and_wait(page, page.locator("#actions").get_by_role("button", name="Leave it"))
        expect(page.locator("#status")).to_contain_text("Bo to move: lift a bowl.")
        page.get_by_role("button", name="Undo").click()
        expect(page.locator("#status")).to_contain_text("Ada may take the 4 here")
        page.locator("#actions").get_by_role("button", name="Leave it").click()
        wait_for(page, "Number(document.body.dataset.moves) === 1")

        # Blue, by keyboard: the cursor starts on the first key that may be lifted.
        focus_board(page, "k0")
        press_to(page, "ArrowUp", "k1")  # from the centre up to circle 1
        page.keyboard.press("Escape")
        page.keyboard.press("Enter")
        wait_for(page, "Number(document.body.dataset.moves) === 2")
        expect(page.locator("#announce")).to_contain_text("Bo lifted the bowl from circle 1: a 2.")
        # The 2 was face down until now: undo cannot take that back.
        expect(page.get_by_role("button", name="Undo")).to_be_disabled()
        page.keyboard.press("u")
        answered(page)
        assert moves_played(page) == 2
        expect(page.locator("#moves .move-items")).to_contain_text("2. bowl 1")
        assert page.errors == []

    def test_stay_by_keyboard_ends_the_turn_on_the_yellow_field(self, page, app_url):
        # Red has walked 6 onto the yellow field 6 (the 6 lies open on circle 3).
        open_position(page, app_url, "st", "6,8 -,- R key t1 y1 352614 3", "Ada is on a yellow field: lift another bowl or stay")
        stay = page.locator("#board [data-target=stay]")
        expect(stay).to_have_attribute("role", "button")
        expect(stay).to_have_accessible_name("Stay on this yellow field and end your turn (1 yellow field in this turn)")
        expect(page.locator("#actions").get_by_role("button", name="Stay")).to_be_visible()
        # From the centre key, the arrow down reaches "Stay" below the circles; Enter plays it.
        focus_board(page, "k0")
        press_to(page, "ArrowDown", "stay")
        page.keyboard.press("Enter")
        wait_for(page, "Number(document.body.dataset.moves) === 1")
        expect(page.locator("#announce")).to_contain_text("Ada stays on the yellow field; the turn ends.")
        expect(page.locator("#status")).to_contain_text("Bo to move: lift a bowl.")
        expect(page.locator("#board [data-target=stay]")).to_have_count(0)
        expect(page.locator("#moves .move-items")).to_contain_text("stay")
        # Red's figure is still on the yellow field.
        state = true_state(page, GAME, "st")
        assert state.figures[0] == 6 and GAME.current_player(state) == 1
        assert page.errors == []


class TestMotion:
    def test_the_walk_is_animated_unless_reduced_motion_is_asked_for(self, browser, app_url):
        for motion, expected in (("no-preference", 1), ("reduce", 0)):
            with fresh_page(browser, reduced_motion=motion) as page:
                open_saved_game(page, app_url, "m", hot_seat_record("0,8 -,- R key t1 y0 352614 -"))
                page.wait_for_selector("#board svg")
                click_and_wait(page, page.locator("#board [data-target=k3]"))
                expect(page.locator("#board .figure animateMotion")).to_have_count(expected)
                # Either way the walk stays marked: from the red corner to the yellow field 6.
                expect(page.locator("#board .field.last")).to_have_attribute("data-field", "6")
                expect(page.locator("#board .walk-trail")).to_have_count(1)


class TestPhoneAndRules:
    def test_board_fits_an_upright_phone(self, phone_page, app_url):
        page = phone_page
        start_on_phone(page, app_url, "momox")
        assert_finger_sized(page.locator("#board [data-target=k1]"), 44)  # a comfortable finger target
        page.locator("#board [data-target=k1]").tap()
        wait_for_moves(page, 1)

    def test_rules_in_english_and_german(self, page, app_url):
        check_rules_page(page, app_url, "momox", figures=7, german_word="Zehner")
