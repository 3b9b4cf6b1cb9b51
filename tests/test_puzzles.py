"""The shipped puzzles (ludothek/data/puzzles.json): every solution is correct and the only best
move, proven again here by exact searches over the engines; the lines shown after a wrong
answer replay legally and end as promised."""

from __future__ import annotations

import pytest

from ludothek.ai import puzzles as P
from ludothek.games import get_game

MINIMUM = {"fenn": 12, "momentum": 12, "nummerus": 12, "mops": 8}


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_the_puzzles_are_well_formed(game_id):
    shipped = P.puzzles(game_id)
    assert len(shipped) >= MINIMUM[game_id]
    ids = [p["id"] for p in shipped]
    assert len(set(ids)) == len(ids)
    assert all(p["difficulty"] in (1, 2, 3) for p in shipped)
    assert [p["difficulty"] for p in shipped] == sorted(p["difficulty"] for p in shipped), "easiest first"
    assert len({p["position"] for p in shipped}) == len(shipped)
    assert P.puzzle(game_id, ids[0]) == shipped[0] and P.puzzle(game_id, "nothing") is None


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_every_solution_is_correct_and_unique(game_id):
    game = get_game(game_id)
    for p in P.puzzles(game_id):
        s = P.puzzle_state(game, p)
        assert game.position(s) == p["position"]
        assert p["solution"] in game.legal_moves(s), p["id"]
        best = P.best_moves(game, p)
        if game_id == "mops":
            assert P.mops_placement_points(game, s)[p["solution"]] > 0
        if game_id == "momentum":
            # No faster win, and the fast search agrees with the plain one over the engine.
            assert P.momentum_shortest_win(game, s, 5) == ([p["solution"]], p["depth"]), p["id"]
            if p["depth"] <= 3:
                assert P.winning_moves(game, s, p["depth"]) == best, p["id"]
        assert best == [p["solution"]], (p["id"], best)
        assert P.is_solution(p, p["solution"])
        wrong = next(m for m in game.legal_moves(s) if m not in best)
        assert not P.is_solution(p, wrong)


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_the_lines_replay_and_end_as_promised(game_id):
    game = get_game(game_id)
    for p in P.puzzles(game_id):
        s = P.puzzle_state(game, p)
        seat = game.current_player(s)
        assert p["line"][0] == p["solution"]
        for move in p["line"]:
            s = game.play(s, move)
        if game_id in ("fenn", "momentum", "nummerus"):
            assert game.is_over(s) and game.winners(s) == [seat], p["id"]
        else:  # Mops Royal: the placement and the round's best scoring make the promised points
            start = P.puzzle_state(game, p)
            assert game.scores(s)[seat] - game.scores(start)[seat] == P.mops_placement_points(game, start)[p["solution"]]


def test_the_puzzle_panel_in_both_languages():
    from markup import parse, texts

    from ludothek.i18n import set_language
    from ludothek.render.puzzles import hint_text, puzzle_list_html, puzzle_panel_html

    game = get_game("fenn")
    p = P.puzzles("fenn")[0]
    legal = tuple(game.legal_moves(P.puzzle_state(game, p)))
    try:
        for language, words in (("en", ("Puzzle 1 of 24", "Hint", "Link to this puzzle")), ("de", ("Rätsel 1 von 24", "Tipp", "Link zu diesem Rätsel"))):
            set_language(language)
            html = puzzle_panel_html("fenn", p, 1, 24, "Blue", "", True, "x", p["solution"], "http://h/#/puzzle/fenn/" + p["id"], legal)
            text = " ".join(texts(parse(html)))
            assert all(w in text for w in words), (language, text)
            assert hint_text("fenn", p, legal) in text
            failed = puzzle_panel_html("fenn", p, 1, 24, "Blue", "failed", False, None, p["solution"], "", legal)
            assert p["solution"] in " ".join(texts(parse(failed)))
        listing = puzzle_list_html("Fenn", "fenn", P.puzzles("fenn"), {p["id"]: "solved"})
        assert "1 von 24 gelöst." in " ".join(texts(parse(listing)))
    finally:
        set_language("en")


def test_the_fast_momentum_search_agrees_with_the_plain_one():
    """`momentum_winning_moves` prunes by hands; on positions of random games (many with a win
    within two turns) it finds exactly the moves the plain search over the engine finds."""
    import random

    game = get_game("momentum")
    rng = random.Random(7)
    checked = with_wins = 0
    for seed in range(40):
        s = game.new_game(players=2, seed=seed, pie=False)
        while not game.is_over(s) and checked < 60:
            if s.hands[s.to_move] <= 2:
                fast = P.momentum_winning_moves(game, s, 3)
                assert fast == P.winning_moves(game, s, 3), game.position(s)
                checked += 1
                with_wins += bool(fast)
            s = game.play(s, rng.choice(game.legal_moves(s)))
    assert checked == 60 and with_wins >= 5


def test_a_puzzle_embed_code_and_the_panel_inside_the_frame():
    from markup import parse, texts

    from ludothek.render.puzzles import puzzle_embed_snippet, puzzle_panel_html
    from ludothek.render.standalone import standalone_svg
    from ludothek.render.view import UIState

    game = get_game("momentum")
    p = P.puzzles("momentum")[-1]
    s = P.puzzle_state(game, p)
    code = puzzle_embed_snippet(
        "https://example.org/ludothek/index.html",
        "momentum",
        p["id"],
        standalone_svg("momentum", game.observation(s, None), UIState(interactive=False)),
        "Puzzle – Ludothek",
    )
    assert code.startswith('<iframe src="https://example.org/ludothek/index.html?embed=1#/puzzle/momentum/' + p["id"] + '"')
    assert 'loading="lazy"' in code and "data:image/svg+xml," in code and "<script" not in code
    legal = tuple(game.legal_moves(s))
    link = "https://example.org/ludothek/index.html#/puzzle/momentum/" + p["id"]
    shared = puzzle_panel_html("momentum", p, 24, 24, "Red", "", False, None, p["solution"], link, legal, code)
    assert "Embed this puzzle in a web page" in " ".join(texts(parse(shared))) and 'id="puzzle-embed"' in shared
    framed = puzzle_panel_html("momentum", p, 24, 24, "Red", "", False, "x", p["solution"], link, legal, "", embedded=True)
    assert "puzzle-link" not in framed and "puzzle-embed" not in framed and "puzzle-next" not in framed
    assert "More puzzles in Ludothek" in " ".join(texts(parse(framed))) and f'href="{link}"' in framed
