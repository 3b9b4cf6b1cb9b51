"""Nummerus Zahlus computer players: legal, deterministic, and right where the answer is clear."""

from __future__ import annotations

import random

import pytest

from ludothek.ai import base

from ludothek.ai import run_search
from ludothek.render.catalog import get_player, levels
from ludothek.ai.nummerus import LEVELS, hint, make_player
from ludothek.ai.nummerus_model import Model, chain_profile, owners, round_rewards, solitaire_bound, solitaire_child, solitaire_takes
from ludothek.games.nummerus import FIELD_INDEX, FIELD_NAMES, GAME, SWAP_PHASE
from test_nummerus_rules import board

LEVEL_NUMBERS = [lv.number for lv in LEVELS]


@pytest.fixture(autouse=True)
def short_thinking(monkeypatch):
    """The strongest level thinks against the clock (0.7 s a move in the page); a twentieth of a
    second keeps these tests fast. tests/test_anytime_ai.py checks the clock itself."""
    monkeypatch.setattr(base, "THINK_SECONDS", 0.05)


def varied_states():
    """Openings, middle games and endings (with jumps) of every player count and variant,
    including swap steps and a tournament's second round."""
    setups = [
        (1, {}),
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"swap": True}),
        (4, {"swap": True}),
        (3, {"rounds": 2}),
    ]
    states = []
    for i, (players, options) in enumerate(setups):
        rng = random.Random(i)
        s = GAME.new_game(players=players, seed=i, **options)
        for plies in (0, 17, 40, 44):
            while len(s.moves) < plies and not GAME.is_over(s):
                s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
            if not GAME.is_over(s):
                states.append(s)
    # A swap step, and a state in the second round of a tournament.
    s = GAME.new_game(players=2, seed=9, swap=True)
    while s.phase != SWAP_PHASE:
        s = GAME.play(s, GAME.legal_moves(s)[0])
    states.append(s)
    s = GAME.new_game(players=2, seed=9, rounds=2)
    while s.round == 1:
        s = GAME.play(s, GAME.legal_moves(s)[-1])
    states.append(GAME.play(s, GAME.legal_moves(s)[0]))
    return states


STATES = varied_states()


class TestLevels:
    def test_levels_are_numbered_weakest_first(self):
        assert LEVEL_NUMBERS == list(range(1, len(LEVELS) + 1)) and len(LEVELS) >= 3
        assert levels("nummerus") == LEVELS
        assert all(lv.name and lv.description for lv in LEVELS)

    def test_unknown_level_is_refused(self):
        with pytest.raises(ValueError):
            get_player("nummerus", len(LEVELS) + 1)


class TestLegalAndDeterministic:
    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_returns_a_legal_move(self, level):
        for i, s in enumerate(STATES):
            move = get_player("nummerus", level, seed=i).choose(s)
            assert move in GAME.legal_moves(s), (level, GAME.position(s), move)

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_same_seed_same_move(self, level):
        def capped(s, seed):
            # The strongest level thinks against the clock; a cap on its playouts well below
            # what the time allows makes it reproducible.
            player = make_player(GAME, level, seed=seed)
            player.think_seconds, player.max_work = 60, 200
            return player.choose(s)

        for i, s in enumerate(STATES[::3]):
            assert capped(s, i) == capped(s, i)

    def test_search_yields_between_chunks_and_returns_the_move(self):
        s = STATES[5]  # a 2-player middle game
        search = make_player(GAME, LEVEL_NUMBERS[-1], seed=1).search(s)
        pauses = 0
        while True:
            try:
                assert next(search) is None
                pauses += 1
            except StopIteration as stop:
                move = stop.value
                break
        assert pauses >= 1 and move in GAME.legal_moves(s)

    def test_a_time_limit_still_gives_a_legal_move(self):
        player = make_player(GAME, LEVEL_NUMBERS[-1], seed=1)
        player.time_limit = 0.0
        for s in STATES[4:8]:
            assert player.choose(s) in GAME.legal_moves(s)

    def test_a_finished_game_has_no_move(self):
        s = GAME.from_position(
            board(
                """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
"""
            )
            + " 1 1-24/25-48"
        )
        with pytest.raises(ValueError):
            make_player(GAME, 1).choose(s)

    def test_no_hidden_information(self):
        # Nummerus Zahlus is a game of perfect information: a player's view is the state itself,
        # so there are no unseen values to permute.
        assert not GAME.has_hidden_information
        assert GAME.observation(STATES[3], 0) is STATES[3]


