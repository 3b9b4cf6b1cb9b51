"""Review and puzzles in the page: finish a game, open its review, jump to the worst move and play
on from there; solve a puzzle, miss one, open a puzzle's link in a fresh profile. English and
German, and with the keyboard alone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import ADDRESS_ANSWERED, READY_TIMEOUT_MS, answered, arrows_to_target, open_app, put_save, tab_to_board, wait_for
from test_quality import axe_violations

from ludothek.render.catalog import get_player
from ludothek.ai import puzzles as P
from ludothek.ai.review import review_record, run_review
from ludothek.games import get_game
from ludothek.render.catalog import game_ai

REVIEW_TIMEOUT_MS = 120_000


def almost_finished_momentum() -> tuple[dict, str, int, str]:
    """A Momentum game between two computer levels, but for its last (winning) move: the record
    (both seats human), that move, the index of the review's worst move and the winner's name."""
    game = get_game("momentum")
    s = game.new_game(players=2, seed=8)
    players = [get_player("momentum", 1, seed=1), get_player("momentum", 2, seed=2)]
    while not game.is_over(s):
        s = game.play(s, players[game.current_player(s)].choose(s))
    moves = list(s.moves)
    winner = game.winners(s)[0]
    seats = [{"name": "Ada", "type": "human"}, {"name": "Bo", "type": "human"}]
    record = {**game.record(s), "players": seats, "moves": moves[:-1]}
    assert winner == game.current_player(game.from_record(record))
    review = run_review(review_record(game_ai(game.id), {**record, "moves": moves}))
    return record, moves[-1], review.worst().index, seats[winner]["name"]


def test_finish_a_game_review_it_jump_to_the_worst_move_and_play_on(page, app_url):
    record, last, worst, winner = almost_finished_momentum()
    open_app(page, app_url)
    put_save(page, "rev1", record)
    page.goto(app_url + "#/play/rev1")
    page.locator(f"#board [data-target={last}]").click()
    dialog = page.locator("dialog#dialog")
    expect(dialog).to_contain_text(f"{winner} wins!")
    dialog.get_by_role("button", name="Review").click()
    expect(page.get_by_role("heading", name="Review: Momentum")).to_be_visible()
    page.wait_for_selector("body[data-review-ready='1']", timeout=REVIEW_TIMEOUT_MS)
    # The chart: one named point per move, the worst among them.
    expect(page.locator(".advantage-chart [data-action=review-goto]")).to_have_count(len(record["moves"]) + 1)
    page.get_by_role("button", name="Go to the worst move").click()
    answered(page)
    assert page.evaluate("document.body.dataset.reviewShown") == str(worst + 1)
    assert axe_violations(page) == [], "review"
    expect(page.locator("#review-detail")).to_contain_text(re.compile("mistake|inaccuracy"))
    expect(page.locator("#review-detail")).to_contain_text("The computer preferred")
    # A point of the chart takes the review to that move.
    page.locator(".advantage-chart [data-action=review-goto][data-index='2']").click()
    answered(page)
    assert page.evaluate("document.body.dataset.reviewShown") == "2"
    page.get_by_role("button", name="Go to the worst move").click()
    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_url(re.compile(r"#/play/"))
    expect(page.locator("body")).to_have_attribute("data-moves", str(worst + 1))
    expect(page.locator("#board")).to_be_visible()
    assert "rev1" not in page.url
    # The finished review is kept with the save: opening it again needs no new review (the screen
    # is ready as it is first drawn, not once a review has run).
    page.goto(app_url + "#/review/rev1")
    wait_for(page, ADDRESS_ANSWERED)
    assert page.evaluate("[document.body.dataset.screen, document.body.dataset.reviewReady]") == ["review", "1"]
    assert not page.errors


def test_the_review_by_keyboard_in_german(page, app_url):
    record, last, worst, _winner = almost_finished_momentum()
    open_app(page, app_url)
    put_save(page, "rev2", {**record, "moves": record["moves"] + [last]}, over=True)
    page.evaluate("localStorage.setItem('ludothek.language', 'de')")
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    review_link = page.locator(".save-list a[href='#/review/rev2']")
    expect(review_link).to_have_text("Auswertung")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.getAttribute('href')") == "#/review/rev2":
            break
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Auswertung: Momentum")).to_be_visible()
    page.wait_for_selector("body[data-review-ready='1']", timeout=REVIEW_TIMEOUT_MS)
    # When the review is ready the keyboard is on its first command: the worst move.
    focused = page.evaluate("document.activeElement.textContent")
    assert focused == "Zum schlechtesten Zug", focused
    page.keyboard.press("Enter")
    answered(page)
    assert page.evaluate("document.body.dataset.reviewShown") == str(worst + 1)
    expect(page.locator("#review-detail")).to_contain_text("Der Computer hätte")
    page.keyboard.press("ArrowLeft")
    answered(page)
    assert page.evaluate("document.body.dataset.reviewShown") == str(worst)
    page.keyboard.press("ArrowRight")
    answered(page)
    # The worst-move command left the keyboard on "play on".
    assert page.evaluate("document.activeElement.textContent") == "Von hier weiterspielen"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#/play/"))
    # The address changes first; the game screen follows on the hashchange.
    expect(page.locator("body")).to_have_attribute("data-moves", str(worst + 1))
    assert not page.errors


def nummerus_puzzle():
    shipped = P.puzzles("nummerus")
    return shipped[0], shipped[1]


def test_solve_a_puzzle_miss_one_and_keep_the_progress(page, app_url):
    first, second = nummerus_puzzle()
    game = get_game("nummerus")
    open_app(page, app_url)
    page.locator(".game-card[data-game=nummerus]").get_by_role("link", name="Puzzles").click()
    expect(page.get_by_role("heading", name="Puzzles: Nummerus Zahlus")).to_be_visible()
    assert axe_violations(page) == [], "puzzle list"
    page.locator(f"a[href='#/puzzle/nummerus/{first['id']}']").click()
    expect(page.locator(".puzzle-task")).to_contain_text("wins the round")
    assert axe_violations(page) == [], "puzzle"
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".puzzle-hint")).to_contain_text(f"file {first['solution'][0]}")
    page.locator(f"#board [data-target={first['solution']}]").click()
    expect(page.locator(".puzzle-result")).to_contain_text("Solved!")
    # The next puzzle: a wrong move, then its solution is played on the board.
    page.get_by_role("link", name="Next puzzle").click()
    expect(page.locator("body[data-puzzle-outcome=open]")).to_have_count(1)
    s = P.puzzle_state(game, second)
    wrong = next(m for m in game.legal_moves(s) if m != second["solution"])
    page.locator(f"#board [data-target={wrong}]").click()
    expect(page.locator(".puzzle-result")).to_contain_text("Not this time")
    # The solution's line is shown move by move: at its end the board shows its last move.
    last = second["line"][-1]
    expect(page.locator("#board [data-last-move], #board .last")).not_to_have_count(0, timeout=60_000)
    page.get_by_role("link", name="All puzzles").click()
    expect(page.locator(f"a[href='#/puzzle/nummerus/{first['id']}']")).to_contain_text("solved")
    expect(page.locator(f"a[href='#/puzzle/nummerus/{second['id']}']")).to_contain_text("missed")
    expect(page.locator(".puzzle-progress")).to_contain_text("1 of")
    assert last
    assert not page.errors


def test_a_puzzle_link_opens_in_a_fresh_profile_and_is_solved_by_keyboard_in_german(german_page, app_url):
    page = german_page
    first, _ = nummerus_puzzle()
    open_app(page, app_url, f"#/puzzle/nummerus/{first['id']}")
    expect(page.get_by_role("heading", name="Rätsel: Nummerus Zahlus")).to_be_visible()
    expect(page.locator(".puzzle-task")).to_contain_text("gewinnt")
    link = page.locator("#puzzle-link")
    assert link.input_value().endswith(f"#/puzzle/nummerus/{first['id']}")
    # Keyboard alone: Tab to the board, arrows to the solution, Enter.
    tab_to_board(page)
    arrows_to_target(page, first["solution"])
    page.keyboard.press("Enter")
    expect(page.locator(".puzzle-result")).to_contain_text("Gelöst!")
    assert not page.errors
