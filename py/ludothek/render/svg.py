"""Small helpers to write SVG and HTML text safely (every attribute and text is escaped)."""

from __future__ import annotations

import math
import re
from html import escape as _escape

_SVG_OPENING = re.compile(r"<svg\b[^>]*>")


def esc(text: object) -> str:
    """Escape text for element content and attribute values."""
    return _escape(str(text), quote=True)


def attrs(**items: object) -> str:
    """Attributes from keyword arguments: trailing '_' dropped, '_' becomes '-'; None/False skipped."""
    parts = []
    for key, value in items.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f"{name}=\"\"" if value is True else f"{name}=\"{esc(value)}\"")
    return (" " + " ".join(parts)) if parts else ""


VOID_ELEMENTS = frozenset({"input", "img", "br", "hr", "meta", "link", "source", "col", "wbr"})


def tag(name: str, content: str = "", /, **items: object) -> str:
    """An element with escaped attributes; `content` is trusted markup (build it with esc/tag).
    HTML's void elements (input, img, ...) are written self-closed, so the text is also XML."""
    if name in VOID_ELEMENTS:
        return f"<{name}{attrs(**items)}/>"
    return f"<{name}{attrs(**items)}>{content}</{name}>"


def empty(name: str, /, **items: object) -> str:
    return f"<{name}{attrs(**items)}/>"


def num(value: float) -> str:
    """Compact number text for coordinates."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def star_path(cx: float, cy: float, r: float, inner: float = 0.45) -> str:
    """A five-pointed star's path data, point up; `inner`: the inner corners' radius over the outer."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{num(cx + radius * math.cos(angle))} {num(cy + radius * math.sin(angle))}")
    return "M" + " L".join(points) + "Z"


def svg_document(content: str, width: float, height: float, *, label: str, class_: str = "board", **items: object) -> str:
    """An inline SVG element with a viewBox, scaled by CSS, announced as one image/figure."""
    return tag(
        "svg",
        tag("title", esc(label)) + content,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(width)} {num(height)}",
        class_=class_,
        role="group" if items.pop("interactive", False) else "img",
        aria_label=label,
        **items,
    )


def described(svg: str, words: str, *, first: bool = False) -> str:
    """`svg` (an SVG document) whose <desc> also says `words` (plain text, escaped here): first in it
    (`first`) or last, or a new <desc> after its <title> (or its opening tag). Unchanged without words."""
    if not words:
        return svg
    text = esc(words)
    if "<desc>" in svg:
        if first:
            return svg.replace("<desc>", "<desc>" + text + " ", 1)
        before, end, after = svg.partition("</desc>")
        return before + " " + text + end + after
    head, end, rest = svg.partition("</title>")
    if end:
        return head + end + tag("desc", text) + rest
    opening = _SVG_OPENING.search(svg)
    return svg[: opening.end()] + tag("desc", text) + svg[opening.end() :] if opening else svg


def hint_badge(cx: float, cy: float) -> str:
    """A check in a green disc centred at (cx, cy): the mark of a hinted target in every game."""
    return tag(
        "g",
        empty("circle", cx=num(cx), cy=num(cy), r="7.5", class_="hint-disc")
        + empty("path", d=f"M{num(cx - 3.6)} {num(cy + 0.2)}l2.6 2.7l4.8-5.4", class_="hint-check"),
        class_="hint-badge",
        aria_hidden="true",
    )


def piece_icon(body: str, size: float, class_: str) -> str:
    """A seat's piece drawn in a 40x40 box (the player panels, the setup form): decoration, hidden
    from screen readers, which read the seat's name beside it."""
    return tag("svg", body, viewBox="0 0 40 40", width=num(size), height=num(size), class_=class_, aria_hidden="true", focusable="false")
