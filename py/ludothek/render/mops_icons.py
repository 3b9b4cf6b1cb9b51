"""Mops Royal tiles drawn as SVG: our own six motif icons, the six colours with a shape key each,
the crown, and the back of a face-down tile. Drawn from scratch (not the publisher's artwork).

Every drawing lives in a 100 x 100 box and is placed with a transform, so the same text serves
the large revealed tile, the layouts and the small pictures beside them. Colours come from
classes (assets/games/mops.css), so a standalone SVG file looks the same with its styles inside.

A tile shows its colour three ways: the fill, a key shape in its top-left corner (blue circle,
green triangle, orange square, pink heart, purple diamond, yellow star) and, for screen readers,
its name. The motif is a white silhouette with a dark outline, legible on every colour.
"""

from __future__ import annotations

from functools import lru_cache

from ..games.notation import CROWN_CODES
from .svg import empty, num, star_path, tag

COLOUR_CSS = {"b": "blue", "g": "green", "o": "orange", "p": "pink", "v": "purple", "y": "yellow"}
MOTIF_CSS = {"P": "pug", "B": "bone", "W": "bowl", "C": "can", "K": "cushion", "H": "heap"}


# -- motif silhouettes ------------------------------------------------------------------------------
# Each motif is (outline shapes, details). The outline shapes are drawn twice: once thick in ink
# (the outline of their union) and once in white on top, so overlapping parts merge into one
# clean silhouette. Details (eyes, ribs, stitches) are drawn in ink on top of that.


def _pug() -> tuple[str, str]:
    head = empty("ellipse", cx="50", cy="55", rx="31", ry="27") + empty("path", d="M27 40Q32 26 50 27Q68 26 73 40Z")
    ears = empty("path", d="M24 36C14 30 7 40 11 52C17 50 23 46 30 40Z", class_="ink") + empty(
        "path", d="M76 36C86 30 93 40 89 52C83 50 77 46 70 40Z", class_="ink"
    )
    details = (
        ears
        + empty("path", d="M41 36Q50 32 59 36M44 41Q50 38 56 41", class_="line thin")
        + empty("circle", cx="38", cy="51", r="6.5", class_="ink")
        + empty("circle", cx="62", cy="51", r="6.5", class_="ink")
        + empty("circle", cx="40", cy="49", r="2", class_="glint")
        + empty("circle", cx="64", cy="49", r="2", class_="glint")
        + empty("ellipse", cx="50", cy="68", rx="15", ry="11.5", class_="ink")
        + empty("ellipse", cx="50", cy="62", rx="6", ry="3.6", class_="nose")
        + empty("path", d="M50 66V70M43 73Q50 78 57 73", class_="line light")
    )
    return head, details


def _bone() -> tuple[str, str]:
    shapes = (
        empty("rect", x="27", y="43", width="46", height="15", rx="3")
        + empty("circle", cx="27", cy="42", r="10.5")
        + empty("circle", cx="27", cy="59", r="10.5")
        + empty("circle", cx="73", cy="42", r="10.5")
        + empty("circle", cx="73", cy="59", r="10.5")
    )
    shapes = tag("g", shapes, transform="rotate(-32 50 50.5)")
    details = tag("g", empty("path", d="M36 50.5H64", class_="line thin faint"), transform="rotate(-32 50 50.5)")
    return shapes, details


def _bowl() -> tuple[str, str]:
    shapes = (
        empty("circle", cx="37", cy="44", r="8")
        + empty("circle", cx="50", cy="40", r="9.5")
        + empty("circle", cx="63", cy="44", r="8")
        + empty("path", d="M15 50H85L77 77Q76 81 71 81H29Q24 81 23 77Z")
    )
    details = (
        empty("path", d="M15 50H85", class_="line")
        + empty("path", d="M20 62H80", class_="line thin")
        + empty("circle", cx="45", cy="43", r="2", class_="ink")
        + empty("circle", cx="56", cy="41", r="2", class_="ink")
        + empty("circle", cx="37", cy="45", r="1.8", class_="ink")
        + empty("circle", cx="64", cy="45", r="1.8", class_="ink")
        # a little bone on the bowl
        + empty("path", d="M41 70.5H59", class_="line bone-mark")
    )
    return shapes, details


