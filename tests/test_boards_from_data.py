"""Every board drawn from literal data: a small state written out (only the fields the board reads)
and the marks a view would build, with no engine anywhere (render/board_marks.py: the board
contract). What is asserted is what a player sees: the marked targets, the last move, the hint."""

from __future__ import annotations

from types import SimpleNamespace

from markup import enabled, parse, targets

from ludothek.ai.base import Exact
from ludothek.games.fenn import TurnStart
from ludothek.games.mops_layout import EMPTY
from ludothek.games.nummerus import FIELD_INDEX, FIELD_NAMES
from ludothek.render import fenn_board, momentum_board, momox_board, mops_board, nummerus_board
from ludothek.render.board_marks import BoardMarks, Control
from ludothek.render.fenn_board import FennPayload
from ludothek.render.momox_board import MomoxPayload
from ludothek.render.mops_board import MopsPayload
from ludothek.render.nummerus_board import NummerusPayload


def classes(element) -> set[str]:
    return set((element.get("class") or "").split())


def by_class(svg: str, name: str) -> list:
    return [e for e in parse(svg).iter() if name in classes(e)]


def field(svg: str, value: str):
    return next(e for e in parse(svg).iter() if e.get("data-field") == value)


class TestMomentum:
    # a 3x3 board, a1 at index 0: Red on a1 (just placed), Blue pushed from a2 to b2, a hole on c3
    state = SimpleNamespace(width=3, height=3, board="R.." + ".B." + "..x")
    effect = SimpleNamespace(kind="placed", cell=0, pushes=(SimpleNamespace(origin=3, to=4, stone="B"),))

    def draw(self, **changes) -> str:
        marks: BoardMarks[None] = BoardMarks(
            interactive=True,
            legal=frozenset({"c1", "a2"}),
            labels={"c1": "c1: empty", "a1": "a1: Red stone"},
            effect=self.effect,
            hints={"c1": "hint"},
            label="A test board",
        )
        return momentum_board.board_svg(self.state, BoardMarks(**{**marks.__dict__, **changes}))

    def test_the_legal_cells_are_the_targets_a_click_may_use(self):
        svg = self.draw()
        assert set(targets(svg)) == {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}
        assert enabled(svg) == {"c1", "a2"}
        assert targets(svg)["c1"].get("aria-label") == "c1: empty"
        assert parse(svg)[0].get("aria-label") == "A test board"

    def test_the_last_move_and_its_push_are_marked(self):
        svg = self.draw()
        assert "last" in classes(targets(svg)["a1"])
        assert "vacated" in classes(targets(svg)["a2"])
        assert len(by_class(svg, "push-trail")) == 1

    def test_the_hint_carries_a_check(self):
        svg = self.draw()
        assert "hinted" in classes(targets(svg)["c1"])
        assert len(by_class(svg, "hint-badge")) == 1

    def test_a_picture_has_no_targets_and_setup_controls_are_drawn_over_cells(self):
        svg = self.draw(interactive=False, controls=(Control("b2", "setup-cell", "b2: empty. Click to change."),))
        assert targets(svg) == {}
        (button,) = [e for e in parse(svg).iter() if e.get("data-action") == "setup-cell"]
        assert button.get("data-cell") == "b2" and button.get("aria-label") == "b2: empty. Click to change."


class TestFenn:
    # blue on field 2 showing 7, red beside the board after field 9 showing 4, black shows 6
    state = SimpleNamespace(outcome=None, to_move=0, black=6, field_of=lambda seat: (2, 10)[seat], face_of=lambda seat: (7, 4)[seat])
    payload = FennPayload(phase="step", enterable=frozenset({3, 4}), closed=frozenset({6}), latest_turn_start=TurnStart(0, 0, 5, None))

    def draw(self) -> str:
        marks = BoardMarks(
            interactive=True,
            legal=frozenset({"3", "4"}),
            labels={"4": "Field 4: blue may step here."},
            selection=("4",),
            effect=SimpleNamespace(kind="step", seat=0, from_field=0, to_field=2),
            hints={"4": Exact(1, 3)},  # a win in 3 turns, 2 of them the winner's
            label="Fenn board, for a test.",
            payload=self.payload,
        )
        return fenn_board.board_svg(self.state, marks)

    def test_the_fields_the_die_may_enter_are_the_targets(self):
        svg = self.draw()
        assert enabled(svg) == {"3", "4"}
        four = targets(svg)["4"]
        assert four.get("aria-pressed") == "true" and "selected" in classes(four)
        assert four.get("aria-label") == "Field 4: blue may step here."

    def test_a_closed_field_is_hatched_with_a_no_entry_sign(self):
        six = field(self.draw(), "6")
        assert "closed" in classes(six)
        assert [e for e in six.iter() if "no-entry" in classes(e)]

    def test_the_last_step_and_where_the_turn_began_are_marked(self):
        svg = self.draw()
        assert "last" in classes(field(svg, "2"))
        (ghost,) = by_class(svg, "ghost")
        assert "blue" in classes(ghost)

    def test_the_hint_value_is_drawn_under_its_field(self):
        (mark,) = by_class(self.draw(), "hint-mark")
        assert "win" in classes(mark)


