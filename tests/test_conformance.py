"""The interface's promises, checked on seeded random games of every game and variant.

Every registered game plugs in through `Game.conformance_setups()`; nothing here knows a rule.
"""

from __future__ import annotations

import dataclasses
import os
import json
import random

import pytest

from random_games import random_game
from ludothek.games import GAME_IDS, IllegalMove, InvalidMoveText, MoveError, all_games, get_game
from ludothek.games.base import PositionError, RecordError

SEEDS = (0, 1, 2)


def _games_under_test():
    # LUDOTHEK_GAMES=fenn,mops narrows the run while several engines are being written at once.
    only = [g for g in os.environ.get("LUDOTHEK_GAMES", "").split(",") if g]
    return [get_game(g) for g in only] if only else all_games()


CASES = [
    pytest.param(game.id, setup, seed, id=f"{game.id}-{i}-seed{seed}")
    for game in _games_under_test()
    for i, setup in enumerate(game.conformance_setups())
    for seed in SEEDS
]

GARBAGE_MOVES = ["", " ", "zz9", "a0", "??", "k9", "1:1", "swap!", "PASS", "a1 ", "xa1", "-", "a1,a2!a9", "99:99"]
# Text that is no move of any game's notation: InvalidMoveText, never IllegalMove.
UNREADABLE_MOVES = ["", " ", "??", "-", "PASS", "a1 "]


def snapshot(game, s):
    """Everything observable about a state, to detect mutation. States must be hashable: every
    field immutable, so no method can change one in place (and a copy of the fields suffices)."""
    hash(s)
    return (tuple(getattr(s, f.name) for f in dataclasses.fields(s)), game.position(s), json.dumps(game.record(s), sort_keys=True))


def check_state(game, s):
    over = game.is_over(s)
    moves = game.legal_moves(s)
    assert moves == game.legal_moves(s), "legal_moves must be deterministic"
    assert len(moves) == len(set(moves)), "legal_moves must not repeat a move"
    assert all(isinstance(m, str) and m for m in moves)
    if over:
        assert moves == []
        assert game.current_player(s) is None
    else:
        assert moves, "legal_moves may be empty only when the game is over"
        seat = game.current_player(s)
        assert isinstance(seat, int) and 0 <= seat < s.setup.players
        assert game.winners(s) == []
    scores = game.scores(s)
    assert len(scores) == s.setup.players
    assert all(0 <= w < s.setup.players for w in game.winners(s))


def check_position_round_trip(game, s):
    text = game.position(s)
    restored = game.from_position(text)
    assert game.position(restored) == text
    assert game.legal_moves(restored) == game.legal_moves(s)
    assert game.current_player(restored) == game.current_player(s)
    assert game.is_over(restored) == game.is_over(s)
    assert game.winners(restored) == game.winners(s)
    assert game.scores(restored) == game.scores(s)


def check_observation_deals_a_consistent_state(game, s, rng):
    """An onlooker's position text (what a diagram or a link shows) opens as a playable state that
    looks the same to everyone: only what it hid is dealt afresh."""
    seen = game.position(game.observation(s, None))
    dealt = game.from_observation(seen, rng)
    assert game.position(game.observation(dealt, None)) == seen
    assert game.legal_moves(dealt) == game.legal_moves(game.observation(s, None))
    if not game.is_over(dealt):
        game.play(dealt, game.legal_moves(dealt)[0])  # nothing is left hidden from the engine
    if not game.has_hidden_information:
        assert game.position(dealt) == game.position(s)


def check_record_round_trip(game, s):
    data = game.record(s)
    text = json.dumps(data)  # a record is plain JSON
    replayed = game.from_record(json.loads(text))
    assert replayed == s
    assert game.record(replayed) == data


@pytest.mark.parametrize("game_id,setup,seed", CASES)
def test_random_game_keeps_the_interface_promises(game_id, setup, seed):
    game = get_game(game_id)
    options = dict(setup)
    players = options.pop("players")
    rng = random.Random(f"{game_id}-{seed}-{sorted(setup.items())}")
    s = game.new_game(players=players, seed=seed, **options)
    start = s
    seen_moves: set[str] = set()
    played = 0
    while True:
        check_state(game, s)
        if played % 7 == 0 or game.is_over(s):
            check_position_round_trip(game, s)
            check_observation_deals_a_consistent_state(game, s, rng)
        moves = game.legal_moves(s)
        legal = set(moves)
        for candidate in GARBAGE_MOVES + sorted(seen_moves)[:40]:
            if candidate not in legal:
                before = snapshot(game, s)
                # Moves this game has listed are its notation: a state that refuses one names a rule.
                expected = InvalidMoveText if candidate in UNREADABLE_MOVES else IllegalMove if candidate in seen_moves else MoveError
                with pytest.raises(expected) as refused:
                    game.play(s, candidate)
                assert refused.value.rule, "a refused move names its rule"
                assert snapshot(game, s) == before, "a refused move must not change the state"
        if game.is_over(s) or played >= game.move_cap():
            break
        seen_moves.update(moves)
        move = rng.choice(moves)
        before = snapshot(game, s)
        nxt = game.play(s, move)
        assert snapshot(game, s) == before, "play must not mutate its input"
        assert nxt.moves == s.moves + (move,)
        s = nxt
        played += 1
    check_record_round_trip(game, s)
    # Replaying the same moves from the same setup gives the same game, move by move.
    again = game.new_game(players=players, seed=seed, **options)
    assert again == start
    for move in s.moves:
        again = game.play(again, move)
    assert again == s


