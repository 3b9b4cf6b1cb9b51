"""Boards as standalone SVG files (for download, diagrams in documents, the command line, and the
picture an embed shows before Python has loaded): the board's SVG with its styles inside."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator, TypeAlias

from ..games.base import StateBase
from ..package_files import package_file
from .catalog import embed_layout, get_view
from .embed_layout import EMBED_DIAGRAM_BOTTOM, EMBED_TOP
from .pictures import picture_board_svg
from .view import UIState

# In the app the build ships the stylesheets inside the package (render/styles/, with the second
# zip: package_files); in a checkout they are in assets/.
_CHECKOUT_STYLES = Path(__file__).resolve().parents[3] / "assets"
_cache: dict[str, str] = {}

# A picture is still: each animation of its rules shows its end at once, as the app shows them for
# reduced motion (app.css). An image whose rules animate for ever (a Momox tile on offer beckons)
# has the page that shows it painted anew every frame: the home screen's Momox card did so for as
# long as it was open, on the page's thread and the compositor's, while Python started beside it.
STILL = "*{animation-duration:0s!important;animation-delay:0s!important;animation-iteration-count:1!important;transition-duration:0s!important}"


def _read(relative: str) -> str:
    for path in (package_file("render/styles/" + relative), _CHECKOUT_STYLES / relative):
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
        _cache[game_id] = (text_font + css + STILL).strip()
    return _cache[game_id]


def standalone_svg(game_id: str, state: StateBase, ui: UIState[StateBase] | None = None) -> str:
    """A complete SVG file of `state`'s board, looking as in the app."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + styled_svg(game_id, get_view(game_id).board_svg(state, ui or UIState(interactive=False))) + "\n"


def picture_svg(game_id: str, state: StateBase, ui: UIState[StateBase] | None = None) -> str:
    """A complete SVG file of `state` as a picture (render/pictures.py): the board drawn still, with
    what lies beside it in the game written under it."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + styled_svg(game_id, picture_board_svg(get_view(game_id), state, ui)) + "\n"


def styled_svg(game_id: str, svg: str) -> str:
    """`svg`, one of the game's pictures, with the styles it is drawn with inside (a file, an image)."""
    head, sep, rest = svg.partition(">")
    return head + sep + f"<style>{board_styles(game_id)}</style>" + rest


def picture_url(picture_svg: str) -> str:
    """A standalone SVG as a data: URL, made small (`compact_picture`)."""
    from urllib.parse import quote  # when a picture is made, not at the start (compiled from source in the page)

    return "data:image/svg+xml," + quote(compact_picture(picture_svg), safe=_DATA_URL_SAFE + "'")


# How an embedded board shares its frame (px): whose turn it is above the board, the controls
# under it. The snippet draws its picture into the same box, so the live board appears exactly
# where the picture was. The app's embed layout reads these numbers too (one source).
def embed_size(game_id: str) -> tuple[int, int]:
    """The frame size the Share dialog proposes for a game."""
    layout = embed_layout(game_id)
    return layout.width, layout.height


def embed_picture_box(game_id: str, readonly: bool) -> tuple[int, int]:
    """(top, bottom): the margins of the box the board takes in the frame."""
    return (0, EMBED_DIAGRAM_BOTTOM) if readonly else (EMBED_TOP, embed_layout(game_id).bottom)


# In a data: URL everything but these is percent-encoded: '#' would end the URL, '%' start an
# escape, quotes and '<' '>' '&' would break the attribute or the CSS around it.
_DATA_URL_SAFE = " =:;,/-.!*_~@"


def embed_snippet(
    src: str, picture_svg: str, width: int, height: int, title: str, *, game_id: str = "", readonly: bool = False, box: tuple[int, int] | None = None
) -> str:
    """The <iframe> code for a blog post. The frame's background is the board drawn now by the
    same renderer (with only the CSS it uses), in the box where the live board will appear, so
    readers see the position at once and the board does not move when it comes alive. `box`:
    (top, bottom) margins of that box, where they are not a game's (a story's frame)."""
    top, bottom = box or embed_picture_box(game_id, readonly)
    style = (
        f"border:0;width:100%;max-width:{width}px;height:{height}px;"
        f'background:#f7f3ea url("{picture_url(picture_svg)}") no-repeat 50% {top}px/100% calc(100% - {top + bottom}px)'
    )
    return f'<iframe src="{_attr(src)}" title="{_attr(title)}" width="{width}" height="{height}" style="{_attr(style)}" loading="lazy"></iframe>'


