"""The move-by-move review (ludothek.ai.review): known blunders in literal positions are graded
mistakes, the strongest level's own moves are graded best, hidden information is never used,
and the review runs in short chunks."""

from __future__ import annotations

import random
import time

import pytest

from ludothek.render.catalog import get_player, levels
from ludothek.ai.review import (
    GRADES,
    Progress,
    Review,
    exact_judgement,
    move_values,
    review_record,
    review_state,
    run_review,
)
from ludothek.ai.base import run_search
from ludothek.games import get_game
from ludothek.render.catalog import game_ai


def played_at_random(game, seed: int, moves: int):
    """A two-player game dealt with `seed` after `moves` random moves (picked with `seed` too)."""
    s = game.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        s = game.play(s, rng.choice(game.legal_moves(s)))
    return s


def review_of(game, s) -> Review:
    """The whole review of the game `s`, run to its end."""
    return run_review(review_state(game_ai(game.id), s))


# (game, position before the blunder, the blunder, a move the review must prefer to it)
BLUNDERS = [
    # Red can hold the draw with 2:9; 2:5 lets blue win in two turns.
    ("fenn", "b8:1 r4:3 k7 r", "2:5", "2:9"),
    # Blue gives red stones back for nothing.
    ("momentum", "7x7 ......./......./.R.R.B./......./...B.../.B...B./....... B 6,4", "g3", "c5"),
    # Red leaves the chip that joins its runs.
    (
        "nummerus",
        ".,.,./15,.,.,44,45/.,.,.,.,.,.,./.,.,.,.,.,.,22/.,.,.,.,./12,.,.,.,.,.,./.,.,.,.,.,.,./*,20,.,48,./.,28,. 1 "
        "3,6-8,11,13,17-18,21,24-25,31,33-35,37,41-43,46/1-2,4-5,9-10,14,16,19,23,26-27,29-30,32,36,38-40,47",
        "c2",
        "b8",
    ),
    # The tile laid where it spoils a scoring group.
    (
        "mops",
        "9/3CbPbCywy2/3PgcoCpHy2/2HgHoCgwgWv2/2KowoKvWbwp2/3PvPoBoBy2/9/9/9,9/9/9/2poWoHoWv3/1BoKoCgWywb3/"
        "1pvPgCoWgHg3/1Pb2CpHy3/3ByCyWp3/9 BpHpBvKyHvKpBbPyPpCvBgKgKbHb Cb p2 13,12",
        "c3",
        "d3",
    ),
    # A key whose known chip walks past the last corner instead of onto it.
    ("momox", "6,16 231,413 R key t25 y2 526134 510234", "k5", "k1"),
]


@pytest.mark.parametrize("game_id,position,blunder,better", BLUNDERS, ids=[b[0] for b in BLUNDERS])
def test_known_blunders_are_mistakes(game_id, position, blunder, better):
    game = get_game(game_id)
    s = game.from_position(position)
    assert blunder in game.legal_moves(s) and better in game.legal_moves(s)
    result = run_review(review_record(game_ai(game.id), {**game.record(s), "moves": [blunder]}))
    (judged,) = result.moves
    assert judged.grade == "mistake", judged
    assert judged.preferred != blunder
    assert result.worst() == judged
    # The better move of the same position is not a mistake.
    (other,) = run_review(review_record(game_ai(game.id), {**game.record(s), "moves": [better]})).moves
    assert other.grade in ("best", "good"), other


def test_fenn_says_what_a_move_does_to_the_exact_result():
    game = get_game("fenn")
    s = game.from_position("b8:1 r4:3 k7 r")
    thrown = exact_judgement(game_ai(game.id), s, "2:5")
    assert (thrown.note, thrown.value_text, thrown.best_text) == ("throws-draw", "loss in 2 turns", "draw")
    kept = exact_judgement(game_ai(game.id), s, "2:9")
    assert (kept.grade, kept.note) == ("best", "keeps-draw")


def _strongest_player(game_id: str):
    """The strongest level with the review's fixed amount of work (a fresh, seed-0 player per
    move, as the review makes), so that its choice is reproducible."""
    player = get_player(game_id, levels(game_id)[-1].number, seed=0, think_seconds=1e9)
    player.max_work = game_ai(game_id).review.work
    return player


