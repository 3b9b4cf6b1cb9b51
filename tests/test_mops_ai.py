"""Mops Royal computer players: legal, deterministic, blind to the pile's order, and sensible
in positions where the best move is plain."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ludothek.ai import base
from ludothek.ai import mops as mops_ai

from ludothek.render.catalog import get_player, levels
from ludothek.ai.mops import LEVELS
from ludothek.ai.mops_eval import Analysis, Context, best_points_through, potential, scoring_move_of
from ludothek.games import get_game
from mops_positions import ALL_TILES, CROWNS, layout
from ludothek.games.notation import frame_cell_index, frame_cell_name as cell_name

G = get_game("mops")
LEVEL_NUMBERS = [lv.number for lv in LEVELS]
PLANNERS = [lv for lv in LEVEL_NUMBERS if lv >= 3]


@pytest.fixture(autouse=True)
def short_thinking(monkeypatch):
    """The strongest level thinks against the clock (0.7 s a move in the page); a twentieth of a
    second keeps these tests fast. tests/test_anytime_ai.py checks the clock itself."""
    monkeypatch.setattr(base, "THINK_SECONDS", 0.05)


def full_layout(face_up: dict[str, str], avoid: str = "", empty: tuple[str, ...] = ()) -> dict[str, str]:
    """The 5x5 square c3-g7: the given face-up tiles, the cells in `empty` left empty, every
    other cell a face-down filler (not a crown, not among the tiles in `avoid`)."""
    used = set(face_up.values()) | {avoid[k : k + 2] for k in range(0, len(avoid), 2)}
    fillers = [t for t in ALL_TILES if t not in used and t not in CROWNS]
    cells = {}
    for rank in range(3, 8):
        for file in "cdefg":
            cell = f"{file}{rank}"
            if cell in face_up:
                cells[cell] = face_up[cell]
            elif cell not in empty:
                code = fillers.pop(0)
                cells[cell] = code[0].lower() + code[1]
    return cells


def pile_without(*cells_dicts: dict[str, str], exclude: str = "") -> str:
    """Every tile not in the layouts (nor in `exclude`), for a realistic pile."""
    used = {code[0].upper() + code[1] for cells in cells_dicts for code in cells.values()}
    used |= {exclude[k : k + 2] for k in range(0, len(exclude), 2)}
    return "".join(t for t in ALL_TILES if t not in used)


def choose(level: int, s, seed: int = 0) -> str:
    return get_player("mops", level, seed=seed).choose(s)


def varied_states():
    """States from seeded games: every step kind, both variants, 1 to 3 players."""
    states = []
    for players, options, seed in ((1, {}, 0), (2, {}, 1), (3, {"ersatz": True}, 2), (2, {"wertung": True}, 3)):
        s = G.new_game(players, seed=seed, **options)
        rng = random.Random(seed)
        picked = {}
        while not G.is_over(s):
            moves = G.legal_moves(s)
            if len(moves) > 1 and (s.phase, len(s.moves) // 20) not in picked:
                picked[(s.phase, len(s.moves) // 20)] = s
            s = G.play(s, rng.choice(moves))
        states.extend(list(picked.values())[::3])
    return states


STATES = varied_states()


class TestLevels:
    def test_at_least_three_levels_weakest_first(self):
        assert len(LEVELS) >= 3
        assert LEVEL_NUMBERS == list(range(1, len(LEVELS) + 1))
        assert levels("mops") == LEVELS
        assert all(lv.name and lv.description for lv in LEVELS)

    def test_unknown_level_is_refused(self):
        with pytest.raises(ValueError):
            get_player("mops", len(LEVELS) + 1)


class TestLegalAndDeterministic:
    def test_the_sample_covers_every_kind_of_step(self):
        phases = {s.phase for s in STATES}
        assert phases == {"place", "score", "final"}
        assert any(s.ersatz and any(m.startswith("x") for m in G.legal_moves(s)) for s in STATES)

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_every_level_returns_a_legal_move(self, level):
        for s in STATES:
            assert choose(level, s) in G.legal_moves(s)

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_same_seed_same_move(self, level):
        def capped(s):
            # The strongest level thinks against the clock; a cap on its work well below what
            # the time allows makes it reproducible.
            player = get_player("mops", level, seed=5, think_seconds=60)
            player.max_work = 20_000
            return player.choose(s)

        for s in STATES[::2]:
            assert capped(s) == capped(s)

    def test_search_is_time_sliced(self):
        s = next(s for s in STATES if s.phase == "place" and len(G.legal_moves(s)) > 4)
        search = get_player("mops", LEVEL_NUMBERS[-1], seed=0).search(s)
        chunks = 0
        while True:
            try:
                assert next(search) is None
                chunks += 1
            except StopIteration as stop:
                assert stop.value in G.legal_moves(s)
                break
        assert chunks >= 2

    def test_a_time_limit_still_gives_a_legal_move(self):
        s = next(s for s in STATES if s.phase == "place")
        player = get_player("mops", LEVEL_NUMBERS[-1], seed=0)
        player.time_limit = 0.0
        assert player.choose(s) in G.legal_moves(s)


class TestHiddenPile:
    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_decisions_do_not_depend_on_the_order_of_the_pile(self, level):
        for k, s in enumerate(STATES[::2]):
            shuffled = list(s.pile)
            random.Random(k).shuffle(shuffled)
            other = replace(s, pile=bytes(shuffled))
            assert choose(level, other, seed=3) == choose(level, s, seed=3)

    def test_the_review_values_see_the_pile_only_sorted(self, monkeypatch):
        # Handed the whole state (not an observation), the values still read only what the
        # player sees: every pile their model is given is in sorted order.
        piles: list[bytes] = []

        def spy(layout: bytes, pile: bytes, wertung: bool) -> Context:
            piles.append(pile)
            return Context(layout, pile, wertung)

        monkeypatch.setattr(mops_ai, "Context", spy)
        s = next(s for s in STATES if s.phase == "place" and list(s.pile) != sorted(s.pile))
        values = base.run_search(get_player("mops", LEVEL_NUMBERS[-1]).move_values(s))
        assert values is not None and len(values) == len(G.legal_moves(s))
        assert piles and all(list(pile) == sorted(pile) for pile in piles)


class TestObviousMoves:
    # A full solo layout but for one cell, the blue bowl revealed, 1 round left: laying it on d5
    # completes the blue line c5-g5 (7 points); anywhere else it scores nothing.
    @staticmethod
    def last_round(tile_cell: str, empty_other: str):
        face_up = {"c5": "Pb", "e5": "Bb", "f5": "Cb", "g5": "Hb"}
        cells = full_layout(face_up, avoid="Wb", empty=(tile_cell, empty_other))
        pile = pile_without(cells, exclude="Wb")
        return G.from_position(f"{layout(cells)} {pile} Wb p1 0")

    @pytest.mark.parametrize("level", [2] + PLANNERS)
    def test_completes_the_five_in_a_row(self, level):
        # Two cells left: d5 completes the line, g3 does not.
        s = self.last_round("d5", "g3")
        assert choose(level, s) == "d5"

    @pytest.mark.parametrize("level", LEVEL_NUMBERS)
    def test_scores_the_biggest_combination_in_the_last_round(self, level):
        s = G.play(self.last_round("d5", "no-such-cell"), "d5")
        assert s.phase == "score" and G.legal_moves(s)[-1] == "pass"
        move = choose(level, s)
        assert move == "c5,d5,e5,f5,g5!e5"

    @pytest.mark.parametrize("level", PLANNERS)
    def test_keeps_a_second_combination_alive_when_flipping(self, level):
        # Blue line d5-g5 (flip e5 or f5) and a bowl column f4-f6 through f5; the heap on c4
        # was just laid, one round is left after this one. Flipping e5 keeps the bowls for it.
        face_up = {"d5": "Pb", "e5": "Bb", "f5": "Wb", "g5": "Cb", "f4": "Wp", "f6": "Wy", "c4": "Hg"}
        cells = full_layout(face_up, empty=("c3",))
        text = f"{layout(cells)} {pile_without(cells)} Hg s1 0"
        s = G.from_position(text)
        assert "d5,e5,f5,g5!e5" in G.legal_moves(s) and "d5,e5,f5,g5!f5" in G.legal_moves(s)
        assert choose(level, s) == "d5,e5,f5,g5!e5"

    @pytest.mark.parametrize("level", PLANNERS)
    def test_waits_for_a_bigger_combination_early_on(self, level):
        # Round 3 of a solo game: three blue tiles in a row with room on both sides and every
        # other blue tile still to come. Scoring the little line now would turn the middle one
        # face down; the planners wait, the greedy player cashes in.
        cells = {"e5": "Pb", "f5": "Bb", "g5": "Wb"}
        text = f"{layout(cells)} {pile_without(cells)} Wb s1 0"
        s = G.from_position(text)
        assert G.legal_moves(s) == ["e5,f5,g5!f5", "pass"]
        assert choose(level, s) == "pass"
        assert choose(2, s) == "e5,f5,g5!f5"

    @pytest.mark.parametrize("level", PLANNERS)
    def test_lays_a_tile_where_it_can_join_its_colour(self, level):
        # A blue tile early on: e3 is the one cell where it can never share a combination with
        # the blue pug (the yellow heap between them blocks the only line).
        cells = {"e5": "Pb", "e4": "Hy"}
        s = G.from_position(f"{layout(cells)} {pile_without(cells, exclude='Wb')} Wb p1 0")
        assert "e3" in G.legal_moves(s)
        assert choose(level, s) != "e3"


class TestIncrementalAnalysis:
    def test_incremental_potential_equals_the_plain_definition(self):
        rng = random.Random(11)
        s = G.new_game(1, seed=11)
        checked = 0
        while not G.is_over(s):
            if s.phase == "place":
                lay = s.layouts[0]
                ctx = Context(lay, s.pile, False)
                an = Analysis.of(lay)
                rounds = 25 - len([v for v in lay if v != 72]) - 1
                for cell in G.placement_cells(s)[:4]:
                    index = (int(cell[1]) - 1) * 9 + "abcdefghi".index(cell[0])
                    after = an.placed(index, s.tile)
                    assert after.value(ctx, rounds) == pytest.approx(potential(after.layout, ctx, rounds))
                    checked += 1
                    for flip in list(after.flip_options())[:2]:
                        flipped = after.flipped(flip)
                        assert flipped.value(ctx, rounds) == pytest.approx(potential(flipped.layout, ctx, rounds))
                        checked += 1
            s = G.play(s, rng.choice(G.legal_moves(s)))
        assert checked > 50


# -- the evaluation's model of the scoring rule ------------------------------------------------------


def _engine_flips(layout_state, seat) -> dict[str, tuple[int, set[str]]]:
    """The engine's combinations of `seat`'s layout by the tile each may turn: (the most points a
    combination turning it scores, the moves that score that much with it)."""
    flips: dict[str, tuple[int, set[str]]] = {}
    for combo in G.scoring_options(layout_state, seat):
        for flip, move in zip(combo.flips, combo.moves):
            best, moves = flips.get(flip, (-1, set()))
            if combo.points > best:
                flips[flip] = (combo.points, {move})
            elif combo.points == best:
                moves.add(move)
    return flips


def _model_agrees(an: Analysis, layout_state, seat) -> None:
    engine = _engine_flips(layout_state, seat)
    model = {cell_name(flip): (points, scoring_move_of(index, flip)) for flip, (points, index) in an.flip_options().items()}
    assert set(model) == set(engine)
    for flip, (points, move) in model.items():
        assert points == engine[flip][0] and move in engine[flip][1]
    assert an.extent == G.layout_extent(layout_state, seat) and an.window == G.open_area(layout_state, seat)


def test_the_evaluation_model_agrees_with_the_engine():
    """ai/mops_eval.py's `Analysis` (tests/test_rules_in_one_place.py's RULE_MODELS) answers the
    scoring rule as the engine does on seeded games: the tiles a combination may turn, the most it
    scores and a move that scores it, for every layout a seat holds, after every placement it may
    make (by the model's own update, `placed`) and after every tile a scoring may turn (`flipped`);
    its extent and open area are the engine's, and so are the points the greedy level counts."""
    checked = 0
    for players, options, seed in ((1, {}, 21), (2, {"ersatz": True}, 22), (3, {"wertung": True}, 23)):
        s = G.new_game(players, seed=seed, **options)
        rng = random.Random(seed)
        while not G.is_over(s):
            seat = G.current_player(s)
            an = Analysis.of(s.layouts[seat])
            _model_agrees(an, s, seat)
            if s.phase == "place":
                for move in G.legal_moves(s):
                    if move.startswith("x"):
                        continue
                    cell = frame_cell_index(move)
                    placed = an.placed(cell, s.tile)
                    after = G.play(s, move)
                    _model_agrees(placed, after, seat)
                    through = [c.points for c in G.scoring_options(after, seat) if move in c.cells]
                    assert best_points_through(placed.layout, cell) == max(through, default=0)
                    checked += 1
            else:
                for flip, (_points, index) in an.flip_options().items():
                    _model_agrees(an.flipped(flip), G.play(s, scoring_move_of(index, flip)), seat)
                    checked += 1
            s = G.play(s, rng.choice(G.legal_moves(s)))
    assert checked > 300
