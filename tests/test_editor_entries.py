"""The ways into the diagram editor (issue 36: "Edit this position" from any puzzle, position link
and review move), in CPython through the app (tests/test_web_app.py's style): each screen offers
the link, the link opens the editor with the position shown, and what a game hides (Mops Royal's
pile order, Momox' covered chips) never travels in it."""

from __future__ import annotations

import html
import json
import random
import re
from urllib.parse import unquote
from typing import Any

import pytest

from ludothek.ai import puzzles as P
from ludothek.render.catalog import puzzle_games  # noqa: E402
from ludothek.ai.review import MoveReview, Review
from ludothek.games import GAME_IDS, get_game
from ludothek.render.diagram import Circle, Diagram
from ludothek.render.diagram import editor_fragment
from ludothek.render.review import better_move_diagram
from ludothek.web.app import App
from ludothek.web.links import position_fragment
from ludothek.web.page import PageState, RecordingPage
from ludothek.web.saves import REVIEW_PREFIX, DictStorage, SaveStore
from ludothek.web.session import GameSession, Seat
from test_editor import editor_of, region
from test_web_app import control, last, send, start

HIDDEN_GAMES = [g for g in GAME_IDS if get_game(g).has_hidden_information]


def editor_href(markup: str) -> str:
    """The one "Edit this position" link in `markup` (its href, unescaped)."""
    found = re.findall(r'<a href="([^"]*)"[^>]*data-editor="1"[^>]*>Edit this position</a>', markup)
    assert len(found) == 1, f"one Edit this position link, found {len(found)}"
    return html.unescape(found[0])


def public_position(game_id: str, state: Any) -> str:
    game = get_game(game_id)
    return game.position(game.observation(state, None))


def follow(app: App, fragment: str, position: str) -> None:
    """The link pressed (the page sends the new address) opens the editor at `position`."""
    assert fragment.startswith("#/editor/")
    send(app, type="route", hash=fragment)
    editor = editor_of(app)
    assert editor.position == position
    assert editor.diagram == Diagram() and editor.messages == []


def hides_something(game_id: str, state: Any) -> bool:
    """The state holds something the public position leaves out (else the test proves nothing)."""
    return get_game(game_id).position(state) != public_position(game_id, state)


def played(game_id: str, moves: int, seed: int = 3) -> GameSession:
    """A session of a seeded game with `moves` random moves made (fewer if it ends sooner)."""
    game = get_game(game_id)
    session = GameSession.new(game_id, [Seat("Ada"), Seat("Bea")], seed=seed, options={}, save_id="s1")
    rng = random.Random(f"{game_id}-{seed}")
    for _ in range(moves):
        legal = game.legal_moves(session.state)
        if not legal:
            break
        session.play(rng.choice(legal))
    return session


# -- the puzzle screen -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", puzzle_games())
def test_a_puzzle_offers_its_position_in_the_editor(game_id):
    puzzle = P.puzzles(game_id)[-1]
    app, page = start(f"#/puzzle/{game_id}/{puzzle['id']}")
    assert app.screen == "puzzle"
    panel = [op[2] for op in page.ops if op[0] == "html" and op[1] == "#puzzle-panel"][-1]
    state = P.puzzle_state(get_game(game_id), puzzle)
    expected = public_position(game_id, state)
    fragment = editor_href(panel)
    assert fragment == editor_fragment(game_id, expected, Diagram())
    follow(app, fragment, expected)


def test_a_momox_puzzle_link_to_the_editor_leaves_the_chips_covered():
    puzzle = P.puzzles("momox")[0]
    state = P.puzzle_state(get_game("momox"), puzzle)
    assert hides_something("momox", state)
    app, page = start(f"#/puzzle/momox/{puzzle['id']}")
    panel = [op[2] for op in page.ops if op[0] == "html" and op[1] == "#puzzle-panel"][-1]
    fragment = editor_href(panel)
    assert fragment != editor_fragment("momox", get_game("momox").position(state), Diagram())
    follow(app, fragment, public_position("momox", state))


def test_an_embedded_puzzle_offers_no_editor():
    """In a blog's frame the puzzle stands alone: no sharing, no editor (as no other puzzles)."""
    puzzle = P.puzzles("momentum")[0]
    page = RecordingPage()
    state = PageState(hash=f"#/puzzle/momentum/{puzzle['id']}", search="?embed=1", base_url="https://example.org/ludothek/index.html", languages=("en",))
    app = App(page, state, lambda: DictStorage())
    app.start()
    assert app.screen == "puzzle" and app.learn[1].embedded()
    panels = [op[2] for op in page.ops if op[0] == "html" and op[1] == "#puzzle-panel"]
    assert panels and "More puzzles in Ludothek" in panels[-1] and "Edit this position" not in panels[-1]


# -- a position link ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_position_link_offers_its_position_in_the_editor(game_id):
    session = played(game_id, 6)
    shared = public_position(game_id, session.state)  # as the Share dialog writes it
    app, page = start(position_fragment(game_id, shared))
    assert app.screen == "setup"
    fragment = editor_href(last(page, "screen")[2])
    assert fragment == editor_fragment(game_id, shared, Diagram())
    follow(app, fragment, shared)


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_a_position_link_gives_the_editor_nothing_dealt_afresh(game_id):
    """The app deals the link's hidden parts afresh to offer a game; the editor gets none of them."""
    session = played(game_id, 6)
    shared = public_position(game_id, session.state)
    app, page = start(position_fragment(game_id, shared))
    dealt = app.setup.position[game_id]
    assert hides_something(game_id, get_game(game_id).from_position(dealt)), "the game offered holds a dealt pile or covered chips"
    fragment = editor_href(last(page, "screen")[2])
    assert fragment != editor_fragment(game_id, dealt, Diagram())
    follow(app, fragment, shared)


