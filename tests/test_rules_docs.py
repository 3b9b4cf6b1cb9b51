"""Every rules page renders, and every diagram in it is a legal position (and move) of its game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.i18n import LANGUAGES
from ludothek.render import get_view
from ludothek.render.catalog import is_game
from ludothek.package_files import package_file
from ludothek.render.rules import RULES_FOLDER, diagrams, has_rules, rules_body_html

DOCUMENTS = sorted(package_file(RULES_FOLDER).glob("*.md"))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_every_diagram_replays_through_the_engine(path):
    game_id, language, _ = path.name.split(".")
    assert game_id in GAME_IDS and language in LANGUAGES
    found = diagrams(game_id, language)
    assert found, "a rules page should illustrate its rules"
    game = get_game(game_id)
    for diagram in found:
        before = game.from_public_position(diagram.position)
        assert game.position(before) == diagram.position
        if diagram.move is not None:
            assert diagram.move in game.legal_moves(before), diagram


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_story_diagrams_replay_as_one_game(path):
    """Diagrams marked with the same `story` follow from each other: from the first one's position,
    each later one is reached by its `via` moves played after the previous diagram's move."""
    game_id, language, _ = path.name.split(".")
    game = get_game(game_id)
    reached: dict[str, object] = {}
    for diagram in diagrams(game_id, language):
        if diagram.story is None:
            assert not diagram.via, f"'via' without a story: {diagram}"
            continue
        state = reached.get(diagram.story)
        if state is None:
            assert not diagram.via, f"the first diagram of story {diagram.story!r} has nothing to come from"
            state = game.from_public_position(diagram.position)
        else:
            for number, move in enumerate(diagram.via, start=1):
                assert move in game.legal_moves(state), f"via move {number} ({move}) of {diagram}"
                state = game.play(state, move)
            assert game.position(state) == diagram.position, diagram
        if diagram.move is not None:
            state = game.play(state, diagram.move)
        reached[diagram.story] = state


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_momox_diagram_is_one_game_from_the_start(language):
    """The Momox page follows one two-player game from the start (issue 14: its take/leave
    diagrams could not follow from the ones before)."""
    found = diagrams("momox", language)
    assert {d.story for d in found} == {"game"}
    game = get_game("momox")
    start = game.from_position(found[0].position)
    assert start.turn == 1 and start.yellows == 0 and start.seen == () and start.tiles == ((), ())
    assert [d.move for d in found] == [d.move for d in diagrams("momox", "en")]  # the same story in every language


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if has_rules(g) and is_game(g)])
def test_rules_page_renders_with_clarifications(game_id):
    for language in LANGUAGES:
        html = rules_body_html(get_view(game_id), language)
        ET.fromstring(f"<root>{html}</root>")
        assert "<figure" in html and "<svg" in html
    assert "Clarifications" in rules_body_html(get_view(game_id), "en")