def _can() -> tuple[str, str]:
    shapes = (
        empty("rect", x="28", y="25", width="44", height="53", rx="3")
        + empty("ellipse", cx="50", cy="25", rx="22", ry="7")
        + empty("ellipse", cx="50", cy="78", rx="22", ry="7")
    )
    details = (
        empty("ellipse", cx="50", cy="25", rx="22", ry="7", class_="line thin-fill")
        + empty("ellipse", cx="50", cy="25", rx="13", ry="3.8", class_="line thin")
        + empty("path", d="M28 38Q50 45 72 38V64Q50 71 28 64Z", class_="ink")
        # a paw print on the label
        + empty("ellipse", cx="50", cy="57", rx="5.5", ry="4.5", class_="glint")
        + empty("circle", cx="42.5", cy="50", r="2.6", class_="glint")
        + empty("circle", cx="47.5", cy="47", r="2.6", class_="glint")
        + empty("circle", cx="52.5", cy="47", r="2.6", class_="glint")
        + empty("circle", cx="57.5", cy="50", r="2.6", class_="glint")
    )
    return shapes, details


def _cushion() -> tuple[str, str]:
    shapes = (
        empty("path", d="M21 25Q50 34 79 25Q70 51 79 77Q50 68 21 77Q30 51 21 25Z")
        + empty("circle", cx="18", cy="22", r="5")
        + empty("circle", cx="82", cy="22", r="5")
        + empty("circle", cx="18", cy="80", r="5")
        + empty("circle", cx="82", cy="80", r="5")
    )
    details = (
        empty("path", d="M31 35Q50 41 69 35Q63 51 69 67Q50 61 31 67Q37 51 31 35Z", class_="line thin")
        + empty("circle", cx="50", cy="51", r="4.5", class_="ink")
        + empty("circle", cx="18", cy="22", r="2.2", class_="ink")
        + empty("circle", cx="82", cy="22", r="2.2", class_="ink")
        + empty("circle", cx="18", cy="80", r="2.2", class_="ink")
        + empty("circle", cx="82", cy="80", r="2.2", class_="ink")
    )
    return shapes, details


def _heap() -> tuple[str, str]:
    shapes = (
        empty("path", d="M17 79Q13 66 27 64H73Q87 66 83 79Z")
        + empty("path", d="M25 65Q21 52 35 51H65Q79 52 75 65Z")
        + empty("path", d="M34 52Q31 40 44 39Q52 38 54 32Q56 26 50 21Q66 22 66 36Q70 42 66 52Z")
    )
    details = empty("path", d="M29 66Q50 71 71 66M37 53Q50 57 63 53", class_="line thin") + empty("path", d="M46 41Q56 43 60 36", class_="line thin")
    return shapes, details


_MOTIF_DRAWINGS = {"P": _pug, "B": _bone, "W": _bowl, "C": _can, "K": _cushion, "H": _heap}


@lru_cache(maxsize=None)
def motif_svg(motif: str) -> str:
    """The motif in the 100-unit box: outline, white silhouette, ink details."""
    shapes, details = _MOTIF_DRAWINGS[motif]()
    return tag("g", tag("g", shapes, class_="motif-outline") + tag("g", shapes, class_="motif-fill") + details, class_=f"motif {MOTIF_CSS[motif]}")


# -- colour keys ---------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def colour_key_svg(colour: str, cx: float = 15, cy: float = 15, r: float = 7.5) -> str:
    """The colour's key shape (ink) on a small white badge: a second cue beside the hue."""
    badge = empty("circle", cx=num(cx), cy=num(cy), r=num(r * 1.45), class_="key-badge")
    if colour == "b":
        mark = empty("circle", cx=num(cx), cy=num(cy), r=num(r * 0.8))
    elif colour == "g":
        mark = empty("path", d=f"M{num(cx)} {num(cy - r)}L{num(cx + r)} {num(cy + r * 0.75)}L{num(cx - r)} {num(cy + r * 0.75)}Z")
    elif colour == "o":
        d = r * 0.75
        mark = empty("rect", x=num(cx - d), y=num(cy - d), width=num(2 * d), height=num(2 * d))
    elif colour == "p":
        s = r / 8
        mark = empty(
            "path",
            d=(
                f"M{num(cx)} {num(cy + 7 * s)}C{num(cx - 9 * s)} {num(cy + 1 * s)} {num(cx - 9 * s)} {num(cy - 7 * s)} "
                f"{num(cx - 4.5 * s)} {num(cy - 7 * s)}C{num(cx - 2 * s)} {num(cy - 7 * s)} {num(cx)} {num(cy - 5 * s)} "
                f"{num(cx)} {num(cy - 3 * s)}C{num(cx)} {num(cy - 5 * s)} {num(cx + 2 * s)} {num(cy - 7 * s)} "
                f"{num(cx + 4.5 * s)} {num(cy - 7 * s)}C{num(cx + 9 * s)} {num(cy - 7 * s)} {num(cx + 9 * s)} {num(cy + 1 * s)} "
                f"{num(cx)} {num(cy + 7 * s)}Z"
            ),
        )
    elif colour == "v":
        mark = empty("path", d=f"M{num(cx)} {num(cy - r)}L{num(cx + r * 0.8)} {num(cy)}L{num(cx)} {num(cy + r)}L{num(cx - r * 0.8)} {num(cy)}Z")
    else:
        mark = empty("path", d=star_path(cx, cy + 0.5, r * 1.05))
    return tag("g", badge + tag("g", mark, class_="key-mark"), class_="colour-key")


