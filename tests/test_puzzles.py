"""The shipped puzzles (ludothek/data/puzzles.json): every solution is correct and the only best
move, proven again here by exact searches over the engines; the lines shown after a wrong
answer replay legally and end as promised."""

from __future__ import annotations

import json

import pytest

from ludothek.ai import puzzle_mining as M
from ludothek.ai import puzzles as P
from ludothek.render.catalog import puzzle_games  # noqa: E402
from ludothek.ai.momentum_puzzles import momentum_shortest_win, momentum_winning_moves
from ludothek.ai.momox_puzzles import momox_canonical, momox_layouts, momox_sure_ways, momox_tile_lifts
from ludothek.ai.mops import mops_placement_points
from ludothek.games import get_game
from ludothek.package_files import package_file
from ludothek.render.catalog import game_ai

MINIMUM = {"fenn": 12, "momentum": 12, "nummerus": 12, "mops": 8, "momox": 12}


@pytest.mark.parametrize("game_id", puzzle_games())
def test_the_puzzles_are_well_formed(game_id):
    shipped = P.puzzles(game_id)
    assert len(shipped) >= MINIMUM[game_id]
    ids = [p["id"] for p in shipped]
    assert len(set(ids)) == len(ids)
    assert all(p["difficulty"] in (1, 2, 3) for p in shipped)
    assert [p["difficulty"] for p in shipped] == sorted(p["difficulty"] for p in shipped), "easiest first"
    assert len({p["position"] for p in shipped}) == len(shipped)
    assert P.puzzle(game_id, ids[0]) == shipped[0] and P.puzzle(game_id, "nothing") is None


@pytest.mark.parametrize("game_id", puzzle_games())
def test_every_solution_is_correct_and_unique(game_id):
    game = get_game(game_id)
    for p in P.puzzles(game_id):
        s = P.puzzle_state(game, p)
        assert game.position(s) == p["position"]
        assert p["solution"] in game.legal_moves(s), p["id"]
        best = P.best_moves(game_ai(game.id), p)
        if game_id == "mops":
            assert mops_placement_points(game, s)[p["solution"]] > 0
        if game_id == "momentum":
            # No faster win, and the fast search agrees with the plain one over the engine.
            assert momentum_shortest_win(game, s, 5) == ([p["solution"]], p["depth"]), p["id"]
            if p["depth"] <= 3:
                assert P.winning_moves(game, s, p["depth"]) == best, p["id"]
        if game_id == "momox":
            # The solution is the only key with a way on remembered chips, the line is that way,
            # and the stored chips nobody remembers lie in ascending order (they tell nothing).
            assert momox_sure_ways(game, s) == {p["solution"]: p["line"]}, p["id"]
            assert game.position(momox_canonical(game, s)) == p["position"], p["id"]
        assert best == [p["solution"]], (p["id"], best)
        assert P.is_solution(p, p["solution"])
        wrong = next(m for m in game.legal_moves(s) if m not in best)
        assert not P.is_solution(p, wrong)


@pytest.mark.parametrize("game_id", puzzle_games())
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
        elif game_id == "momox":  # one more tile, walked on remembered chips only
            start = P.puzzle_state(game, p)
            assert len(s.tiles[seat]) == len(start.tiles[seat]) + 1, p["id"]
            shown = game.observation(start, None)
            for move in p["line"]:
                shown = game.play(shown, move)  # HiddenChipError if the line lifted an unremembered chip
        else:  # Mops Royal: the placement and the round's best scoring make the promised points
            start = P.puzzle_state(game, p)
            assert game.scores(s)[seat] - game.scores(start)[seat] == mops_placement_points(game, start)[p["solution"]]


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
                fast = momentum_winning_moves(game, s, 3)
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


# Momox, red at field 3 (yellow, one lift made this turn); chips 1-6 on circles 0-5; circle 2 (the 3)
# was uncovered, then circle 1 (the 2), which lies open now. Red's 4 lies beside corner 8.
MOMOX_THROUGH_THE_OPEN_CHIP = "3,8 -,- R key t3 y1 123456 21"


