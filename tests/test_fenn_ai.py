"""Fenn computer players, the solver and its shipped table."""

from __future__ import annotations

import random

import pytest

from ludothek.ai import fenn as fenn_ai
from ludothek.ai import fenn_solver as solver
from ludothek.ai import run_search
from ludothek.render.catalog import get_player, levels
from ludothek.games import get_game
from ludothek.games.fenn import BLUE, RED

G = get_game("fenn")
LEVEL_NUMBERS = [lv.number for lv in fenn_ai.LEVELS]
PERFECT = LEVEL_NUMBERS[-1]


@pytest.fixture(scope="module")
def table():
    return solver.load_table()


def at(text: str):
    return G.from_position(text)


def sample_states(games: int = 12, seed: int = 0) -> list:
    """States met in seeded random games (every phase of a turn occurs)."""
    states = []
    for g in range(games):
        rng = random.Random(f"fenn-ai-{seed}-{g}")
        s = G.new_game(seed=g)
        while not G.is_over(s):
            states.append(s)
            s = G.play(s, rng.choice(G.legal_moves(s)))
    return states


LITERAL = [
    "b0:5 r10:5 k6 b",  # start, blue first
    "b0:5 r10:5 k4 r",  # start, red first
    "b4:6 r8:3 k7 b",
    "b5:7 r8:3 k7 b pasch",
    "b5:5 r8:3 k7 b extra4",
    "b1:5 r4:3 k2 b",  # blue must pass
    "b4:1 r9:9 k3 b",
]


class TestLevels:
    def test_levels_are_numbered_weakest_first(self):
        assert LEVEL_NUMBERS == list(range(1, len(LEVEL_NUMBERS) + 1)) and len(LEVEL_NUMBERS) >= 3
        assert levels("fenn") == fenn_ai.LEVELS
        assert all(lv.name and lv.description for lv in fenn_ai.LEVELS)

    def test_unknown_level(self):
        with pytest.raises(ValueError):
            get_player("fenn", 99)

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_returns_a_legal_move(self, level):
        player = get_player("fenn", level, seed=level)
        states = [at(p) for p in LITERAL] + sample_states(4, seed=level)[::3]
        for s in states:
            assert player.choose(s) in G.legal_moves(s)

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_deterministic_for_a_seed(self, level):
        states = sample_states(3, seed=7)[::5]
        first = [get_player("fenn", level, seed=5).choose(s) for s in states]
        again = [get_player("fenn", level, seed=5).choose(s) for s in states]
        assert first == again

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_whole_games_replay(self, level):
        def game():
            bots = [get_player("fenn", level, seed=3), get_player("fenn", 1, seed=4)]
            s = G.new_game(seed=9)
            while not G.is_over(s) and len(s.moves) < 300:
                s = G.play(s, bots[G.current_player(s)].choose(s))
            return s.moves

        assert game() == game()

    def test_search_is_time_sliced(self):
        player = get_player("fenn", PERFECT, seed=0)
        steps = player.search(at("b4:6 r8:3 k7 b"))
        chunks = 0
        with pytest.raises(StopIteration) as stop:
            while True:
                assert next(steps) is None
                chunks += 1
        assert chunks >= 1 and stop.value.value in G.legal_moves(at("b4:6 r8:3 k7 b"))

    def test_a_time_limit_still_gives_a_legal_move(self):
        player = fenn_ai.FennPlayer(G, PERFECT, seed=0, time_limit=0.0)
        s = at("b4:6 r8:3 k7 b")
        assert run_search(player.search(s)) in G.legal_moves(s)

    def test_players_see_the_whole_state(self):
        # Fenn has no hidden information, so there is nothing to permute: the view is the state.
        s = at("b4:6 r8:3 k7 b")
        assert not G.has_hidden_information
        assert get_player("fenn", PERFECT).view(s) is s

    def test_a_finished_game_has_no_move(self):
        with pytest.raises(ValueError):
            get_player("fenn", 1).choose(at("b9:1 r7:4 k8 r"))


