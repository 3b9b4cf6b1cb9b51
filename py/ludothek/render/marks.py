"""The marks that tell the seat colours apart without their hue (for colour-blind players and
black-and-white print): red plain, blue a ring, green a diamond, purple a square. Every game draws
its pieces' colours with these, so a colour means the same mark everywhere."""

from __future__ import annotations

from .svg import empty, num


def colour_mark(css: str, cx: float, cy: float, r: float, class_: str) -> str:
    """The mark for the colour class `css` inside a round piece of radius `r` centred on (cx, cy)."""
    if css == "blue":
        return empty("circle", cx=num(cx), cy=num(cy), r=num(r * 0.55), class_=f"{class_} ring")
    if css == "green":
        d = r * 0.58
        return empty("path", d=f"M{num(cx)} {num(cy - d)}L{num(cx + d)} {num(cy)}L{num(cx)} {num(cy + d)}L{num(cx - d)} {num(cy)}Z", class_=f"{class_} diamond")
    if css == "purple":
        d = r * 0.38
        return empty("rect", x=num(cx - d), y=num(cy - d), width=num(2 * d), height=num(2 * d), class_=f"{class_} square")
    return ""
