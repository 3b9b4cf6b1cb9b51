"""Games and positions in links: round trips, and a clear LinkError for every damaged link."""

from __future__ import annotations

import random

import pytest

from ludothek.games import get_game
from ludothek.web.links import EmbedOptions, LinkError, decode_position, decode_record, position_fragment, record_fragment
from ludothek.web.session import GameSession, Seat

POSITION = "7x7 ......./......./......./...R.../......./......./....... B 7,8 swap"


def test_position_link_round_trip():
    fragment = position_fragment("momentum", POSITION)
    assert " " not in fragment and fragment.count("/") == 3  # the position's '/' are encoded
    game_id, encoded = fragment.split("/")[2:4]
    game, state = decode_position(game_id, encoded)
    assert game.position(state) == POSITION


MOPS_SEEN = "9/9/9/9/4Wp4/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Pb p1 0"
MOMOX_SEEN = "6,8 -,- R key t1 y1 ???2?? 3"


@pytest.mark.parametrize("game_id,seen", [("mops", MOPS_SEEN), ("momox", MOMOX_SEEN)])
def test_a_position_link_that_hides_something_deals_it_afresh(game_id, seen):
    """A diagram's link carries what an onlooker sees: the hidden part is dealt anew on opening,
    the same for the same dealer, and the visible part is kept."""
    encoded = position_fragment(game_id, seen).split("/")[3]
    dealt = [decode_position(game_id, encoded, random.Random(k)) for k in range(6)]
    game = dealt[0][0]
    assert all(game.position(game.observation(state, None)) == seen for _, state in dealt)
    assert all("?" not in game.position(state) for _, state in dealt)
    assert len({game.position(state) for _, state in dealt}) > 1
    again = decode_position(game_id, encoded, random.Random(3))[1]
    assert game.position(again) == game.position(dealt[3][1])


def test_hidden_chips_must_still_be_a_set_of_chips():
    with pytest.raises(LinkError, match="chips"):
        decode_position("momox", "6,8%20-,-%20R%20key%20t1%20y1%20??22??%203")


def test_record_link_round_trip():
    session = GameSession.new("momentum", [Seat("Ada"), Seat("Bot", "computer", 2)], seed=3, options={}, save_id="x")
    for move in ("d4", "swap", "a1"):
        session.play(move)
    fragment = record_fragment(session.record())
    again = GameSession.from_record(decode_record(fragment.split("/", 2)[2]))
    assert again.moves == session.moves and again.seats == session.seats


@pytest.mark.parametrize(
    "encoded,message",
    [("", "holds no game"), ("abc", "damaged"), ("!!!", "damaged"), ("x" * 200_000, "too long")],
)
def test_damaged_game_links(encoded, message):
    with pytest.raises(LinkError, match=message):
        decode_record(encoded)


