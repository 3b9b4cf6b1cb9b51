"""Marks that explain (render/diagram.py, issue 36): the notation and its round trip, hostile text
refused with DiagramError alone, the overlay every board draws over its targets' centres (hidden
from screen readers, transparent to clicks, nothing else of the board changed), and the words."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from markup import parse, targets
from ludothek import i18n
from ludothek.games import get_game
from ludothek.render import fenn_board, get_view, momentum_board, momox_board, mops_board, nummerus_board
from ludothek.render.diagram import MAX_CAPTION, MAX_MARKS, MAX_TEXT, PALETTE, Arrow, Circle, Diagram, DiagramError, Highlight, Label
from ludothek.render.diagram import diagram_svg, diagram_words, format_diagram, parse_diagram, validate_targets
from ludothek.render.diagram import COLOURS as MARK_COLOURS, INK
from ludothek.render.view import UIState

EXAMPLE = "a:o:c3-c5;c:b:d4;h:g:e2;l:1:c3;t:Why%20c5%20is%20safe"
SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


# -- the notation -----------------------------------------------------------------------------------


def test_the_example_reads_and_writes_back():
    d = parse_diagram(EXAMPLE)
    assert d == Diagram(
        arrows=(Arrow("c3", "c5", "o"),),
        circles=(Circle("d4", "b"),),
        highlights=(Highlight("e2", "g"),),
        labels=(Label("c3", "1"),),
        caption="Why c5 is safe",
    )
    assert format_diagram(d) == EXAMPLE


def test_a_label_keeps_its_colour_and_an_older_label_reads_as_a_dark_one():
    d = parse_diagram("l:1:c3:g;l:B:d4")
    assert d.labels == (Label("c3", "1", "g"), Label("d4", "B"))
    assert format_diagram(d) == "l:1:c3:g;l:B:d4"
    assert diagram_words(d) == ["Label 1 on c3, green.", "Label B on d4."]
    with pytest.raises(DiagramError, match="unknown colour"):
        parse_diagram("l:1:c3:x")


def test_the_empty_diagram():
    assert parse_diagram("") == Diagram.empty() == Diagram()
    assert format_diagram(Diagram()) == ""
    assert Diagram().is_empty() and not Diagram().has_marks()
    captioned = Diagram(caption="Only words")
    assert not captioned.is_empty() and not captioned.has_marks()


def test_duplicates_collapse_the_last_one_counting_and_each_kind_is_sorted():
    d = parse_diagram("c:o:d4;a:r:e2-e4;c:b:a1;c:g:d4;a:o:e2-e4;a:b:e4-e2;l:A:b2;l:7:b2")
    assert d.circles == (Circle("a1", "b"), Circle("d4", "g"))
    assert d.arrows == (Arrow("e2", "e4", "o"), Arrow("e4", "e2", "b"))  # each direction is an arrow of its own
    assert d.labels == (Label("b2", "7"),)
    assert format_diagram(d) == "a:o:e2-e4;a:b:e4-e2;c:b:a1;c:g:d4;l:7:b2"
    # Made by hand in another order, the same diagram.
    assert Diagram(circles=[Circle("d4", "g"), Circle("a1", "b")], arrows=(Arrow("e4", "e2", "b"), Arrow("e2", "e4", "o")), labels=(Label("b2", "7"),)) == d


def test_the_caption_is_percent_encoded_and_its_white_space_collapsed():
    d = Diagram(caption="  Zug; dann: 50%  –\n„Gewinn“ ")
    assert d.caption == "Zug; dann: 50% – „Gewinn“"
    text = format_diagram(d)
    assert text.startswith("t:") and all(ch.isalnum() or ch in "-._~%:" for ch in text)
    assert parse_diagram(text) == d
    assert parse_diagram("t:%7e%7E") == Diagram(caption="~~")  # lower-case escapes read too


def test_limits_are_inclusive():
    cells = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
    many = ";".join(f"c:o:{cell}" for cell in cells[:MAX_MARKS])
    assert len(parse_diagram(many).circles) == MAX_MARKS
    with pytest.raises(DiagramError, match="too many circles"):
        parse_diagram(many + f";c:o:{cells[MAX_MARKS]}")
    with pytest.raises(DiagramError, match="too many labels"):
        Diagram(labels=tuple(Label(cell, "1") for cell in cells[: MAX_MARKS + 1]))
    assert len(parse_diagram("t:" + "x" * MAX_CAPTION).caption) == MAX_CAPTION
    with pytest.raises(DiagramError, match="caption"):
        parse_diagram("t:" + "x" * (MAX_CAPTION + 1))


MALFORMED = [
    (";", "empty item"),
    ("c:o:d4;", "empty item"),
    (";c:o:d4", "empty item"),
    ("c:o:d4;;h:g:e2", "empty item"),
    ("x:o:d4", "unknown item"),
    ("C:o:d4", "unknown item"),
    ("c", "unknown item"),
    ("c:o", "fields"),
    ("c:o:", "not a target"),
    ("c:y:d4", "unknown colour"),
    ("c:O:d4", "unknown colour"),
    ("c::d4", "unknown colour"),
    ("h:g:D4", "not a target"),
    ("h:g:d4:e5", "not a target"),
    ("c:o:abcdefg", "not a target"),
    ("c:o:d 4", "not a target"),
    ("c:o:d4%00", "not a target"),
    ("c:o:é5", "not a target"),
    ("a:o:c3", "start-end"),
    ("a:o:c3-", "not a target"),
    ("a:o:-c5", "not a target"),
    ("a:o:c3-c5-c7", "start-end"),
    ("a:o:c3-c3", "to itself"),
    ("a:q:c3-c5", "unknown colour"),
    ("l::c3", "not a label"),
    ("l:1234:c3", "not a label"),
    ("l:a b:c3", "not a label"),
    ("l:<b>:c3", "not a label"),
    ("l:Ä:c3", "not a label"),
    ("l:1", "fields"),
    ("t:", "percent-encoded"),
    ("t:a b", "percent-encoded"),
    ("t:%", "percent-encoded"),
    ("t:%zz", "percent-encoded"),
    ("t:%4", "percent-encoded"),
    ("t:a;b", "unknown item"),
    ("t:a:b", "percent-encoded"),
    ("t:%ff%fe", "not UTF-8"),
    ("t:%ed%a0%80", "not UTF-8"),  # a lone surrogate
    ("t:%07bell", "control character"),
    ("t:one;t:two", "two captions"),
    ("c:o:d4\n", "not a target"),
    ("\u202ec:o:d4", "unknown item"),
    ("c:o:d4;" * (MAX_TEXT // 7 + 1), "characters long"),
]


@pytest.mark.parametrize("text,why", MALFORMED)
def test_malformed_notation_is_refused_with_a_reason(text, why):
    with pytest.raises(DiagramError, match=why):
        parse_diagram(text)


@pytest.mark.parametrize("value", [None, 3, b"c:o:d4", ["c:o:d4"]])
def test_only_text_is_read(value):
    with pytest.raises(DiagramError):
        parse_diagram(value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Arrow("c3", "c3", "o"),
        lambda: Arrow("c3", "C5", "o"),
        lambda: Circle("d4", "purple"),
        lambda: Highlight("", "g"),
        lambda: Label("c3", ""),
        lambda: Label(3, "1"),  # type: ignore[arg-type]
        lambda: Diagram(circles=(Highlight("d4", "g"),)),  # type: ignore[arg-type]
        lambda: Diagram(arrows="a:o:c3-c5"),  # type: ignore[arg-type]
        lambda: Diagram(caption=None),  # type: ignore[arg-type]
    ],
)
def test_marks_made_by_hand_are_checked_as_parsed_ones(make):
    with pytest.raises(DiagramError):
        make()


TOKENS = st.text(alphabet="abcdefghk0123456789", min_size=1, max_size=6)
COLOURS = st.sampled_from([c.code for c in PALETTE])
LABELS = st.text(alphabet="ABCXYZabc0123456789", min_size=1, max_size=3)
CAPTIONS = st.text(alphabet=st.characters(exclude_categories=("Cc", "Cs")), max_size=MAX_CAPTION)


@st.composite
def diagrams(draw: Any) -> Diagram:
    arrows = draw(st.lists(st.tuples(TOKENS, TOKENS, COLOURS).filter(lambda t: t[0] != t[1]), max_size=6))
    return Diagram(
        arrows=tuple(Arrow(*a) for a in arrows),
        circles=tuple(Circle(*c) for c in draw(st.lists(st.tuples(TOKENS, COLOURS), max_size=6))),
        highlights=tuple(Highlight(*h) for h in draw(st.lists(st.tuples(TOKENS, COLOURS), max_size=6))),
        labels=tuple(Label(*label) for label in draw(st.lists(st.tuples(TOKENS, LABELS, st.sampled_from(["", "o", "b", "g", "r"])), max_size=6))),
        caption=draw(CAPTIONS),
    )


@SETTINGS
@given(diagrams())
def test_every_diagram_reads_back_from_its_notation(d):
    text = format_diagram(d)
    assert parse_diagram(text) == d
    assert format_diagram(parse_diagram(text)) == text
    assert text == "" or all(ch.isascii() and (ch.isalnum() or ch in "-._~%:;") for ch in text)


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list("acdhlt:;-%0123456789obgrxA ~é\x00")), max_size=60) | st.text(max_size=60))
def test_any_text_is_read_or_refused_with_diagram_error(text):
    try:
        d = parse_diagram(text)
    except DiagramError as error:
        assert str(error)
    else:
        assert parse_diagram(format_diagram(d)) == d


def test_seeded_random_diagrams_read_back():
    rng = random.Random(36)
    cells = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)]
    for _ in range(200):

        def some(n: int) -> list[str]:
            return rng.sample(cells, rng.randrange(n + 1))

        d = Diagram(
            arrows=tuple(Arrow(a, b, rng.choice("obgr")) for a, b in zip(some(5), some(5)) if a != b),
            circles=tuple(Circle(c, rng.choice("obgr")) for c in some(MAX_MARKS)),
            highlights=tuple(Highlight(c, rng.choice("obgr")) for c in some(5)),
            labels=tuple(Label(c, str(rng.randrange(1000))) for c in some(5)),
            caption=rng.choice(["", "Zugzwang!", "a; b: c", "50 % — ∑ 🎲"]),
        )
        assert parse_diagram(format_diagram(d)) == d


def test_unknown_targets_are_refused_naming_the_target():
    d = parse_diagram("a:o:c3-z9;c:b:d4")
    with pytest.raises(DiagramError, match="'z9'"):
        validate_targets(d, {"c3", "c5", "d4"})
    validate_targets(d, {"c3", "z9", "d4"})
    with pytest.raises(DiagramError, match="'z9'"):
        diagram_svg(d, {"c3": (0.0, 0.0), "d4": (1.0, 1.0)}, 40)


# -- the words ---------------------------------------------------------------------------------------


def test_the_words_in_english_and_german():
    d = parse_diagram(EXAMPLE)
    names = {"c3": "c3", "c5": "c5", "d4": "d4", "e2": "e2"}
    assert diagram_words(d, names.__getitem__) == [
        "Why c5 is safe",
        "Highlight on e2, green.",
        "Circle around d4, light blue.",
        "Arrow from c3 to c5, orange.",
        "Label 1 on c3.",
    ]
    try:
        i18n.set_language("de")
        assert diagram_words(d, lambda t: f"Feld {t}") == [
            "Why c5 is safe",  # the author's words, as written
            "Hervorhebung auf Feld e2, grün.",
            "Kreis um Feld d4, hellblau.",
            "Pfeil von Feld c3 nach Feld c5, orange.",
            "Beschriftung 1 auf Feld c3.",
        ]
        assert diagram_words(parse_diagram("c:r:k1")) == ["Kreis um k1, rot."]
    finally:
        i18n.set_language("en")
    assert diagram_words(Diagram()) == []


# -- drawing on every board --------------------------------------------------------------------------

BOARDS = {"fenn": fenn_board, "momentum": momentum_board, "momox": momox_board, "mops": mops_board, "nummerus": nummerus_board}
SIZES = {"fenn": fenn_board.CELL, "momentum": momentum_board.CELL, "momox": momox_board.U, "mops": mops_board.CELL, "nummerus": nummerus_board.CELL}
# For each game: arrow start and end, the circled, the highlighted and the labelled target.
MARKED = {
    "fenn": ("3", "7", "5", "1", "9"),
    "momentum": ("c3", "c5", "d4", "e2", "c3"),
    "momox": ("0", "k3", "k0", "8", "k5"),
    "mops": ("e5", "e7", "d6", "f4", "e5"),
    "nummerus": ("c3", "e7", "d4", "e2", "b5"),
}


def drawn_marks(monkeypatch, game_id: str, s: Any, ui: UIState) -> tuple[str, Any]:
    """The view's board (as the app gets it) and the BoardMarks the view built for it, recorded
    where the view draws: `GameView.board_svg` calls the board module the view declares
    (`board = <game>_board`), which must be this game's board module."""
    view = get_view(game_id)
    module = type(view).board
    assert module is BOARDS[game_id]
    seen: list[Any] = []
    original = module.board_svg

    def record(state: Any, marks: Any) -> str:
        seen.append((state, marks))
        return original(state, marks)

    monkeypatch.setattr(module, "board_svg", record)
    svg = view.board_svg(s, ui)
    monkeypatch.setattr(module, "board_svg", original)
    assert len(seen) == 1
    return svg, seen[0]


