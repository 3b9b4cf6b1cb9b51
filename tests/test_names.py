"""Player names (issue 55): a name typed, saved or read from a link is cleaned the same way
(ludothek/names.py), and every sentence that embeds one isolates it: <bdi> in HTML, FSI ... PDI in
text without markup (an accessible name, a toast)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from ludothek.games import get_game
from ludothek.i18n import set_language
from ludothek.names import MAX_NAME, clean_name
from ludothek.remote import link, protocol
from ludothek.remote.protocol import Own
from ludothek.render import home_screen
from ludothek.render import remote as words
from ludothek.render.bidi import FSI, PDI, isolate, isolated_html
from ludothek.render.view import UIState
from ludothek.web import session
from ludothek.web.remote_games import RemoteStore, link_items
from ludothek.web.saves import DictStorage
from remote_cheat import secret_of

RLO = "\u202e"
SPOOF = RLO + "!sniw annA"  # the issue's name: shown raw, it turns the rest of the sentence round
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        (SPOOF, "!sniw annA"),
        ("Ben\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200e\u200f\u061c", "Ben"),
        ("A\u200bn\u2060n\ufeffa\u00ad", "Anna"),  # zero-width space, word joiner, byte order mark, soft hyphen
        ("\x00Be\x07n\x1b[31m\x7f\x9b", "Ben[31m"),  # control characters (C0, DEL, C1)
        ("Cleo\tvan\nDijk\u2028", "Cleo van Dijk"),  # white space of every kind: one space
        ("\u200b\u200d\u3164\u2800\u115f", "fallback"),  # nothing visible: no name
        ("\u0301\u0301Dora", "Dora"),  # a mark first would sit on the text before the name
        ("\U0001f469\u200d\U0001f4bb", "\U0001f469\u200d\U0001f4bb"),  # an emoji sequence keeps its joiner
        ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"),  # Persian: the non-joiner stays
        ("\u200dAnna\u200d", "Anna"),  # a joiner at an edge joins nothing
        ("Anna\U000e0041\U000e007f", "Anna"),  # tag characters
        ("Ann\ud800a", "Anna"),  # a lone surrogate (a JSON escape can make one)
        ("\u0633\u0627\u0631\u0627 3", "\u0633\u0627\u0631\u0627 3"),  # right-to-left letters stay (the name is isolated where shown)
        (None, "fallback"),
        (7, "fallback"),
    ],
)
def test_a_name_keeps_only_what_stays_inside_it_and_can_be_seen(raw, kept):
    assert clean_name(raw, "fallback") == kept
    assert session.clean_name(raw, "fallback") == kept  # a typed or saved name: the same


def test_a_long_name_is_cut_to_forty_characters_with_no_joiner_left_dangling():
    assert clean_name("x" * 400, "") == "x" * MAX_NAME
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    cut = clean_name("a" * 38 + family, "")
    assert len(cut) <= MAX_NAME and not cut.endswith("\u200d")
    assert clean_name("\u200b" * 390 + "Anna" + "\u200b" * 6, "") == "Anna"  # the invisible do not count


def invitation_from(name: str, move: str = "d4") -> tuple[str, Own]:
    """A Momentum invitation from a modified client that names its player `name` (unchecked) and
    places a stone."""
    anna = Own(0, secret_of(0))
    rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], anna.secret), anna, move)
    return link.pack(replace(rg, names=(name, "Ben")), link.move_indices(rg, anna)), anna


@pytest.mark.parametrize("name", [SPOOF, "\u200b\u200b", "\x1b[2J\x07Anna", "\u202eA" * 200, "Z" * 400])
def test_names_in_a_link_are_cleaned_as_it_is_read_and_kept_clean(name):
    data, _ = invitation_from(name)
    expected = clean_name(name, "")
    assert link.decode(data).names == (expected, "Ben")
    storage = DictStorage()
    held = RemoteStore(storage).receive(data, 1.0, new_secret=lambda: secret_of(1)).held
    assert held.rg.names == (expected, "Ben")
    stored = "".join(storage.data.values())
    assert not set(BIDI_CONTROLS) & set(stored.encode().decode("unicode_escape", errors="ignore"))
    assert RLO not in link.decode(link.encode(held.rg, held.own)).names[0]


def bodies(html: str) -> dict[str, ET.Element]:
    root = ET.fromstring(f"<root>{html}</root>")
    return {element.get("id"): element for element in root.iter() if element.get("id")}


def test_the_issue_name_reaches_no_sentence_and_every_name_is_isolated():
    """Issue 55's name ("\\u202e!sniw annA") for the player who made the last move: the status,
    the last move and the players' panels hold it without the override, in a <bdi>; the
    Continue list's buttons name it between FSI and PDI; so do the toast at the end and the line
    beside Send."""
    data, _ = invitation_from(SPOOF)
    store = RemoteStore(DictStorage())
    held = store.receive(data, 1.0, new_secret=lambda: secret_of(1)).held
    progress = protocol.replay(held.rg, held.own)
    ui = UIState(interactive=True, last_before=get_game("momentum").observation(progress.before_last, 1), last_move=held.rg.moves[-1])
    html = words.screen_html(held.rg, held.own, progress, ui, None)
    assert RLO not in html
    found = bodies(html)
    last_move = ET.tostring(found["last-move"], encoding="unicode")
    assert "<bdi>!sniw annA</bdi>" in last_move and last_move.index("<bdi>") < last_move.index("d4")
    assert ET.tostring(found["status"], encoding="unicode").count("<bdi>") == 1  # "Your move, <bdi>Ben</bdi>"
    assert "<bdi>!sniw annA</bdi>" in ET.tostring(found["players"], encoding="unicode")
    # The Continue list: the state and the names in <bdi>, the buttons' accessible names isolated.
    _, url = store.send(held, get_game("momentum").legal_moves(progress.state)[0], 2.0)
    row = home_screen.saves_html(link_items(store), [], {}, now=10.0)
    assert RLO not in row
    labels = re.findall(r'aria-label="([^"]*)"', row)
    assert labels and all(f"{FSI}!sniw annA{PDI}" in label and f"{FSI}Ben{PDI}" in label for label in labels)
    assert "Waiting for <bdi>!sniw annA</bdi>" in row
    # The line beside Send and the sentence said when a move ends the game: isolated text.
    held = store.get(held.key)
    note = words.send_note(held.rg, held.own, protocol.replay(held.rg, held.own), 0, True)
    assert f"with {FSI}!sniw annA{PDI} now" in note
    assert isolated_html(note).count("<bdi>") == 1 and FSI not in isolated_html(note)


def test_an_error_that_names_a_seat_isolates_it():
    data, _ = invitation_from("\u05d0\u05e0\u05d4 2")  # Hebrew letters and a digit: would reorder the sentence
    rg = link.decode(data)
    text = words.remote_error_text(protocol.RemoteError("x", "tampered", seat=0), rg)
    assert isolate("\u05d0\u05e0\u05d4 2") in text
    assert "<bdi>\u05d0\u05e0\u05d4 2</bdi>" in isolated_html(text)


def test_a_seat_without_a_name_is_its_colour_unisolated():
    """The colour is the app's own word: the views compare it ("Blue", not "Blue (blue)")."""
    anna = Own(0, secret_of(0))
    rg = protocol.advance(protocol.start("fenn", 2, 0, {"first": "blue"}, ["", ""], anna.secret), anna)
    assert words.named(rg, 0) == words.seat_name(rg, 0) and FSI not in words.named(rg, 0)