# The picture code is an <img> whose src is the picture as a data: URL, not an inline <svg>:
# - an inline SVG's <style> applies to the whole page it is pasted into (the board's class names,
#   .cell or .board, would restyle the blog, and the blog's CSS the board); an image is sealed;
# - blog editors and the sanitizers of forums and comment boxes drop <svg> and <style> (WordPress
#   for every author but an administrator) and keep <img>;
# - `alt` is the text every reader and screen reader gets for an image (and a page shows where
#   images are off); an inline SVG's <desc> is not read out alike everywhere.
# It costs about a third more bytes than the SVG's text (percent-encoding), a few KB, and asks
# nothing of Ludothek's host: the picture is whole in the code.
_VIEW_BOX_SIZE = re.compile(r'<svg\b[^>]*?\sviewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) ([0-9.]+)"')


def picture_snippet(picture_svg: str, alt: str, width: int) -> str:
    """The <img> code of a picture for a blog post: the SVG made small (`compact_picture`) in a
    data: URL, `width` pixels wide (it shrinks with a narrow column), `alt` its words."""
    size = _VIEW_BOX_SIZE.search(picture_svg)
    height = round(width * float(size.group(2)) / float(size.group(1))) if size and float(size.group(1)) > 0 else width
    return (
        f'<img src="{picture_url(picture_svg)}" alt="{_attr(alt)}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" loading="lazy" decoding="async">'
    )


_STATE_PSEUDO = re.compile(r":(hover|focus|focus-visible|focus-within|active|checked|disabled)\b")
_VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")


def css_blocks(css: str) -> list[tuple[str, str]]:
    """Top-level (prelude, body) pairs of a stylesheet without comments."""
    blocks, depth, start, prelude = [], 0, 0, ""
    for i, char in enumerate(css):
        if char == "{":
            if depth == 0:
                prelude, start = css[start:i].strip(), i + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                blocks.append((prelude, css[start:i]))
                start = i + 1
    return blocks


def _selector_used(selector: str, classes: set[str], ids: set[str]) -> bool:
    if _STATE_PSEUDO.search(selector):
        return False  # a picture is never hovered or focused
    bare = re.sub(r"\[[^\]]*\]|\([^)]*\)", "", selector)  # attribute tests and :not(...) stay possible
    return all(name in classes for name in re.findall(r"\.(-?[A-Za-z_][\w-]*)", bare)) and all(
        name in ids for name in re.findall(r"#(-?[A-Za-z_][\w-]*)", bare)
    )


# A rule kept for a picture: its prelude and body, or an @media rule's prelude and the rules kept inside it.
KeptRule: TypeAlias = "tuple[str, str | list[KeptRule]]"