def overlay_of(svg: str):
    root = parse(svg)[0]
    groups = [e for e in root if "diagram" in (e.get("class") or "").split()]
    return root, groups


def close(point: tuple[float, float], other: tuple[float, float], within: float = 0.02) -> bool:
    return math.dist(point, other) <= within


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_each_board_draws_the_marks_over_its_targets(monkeypatch, game_id):
    game = get_game(game_id)
    s = game.new_game(seed=36, **game.conformance_setups()[0])
    plain, (state, marks) = drawn_marks(monkeypatch, game_id, s, UIState())
    board = BOARDS[game_id]
    size = SIZES[game_id]
    start, end, circled, lit, labelled = MARKED[game_id]
    d = Diagram(
        arrows=(Arrow(start, end, "o"),),
        circles=(Circle(circled, "b"),),
        highlights=(Highlight(lit, "g"),),
        labels=(Label(labelled, "A", "r"),),
        caption="A test",
    )
    centres = board.target_centres(state, marks)
    assert get_view(game_id).target_centres(s, UIState()) == centres  # the view's, from the same marks
    validate_targets(d, centres)
    svg = board.board_svg(state, replace(marks, diagram=d))
    assert board.board_svg(state, replace(marks, diagram=d)) == svg  # deterministic

    # The overlay is the board's last element, and nothing else of the board changed.
    root, groups = overlay_of(svg)
    assert len(groups) == 1 and root[-1] is groups[0]
    overlay = groups[0]
    assert overlay.get("aria-hidden") == "true" and overlay.get("pointer-events") == "none"
    drawn = diagram_svg(d, centres, size)
    assert svg.replace(drawn, "", 1) == plain
    assert not [e for e in overlay.iter() if e.get("data-target") or e.get("role") or e.get("tabindex")]
    assert set(targets(svg)) == set(targets(plain))

    def mark(name: str):
        (found,) = [e for e in overlay if e.get("class") == f"diagram-{name}"]
        return found

    # The ring is centred on its target.
    rings = [e for e in mark("circle") if e.tag.endswith("circle")]
    assert rings and all(close((float(e.get("cx")), float(e.get("cy"))), centres[circled]) for e in rings)
    # The highlight's square is centred on its target, tinted and outlined with dashes.
    squares = [e for e in mark("highlight") if e.tag.endswith("rect")]
    for e in squares:
        x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
        assert close((x + w / 2, y + h / 2), centres[lit])
    assert any(e.get("stroke-dasharray") for e in squares) and any(e.get("fill-opacity") for e in squares)
    # The arrow runs from its start's cell edge towards its end: the shaft starts on the line
    # between the two centres, within the start cell, and the head's tip lies near the end cell's
    # centre, well past its edge (a tip at the edge reads as pointing at the cell before, issue 57).
    (a, b) = centres[start], centres[end]
    line = [e for e in mark("arrow") if e.tag.endswith("line")][-1]
    x1, y1 = float(line.get("x1")), float(line.get("y1"))
    assert 0 < math.dist((x1, y1), a) <= size / 2 + 0.01
    cross = (b[0] - a[0]) * (y1 - a[1]) - (b[1] - a[1]) * (x1 - a[0])
    assert abs(cross) / math.dist(a, b) < 0.05
    head = [e for e in mark("arrow") if e.tag.endswith("polygon")][-1]
    tip = tuple(float(v) for v in head.get("points").split()[0].split(","))
    assert 0 < math.dist(tip, b) <= size * 0.15 + 0.01 and math.dist(tip, a) > math.dist((x1, y1), a)
    # The label's badge sits in its target's cell and says its text.
    badge = mark("label")
    (text,) = [e for e in badge if e.tag.endswith("text")]
    assert text.text == "A"
    # in the colour chosen for it, the text in ink on it
    assert [e.get("fill") for e in badge if e.tag.endswith("rect")] == [MARK_COLOURS["r"].value] and text.get("fill") == INK
    assert math.dist((float(text.get("x")), float(text.get("y"))), centres[labelled]) < size / 2
    # Only the marks are drawn: the caption is the page's to show, in words.
    assert "A test" not in "".join(overlay.itertext())


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_a_diagram_with_a_caption_alone_draws_nothing(monkeypatch, game_id):
    game = get_game(game_id)
    s = game.new_game(seed=36, **game.conformance_setups()[0])
    plain, (state, marks) = drawn_marks(monkeypatch, game_id, s, UIState())
    assert BOARDS[game_id].board_svg(state, replace(marks, diagram=Diagram(caption="Words only"))) == plain


