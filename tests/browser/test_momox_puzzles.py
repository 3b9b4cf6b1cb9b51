"""Momox' puzzles in the page: on a phone from the home screen (the task and the remembered chips
right under the board, nothing else about the chips on the page), a hard one missed and its way
walked on the board to the tile, then solved; in German with the keyboard alone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import arrows_to_target, tab_to_board, assert_fits_phone, open_app
from test_quality import axe_violations

from ludothek.ai import puzzles as P
from ludothek.games import get_game


def test_a_hard_momox_puzzle_on_a_phone_missed_walked_through_then_solved(phone_page, app_url):
    page = phone_page
    game = get_game("momox")
    hard = next(p for p in P.puzzles("momox") if p["depth"] >= 3)
    start = P.puzzle_state(game, hard)
    mover = game.current_player(start)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_app(page, app_url)
    page.locator(".game-card[data-game=momox]").get_by_role("link", name="Puzzles").tap()
    expect(page.get_by_role("heading", name="Puzzles: Momox")).to_be_visible()
    page.locator(f"a[href='#/puzzle/momox/{hard['id']}']").tap()
    expect(page.locator(".puzzle-task")).to_contain_text("surely walks your figure")
    assert_fits_phone(page)
    # On one column the task comes before the players: under the board, not four cards further down.
    task, seats = page.locator(".puzzle-task").bounding_box(), page.locator("#puzzle-seats").bounding_box()
    assert task["y"] < seats["y"], (task, seats)
    # The remembered chips are the premise, and the only chips named besides the open one.
    remembered = game.remembered_chips(game.from_position(hard["position"]))
    expect(page.locator(".puzzle-memory li")).to_have_text([f"Circle {c}: {v}" for c, v in remembered])
    covered = [c for c in range(6) if c != game.open_circle(start)]
    for circle in covered:
        assert not re.search(r"shows|\d\D+\d", page.locator(f"#board [data-target=k{circle}]").get_attribute("aria-label") or "")
    assert axe_violations(page) == [], "momox puzzle"
    # A key nobody remembers is a gamble: wrong. The way is then walked on the board, to the tile.
    gamble = next(m for m in game.legal_moves(start) if m.startswith("k") and int(m[1]) not in dict(remembered) and m != hard["solution"])
    page.locator(f"#board [data-target={gamble}]").tap()
    expect(page.locator(".puzzle-result.failed")).to_contain_text(f"bowl {hard['solution'][1]}")
    held = len(start.tiles[mover])
    expect(page.locator(f"#puzzle-seats [data-seat='{mover}'] .digit.filled")).to_have_count(held + 1, timeout=60_000)
    page.get_by_role("button", name="Try again").tap()
    expect(page.locator("body[data-puzzle-outcome=open]")).to_have_count(1)
    page.locator(f"#board [data-target={hard['solution']}]").tap()
    expect(page.locator(".puzzle-result.solved")).to_contain_text("Solved!")
    page.get_by_role("link", name="All puzzles").tap()
    expect(page.locator(f"a[href='#/puzzle/momox/{hard['id']}']")).to_contain_text("solved")
    assert not errors


def test_an_easy_momox_puzzle_by_keyboard_in_german(german_page, app_url):
    page = german_page
    easy = P.puzzles("momox")[0]
    open_app(page, app_url, f"#/puzzle/momox/{easy['id']}")
    expect(page.get_by_role("heading", name="Rätsel: Momox")).to_be_visible()
    expect(page.locator(".puzzle-task")).to_contain_text("Am Tisch weiß man noch")
    # Bowls, drawn and named so: the rulebook's "Schlüsselchen" is turned over a chip (Schüsselchen).
    expect(page.locator("#board .circle.covered .bowl")).to_have_count(5)
    expect(page.locator(f"#board [data-target={easy['solution']}]")).to_have_attribute("aria-label", re.compile("^Das Schüsselchen von"))
    assert "schlüssel" not in page.locator("body").aria_snapshot().lower()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.dataset.action") == "puzzle-hint":
            break
    page.keyboard.press("Enter")
    expect(page.locator(".puzzle-hint")).to_contain_text("Zähl die Felder")
    tab_to_board(page, "Shift+Tab")
    arrows_to_target(page, easy["solution"])
    page.keyboard.press("Enter")
    expect(page.locator(".puzzle-result.solved")).to_contain_text("Gelöst!")
    assert not page.errors
