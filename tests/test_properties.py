"""Property-based robustness of every engine (hypothesis): whatever text a user or a link feeds in,
only IllegalMove / ValueError with a message escapes, and a refused move never changes a state."""

from __future__ import annotations

import copy
import functools
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from random_games import random_game
from ludothek.games import IllegalMove, InvalidMoveText, MoveError, all_games, get_game
from ludothek.games.base import PositionError, RecordError

GAMES = [g.id for g in all_games()]
if os.environ.get("LUDOTHEK_GAMES"):
    GAMES = [g for g in GAMES if g in os.environ["LUDOTHEK_GAMES"].split(",")]

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def for_every_game(**strategies):
    """A property of every game (its test takes `game_id`), tried on what hypothesis draws from `strategies`."""

    def property_test(test):
        return pytest.mark.parametrize("game_id", GAMES)(SETTINGS(given(**strategies)(test)))

    return property_test


@functools.cache
def reached_states(game_id: str, count: int = 6):
    """A few states reached by seeded random play, from every setup the game declares."""
    game = get_game(game_id)
    found = []
    for i, setup in enumerate(game.conformance_setups()):
        s, rng = random_game(game, setup, i, f"prop-{game_id}-{i}")
        for _ in range(rng.randrange(0, 40)):
            moves = game.legal_moves(s)
            if not moves:
                break
            s = game.play(s, rng.choice(moves))
        found.append(s)
    return tuple(found[:count])


def a_reached_state(game_id: str, data):
    """One of the reached states, drawn by hypothesis."""
    return data.draw(st.sampled_from(reached_states(game_id)))


def replayed_or_refused(game, record: dict):
    """The game `record` replays to, a faithful replay of the record's moves; None where it is
    refused with a RecordError that says why."""
    try:
        replayed = game.from_record(record)
    except RecordError as exc:
        assert str(exc)
        return None
    assert list(replayed.moves) == list(record.get("moves", []))
    return replayed


def read_or_refused(read, text: str, *more):
    """What `read` (from_position, or a reader like it, given `more` after the text) makes of
    `text`; None where it refuses it with a PositionError that says why."""
    try:
        return read(text, *more)
    except PositionError as exc:
        assert str(exc)
        return None


move_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="abcdefghijk0123456789:,!+-xkp ", max_size=10),
    st.sampled_from(["pass", "end", "swap", "take", "leave", "shuffle", "keep", "k0", "k9", "a1", "e5", "5:5", "x"]),
)


@for_every_game(data=st.data())
def test_any_move_text_is_played_or_refused_cleanly(game_id, data):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    move = data.draw(move_text)
    before = (copy.deepcopy(state), game.position(state))
    legal = move in game.legal_moves(state)
    try:
        after = game.play(state, move)
    except MoveError as exc:
        # Unreadable text is InvalidMoveText, a rule-forbidden move IllegalMove; both name a rule.
        assert isinstance(exc, (IllegalMove, InvalidMoveText)) and exc.rule
        assert not legal and str(exc)
    else:
        assert legal and after.moves[-1] == move
    assert (state, game.position(state)) == before


def mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(4)
        if kind == 0 and chars:
            del chars[rng.randrange(len(chars))]
        elif kind == 1:
            chars.insert(rng.randrange(len(chars) + 1), rng.choice("0123456789 ,/:.-xRBGkbr?"))
        elif kind == 2 and chars:
            chars[rng.randrange(len(chars))] = rng.choice("0123456789 ,/:.-xRBGkbr?")
        else:
            chars = chars[: rng.randrange(len(chars) + 1)]
    return "".join(chars)


@for_every_game(data=st.data(), seed=st.integers(0, 10**6))
def test_mutated_position_text_is_read_or_refused_with_a_message(game_id, data, seed):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    text = mutate(game.position(state), random.Random(seed))
    restored = read_or_refused(game.from_position, text)
    if restored is None:
        return
    # Whatever it accepts is a consistent state: it formats back to what it read and can be played on.
    assert game.position(game.from_position(game.position(restored))) == game.position(restored)
    moves = game.legal_moves(restored)
    assert bool(moves) != game.is_over(restored)
    if moves:
        game.play(restored, moves[0])


