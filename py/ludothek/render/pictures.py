"""A position as a picture (pure): the board, and under it what lies beside the board in the game
(whose turn it is, each seat's public side information: `GameView.side_lines`), drawn into the
board's SVG so that the picture stays one image (a download, a PNG, a blog's <img>, an embed's
background) and said in its words (<desc>). A caption, where there is one, goes under these lines
(render/diagram.captioned_svg)."""

from __future__ import annotations

from typing import Sequence

from ..games.base import StateBase
from .diagram import caption_lines, grown_svg, view_box
from .svg import described, empty, esc, num, tag
from .view import AnyView, SideLine, UIState, seat_names

SIDE_INK = "#1f2a30"  # the app's ink (app.css --ink), on the paper of the lines
SIDE_PAPER = "#fffdf8"  # the app's panel colour: readable on a light page, a dark one and a PNG's white


def picture_ui(ui: UIState[StateBase] | None = None) -> UIState[StateBase]:
    """The UI state a picture's board is drawn in: still, nothing to press, no aids to choosing."""
    return (ui or UIState()).with_(interactive=False, animate=False, picture=True)


def side_lines_svg(svg: str, lines: Sequence[SideLine], seat_colours: Sequence[str], words: bool = True) -> str:
    """`svg` (a board's picture: an SVG whose first element has a viewBox) with `lines` written
    under the board, each seat's behind a chip of its colour (the class the board paints the seat
    with: `seat-chip <colour>`, styled by app.css and the game's sheet), and, with `words`, the lines
    in its words: at the end of its <desc>, or a new <desc>. The viewBox grows by the lines' height;
    `svg` unchanged without lines or a viewBox."""
    box = view_box(svg)
    if not lines or box is None:
        return svg
    x, y, width, height = box
    font = min(15.0, max(11.0, width / 26))
    pad = font * 0.6
    line_height = font * 1.3
    chip = font * 0.42
    indent = chip * 2 + pad * 0.6  # every line starts after the room of a chip, so that they align
    broken = [caption_lines(line.text, width - 2 * pad - indent, font) for line in lines]  # each line's rows
    box_height = sum(len(rows) for rows in broken) * line_height + pad
    top = y + height + pad * 0.5
    parts = [empty("rect", x=num(x + pad * 0.5), y=num(top), width=num(width - pad), height=num(box_height), rx=num(pad * 0.5), fill=SIDE_PAPER)]
    left = x + pad
    row = 0
    for line, rows in zip(lines, broken):
        baseline = top + pad * 0.5 + line_height * (row + 0.75)
        if line.seat is not None and line.seat < len(seat_colours):
            parts.append(empty("circle", cx=num(left + chip), cy=num(baseline - font * 0.33), r=num(chip), class_=f"seat-chip {seat_colours[line.seat]}"))
        # One <text> a line, a <tspan> a row: a line broken to fit is still one line of words.
        spans = "".join(tag("tspan", esc(text), x=num(left + indent), y=num(baseline + line_height * i)) for i, text in enumerate(rows))
        parts.append(tag("text", spans, font_size=num(font), fill=SIDE_INK))
        row += len(rows)
    drawn = grown_svg(svg, height + pad + box_height, tag("g", "".join(parts), class_="side-lines", aria_hidden="true"))
    return described(drawn, " ".join(_sentence(line.text) for line in lines)) if words else drawn


def _sentence(text: str) -> str:
    """A line as a sentence of the picture's words (a seat's line has no full stop of its own)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def position_picture(view: AnyView, state: StateBase, board_svg: str, words: bool = True) -> str:
    """`board_svg`, a drawing of `state`'s board, with what lies beside the board written under it
    (the seats named by their colours, as a picture knows no players); `words`: also in its <desc>
    (a live board, whose panels say it, has them drawn only)."""
    names = seat_names(view, state.setup.players)
    return side_lines_svg(board_svg, view.side_lines(state, names), view.seat_colours, words)


def picture_board_svg(view: AnyView, state: StateBase, ui: UIState[StateBase] | None = None) -> str:
    """`state`'s board as a picture (`picture_ui`) with what lies beside it (`position_picture`)."""
    return position_picture(view, state, view.board_svg(state, picture_ui(ui)))


__all__ = ["SIDE_INK", "SIDE_PAPER", "picture_board_svg", "picture_ui", "position_picture", "side_lines_svg"]