class TestMops:
    # one layout: a blue pug on e5 (placed last), the revealed tile a yellow bowl
    layout = bytes(0 if i == 40 else EMPTY for i in range(81))
    state = SimpleNamespace(layouts=[layout], phase="place", outcome=None, to_move=0, tile=17, pile=(1, 2, 3), scores=[0])

    def draw(self) -> str:
        kinds = tuple("up" if i == 40 else "free" if i in (31, 39, 41, 49) else "off" for i in range(81))
        payload = MopsPayload(revealed="Wy", head_title="Round 2", head_note="3 tiles left in the pile", kinds=kinds, heading="Your layout")
        marks = BoardMarks(
            interactive=True,
            legal=frozenset({"e6", "d5"}),
            labels={"e6": "e6: free. Place the yellow bowl here"},
            effect=SimpleNamespace(seat=0, kind="place", cell="e5"),
            hints={"e6": "hint"},
            description="Round 2: the revealed tile is the yellow bowl.",
            payload=payload,
        )
        return mops_board.board_svg(self.state, marks)

    def test_the_free_cells_offered_are_the_enabled_targets(self):
        svg = self.draw()
        assert enabled(svg) == {"e6", "d5"}
        assert targets(svg)["e6"].get("aria-label") == "e6: free. Place the yellow bowl here"
        assert [e for e in targets(svg)["e6"].iter() if "preview" in classes(e)]

    def test_the_last_tile_placed_is_ringed(self):
        assert "last" in classes(targets(self.draw())["e5"])

    def test_the_hint_and_the_description(self):
        svg = self.draw()
        assert "hinted" in classes(targets(svg)["e6"])
        (desc,) = [e for e in parse(svg).iter() if e.tag.endswith("desc")]
        assert desc.text == "Round 2: the revealed tile is the yellow bowl."


class TestMomox:
    # red on the red corner (0) to move, blue just walked from field 5 to the blue corner (8)
    state = SimpleNamespace(figures=(0, 8), to_move=0)
    payload = MomoxPayload(
        open_circle=0,
        open_chip=3,
        lying={0: frozenset({0, 1}), 8: frozenset({0}), 16: frozenset({0, 1}), 24: frozenset({0, 1})},
        steps_ahead={1: 1, 2: 2},
        walk_seat=1,
        walk_from=5,
        walk_path=(6, 7, 8),
        lifted=0,
        covered_again=4,
        walk_sharing=(1,),
    )

    def draw(self) -> str:
        marks = BoardMarks(
            interactive=True,
            legal=frozenset({"k1", "k2"}),
            labels={"k1": "Lift the bowl from circle 1"},
            hints={"k2": "hint"},
            last_move="k0",
            payload=self.payload,
            description="Red's figure stands on the red corner.",
        )
        return momox_board.board_svg(self.state, marks)

    def test_the_bowls_that_may_be_lifted_are_the_enabled_targets(self):
        svg = self.draw()
        assert enabled(svg) == {"k1", "k2"}
        assert targets(svg)["k1"].get("aria-label") == "Lift the bowl from circle 1"
        assert [t.strip() for t in targets(svg)["k0"].itertext() if t.strip()] == ["3"]  # the open chip

    def test_the_last_walk_is_marked(self):
        svg = self.draw()
        assert "last" in classes(field(svg, "8")) and "walk-start" in classes(field(svg, "5"))
        assert len(by_class(svg, "walk-trail")) == 1

    def test_the_hint_and_a_taken_tile(self):
        svg = self.draw()
        assert "hinted" in classes(targets(svg)["k2"])
        assert [e for e in by_class(svg, "tile-slot") if "blue" in classes(e)]  # blue's tile beside its corner is taken


class TestNummerus:
    # every field holds a chip (its index + 1) but e5, where the star stands
    star = FIELD_INDEX["e5"]
    state = SimpleNamespace(board=[0 if i == FIELD_INDEX["e5"] else i + 1 for i in range(len(FIELD_NAMES))], star=FIELD_INDEX["e5"])

    def draw(self, **changes) -> str:
        marks = BoardMarks(
            interactive=True,
            legal=frozenset({"e6", "d5"}),
            labels={"e6": "e6: 20. The star can take it (up)."},
            effect=SimpleNamespace(kind="take", origin="e3", target="e4", path=(), jump=False, chip=7),
            hints={"d5": "hint"},
            label="Nummerus Zahlus board for a test.",
            payload=NummerusPayload(targets=("e6", "d5")),
        )
        return nummerus_board.board_svg(self.state, BoardMarks(**{**marks.__dict__, **changes}))

    def test_the_chips_in_reach_are_the_enabled_targets_with_rays(self):
        svg = self.draw()
        assert enabled(svg) == {"e6", "d5"}
        assert "reach" in classes(targets(svg)["e6"])
        assert len(by_class(svg, "ray")) == 2
        assert targets(svg)["e6"].get("aria-label") == "e6: 20. The star can take it (up)."

    def test_the_last_path_and_the_hint(self):
        svg = self.draw()
        assert "last" in classes(targets(svg)["e4"]) and "last-from" in classes(targets(svg)["e3"])
        assert len(by_class(svg, "star-trail")) == 1
        assert len(by_class(svg, "hint-badge")) == 1

    def test_a_crop_of_the_drawing(self):
        svg = self.draw(interactive=False, view_box=(10, 20, 300, 400), coordinates=False)
        assert parse(svg)[0].get("viewBox") == "10 20 300 400"
        assert targets(svg) == {}