# -- the review screen -------------------------------------------------------------------------------


def reviewed(game_id: str, moves: int = 6) -> tuple[App, RecordingPage, GameSession]:
    """The review screen of a saved game, its review kept beside the save (so none runs): every
    second move judged a mistake with another legal move preferred."""
    session = played(game_id, moves)
    game = session.game
    judged = []
    for i, move in enumerate(session.moves):
        others = [m for m in game.legal_moves(session.states[i]) if m != move]
        mistake = i % 2 == 1 and bool(others)
        seat = game.current_player(session.states[i]) or 0
        judged.append(MoveReview(i, seat, move, "mistake" if mistake else "best", others[0] if mistake else move))
    review = Review(game_id, tuple(judged), hidden_information=game.has_hidden_information)
    storage = DictStorage()
    SaveStore(storage).save(session, 100.0)
    storage.set(REVIEW_PREFIX + session.save_id, json.dumps({"moves": list(session.moves), "review": review.to_json()}))
    app, page = start(f"#/review/{session.save_id}", storage=storage)
    assert app.screen == "review" and app.learn[0].review is not None
    return app, page, session


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_reviewed_position_offers_itself_in_the_editor(game_id):
    app, page, session = reviewed(game_id)
    assert editor_href(region(page, "review-panel")) == editor_fragment(game_id, public_position(game_id, session.states[0]), Diagram())
    shown = len(session.moves) // 2
    send(app, type="click", control=control(action="review-goto", index=str(shown), within="#review-panel .review-moves"), pointer="mouse")
    assert app.learn[0].shown == shown
    expected = public_position(game_id, session.states[shown])
    fragment = editor_href(region(page, "review-panel"))
    assert fragment == editor_fragment(game_id, expected, Diagram())
    follow(app, fragment, expected)


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_a_review_link_to_the_editor_carries_no_hidden_pile_or_chip(game_id):
    app, page, session = reviewed(game_id)
    for shown in range(len(session.moves) + 1):
        send(app, type="click", control=control(action="review-goto", index=str(shown), within="#review-panel .review-moves"), pointer="mouse")
        state = session.states[shown]
        assert hides_something(game_id, state)
        fragment = editor_href(region(page, "review-panel"))
        # The position is the link's third part; a mistake's better move may follow as marks.
        game_part, position_part = fragment.split("/")[2:4]
        assert game_part == game_id and unquote(position_part) == public_position(game_id, state)
    send(app, type="route", hash=fragment)
    assert editor_of(app).position == public_position(game_id, session.states[-1])


# -- the better move on the review's board (issue 36 item 3) ---------------------------------------

CIRCLED_GAMES = ["momentum", "nummerus", "mops", "momox"]  # their moves here are the names of board targets


def goto(app: App, shown: int) -> None:
    send(app, type="click", control=control(action="review-goto", index=str(shown), within="#review-panel .review-moves"), pointer="mouse")
    assert app.learn[0].shown == shown


@pytest.mark.parametrize("game_id", CIRCLED_GAMES)
def test_a_mistake_rings_the_better_move_on_the_board_and_the_editor_gets_the_ring(game_id):
    app, page, session = reviewed(game_id)
    judged = app.learn[0].review.moves
    mistake = next(m for m in judged if m.grade == "mistake")
    best = next(m for m in judged if m.grade == "best")
    goto(app, best.index + 1)
    assert 'class="diagram"' not in region(page, "board"), "a good move gets no ring"
    assert editor_href(region(page, "review-panel")) == editor_fragment(game_id, public_position(game_id, session.states[best.index + 1]), Diagram())
    goto(app, mistake.index + 1)
    board = region(page, "board")
    assert board.count('class="diagram"') == 1 and board.count('class="diagram-circle') >= 1, board[-600:]
    ring = Diagram(circles=(Circle(mistake.preferred, "g"),))
    expected = public_position(game_id, session.states[mistake.index + 1])
    fragment = editor_href(region(page, "review-panel"))
    assert fragment == editor_fragment(game_id, expected, ring)
    send(app, type="route", hash=fragment)
    assert editor_of(app).position == expected and editor_of(app).diagram == ring and editor_of(app).messages == []


def test_a_move_that_names_no_target_gets_no_ring():
    """Fenn's step names a field and a face: told by the panel and the preferred move's board only."""
    app, page, session = reviewed("fenn")
    mistake = next(m for m in app.learn[0].review.moves if m.grade == "mistake")
    goto(app, mistake.index + 1)
    assert 'class="diagram"' not in region(page, "board")
    assert "The computer preferred" in region(page, "review-panel") or "Better:" in region(page, "review-panel")


def test_only_a_mistake_or_an_inaccuracy_with_another_move_preferred_is_ringed():
    targets = {"d4", "e5"}
    assert better_move_diagram(MoveReview(0, 0, "e5", "mistake", "d4"), targets) == Diagram(circles=(Circle("d4", "g"),))
    assert better_move_diagram(MoveReview(0, 0, "e5", "inaccuracy", "d4"), targets).has_marks()
    assert not better_move_diagram(MoveReview(0, 0, "e5", "good", "d4"), targets).has_marks()
    assert not better_move_diagram(MoveReview(0, 0, "e5", "mistake", "e5"), targets).has_marks()
    assert not better_move_diagram(MoveReview(0, 0, "e5", "mistake", "c3"), targets).has_marks(), "not on this board"
    assert not better_move_diagram(MoveReview(0, 0, "e5", None, None), targets).has_marks()
    assert not better_move_diagram(None, targets).has_marks()
