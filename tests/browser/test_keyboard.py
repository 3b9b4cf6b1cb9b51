"""Every game, played from the home screen to its end with the keyboard alone (Tab, arrows, Enter),
against a computer player: no mouse, no script clicks."""

from __future__ import annotations

import pytest

from conftest import answered, BOARD_TARGETS, keys_to, open_app, wait_for_turn

from ludothek.games import GAME_IDS
from ludothek.render.catalog import is_game

# Shorter games where the game allows it (set with the keyboard on the setup screen).
SETUP_KEYS = {
    "momentum": [("round_limit", "20")],
    "nummerus": [],
    "fenn": [],
    "mops": [],
    "momox": [],
}
MAX_KEYS = 3000


def focus_info(page) -> dict:
    return page.evaluate("""() => {
        const el = document.activeElement;
        const area = el && el.closest ? (el.closest('#board') ? 'board' : el.closest('#extra') ? 'extra'
                   : el.closest('#actions') ? 'actions' : 'other') : 'other';
        return {area, tag: el ? el.tagName.toLowerCase() : '', target: el && el.dataset ? el.dataset.target || null : null,
                disabled: !!(el && (el.disabled || el.getAttribute('aria-disabled') === 'true')),
                label: el ? (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60) : ''};
    }""")


def tab_to(page, predicate, limit: int = 80) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if predicate(page):
            return
    raise AssertionError("Tab never reached the wanted control")


def state(page) -> dict:
    return page.evaluate(
        "({moves: Number(document.body.dataset.moves), over: document.body.dataset.over === '1',"
        " turn: document.body.dataset.turn, thinking: document.body.dataset.thinking === '1'})"
    )


END_TURN = "#actions button[data-target=end]:not([disabled])"
CHOICES = "#extra button:not([disabled]), #actions button:not([disabled])"


def end_turn(page, presses: list[int]) -> bool:
    """Tab to the button that ends the turn and press it, if there is one (a player would stop a
    chain of optional extra steps, which the rules allow to go on and on)."""
    if not page.locator(END_TURN).count():
        return False
    while not page.evaluate(f"document.activeElement.matches('{END_TURN}')"):
        page.keyboard.press("Tab")
        presses[0] += 1
        assert presses[0] < MAX_KEYS, "Tab never reached the button that ends the turn"
    page.keyboard.press("Enter")
    return True


def play_my_turn(page, presses: list[int], steps_in_turn: int) -> None:
    """Keys until the move count grows: on the board, arrows to the nearest playable target and
    Enter; Tab into choices that appear off the board; Shift+Tab back when focus wanders off."""
    before = state(page)["moves"]
    if steps_in_turn >= 3 and end_turn(page, presses):
        return
    last_entered = None
    while True:
        now = state(page)
        if now["moves"] > before or now["over"] or now["turn"] != "0":
            return
        presses[0] += 1
        assert presses[0] < MAX_KEYS, "the game could not be finished with the keyboard"
        info = focus_info(page)
        if info["area"] == "other":
            page.keyboard.press("Shift+Tab")
            continue
        if info["area"] in ("extra", "actions") and not info["disabled"]:
            page.keyboard.press("Enter")
            after = focus_info(page)
            if state(page)["moves"] == before and after == info:
                page.keyboard.press("Tab")  # a control that changes nothing here (e.g. a list's summary): go on
            continue
        if info["area"] in ("extra", "actions"):
            page.keyboard.press("Tab")
            continue
        # On the board.
        targets = page.evaluate(BOARD_TARGETS)
        here = next((i for i, t in enumerate(targets) if t["focused"]), None)
        if here is None:
            page.keyboard.press("Tab")
            continue
        if targets[here]["enabled"] and targets[here]["target"] != last_entered:
            page.keyboard.press("Enter")
            last_entered = targets[here]["target"]
            if state(page)["moves"] == before and page.locator(CHOICES).count():
                page.keyboard.press("Tab")  # a second step: the choices are next in the tab order
            continue
        path = keys_to(targets, here, lambda t: t["enabled"] and t["target"] != last_entered)  # noqa: B023 - called at once
        if path:
            for key in path:
                page.keyboard.press(key)
                presses[0] += 1
            continue
        if page.locator(CHOICES).count():
            page.keyboard.press("Tab")  # a second step: the choices are next in the tab order
            continue
        last_entered = None  # only the target just chosen is playable: Enter on it again (e.g. to confirm)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if is_game(g)])
def test_a_whole_game_by_keyboard(page, app_url, game_id):
    open_app(page, app_url)
    tab_to(
        page,
        lambda p: p.evaluate(
            f"document.activeElement.closest && !!document.activeElement.closest('[data-game={game_id}]') && document.activeElement.dataset.action === 'setup'"
        ),
    )
    page.keyboard.press("Enter")
    page.wait_for_selector("form.setup")
    for name, value in SETUP_KEYS[game_id]:
        tab_to(page, lambda p, n=name: p.evaluate(f"document.activeElement.name === '{n}'"))
        for _ in range(12):
            if page.evaluate("document.activeElement.value") == value:
                break
            page.keyboard.press("ArrowDown")
    # The second seat is a computer by default; make it the weakest so the game is quick.
    tab_to(page, lambda p: p.evaluate("document.activeElement.name === 'seat1_level'"))
    page.keyboard.press("Home")
    tab_to(page, lambda p: p.evaluate("document.activeElement.type === 'submit'"))
    page.keyboard.press("Enter")
    page.wait_for_selector("#board svg")
    presses = [0]
    steps_in_turn = 0
    while not state(page)["over"]:
        wait_for_turn(page, 0)
        if state(page)["over"]:
            break
        if page.locator("dialog#dialog[open]").count():
            page.keyboard.press("Enter")  # a hand-over or notice: confirm it
            continue
        moves = state(page)["moves"]
        play_my_turn(page, presses, steps_in_turn)
        now = state(page)
        steps_in_turn = steps_in_turn + 1 if now["turn"] == "0" and now["moves"] > moves else 0
    assert page.locator("dialog#dialog[open]").count() == 1  # the result, reached by keyboard alone
    assert page.errors == []


def test_skip_to_content_keeps_the_screen_and_moves_the_focus(page, app_url):
    """The skip link's #main is no address of the app: following it once took the reader home
    from any screen."""
    open_app(page, app_url, "#/setup/fenn")
    page.wait_for_selector("form.setup")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    answered(page)
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'main'")
    assert page.evaluate("location.hash") == "#/setup/fenn"
    assert page.evaluate("document.body.dataset.screen") == "setup"