@for_every_game(data=st.data())
def test_random_position_text_never_crashes(game_id, data):
    game = get_game(game_id)
    read_or_refused(game.from_position, data.draw(st.text(max_size=80)))


json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@for_every_game(data=st.data())
def test_mutated_records_replay_or_raise_record_error(game_id, data):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    record = json.loads(json.dumps(game.record(state)))
    key = data.draw(st.sampled_from(sorted(record)))
    mutation = data.draw(st.sampled_from(["replace", "delete", "truncate-moves", "swap-moves"]))
    if mutation == "replace":
        record[key] = data.draw(json_value)
    elif mutation == "delete":
        del record[key]
    elif mutation == "truncate-moves" and record["moves"]:
        record["moves"] = record["moves"][: data.draw(st.integers(0, len(record["moves"]) - 1))]
    elif mutation == "swap-moves" and len(record["moves"]) > 1:
        i = data.draw(st.integers(0, len(record["moves"]) - 2))
        record["moves"][i], record["moves"][i + 1] = record["moves"][i + 1], record["moves"][i]
    # Accepted: then it is a faithful replay of its own moves.
    replayed_or_refused(game, record)


# -- hostile text (issue 12): only ASCII digits are digits, only listed moves are moves -----------

# Characters that Python's str methods call digits or numbers but int() or the notation must not
# accept as the ASCII ones: superscripts, full-width, mathematical, Arabic-Indic, Devanagari digits.
LOOKALIKE_DIGITS = "²³¹⁰₁１２𝟙𝟚٣३০"
HOSTILE_CHARS = LOOKALIKE_DIGITS + "\u202e\u200b\u00a0ａＡ－，：！\x00\n\t?"


def lookalike(text: str, rng: random.Random) -> str:
    """`text` with one character swapped for a look-alike (digits for Unicode digits, others too)."""
    if not text:
        return rng.choice(HOSTILE_CHARS)
    i = rng.randrange(len(text))
    digit_spots = [j for j, ch in enumerate(text) if ch.isdigit()]
    if digit_spots and rng.random() < 0.7:
        i = rng.choice(digit_spots)
    return text[:i] + rng.choice(HOSTILE_CHARS) + text[i + 1 :]


def unicode_move_texts(state_moves):
    return st.one_of(
        st.text(max_size=16),
        st.text(alphabet=st.characters(codec=None), max_size=12),
        st.builds(lambda m, seed: lookalike(m, random.Random(seed)), st.sampled_from(state_moves), st.integers(0, 10**6)),
        st.builds(lambda m, s: m + s, st.sampled_from(state_moves), st.sampled_from(["", " ", "\n", "0", "²", "!"] + list(HOSTILE_CHARS))),
    )


@for_every_game(data=st.data())
def test_only_listed_move_texts_are_played(game_id, data):
    game = get_game(game_id)
    state = data.draw(st.sampled_from([s for s in reached_states(game_id) if game.legal_moves(s)]))
    legal = game.legal_moves(state)
    move = data.draw(unicode_move_texts(legal))
    try:
        after = game.play(state, move)
    except MoveError as exc:
        assert str(exc)
        assert move not in legal, move
    else:
        assert move in legal, f"{move!r} was played but is not listed"
        assert after.moves[-1] == move


@for_every_game(data=st.data(), seed=st.integers(0, 10**6))
def test_position_with_lookalike_characters_is_refused_or_reads_back(game_id, data, seed):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    rng = random.Random(seed)
    text = game.position(state)
    for _ in range(rng.randrange(1, 3)):
        text = lookalike(text, rng)
    restored = read_or_refused(game.from_position, text)
    if restored is None:
        return
    assert text.isascii() or not any(ch in text for ch in LOOKALIKE_DIGITS), f"accepted {text!r}"
    game.legal_moves(restored)


@for_every_game(data=st.data())
def test_arbitrary_unicode_position_text_is_refused_with_position_error(game_id, data):
    game = get_game(game_id)
    text = data.draw(
        st.text(alphabet=st.characters(codec=None), max_size=120) | st.text(alphabet=HOSTILE_CHARS + "0123456789/:,.-+abgkmprxyBGKPRW ", max_size=120)
    )
    read_or_refused(game.from_position, text)
    read_or_refused(game.from_observation, text, random.Random(0))