def test_momox_a_sure_way_may_lift_the_chip_that_lay_open():
    """Key 2 walks the 3 to yellow field 6; the 2 that lay open is covered then and remembered,
    and walks on to corner 8. Every other key lifts a chip nobody remembers: some layout of the
    unremembered chips (a 1, a 4 or a 6: plain fields 4, 7, 9) ends the turn without a tile."""
    game = get_game("momox")
    s = game.from_position(MOMOX_THROUGH_THE_OPEN_CHIP)
    assert momox_sure_ways(game, s) == {"k2": ["k2", "k1", "take"]}
    assert momox_tile_lifts(game, s) == ["k2"]
    assert len(list(momox_layouts(game, s))) == 24  # four chips nobody remembers: 4! layouts
    assert game.remembered_chips(s) == [(2, 3)]


def test_momox_a_key_that_reaches_a_tile_in_every_layout_is_no_sure_way():
    """Red on 5, the remembered 3 under circle 1 walks to corner 8 (red's 4): the sure way. Key 2
    (the remembered 6) walks to yellow 11, from where a 5 would reach corner 16: some unremembered
    chip is the 5 in every layout, but nobody knows which. The upper bound keeps key 2, so such a
    position is no puzzle; the sure ways name key 1 alone."""
    game = get_game("momox")
    s = game.from_position("5,8 -,- R key t3 y0 236415 124")
    assert momox_sure_ways(game, s) == {"k1": ["k1", "take"]}
    assert momox_tile_lifts(game, s) == ["k1", "k2"]


def test_momox_puzzle_task_names_the_remembered_chips_in_both_languages():
    from ludothek.i18n import set_language
    from markup import parse, texts

    from ludothek.render.puzzles import hint_text, puzzle_panel_html

    p = {"id": "x", "position": MOMOX_THROUGH_THE_OPEN_CHIP, "solution": "k2", "depth": 2, "difficulty": 2}
    try:
        for language, words in (("en", ("Red to move", "remembers", "Circle 2: 3", "2 lifts")), ("de", ("Rot ist am Zug", "Kreis 2: 3", "2 Schüsselchen"))):
            set_language(language)
            panel = puzzle_panel_html("momox", p, 1, 24, "Red" if language == "en" else "Rot", "", True, None, "bowl 2", "", ("k0", "k2"))
            text = " ".join(texts(parse(panel)))
            assert all(w in text for w in words), (language, text)
            assert hint_text("momox", p) in text
            # Only the remembered chip is named: the 2 lies open on the board, the others nobody knows.
            assert [t for t in texts(parse(panel)) if t.strip().isdigit()] == ["3"], text
    finally:
        set_language("en")


@pytest.mark.parametrize(
    "stored",
    [
        None,
        "",
        "nonsense",
        "[1, 2]",
        "3",
        '{"momox": []}',
        '{"momox": {"mo101": []}}',
        '{"momox": {"mo101": "<b>"}}',
        "[" * 5000,
        '{"momox": {"mo101": {"a": 1}}}',
    ],
)
def test_puzzle_progress_from_any_stored_text_can_be_drawn(stored):
    """Whatever the storage holds under the progress key, the list screen draws (an unhashable or
    unknown mark used to reach the markup or raise). Read as the page reads it: the bounded JSON
    reader first (a deep text overflowed the browser's stack in json.loads)."""
    from ludothek.render.puzzles import puzzle_list_html
    from ludothek.web import jsontext

    try:
        data = jsontext.loads(stored or "{}", 1_000_000)
    except ValueError:
        data = None
    progress = P.clean_progress(data)
    html = puzzle_list_html("Momox", "momox", P.puzzles("momox"), progress.get("momox", {}))
    assert "<b>" not in html and html.count("puzzle-link new") == len(P.puzzles("momox"))


def test_puzzle_progress_keeps_what_is_valid():
    text = '{"momox": {"mo101": "solved", "mo102": "failed", "mo103": "won"}, "fenn": {"fe101": "solved"}, "x": 1}'
    assert P.clean_progress(json.loads(text)) == {"momox": {"mo101": "solved", "mo102": "failed"}, "fenn": {"fe101": "solved"}}


def test_mining_again_keeps_every_shipped_puzzles_id_and_never_gives_a_retired_one_again():
    """Links and progress name puzzles by id: a new mining run must not move an id to another puzzle."""
    from mine_puzzles import numbered

    def entry(position: str, solution: str = "a1") -> dict:
        return {"position": position, "solution": solution}

    shipped = [{"id": "mo101", **entry("A")}, {"id": "mo102", **entry("B")}, {"id": "mo201", **entry("C")}]
    found = {1: [entry("B"), entry("D")], 2: [entry("A"), entry("C", "b2")]}
    entries, retired = numbered("momentum", found, shipped, ["mo103"])
    ids = {e["position"] + e["solution"]: e["id"] for e in entries}
    assert ids["Ba1"] == "mo102" and ids["Aa1"] == "mo101"  # kept, also at another difficulty
    assert ids["Da1"] == "mo104"  # 101 and 102 are shipped, 103 was retired
    assert ids["Cb2"] == "mo202"  # the same position with another solution is another puzzle
    assert retired == ["mo103", "mo201"]
    assert numbered("momentum", {1: [entry("A"), entry("B")]}, [], [])[0] == [{"id": "mo101", **entry("A")}, {"id": "mo102", **entry("B")}]


