"""Play by link attacked in the page (issue 34), each device a fresh browser context: a friend's
modified client (CPython, tests/remote_cheat.py) makes up a move for the receiver's seat, or forks
back before a draw the receiver gave its part to. The receiving page refuses the first with its
sentence and offers only "Keep my game" for the second; its stored game stays as it was, and the
honest line still plays on."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from remote_cheat import fork_after_draw, forged_turn, mops_draw_seen, own_turn
from test_play_by_link import follow, move_somewhere, open_at, saves, send

from ludothek.i18n import set_language
from ludothek.remote import link
from ludothek.remote.protocol import Own, RemoteError
from ludothek.render import remote as words
from ludothek.web.remote_games import REMOTE_PREFIX, RemoteStore
from ludothek.web.saves import DictStorage


def own_of(page) -> Own:
    """The seat and secret the page keeps for its one game by link (what a modified client of
    that player reads from its own storage)."""
    (entry,) = [json.loads(v) for k, v in saves(page).items() if k.startswith(REMOTE_PREFIX)]
    return Own(entry["seat"], bytes.fromhex(entry["secret"]))


def links_of(stored: dict) -> dict:
    return {k: json.loads(v)["link"] for k, v in stored.items() if k.startswith(REMOTE_PREFIX)}


def test_a_link_with_a_move_made_up_for_you_is_refused_in_the_page(two_devices, app_url):
    set_language("en")
    anna, ben = two_devices
    open_at(anna, app_url + "#/setup/momentum")
    anna.locator("[data-action=remote-start]").first.click()
    anna.wait_for_selector("body[data-screen=remote][data-remote=move]")
    move_somewhere(anna)
    invitation = send(anna)
    open_at(ben, invitation)
    move_somewhere(ben)
    answer = send(ben)
    # Anna's modified client: her move, one made up for Ben, her next move.
    cheater = own_of(anna)
    rg = link.decode(link.data_of("#" + answer.split("#", 1)[1]), cheater)
    forged = own_turn(forged_turn(own_turn(rg, cheater), cheater, 1), cheater)
    assert len(forged.moves) == len(rg.moves) + 3
    stored = saves(ben)
    forged_data = link.encode(forged, cheater)
    replica = DictStorage()
    replica.data.update(stored)
    try:
        RemoteStore(replica).receive(forged_data, 1.0)
    except RemoteError as exc:
        sentence = words.remote_error_text(exc)
    follow(ben, "#/remote/" + forged_data)
    expect(ben.locator("body")).to_have_attribute("data-screen", "error")
    expect(ben.locator("[role=alert]")).to_have_text(sentence)
    assert "you did not make it" in sentence
    assert saves(ben) == stored
    # The honest link (without the made-up move) still reaches Ben's game.
    follow(ben, "#/remote/" + link.encode(own_turn(rg, cheater), cheater))
    expect(ben.locator("body")).to_have_attribute("data-screen", "remote")
    expect(ben.locator("body")).to_have_attribute("data-remote", "move")
    assert anna.errors == [] and ben.errors == []


def test_a_fork_back_before_a_draw_you_gave_your_part_to_is_never_played_on(two_devices, app_url):
    """Anna's part of the draw Ben's move started is out; Ben's client, knowing the tile it
    turns, sends a fork that plays that move otherwise. Anna's page names the fork and offers only
    her own game; Ben's honest device plays on from her last link."""
    set_language("en")
    table, rg, at = mops_draw_seen()
    ben_own = table.own(1)
    fork = fork_after_draw(rg, at, ben_own)
    anna, ben = two_devices
    for page, seat in ((anna, 0), (ben, 1)):
        open_at(page, app_url + "#/")
        page.evaluate("entries => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))", table.storages[seat].data)
    stored = saves(anna)
    follow(anna, "#/remote/" + link.encode(fork, ben_own))
    expect(anna.locator("body")).to_have_attribute("data-screen", "remote")
    expect(anna.locator(".notice")).to_have_text(words.relation_text("fork", at, True))
    expect(anna.locator("[data-action=remote-keep]")).to_be_visible()
    expect(anna.locator("[data-action=remote-take]")).to_have_count(0)
    assert saves(anna) == stored
    anna.locator("[data-action=remote-keep]").click()
    expect(anna.locator("[data-action=remote-keep]")).to_have_count(0)
    assert links_of(saves(anna)) == links_of(stored)  # kept (its time of use renewed)
    # Ben's honest device gets Anna's last link and plays on.
    follow(ben, "#/remote/" + table.data)
    expect(ben.locator("body")).to_have_attribute("data-screen", "remote")
    expect(ben.locator("body")).to_have_attribute("data-remote", "move")
    assert anna.errors == [] and ben.errors == []


def test_a_name_with_bidi_controls_is_cleaned_and_every_sentence_isolates_it(two_devices, app_url):
    """Issue 55: Anna's modified client names her "\\u202e!sniw annA" in its invitation. Ben's
    page (a fresh context) shows no override anywhere: the last-move line, the status, the
    Continue list's state and its buttons' accessible names hold her name cleaned and isolated
    (<bdi>; FSI ... PDI where no markup goes), and the sentence around it reads as written."""
    from test_names import SPOOF, invitation_from
    from test_play_by_link import continue_row

    set_language("en")
    _, ben = two_devices
    data, _ = invitation_from(SPOOF)
    open_at(ben, app_url + "#/remote/" + data)
    expect(ben.locator("body")).to_have_attribute("data-remote", "move")
    expect(ben.locator("#last-move bdi")).to_have_text("!sniw annA")
    last_move = ben.locator("#last-move").inner_text()
    assert last_move.startswith("!sniw annA ") and "d4" in last_move
    assert "\u202e" not in ben.locator("#screen").inner_text() and "\u202e" not in ben.content()
    move_somewhere(ben)
    send(ben)
    expect(ben.locator("#remote-send .remote-note bdi")).to_have_text("!sniw annA")
    follow(ben, "#/")
    row = continue_row(ben)
    expect(row.locator(".link-state bdi")).to_have_text("!sniw annA")
    labels = row.locator("[aria-label]").evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert labels and all("\u2068!sniw annA\u2069" in label and "\u202e" not in label for label in labels)
    assert ben.errors == []
