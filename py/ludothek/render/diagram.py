"""Marks that explain a position (issue 36): arrows, circled and highlighted cells, short labels
and a caption, as a rules page or a blog draws them over a board (as lichess' and
python-chess' arrows and circled squares). Pure: data, a text notation, SVG text and sentences.

Every board draws a `Diagram` the same way, through the board contract: `BoardMarks.diagram`
(render/board_marks.py); each board module's `target_centres(s, marks)` says where its targets
are (the `data-target` tokens the views use for clicks, and the places a board names with
`data-field`/`data-cell`), and `diagram_svg` draws the marks over them as one overlay that is
hidden from screen readers and never takes a click. The same marks in words, for a list beside
the board, are `diagram_words`.

The notation (`parse_diagram` / `format_diagram`, as python-chess' FEN pair) is compact and
URL-safe, for a link's fragment or query: items separated by ';', fields by ':'.

    diagram  = "" | item *( ";" item )
    item     = "a:" colour ":" target "-" target     an arrow
             | "c:" colour ":" target                 a circled cell
             | "h:" colour ":" target                 a highlighted (tinted) cell
             | "l:" text ":" target [":" colour]     a label, 1-3 letters or digits (dark, or in a colour)
             | "t:" caption                           the caption, percent-encoded UTF-8
    colour   = "o" | "b" | "g" | "r"                 orange, light blue, green, red (Okabe-Ito)
    target   = 1*6( a-z / 0-9 )

    a:o:c3-c5;c:b:d4;h:g:e2;l:1:c3;t:Why%20c5%20is%20safe

A diagram is normalised when made: one mark of a kind per place (an arrow per start and end, a
circle, a highlight and a label per target; when several are written, the last one counts),
each kind sorted by its place, the caption's white space collapsed. So
`parse_diagram(format_diagram(d)) == d` for every diagram. Anything malformed raises
`DiagramError` (a `ValueError`) saying what is wrong.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, Collection, Iterable, Mapping, TypeVar

from ..i18n import _, ngettext, pgettext
from .svg import empty, esc, num, tag

MAX_MARKS = 24  # of each kind
MAX_CAPTION = 200  # characters of the caption
MAX_TEXT = 4096  # characters of a diagram's notation

TARGET_PATTERN = re.compile(r"[a-z0-9]{1,6}")
LABEL_PATTERN = re.compile(r"[A-Za-z0-9]{1,3}")
_CAPTION_CODE = re.compile(r"(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+")


class DiagramError(ValueError):
    """A diagram, or its notation, that cannot be drawn: the message says why."""


@dataclass(frozen=True)
class Colour:
    """A colour of the marks: its letter in the notation and its value (Okabe-Ito's palette,
    told apart by readers with every kind of colour blindness; the marks differ by shape too)."""

    code: str
    value: str


PALETTE: tuple[Colour, ...] = (
    Colour("o", "#e69f00"),  # orange
    Colour("b", "#56b4e9"),  # sky blue
    Colour("g", "#009e73"),  # bluish green
    Colour("r", "#d55e00"),  # vermilion
)
COLOURS: Mapping[str, Colour] = {c.code: c for c in PALETTE}
HALO = "#ffffff"  # under every mark, so that it shows on dark fields and pieces too
INK = "#1b1b1b"  # a label's badge (white text on it)


def colour_name(code: str) -> str:
    """The colour's name as players read it, in the current language."""
    names = {
        "o": pgettext("diagram colour", "orange"),
        "b": pgettext("diagram colour", "light blue"),
        "g": pgettext("diagram colour", "green"),
        "r": pgettext("diagram colour", "red"),
    }
    return names[code]


def _short(text: object) -> str:
    """Hostile text shown in a message: its repr, cut short."""
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _check_target(target: object) -> str:
    if not isinstance(target, str) or not TARGET_PATTERN.fullmatch(target):
        raise DiagramError(f"not a target: {_short(target)} (1 to 6 lower-case letters or digits)")
    return target


def _check_colour(colour: object) -> str:
    if not isinstance(colour, str) or colour not in COLOURS:
        raise DiagramError(f"unknown colour {_short(colour)} (one of {', '.join(COLOURS)})")
    return colour


