"""Whole games by link in the browser (issue 27), every game offered but Momentum (which
test_play_by_link.py plays to its end): Fenn, Mops Royal and Nummerus Zahlus, each played by two
fresh contexts (two devices, each its own storage) passing links back and forth until the game is
over. Both devices then show the same result, the result the engine finds when CPython decodes the
last link (ludothek.remote) and replays it, and no page logged an error.

The options are those of a short game: Fenn with the opening roll (the default: the first draw is
both devices' values) and both players stepping as far forward as they can (11-14 links); Mops
Royal as offered (no option shortens it: 35 tiles, about 50 links); Nummerus Zahlus' basic game
of one round (48 chips, 48 links). Each device starts cold once (Anna at the setup screen, Ben at
the invitation); every later link reaches its open tab as a tap in a messenger does when the app
is open: only the address's fragment changes (`follow`). The moves are chosen in CPython from the
game the device holds (its stored link, read with its own secret) and pressed where a player
presses them; the pages run with reduced motion, so no press waits for an animation.

Also here: a link opened offline, read by the page its service worker serves.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from conftest import READY_TIMEOUT_MS, AppServer, wait_for
from conftest import device
from test_play_by_link import follow, send

from ludothek.games import get_game
from ludothek.remote import link as links
from ludothek.remote import protocol
from ludothek.remote.protocol import Own
from ludothek.render import get_view

NAMES = ("Anna", "Ben")


def held(page, key: str) -> tuple[Own, protocol.RemoteGame]:
    """The game by link `key` as this device holds it, read with its own seat and secret."""
    entry = json.loads(page.evaluate("key => localStorage.getItem(key)", "ludothek.remote." + key))
    own = Own(entry["seat"], bytes.fromhex(entry["secret"]))
    return own, links.decode(entry["link"], own)


def position(page, key: str):
    """The state this device's player moves in."""
    own, rg = held(page, key)
    progress = protocol.replay(rg, own)
    assert progress.pending is None and progress.state is not None
    assert get_game(rg.game).current_player(progress.state) == own.seat
    return progress.state


# -- the moves of a short game, chosen in CPython -------------------------------------------------


def fenn_move(state) -> str:
    """Step as far towards the far end as the dice allow; take an extra step only forward."""
    game = get_game("fenn")
    legal = game.legal_moves(state)
    seat = game.current_player(state)

    def progress(field: int) -> int:
        return field if seat == 0 else 10 - field

    steps = [m for m in legal if ":" in m]
    here = progress(state.field_of(seat))
    if steps:
        best = max(steps, key=lambda m: progress(int(m.split(":")[0])))
        if progress(int(best.split(":")[0])) > here or "end" not in legal:
            return best
    return "end" if "end" in legal else legal[0]


def mops_move(state) -> str:
    """Anna places on the first cell offered and scores the first combination offered; Ben only
    places (he passes every scoring)."""
    legal = get_game("mops").legal_moves(state)
    if state.to_move == 1 and "pass" in legal:
        return "pass"
    return legal[0]


def nummerus_move(state) -> str:
    return get_game("nummerus").legal_moves(state)[0]


CHOOSE = {"fenn": fenn_move, "mops": mops_move, "nummerus": nummerus_move}


STORED_LINK = "key => JSON.parse(localStorage.getItem('ludothek.remote.' + key)).link"


def presses(page, game_id: str, move: str) -> list[str]:
    """Where a player presses to make `move`: Fenn's step is a field, then the die's new top;
    a Mops combination with more than one tile to turn is picked from the list, then the tile;
    anything else is its own target (a cell, a choice beside the board)."""
    if game_id == "fenn" and ":" in move:
        return [f'#board [data-target="{move.split(":")[0]}"]', f'#extra [data-target="{move}"]']
    if game_id == "mops" and "!" in move and page.locator(f'#extra [data-target="{move}"]').count() == 0:
        return [f'#extra [data-target="pick:{move.split("!")[0]}"]', f'#extra [data-target="{move}"]']
    return [f'#board [data-target="{move}"], #extra [data-target="{move}"], #actions [data-target="{move}"]']


def make(page, key: str, game_id: str, move: str) -> str:
    """Press where the move is made; the device's state once its stored game holds the move."""
    stored = page.evaluate(STORED_LINK, key)
    for selector in presses(page, game_id, move):
        page.locator(selector).first.click()
    page.wait_for_function(f"([key, stored]) => ({STORED_LINK})(key) !== stored", arg=[key, stored])
    return page.evaluate("document.body.dataset.remote")


