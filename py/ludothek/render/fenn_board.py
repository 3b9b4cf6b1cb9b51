"""Fenn's board drawn as SVG, and nothing else (as chess.svg draws a chess board): a leather strip
of nine numbered fields and Miwin's dice drawn as dice, from the state and the view's
`BoardMarks` (render/board_marks.py) with a `FennPayload`: which fields the player to move may
enter and which are closed to them, where the latest turn began, the opening roll. The words each
field carries (its tooltip and name), clicks, setup fields and sentences are the view's
(render/fenn.py).

The board shows what the rules turn on: which fields each die may not enter, and why. A field
closed by a die's top carries a small copy of that die (the black die's closes it for both
players, the blue die's for red, the red die's for blue); fields closed to the player to move are
hatched and show a no-entry sign. Every field says all of this in words too (its tooltip and its
aria-label), so colour is never the only cue: the blue die also carries an arrow pointing right
(it runs to field 9), the red die one pointing left (it runs to field 1), the black die none.

Input is two clear actions: pick a field, then pick the new top among the faces the rules allow
(buttons below the board, each saying what that face will do: a Pasch, an extra step, a win).
After a Pasch the black die's faces are offered as buttons; after an extra step the fields are
open again; "End turn" and "Pass" are buttons. Every legal step is also listed, one button each,
in a collapsible list (handy with a screen reader, and where the hint shows each step's value).

Moves of the current or the last turn are marked: a dashed ghost die where the turn began, the
field of the last step tinted, and (only when `marks.animate`) the die sliding and turning over.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..games.seats import SEAT_COLOURS
from ..games.fenn import BLUE, BOARD_FIELDS, GOAL_FIELD, PASCH, RED, START_FIELD, STEP
from ..i18n import _
from .board_marks import BoardMarks, HintValue
from .diagram import diagram_layer
from .svg import empty, esc, num, svg_document, tag

if TYPE_CHECKING:
    from ..games.fenn import FennEffect, FennPhase, FennState, TurnStart

# -- geometry (user units of the board's viewBox; x right, y down) -------------------------------

PAD = 6
SIDE = 40  # the places beside the board where the dice start
CELL = 44  # width of a field
TOP = 52  # the row above the strip: the black die (and the opening roll)
FIELD_H = 76
BOTTOM = 24  # the row below the strip: hint marks
WIDTH = 2 * PAD + 2 * SIDE + len(BOARD_FIELDS) * CELL
HEIGHT = TOP + FIELD_H + BOTTOM
DIE = 32  # a playing die on the board
DIE_CY = TOP + 39  # centre of a die on the strip
BADGE = 12  # the small die copies that mark closed fields
BLACK_DIE = 34

SEAT_CSS = SEAT_COLOURS["fenn"]  # a seat's CSS class is its colour


@dataclass(frozen=True)
class FennPayload:
    """What the engine says of a Fenn position, for the board (the view fills it in)."""

    phase: FennPhase = STEP  # the state's phase: step, pass, extra, pasch, over
    enterable: frozenset[int] = frozenset()  # fields the die to move may step to
    closed: frozenset[int] = frozenset()  # fields closed to the player to move (hatched, a no-entry sign)
    latest_turn_start: TurnStart | None = None  # where the latest turn began (the engine's); None if unknown or nothing moved
    rolls: tuple[int, ...] = ()  # the opening roll to show above the strip (empty: none shown)


def field_x(field: int) -> float:
    """Left edge of a board field (1-9); the places beside the board are 0 and 10."""
    if field < BOARD_FIELDS[0]:
        return PAD
    if field > BOARD_FIELDS[-1]:
        return PAD + SIDE + len(BOARD_FIELDS) * CELL
    return PAD + SIDE + (field - BOARD_FIELDS[0]) * CELL


def field_cx(field: int) -> float:
    if field < BOARD_FIELDS[0]:
        return PAD + SIDE / 2
    if field > BOARD_FIELDS[-1]:
        return WIDTH - PAD - SIDE / 2
    return field_x(field) + CELL / 2


# -- dice -----------------------------------------------------------------------------------------


def _arrow(cx: float, cy: float, size: float, seat: int) -> str:
    """The direction mark of a player's die: a small triangle pointing the way the die runs."""
    h = size * 0.16
    w = size * 0.13
    if seat == BLUE:
        x = cx + size / 2 - size * 0.08
        d = f"M{num(x)} {num(cy)}L{num(x - w)} {num(cy - h)}L{num(x - w)} {num(cy + h)}Z"
    else:
        x = cx - size / 2 + size * 0.08
        d = f"M{num(x)} {num(cy)}L{num(x + w)} {num(cy - h)}L{num(x + w)} {num(cy + h)}Z"
    return empty("path", d=d, class_="die-mark")