@for_every_game(data=st.data(), seed=st.integers(0, 10**6))
def test_records_with_hostile_moves_and_setups_raise_record_error(game_id, data, seed):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    record = json.loads(json.dumps(game.record(state)))
    rng = random.Random(seed)
    kind = data.draw(st.sampled_from(["move", "position", "seed", "players", "options", "extra-move"]))
    if kind == "move" and record["moves"]:
        i = rng.randrange(len(record["moves"]))
        record["moves"][i] = lookalike(record["moves"][i], rng)
    elif kind == "position":
        record["position"] = lookalike(game.position(state), rng)
        record.pop("seed", None)
        record.pop("options", None)
    elif kind == "seed":
        record["seed"] = data.draw(st.sampled_from([10**400, -(10**400), 1e308, float("inf"), "1", "²", None, [1]]))
    elif kind == "players":
        record["players"] = data.draw(st.sampled_from([[], [{}] * 100, "ab", [None, None], [{"name": "\u202eevil"}] * 2]))
    elif kind == "options":
        record["options"] = data.draw(json_value)
    elif kind == "extra-move":
        record["moves"].append(data.draw(st.text(alphabet=st.characters(codec=None), max_size=8)))
    if replayed_or_refused(game, record) is None:
        return
    for number, move in enumerate(record.get("moves", [])):
        assert move.isascii() or not any(ch in move for ch in LOOKALIKE_DIGITS), move


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_never_starts_from_a_position_with_hidden_parts(game_id):
    """An observation's text (hidden parts masked) is for drawing: a record from it is refused,
    and from_observation deals what is hidden so that its own record replays."""
    game = get_game(game_id)
    for state in reached_states(game_id):
        text = game.position(game.observation(state, None))
        dealt = game.from_observation(text, random.Random(1))
        assert not game.is_observation(dealt)
        record = game.record(dealt)
        assert game.position(game.from_record(record)) == game.position(dealt)
        if text == game.position(state):
            continue
        moves = game.legal_moves(dealt)[:1]
        try:
            observed = game.from_position(text)
        except PositionError:
            continue
        if game.is_observation(observed):
            with pytest.raises(RecordError):
                game.from_record({**game.record(state), "position": text, "moves": moves, "seed": None})


def huge_numbers(text: str, rng: random.Random) -> str:
    """`text` with one run of digits made thousands of digits long (past int()'s own limit)."""
    runs = [m for m in __import__("re").finditer(r"[0-9]+", text)]
    if not runs:
        return text + "9" * 5000
    m = rng.choice(runs)
    return text[: m.start()] + rng.choice(["9" * 5000, "1" + "0" * 400, "0" * 30 + "1"]) + text[m.end() :]


@for_every_game(data=st.data(), seed=st.integers(0, 10**6))
def test_huge_numbers_in_positions_and_moves_are_refused_cleanly(game_id, data, seed):
    game = get_game(game_id)
    state = a_reached_state(game_id, data)
    rng = random.Random(seed)
    read_or_refused(game.from_position, huge_numbers(game.position(state), rng))
    legal = game.legal_moves(state)
    if legal:
        move = huge_numbers(rng.choice(legal), rng)
        try:
            game.play(state, move)
        except MoveError as exc:
            assert str(exc)
        else:
            assert move in legal


@pytest.mark.parametrize(
    "game_id,move",
    [("momentum", "a１"), ("momentum", "a𝟙"), ("momentum", "c²"), ("mops", "e²"), ("fenn", "k٣"), ("fenn", "٣:٣"), ("nummerus", "１x２"), ("momox", "²")],
)
def test_lookalike_digits_from_the_issue_are_illegal(game_id, move):
    game = get_game(game_id)
    for state in reached_states(game_id):
        with pytest.raises(InvalidMoveText):
            game.play(state, move)


def test_mops_scoring_in_another_order_is_not_a_move():
    """Issue 12: 'b3,c2,b2!b2' is no text legal_moves lists, so it is no move (only the listed text is)."""
    game = get_game("mops")
    for state in reached_states("mops"):
        for move in game.legal_moves(state):
            if "!" in move:
                cells, _, flip = move.partition("!")
                shuffled = ",".join(reversed(cells.split(","))) + "!" + flip
                with pytest.raises(InvalidMoveText):
                    game.play(state, shuffled)
