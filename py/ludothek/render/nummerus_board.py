"""Nummerus Zahlus's board drawn as SVG, and nothing else (as chess.svg draws a chess board): the
figure-8 of 49 fields, the chips, the star, the chips it can reach, the star's last path, and each
field's accessible name. Clicks, setup fields, panels and sentences are the view's
(render/nummerus.py).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..games.nummerus import DIRECTION_NAMES, FIELD_COORDS, FIELD_COUNT, FIELD_INDEX, FIELD_NAMES, FILES, RANK_FILES
from ..i18n import N_, _, ngettext
from .hinting import hint_badge
from .marks import colour_mark
from .seats import seat_names
from .svg import empty, num, svg_document, tag
from .svg import star_path as _star_path
from .view import UIState

# -- geometry (user units of the viewBox; x right, y down) ---------------------------------------

CELL = 44  # a field
PAD = 9  # the board's rim around the fields
LEFT = 16  # room for the rank numbers
TOP = 4
BOTTOM = 16  # room for the file letters
X0 = LEFT + PAD  # left edge of file a
Y0 = TOP + PAD  # top edge of rank 9
WIDTH = X0 + len(FILES) * CELL + PAD + 4
HEIGHT = Y0 + 9 * CELL + PAD + BOTTOM
CHIP_R = 16.5
STAR_R = 18

SEAT_CSS = ("red", "blue", "green", "purple")
SEAT_NAMES = seat_names(SEAT_CSS)
# The engine's direction names (ludothek.games.nummerus.DIRECTION_NAMES), for translation.
DIRECTION_WORDS = {
    "up": N_("up"),
    "up-right": N_("up and to the right"),
    "right": N_("to the right"),
    "down-right": N_("down and to the right"),
    "down": N_("down"),
    "down-left": N_("down and to the left"),
    "left": N_("to the left"),
    "up-left": N_("up and to the left"),
}
if set(DIRECTION_WORDS) != set(DIRECTION_NAMES):
    raise AssertionError("the view needs a word for every direction of the engine")

# Grades of the solitaire, as the rulebook gives them (chains left -> grade).


def field_xy(index: int) -> tuple[float, float]:
    """Centre of a field (position order index)."""
    x, rank = FIELD_COORDS[index]
    return X0 + x * CELL + CELL / 2, Y0 + (9 - rank) * CELL + CELL / 2


def field_screen(index: int) -> tuple[int, int]:
    """Grid coordinates for keyboard navigation: x right, y down."""
    x, rank = FIELD_COORDS[index]
    return x, 9 - rank


def range_text(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


def colour_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def player_name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else colour_name(seat)


def direction_words(direction: str | None) -> str:
    return _(DIRECTION_WORDS[direction]) if direction else ""


# -- pieces ------------------------------------------------------------------------------------


def seat_mark(seat: int, cx: float, cy: float, r: float, class_: str = "mark") -> str:
    return colour_mark(SEAT_CSS[seat], cx, cy, r, class_)


@lru_cache(maxsize=64)
def star_path(cx: float, cy: float, r: float = STAR_R) -> str:
    return _star_path(cx, cy, r, inner=0.42)


def star_svg(cx: float, cy: float, class_: str = "", style: str | None = None) -> str:
    body = empty("circle", cx=num(cx), cy=num(cy), r=num(STAR_R + 1), class_="star-halo")
    body += empty("path", d=star_path(cx, cy), class_="star-shape")
    return tag("g", body, class_=f"star {class_}".strip(), style=style)


def chip_svg(cx: float, cy: float, number: int, class_: str = "", style: str | None = None) -> str:
    body = empty("circle", cx=num(cx), cy=num(cy), r=num(CHIP_R), class_="chip-body")
    body += tag("text", str(number), x=num(cx), y=num(cy + 6.8), class_="chip-number")
    return tag("g", body, class_=f"chip {class_}".strip(), style=style)


def _check_badge(cx: float, cy: float) -> str:
    """The hint's mark at the field's top right corner."""
    return hint_badge(cx + CELL / 2 - 8, cy - CELL / 2 + 8)


@lru_cache(maxsize=1)
def outline_path() -> str:
    """The board's rim: the union of the rows, each widened by PAD (a stepped figure 8)."""
    rows = []
    for rank in range(9, 0, -1):
        files = RANK_FILES[rank]
        left = X0 + FILES.index(files[0]) * CELL - PAD
        right = X0 + (FILES.index(files[-1]) + 1) * CELL + PAD
        top = Y0 + (9 - rank) * CELL
        rows.append((left, right, top))
    pts = [(rows[0][0], Y0 - PAD), (rows[0][1], Y0 - PAD)]
    for i in range(len(rows) - 1):
        right, nxt = rows[i][1], rows[i + 1][1]
        if nxt != right:
            boundary = rows[i + 1][2]
            y = boundary - PAD if nxt > right else boundary + PAD
            pts += [(right, y), (nxt, y)]
    bottom = Y0 + 9 * CELL + PAD
    pts += [(rows[-1][1], bottom), (rows[-1][0], bottom)]
    for i in range(len(rows) - 1, 0, -1):
        left, nxt = rows[i][0], rows[i - 1][0]
        if nxt != left:
            boundary = rows[i][2]
            y = boundary + PAD if nxt < left else boundary - PAD
            pts += [(left, y), (nxt, y)]
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z"


