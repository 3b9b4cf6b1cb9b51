"""Momentum's puzzles in the page, in German: the list, a hard puzzle (a win within three own
turns) missed and its solution played to the win on the board, then solved by keyboard alone."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import arrows_to_target, tab_to_board, open_app
from test_quality import axe_violations

from ludothek.ai import puzzles as P
from ludothek.games import get_game


def test_a_hard_momentum_puzzle_missed_then_solved_by_keyboard_in_german(german_page, app_url):
    page = german_page
    game = get_game("momentum")
    shipped = P.puzzles("momentum")
    hard = next(p for p in shipped if p["difficulty"] == 3 and p["depth"] == 5)
    open_app(page, app_url, "#/puzzles/momentum")
    expect(page.get_by_role("heading", name="Rätsel: Momentum")).to_be_visible()
    expect(page.locator(".puzzle-link")).to_have_count(len(shipped))
    expect(page.locator(".puzzle-progress")).to_contain_text(f"0 von {len(shipped)} gelöst")
    page.locator(f"a[href='#/puzzle/momentum/{hard['id']}']").click()
    expect(page.locator(".puzzle-task")).to_contain_text("höchstens drei eigenen Zügen")
    assert axe_violations(page) == [], "puzzle"
    wrong = next(m for m in game.legal_moves(P.puzzle_state(game, hard)) if m != hard["solution"])
    page.locator(f"#board [data-target={wrong}]").click()
    expect(page.locator(".puzzle-result.failed")).to_contain_text(hard["solution"])
    # The solution's line is played on the board to the end: the mover's hand is empty.
    mover = 0 if hard["position"].split(" ")[2] == "R" else 1
    expect(page.locator(f"#puzzle-seats [data-seat='{mover}'] .details")).to_contain_text("0 Steine", timeout=60_000)
    # Again, by keyboard alone: Try again, Tab to the board, arrows to the solution, Enter.
    page.get_by_role("button", name="Noch einmal").click()
    expect(page.locator("body[data-puzzle-outcome=open]")).to_have_count(1)
    tab_to_board(page)
    arrows_to_target(page, hard["solution"])
    page.keyboard.press("Enter")
    expect(page.locator(".puzzle-result.solved")).to_contain_text("Gelöst!")
    page.get_by_role("link", name="Alle Rätsel").click()
    expect(page.locator(f"a[href='#/puzzle/momentum/{hard['id']}']")).to_contain_text("gelöst")
    assert not page.errors
