"""Rules of the stylesheets that no browser test would notice until a player does."""

import re
from pathlib import Path

import pytest

from ludothek.render.standalone import css_blocks

ASSETS = Path(__file__).resolve().parent.parent / "assets"
STYLESHEETS = sorted([ASSETS / "app.css", ASSETS / "embed.css", *(ASSETS / "games").glob("*.css")])


def blocks(css: str, inside: tuple[str, ...] = ()):
    """(at-rules around it, selector) for every style rule of `css`."""
    for prelude, body in css_blocks(re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        if prelude.startswith("@media"):
            yield from blocks(body, (*inside, prelude))
        elif not prelude.startswith("@"):
            yield inside, prelude


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda p: p.name)
def test_hover_looks_only_where_a_pointer_can_hover(path):
    """On a touch screen a tap leaves :hover on the tapped element until the next tap elsewhere: a
    highlight would stick on a cell that is no longer a choice. So every :hover rule sits inside
    @media (hover: hover), except the embed's Play cover (it disappears when pressed)."""
    stuck = [
        selector
        for media, selector in blocks(path.read_text(encoding="utf-8"))
        if ":hover" in selector and "embed-cover" not in selector and not any("(hover: hover)" in m for m in media)
    ]
    assert stuck == []


def test_the_parser_sees_the_rules_it_checks():
    found = [(media, selector) for path in STYLESHEETS for media, selector in blocks(path.read_text(encoding="utf-8"))]
    assert any(":hover" in selector and media for media, selector in found)
    assert len(found) > 200