@pytest.mark.parametrize("game_id", ["fenn", "momentum", "mops", "momox", "nummerus"])
def test_the_strongest_levels_moves_are_best(game_id):
    game = get_game(game_id)
    # A few random moves first, so that the game is not the usual opening.
    s = played_at_random(game, seed=5, moves=4 if game_id != "fenn" else 2)
    opening = len(s.moves)
    plies = {"momentum": 14, "nummerus": 10, "mops": 30, "momox": 30, "fenn": 40}[game_id]
    while not game.is_over(s) and len(s.moves) < opening + plies:
        s = game.play(s, _strongest_player(game_id).choose(s))
    result = review_of(game, s)
    own = [m for m in result.moves if m.index >= opening]
    judged = [m for m in own if m.grade is not None]
    assert len(judged) >= len(own) // 2, "most moves are judged"
    assert all(m.grade == "best" for m in judged), [m for m in judged if m.grade != "best"]


@pytest.mark.parametrize("game_id", ["mops", "momox"])
def test_hidden_information_is_never_used(game_id):
    """A move's values depend only on what its player could know: a state with the hidden
    parts dealt afresh (the same observation for the mover) gets the same values."""
    game = get_game(game_id)
    rng = random.Random(2)
    s = game.new_game(players=2, seed=11)
    compared = 0
    while not game.is_over(s) and compared < 12:
        seat = game.current_player(s)
        if len(game.legal_moves(s)) > 1:
            twin = game.determinize(game.observation(s, seat), random.Random(compared))
            assert game.observation(twin, seat) == game.observation(s, seat)
            assert run_search(move_values(game_ai(game.id), s)) == run_search(move_values(game_ai(game.id), twin))
            compared += 1
        s = game.play(s, rng.choice(game.legal_moves(s)))
    assert compared >= 6


def test_the_review_runs_in_short_chunks_with_progress():
    game = get_game("momentum")
    s = played_at_random(game, seed=1, moves=12)
    review = review_state(game_ai(game.id), s)
    longest, progress = 0.0, []
    while True:
        started = time.process_time()
        try:
            step = next(review)
        except StopIteration as stop:
            result = stop.value
            break
        longest = max(longest, time.process_time() - started)
        if isinstance(step, Progress):
            progress.append(step)
    assert isinstance(result, Review) and len(result.moves) == 12
    assert [p.done for p in progress] == list(range(13)) and progress[-1].total == 12
    assert longest < 0.1, longest


def test_a_review_survives_json_and_counts_grades():
    game = get_game("nummerus")
    s = played_at_random(game, seed=4, moves=6)
    result = review_of(game, s)
    again = Review.from_json(result.to_json())
    assert again == result
    assert sum(sum(result.counts(seat).values()) for seat in (0, 1)) == sum(1 for m in result.moves if m.grade)
    assert all(m.grade in GRADES for m in result.moves if m.grade)
    assert all(-1.0 <= m.advantage <= 1.0 for m in result.moves)
    with pytest.raises(ValueError):
        Review.from_json({"game": "nummerus", "moves": [[1, 2]]})
    # Kept in the reader's storage, so anything may come back: every field is made what it should be.
    tampered = Review.from_json({"game": "nummerus", "moves": [[0, 0, "a1", ["best"], {"x": 1}, "1.5", 0, 7, "", "", 0]]})
    move = tampered.moves[0]
    assert move.grade is None and move.preferred == "{'x': 1}" and move.loss == 1.5 and move.note == "7"
    assert Review.from_json({"game": "nummerus", "moves": [[0, 0, "a1", {"unhashable": 1}, None, 0, 0, "", "", "", 0]]}).moves[0].grade is None
    with pytest.raises(ValueError):
        Review.from_json({"game": "nummerus", "moves": [[0, 0, "a1", None, None, "lots", 0, "", "", "", 0]]})


# -- drawing ------------------------------------------------------------------------------------------


def _reviewed(game_id: str, blunder_index: int = 0):
    game_id, position, blunder, better = BLUNDERS[blunder_index]
    game = get_game(game_id)
    s = game.from_position(position)
    record = {
        **game.record(s),
        "moves": [
            better,
        ]
        if False
        else [blunder],
    }
    return game, run_review(review_record(game_ai(game.id), record))


