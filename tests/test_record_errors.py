"""Why a record cannot be read, in the player's language: every way the engine and the session
refuse a record carries a rule (RecordError.rule), and render/record_errors writes the sentence
from it, in German without the engine's English."""

from __future__ import annotations

import pytest

from ludothek.games.base import RecordError
from ludothek.i18n import set_language
from ludothek.render import get_view
from ludothek.render.record_errors import RECORD_ERROR_TEXTS, record_error_text
from ludothek.web.session import GameSession

EMPTY_7X7 = "7x7 ......./......./......./......./......./......./....... R 8,8"
MOPS_SEEN = "9/9/9/9/4Cg4/9/9/9/9,9/9/9/9/4Wv4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWpWvCbCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Wy p1 0,0"


def record(**changes):
    return {"format": "ludothek", "version": 1, "game": "momentum", "players": [{}, {}], "seed": 1, "options": {"pie": False}, "moves": [], **changes}


CASES = [
    ("not an object", ["momentum"], "not-a-record"),
    ("other format", record(format="chess-pgn"), "not-a-record"),
    ("newer version", record(version=2), "newer-version"),
    ("version as text", record(version="1"), "not-a-record"),
    ("players as text", record(players="ab"), "unreadable-part"),
    ("moves as text", record(moves="a1"), "unreadable-part"),
    ("options as a list", record(options=[1]), "unreadable-part"),
    ("position as a number", {**record(), "position": 5}, "unreadable-part"),
    ("too many moves", record(moves=["a1"] * 5001), "too-many-moves"),
    ("too many players", record(players=[{}] * 9), "player-count"),
    ("one player", record(players=[{}]), "player-count"),
    ("unknown game", record(game="chess"), "unknown-game"),
    ("unknown option", record(options={"colour": "purple"}), "invalid-setup"),
    ("a position a player sees", {**record(game="mops"), "position": MOPS_SEEN}, "invalid-position"),
    ("a position that is no position", {**record(), "position": "7x7 nonsense"}, "invalid-position"),
    ("position for fewer players", {**record(players=[{}, {}, {}]), "position": EMPTY_7X7}, "players-mismatch"),
    ("an illegal move", record(moves=["a1", "a1"]), "illegal-move"),
]


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


@pytest.mark.parametrize("data,rule", [(data, rule) for _, data, rule in CASES], ids=[name for name, _, _ in CASES])
def test_every_refused_record_names_its_rule_and_reads_in_german_without_the_engines_english(data, rule, german):
    with pytest.raises(RecordError) as raised:
        GameSession.from_record(data)
    error = raised.value
    assert error.rule == rule, str(error)
    text = record_error_text(error)
    assert text and text != str(error)
    set_language("en")
    english = record_error_text(error)
    set_language("de")
    assert text != english
    for words in ("record", "must be", "is illegal", "not supported", "players;"):
        assert words not in text, text


def test_an_illegal_move_in_a_record_says_which_move_and_why_in_the_players_language(german):
    with pytest.raises(RecordError) as raised:
        GameSession.from_record(record(moves=["d4", "g7", "d4"]))
    error = raised.value
    why = get_view("momentum").move_error_text(error.params["error"])
    assert record_error_text(error) == f"Zug 3 (d4) ist nicht erlaubt: {why}"
    assert "Feld" in why or "besetzt" in why, why  # the view's own German refusal


def test_every_rule_has_a_sentence_and_an_unknown_one_never_shows_the_engines_english():
    assert {rule for _, _, rule in CASES} <= set(RECORD_ERROR_TEXTS)
    assert record_error_text(RecordError("some English detail", "a-rule-from-the-future")) == "it is not a game record of Ludothek"
    assert record_error_text(RecordError("schon übersetzt")) == "schon übersetzt"  # rule None: written in the player's language