class TestSearchModel:
    def test_the_search_model_agrees_with_the_engine(self):
        """What ai/nummerus_model.py keeps of the rules in its own form, for speed (RULE_MODELS in
        tests/test_rules_in_one_place.py), agrees with the engine on seeded games: a seat's chain
        lengths at every ply, a move made and taken back on the model, a finished round's result
        (basic game and tournament); and the solitaire's moves and children of the beam search."""
        rounds_checked = 0
        for players, options in ((2, {}), (3, {}), (4, {}), (2, {"rounds": 2}), (4, {"rounds": 1})):
            for seed in range(3):
                rng = random.Random(seed)
                s = GAME.new_game(players=players, seed=seed, **options)
                while not GAME.is_over(s):
                    model = Model(s, tournament=bool(s.rounds))
                    assert [list(chain_profile(model.owner, seat)) for seat in range(players)] == [GAME.chain_lengths(s, seat) for seat in range(players)]
                    move = rng.choice(GAME.legal_moves(s))
                    after, effect = GAME.play(s, move), GAME.effect(s, move)
                    undo = model.take(FIELD_INDEX[move], s.to_move)
                    if effect.round_end is None:
                        assert (model.board, model.star, model.owner) == (list(after.board), after.star, owners(after))
                    else:
                        rounds_checked += 1
                        utilities = model.terminal_utilities()
                        if model.tournament:
                            points = effect.round_end.points
                            assert utilities == [points[p] - max(points[q] for q in range(players) if q != p) for p in range(players)]
                        else:
                            first = GAME.standings(after)[0]  # the basic game is one round: it is over
                            assert tuple(p for p, reward in enumerate(round_rewards(model)) if reward > 0) == first
                            assert [u > 0 for u in utilities] == [first == (p,) for p in range(players)]
                            assert [u < 0 for u in utilities] == [p not in first for p in range(players)]
                    model.untake(FIELD_INDEX[move], undo)
                    assert (model.board, model.star, model.owner) == (list(s.board), s.star, owners(s))
                    s = after
        assert rounds_checked == 5 * 3 + 3
        # Two seats tied for first, the third behind: a share of the win (rare in random games).
        empty = "/".join(",".join("." for _ in files) for files in ("cde", "bcdef", "abcdefg", "abcdefg", "bcdef", "abcdefg", "abcdefg", "bcdef", "cde"))
        tied = GAME.from_position(
            empty.replace(".", "*", 1) + " 1 1-3,7,10,13,16,19,22,25,28,31,34,37,40,43,46/4-6,8,11,14,17,20,23,26,29,32,35,38,41,44,47"
            "/9,12,15,18,21,24,27,30,33,36,39,42,45,48"
        )
        model = Model(tied, tournament=False)
        assert GAME.standings(tied)[0] == (0, 1) and [r > 0 for r in round_rewards(model)] == [True, True, False]
        assert [(u > 0, u < 0) for u in model.terminal_utilities()] == [(False, False), (False, False), (False, True)]
        for seed in range(4):
            rng, s = random.Random(seed), GAME.new_game(players=1, seed=seed)
            while not GAME.is_over(s):
                takes = solitaire_takes(s.board, s.star, s.collections[0])
                assert sorted(FIELD_NAMES[f] + (side or "") for f, side in takes) == sorted(GAME.legal_moves(s))
                for f, side in takes:
                    after = GAME.play(s, FIELD_NAMES[f] + (side or ""))
                    assert solitaire_child(s.board, s.star, s.collections[0], f, side) == (after.board, after.star, after.collections[0])
                s = GAME.play(s, rng.choice(GAME.legal_moves(s)))