def test_the_chart_has_a_named_point_per_move_and_marks_mistakes():
    from markup import parse

    from ludothek.render.review import advantage_chart_svg

    game = get_game("momentum")
    s = played_at_random(game, seed=1, moves=8)
    result = review_of(game, s)
    svg = advantage_chart_svg(result, 3, ["Red", "Blue"], list(s.moves))
    root = parse(svg)
    points = [e for e in root.iter() if e.get("data-action") == "review-goto"]
    assert [p.get("data-index") for p in points] == [str(i) for i in range(1, 9)]
    assert all(p.get("aria-label", "").startswith(f"Move {i + 1}: {s.moves[i]}, ") for i, p in enumerate(points))
    assert sum(1 for p in points if "shown" in p.get("class", "")) == 1
    grades = {m.grade for m in result.moves}
    drawn = {c.get("class").split("grade-")[1] for c in root.iter() if (c.get("class") or "").startswith("chart-dot")}
    assert drawn == {g or "none" for g in grades}
    assert "Red is ahead" in root.find("{http://www.w3.org/2000/svg}svg").get("aria-label")


def test_the_panel_tells_the_shown_move_and_offers_the_worst_in_both_languages():
    from markup import parse, texts

    from ludothek.i18n import set_language
    from ludothek.render.review import advantage_chart_svg, review_panel_html

    game, result = _reviewed("fenn")
    names = ["Anna", "Ben"]
    chart = advantage_chart_svg(result, 1, names, ["2:5"])
    try:
        for language, words in (
            ("en", ("throws the draw away", "loss in 2 turns", "Better: 2:9 (draw)", "Go to the worst move")),
            ("de", ("remis", "Niederlage in 2 Zügen", "2:9", "schlechtesten Zug")),
        ):
            set_language(language)
            html = review_panel_html(result, 1, names, ["2:5"], ["2:9"], chart)
            text = " ".join(texts(parse(html)))
            for word in words:
                assert word in text, (language, word, text)
            worst = [e for e in parse(html).iter() if e.get("data-action") == "review-worst"]
            assert worst and worst[0].get("data-index") == "1"
    finally:
        set_language("en")
    running = review_panel_html(result, 0, names, ["2:5"], [None], chart, progress=(3, 10))
    assert parse(running).find(".//progress").get("value") == "3"


def test_the_review_uses_only_the_ai_modules_public_functions():
    """ai/review.py reaches the searches through their public `move_values` (and Fenn's solver),
    never through a player's or a module's private names (those change with the searches)."""
    import ast
    import inspect

    from ludothek.ai import review

    tree = ast.parse(inspect.getsource(review))
    modules = {"momentum", "nummerus", "mops", "momox", "fenn_solver", "solver", "ai"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            assert not any(alias.name.startswith("_") for alias in node.names), ast.dump(node)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            assert not node.attr.startswith("_"), f"review uses {node.value.id}.{node.attr}"
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            assert isinstance(node.value, ast.Name) and node.value.id == "self", f"review uses a private ._{node.attr}"
    for module in ("momentum", "nummerus", "mops", "momox"):
        ai = __import__(f"ludothek.ai.{module}", fromlist=["move_values"])
        assert inspect.isgeneratorfunction(ai.move_values), module


def test_deleting_a_save_deletes_its_review_and_a_game_without_moves_offers_no_review():
    from ludothek.render import game_panels, get_view, home_screen
    from ludothek.web.saves import REVIEW_PREFIX, SAVE_PREFIX, DictStorage, SaveStore
    from ludothek.web.session import GameSession, Seat

    storage = DictStorage()
    store = SaveStore(storage)
    view = get_view("momentum")
    fresh = GameSession.new("momentum", [Seat("Ada"), Seat("Bea")], seed=1, options={"pie": False}, save_id="s0")
    played = GameSession.new("momentum", [Seat("Ada"), Seat("Bea")], seed=1, options={"pie": False}, save_id="s1")
    played.play("d4")
    for s in (fresh, played):
        store.save(s, 100.0)
    storage.set(REVIEW_PREFIX + "s1", '{"moves": ["d4"], "review": {}}')
    storage.set(REVIEW_PREFIX + "s0", "{}")
    listing = home_screen.saves_html(store.summaries()[0], [], {"momentum": view}, 200.0)
    assert 'href="#/review/s1"' in listing and 'href="#/review/s0"' not in listing
    assert 'data-action="review-open"' not in game_panels.controls_html(fresh, busy=False)
    assert 'data-action="review-open"' in game_panels.controls_html(played, busy=False)
    store.delete("s1")
    assert storage.get(SAVE_PREFIX + "s1") is None and storage.get(REVIEW_PREFIX + "s1") is None
    assert storage.get(REVIEW_PREFIX + "s0") == "{}", "another save's review stays"