def test_the_shipped_file_is_checked_into_typed_puzzles_as_it_is_read(monkeypatch, tmp_path):
    """ai/puzzles.py is the one place the puzzles' parsed JSON enters: each entry becomes a `Puzzle`
    with the file's fields and values, and an entry of the wrong shape is refused there, naming the
    field, instead of reaching a view."""
    good = {"id": "fe101", "position": "b3:1 r2:4 k4 b", "solution": "5:5", "line": ["5:5", "7:7"], "depth": 1, "difficulty": 1}
    path = tmp_path / "puzzles.json"
    monkeypatch.setattr(P, "package_file", lambda name: path)
    P._data.cache_clear()
    try:
        path.write_text(json.dumps({"version": 1, "games": {"fenn": [good]}}), encoding="utf-8")
        assert P.puzzles("fenn") == [good] and P.puzzles("mops") == []
        assert list(P.puzzles("fenn")[0]) == list(good)  # the file's order of fields
        for field, wrong in (("depth", "1"), ("difficulty", True), ("solution", 5), ("line", ["5:5", 7]), ("id", None)):
            P._data.cache_clear()
            path.write_text(json.dumps({"version": 1, "games": {"fenn": [{**good, field: wrong}]}}), encoding="utf-8")
            with pytest.raises(ValueError, match=repr(field)):
                P.puzzles("fenn")
        P._data.cache_clear()
        path.write_text(json.dumps({"version": 1, "games": {"fenn": {"fe101": good}}}), encoding="utf-8")
        with pytest.raises(ValueError, match="must be a list"):
            P.puzzles("fenn")
    finally:
        P._data.cache_clear()


def test_shipped_puzzle_ids_are_unique_per_game_and_none_was_retired():
    data = json.loads(package_file(P.DATA_FILE).read_text(encoding="utf-8"))
    for game_id, entries in data["games"].items():
        ids = [e["id"] for e in entries]
        assert len(ids) == len(set(ids)), game_id
        assert not set(ids) & set(data.get("retired", {}).get(game_id, [])), game_id


# Seeds enough for each game's miner to find a few puzzles in a second or two here (Momentum's
# forced wins are rare: its first three games hold one, a win in one turn).
MINING_SEEDS = {"fenn": 10, "momentum": 3, "nummerus": 15, "mops": 10, "momox": 10}


@pytest.mark.parametrize("game_id", puzzle_games())
def test_each_games_miner_keeps_only_proven_puzzles(game_id):
    """Every game's miner, asked through the one interface (ai.puzzle_mining.mine_puzzles) for its first
    few seeded games, keeps positions whose solution the proving search finds as the only best
    move, each entry shaped as the shipped ones are (all but the id, which the script gives).
    The time is only a safety net: the seeds decide what is mined, so something is found."""
    game = get_game(game_id)
    mine = M.Mine(60.0, most_seeds=MINING_SEEDS[game_id])
    game_ai(game_id).puzzles.mine(mine)
    found = [(difficulty, p) for difficulty, entries in mine.found.items() for p in entries]
    assert found, game_id
    shipped_keys = set(P.puzzles(game_id)[0]) - {"id"}
    for difficulty, p in found:
        assert set(p) == shipped_keys and p["difficulty"] == difficulty in (1, 2, 3), p
        assert p["line"][0] == p["solution"], p
        s = game.from_position(p["position"])
        assert game_ai(game.id).puzzles.best_moves(s, p["depth"]) == [p["solution"]], p
    assert len({p["position"] for _, p in found}) == len(found)
    assert all(len(entries) <= M.PER_DIFFICULTY for entries in mine.found.values())


def test_each_game_mines_for_its_declared_time():
    assert game_ai("momentum").puzzles.mining_seconds == 1500.0  # a unique forced win is rare
    assert all(game_ai(game_id).puzzles.mining_seconds == M.MINING_SECONDS for game_id in puzzle_games() if game_id != "momentum")