def arrive(page, url: str) -> str:
    """The link reaches the device's open tab (a tap on it in a messenger: only the address's
    fragment changes); the device's state afterwards (move, send, wait, over)."""
    page.evaluate("document.body.dataset.remote = 'following'")
    follow(page, url)
    wait_for(page, "document.body.dataset.screen === 'remote' && !['following', undefined].includes(document.body.dataset.remote)")
    return page.evaluate("document.body.dataset.remote")


def final(url: str):
    """The game a link carries, decoded and replayed by the engine in CPython: (game, state),
    state None while the game is not over."""
    rg = links.decode(links.data_of("#" + url.split("#", 1)[1]))
    progress = protocol.replay(rg)
    over = progress.pending is None and progress.state is not None and get_game(rg.game).is_over(progress.state)
    return rg, (progress.state if over else None)


@pytest.fixture(scope="module")
def anna_and_ben(browser, app_url):
    """Two devices, each started cold once (the setup screen, an empty page), for all the games:
    a new game reaches an open tab as any later link does."""
    devices = [device(browser), device(browser)]
    for _context, page in devices:  # both start at once
        page.emulate_media(reduced_motion="reduce")
        page.goto(app_url + "#/", wait_until="commit")
    for _context, page in devices:
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    yield devices[0][1], devices[1][1]
    for context, _page in devices:
        context.close()


@pytest.mark.parametrize("game_id", ["fenn", "mops", "nummerus"])
def test_a_whole_game_by_links_between_two_devices(anna_and_ben, app_url, game_id):
    anna, ben = anna_and_ben
    follow(anna, app_url + f"#/setup/{game_id}")
    anna.wait_for_selector(f"body[data-screen=setup][data-game={game_id}]")
    two = anna.locator("input[name=players][value='2']")
    if two.count():
        two.check()
    for seat, name in enumerate(NAMES):
        anna.locator(f"input[name=seat{seat}_name]").fill(name)
    anna.locator("[data-action=remote-start]").first.click()
    wait_for(anna, "document.body.dataset.screen === 'remote' && location.hash.startsWith('#/by-link/')")
    key = anna.evaluate("location.hash").removeprefix("#/by-link/")
    page, other = anna, ben
    state = anna.evaluate("document.body.dataset.remote")
    sent = 0
    while True:
        while state == "move":
            state = make(page, key, game_id, CHOOSE[game_id](position(page, key)))
        text = send(page)
        sent += 1
        assert len(text) < 2000 and sent < 200
        rg, end = final(text)
        if end is not None:
            break
        page, other = other, page
        state = arrive(page, text)
    # The device of the last move has sent it; the other opens it and sees the end too.
    arrive(other, text)
    view, game = get_view(game_id), get_game(game_id)
    result = view.result_text(game.observation(end, 0), list(NAMES))
    print(f"{game_id}: {sent} links, {len(rg.moves)} moves: {result}")
    for device_page in (anna, ben):
        assert held(device_page, key)[1].moves == rg.moves
        expect(device_page.locator("body")).not_to_have_attribute("data-remote", "move")
        expect(device_page.locator("#status")).to_have_text(result)
    assert anna.errors == [] and ben.errors == []


def test_a_link_opened_offline_is_read_by_the_page_the_service_worker_serves(browser):
    """Ben's device visited the app once (its service worker installed); later, with no network
    and the host gone, he opens Anna's link: the worker serves the app, which reads the link
    locally, takes his move and gives the answer to send."""
    secret = bytes(range(16))
    anna = Own(0, secret)
    invitation = protocol.advance(protocol.start("momentum", 2, 0, {}, list(NAMES), secret), anna, "d4")
    server = AppServer()
    context = browser.new_context()
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.add_init_script("delete Navigator.prototype.share;")
        page.goto(server.url)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        wait_for(page, "navigator.serviceWorker.controller !== null || document.body.dataset.swRegistered", timeout=60_000)
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()  # the page is controlled after a reload, once every precached file is stored
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        server.stop()
        context.set_offline(True)
        page.goto("about:blank")
        page.goto(server.url + links.link(invitation, anna))
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator("body")).to_have_attribute("data-remote", "move")
        expect(page.locator("#status")).to_have_text("Your move, Ben")
        page.locator('#board [data-target="a1"]').click()
        answer = links.decode(links.data_of("#" + send(page).split("#", 1)[1]), anna)
        assert answer.moves == ("d4", "a1") and answer.commitments[0] == invitation.commitments[0] and answer.commitments[1] is not None
        assert protocol.replay(answer, anna).to_act("momentum") == 0
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.errors == []
    finally:
        context.close()
        server.stop()