@lru_cache(maxsize=2048)
def die_svg(kind: str, face: int | None, cx: float, cy: float, size: float = DIE, class_: str = "", style: str | None = None) -> str:
    """A die seen from above with its top face as a numeral: `kind` is "blue", "red" or "black".
    The player dice carry their direction arrow; `face` None draws a blank die."""
    half = size / 2
    depth = max(1.5, size * 0.07)
    parts = [
        empty("rect", x=num(cx - half), y=num(cy - half + depth), width=num(size), height=num(size), rx=num(size * 0.2), class_="die-side"),
        empty("rect", x=num(cx - half), y=num(cy - half), width=num(size), height=num(size), rx=num(size * 0.2), class_="die-body"),
    ]
    if face is not None:
        parts.append(tag("text", str(face), x=num(cx), y=num(cy + size * 0.02), class_="die-face", style=f"font-size:{num(size * 0.62)}px"))
    if kind in SEAT_CSS:
        parts.append(_arrow(cx, cy, size, SEAT_CSS.index(kind)))
    return tag("g", "".join(parts), class_=f"die {kind} {class_}".strip(), style=style)


def die_icon(kind: str, face: int | None, size: float = 28, label: str | None = None) -> str:
    """A standalone small die picture for HTML (buttons, panels); decorative unless labelled."""
    body = die_svg(kind, face, 20, 19, 34)
    return tag(
        "svg",
        body,
        viewBox="0 0 40 40",
        width=num(size),
        height=num(size),
        class_="fenn-die-icon",
        role="img" if label else None,
        aria_label=label,
        aria_hidden=None if label else "true",
        focusable="false",
    )


@lru_cache(maxsize=256)
def _hatch(x0: float, y0: float, w: float, h: float, step: float = 7) -> str:
    """Diagonal hatching inside a rectangle, as one path (no pattern ids: pages hold many boards)."""
    segments = []
    c = -h
    while c < w:
        t0, t1 = max(0.0, -c), min(h, w - c)
        if t0 < t1:
            segments.append(f"M{num(x0 + c + t0)} {num(y0 + t0)}L{num(x0 + c + t1)} {num(y0 + t1)}")
        c += step
    return empty("path", d="".join(segments), class_="hatch")


@lru_cache(maxsize=64)
def _no_entry(cx: float, cy: float, r: float = 10) -> str:
    d = r * 0.7071
    return tag(
        "g",
        empty("circle", cx=num(cx), cy=num(cy), r=num(r)) + empty("line", x1=num(cx - d), y1=num(cy + d), x2=num(cx + d), y2=num(cy - d)),
        class_="no-entry",
    )


# -- hints ------------------------------------------------------------------------------------------


