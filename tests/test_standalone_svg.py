"""Standalone SVG files (download, command line, embed placeholder) carry their own styles."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from ludothek.games import get_game
from ludothek.render.standalone import embed_snippet, standalone_svg

ROOT = Path(__file__).resolve().parent.parent
POSITION = "7x7 ......./......./......./BB.Bp../......./......./....... R 8,5"


def test_standalone_svg_is_a_complete_styled_file():
    svg = standalone_svg("momentum", get_game("momentum").from_position(POSITION))
    root = ET.fromstring(svg.split("?>", 1)[1])
    style = root.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and ".stone-body.red" in style.text and "--red" in style.text


def test_every_still_picture_ends_its_animations_at_once():
    # A picture's rules may animate (a Momox tile on offer beckons for ever): as an image, that
    # would have the page showing it painted anew every frame. The home's pictures are drawn from
    # theirs (scripts/thumbnails.py): each file shows the picture's end.
    import thumbnails  # scripts/thumbnails.py (pytest.ini puts scripts/ on the path)

    from ludothek.render.standalone import STILL, board_styles

    for game_id in ("momentum", "nummerus", "fenn", "mops", "momox"):
        assert board_styles(game_id).endswith(STILL)
        assert STILL in thumbnails.picture_svg(game_id), game_id
    assert "animation-duration:0s!important" in STILL and "animation-iteration-count:1!important" in STILL


def test_command_line_writes_the_same_svg(tmp_path):
    out = tmp_path / "diagram.svg"
    result = subprocess.run(
        [sys.executable, "-m", "ludothek.render", "momentum", POSITION, "--move", "c4", "-o", str(out)],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    text = out.read_text()
    assert text.startswith("<?xml") and "<style>" in text and 'class="cell last"' in text
    bad = subprocess.run(
        [sys.executable, "-m", "ludothek.render", "momentum", "nonsense"], cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, capture_output=True, text=True
    )
    assert bad.returncode == 2 and "error:" in bad.stderr


def test_embed_snippet_shows_the_picture_until_the_board_is_live():
    svg = standalone_svg("momentum", get_game("momentum").from_position(POSITION))
    snippet = embed_snippet("https://example.org/index.html?embed=1#/position/momentum/x", svg, 400, 500, 'A "title"')
    assert snippet.startswith("<iframe ") and snippet.endswith("></iframe>")
    assert "data:image/svg+xml," in snippet and "&quot;title&quot;" in snippet
    assert "<svg" not in snippet  # the picture is percent-encoded inside the style attribute


def picture_of(snippet: str) -> str:
    """The SVG inside a snippet's data: URL, as the browser decodes it."""
    import html
    import re
    from urllib.parse import unquote

    style = html.unescape(re.search(r' style="([^"]*)"', snippet).group(1))
    url = re.search(r'url\("data:image/svg\+xml,([^"]*)"\)', style).group(1)
    assert "#" not in url and '"' not in url  # '#' would end the URL, '"' the CSS string
    return unquote(url)


def test_the_snippets_picture_survives_any_character():
    svg = (
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" class="board">'
        '<style>.board-bg{fill:#e9d5ab}.unused{fill:#000}</style>'
        '<rect class="board-bg" width="10" height="10"/><text class="board-bg">100% &amp; "Grüße" #1 \'a\' &lt;b&gt;</text></svg>'
    )
    picture = picture_of(embed_snippet("https://example.org/index.html?embed=1", svg, 400, 500, "t"))
    root = ET.fromstring(picture)  # well-formed after the round trip
    assert root.find("{http://www.w3.org/2000/svg}text").text == '100% & "Grüße" #1 \'a\' <b>'
    assert ".board-bg{fill:#e9d5ab}" in picture and ".unused" not in picture


def test_each_games_snippet_is_small_and_carries_only_the_css_its_picture_uses():
    from ludothek.render.standalone import board_styles, embed_size

    for game_id in ("momentum", "nummerus", "fenn", "mops", "momox"):
        game = get_game(game_id)
        state = game.observation(game.new_game(players=2, seed=7), None)
        width, height = embed_size(game_id)
        snippet = embed_snippet(
            "https://example.org/index.html?embed=1&picture=1#/position/x", standalone_svg(game_id, state), width, height, "t", game_id=game_id
        )
        picture = picture_of(snippet)
        ET.fromstring(picture)
        css = picture.split("<style>", 1)[1].split("</style>", 1)[0]
        assert len(css) < len(board_styles(game_id)) / 2, game_id
        assert ":hover" not in css and ":focus" not in css
        # Every class a rule names is one the picture uses.
        import re

        used = {name for value in re.findall(r"class='([^']*)'", picture) for name in value.split()}
        for rule in re.findall(r"([^{}]+)\{", css):
            for selector in rule.split(","):
                assert set(re.findall(r"\.([A-Za-z_][\w-]*)", re.sub(r"\[[^\]]*\]", "", selector))) <= used, (game_id, selector)
        assert len(snippet.encode()) < 17_000, (game_id, len(snippet.encode()))
