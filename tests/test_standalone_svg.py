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


def test_command_line_writes_the_same_svg(tmp_path):
    out = tmp_path / "diagram.svg"
    result = subprocess.run(
        [sys.executable, "-m", "ludothek.render", "momentum", POSITION, "--move", "c4", "-o", str(out)],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    text = out.read_text()
    assert text.startswith("<?xml") and "<style>" in text and 'class="cell last"' in text
    bad = subprocess.run([sys.executable, "-m", "ludothek.render", "momentum", "nonsense"], cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py")}, capture_output=True, text=True)
    assert bad.returncode == 2 and "error:" in bad.stderr


def test_embed_snippet_shows_the_picture_until_the_board_is_live():
    svg = standalone_svg("momentum", get_game("momentum").from_position(POSITION))
    snippet = embed_snippet("https://example.org/index.html?embed=1#/position/momentum/x", svg, 400, 500, 'A "title"')
    assert snippet.startswith("<iframe ") and snippet.endswith("></iframe>")
    assert "data:image/svg+xml," in snippet and "&quot;title&quot;" in snippet
    assert "<svg" not in snippet  # the picture is percent-encoded inside the style attribute