class TestObviousMoves:
    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_takes_a_win(self, level):
        # Blue on 7 reaches 9 (red beside the board shows 5).
        move = get_player("fenn", level, seed=1).choose(at("b7:6 r10:5 k8 b"))
        assert move.startswith("9:")

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_wins_through_extra_steps(self, level):
        # Blue on 4 is 5 fields from the end: it wins this turn only by chaining extra steps
        # (5 showing 5 or 6 showing 6, then 7 showing 7, then 9).
        s = at("b4:6 r2:3 k8 b")
        player = get_player("fenn", level, seed=1)
        while G.current_player(s) == BLUE:
            s = G.play(s, player.choose(s))
        assert G.winners(s) == [BLUE]

    @pytest.mark.parametrize("level", LEVEL_NUMBERS[1:])
    def test_from_level_two_no_present_for_the_opponent(self, level, table):
        # Red on 2 is one step from its end; 14 of blue's 15 moves let red in next turn.
        s = at("b5:1 r2:8 k7 b")
        values = {mv.move: mv.exact for mv in solver.move_values(G, table, s)}
        safe = [move for move, value in values.items() if value != solver.Value(-1, 2)]
        assert len(values) == 15 and len(safe) == 1
        assert get_player("fenn", level, seed=2).choose(s) == safe[0]

    def test_perfect_keeps_a_won_start(self, table):
        s = at("b0:5 r10:5 k8 b")  # blue to move with black 8: blue wins in 3 turns
        bots = [get_player("fenn", PERFECT, seed=0), get_player("fenn", PERFECT, seed=1)]
        while not G.is_over(s):
            s = G.play(s, bots[G.current_player(s)].choose(s))
        assert G.winners(s) == [BLUE]
        blue_turns = sum(1 for key in s.history if key.endswith(" b"))
        assert blue_turns == 2  # the win comes in blue's second turn, as the table says

    def test_perfect_never_spoils_its_value(self, table):
        player = get_player("fenn", PERFECT, seed=11)
        for s in sample_states(6, seed=3)[::2]:
            values = solver.move_values(G, table, s)
            best = max(mv.exact.rank() for mv in values)
            chosen = player.choose(s)
            assert next(mv.exact for mv in values if mv.move == chosen).rank() == best, G.position(s)

    def test_perfect_does_not_circle_inside_a_turn(self):
        # Blue can shuttle 5 <-> 6 by extra steps for ever; the perfect player ends its turn.
        s = at("b4:1 r9:9 k3 b")
        player = get_player("fenn", PERFECT, seed=0)
        moves = 0
        while G.current_player(s) == BLUE and not G.is_over(s):
            s = G.play(s, player.choose(s))
            moves += 1
        assert moves <= 6


class TestWholeGames:
    @staticmethod
    def self_play(level: int, game_seed: int, bot_seeds=(0, 1), cap: int = 1500):
        bots = [get_player("fenn", level, seed=bot_seeds[0]), get_player("fenn", level, seed=bot_seeds[1])]
        s = G.new_game(seed=game_seed)
        longest_turn = run = 0
        last = None
        while not G.is_over(s) and len(s.moves) < cap:
            seat = G.current_player(s)
            run = run + 1 if seat == last else 1
            longest_turn, last = max(longest_turn, run), seat
            s = G.play(s, bots[seat].choose(s))
        return s, longest_turn

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_self_play_ends_and_no_turn_circles(self, level):
        for game_seed in range(2):
            s, longest_turn = self.self_play(level, game_seed, (game_seed * 10, game_seed * 10 + 1))
            assert G.is_over(s)
            assert longest_turn <= 8

    def test_regression_detour_to_a_repetition(self):
        # Level 4 once shuttled 5 <-> 6 for ever: stepping 8:1 at once was valued as "the game
        # ends drawn" while reaching the same ending by a detour was valued by the position.
        s, longest_turn = self.self_play(4, 0, (0, 1))
        assert G.is_over(s) and longest_turn <= 8


