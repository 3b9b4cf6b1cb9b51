"""Mops Royal rules, each checked from a small literal position.

Layouts are written as {cell: tile} and turned into position text by `layout`; a tile code
with a lower-case motif lies face down (`wb`: the blue bowl, face down).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from ludothek.games import IllegalMove, InvalidMoveText, get_game
from ludothek.games.base import PositionError, RecordError, Setup
from ludothek.games.mops import HiddenPileError, TileOptionError

from mops_positions import ALL_TILES, COLOURS, CROWNS, FILES, MOTIFS, layout

G = get_game("mops")


def position(*layouts: dict[str, str], pile: str = "-", tile: str = "-", turn: str = "p1", scores=None, extra: str = "") -> str:
    scores = scores or [0] * len(layouts)
    text = f"{','.join(layout(c) for c in layouts)} {pile} {tile} {turn} {','.join(map(str, scores))}"
    return f"{text} {extra}".strip()


def window_cells() -> list[str]:
    """The 25 cells of the 5x5 square c3-g7 around the start cell e5."""
    return [f"{f}{r}" for r in range(3, 8) for f in "cdefg"]


def full_layout(face_up: dict[str, str], avoid: str = "") -> dict[str, str]:
    """A full 5x5 layout (c3-g7): the given tiles (face up unless written with a lower-case
    motif), every other cell face down, so that only the given tiles can score. The fillers
    avoid the tiles in `avoid` (codes written together, e.g. the pile)."""
    used = {code[0].upper() + code[1] for code in face_up.values()}
    avoided = {avoid[k : k + 2] for k in range(0, len(avoid), 2)}
    fillers = [t for t in ALL_TILES if t not in used | avoided and t not in CROWNS]
    cells = {}
    for cell in window_cells():
        if cell in face_up:
            cells[cell] = face_up[cell]
        else:
            code = fillers.pop(0)
            cells[cell] = code[0].lower() + code[1]
    return cells


# Three cushions in a line on g3-g5: a combination that is always there, so that a position
# may be "to score" while the cells under test form none.
SPARE = {"g3": "Ko", "g4": "Kp", "g5": "Kv"}


def scoring_position(face_up: dict[str, str], tile: str | None = None, spare: bool = False) -> str:
    """Solo position, layout full, the player has just laid `tile` (default: a face-up tile
    off e5) and is to score; `spare` adds the cushion line on g3-g5."""
    cells = full_layout({**face_up, **(SPARE if spare else {})})
    if tile is None:
        tile = next(code for cell, code in face_up.items() if cell != "e5")
    return position(cells, tile=tile, turn="s1")


def scoring_moves_for(text: str, cells: list[str]) -> set[str]:
    """Legal scoring moves whose combination is exactly `cells`."""
    wanted = ",".join(sorted(cells, key=lambda c: (int(c[1]), c[0])))
    return {m for m in G.legal_moves(G.from_position(text)) if m.split("!")[0] == wanted}


# -- the 17 shapes, written here independently of the engine's table (docs/rules-decisions.md)

SHAPES = {
    "line3": ([(0, 0), (0, 1), (0, 2)], [(0, 1)]),
    "corner3": ([(0, 0), (0, 1), (1, 1)], [(0, 1)]),
    "diagonal3": ([(0, 0), (1, 1), (2, 2)], [(1, 1)]),
    "line4": ([(0, 0), (0, 1), (0, 2), (0, 3)], [(0, 1), (0, 2)]),
    "L4": ([(0, 0), (0, 1), (1, 0), (2, 0)], [(0, 0), (1, 0)]),
    "T4": ([(0, 0), (0, 1), (0, 2), (1, 1)], [(0, 1)]),
    "S4": ([(0, 1), (0, 2), (1, 0), (1, 1)], [(0, 1), (1, 1)]),
    "diagonal4": ([(0, 0), (1, 1), (2, 2), (3, 3)], [(1, 1), (2, 2)]),
    "line5": ([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], [(0, 2)]),
    "diagonal5": ([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)], [(2, 2)]),
    "L5": ([(0, 0), (0, 1), (1, 0), (2, 0), (3, 0)], [(1, 0)]),
    "V5": ([(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)], [(0, 0)]),
    "U5": ([(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)], [(1, 1)]),
    "plus5": ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], [(1, 1)]),
    "F5": ([(0, 2), (1, 0), (1, 1), (1, 2), (2, 1)], [(1, 1)]),
    "N5": ([(0, 1), (1, 0), (1, 1), (2, 0), (3, 0)], [(1, 0)]),
    "Y5": ([(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)], [(1, 1)]),
}
POINTS = {3: 2, 4: 4, 5: 7}


def orientations(cells, marks):
    """All distinct rotations and reflections, each moved to start at row 0, column 0."""
    result = {}
    for turn in range(4):
        for mirror in (False, True):

            def move(rc, turn=turn, mirror=mirror):
                r, c = rc
                if mirror:
                    c = -c
                for _ in range(turn):
                    r, c = c, -r
                return r, c

            moved = [move(rc) for rc in cells]
            moved_marks = [move(rc) for rc in marks]
            r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
            key = frozenset((r - r0, c - c0) for r, c in moved)
            result[key] = frozenset((r - r0, c - c0) for r, c in moved_marks)
    return list(result.items())


def to_cells(rc_cells) -> list[str]:
    """Shape cells laid into the square c3-g7: row = rank upward from 3, column = file from c."""
    return [f"{'cdefg'[c]}{3 + r}" for r, c in rc_cells]


BLUES = ["Pb", "Bb", "Wb", "Cb", "Hb"]  # five blue tiles without the crown (Kb)

SHAPE_CASES = [
    pytest.param(name, cells, marks, id=f"{name}-{k}")
    for name, (base, base_marks) in SHAPES.items()
    for k, (cells, marks) in enumerate(orientations(base, base_marks))
]


class TestEveryShapeInEveryOrientationScores:
    def test_seventy_three_orientations_in_all(self):
        # 17 shapes: lines and diagonals have 2 orientations, the plus 1, corner/T/S/V/U 4, the rest 8.
        assert len(SHAPE_CASES) == 73

    @pytest.mark.parametrize("name,cells,marks", SHAPE_CASES)
    def test_shape_scores_with_its_marked_flips(self, name, cells, marks):
        names = to_cells(sorted(cells))
        text = scoring_position(dict(zip(names, BLUES)))
        expected_flips = set(to_cells(marks))
        moves = scoring_moves_for(text, names)
        assert {m.split("!")[1] for m in moves} == expected_flips
        s = G.from_position(text)
        for move in moves:
            effect = G.effect(s, move)
            assert effect.shape == name
            assert effect.points == POINTS[len(cells)]

    @pytest.mark.parametrize("name,cells,marks", SHAPE_CASES[::7])
    def test_unmarked_tile_may_not_be_flipped(self, name, cells, marks):
        names = to_cells(sorted(cells))
        s = G.from_position(scoring_position(dict(zip(names, BLUES))))
        unmarked = sorted(set(names) - set(to_cells(marks)))
        move = ",".join(sorted(names, key=lambda c: (c[1], c[0]))) + "!" + unmarked[0]
        with pytest.raises(IllegalMove, match="marked tile"):
            G.play(s, move)


class TestNearMissesDoNotScore:
    @pytest.mark.parametrize(
        "cells",
        [
            pytest.param(["d4", "e4", "d5", "e5"], id="2x2-square"),
            pytest.param(["d4", "e4", "d5", "e5", "d6"], id="P-pentomino"),
            pytest.param(["d6", "e6", "f6", "e5", "e4"], id="T-pentomino"),
            pytest.param(["d6", "d5", "e5", "e4", "f4"], id="W-pentomino"),
            pytest.param(["d6", "e6", "e5", "e4", "f4"], id="Z-pentomino"),
            pytest.param(["d4", "e5", "f5"], id="diagonal-then-orthogonal"),
            pytest.param(["c4", "d5", "e5", "f5"], id="diagonal-then-line"),
            pytest.param(["c5", "d5", "f5"], id="line-with-gap"),
            pytest.param(["c3", "d5", "e7"], id="knight-steps"),
        ],
    )
    def test_cells_outside_the_seventeen_shapes(self, cells):
        text = scoring_position(dict(zip(cells, BLUES)), tile="Kv", spare=True)
        assert not scoring_moves_for(text, cells)
        # Written in the notation's order (by rank, then file), so that only the shape is wrong.
        ordered = sorted(cells, key=lambda c: (c[1], c[0]))
        move = ",".join(ordered) + "!" + cells[1]
        with pytest.raises(IllegalMove, match="17 shapes"):
            G.play(G.from_position(text), move)

    def test_mixed_colour_and_motif_does_not_score(self):
        # Pb-Py share the pug, Py-Cy the yellow, but the three share nothing.
        text = scoring_position({"d5": "Pb", "e5": "Py", "f5": "Cy"}, tile="Kv", spare=True)
        assert not scoring_moves_for(text, ["d5", "e5", "f5"])
        with pytest.raises(IllegalMove, match="one colour or all one motif"):
            G.play(G.from_position(text), "d5,e5,f5!e5")

    def test_same_motif_scores_like_same_colour(self):
        text = scoring_position({"d5": "Pb", "e5": "Po", "f5": "Pp"})
        assert scoring_moves_for(text, ["d5", "e5", "f5"]) == {"d5,e5,f5!e5"}
        assert G.effect(G.from_position(text), "d5,e5,f5!e5").points == 2

    def test_face_down_tile_inside_breaks_the_combination(self):
        # e5 holds a blue tile, but face down.
        text = position(full_layout({"d5": "Pb", "e5": "hb", "f5": "Wb", **SPARE}), tile="Kv", turn="s1")
        assert not scoring_moves_for(text, ["d5", "e5", "f5"])
        with pytest.raises(IllegalMove, match="face down"):
            G.play(G.from_position(text), "d5,e5,f5!e5")

    def test_face_down_tiles_never_score_again(self):
        cells = full_layout({"d5": "wb", "e5": "Pb", "f5": "Bb"})
        # Only a combination through the face-down blue bowl could score: no scoring step at all.
        with pytest.raises(PositionError, match="no combination"):
            G.from_position(position(cells, tile="Bb", turn="s1"))


class TestPoints:
    @pytest.mark.parametrize(
        "cells,points",
        [
            (["d5", "e5", "f5"], 2),
            (["d5", "e5", "f5", "g5"], 4),
            (["c5", "d5", "e5", "f5", "g5"], 7),
        ],
    )
    def test_points_by_size(self, cells, points):
        s = G.from_position(scoring_position(dict(zip(cells, BLUES))))
        move = max(G.legal_moves(s), key=len)
        assert move.split("!")[0] == ",".join(cells)
        after = G.play(s, move)
        assert G.scores(after) == [points]

    @pytest.mark.parametrize("size,points", [(3, 3), (4, 5), (5, 8)])
    def test_a_crown_adds_one_point(self, size, points):
        cells = ["c5", "d5", "e5", "f5", "g5"][:size]
        tiles = ["Kb", "Pb", "Wb", "Cb", "Hb"][:size]  # Kb, the blue cushion, wears the crown
        s = G.from_position(scoring_position(dict(zip(cells, tiles)), tile="Kb"))
        option = next(o for o in G.scoring_options(s) if len(o.cells) == size)
        assert option.crown and option.points == points


class TestFlipChoice:
    LINE4 = {"d5": "Pb", "e5": "Bb", "f5": "Wb", "g5": "Cb"}

    def test_two_marked_tiles_the_player_chooses(self):
        text = scoring_position(self.LINE4)
        assert scoring_moves_for(text, list(self.LINE4)) == {"d5,e5,f5,g5!e5", "d5,e5,f5,g5!f5"}

    def test_the_chosen_tile_turns_face_down(self):
        s = G.play(G.from_position(scoring_position(self.LINE4)), "d5,e5,f5,g5!f5")
        assert G.tiles(s, 0)["f5"] == ("Wb", False)
        assert G.tiles(s, 0)["e5"] == ("Bb", True)
        assert G.face_down_count(s, 0) == 22  # 21 face-down fillers and the flipped bowl

    def test_an_end_tile_is_not_marked(self):
        s = G.from_position(scoring_position(self.LINE4))
        with pytest.raises(IllegalMove, match="e5 or f5"):
            G.play(s, "d5,e5,f5,g5!d5")

    def test_a_flip_must_be_named(self):
        s = G.from_position(scoring_position(self.LINE4))
        with pytest.raises(InvalidMoveText, match="after '!'"):
            G.play(s, "d5,e5,f5,g5")

    def test_only_the_listed_text_of_a_scoring_is_a_move(self):
        # Issue 12: an engine accepts exactly the texts legal_moves lists (a record holds what was typed).
        s = G.from_position(scoring_position(self.LINE4))
        with pytest.raises(InvalidMoveText, match="'d5,e5,f5,g5!e5'"):
            G.play(s, "g5,d5,f5,e5!e5")
        assert G.play(s, "d5,e5,f5,g5!e5").moves == ("d5,e5,f5,g5!e5",)

    def test_a_combination_may_be_part_of_a_larger_group(self):
        moves = G.legal_moves(G.from_position(scoring_position(self.LINE4)))
        assert "d5,e5,f5!e5" in moves and "e5,f5,g5!f5" in moves


class TestPlacing:
    START = position({"e5": "Pb"}, pile="WbCb", tile="Kv")

    def test_first_tile_goes_beside_the_start_tile(self):
        assert G.legal_moves(G.from_position(self.START)) == ["e4", "d5", "f5", "e6"]

    def test_a_corner_is_not_enough(self):
        with pytest.raises(IllegalMove, match="along a side"):
            G.play(G.from_position(self.START), "f6")

    def test_an_occupied_cell_is_refused(self):
        with pytest.raises(IllegalMove, match="already holds a tile"):
            G.play(G.from_position(self.START), "e5")

    def test_outside_the_frame_is_not_a_cell(self):
        with pytest.raises(InvalidMoveText, match="not a move"):
            G.play(G.from_position(self.START), "j5")

    def test_the_layout_stays_within_five_by_five(self):
        row = {"c5": "Hg", "d5": "Wg", "e5": "Pb", "f5": "Cv", "g5": "Bo"}
        s = G.from_position(position(row, pile="Wb", tile="Kv"))
        assert "b5" not in G.legal_moves(s) and "h5" not in G.legal_moves(s)
        assert G.blocked_cells(s) == {
            "b5": "the layout may span at most 5 files and 5 ranks (5x5 limit)",
            "h5": "the layout may span at most 5 files and 5 ranks (5x5 limit)",
        }
        with pytest.raises(IllegalMove, match="5x5 limit"):
            G.play(s, "h5")
        # files c-g (2-6, 0-based) are the row's; it may still grow to any rank, 1-9 (0-8)
        assert G.open_area(s, 0) == (2, 6, 0, 8)
        assert G.layout_extent(s, 0) == (2, 6, 4, 4)

    def test_placing_a_tile_puts_it_there(self):
        s = G.play(G.from_position(self.START), "f5")
        assert G.tiles(s, 0)["f5"] == ("Kv", True)
        assert G.revealed_tile(s) == "Wb"  # solo: the next round begins


class TestTurnsWithinARound:
    def test_caller_then_second_seat_then_next_tile(self):
        s = G.new_game(2, seed=1, starts=["Pb", "Hv"], draws=["Kv", "Wy", "Co"])
        assert (G.revealed_tile(s), G.current_player(s), s.phase) == ("Kv", 0, "place")
        s = G.play(s, "f5")
        assert (G.revealed_tile(s), G.current_player(s)) == ("Kv", 1)
        s = G.play(s, "e4")
        assert (G.revealed_tile(s), G.current_player(s)) == ("Wy", 0)

    def test_scoring_follows_placing_before_the_next_seat(self):
        text = position({"e5": "Pb", "f5": "Wb"}, {"e5": "Hv"}, pile="KvCo", tile="Cb", turn="p1")
        s = G.play(G.from_position(text), "g5")
        assert (G.current_player(s), s.phase) == (0, "score")
        assert G.legal_moves(s) == ["e5,f5,g5!f5", "pass"]
        s = G.play(s, "pass")
        assert (G.current_player(s), s.phase) == (1, "place")

    def test_without_a_combination_the_scoring_step_is_skipped(self):
        text = position({"e5": "Pb", "f5": "Wb"}, {"e5": "Hv"}, pile="KvCo", tile="Cg", turn="p1")
        s = G.play(G.from_position(text), "g5")
        assert (G.current_player(s), s.phase) == (1, "place")

    def test_scoring_before_placing_is_refused(self):
        text = position({"e5": "Pb", "f5": "Wb"}, pile="Kv", tile="Cb")
        for move in ("pass", "d5,e5,f5!e5"):
            with pytest.raises(IllegalMove, match="after placing"):
                G.play(G.from_position(text), move)

    def test_placing_twice_is_refused(self):
        text = position({"e5": "Pb", "f5": "Wb", "g5": "Cb"}, pile="Kv", tile="Cb", turn="s1")
        with pytest.raises(IllegalMove, match="already placed"):
            G.play(G.from_position(text), "d5")


class TestSittingOut:
    def test_a_seat_whose_start_tile_is_revealed_sits_out(self):
        s = G.new_game(2, seed=3, starts=["Pb", "Hv"], draws=["Hv", "Kv"])
        assert G.sitting_out(s) == {1: "start tile revealed"}
        assert G.waiting_seats(s) == [0]
        s = G.play(s, "f5")
        # Seat 2 neither places nor scores: the next tile is revealed for the caller.
        assert (G.revealed_tile(s), G.current_player(s)) == ("Kv", 0)
        assert G.tiles(s, 1) == {"e5": ("Hv", True)}

    def test_a_full_layout_sits_the_remaining_rounds_out(self):
        full = full_layout({"e5": "Pb"}, avoid="KvCoWy")
        text = position(full, {"e5": "Hv"}, pile="KvCo", tile="Wy", turn="p2")
        s = G.from_position(text)
        assert G.sitting_out(s) == {0: "layout full"}
        s = G.play(s, "e4")
        assert (G.revealed_tile(s), G.current_player(s)) == ("Kv", 1)

    def test_a_round_nobody_plays_is_skipped(self):
        full = full_layout({"e5": "Pb"}, avoid="HvCoWy")
        # After this round the second seat's own start tile comes up: nobody acts on it.
        text = position(full, {"e5": "Hv"}, pile="HvCo", tile="Wy", turn="p2")
        s = G.play(G.from_position(text), "e4")
        assert (G.revealed_tile(s), G.current_player(s)) == ("Co", 1)


class TestEndAndWinners:
    @staticmethod
    def almost_full(start: str, face_up: dict[str, str] | None = None) -> dict[str, str]:
        cells = full_layout({"e5": start, **(face_up or {})})
        del cells["g7"]
        return cells

    def test_game_ends_when_every_layout_is_full(self):
        one = self.almost_full("Pb")
        two = self.almost_full("Pb")
        # Both layouts use the same 24 tiles; the caller's pile still holds the rest.
        used = {code[0].upper() + code[1] for code in one.values()}
        rest = [t for t in ALL_TILES if t not in used]
        text = position(one, two, pile="".join(rest[1:]), tile=rest[0], scores=[3, 5])
        s = G.play(G.from_position(text), "g7")
        assert not G.is_over(s)
        s = G.play(s, "g7")
        assert G.is_over(s) and G.legal_moves(s) == [] and G.current_player(s) is None
        assert G.winners(s) == [1]
        assert G.position(s).split(" ")[2:4] == ["-", "-"]

    def test_tie_on_points_goes_to_fewer_face_down_tiles(self):
        one = full_layout({"e5": "Pb", "d5": "Wg"}, avoid="Kv")  # 23 face down
        two = full_layout({"e5": "Pb"}, avoid="Kv")  # 24 face down
        text = position(one, two, pile="Kv", turn="-", scores=[4, 4])
        assert G.winners(G.from_position(text)) == [0]

    def test_full_tie_is_shared(self):
        one = full_layout({"e5": "Pb"}, avoid="Kv")
        text = position(one, one, pile="Kv", turn="-", scores=[4, 4])
        assert G.winners(G.from_position(text)) == [0, 1]

    def test_solo_player_is_the_winner(self):
        text = position(full_layout({"e5": "Pb"}, avoid="Kv"), pile="Kv", turn="-", scores=[17])
        s = G.from_position(text)
        assert G.is_over(s) and G.winners(s) == [0] and G.scores(s) == [17]

    def test_an_empty_pile_ends_the_game_early(self):
        # Variant "Ersatzplättchen": refusals have used up the pile before the layout is full.
        text = position({"e5": "Pb", "e4": "wb"}, pile="-", tile="Kv", extra="x1")
        s = G.play(G.from_position(text), "e6")
        assert G.is_over(s) and G.round_number(s) == 35


class TestErsatzplaettchen:
    TEXT = position({"e5": "Pb", "e4": "wb"}, pile="CoKg", tile="Kv", extra="x0")

    def test_refusing_onto_a_face_down_tile_costs_two_then_three_then_four(self):
        s = G.from_position(self.TEXT)
        assert "xe4" in G.legal_moves(s)
        s = G.play(s, "xe4")
        assert G.scores(s) == [-2] and G.tiles(s, 0)["e4"] == ("Wb", False)
        assert G.revealed_tile(s) == "Co"
        s = G.play(s, "xe4")
        assert G.scores(s) == [-5]
        assert G.next_refusal_cost(s, 0) == 4

    def test_a_refused_tile_leaves_the_layout_as_it_was(self):
        s = G.play(G.from_position(self.TEXT), "xe4")
        assert G.tiles(s, 0) == {"e5": ("Pb", True), "e4": ("Wb", False)}

    def test_only_onto_a_face_down_tile(self):
        with pytest.raises(IllegalMove, match="face-down tiles; e5 is not one"):
            G.play(G.from_position(self.TEXT), "xe5")

    def test_only_in_the_variant(self):
        text = self.TEXT.replace(" x0", "")
        assert not any(m.startswith("x") for m in G.legal_moves(G.from_position(text)))
        with pytest.raises(IllegalMove, match="Ersatzpl"):
            G.play(G.from_position(text), "xe4")

    def test_after_refusing_the_player_may_still_score(self):
        text = position({"e5": "Pb", "e4": "wb", "f5": "Bb", "g5": "Cb"}, pile="CoKg", tile="Kv", extra="x2")
        s = G.play(G.from_position(text), "xe4")
        assert s.phase == "score" and G.scores(s) == [-4]
        assert G.legal_moves(s) == ["e5,f5,g5!f5", "pass"]

    def test_new_game_option(self):
        s = G.new_game(2, seed=0, ersatz=True)
        assert s.ersatz and G.position(s).endswith(" x0,0")


class TestWertung:
    def test_no_scoring_during_the_rounds(self):
        text = position({"e5": "Pb", "f5": "Wb"}, pile="KvCo", tile="Cb", extra="w")
        s = G.play(G.from_position(text), "g5")
        assert s.phase == "place" and G.revealed_tile(s) == "Kv"

    def test_final_scoring_in_turns_until_nobody_can(self):
        one = full_layout({"c5": "Pb", "d5": "Wb", "e5": "Cb", "f5": "Hb", "g5": "Bb"}, avoid="Kv")
        two = full_layout({"e5": "Hg", "e6": "Wg", "e7": "Cg"}, avoid="KvCb")
        text = position(one, two, pile="Kv", turn="f1", extra="w")
        s = G.from_position(text)
        assert "pass" not in G.legal_moves(s)
        with pytest.raises(IllegalMove, match="must score"):
            G.play(s, "pass")
        s = G.play(s, "c5,d5,e5!d5")  # seat 1 takes a small one first ...
        assert (G.current_player(s), s.phase) == (1, "final")
        s = G.play(s, "e5,e6,e7!e6")
        assert G.current_player(s) == 0  # ... seat 2 has nothing left: seat 1 goes on alone
        s = G.play(s, "e5,f5,g5!f5")
        assert G.is_over(s) and G.scores(s) == [4, 2] and G.winners(s) == [0]

    def test_ends_at_once_when_nobody_can_score(self):
        text = position(full_layout({"e5": "Pb"}, avoid="Kv"), pile="Kv", tile="-", turn="-", extra="w")
        assert G.is_over(G.from_position(text))

    def test_placement_phase_ends_in_the_final_scoring(self):
        cells = full_layout({"c5": "Pb", "d5": "Wb", "e5": "Cb"}, avoid="KvHb")
        del cells["g7"]
        text = position(cells, pile="Kv", tile="Hb", extra="w")
        s = G.play(G.from_position(text), "g7")
        assert (s.phase, G.current_player(s), G.revealed_tile(s)) == ("final", 0, None)


class TestNewGameOptions:
    def test_starts_and_draws_fix_the_chance(self):
        s = G.new_game(3, seed=9, starts=["Pb", "Hv", "Pb"], draws=["Kv", "Wy"])
        assert [G.tiles(s, k)["e5"][0] for k in range(3)] == ["Pb", "Hv", "Pb"]
        assert G.revealed_tile(s) == "Kv" and G.round_number(s) == 1
        assert len(G.remaining_tiles(s)) == 34
        for seat_move in ("f5", "f5", "f5"):
            s = G.play(s, seat_move)
        assert G.revealed_tile(s) == "Wy" and G.round_number(s) == 2

    def test_start_tiles_never_have_a_crown(self):
        for seed in range(60):
            s = G.new_game(4, seed=seed)
            assert all(G.tiles(s, k)["e5"][0] not in CROWNS for k in range(4))

    def test_the_pile_is_the_callers_other_35_tiles(self):
        s = G.new_game(2, seed=4)
        pile = {G.revealed_tile(s), *G.remaining_tiles(s)}
        assert len(pile) == 35 and G.tiles(s, 0)["e5"][0] not in pile

    @pytest.mark.parametrize(
        "options,message",
        [
            (dict(starts=["Kb", "Pb"]), "crown"),
            (dict(starts=["Pb"]), "one tile per seat"),
            (dict(starts=["Xx", "Pb"]), "not a tile code"),
            (dict(draws=["Pb", "Pb"]), "each tile once"),
            (dict(starts=["Pb", "Wb"], draws=["Pb"]), "caller's start tile"),
            (dict(draws="PbWb"), "list of tile codes"),
            (dict(ersatz="yes"), "true or false"),
            (dict(wertung=1), "true or false"),
        ],
    )
    def test_bad_options(self, options, message):
        with pytest.raises(ValueError, match=message):
            G.new_game(2, seed=0, **options)

    def test_one_to_four_players(self):
        assert (G.min_players, G.max_players) == (1, 4)
        with pytest.raises(ValueError):
            G.new_game(5)


class TestPositionNotation:
    EXAMPLES = [
        position({"e5": "Pb"}, pile="WbCb", tile="Kv"),
        position({"e5": "Pb", "e4": "wb"}, pile="CoKg", tile="Kv", extra="x3"),
    ]
    # What a player sees: the pile's order hidden ('?'), its tiles sorted.
    OBSERVED = [
        "9/9/9/9/4PbWbCb2/9/9/9/9,9/9/9/9/4Wy4/4Wb4/9/9/9 ?PoKbHy Cb s1 0,0",
        "9/9/9/9/4PbwbCb2/9/9/9/9,9/9/9/9/4Wy4/4Wb4/9/9/9 ?PoKbHy Cb p2 2,0",
    ]

    @pytest.mark.parametrize("text", EXAMPLES)
    def test_round_trip(self, text):
        assert G.position(G.from_position(text)) == text

    @pytest.mark.parametrize("text", OBSERVED)
    def test_what_a_player_sees_reads_back_but_is_no_position_to_play_from(self, text):
        """Issue 12: a game never goes on from an observation, whose pile has no order."""
        assert G.position(G.from_public_position(text)) == text
        with pytest.raises(PositionError, match="hidden"):
            G.from_position(text)

    def test_the_documented_start_position(self):
        assert G.position(G.new_game(2, seed=0)) == (
            "9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 KpBbKoBpWbHpKvByCgBgHgKyWoCyHbPpPyHoPoCpKbHvKgCoBvHyCbPgBoWgCvWyPvWv Pb p1 0,0"
        )

    @pytest.mark.parametrize(
        "text,message",
        [
            ("9/9/9/9/9/9/9/9/9 - Kv p1 0", "e5, which is empty"),
            ("9/9/9/9/4Kb4/9/9/9/9 - Pv p1 0", "crown"),
            ("9/9/9/9/4Pb1Wb2/9/9/9/9 - Kv p1 0", "connected"),
            ("9/9/9/9/PbWbCbHbKvBg3/9/9/9/9 - Kg p1 0", "5x5"),
            ("9/9/9/9/4PbPb3/9/9/9/9 - Kv p1 0", "each tile once"),
            ("9/9/9/9/4Pb4/9/9/9/9 KvKv Wb p1 0", "each tile once"),
            ("9/9/9/9/4Pb4/9/9/9/9 Kv Kv p1 0", "also be in the pile"),
            ("9/9/9/9/4Pb4/9/9/9/9 Pb Kv p1 0", "caller's start tile"),
            ("9/9/9/9/4Pb3/9/9/9/9 - Kv p1 0", "describes 8 cells"),
            ("9/9/9/9/4Pb4/9/9/9/9 - Kv q1 0", "the turn is"),
            ("9/9/9/9/4Pb4/9/9/9/9 - Kv p1 0,0", "one number per seat"),
            ("9/9/9/9/4Pb4/9/9/9/9 - Kv s1 0", "no combination"),
            ("9/9/9/9/4Pb4/9/9/9/9 - - f1 0", "Wertung"),
            ("9/9/9/9/4Pb4/9/9/9/9 Kv - - 0", "rounds go on"),
            ("9/9/9/9/4Pb4/9/9/9/9 - Kv p1 0 z", "unexpected token"),
        ],
    )
    def test_errors_say_what_is_wrong(self, text, message):
        with pytest.raises(PositionError, match=message):
            G.from_position(text)

    def test_seats_act_in_order_within_a_round(self):
        # Seat 2 already holds this round's tile, so seat 1 cannot still be to place it.
        text = position({"e5": "Pb"}, {"e5": "Hv", "e4": "Kv"}, pile="Wb", tile="Kv", turn="p1")
        with pytest.raises(PositionError, match="already placed"):
            G.from_position(text)


class TestHiddenPile:
    def test_observation_shows_which_tiles_are_left_but_not_their_order(self):
        s = G.new_game(2, seed=6)
        seen = G.observation(s, 1)
        assert sorted(seen.pile) == list(seen.pile) and sorted(s.pile) == list(seen.pile)
        assert G.position(seen).split(" ")[1].startswith("?")
        assert G.legal_moves(seen) == G.legal_moves(s)
        assert G.current_player(seen) == G.current_player(s)
        assert G.observation(s, 0) == G.observation(s, None) == seen

    def test_the_observation_keeps_no_seed_draws_or_start_position(self):
        # The seed and `draws` fix the pile's order, and so would the text of a start position:
        # none of them stays in the observation, nor in its record, which replays into nothing.
        s = G.play(G.new_game(2, seed=6, draws=["Kv", "Wy", "Co"]), "f5")
        seen = G.observation(s, 0)
        assert seen.setup == Setup(players=2, seed=None)
        record = G.record(seen)
        assert record.get("seed") is None and "draws" not in json.dumps(record) and record["moves"] == ["f5"]
        with pytest.raises(RecordError):
            G.from_record(record)
        started = G.from_position(G.position(s))
        assert G.observation(started, None).setup == Setup(players=2, seed=None)
        assert G.observation(started, None) == G.observation(replace(s, moves=()), None)

    def test_an_observation_cannot_reveal_the_next_tile(self):
        s = G.new_game(1, seed=6)
        seen = G.observation(s, 0)
        with pytest.raises(HiddenPileError):
            G.play(seen, G.legal_moves(seen)[0])

    def test_determinize_gives_a_pile_order_of_the_same_tiles(self):
        seen = G.observation(G.new_game(1, seed=6), 0)
        full = G.determinize(seen, random.Random(1))
        assert not full.hidden and sorted(full.pile) == list(seen.pile)
        G.play(full, G.legal_moves(full)[0])

    def test_undo_never_takes_back_a_reveal(self):
        s = G.new_game(2, seed=1, starts=["Pb", "Hv"], draws=["Kv", "Wy", "Co"])
        assert G.undo_floor(s) == 0
        s = G.play(s, "f5")
        assert G.undo_floor(s) == 0  # seat 2 still places Kv: nothing new revealed
        s = G.play(s, "e4")  # the round ends: Wy is revealed
        assert G.undo_floor(s) == 2


class TestQueriesForTheView:
    def test_scoring_options_list_cells_points_and_flips(self):
        text = scoring_position({"d5": "Pb", "e5": "Bb", "f5": "Wb", "g5": "Cb"})
        options = G.scoring_options(G.from_position(text))
        assert options[0].cells == ("d5", "e5", "f5", "g5")
        assert (options[0].shape, options[0].shared, options[0].feature, options[0].points) == ("line4", "colour", "b", 4)
        assert options[0].flips == ("e5", "f5")
        assert options[0].moves == ("d5,e5,f5,g5!e5", "d5,e5,f5,g5!f5")
        assert [o.points for o in options] == [4, 2, 2]

    def test_effects_describe_each_kind_of_move(self):
        s = G.from_position(position({"e5": "Pb", "e4": "wb", "f5": "Bb"}, pile="Co", tile="Cb", extra="x0"))
        place = G.effect(s, "g5")
        assert (place.seat, place.kind, place.tile, place.cell, place.points) == (0, "place", "Cb", "g5", 0)
        refuse = G.effect(s, "xe4")
        assert (refuse.kind, refuse.tile, refuse.onto, refuse.points) == ("refuse", "Cb", "e4", -2)
        s = G.play(s, "g5")
        score = G.effect(s, "e5,f5,g5!f5")
        assert (score.kind, score.cells, score.flip, score.points, score.shape) == ("score", ("e5", "f5", "g5"), "f5", 2, "line3")
        assert (score.shared, score.feature) == ("colour", "b")
        assert (G.effect(s, "pass").kind, G.effect(s, "pass").points) == ("pass", 0)

    def test_placement_and_refusal_cells(self):
        s = G.from_position(position({"e5": "Pb", "e4": "wb"}, pile="Co", tile="Cb", extra="x0"))
        assert G.placement_cells(s) == ["e3", "d4", "f4", "d5", "f5", "e6"]
        assert G.refusal_moves(s) == {"e4": "xe4"}

    def test_passing_is_offered_only_after_placing(self):
        """`may_pass` is the engine's answer to whether the list under the board offers a pass:
        after placing, never in the final scoring, where a player who can score must."""
        one = full_layout({"c5": "Pb", "d5": "Wb", "e5": "Cb"}, avoid="Kv")
        final = G.from_position(position(one, pile="Kv", turn="f1", extra="w"))
        scoring = G.from_position(scoring_position({"e5": "Pb", "f5": "Bb", "g5": "Wb"}))
        placing = G.new_game(players=2, seed=3)
        for s, offered in ((scoring, True), (final, False), (placing, False)):
            assert G.may_pass(s) == offered == ("pass" in G.legal_moves(s))
        # Placing in the final scoring is refused by a rule of its own, not by the round's.
        assert G.why_illegal(final, "h5").rule == "nothing-to-place" and G.why_illegal(scoring, "h5").rule == "tile-placed"

    def test_why_no_refusal_answers_a_refusal_before_a_tile_is_chosen(self):
        """The view's "Refuse the tile" with no face-down tile to choose: the engine names the
        rule, whatever cell a refusal would name (it used to be asked with a made-up move)."""
        one_down = G.from_position(position({"e5": "Pb", "e4": "wb"}, pile="Co", tile="Cb", extra="x0"))
        assert G.why_no_refusal(one_down) is None and G.refusal_moves(one_down) == {"e4": "xe4"}
        none_down = G.from_position(position({"e5": "Pb", "e4": "Wb"}, pile="Co", tile="Cb", extra="x0"))
        plain = G.from_position(position({"e5": "Pb", "e4": "wb"}, pile="Co", tile="Cb"))
        placed = G.play(G.from_position(position({"e5": "Pb", "f5": "Bb", "e4": "wb"}, pile="Co", tile="Cb", extra="x0")), "g5")
        assert placed.phase == "score"
        for s, rule in ((none_down, "no-face-down"), (plain, "no-ersatz"), (placed, "refuse-after-place")):
            refused = G.why_no_refusal(s)
            assert refused is not None and refused.rule == rule == G.why_illegal(s, "xa1").rule
            assert G.refusal_moves(s) == {}
        over = G.from_position(position(full_layout({"e5": "Pb"}, avoid="Kv"), pile="Kv", turn="-"))
        assert G.why_no_refusal(over).rule == "game-over"

    def test_a_new_round_is_told_by_the_tile_it_revealed(self):
        s = G.new_game(2, seed=1, starts=["Pb", "Hv"], draws=["Kv", "Wy"])
        placed = G.play(s, "f5")
        assert G.revealed_between(s, placed) is None  # the second seat still places Kv
        after = G.play(placed, "f5")
        assert G.revealed_between(placed, after) == "Wy" == G.revealed_tile(after)
        assert G.pile_size(after) == len(G.remaining_tiles(after)) == 33

    def test_the_tie_break_is_answered(self):
        teaching = G.from_public_position(TestWhyIllegal.TEACHING)
        flipped = G.play(teaching, "e5,f5,g5!f5")  # the first seat now has a face-down tile
        over = replace(flipped, phase="over", to_move=None, tile=None)
        assert G.winners(replace(over, scores=(2, 2))) == [1] and G.won_on_tie_break(replace(over, scores=(2, 2)))
        assert not G.won_on_tie_break(replace(over, scores=(3, 2)))
        shared = replace(over, layouts=(over.layouts[1], over.layouts[1]), scores=(2, 2))
        assert G.winners(shared) == [0, 1] and not G.won_on_tie_break(shared)

    def test_solitaire_the_layout_in_front_and_its_extent(self):
        solo, duo = G.new_game(1, seed=2), G.new_game(2, seed=2)
        assert G.is_solitaire(solo) and not G.is_solitaire(duo)
        s = G.play(G.play(duo, "f5"), "d5")
        assert G.seat_in_front(duo) == 0 and G.seat_in_front(G.play(duo, "f5")) == 1
        assert G.layout_extent(s, 0) == (4, 5, 4, 4) and G.layout_extent(s, 1) == (3, 4, 4, 4)
        assert G.tile_count(s, 0) == 2 and G.face_down_count(s, 0) == 0

    def test_the_score_board_is_the_engine_s(self):
        board = G.score_board()
        assert board.shape_count == 17 and board.sizes == (3, 4, 5) and board.crown_bonus == 1
        assert [(row.size, row.points) for row in board.rows] == [(3, 2), (4, 4), (5, 7)]
        for row in board.rows:
            for shape in row.shapes:
                # Each shape as printed scores as that shape, turning one of its marked tiles.
                cells = {f"{FILES[2 + c]}{7 - r}": code for (r, c), code in zip(shape.cells, ("Pb", "Bb", "Wb", "Cb", "Hb"))}
                scoring = G.scoring_options(G.from_position(scoring_position(cells)))
                assert any(o.shape == shape.name and len(o.cells) == row.size for o in scoring), shape.name

    @pytest.mark.parametrize(
        "starts, draws, rule",
        [
            (["Pb"], None, "starts-count"),
            (["Kb", "Pb"], None, "start-crown"),
            (["Xx", "Pb"], None, "not-a-tile"),
            (None, ["Pb", "Pb"], "draws-twice"),
            (["Pb", "Wb"], ["Pb"], "caller-start-drawn"),
            (None, [m + c for m in MOTIFS for c in COLOURS], "draws-too-many"),
            (None, [t for t in ALL_TILES if t not in CROWNS], "no-start-left"),
        ],
    )
    def test_tiles_chosen_by_hand_are_refused_by_a_rule(self, starts, draws, rule):
        with pytest.raises(TileOptionError) as refused:
            G.check_tile_options(2, starts, draws)
        assert refused.value.rule == rule
        with pytest.raises(ValueError):
            G.new_game(2, seed=0, starts=starts, draws=draws)


class TestWhyIllegal:
    # The module docstring's teaching position: seat 1 has laid the can on g5 and may score e5-g5.
    TEACHING = "9/9/9/9/4PbWbCb2/9/9/9/9,9/9/9/9/4Wy4/4Wb4/9/9/9 ?PoKbHy Cb s1 0,0"

    def test_scoring_is_asked_of_the_engine(self):
        s = G.from_public_position(self.TEACHING)
        assert s.phase == "score" and G.why_illegal(s, "e5,f5,g5!f5") is None
        refusal = G.why_illegal(s, "e5,f5,g5!e5")
        assert (refusal.rule, refusal.params) == ("flip-not-marked", {"shape": "line3", "marks": ("f5",)})
        assert G.why_illegal(s, "d5").rule == "tile-placed"

    def test_a_refusal_without_a_face_down_tile_names_no_cell(self):
        s = G.new_game(players=1, seed=1, ersatz=True)
        assert s.phase == "place"
        assert G.why_illegal(s, "xe5").rule == G.why_illegal(s, "xa1").rule == "no-face-down"
        assert G.why_illegal(G.new_game(players=1, seed=1), "xe5").rule == "no-ersatz"

    def test_placing_names_the_rule(self):
        s = G.new_game(players=1, seed=1)
        assert G.why_illegal(s, "e6") is None
        assert G.why_illegal(s, "a1").rule == "not-touching" and G.why_illegal(s, "e5").rule == "cell-taken"

    def test_the_ranking_breaks_ties_by_fewer_face_down_tiles(self):
        s = G.from_public_position(self.TEACHING)
        assert G.ranking(replace(s, scores=(2, 2))) == (0, 1)
        flipped = G.play(G.from_public_position(self.TEACHING), "e5,f5,g5!f5")  # the first seat turns f5 face down
        assert G.ranking(replace(flipped, scores=(2, 2))) == (1, 0)
        assert G.ranking(replace(flipped, scores=(3, 2))) == (0, 1)
