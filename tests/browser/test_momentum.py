"""Momentum in the page: two friends at one device with the pie rule, pushes that the page shows
exactly as the engine plays them, special cells placed by hand in the setup, and a 9x9 game with
a hole.

The test knows the true game: it reads the saved record from localStorage and replays it with the
engine in CPython, then compares what the page shows with it.
"""

from __future__ import annotations


from playwright.sync_api import expect

from conftest import click_and_wait, moves_played, open_app, open_saved_game, save_id_of, true_state, wait_for_moves

from ludothek.games import get_game
from ludothek.games.notation import cell_name

GAME = get_game("momentum")
STONE = {"R": "Red stone", "B": "Blue stone", "G": "Green stone", "x": "hole", "d": "damper", "p": "buffer", ".": "empty"}
# Red to move; a red/blue run on rank 4 (d4 e4) and a lone blue stone on b6.
PUSHES = "7x7 ......./.B...../......./...RB../......./......./....... R 7,6"


def board_labels(page) -> dict[str, str]:
    labels = page.locator("#board [data-target]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return dict(label.split(": ", 1) for label in labels)


def assert_board_is(page, state) -> None:
    expected = {cell_name(i, state.width): STONE[c] for i, c in enumerate(state.board)}
    assert board_labels(page) == expected


def click_cell(page, cell: str) -> None:
    click_and_wait(page, page.locator(f"#board [data-target='{cell}']"))


def start_hot_seat(page, app_url) -> None:
    open_app(page, app_url, "#/setup/momentum")
    page.locator("select[name=seat1_kind]").select_option("human")
    page.locator("input[name=seat0_name]").fill("Ada")
    page.locator("input[name=seat1_name]").fill("Bert")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#board svg")).to_be_visible()


def close_handover(page) -> None:
    """A hand-over dialog, if the page shows one between two people, is closed the way a player would."""
    dialog = page.locator("dialog#dialog[open]")
    if dialog.count():
        dialog.locator("[data-action=close-dialog]").first.click()
        expect(page.locator("dialog#dialog[open]")).to_have_count(0)


class TestTwoFriendsWithThePieRule:
    def test_the_second_player_takes_over_the_first_stone(self, page, app_url):
        start_hot_seat(page, app_url)
        expect(page.locator("#status")).to_contain_text("Ada to move")
        expect(page.get_by_role("button", name="Swap (pie rule)")).to_have_count(0)

        click_cell(page, "d4")
        close_handover(page)
        expect(page.locator("#status")).to_contain_text("Bert to move")
        expect(page.locator("#status")).to_contain_text("swap")
        page.get_by_role("button", name="Swap (pie rule)").click()
        wait_for_moves(page, 2)
        close_handover(page)

        state = true_state(page, GAME, save_id_of(page))
        assert state.moves == ("d4", "swap")
        assert board_labels(page)["d4"] == "Blue stone"
        assert_board_is(page, state)
        expect(page.locator("#status")).to_contain_text("Ada to move")
        # Once used (or passed by), the swap is gone.
        expect(page.get_by_role("button", name="Swap (pie rule)")).to_have_count(0)


def play_from_position(page, app_url, save_id: str, position: str) -> None:
    """Ada and Bert at one device, from a saved game that starts at `position`."""
    record = {
        "format": "ludothek",
        "version": 1,
        "game": "momentum",
        "players": [{"name": "Ada", "type": "human"}, {"name": "Bert", "type": "human"}],
        "position": position,
        "moves": [],
    }
    open_saved_game(page, app_url, save_id, record)
    expect(page.locator("#board svg")).to_be_visible()


class TestPushesAsTheEngineSeesThem:
    def test_each_move_leaves_the_board_the_engine_computes(self, page, app_url):
        play_from_position(page, app_url, "push1", PUSHES)
        assert_board_is(page, GAME.from_position(PUSHES))

        # c4 pushes the run d4-e4 from its end: e4 goes to f4. Then blue's b5 pushes b6 off the top.
        for cell in ("c4", "b5"):
            click_cell(page, cell)
            close_handover(page)
            state = true_state(page, GAME, "push1")
            assert_board_is(page, state)
        assert board_labels(page)["f4"] == "Blue stone" and board_labels(page)["b6"] == "empty"
        assert board_labels(page)["b7"] == "Blue stone"
        # The move list names each move, the announcement says what moved.
        expect(page.locator("#moves .move-items li")).to_have_count(3)
        expect(page.locator("#announce")).to_contain_text("Pushed")


class TestSpecialCells:
    def test_cells_placed_by_hand_in_the_setup_are_on_the_board(self, page, app_url):
        open_app(page, app_url, "#/setup/momentum")
        page.locator("select[name=seat1_kind]").select_option("human")
        page.locator("select[name=specials]").select_option("hand")
        cell = page.locator("[data-action=setup-cell][data-cell=c3]")
        cell.click()  # empty -> hole
        expect(page.locator("[data-action=setup-cell][data-cell=c3]")).to_have_attribute("aria-label", "c3: hole. Click to change.")
        page.locator("[data-action=setup-cell][data-cell=c3]").click()  # hole -> damper
        expect(page.locator("input[name=hand_specials]")).to_have_value("c3:d")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board svg")).to_be_visible()
        assert board_labels(page)["c3"] == "damper"
        expect(page.locator("#board [data-target=c3]")).to_have_attribute("aria-disabled", "true")

    def test_a_stone_pushed_into_the_centre_hole_goes_back_to_its_owner(self, page, app_url):
        # 9x9 with the recommended hole on e5; blue d5, red to move: c5 pushes d5 into the hole.
        position = "9x9 ........./........./........./........./...Bx..../........./........./........./......... R 12,11"
        play_from_position(page, app_url, "hole1", position)
        expect(page.locator(".player[data-seat='1'] [data-hand]")).to_have_attribute("data-hand", "11")
        click_cell(page, "c5")
        assert board_labels(page)["d5"] == "empty" and board_labels(page)["e5"] == "hole"
        expect(page.locator(".player[data-seat='1'] [data-hand]")).to_have_attribute("data-hand", "12")
        assert_board_is(page, true_state(page, GAME, "hole1"))


class TestRefusalsInThePlayersLanguage:
    def test_a_german_player_reads_why_a_click_is_refused_in_german(self, browser, app_url):
        # The refusal comes from the engine as a rule identifier ("cell-occupied"), worded by the view's table.
        context = browser.new_context(locale="de-DE", service_workers="block")
        page = context.new_page()
        try:
            play_from_position(page, app_url, "refused1", PUSHES)
            # Marked aria-disabled (not a legal move), yet a mouse can click it: the page says why not.
            page.locator("#board [data-target=d4]").click(force=True)
            expect(page.locator("#announce")).to_contain_text("d4 ist besetzt.")
            assert "occupied" not in page.locator("#announce").text_content()
            assert moves_played(page) == 0
        finally:
            context.close()


class TestHint:
    def test_the_hint_marks_a_cell_with_a_check_and_says_it(self, page, app_url):
        start_hot_seat(page, app_url)
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#toast")).to_contain_text("Hint: place a stone on")
        badge = page.locator("#board [data-target] .hint-badge")
        expect(badge).to_have_count(1)
        cell = page.locator("#board [data-target]:has(.hint-badge)").get_attribute("data-target")
        assert cell in page.locator("#toast").text_content()
        click_cell(page, cell)
        expect(page.locator("#board .hint-badge")).to_have_count(0)  # the hint was for that move only