@dataclass(frozen=True)
class Arrow:
    """An arrow from one target to another (a move, a threat, a walk)."""

    start: str
    end: str
    colour: str

    def __post_init__(self) -> None:
        _check_target(self.start)
        _check_target(self.end)
        _check_colour(self.colour)
        if self.start == self.end:
            raise DiagramError(f"an arrow from {self.start} to itself")


@dataclass(frozen=True)
class _ColouredTarget:
    target: str
    colour: str

    def __post_init__(self) -> None:
        _check_target(self.target)
        _check_colour(self.colour)


@dataclass(frozen=True)
class Circle(_ColouredTarget):
    """A ring round a target."""


@dataclass(frozen=True)
class Highlight(_ColouredTarget):
    """A target tinted, with a dashed outline."""


@dataclass(frozen=True)
class Label:
    """A short label on a target: 1-3 letters or digits ("1", "A", "12"), on a dark badge or, with a
    colour, on a badge of that colour (the colour an author chose for a line's marks)."""

    target: str
    text: str
    colour: str = ""

    def __post_init__(self) -> None:
        _check_target(self.target)
        if self.colour:
            _check_colour(self.colour)
        if not isinstance(self.text, str) or not LABEL_PATTERN.fullmatch(self.text):
            raise DiagramError(f"not a label: {_short(self.text)} (1 to 3 letters or digits)")


M = TypeVar("M", Arrow, Circle, Highlight, Label)


def _collapse(marks: object, kind: type[M], key: Callable[[M], tuple[str, ...]], what: str) -> tuple[M, ...]:
    """One mark per key (the last one written), sorted by key; at most MAX_MARKS."""
    if isinstance(marks, (str, bytes)) or not isinstance(marks, Iterable):
        raise DiagramError(f"{what}: not a sequence of marks")
    kept: dict[tuple[str, ...], M] = {}
    for mark in marks:
        if not isinstance(mark, kind):
            raise DiagramError(f"{what}: {_short(mark)} is not a {kind.__name__}")
        kept[key(mark)] = mark
    if len(kept) > MAX_MARKS:
        raise DiagramError(f"too many {what}: {len(kept)} (at most {MAX_MARKS})")
    return tuple(kept[k] for k in sorted(kept))


def _clean_caption(caption: object) -> str:
    if not isinstance(caption, str):
        raise DiagramError(f"the caption is not text: {_short(caption)}")
    text = " ".join(caption.split())
    if len(text) > MAX_CAPTION:
        raise DiagramError(f"the caption is {len(text)} characters long (at most {MAX_CAPTION})")
    for ch in text:
        if ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 or 0xD800 <= ord(ch) < 0xE000:  # a control character, a lone surrogate
            raise DiagramError(f"the caption holds a control character: {_short(ch)}")
    return text


@dataclass(frozen=True)
class Diagram:
    """A position's marks and caption, normalised when made (see the module's docstring)."""

    arrows: tuple[Arrow, ...] = ()
    circles: tuple[Circle, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    labels: tuple[Label, ...] = ()
    caption: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "arrows", _collapse(self.arrows, Arrow, lambda a: (a.start, a.end), "arrows"))
        object.__setattr__(self, "circles", _collapse(self.circles, Circle, lambda c: (c.target,), "circles"))
        object.__setattr__(self, "highlights", _collapse(self.highlights, Highlight, lambda h: (h.target,), "highlights"))
        object.__setattr__(self, "labels", _collapse(self.labels, Label, lambda label: (label.target,), "labels"))
        object.__setattr__(self, "caption", _clean_caption(self.caption))

    @classmethod
    def empty(cls) -> Diagram:
        return cls()

    def is_empty(self) -> bool:
        """No marks and no caption."""
        return not self.has_marks() and not self.caption

    def has_marks(self) -> bool:
        """Something to draw (a caption alone is not drawn on the board)."""
        return bool(self.arrows or self.circles or self.highlights or self.labels)

    def targets(self) -> list[str]:
        """Every target a mark is on, each once, in the order they are drawn."""
        found: dict[str, None] = {}
        for h in self.highlights:
            found[h.target] = None
        for c in self.circles:
            found[c.target] = None
        for a in self.arrows:
            found[a.start] = None
            found[a.end] = None
        for label in self.labels:
            found[label.target] = None
        return list(found)


