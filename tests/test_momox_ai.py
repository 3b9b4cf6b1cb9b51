"""Momox computer players: legal, deterministic, sensible in literal positions, and blind to
every chip they have not seen (see the notation in ludothek.games.momox)."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from ludothek.render.catalog import get_player, levels
from ludothek.ai.base import ComputerPlayer, run_search
from ludothek.ai.momox import GOES_ON, LEVELS, MEMORY, TILE_REACHED, TURN_ENDS, lift_model, make_player, need_mask
from ludothek.games.momox import GAME

LEVEL_NUMBERS = [level.number for level in LEVELS]


def pos(text):
    return GAME.from_position(text)


def choose(level, s, seed=0):
    return get_player("momox", level, seed=seed).choose(s)


def with_chips(text, chips):
    """The position `text` with its chips token replaced."""
    tokens = text.split(" ")
    tokens[6] = "".join(map(str, chips))
    return " ".join(tokens)


def random_states():
    """Varied states from seeded random games: every phase, 2-4 players, one or several rounds."""
    states = []
    for players, options in ((2, {}), (3, {}), (4, {}), (2, {"rounds": 2}), (3, {"rounds": 3})):
        rng = random.Random(f"momox-ai-{players}-{options}")
        s = GAME.new_game(players=players, seed=players, **options)
        for step in range(120):
            if GAME.is_over(s):
                break
            if step % 9 == 0 or s.phase in ("tile", "shuffle"):
                states.append(s)
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
    return states


RANDOM_STATES = random_states()


class TestLevels:
    def test_levels_are_numbered_weakest_first(self):
        assert LEVEL_NUMBERS == list(range(1, len(LEVELS) + 1)) and len(LEVELS) >= 3
        assert levels("momox") == LEVELS
        assert all(level.name and level.description for level in LEVELS)

    def test_memory_grows_with_the_level(self):
        memories = [MEMORY[n] for n in LEVEL_NUMBERS]
        assert memories == sorted(memories) and memories[0] < memories[-1] == 6

    def test_make_player(self):
        player = make_player(GAME, 2, seed=5)
        assert isinstance(player, ComputerPlayer) and player.level == 2
        with pytest.raises(ValueError):
            get_player("momox", 9)


class TestLegalMoves:
    def test_every_level_plays_legal_moves_in_varied_states(self):
        phases = {s.phase for s in RANDOM_STATES}
        assert phases == {"key", "tile", "shuffle"}
        for level in LEVEL_NUMBERS:
            for s in RANDOM_STATES:
                assert choose(level, s, seed=len(s.moves)) in GAME.legal_moves(s)

    def test_every_level_finishes_games_against_each_other(self):
        for players in (2, 3):
            s = GAME.new_game(players=players, seed=8, rounds=2)
            bots = [get_player("momox", LEVEL_NUMBERS[i % len(LEVEL_NUMBERS)], seed=i) for i in range(players)]
            for _ in range(1000):
                if GAME.is_over(s):
                    break
                s = GAME.play(s, bots[GAME.current_player(s)].choose(s))
            assert GAME.is_over(s)

    def test_a_game_over_has_no_move(self):
        s = pos("0,8 1234,34 - over t1 y0 352614 10")
        with pytest.raises(ValueError):
            choose(3, s)

    def test_search_is_a_generator_that_yields_between_chunks(self):
        search = get_player("momox", 3, seed=0).search(GAME.new_game(players=2, seed=0))
        assert next(search) is None
        assert run_search(search) in ("k1", "k2", "k3", "k4", "k5")

    def test_a_time_limit_still_gives_a_legal_move(self):
        player = make_player(GAME, 3, seed=1)
        player.time_limit = 0.0
        s = RANDOM_STATES[3]
        assert player.choose(s) in GAME.legal_moves(s)


class TestDeterminism:
    def test_same_seed_same_moves(self):
        for level in LEVEL_NUMBERS:
            first = [choose(level, s, seed=4) for s in RANDOM_STATES[:25]]
            again = [choose(level, s, seed=4) for s in RANDOM_STATES[:25]]
            assert first == again

    def test_same_seed_same_game(self):
        def game():
            s = GAME.new_game(players=2, seed=6)
            bots = [get_player("momox", 3, seed=1), get_player("momox", 1, seed=2)]
            while not GAME.is_over(s):
                s = GAME.play(s, bots[GAME.current_player(s)].choose(s))
            return s.moves

        assert game() == game()


class TestObviousMoves:
    """Literal positions where one choice is clearly best and every level remembers enough."""

    def test_walks_the_remembered_number_onto_its_corner(self):
        # Red on 5; the centre chip (3, seen just before the open 5) walks exactly onto 8, red's 4.
        s = pos("5,8 -,- R key t1 y0 352614 01")
        for level in LEVEL_NUMBERS:
            assert choose(level, s) == "k0"

    def test_takes_the_last_tile_and_wins(self):
        s = pos("29,8 234,- R key t1 y0 352614 01")  # red needs its 1 on 0: the 3 walks there
        for level in LEVEL_NUMBERS:
            assert choose(level, s) == "k0"
            assert choose(level, GAME.play(s, "k0")) == "take"

    def test_takes_every_tile_in_a_one_round_race(self):
        s = pos("8,8 -,- R tile t1 y0 352614 10")
        for level in LEVEL_NUMBERS:
            assert choose(level, s) == "take"

    def test_leaves_the_yellow_loop(self):
        # On yellow 19 after eight yellows in a row: the 3 (circle 2) leads to yellow 22 and the
        # 5 (open) came from yellow 14; 3 and 5 would circle the board for ever.
        s = pos("19,8 -,- R key t1 y8 123456 24")
        for level in LEVEL_NUMBERS:
            assert choose(level, s) != "k2"

    def test_stays_on_yellow_when_the_number_it_knows_reaches_the_corner_next_turn(self):
        # Red walked 6 and then the 5 onto yellow 11; its 3 lies on 16, five fields on. The 5 is
        # open now, so red cannot use it in this turn, and every other key is a face-down lottery
        # or the 6 past the corner. Staying: the next player covers the 5, and red walks it to 16.
        s = pos("11,8 -,- R key t1 y2 352614 31")
        for level in LEVEL_NUMBERS:
            assert choose(level, s) == "stay"

    def test_goes_on_from_yellow_when_a_known_chip_reaches_the_corner_now(self):
        # Red on yellow 6 remembers the 2 under circle 2: it walks onto 8, where red's 4 lies.
        s = pos("6,8 -,- R key t1 y1 352614 23")
        for level in LEVEL_NUMBERS:
            assert choose(level, s) == "k2"

    def test_the_strongest_remembers_an_old_chip(self):
        # The 3 under circle 0 was seen long ago (first in the memory); the open 6 and the 1, 2, 5 later.
        s = pos("5,8 -,- R key t1 y0 352614 02413")
        assert all(choose(3, s, seed=seed) == "k0" for seed in range(8))
        # The forgetful level has lost it: it gambles among the circles it does not remember.
        assert {choose(1, s, seed=seed) for seed in range(8)} != {"k0"}

    def test_over_several_rounds_the_strongest_leaves_a_4_only_against_a_slow_opponent(self):
        # Red holds its 1 (ones) and stands beside its 4, which would become the tens. Turn 21:
        # blue has played ten turns without a tile, so red can afford a lap for 4321.
        slow = pos("8,8 1,- R tile t21 y0 352614 10 r1/3 -")
        assert choose(3, slow) == "leave"
        assert choose(1, slow) == choose(2, slow) == "take"  # the weaker levels always take
        # In turn 1 nothing says blue is slow: red takes, as it does when blue is about to finish.
        assert choose(3, pos("8,8 1,- R tile t1 y0 352614 10 r1/3 -")) == "take"
        assert choose(3, pos("8,5 1,234 R tile t21 y0 352614 10 r1/3 -")) == "take"
        # In a one-round race every tile is taken.
        assert choose(3, pos("8,8 1,- R tile t21 y0 352614 10")) == "take"

    def test_the_strongest_reshuffles_only_when_behind(self):
        behind = pos("23,5 -,234 R shuffle t1 y3 123456 120")
        ahead = pos("23,9 234,- R shuffle t1 y3 123456 120")
        assert choose(3, behind) == "shuffle"
        assert choose(3, ahead) == "keep"


class TestHiddenInformation:
    """Decisions depend only on what the player has seen and remembers."""

    POSITIONS = [
        "0,8 -,- R key t1 y0 352614 -",  # nothing seen yet
        "5,8 -,- B key t2 y0 352614 1",
        "6,8 -,- R key t1 y1 352614 3",
        "13,21 4,- R key t1 y0 352614 34",
        "19,8,16 -,-,- R key t1 y2 123456 21",
        "5,8 4,12 R key t2 y0 352614 1 r2/3 1234,43",
        "22,30,16,3 3,-,1,4 P key t4 y1 615243 450",
    ]

    @pytest.mark.parametrize("text", POSITIONS)
    def test_permuting_unseen_chips_changes_no_decision(self, text):
        s = pos(text)
        seen = {circle for circle, _ in s.seen}
        unseen = [c for c in range(6) if c not in seen]
        unseen_values = [s.chips[c] for c in unseen]
        for level in LEVEL_NUMBERS:
            expected = choose(level, s, seed=3)
            # Every permutation for the positions with a few unseen chips; a spread of them (every
            # 7th) when nothing has been seen yet.
            for values in list(permutations(unseen_values))[:: 7 if len(unseen_values) > 5 else 1]:
                chips = list(s.chips)
                for circle, value in zip(unseen, values):
                    chips[circle] = value
                other = pos(with_chips(text, chips))
                assert GAME.observation(other, other.to_move) == GAME.observation(s, s.to_move)
                assert choose(level, other, seed=3) == expected, (level, chips)

    def test_the_forgetful_level_ignores_chips_it_has_forgotten(self):
        # Memory order 0, 2, 4, 3, 1 (1 is open): level 1 remembers only circles 3 and 1, so
        # swapping what lies under 0, 2 and 4 changes nothing for it.
        text = "5,8 -,- R key t1 y0 352614 02431"
        s = pos(text)
        expected = choose(1, s, seed=2)
        for values in permutations([3, 2, 1]):
            chips = list(s.chips)
            chips[0], chips[2], chips[4] = values
            assert choose(1, pos(with_chips(text, chips)), seed=2) == expected

    def test_players_are_given_observations_only(self):
        seen_states = []

        class Spy(type(get_player("momox", 3))):
            def view(self, s):
                obs = super().view(s)
                seen_states.append(obs)
                return obs

        Spy(GAME, 3, seed=0).choose(pos("5,8 -,- R key t1 y0 352614 01"))
        assert seen_states and all(obs.hidden for obs in seen_states)
        assert seen_states[0].chips == (0, 5, 0, 0, 0, 0)


def lift_states():
    """Every state of seeded random games of the engine's conformance setups in which a bowl may
    be lifted (full states: each chip known to the engine)."""
    for number, setup in enumerate(GAME.conformance_setups()):
        rng = random.Random(f"momox-lift-model-{number}")
        s = GAME.new_game(seed=number, **setup)
        while not GAME.is_over(s) and len(s.moves) < 300:
            if s.phase == "key":
                yield s
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))


def test_the_searches_model_of_a_lift_agrees_with_the_engine():
    """ai/momox.py's `lift_model` (tests/test_rules_in_one_place.py, RULE_MODELS), which the
    searches ask at every node instead of the engine: every bowl that may be lifted lands where
    the engine walks the figure; a tile is reached exactly where the engine offers one; the turn
    goes on exactly where the engine lets the same player lift again, any bowl but the one just
    lifted; otherwise the turn ends (the next turn, or the reshuffle's question)."""
    kinds = set()
    for s in lift_states():
        seat = s.to_move
        need = need_mask(seat, s.tiles[seat])
        for move in GAME.legal_moves(s):
            if move == "stay":
                continue
            effect, after = GAME.effect(s, move), GAME.play(s, move)
            q, kind = lift_model(effect.start, effect.value, need)
            kinds.add(kind)
            assert q == effect.landing == after.figures[seat]
            assert (kind == TILE_REACHED) == (GAME.pending_tile(after) is not None)
            lifts_again = after.phase == "key" and after.turn == s.turn
            assert (kind == GOES_ON) == lifts_again
            if lifts_again:
                assert GAME.liftable_circles(after) == [c for c in range(6) if c != effect.circle]
            assert (kind == TURN_ENDS) == (after.phase == "shuffle" or after.turn == s.turn + 1)
    assert kinds == {TILE_REACHED, GOES_ON, TURN_ENDS}