def shown_value(value: HintValue) -> tuple[int, int]:
    """(outcome, n) of a hint as players read it ('win 2', 'draw', 'loss 1'): n counts the turns of
    the player who wins, your own (this one included) for a win, the opponent's for a loss. A plain
    hint, which carries no value, reads as a draw."""
    if isinstance(value, str):
        return (0, 0)
    if value.outcome > 0:
        return (1, max(1, (value.turns + 1) // 2))
    if value.outcome < 0:
        return (-1, max(1, value.turns // 2))
    return (0, 0)


def value_rank(value: HintValue) -> tuple[int, int]:
    """Larger is better, by what players read: wins sooner, then draws, then losses later."""
    outcome, n = shown_value(value)
    if outcome > 0:
        return (2, -n)
    if outcome < 0:
        return (0, n)
    return (1, 0)


def value_css(value: HintValue) -> str:
    return {1: "win", 0: "draw", -1: "loss"}[shown_value(value)[0]]


def _hint_mark(value: HintValue, cx: float, y: float) -> str:
    """A hint below a field: a shape (up triangle win, bars draw, down triangle loss) and a number."""
    outcome, n = shown_value(value)
    w, h = 38, 17
    parts = [empty("rect", x=num(cx - w / 2), y=num(y), width=str(w), height=str(h), rx="8", class_="hint-pill")]
    sx, sy = cx - 9, y + h / 2
    if outcome > 0:
        parts.append(empty("path", d=f"M{num(sx)} {num(sy - 5)}L{num(sx + 5.5)} {num(sy + 4)}L{num(sx - 5.5)} {num(sy + 4)}Z", class_="hint-shape"))
    elif outcome < 0:
        parts.append(empty("path", d=f"M{num(sx)} {num(sy + 5)}L{num(sx + 5.5)} {num(sy - 4)}L{num(sx - 5.5)} {num(sy - 4)}Z", class_="hint-shape"))
    else:
        parts.append(empty("path", d=f"M{num(sx - 5)} {num(sy - 3)}h10v2h-10zM{num(sx - 5)} {num(sy + 1)}h10v2h-10z", class_="hint-shape"))
    if outcome:
        parts.append(tag("text", str(n), x=num(cx + 6), y=num(sy + 0.5), class_="hint-number"))
    return tag("g", "".join(parts), class_=f"hint-mark {value_css(value)}", aria_hidden="true")


# -- the board --------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _field_ground(field: int) -> str:
    return empty("rect", x=num(field_x(field)), y=num(TOP), width=str(CELL), height=str(FIELD_H), class_="cell-bg")


@lru_cache(maxsize=16)
def _field_print(field: int) -> str:
    """The number printed on a field, and at the far ends a pennant in the colour of the die
    whose goal it is."""
    x, y = field_x(field), TOP
    parts = [tag("text", str(field), x=num(x + CELL / 2), y=num(y + FIELD_H - 7), class_="field-number")]
    for seat in (BLUE, RED):
        if field == GOAL_FIELD[seat]:
            if seat == BLUE:
                px = x + CELL - 5
                d = f"M{num(px)} {num(y + FIELD_H - 22)}v16M{num(px)} {num(y + FIELD_H - 22)}l-9 4l9 4z"
            else:
                px = x + 5
                d = f"M{num(px)} {num(y + FIELD_H - 22)}v16M{num(px)} {num(y + FIELD_H - 22)}l9 4l-9 4z"
            parts.append(empty("path", d=d, class_=f"goal {SEAT_CSS[seat]}"))
    return "".join(parts)


def board_svg(s: FennState, marks: BoardMarks[FennPayload, FennEffect]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text. `marks.labels`
    holds each field's words (its title and name), `marks.label` the board's name."""
    info = marks.payload or FennPayload()
    interactive = marks.interactive
    selected = int(marks.selection[0]) if marks.selection and marks.selection[0].isdigit() else None
    ghost_field = None  # where the dashed ghost of the latest turn's start is drawn
    turn_start = info.latest_turn_start
    if turn_start is not None and turn_start.field != s.field_of(turn_start.seat):
        ghost_field = turn_start.field
    parts = [_black_row(s, marks, info)]
    # The places beside the board.
    for seat in (BLUE, RED):
        x = field_x(START_FIELD[seat])
        parts.append(
            tag(
                "g",
                empty("rect", x=num(x + 3), y=num(TOP + 6), width=num(SIDE - 6), height=num(FIELD_H - 12), rx="6", class_="start-place"),
                class_=f"start {SEAT_CSS[seat]}",
                aria_hidden="true",
            )
        )
    # The leather strip with its stitching.
    x0, x1 = field_x(1), field_x(9) + CELL
    parts.append(empty("rect", x=num(x0 - 3), y=num(TOP - 3), width=num(x1 - x0 + 6), height=num(FIELD_H + 6), rx="7", class_="board-bg strip"))
    parts.append(empty("rect", x=num(x0 + 1.5), y=num(TOP + 1.5), width=num(x1 - x0 - 3), height=num(FIELD_H - 3), rx="5", class_="stitch"))
    cursor = _cursor(s, marks, info, selected)
    for field in BOARD_FIELDS:
        parts.append(_field(s, marks, info, field, cursor, selected, ghost_field))
    # The trail of the latest turn: a dashed ghost where it began.
    if ghost_field is not None and turn_start is not None:
        parts.append(die_svg(SEAT_CSS[turn_start.seat], turn_start.face, field_cx(ghost_field), DIE_CY, DIE, class_="ghost"))
    # The dice.
    for seat in (BLUE, RED):
        parts.append(_player_die(s, marks, seat))
    parts.append(diagram_layer(marks.diagram, lambda: target_centres(s, marks), CELL))
    return svg_document(
        "".join(parts),
        WIDTH,
        HEIGHT,
        label=marks.label or _("Fenn board"),
        class_="board fenn" + (" interactive" if interactive else ""),
        interactive=interactive,
        data_phase=info.phase,
    )


def target_centres(s: FennState, marks: BoardMarks[FennPayload, FennEffect]) -> dict[str, tuple[float, float]]:
    """Each field's centre (where its die stands) by its number (its data-target), for a diagram's marks."""
    return {str(field): (field_cx(field), float(DIE_CY)) for field in BOARD_FIELDS}


def _black_row(s: FennState, marks: BoardMarks[FennPayload, FennEffect], info: FennPayload) -> str:
    cx, cy = WIDTH / 2, TOP / 2 - 1
    classes = []
    effect = marks.effect
    if effect is not None and effect.kind == "black":
        classes.append("last")
        if marks.animate:
            classes.append("turned")
    if info.phase == PASCH:
        classes.append("pasch-due")
    parts = []
    if "last" in classes or "pasch-due" in classes:
        parts.append(
            empty(
                "rect",
                x=num(cx - BLACK_DIE / 2 - 4),
                y=num(cy - BLACK_DIE / 2 - 4),
                width=num(BLACK_DIE + 8),
                height=num(BLACK_DIE + 10),
                rx="9",
                class_="black-halo",
            )
        )
    parts.append(die_svg("black", s.black, cx, cy, BLACK_DIE, class_=" ".join(classes)))
    parts.append(tag("text", esc(_("black die")), x=num(cx + BLACK_DIE / 2 + 8), y=num(cy - 6), class_="row-label start-label"))
    # What the black die showed before the latest turn, if that turn changed it.
    turn_start = info.latest_turn_start
    if turn_start is not None and turn_start.black is not None and turn_start.black != s.black:
        parts.append(tag("text", esc(_("was {n}").format(n=turn_start.black)), x=num(cx + BLACK_DIE / 2 + 8), y=num(cy + 10), class_="row-label was"))
    # The opening roll, during each player's first turn (the view leaves it out otherwise).
    rolls = info.rolls
    if rolls:
        shown = list(rolls)[-6:]
        size, gap = 18, 4
        right = cx - BLACK_DIE / 2 - 14
        left = right - len(shown) * size - (len(shown) - 1) * gap
        label = _("rolled") if len(shown) == len(rolls) else _("rolled …")
        parts.append(tag("text", esc(label), x=num(left - 5), y=num(cy), class_="row-label end-label"))
        for i, roll in enumerate(shown):
            x = left + i * (size + gap) + size / 2
            decisive = i == len(shown) - 1
            parts.append(die_svg("black", roll, x, cy, size, class_="decisive" if decisive else "rerolled"))
    return tag("g", "".join(parts), class_="black-row", aria_hidden="true")


def _cursor(s: FennState, marks: BoardMarks[FennPayload, FennEffect], info: FennPayload, selected: int | None) -> str | None:
    if not marks.interactive:
        return None
    cursor = marks.cursor
    if cursor and cursor.isdigit() and int(cursor) in BOARD_FIELDS:
        return cursor
    if selected is not None:
        return str(selected)
    for field in BOARD_FIELDS:
        if field in info.enterable:
            return str(field)
    own = s.field_of(s.to_move)
    return str(own) if own in BOARD_FIELDS else "1"


def _field(
    s: FennState,
    marks: BoardMarks[FennPayload, FennEffect],
    info: FennPayload,
    field: int,
    cursor: str | None,
    selected: int | None,
    ghost_field: int | None,
) -> str:
    x, y = field_x(field), TOP
    cx = x + CELL / 2
    interactive = marks.interactive
    classes = ["cell", "field"]
    enterable = interactive and field in info.enterable
    if enterable:
        classes.append("legal")
    if selected == field:
        classes.append("selected")
    effect = marks.effect
    if effect is not None and effect.kind == "step" and effect.to_field == field:
        classes.append("last")
    occupied = any(s.field_of(seat) == field for seat in (BLUE, RED))
    closed = field in info.closed
    if closed:
        classes.append("closed")
    inner = [_field_ground(field)]
    if closed:
        inner.append(_hatch(x + 1, y + 1, CELL - 2, FIELD_H - 2))
    inner.append(_field_print(field))
    # Copies of the dice whose tops close this field.
    badges = []
    if s.black == field:
        badges.append("black")
    for seat in (BLUE, RED):
        if s.face_of(seat) == field:
            badges.append(SEAT_CSS[seat])
    if badges:
        total = len(badges) * BADGE + (len(badges) - 1) * 2
        bx = cx - total / 2 + BADGE / 2
        for kind in badges:
            inner.append(die_svg(kind, None, bx, y + 3 + BADGE / 2, BADGE, class_="badge"))
            bx += BADGE + 2
    if closed and not occupied and ghost_field != field:
        inner.append(_no_entry(cx, DIE_CY))
    if enterable and not occupied:
        inner.append(empty("circle", cx=num(cx), cy=num(DIE_CY), r="5", class_="legal-dot"))
    if selected == field:
        inner.append(
            empty("rect", x=num(cx - DIE / 2 - 3), y=num(DIE_CY - DIE / 2 - 3), width=num(DIE + 6), height=num(DIE + 6), rx="8", class_="selected-ring")
        )
    value = marks.hints.get(str(field))
    if value and interactive:
        inner.append(_hint_mark(value, cx, TOP + FIELD_H + 4))
    words = marks.labels.get(str(field), str(field))
    attrs: dict[str, str | None] = {}
    if interactive:
        attrs = dict(
            data_target=str(field),
            data_x=str(field - 1),
            data_y="0",
            role="button",
            tabindex="0" if str(field) == cursor else "-1",
            aria_label=words,
            aria_disabled=None if enterable else "true",
            aria_pressed="true" if selected == field else None,
        )
    return tag("g", tag("title", esc(words)) + "".join(inner), class_=" ".join(classes), data_field=str(field), **attrs)


def _player_die(s: FennState, marks: BoardMarks[FennPayload, FennEffect], seat: int) -> str:
    field = s.field_of(seat)
    cx = field_cx(field)
    classes = []
    style = None
    effect = marks.effect
    if effect is not None and effect.kind == "step" and effect.seat == seat and effect.to_field == field:
        if marks.animate:
            classes.append("slide")
            style = f"--dx:{num(field_cx(effect.from_field) - cx)}px"
    if s.outcome is not None and seat in s.outcome.winners:
        classes.append("winner")
    return die_svg(SEAT_CSS[seat], s.face_of(seat), cx, DIE_CY, DIE, class_=" ".join(classes), style=style)


# -- the home-screen picture ------------------------------------------------------------------------


def thumbnail_svg() -> str:
    """Three of Miwin's dice above the strip (a square picture for the game card)."""
    size = 200
    cell = 21
    x0 = (size - 9 * cell) / 2
    y0, h = 120, 44
    parts = [empty("rect", x="0", y="0", width=str(size), height=str(size), rx="14", class_="thumb-bg")]
    parts.append(empty("rect", x=num(x0 - 3), y=num(y0 - 3), width=num(9 * cell + 6), height=num(h + 6), rx="5", class_="board-bg strip"))
    # Blue on 3 showing 7, red on 6 showing 4, the black die at 8: the copies mark the closed fields.
    badges = {4: "red", 7: "blue", 8: "black"}
    for i in range(9):
        x = x0 + i * cell
        closed = i + 1 in (4, 8)  # closed to blue, the player to move
        parts.append(
            tag(
                "g",
                empty("rect", x=num(x), y=num(y0), width=str(cell), height=str(h), class_="cell-bg")
                + (_hatch(x + 1, y0 + 1, cell - 2, h - 2, 5) if closed else ""),
                class_="cell" + (" closed" if closed else ""),
            )
        )
        parts.append(tag("text", str(i + 1), x=num(x + cell / 2), y=num(y0 + h - 4), class_="field-number small"))
        if i + 1 in badges:
            parts.append(die_svg(badges[i + 1], None, x + cell / 2, y0 + 6, 7, class_="badge"))
    parts.append(die_svg("blue", 7, x0 + 2.5 * cell, y0 + 21, 17))
    parts.append(die_svg("red", 4, x0 + 5.5 * cell, y0 + 21, 17))
    parts.append(tag("g", die_svg("blue", 7, 48, 62, 46), transform="rotate(-8 48 62)"))
    parts.append(tag("g", die_svg("black", 8, 100, 50, 46), transform="rotate(4 100 50)"))
    parts.append(tag("g", die_svg("red", 4, 152, 62, 46), transform="rotate(9 152 62)"))
    return tag(
        "svg", "".join(parts), xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {size} {size}", class_="board fenn thumbnail", role="img", aria_label=_("Fenn")
    )