# -- the notation ------------------------------------------------------------------------------


def format_diagram(d: Diagram) -> str:
    """The diagram's notation: arrows, circles, highlights, labels, then the caption."""
    items = [f"a:{a.colour}:{a.start}-{a.end}" for a in d.arrows]
    items += [f"c:{c.colour}:{c.target}" for c in d.circles]
    items += [f"h:{h.colour}:{h.target}" for h in d.highlights]
    items += [f"l:{label.text}:{label.target}" + (f":{label.colour}" if label.colour else "") for label in d.labels]
    if d.caption:
        from urllib.parse import quote  # when used: compiled from source in the page (as render/rules.py)

        items.append("t:" + quote(d.caption, safe=""))
    return ";".join(items)


def _fields(item: str, count: int) -> list[str]:
    fields = item.split(":", count - 1)
    if len(fields) != count:
        raise DiagramError(f"{_short(item)}: expected {count} fields separated by ':'")
    return fields


def parse_diagram(text: str) -> Diagram:
    """A diagram from its notation (see the module's docstring); `DiagramError` if malformed."""
    if not isinstance(text, str):
        raise DiagramError(f"a diagram's notation is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise DiagramError(f"the diagram's notation is {len(text)} characters long (at most {MAX_TEXT})")
    if text == "":
        return Diagram()
    arrows: list[Arrow] = []
    circles: list[Circle] = []
    highlights: list[Highlight] = []
    labels: list[Label] = []
    caption: str | None = None
    for item in text.split(";"):
        kind = item[:2]
        if kind == "a:":
            _kind, colour, ends = _fields(item, 3)
            if ends.count("-") != 1:
                raise DiagramError(f"{_short(item)}: an arrow is written start-end")
            start, end = ends.split("-")
            arrows.append(Arrow(_check_target(start), _check_target(end), _check_colour(colour)))
        elif kind in ("c:", "h:"):
            _kind, colour, target = _fields(item, 3)
            made = (Circle if kind == "c:" else Highlight)(_check_target(target), _check_colour(colour))
            if isinstance(made, Circle):
                circles.append(made)
            else:
                highlights.append(made)
        elif kind == "l:":
            _kind, label, where = _fields(item, 3)
            target, has_colour, colour = where.partition(":")
            labels.append(Label(_check_target(target), label, _check_colour(colour) if has_colour else ""))
        elif kind == "t:":
            if caption is not None:
                raise DiagramError("two captions")
            code = item[2:]
            if not _CAPTION_CODE.fullmatch(code):
                raise DiagramError(f"{_short(item)}: the caption must be percent-encoded (letters, digits, '-._~' and %XX)")
            from urllib.parse import unquote  # when used, as `quote` above

            try:
                caption = unquote(code, errors="strict")
            except UnicodeDecodeError:
                raise DiagramError(f"{_short(item)}: the caption is not UTF-8") from None
        elif item == "":
            raise DiagramError("an empty item (two ';' in a row, or one at an end)")
        else:
            raise DiagramError(f"{_short(item)}: unknown item (a:, c:, h:, l: or t:)")
        for name, marks in (("arrows", arrows), ("circles", circles), ("highlights", highlights), ("labels", labels)):
            if len(marks) > MAX_MARKS:
                raise DiagramError(f"too many {name} (at most {MAX_MARKS})")
    return Diagram(tuple(arrows), tuple(circles), tuple(highlights), tuple(labels), caption or "")


def validate_targets(d: Diagram, known_targets: Collection[str]) -> None:
    """Refuse (`DiagramError`) a mark on a target the board does not have."""
    for target in d.targets():
        if target not in known_targets:
            raise DiagramError(f"no target {target!r} on this board")


# -- drawing -----------------------------------------------------------------------------------


def _halo(width: float) -> dict[str, str]:
    return dict(stroke=HALO, stroke_width=num(width), stroke_opacity="0.9", stroke_linejoin="round", stroke_linecap="round")


def _highlight_svg(h: Highlight, cx: float, cy: float, size: float) -> str:
    colour = COLOURS[h.colour].value
    side = size * 0.9
    box = dict(x=num(cx - side / 2), y=num(cy - side / 2), width=num(side), height=num(side), rx=num(size * 0.14))
    return tag(
        "g",
        empty("rect", fill=colour, fill_opacity="0.35", **box, **_halo(size * 0.1))
        + empty("rect", fill="none", stroke=colour, stroke_width=num(size * 0.06), stroke_dasharray=f"{num(size * 0.14)} {num(size * 0.09)}", **box),
        class_="diagram-highlight",
    )


def _circle_svg(c: Circle, cx: float, cy: float, size: float) -> str:
    colour = COLOURS[c.colour].value
    ring = dict(cx=num(cx), cy=num(cy), r=num(size * 0.4), fill="none")
    width = size * 0.09
    return tag(
        "g",
        empty("circle", **ring, **_halo(width + 3)) + empty("circle", **ring, stroke=colour, stroke_width=num(width)),
        class_="diagram-circle",
    )


def _arrow_svg(a: Arrow, start: tuple[float, float], end: tuple[float, float], size: float) -> str:
    """A shaft and a triangular head, from the start cell's edge to near the end cell's centre: a tip
    at the end cell's edge reads as pointing at the cell before it (issue 57: c3-c5 read as c3-c4)."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay)
    colour = COLOURS[a.colour].value
    head, half, width = size * 0.3, size * 0.17, size * 0.1
    if length < 1e-6:  # two targets drawn at one place: nothing to point at
        return ""
    ux, uy = (bx - ax) / length, (by - ay) / length
    offset = min(size * 0.4, max(0.0, (length - head - size * 0.2) / 2))
    x0, y0 = ax + ux * offset, ay + uy * offset
    tip = min(offset, size * 0.12)
    tx, ty = bx - ux * tip, by - uy * tip
    hx, hy = tx - ux * head, ty - uy * head  # where the head meets the shaft
    points = f"{num(tx)},{num(ty)} {num(hx - uy * half)},{num(hy + ux * half)} {num(hx + uy * half)},{num(hy - ux * half)}"
    line = dict(x1=num(x0), y1=num(y0), x2=num(hx + ux * 0.5), y2=num(hy + uy * 0.5))
    return tag(
        "g",
        empty("line", **line, **_halo(width + 3))
        + empty("polygon", points=points, fill=HALO, **_halo(3))
        + empty("line", **line, stroke=colour, stroke_width=num(width), stroke_linecap="round")
        + empty("polygon", points=points, fill=colour),
        class_="diagram-arrow",
    )


def _label_svg(label: Label, cx: float, cy: float, size: float) -> str:
    """A badge at the target's top left corner, dark or in the label's colour, the text white on
    dark and ink on a colour (each colour of the palette is light enough for ink)."""
    r = size * 0.19
    font = r * (1.3, 1.1, 0.9)[len(label.text) - 1]
    w = max(2 * r, len(label.text) * font * 0.62 + r)
    badge = COLOURS[label.colour].value if label.colour else INK
    bx, by = cx - size * 0.3, cy - size * 0.3
    return tag(
        "g",
        empty("rect", x=num(bx - w / 2), y=num(by - r), width=num(w), height=num(2 * r), rx=num(r), fill=badge, stroke=HALO, stroke_width="1.5")
        + tag(
            "text",
            esc(label.text),
            x=num(bx),
            y=num(by + font * 0.36),
            fill=HALO if badge == INK else INK,
            font_size=num(font),
            font_weight="700",
            font_family="system-ui, sans-serif",
            text_anchor="middle",
        ),
        class_="diagram-label",
    )


def diagram_layer(d: Diagram, centres: Callable[[], Mapping[str, tuple[float, float]]], cell_size: float) -> str:
    """A board's diagram layer, drawn last: `diagram_svg` with the board's target centres, which are
    asked for only when there are marks (every board drawing passes here)."""
    return diagram_svg(d, centres(), cell_size) if d.has_marks() else ""


def diagram_svg(d: Diagram, centres: Mapping[str, tuple[float, float]], cell_size: float) -> str:
    """The diagram's marks as one SVG group over a board, drawn at `centres` (target -> centre in
    the board's user units), each cell `cell_size` wide: highlights under circles under arrows under
    labels. Hidden from screen readers (`diagram_words` says it) and transparent to clicks. ""
    when there is nothing to draw; `DiagramError` for a mark on a target without a centre."""
    if not d.has_marks():
        return ""
    if not (math.isfinite(cell_size) and cell_size > 0):
        raise ValueError(f"a cell size must be a positive number, not {cell_size!r}")
    validate_targets(d, centres)
    parts = [_highlight_svg(h, *centres[h.target], cell_size) for h in d.highlights]
    parts += [_circle_svg(c, *centres[c.target], cell_size) for c in d.circles]
    parts += [_arrow_svg(a, centres[a.start], centres[a.end], cell_size) for a in d.arrows]
    parts += [_label_svg(label, *centres[label.target], cell_size) for label in d.labels]
    return tag("g", "".join(parts), class_="diagram", aria_hidden="true", pointer_events="none")


# -- the caption under a picture -----------------------------------------------------------------

CAPTION_INK = INK
CAPTION_PAPER = "#ffffff"  # behind the caption: readable on a light page, a dark one and a PNG's white
_VIEW_BOX = re.compile(r'(<svg\b[^>]*?\sviewBox=")([-0-9.]+) ([-0-9.]+) ([0-9.]+) ([0-9.]+)(")')


def caption_lines(caption: str, width: float, font_size: float) -> list[str]:
    """The caption broken into lines that fit `width` user units at `font_size` (an estimate of a
    sans-serif's average letter, as no font can be measured here); a word longer than a line is cut."""
    per_line = max(8, int(width / (font_size * 0.56)))
    lines: list[str] = []
    line = ""
    for word in caption.split():
        while len(word) > per_line:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:per_line])
            word = word[per_line:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= per_line:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def captioned_svg(svg: str, caption: str) -> str:
    """A board's picture (an SVG whose first element has a viewBox) with the diagram's caption
    written under the board: the viewBox grows by the caption's lines, so the picture stays one
    image (a blog's <img>, a PNG, an embed's background and the live board drawn in the same box).
    The board draws only the marks (a caption alone is not drawn on a board); `svg` unchanged when
    there is no caption or no viewBox."""
    text = " ".join(caption.split())
    box = view_box(svg)
    if not text or box is None:
        return svg
    x, y, width, height = box
    font = min(16.0, max(11.0, width / 24))
    pad = font * 0.6
    lines = caption_lines(text, width - 2 * pad, font)
    line_height = font * 1.3
    box_height = len(lines) * line_height + pad
    top = y + height + pad * 0.5
    parts = [
        empty("rect", x=num(x + pad * 0.5), y=num(top), width=num(width - pad), height=num(box_height), rx=num(pad * 0.5), fill=CAPTION_PAPER),
    ]
    parts += [
        tag(
            "text",
            esc(line),
            x=num(x + width / 2),
            y=num(top + pad * 0.5 + line_height * (i + 0.75)),
            text_anchor="middle",
            font_size=num(font),
            fill=CAPTION_INK,
        )
        for i, line in enumerate(lines)
    ]
    return grown_svg(svg, height + pad + box_height, tag("g", "".join(parts), class_="diagram-caption"))


def view_box(svg: str) -> tuple[float, float, float, float] | None:
    """The viewBox (x, y, width, height) of `svg`'s first element that has one; None without."""
    found = _VIEW_BOX.search(svg)
    return None if found is None else (float(found.group(2)), float(found.group(3)), float(found.group(4)), float(found.group(5)))


def grown_svg(svg: str, new_height: float, group: str) -> str:
    """`svg` (with a viewBox) grown at the bottom to `new_height` user units, `group` drawn last in
    it (what a picture writes under its board: render/pictures.py's lines, a caption)."""
    found = _VIEW_BOX.search(svg)
    if found is None:
        return svg
    x, y, width = (float(found.group(i)) for i in range(2, 5))
    head = svg[: found.start()] + found.group(1) + f"{num(x)} {num(y)} {num(width)} {num(new_height)}" + found.group(6)
    body = svg[found.end() :]
    before, end, after = body.rpartition("</svg>")
    return head + (before + group + end + after if end else body)


# -- words ---------------------------------------------------------------------------------------


def diagram_words(d: Diagram, target_name: Callable[[str], str] = str) -> list[str]:
    """The diagram in words, for a list beside the board (the overlay is hidden from screen
    readers): the caption, then one sentence per mark, in the order they are drawn. `target_name`
    names a target as the view does (e.g. "e4", "field 3"); by default the target's token."""
    words = [d.caption] if d.caption else []
    words += [_("Highlight on {target}, {colour}.").format(target=target_name(h.target), colour=colour_name(h.colour)) for h in d.highlights]
    words += [_("Circle around {target}, {colour}.").format(target=target_name(c.target), colour=colour_name(c.colour)) for c in d.circles]
    words += [
        _("Arrow from {start} to {end}, {colour}.").format(start=target_name(a.start), end=target_name(a.end), colour=colour_name(a.colour)) for a in d.arrows
    ]
    words += [
        _("Label {text} on {target}, {colour}.").format(text=label.text, target=target_name(label.target), colour=colour_name(label.colour))
        if label.colour
        else _("Label {text} on {target}.").format(text=label.text, target=target_name(label.target))
        for label in d.labels
    ]
    return words


def target_name(target: str) -> str:
    """A target as the marks' words name it: a cell's name ("d4"), a numbered field ("field 3")."""
    return _("field {number}").format(number=target) if target.isdigit() else target


def editor_fragment(game_id: str, position: str, d: Diagram) -> str:
    """The editor's address for a position and its diagram."""
    from urllib.parse import quote  # when used: compiled from source in the page (as render/diagram.py)

    fragment = f"#/editor/{game_id}/{quote(position, safe='')}"
    return fragment + "/" + format_diagram(d) if not d.is_empty() else fragment


def keep_known(d: Diagram, known: Mapping[str, object]) -> tuple[Diagram, int]:
    """The diagram without the marks on targets the board lacks, and how many were dropped."""
    arrows = tuple(a for a in d.arrows if a.start in known and a.end in known)
    circles = tuple(c for c in d.circles if c.target in known)
    highlights = tuple(h for h in d.highlights if h.target in known)
    labels = tuple(label for label in d.labels if label.target in known)
    kept = Diagram(arrows, circles, highlights, labels, d.caption)
    dropped = len(d.arrows) + len(d.circles) + len(d.highlights) + len(d.labels)
    dropped -= len(arrows) + len(circles) + len(highlights) + len(labels)
    return kept, dropped


def keep_known_of_link(d: Diagram, known: Mapping[str, object]) -> tuple[Diagram, str | None]:
    """A link's diagram as `keep_known` leaves it, with the sentence that says how many of its
    marks were left out (None: none was)."""
    kept, dropped = keep_known(d, known)
    if not dropped:
        return kept, None
    return kept, ngettext(
        "{n} mark of the link is on a place this board does not have: it is left out.",
        "{n} marks of the link are on places this board does not have: they are left out.",
        dropped,
    ).format(n=dropped)


def diagram_text(d: Diagram, name: Callable[[str], str] = target_name) -> str:
    """The caption and the marks in words as one text (a picture's <desc>, an <img>'s alt text),
    each target named by `name` (the view's `target_name`): the caption introduces the marks."""
    said = diagram_words(d, name)
    if d.caption and len(said) > 1:
        said = [said[0].rstrip(".:") + ":", *said[1:]]
    return " ".join(said)


__all__ = [
    "Arrow",
    "Circle",
    "Colour",
    "Diagram",
    "DiagramError",
    "Highlight",
    "Label",
    "PALETTE",
    "colour_name",
    "diagram_svg",
    "diagram_words",
    "caption_lines",
    "captioned_svg",
    "grown_svg",
    "view_box",
    "format_diagram",
    "parse_diagram",
    "validate_targets",
    "diagram_text",
    "editor_fragment",
    "keep_known",
    "keep_known_of_link",
    "target_name",
]