def used_styles(css: str, markup: str) -> str:
    """The rules of `css` that can apply to `markup` (by the classes and ids it uses), and the
    custom properties and keyframes those rules need. Rules for states a picture never has
    (hover, focus) are left out."""
    classes = {name for value in re.findall(r'class="([^"]*)"', markup) for name in value.split()}
    ids = set(re.findall(r'id="([^"]*)"', markup))

    def rules(text: str) -> list[KeptRule]:
        kept: list[KeptRule] = []
        for prelude, body in css_blocks(text):
            if prelude.startswith("@keyframes"):
                kept.append((prelude, body))
            elif prelude.startswith("@media"):
                inner = rules(body)
                if inner:
                    kept.append((prelude, inner))
            elif not prelude.startswith("@"):
                selectors = [sel for sel in prelude.split(",") if _selector_used(sel.strip(), classes, ids)]
                if selectors:
                    kept.append((",".join(selectors), body))
        return kept

    kept = rules(css)

    def flat(items: list[KeptRule]) -> Iterator[tuple[str, str]]:
        for prelude, body in items:
            if isinstance(body, list):
                yield from flat(body)
            elif not prelude.startswith("@keyframes"):
                yield prelude, body

    # Custom properties and keyframes: only those the kept rules use (and those they use in turn).
    declarations = [d.strip() for _p, body in flat(kept) for d in body.split(";") if d.strip()]
    defined = {d.split(":", 1)[0].strip(): d for d in declarations if d.startswith("--")}
    wanted: set[str] = set()
    pending = [name for d in declarations if not d.startswith("--") for name in _VAR_USE.findall(d)]
    while pending:
        name = pending.pop()
        if name not in wanted:
            wanted.add(name)
            pending.extend(_VAR_USE.findall(defined.get(name, "")))
    animations = {word for d in declarations if d.startswith("animation") for word in re.findall(r"[\w-]+", d.split(":", 1)[-1])}

    def write(items: list[KeptRule]) -> str:
        out = []
        for prelude, body in items:
            if isinstance(body, list):
                inner = write(body)
                if inner:
                    out.append(f"{prelude}{{{inner}}}")
            elif prelude.startswith("@keyframes"):
                if prelude.split()[-1] in animations:
                    out.append(f"{prelude}{{{body}}}")
            else:
                parts = [d.strip() for d in body.split(";") if d.strip() and (not d.strip().startswith("--") or d.split(":", 1)[0].strip() in wanted)]
                if parts:
                    out.append(f"{prelude}{{{';'.join(parts)}}}")
        return "".join(out)

    return write(kept)


def compact_picture(svg: str) -> str:
    """A standalone SVG made small for a data: URL: only the CSS it uses, no accessibility or data
    attributes (a background picture is never read out: the frame's title names it), single
    quotes around attribute values (a double quote costs three characters once encoded)."""
    svg = re.sub(r">\s+<", "><", re.sub(r"\s+", " ", svg.split("?>", 1)[-1])).strip()
    svg = re.sub(r"<title>.*?</title>|<desc>.*?</desc>", "", svg, flags=re.S)
    svg = re.sub(r'\s(?:aria-[\w-]+|role|data-[\w-]+|tabindex|focusable)="[^"]*"', "", svg)
    svg = _with_used_styles(svg)
    css = re.search(r"<style>(.*?)</style>", svg, re.S)
    styled = set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", css.group(1))) if css else set()

    def classes(match: re.Match[str]) -> str:
        kept = " ".join(name for name in match.group(1).split() if name in styled)
        return f' class="{kept}"' if kept else ""

    svg = re.sub(r'\sclass="([^"]*)"', classes, svg)
    svg = _unwrap_bare_groups(svg)
    svg = re.sub(r'\sd="([^"]*)"', lambda m: ' d="' + re.sub(r"\s*([A-Za-z])\s*", r"\1", m.group(1)) + '"', svg)
    return re.sub(r'(\s[\w:-]+)="([^"\']*)"', r"\1='\2'", svg)


def _unwrap_bare_groups(svg: str) -> str:
    """Drop <g> elements without attributes (left after unused classes went), keeping their content."""
    out: list[str] = []
    stack: list[bool] = []  # for each <g> open: whether it is kept (it has attributes)
    last = 0
    for match in re.finditer(r"<g(\s[^>]*)?>|</g>", svg):
        out.append(svg[last : match.start()])
        last = match.end()
        if match.group(0) == "</g>":
            if stack.pop():
                out.append("</g>")
        else:
            keep = bool((match.group(1) or "").strip())
            stack.append(keep)
            if keep:
                out.append(match.group(0))
    out.append(svg[last:])
    return "".join(out)


def _with_used_styles(svg: str) -> str:
    """`svg` with its <style> cut down to the rules its own elements use."""
    match = re.search(r"<style>(.*?)</style>", svg, re.S)
    if not match:
        return svg
    rest = svg[: match.start()] + svg[match.end() :]
    css = re.sub(r":\s+", ":", re.sub(r"\s*([;,{}>])\s*", r"\1", used_styles(match.group(1), rest)))
    return svg[: match.start()] + f"<style>{css}</style>" + svg[match.end() :]


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