def played_states(game_id: str, setup_number: int, setup: dict[str, Any], plies: int = 80, every: int = 4) -> list[Any]:
    game = get_game(game_id)
    rng = random.Random(f"diagram-{game_id}-{setup_number}")
    s = game.new_game(seed=setup_number + 1, **setup)
    found = [s]
    for ply in range(plies):
        legal = game.legal_moves(s)
        if not legal:
            break
        s = game.play(s, rng.choice(legal))
        if ply % every == 0 or not game.legal_moves(s):
            found.append(s)
    return found


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_every_target_a_click_may_use_has_a_centre(monkeypatch, game_id):
    game = get_game(game_id)
    seen: set[str] = set()
    for number, setup in enumerate(game.conformance_setups()):
        for s in played_states(game_id, number, setup):
            for ui in (UIState(), UIState(interactive=False)):
                svg, (state, marks) = drawn_marks(monkeypatch, game_id, s, ui)
                tokens = set(targets(svg))
                centres = BOARDS[game_id].target_centres(state, marks)
                assert tokens <= set(centres), f"{game_id} {setup}: no centre for {sorted(tokens - set(centres))}"
                places = {e.get("data-field") or e.get("data-cell") for e in parse(svg).iter()} - {None}
                assert places <= set(centres), f"{game_id} {setup}: no centre for {sorted(places - set(centres))}"
                seen |= tokens
    assert seen, f"{game_id}: no targets drawn"
    if game_id == "momox":
        assert {"take", "stay"} <= seen  # the targets only some positions show were met