class TestHints:
    def test_every_legal_move_gets_a_value(self, table):
        s = at("b3:6 r7:4 k6 b")
        values = solver.move_values(G, table, s)
        assert [mv.move for mv in values] == G.legal_moves(s)
        assert fenn_ai.hint(G, s) == values

    def test_the_position_value_is_the_best_move_value(self, table):
        for s in sample_states(4, seed=5)[::3]:
            best = max(solver.move_values(G, table, s), key=lambda mv: (mv.exact.rank(), -mv.moves_in_turn))
            assert solver.position_value(table, s) == best.exact

    def test_values_of_known_moves(self, table):
        values = {mv.move: mv.exact for mv in solver.move_values(G, table, at("b3:6 r7:4 k6 b"))}
        assert values["2:7"] == solver.Value(-1, 2)  # red then reaches field 1
        assert values["1:1"] == solver.Value(0, 0)
        assert solver.move_values(G, table, at("b7:6 r10:5 k8 b"))[-1].exact == solver.WIN_NOW

    def test_a_third_repetition_is_valued_as_a_draw(self, table):
        fresh = {mv.move: mv.exact for mv in solver.move_values(G, table, at("b3:6 r7:4 k8 b"))}
        assert fresh["1:2"] == solver.Value(-1, 6)  # red to move would win in 5 turns
        s = at("b1:2 r7:4 k8 r")
        for move in ("5:1", "3:6", "7:4", "1:2", "5:1", "3:6", "7:4"):
            s = G.play(s, move)
        values = {mv.move: mv.exact for mv in solver.move_values(G, table, s)}
        assert values["1:2"] == solver.DRAW  # 'b1:2 r7:4 k8 r' would occur a third time

    def test_start_values(self):
        values = fenn_ai.start_values()
        assert values[("blue", 6)] == solver.DRAW  # the real start, blue first
        assert values[("red", 4)] == solver.DRAW  # the real start, red first
        assert values[("blue", 8)] == solver.Value(1, 3)
        assert values[("red", 2)] == solver.Value(1, 3)
        assert len(values) == 12


def test_the_turn_model_agrees_with_the_engine_on_seeded_games():
    # The solver's model of a turn (ai/fenn_solver.py, registered in tests/test_rules_in_one_place.py's
    # RULE_MODELS) against the engine's own moves, in every phase of seeded random games: the same
    # endings (a win, or where the opponent's turn begins), each in as few moves.
    states = sample_states(6, seed=3)
    assert {s.phase for s in states} == {"step", "pass", "extra", "pasch"}
    for s in states:
        assert solver.turn_outcomes_of(s) == solver.turn_outcomes_played(G, s), G.position(s)


def valid_indices():
    return [i for i in range(solver.SIZE) if solver.is_position(*solver.unindex(i)[:4])]


@pytest.fixture(scope="module")
def graph():
    return solver.build_graph()


class TestShippedTable:
    def test_the_shipped_table_is_a_fresh_solve(self, table, graph):
        assert table == solver.solve(graph=graph)

    def test_the_table_satisfies_the_minimax_equations(self, table, graph):
        # Independent of the retrograde order: every value follows from its successors' values.
        # Distances strictly fall along wins and losses, so only the true values can pass.
        assert [i for i, nxt in enumerate(graph.successors) if nxt is not None] == valid_indices()
        for i in valid_indices():
            can_win, nxt = graph.can_win[i], graph.successors[i]
            values = [table[j] for j in nxt]
            if can_win:
                expected = 1
            elif any(v and v % 2 == 0 for v in values):
                expected = 1 + min(v for v in values if v and v % 2 == 0)
            elif values and all(v % 2 == 1 for v in values):
                expected = 1 + max(values)
            else:
                expected = 0
            assert table[i] == expected, solver.unindex(i)

    def test_turn_outcomes_agree_with_the_engine(self):
        indices = valid_indices()
        for i in random.Random("fenn-table").sample(indices, 150):
            blue, blue_face, red, red_face, black, to_move = solver.unindex(i)
            s = at(f"b{blue}:{blue_face} r{red}:{red_face} k{black} {'br'[to_move]}")
            played = solver.turn_outcomes_played(G, s)
            ends = set()
            for ending in played:
                if ending != solver.WIN:
                    f, fc, k = ending
                    ends.add(solver.index(f, fc, red, red_face, k, RED) if to_move == BLUE else solver.index(blue, blue_face, f, fc, k, BLUE))
            assert solver.successors(i) == (solver.WIN in played, ends), G.position(s)

    def test_every_position_is_indexed_once(self):
        assert all(solver.index(*solver.unindex(i)) == i for i in range(0, solver.SIZE, 7))
        assert solver.index(9, 9, 10, 9, 8, RED) == solver.SIZE - 1
