"""Every rules page renders, and every diagram in it is a legal position (and move) of its game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.i18n import LANGUAGES
from ludothek.render import get_view, has_view
from ludothek.render.rules import RULES_DIR, diagrams, has_rules, rules_body_html

DOCUMENTS = sorted(RULES_DIR.glob("*.md"))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_every_diagram_replays_through_the_engine(path):
    game_id, language, _ = path.name.split(".")
    assert game_id in GAME_IDS and language in LANGUAGES
    found = diagrams(game_id, language)
    assert found, "a rules page should illustrate its rules"
    game = get_game(game_id)
    for diagram in found:
        before = game.from_position(diagram.position)
        assert game.position(before) == diagram.position
        if diagram.move is not None:
            assert diagram.move in game.legal_moves(before), diagram


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if has_rules(g) and has_view(g)])
def test_rules_page_renders_with_clarifications(game_id):
    for language in LANGUAGES:
        html = rules_body_html(get_view(game_id), language)
        ET.fromstring(f"<root>{html}</root>")
        assert "<figure" in html and "<svg" in html
    assert "Clarifications" in rules_body_html(get_view(game_id), "en")