def test_truncated_game_link_is_reported_as_cut_off():
    session = GameSession.new("momentum", [Seat("A"), Seat("B")], seed=3, options={}, save_id="x")
    for move in ("d4", "a1", "g7", "b2"):
        session.play(move)
    encoded = record_fragment(session.record()).split("/", 2)[2]
    with pytest.raises(LinkError, match="cut off"):
        decode_record(encoded[: len(encoded) * 2 // 3])


def test_bad_position_links():
    with pytest.raises(LinkError, match="names no game"):
        decode_position("chess", "x")
    with pytest.raises(LinkError, match="not a valid Momentum position"):
        decode_position("momentum", "7x7%20nonsense")


def test_embed_options_from_and_to_query():
    options = EmbedOptions.from_query("?embed=1&vs=computer&level=2&seat=2")
    assert options == EmbedOptions(embed=True, opponent="computer", level=2, readonly=False, seat=1)
    assert EmbedOptions.from_query(options.query()) == options
    assert EmbedOptions.from_query("?embed=1&readonly=1").readonly
    assert not EmbedOptions.from_query("").embed
    # Snippets since the picture fix say that their frame shows the picture; the flag survives the
    # round trip (an embed rewrites its address after every move) and older snippets lack it.
    pictured = EmbedOptions.from_query("?embed=1&readonly=1&picture=1")
    assert pictured.picture and EmbedOptions.from_query(pictured.query()) == pictured
    assert not options.picture
    assert get_game("momentum")  # the registry is importable alongside


# -- hostile links (issue 12) ---------------------------------------------------------------------

import base64 as _base64  # noqa: E402
import zlib as _zlib  # noqa: E402

from ludothek.web.links import small_number  # noqa: E402


def pack(text: str) -> str:
    return _base64.urlsafe_b64encode(_zlib.compress(text.encode(), 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "query",
    [
        "?embed=1&level=%C2%B2",
        "?embed=1&seat=%C2%B2",
        "?embed=1&level=" + "9" * 5000,
        "?embed=1&seat=" + "9" * 5000,
        "?embed=1&seat=0",
        "?embed=1&level=-1&seat=-3",
        "?embed=1&level=１&seat=𝟙",
        "?" + "&".join(f"a{i}=1" for i in range(5000)),
        "?embed=1&vs=%00",
    ],
)
def test_hostile_embed_parameters_fall_back_to_defaults(query):
    options = EmbedOptions.from_query(query)
    assert options.level is None or 0 <= options.level <= 9
    assert 0 <= options.seat <= 3


def test_small_numbers_are_ascii_digits_in_range():
    assert small_number("2", 0, 9) == 2
    assert [small_number(t, 0, 9) for t in ["²", "１", "", "10", "-1", "9" * 5000, " 2"]] == [None] * 7


def test_a_record_nested_deep_is_refused_before_parsing():
    encoded = pack("[" * 100_000 + "]" * 100_000)
    assert len(encoded) < 1000
    with pytest.raises(LinkError):
        decode_record(encoded)


@pytest.mark.parametrize(
    "record",
    [
        '{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1,"options":{},"moves":["c\u00b26"]}',
        '{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":1e400,"moves":[]}',
        '{"format":"ludothek","version":1,"game":"momentum","players":[{},{}],"seed":' + "1" * 401 + ',"moves":[]}',
    ],
)
def test_hostile_records_in_links_raise_link_or_record_errors(record):
    from ludothek.games.base import RecordError
    from ludothek.web.session import GameSession

    try:
        data = decode_record(pack(record))
        GameSession.from_record(data)
    except (LinkError, RecordError) as exc:
        assert str(exc)
    else:
        raise AssertionError("accepted")


def test_a_mops_position_link_from_an_observation_starts_a_game_that_plays_and_saves():
    """Issue 12: the setup started from such a link made a save where every move failed."""
    from ludothek.games import get_game
    from ludothek.web.session import GameSession, Seat

    game = get_game("mops")
    observed = game.position(game.observation(game.new_game(players=2, seed=4), None))
    assert "?" in observed
    _, state = decode_position("mops", position_fragment("mops", observed).split("/")[-1])
    session = GameSession.from_position("mops", [Seat("A"), Seat("B")], game.position(state), save_id="x")
    for _ in range(12):
        session.play(game.legal_moves(session.state)[0])
    assert GameSession.from_record(session.record()).moves == session.moves


def a_game_link_data() -> tuple[GameSession, str]:
    session = GameSession.new("momentum", [Seat("A"), Seat("B")], seed=3, options={}, save_id="x")
    for move in ("d4", "a1", "g7", "b2"):
        session.play(move)
    return session, record_fragment(session.record()).split("/", 2)[2]


@pytest.mark.parametrize(
    "mangle",
    [
        lambda data: data + ").",  # '(see …#/game/eNp…).'
        lambda data: data + ",",
        lambda data: data + "%22",  # a closing quote, percent-encoded by the browser
        lambda data: data + "%C2%BB",  # »
        lambda data: data[:40] + "%20" + data[40:],  # a line break in a mail, pasted back as a space
        lambda data: data[:40] + "%0A" + data[40:] + "%20.",
    ],
    ids=["bracket-stop", "comma", "quote", "guillemet", "space", "newline-and-stop"],
)
def test_a_game_link_with_a_sentences_tail_or_a_line_break_still_opens(mangle):
    session, data = a_game_link_data()
    assert GameSession.from_record(decode_record(mangle(data))).moves == session.moves


def test_a_tidied_game_link_that_still_does_not_read_reports_the_links_own_fault():
    _, data = a_game_link_data()
    with pytest.raises(LinkError, match="cut off"):
        decode_record(data[: len(data) * 2 // 3] + ").")
    with pytest.raises(LinkError, match="damaged"):
        decode_record("!!!")  # nothing but punctuation: not read as an empty link


def test_a_position_link_with_a_sentences_tail_still_opens_and_a_valid_one_is_read_as_written():
    encoded = position_fragment("momentum", POSITION).split("/")[3]
    game, state = decode_position("momentum", encoded + ").")
    assert game.position(state) == POSITION
    game, state = decode_position("momox", "0,8%20-,-%20R%20key%20t1%20y0%20352614%20-")  # ends in '-': kept
    assert game.position(state).endswith(" -")
    with pytest.raises(LinkError, match="not a valid Momentum position"):
        decode_position("momentum", "7x7%20nonsense).")


from ludothek.web import links  # noqa: E402


class TestPastedLinks:
    """A link pasted into the home screen's field (an installed app has no address bar)."""

    def test_the_app_address_is_found_in_a_whole_message(self):
        message = "Your move in Momentum – Ludothek https://example.org/ludothek/#/remote/AbC-_1 see you"
        assert links.app_fragment(message) == "#/remote/AbC-_1"

    def test_a_link_at_the_end_of_a_sentence_loses_the_sentence_tail(self):
        assert links.app_fragment("Here: (https://x.org/#/game/eJy1.)") == "#/game/eJy1"
        assert links.app_fragment("  #/setup/fenn\n") == "#/setup/fenn"

    @pytest.mark.parametrize("text", ["", "hello", "https://example.org/", "https://example.org/#/", "#"])
    def test_text_without_an_app_address_says_why(self, text):
        with pytest.raises(links.LinkError) as info:
            links.app_fragment(text)
        assert str(info.value).endswith(".") and "link" in str(info.value)

    def test_an_oversized_paste_is_refused_before_it_is_read(self):
        with pytest.raises(links.LinkError):
            links.app_fragment("#/remote/" + "A" * links.MAX_LINK_CHARS)