class TestObviousMoves:
    # Seat 1 holds 10-14, seat 2 holds 16-20; 15 is on d5, right above the star. Taking it makes
    # 10-15 and blocks 15-20. The other chips (2 on c4, 30 on e4, 40 on d3) only make pairs.
    TAKE_15 = (
        board(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  15 .  .
.  .  2  *  30 .  .
.  .  .  40 .  .  .
  .  .  .  .  .
    .  .  .
"""
        )
        + " 1 1,4,6,8,10-14,21,23,25,27,29,32,34,36,38,41,43,45,47/3,5,7,9,16-20,22,24,26,28,31,33,35,37,39,42,44,46,48"
    )

    @pytest.mark.parametrize("level", LEVEL_NUMBERS[1:])
    def test_extends_its_chain_and_blocks_the_opponent(self, level):
        s = GAME.from_position(self.TAKE_15)
        assert GAME.legal_moves(s) == ["d5", "c4", "e4", "d3"]
        assert make_player(GAME, level, seed=3).choose(s) == "d5"

    # Five chips left; only c6 (chip 11) wins: the strongest level sees it, the one-move look does not.
    ENDGAME = (
        ".,.,./.,.,.,.,./.,.,.,.,.,.,./.,.,11,.,.,.,./.,*,1,.,./48,.,.,9,.,.,./.,.,.,.,.,.,./.,.,.,.,./.,10,. 2 "
        "4-6,12-13,15-16,21-23,25,27,31-34,36-37,39-41,46/2-3,7-8,14,17-20,24,26,28-30,35,38,42-45,47"
    )

    @staticmethod
    def outcome(s, seat):
        """Exact result for `seat` with best play from here (+1 win, 0 draw, -1 loss)."""
        if GAME.is_over(s):
            winners = GAME.winners(s)
            return 1 if winners == [seat] else -1 if winners and seat not in winners else 0
        values = [TestObviousMoves.outcome(GAME.play(s, m), seat) for m in GAME.legal_moves(s)]
        return max(values) if GAME.current_player(s) == seat else min(values)

    def test_the_strongest_level_plays_the_end_exactly(self):
        s = GAME.from_position(self.ENDGAME)
        seat = GAME.current_player(s)
        results = {m: self.outcome(GAME.play(s, m), seat) for m in GAME.legal_moves(s)}
        assert results == {"c6": 1, "d5": -1, "d4": -1}
        assert make_player(GAME, LEVEL_NUMBERS[-1], seed=0).choose(s) == "c6"

    # Swap step: seat 1 holds 10-14 and 16-20 and has just taken 48; seat 2's single 15 would join them.
    SWAP = (
        board(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
.  .  .  *  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  1
"""
        )
        + " 1 3,5,7,9-14,16-20,22,24,26,28,30,32,34,36,38,40,42,44,46,48"
        "/2,4,6,8,15,21,23,25,27,29,31,33,35,37,39,41,43,45,47 x1,1 swap"
    )

    @pytest.mark.parametrize("level", LEVEL_NUMBERS[1:])
    def test_swaps_for_the_chip_that_joins_two_chains(self, level):
        s = GAME.from_position(self.SWAP)
        move = make_player(GAME, level, seed=0).choose(s)
        give, take = move.split("x")
        assert take == "15"
        assert int(give) not in range(9, 21)  # never breaks the chain it is building


class TestSolitaireHint:
    CHOICE = (
        board(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  32 .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
"""
        )
        + " 1 1-6,7-12,13-18,19-24,25-30,31,33-37,38-43,44-48"
    )

    def test_hint_joins_the_chain_that_reaches_six(self):
        # 32 on 33-37 makes 32-37 (removed at the end): 2 chains left instead of 3.
        s = GAME.from_position(self.CHOICE)
        assert hint(GAME, s)[0].move == "d6+"

    def test_hint_avoids_starting_a_chain_that_cannot_grow(self):
        # Star on d5. 20 (d6) joins 14-19 and opens the column: 39 (d7) joins 30-38, 41 (d8)
        # joins 42-48, and 40 and 21 then fill the gaps: nothing left. Taking 40 (d4) first
        # starts a chain between 38 and 42 that can never reach 6.
        s = GAME.from_position(
            board(
                """
    .  .  .
  .  .  41 .  .
.  .  .  39 .  .  .
.  .  .  20 .  .  .
  .  .  *  .  .
.  .  .  40 .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    21 .  .
"""
            )
            + " 1 1-6,7-13,14-19,22-29,30-38,42-48"
        )
        assert GAME.legal_moves(s) == ["d6", "d4"]
        assert solitaire_bound(GAME.play(s, "d4").collections[0]) == 1
        assert hint(GAME, s)[0].move == "d6"

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_plays_the_solitaire(self, level):
        s = GAME.new_game(players=1, seed=4)
        for _ in range(3):
            s = GAME.play(s, make_player(GAME, level, seed=1).choose(s))
        assert len(s.moves) == 3

    def test_bound_counts_chains_that_cannot_reach_six(self):
        assert solitaire_bound([]) == 0
        assert solitaire_bound([(1, 6), (7, 12)]) == 0
        # 31 and 33-37 share the single free 32: only one of them can reach 6.
        assert solitaire_bound([(1, 30), (31, 31), (33, 37), (38, 48)]) == 1
        # a chain of 2 between two taken numbers is stuck.
        assert solitaire_bound([(1, 10), (11, 12), (13, 48)]) == 1

    def test_strongest_level_clears_a_whole_solitaire(self):
        s = GAME.new_game(players=1, seed=2)
        player = make_player(GAME, LEVEL_NUMBERS[-1], seed=0)
        while not GAME.is_over(s):
            s = GAME.play(s, run_search(player.search(s)))
        assert GAME.scores(s)[0] <= 2 and GAME.winners(s) == [0]
