"""Fenn in the page: a new user against the perfect computer, the opening roll, two-step input,
the Pasch, the end of a game, reload, keyboard, hints and an upright phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import answered, assert_fits_phone, focus_board, moves_played, open_app, open_rules_page, open_saved_game, press_to, READY_TIMEOUT_MS
from conftest import rules_in_german, save_id_of, true_state, wait_for_moves, wait_for_turn
from ludothek.games.fenn import Fenn
from ludothek.render.rules import diagrams

PERFECT = "5"


def start_fenn(page, app_url, first: str | None = None, level: str = PERFECT, from_home: bool = False):
    if from_home:
        open_app(page, app_url)
        page.locator(".game-card[data-game=fenn]").get_by_role("link", name="New game").click()
    else:
        open_app(page, app_url, "#/setup/fenn")
    expect(page.get_by_role("heading", name="New game: Fenn")).to_be_visible()
    page.locator("select[name=seat1_level]").select_option(level)
    if first:
        page.locator("select[name=first]").select_option(first)
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#board svg.board.fenn")).to_be_visible()


def open_save(page, app_url, save_id: str, position: str, level: int = 5):
    record = {
        "format": "ludothek",
        "version": 1,
        "game": "fenn",
        "players": [{"name": "Ada", "type": "human"}, {"name": "Bot", "type": "computer", "level": level}],
        "position": position,
        "moves": [],
    }
    open_saved_game(page, app_url, save_id, record)
    expect(page.locator("#board svg.board.fenn")).to_be_visible()


def enabled_fields(page):
    return page.locator("#board [data-target]:not([aria-disabled=true])")


class TestNewUserAgainstThePerfectComputer:
    def test_opening_roll_steps_with_a_face_choice_and_reload(self, page, app_url):
        start_fenn(page, app_url, from_home=True)
        expect(page.locator(".player").nth(1)).to_contain_text("Perfect")
        # The opening roll: the black die rolled until 4 or 6, and who begins.
        side = page.locator(".fenn-side")
        expect(side.get_by_role("heading", name="Opening roll")).to_be_visible()
        rolls = [int(t) for t in side.locator(".fenn-roll-die").all_text_contents()]
        assert rolls and rolls[-1] in (4, 6) and all(r in (2, 3, 7, 8) for r in rolls[:-1])
        starter = "Blue" if rolls[-1] == 6 else "Red"
        expect(side.locator(".fenn-roll-text")).to_contain_text(f"{', '.join(map(str, rolls))}. {starter} begins.")
        expect(side).to_contain_text("With perfect play from this start the game is a draw.")

        wait_for_turn(page, 0)
        before = moves_played(page)
        # Step 1 of 2: pick a field. The face chooser lists the new tops allowed there.
        field = enabled_fields(page).first
        number = field.get_attribute("data-target")
        field.click()
        chooser = page.locator(".fenn-chooser")
        expect(chooser).to_contain_text(f"Field {number}: choose the new top of the blue die")
        expect(page.locator("#status")).to_contain_text(f"field {number} picked")
        faces = chooser.locator("button[data-target]")
        assert faces.count() >= 1
        assert all(t.startswith(number + ":") for t in (faces.nth(i).get_attribute("data-target") for i in range(faces.count())))
        # Step 2 of 2: pick a face (a plain one when there is one, so the turn ends).
        plain = chooser.locator("button[data-target]:not(:has(.fenn-note))")
        chosen = plain.first if plain.count() else faces.first
        face = int(chosen.get_attribute("data-target").split(":")[1])
        chosen.click()
        answered(page)
        # The computer thinks at least MIN_THINK_SECONDS before it replies: on a busy machine its
        # reply may be on the page already. The human's move is the one after `before` either way;
        # the count and the announcement are read together, so they tell of the same move.
        moves, announced = page.evaluate("[Number(document.body.dataset.moves || 0), document.getElementById('announce').textContent]")
        assert moves in (before + 1, before + 2)
        stepped = true_state(page, Fenn(), save_id_of(page), before + 1)
        assert (stepped.blue, stepped.blue_face) == (int(number), face)
        if moves == before + 1:
            assert f"to field {number}" in announced, announced
        end = page.locator("#actions").get_by_role("button", name=re.compile("^End turn"))
        if end.count():
            end.click()
        wait_for_turn(page, 0)
        played = moves_played(page)
        assert played > before + 1  # the computer replied
        picture = page.locator("#board svg").get_attribute("aria-label")

        # Reload: the game continues where it was.
        url = page.url
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert page.url == url
        expect(page.locator("#board svg.board.fenn")).to_be_visible()
        assert moves_played(page) == played
        assert page.locator("#board svg").get_attribute("aria-label") == picture
        expect(page.locator(".fenn-roll-die")).to_have_count(len(rolls))
        assert page.requests.foreign() == []
        assert page.errors == []

    def test_pasch_turns_the_black_die_and_undo_returns_to_the_choice(self, page, app_url):
        start_fenn(page, app_url, first="blue")
        expect(page.locator("#status")).to_contain_text("Blue to move")
        black = page.locator("#board .black-row .die.black").first
        expect(black).to_have_text("6")
        page.locator("#board [data-target='1']").click()
        pasch_face = page.locator(".fenn-chooser button[data-target='1:6']")
        expect(pasch_face).to_contain_text("Pasch")
        pasch_face.click()
        # The Pasch is offered: the black die's other faces as buttons, or end the turn.
        chooser = page.locator(".fenn-chooser.pasch")
        expect(chooser).to_contain_text("Pasch!")
        expect(chooser.locator("button[data-target]")).to_have_count(5)
        expect(page.locator("#actions").get_by_role("button", name="End turn (black stays 6)")).to_be_visible()
        expect(page.locator("#board [data-target]:not([aria-disabled=true])")).to_have_count(0)
        chooser.get_by_role("button", name="Turn the black die to 8 (closes field 8)").click()
        expect(page.locator("#announce")).to_contain_text("turns the black die from 6 to 8")
        wait_for_turn(page, 0)
        expect(page.locator("#moves")).to_contain_text("1:6 Pasch")
        expect(page.locator("#moves")).to_contain_text("black 8")
        # Undo goes back to the human's last decision: the Pasch choice.
        page.get_by_role("button", name="Undo").click()
        answered(page)
        assert moves_played(page) == 1
        expect(page.locator(".fenn-chooser.pasch button[data-target]")).to_have_count(5)

    def test_extra_step_and_end_turn(self, page, app_url):
        start_fenn(page, app_url, first="blue")
        page.locator("#board [data-target='2']").click()
        page.locator(".fenn-chooser button[data-target='2:2']").click()
        expect(page.locator("#status")).to_contain_text("extra step")
        expect(page.locator("#extra .fenn-banner")).to_contain_text("Step again")
        # Stepping back beside the board is impossible, the other fields near the die are open.
        expect(enabled_fields(page)).to_have_count(3)
        page.locator("#actions").get_by_role("button", name="End turn").click()
        wait_for_turn(page, 0)
        assert moves_played(page) >= 3


class TestTheEnd:
    def test_the_human_wins(self, page, app_url):
        open_save(page, app_url, "fenn-win", "b7:2 r4:3 k8 b")
        page.locator("#board [data-target='9']").click()
        page.locator(".fenn-chooser button[data-target='9:5']").click()
        dialog = page.locator("dialog#dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Ada (blue) wins: the die has crossed the board!")
        assert page.evaluate("document.body.dataset.over") == "1"

    def test_the_perfect_computer_takes_its_win(self, page, app_url):
        open_save(page, app_url, "fenn-loss", "b5:2 r3:4 k6 r")
        dialog = page.locator("dialog#dialog")
        expect(dialog).to_be_visible(timeout=90_000)
        expect(dialog).to_contain_text("Bot (red) wins")
        expect(page.locator("#board .die.red.winner")).to_have_count(1)


class TestKeyboard:
    def test_arrows_enter_tab_and_escape(self, page, app_url):
        start_fenn(page, app_url, first="blue")
        focus_board(page, "1")
        press_to(page, "ArrowRight", "2")
        page.keyboard.press("Enter")
        expect(page.locator("#status")).to_contain_text("field 2 picked")
        page.keyboard.press("Escape")
        expect(page.locator("#status")).to_contain_text("pick a field")
        page.locator("#board [tabindex='0']").focus()
        page.keyboard.press("Enter")
        expect(page.locator(".fenn-chooser")).to_be_visible()
        # Tab leaves the board for the face chooser below it.
        press_to(page, "Tab", "2:1")
        press_to(page, "Tab", "2:2")
        page.keyboard.press("Enter")
        expect(page.locator("#announce")).to_contain_text("to field 2 and turns 2 up")
        assert moves_played(page) == 1

    def test_a_closed_field_says_why(self, page, app_url):
        start_fenn(page, app_url, first="blue")
        field = page.locator("#board [data-target='6']")
        expect(field).to_have_attribute("aria-disabled", "true")
        assert "Closed to blue: the black die shows 6." in field.get_attribute("aria-label")
        expect(field.locator("title")).to_contain_text("Closed to red: the black die shows 6.")
        field.click(force=True)  # Playwright refuses aria-disabled elements; a player may still click them
        expect(page.locator("#toast")).to_contain_text("Field 6 is closed to blue")
        expect(page.locator("#toast")).to_contain_text("the black die shows 6")
        assert moves_played(page) == 0


class TestHint:
    def test_the_hint_shows_the_value_of_every_step(self, page, app_url):
        start_fenn(page, app_url, first="blue")
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#toast")).to_contain_text("With perfect play the game is a draw.")
        steps = page.locator("details.fenn-steps")
        expect(steps).to_have_attribute("open", "")
        expect(steps.locator("button[data-target]")).to_have_count(10)
        for label in steps.locator("button[data-target]").all_text_contents():
            assert re.search(r"· (draw|win \d+|loss \d+)$", label), label
        expect(page.locator("#board .hint-mark")).to_have_count(2)  # fields 1 and 2
        # The values stay while a field is picked.
        page.locator("#board [data-target='2']").click()
        expect(page.locator(".fenn-chooser .fenn-value").first).to_be_visible()


class TestPhone:
    def test_board_and_choosers_fit_an_upright_phone(self, phone_page, app_url):
        page = phone_page
        open_app(page, app_url, "#/setup/fenn")
        page.locator("select[name=first]").select_option("blue")
        page.get_by_role("button", name="Start game").click()
        assert_fits_phone(page)
        field = page.locator("#board [data-target='2']").bounding_box()
        assert field["width"] >= 30 and field["height"] >= 44, field
        page.locator("#board [data-target='2']").tap()
        face = page.locator(".fenn-chooser button[data-target='2:7']")
        box = face.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert_fits_phone(page)
        face.tap()
        wait_for_moves(page, 1)


LONG_ROLLS = (2398, 891)  # seeds whose opening roll throws the black die 22 and 14 times

ROLL_LAYOUT = """() => {
    const side = document.querySelector('.fenn-side').getBoundingClientRect();
    const outside = [...document.querySelectorAll('.fenn-roll-die')]
        .map(die => die.getBoundingClientRect())
        .filter(r => r.left < side.left || r.right > side.right)
        .map(r => [r.left, r.right]);
    return {scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
            side: [side.left, side.right], outside};
}"""


def open_seeded_game(page, app_url, seed: int) -> None:
    """A new two-player Fenn game from its game link (#/game/<data>), whose opening roll the seed
    decides; waits until the roll is drawn and its dice have come to rest."""
    from ludothek.games import get_game
    from ludothek.web.links import record_fragment

    game = get_game("fenn")
    throws = len(game.opening(game.new_game(2, seed)).rolls)
    players = [{"name": "Ada", "type": "human"}, {"name": "Bob", "type": "human"}]
    record = {"format": "ludothek", "version": 1, "game": "fenn", "players": players, "options": {}, "seed": seed, "moves": []}
    if page.evaluate("!!document.body.dataset.ready"):
        page.evaluate("route => { location.hash = route; }", record_fragment(record))
    else:
        open_app(page, app_url, record_fragment(record))
    expect(page.locator(".fenn-side .fenn-roll-die")).to_have_count(throws)
    page.evaluate("document.getAnimations().forEach(a => a.finish())")  # the dice roll in one by one


def assert_roll_inside_its_panel(page, where: str) -> None:
    layout = page.evaluate(ROLL_LAYOUT)
    assert layout["scroll"] <= layout["view"], (where, layout)
    assert layout["outside"] == [], (where, layout)


class TestLongOpeningRoll:
    """About 3% of new games roll the black die ten times or more: the dice wrap inside the
    opening roll's panel instead of running off it and making the page scroll sideways."""

    def test_on_an_upright_phone(self, phone_page, app_url):
        for seed in LONG_ROLLS:
            open_seeded_game(phone_page, app_url, seed)
            assert_roll_inside_its_panel(phone_page, f"seed {seed} at 390x844")

    def test_at_every_width_from_desktop_down_to_320(self, page, app_url):
        for seed in LONG_ROLLS:
            page.set_viewport_size({"width": 1000, "height": 900})
            open_seeded_game(page, app_url, seed)
            for width, height in ((1280, 800), (1000, 900), (700, 900), (390, 844), (320, 640)):
                page.set_viewport_size({"width": width, "height": height})
                assert_roll_inside_its_panel(page, f"seed {seed} at {width}x{height}")


class TestRulesPages:
    def test_english_and_german_rules_with_diagrams(self, page, app_url):
        rules = open_rules_page(page, app_url, "fenn", len(diagrams("fenn", "en")), figure="svg.board.fenn")
        expect(page.get_by_role("heading", name="Rules: Fenn")).to_be_visible()
        expect(rules).to_contain_text("draw, whoever begins")
        rules_in_german(page, rules, "Fenn ist gelöst")
