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

from ludothek.games import IllegalMove, all_games, get_game
from ludothek.games.base import PositionError, RecordError

GAMES = [g.id for g in all_games()]
if os.environ.get("LUDOTHEK_GAMES"):
    GAMES = [g for g in GAMES if g in os.environ["LUDOTHEK_GAMES"].split(",")]

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@functools.cache
def reached_states(game_id: str, count: int = 6):
    """A few states reached by seeded random play, from every setup the game declares."""
    game = get_game(game_id)
    found = []
    for i, setup in enumerate(game.conformance_setups()):
        options = dict(setup)
        players = options.pop("players")
        rng = random.Random(f"prop-{game_id}-{i}")
        s = game.new_game(players=players, seed=i, **options)
        for _ in range(rng.randrange(0, 40)):
            moves = game.legal_moves(s)
            if not moves:
                break
            s = game.play(s, rng.choice(moves))
        found.append(s)
    return tuple(found[:count])


move_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="abcdefghijk0123456789:,!+-xkp ", max_size=10),
    st.sampled_from(["pass", "end", "swap", "take", "leave", "shuffle", "keep", "k0", "k9", "a1", "e5", "5:5", "x"]),
)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_any_move_text_is_played_or_refused_cleanly(game_id, data):
    game = get_game(game_id)
    state = data.draw(st.sampled_from(reached_states(game_id)))
    move = data.draw(move_text)
    before = (copy.deepcopy(state), game.position(state))
    legal = move in game.legal_moves(state)
    try:
        after = game.play(state, move)
    except IllegalMove as exc:
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


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_mutated_position_text_is_read_or_refused_with_a_message(game_id, data, seed):
    game = get_game(game_id)
    state = data.draw(st.sampled_from(reached_states(game_id)))
    text = mutate(game.position(state), random.Random(seed))
    try:
        restored = game.from_position(text)
    except PositionError as exc:
        assert str(exc)
        return
    # Whatever it accepts is a consistent state: it formats back to what it read and can be played on.
    assert game.position(game.from_position(game.position(restored))) == game.position(restored)
    moves = game.legal_moves(restored)
    assert bool(moves) != game.is_over(restored)
    if moves:
        game.play(restored, moves[0])


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_random_position_text_never_crashes(game_id, data):
    game = get_game(game_id)
    text = data.draw(st.text(max_size=80))
    try:
        game.from_position(text)
    except PositionError as exc:
        assert str(exc)


json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_mutated_records_replay_or_raise_record_error(game_id, data):
    game = get_game(game_id)
    state = data.draw(st.sampled_from(reached_states(game_id)))
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
    try:
        replayed = game.from_record(record)
    except RecordError as exc:
        assert str(exc)
        return
    # Accepted: then it is a faithful replay of its own moves.
    assert list(replayed.moves) == list(record.get("moves", []))