HIDDEN_CASES = [case for case in CASES if get_game(case.values[0]).has_hidden_information]


def sampled_states(game, setup, seed, every=5):
    """States of a seeded random game (every few moves, and the last), from its real setup."""
    s, rng = random_game(game, setup, seed, f"hidden-{game.id}-{seed}-{sorted(setup.items())}")
    states = []
    for played in range(game.move_cap()):
        if played % every == 0:
            states.append(s)
        if game.is_over(s):
            break
        s = game.play(s, rng.choice(game.legal_moves(s)))
    if states[-1] is not s:
        states.append(s)
    return states


@pytest.mark.parametrize("game_id,setup,seed", HIDDEN_CASES)
def test_states_differing_only_in_hidden_parts_give_identical_observations(game_id, setup, seed):
    """Nothing derived from an observation (the state itself, its position text, its record, a
    position link) depends on the hidden parts: a state dealt afresh from the observation
    (`determinize`, a new order of what is hidden, and no seed, options or position text that
    could tell it) looks exactly like the real game, which has a seed and perhaps options that
    fix hidden parts. So nothing derived from the observation can tell which of them it came from."""
    game = get_game(game_id)
    differed = 0
    for s in sampled_states(game, setup, seed):
        for k in range(2):
            twin = game.determinize(game.observation(s, None), random.Random(f"{seed}-{k}-{len(s.moves)}"))
            assert not twin.hidden, "a twin is a full state"
            differed += game.position(twin) != game.position(s)
            for seat in [None, *range(s.setup.players)]:
                real, dealt = game.observation(s, seat), game.observation(twin, seat)
                assert real == dealt, (seat, game.position(s), game.position(twin))
                assert game.position(real) == game.position(dealt)
                assert game.record(real) == game.record(dealt)
                assert game.record(real).get("seed") is None, "an observation's record carries no seed"
                with pytest.raises(RecordError):  # it cannot be replayed into the real game
                    game.from_record(game.record(real))
    assert differed, "the twins should differ from the real game in what is hidden"


@pytest.mark.parametrize("game_id,setup,seed", [case for case in HIDDEN_CASES if case.values[0] == "momox"])
def test_a_momox_position_link_shows_only_the_chip_that_lies_open(game_id, setup, seed):
    """The share dialog's position link is the position text of an observation: of the chips it
    names only the open one (when face up), never one that was seen earlier and lies under a key
    again (remembering those is the game). Its last token still says which circles lie face up."""
    game = get_game(game_id)
    covered_seen = 0
    for s in sampled_states(game, setup, seed, every=1):
        link = game.position(game.observation(s, None))
        chips = link.split(" ")[6]
        shown = {c.index: c.value for c in game.circles(game.observation(s, None)) if c.value is not None}
        assert chips == "".join(str(shown[c]) if c in shown else "?" for c in range(6)), (game.position(s), link)
        covered_seen += sum(1 for c in game.circles(s) if c.covered and c.face_up)
    assert covered_seen, "the game should reach chips seen and covered again"


@pytest.mark.parametrize("game_id", [g.id for g in _games_under_test()])
def test_setup_errors_are_value_errors_with_a_message(game_id):
    game = get_game(game_id)
    for bad in (dict(players=game.max_players + 1), dict(players=0), dict(players="2"), dict(no_such_option=1)):
        with pytest.raises(ValueError) as info:
            game.new_game(**bad)
        assert str(info.value)


@pytest.mark.parametrize("game_id", [g.id for g in _games_under_test()])
def test_bad_position_text_raises_position_error(game_id):
    game = get_game(game_id)
    for text in ("", "nonsense", "a b c d e f g h i j k", game.position(game.new_game(players=game.min_players)) + " extra"):
        with pytest.raises(PositionError):
            game.from_position(text)


@pytest.mark.parametrize("game_id", [g.id for g in _games_under_test()])
def test_bad_records_raise_record_error(game_id):
    game = get_game(game_id)
    s = game.new_game(players=game.min_players, seed=5)
    good = game.record(s)
    bad_records = [
        None,
        [],
        {**good, "format": "pgn"},
        {**good, "version": 99},
        {**good, "game": "chess" if game_id != "chess" else "x"},
        {**good, "players": "two"},
        {**good, "players": [{}] * (game.max_players + 1)},
        {**good, "moves": "d4"},
        {**good, "moves": ["not a move at all"]},
        {**good, "options": {"no_such_option": True}},
    ]
    for data in bad_records:
        with pytest.raises(RecordError):
            game.from_record(data)


def test_registry():
    assert GAME_IDS == ("momentum", "nummerus", "fenn", "mops", "momox")
    assert [g.id for g in all_games()] == list(GAME_IDS)  # every engine is present
    with pytest.raises(ValueError):
        get_game("chess")
    assert issubclass(IllegalMove, MoveError) and issubclass(InvalidMoveText, MoveError) and issubclass(MoveError, ValueError)
    assert not issubclass(InvalidMoveText, IllegalMove) and not issubclass(IllegalMove, InvalidMoveText)