@lru_cache(maxsize=1)
def _static_layer(coordinates: bool) -> str:
    """The rim and the coordinates: the same in every position."""
    parts = [empty("path", d=outline_path(), class_="board-bg rim")]
    if coordinates:
        for rank in range(9, 0, -1):
            y = Y0 + (9 - rank) * CELL + CELL / 2 + 4
            parts.append(tag("text", str(rank), x=num(LEFT / 2 + 1), y=num(y), class_="coord", aria_hidden="true"))
        for x, letter in enumerate(FILES):
            parts.append(tag("text", letter, x=num(X0 + x * CELL + CELL / 2), y=num(HEIGHT - 4), class_="coord", aria_hidden="true"))
    return tag("g", "".join(parts), class_="rim-layer", aria_hidden="true")


# -- the board ---------------------------------------------------------------------------------------


class Board:
    """One drawing of the board (pure: the same state and UI give the same text)."""

    def __init__(self, game, s, ui: UIState, *, label: str | None = None, coordinates: bool = True, view_box: tuple[float, float, float, float] | None = None):
        self.game = game
        self.view_box = view_box
        self.s = s
        self.ui = ui
        self.label_text = label
        self.coordinates = coordinates
        self.over = game.is_over(s)
        self.interactive = ui.interactive and not self.over
        self.targets = {t.field: t for t in game.star_targets(s)}
        self.jump = game.must_jump(s)
        self.hints = {t for t, _label in ui.hints}
        self.selected = ui.selection[0] if ui.selection and ui.selection[0] in self.targets else None
        self.effect = None
        if ui.last_before is not None and ui.last_move:
            try:
                effect = game.effect(ui.last_before, ui.last_move)
            except ValueError:
                effect = None
            # A star move of this round (a round's last chip is followed by a fresh board).
            if effect is not None and effect.target is not None and not effect.round_over:
                self.effect = effect

    # -- words -------------------------------------------------------------------------------

    def field_words(self, index: int) -> str:
        s = self.s
        name = FIELD_NAMES[index]
        chip = s.board[index]
        if index == s.star:
            text = _("{field}: the star.").format(field=name)
        elif chip:
            text = _("{field}: {chip}.").format(field=name, chip=chip)
        else:
            text = _("{field}: empty.").format(field=name)
        extra = []
        target = self.targets.get(name)
        if target is not None:
            if target.direction is None:
                extra.append(_("No chip is in line: the star may jump here and take it."))
            else:
                extra.append(_("The star can take it ({direction}).").format(direction=direction_words(target.direction)))
        effect = self.effect
        if effect is not None:
            if name == effect.origin:
                extra.append(_("The star came from here."))
            elif name in effect.path:
                extra.append(_("The star passed here."))
        if name in self.hints:
            extra.append(_("Hint: take this chip."))
        if self.selected == name:
            extra.append(_("Picked: choose its chain below."))
        return " ".join([text] + extra)

    def label(self) -> str:
        if self.label_text:
            return self.label_text
        s = self.s
        chips = sum(1 for n in s.board if n)
        text = [
            ngettext("Nummerus Zahlus board: the star on {field}, {n} chip left.", "Nummerus Zahlus board: the star on {field}, {n} chips left.", chips).format(
                field=FIELD_NAMES[s.star], n=chips
            )
        ]
        if self.targets and not self.over:
            if self.jump:
                text.append(_("No chip is in line with the star: it may jump to any chip."))
            else:
                reach = ", ".join(_("{chip} on {field}").format(chip=t.chip, field=t.field) for t in self.targets.values())
                text.append(_("The star can reach: {list}.").format(list=reach))
        return " ".join(text)

    # -- drawing -------------------------------------------------------------------------------

    def cursor(self) -> str | None:
        if not self.interactive:
            return None
        cursor = self.ui.cursor
        if cursor in FIELD_INDEX:
            return cursor
        if self.selected:
            return self.selected
        if self.targets:
            return next(iter(self.targets))
        return FIELD_NAMES[self.s.star]

    def svg(self) -> str:
        s = self.s
        effect = self.effect
        animate = self.ui.animate and effect is not None
        parts = [_static_layer(self.coordinates)]
        cursor = self.cursor()
        cells = [self._cell(i, cursor, animate) for i in range(FIELD_COUNT)]
        parts.append(tag("g", "".join(cells), class_="fields"))
        # Dotted lines from the star to the chips it can reach in a line.
        if self.targets and not self.jump and not self.over:
            sx, sy = field_xy(s.star)
            rays = []
            for target in self.targets.values():
                tx, ty = field_xy(FIELD_INDEX[target.field])
                length = math.hypot(tx - sx, ty - sy)
                ux, uy = (tx - sx) / length, (ty - sy) / length
                a, b = STAR_R + 2, CHIP_R + 5
                rays.append(empty("line", x1=num(sx + ux * a), y1=num(sy + uy * a), x2=num(tx - ux * b), y2=num(ty - uy * b), class_="ray"))
            parts.append(tag("g", "".join(rays), class_="rays", aria_hidden="true"))
        # The last path: a trail from where the star stood to the chip it took.
        star_style = None
        star_class = ""
        if effect is not None:
            origin, target = FIELD_INDEX[effect.origin], FIELD_INDEX[effect.target]
            (ox, oy), (tx, ty) = field_xy(origin), field_xy(target)
            if effect.jump:
                mx, my = (ox + tx) / 2, (oy + ty) / 2
                length = math.hypot(tx - ox, ty - oy) or 1
                lift = min(60.0, length * 0.35)
                cx_, cy_ = mx + (ty - oy) / length * lift, my - (tx - ox) / length * lift
                d = f"M{num(ox)} {num(oy)}Q{num(cx_)} {num(cy_)} {num(tx)} {num(ty)}"
            else:
                d = f"M{num(ox)} {num(oy)}L{num(tx)} {num(ty)}"
            trail = empty("path", d=d, class_="star-trail" + (" jump" if effect.jump else ""))
            trail += empty("circle", cx=num(ox), cy=num(oy), r="5", class_="trail-start")
            parts.append(tag("g", trail, class_="trail", aria_hidden="true"))
            if animate:
                steps = max(1, len(effect.path) + 1)
                seconds = min(0.6, 0.18 + 0.08 * steps)
                parts.append(chip_svg(tx, ty, effect.chip, "taken", style=f"--nz-delay:{seconds * 0.7:.2f}s"))
                star_class = "travel jump" if effect.jump else "travel"
                star_style = f"--dx:{num(ox - tx)}px;--dy:{num(oy - ty)}px;--nz-t:{seconds:.2f}s"
        sx, sy = field_xy(s.star)
        parts.append(star_svg(sx, sy, star_class, star_style))
        classes = "board nummerus" + (" interactive" if self.interactive else "") + (" jump" if self.jump else "")
        svg = svg_document("".join(parts), WIDTH, HEIGHT, label=self.label(), class_=classes, interactive=self.interactive, data_star=FIELD_NAMES[s.star])
        if self.view_box is not None:
            svg = svg.replace(f'viewBox="0 0 {num(WIDTH)} {num(HEIGHT)}"', 'viewBox="{}"'.format(" ".join(map(num, self.view_box))), 1)
        return svg

    def _cell(self, index: int, cursor: str | None, animate: bool) -> str:
        s = self.s
        name = FIELD_NAMES[index]
        cx, cy = field_xy(index)
        chip = s.board[index]
        target = self.targets.get(name)
        classes = ["cell", "field"]
        effect = self.effect
        if target is not None and not self.over:
            classes.append("reach")
        if self.interactive and target is not None:
            classes.append("legal")
        if effect is not None:
            if name == effect.target:
                classes.append("last")
            elif name == effect.origin:
                classes.append("last-from")
            elif name in effect.path:
                classes.append("passed")
        if self.selected == name:
            classes.append("selected")
        inner = [empty("rect", x=num(cx - CELL / 2 + 2), y=num(cy - CELL / 2 + 2), width=str(CELL - 4), height=str(CELL - 4), rx="6", class_="cell-bg")]
        if chip:
            if target is not None and not self.over:
                inner.append(empty("circle", cx=num(cx), cy=num(cy), r=num(CHIP_R + 2.5), class_="reach-ring"))
            inner.append(chip_svg(cx, cy, chip))
        elif effect is not None and name in effect.path:
            inner.append(empty("circle", cx=num(cx), cy=num(cy), r="3", class_="passed-dot"))
        if name in self.hints and self.interactive:
            inner.append(_check_badge(cx, cy))
        attrs: dict[str, Any] = {}
        if self.interactive:
            enabled = target is not None
            x, y = field_screen(index)
            attrs = dict(
                data_target=name,
                data_x=str(x),
                data_y=str(y),
                role="button",
                tabindex="0" if name == cursor else "-1",
                aria_label=self.field_words(index),
                aria_disabled=None if enabled else "true",
                aria_pressed="true" if self.selected == name else None,
            )
        return tag("g", "".join(inner), class_=" ".join(classes), data_field=name, **attrs)