@lru_cache(maxsize=None)
def crown_svg(cx: float = 85, cy: float = 15, size: float = 11) -> str:
    """The bonus crown on a dark badge (top-right corner of a crown tile)."""
    s = size / 10
    d = (
        f"M{num(cx - 8 * s)} {num(cy + 5 * s)}L{num(cx - 9 * s)} {num(cy - 5 * s)}L{num(cx - 4 * s)} {num(cy - 0.5 * s)}"
        f"L{num(cx)} {num(cy - 7 * s)}L{num(cx + 4 * s)} {num(cy - 0.5 * s)}L{num(cx + 9 * s)} {num(cy - 5 * s)}"
        f"L{num(cx + 8 * s)} {num(cy + 5 * s)}Z"
    )
    return tag(
        "g", empty("circle", cx=num(cx), cy=num(cy), r=num(size * 1.25), class_="crown-badge") + empty("path", d=d, class_="crown-shape"), class_="crown"
    )


# -- whole tiles ---------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def tile_face(code: str, detail: bool = True) -> str:
    """A face-up tile in the 100-unit box. `detail` adds the colour key (left out when tiny)."""
    motif, colour = code[0], code[1]
    parts = [empty("rect", x="3", y="3", width="94", height="94", rx="11", class_=f"tile-bg c-{colour}")]
    if detail:
        parts.append(tag("g", motif_svg(motif), transform="translate(9 13) scale(.82)"))
        parts.append(colour_key_svg(colour))
    else:
        parts.append(tag("g", motif_svg(motif), transform="translate(5 5) scale(.9)"))
    if code in CROWN_CODES:
        parts.append(crown_svg() if detail else crown_svg(82, 18, 13))
    return "".join(parts)


@lru_cache(maxsize=None)
def tile_back(detail: bool = True) -> str:
    """The back of a tile (face down): neutral, with a paw print; never a colour of the set."""
    parts = [empty("rect", x="3", y="3", width="94", height="94", rx="11", class_="tile-back")]
    if detail:
        parts.append(empty("rect", x="11", y="11", width="78", height="78", rx="7", class_="back-frame"))
    parts.append(
        tag(
            "g",
            empty("ellipse", cx="50", cy="60", rx="13", ry="11")
            + empty("ellipse", cx="31", cy="43", rx="6", ry="7.5")
            + empty("ellipse", cx="43", cy="33", rx="6", ry="7.5")
            + empty("ellipse", cx="57", cy="33", rx="6", ry="7.5")
            + empty("ellipse", cx="69", cy="43", rx="6", ry="7.5"),
            class_="back-paw",
        )
    )
    return "".join(parts)


def place(content: str, x: float, y: float, size: float) -> str:
    """Put a 100-unit drawing at (x, y) with the given side."""
    return tag("g", content, transform=f"translate({num(x)} {num(y)}) scale({num(size / 100)})")


def tile_svg(code: str, face_up: bool, x: float, y: float, size: float, detail: bool = True, class_: str = "", **items: str) -> str:
    """A tile at (x, y) of side `size`, wrapped in a group carrying its classes."""
    inner = tile_face(code, detail) if face_up else tile_back(detail)
    classes = ["tile", "face-up" if face_up else "face-down"]
    if class_:
        classes.append(class_)
    if class_:
        inner = tag("g", inner, class_="tile-inner")  # animated without touching the placement
    return tag("g", inner, class_=" ".join(classes), transform=f"translate({num(x)} {num(y)}) scale({num(size / 100)})", **items)


@lru_cache(maxsize=None)
def flip_icon(cx: float = 50, cy: float = 50, r: float = 18) -> str:
    """'Turn face down here': a curved arrow on a dark badge."""
    s = r / 18
    arc = f"M{num(cx - 9 * s)} {num(cy + 4 * s)}A{num(9.5 * s)} {num(9.5 * s)} 0 1 1 {num(cx + 6 * s)} {num(cy + 7.5 * s)}"
    head = f"M{num(cx + 1 * s)} {num(cy + 4 * s)}L{num(cx + 7 * s)} {num(cy + 8.5 * s)}L{num(cx + 2 * s)} {num(cy + 13 * s)}"
    return tag(
        "g",
        empty("circle", cx=num(cx), cy=num(cy), r=num(r), class_="flip-badge")
        + empty("path", d=arc, class_="flip-arrow")
        + empty("path", d=head, class_="flip-arrow"),
        class_="flip-icon",
    )
