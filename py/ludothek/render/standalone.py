"""Boards as standalone SVG files (for download, diagrams in documents, the command line, and the
picture an embed shows before Python has loaded): the board's SVG with its styles inside."""

from __future__ import annotations

import re
from pathlib import Path

from . import get_view
from .view import UIState

_HERE = Path(__file__).resolve().parent
# In the app the build ships the stylesheets inside the package; in a checkout they are in assets/.
_STYLE_DIRS = (_HERE / "styles", _HERE.parents[2] / "assets")
_cache: dict[str, str] = {}


def _read(relative: str) -> str:
    for folder in _STYLE_DIRS:
        path = folder / relative
        if path.exists():
            return path.read_text(encoding="utf-8")
    return ""


def board_styles(game_id: str) -> str:
    """The CSS a board needs: colour variables, shared board rules, the game's own rules."""
    if game_id not in _cache:
        app = _read("app.css")
        root = re.search(r":root\s*\{.*?\n\}", app, re.S)
        shared = re.search(r"/\* board styles: begin.*?\*/(.*?)/\* board styles: end \*/", app, re.S)
        game = _read(f"games/{game_id}.css")
        css = "\n".join(part for part in (root.group(0) if root else "", shared.group(1) if shared else "", game) if part)
        css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
        css = re.sub(r"\s+", " ", css).replace(" {", "{").replace("{ ", "{").replace("; ", ";").replace(" }", "}")
        text_font = "svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
        _cache[game_id] = (text_font + css).strip()
    return _cache[game_id]


def standalone_svg(game_id: str, state, ui: UIState | None = None) -> str:
    """A complete SVG file of `state`'s board, looking as in the app."""
    svg = get_view(game_id).board_svg(state, ui or UIState(interactive=False))
    style = f"<style>{board_styles(game_id)}</style>"
    head, sep, rest = svg.partition(">")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + head + sep + style + rest + "\n"


def embed_snippet(src: str, picture_svg: str, width: int, height: int, title: str) -> str:
    """The <iframe> code for a blog post. The frame's background is the board drawn now by the
    same renderer, so readers see the position at once; the live board replaces it when ready."""
    from urllib.parse import quote

    picture = quote(re.sub(r"\s+", " ", picture_svg.split("?>", 1)[-1]).strip(), safe=" =:;,/'#-.()")
    style = (f"border:0;width:100%;max-width:{width}px;height:{height}px;"
             f'background:#f7f3ea url("data:image/svg+xml,{picture}") top center/contain no-repeat')
    return (f'<iframe src="{_attr(src)}" title="{_attr(title)}" width="{width}" height="{height}" '
            f'style="{_attr(style)}" loading="lazy"></iframe>')


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
