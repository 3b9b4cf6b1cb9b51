"""The games' notation in one place, as python-chess keeps its square names: how cells, tiles and
moves are written and read back (Momentum's and Mops Royal's cells, Mops Royal's tiles, Fenn's
and Nummerus Zahlus' moves). The engines, the boards and the views import it instead of each
writing its own copy; a board may import these functions (tests/test_layers.py), since they are
pure text and numbers and know no engine, state or rule.

Cells are written as in chess: files `a`, `b`, ... from the left, ranks `1`, `2`, ... from the
bottom; a cell's index counts rank by rank from the bottom, files left to right within a rank
(index = (rank - 1) * width + file).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NewType

from .base import is_ascii_number

# -- cells (Momentum's board, Mops Royal's frame) -----------------------------------------------------

FILES = "abcdefghi"


def cell_name(index: int, width: int) -> str:
    """The cell's name (file letter, rank number from the bottom) on a board `width` files wide."""
    return f"{FILES[index % width]}{index // width + 1}"


def parse_cell(text: str, width: int, height: int) -> int | None:
    """Index of a cell name such as 'd4' on a board of that size, None if it is not one."""
    if not 2 <= len(text) <= 3 or text[0] not in FILES[:width] or not is_ascii_number(text[1:]) or text[1] == "0":
        return None
    rank = int(text[1:])
    if not 1 <= rank <= height:
        return None
    return (rank - 1) * width + FILES.index(text[0])


def cell_index(name: str, width: int) -> int:
    """Index of a cell name the engine wrote (unchecked: `parse_cell` reads what a player typed)."""
    return (int(name[1:]) - 1) * width + FILES.index(name[0])


# -- Mops Royal: tiles and the 9x9 frame ----------------------------------------------------------

MOTIFS = "PBWCKH"  # pug, bone, bowl, can, cushion, heap
COLOURS = "bgopvy"  # blue, green, orange, pink, purple, yellow
CROWN_CODES = ("Kb", "Pg", "Bv", "Wo", "Cp", "Hy")
TILE_KINDS = len(MOTIFS) * len(COLOURS)  # 36 tiles; a face-down tile is stored as its id + 36
FRAME = 9  # each layout lives in its own 9x9 frame, a1 to i9


def tile_id(code: str) -> int:
    """Id (0-35) of a tile code such as 'Kb' (motif, then colour)."""
    return MOTIFS.index(code[0]) * len(COLOURS) + COLOURS.index(code[1])


def tile_code(tile: int) -> str:
    """Code of a tile id (0-35); face-down ids (36-71) are printed as their face."""
    tile %= TILE_KINDS
    return MOTIFS[tile // len(COLOURS)] + COLOURS[tile % len(COLOURS)]


def parse_tile(text: object) -> int | None:
    """Id of a tile code, None if `text` is not one."""
    if isinstance(text, str) and len(text) == 2 and text[0] in MOTIFS and text[1] in COLOURS:
        return tile_id(text)
    return None


def frame_cell_name(index: int) -> str:
    """A frame cell's name, 'a1' to 'i9'."""
    return cell_name(index, FRAME)


def parse_frame_cell(text: str) -> int | None:
    """Index of a frame cell such as 'e5', None if not one."""
    return parse_cell(text, FRAME, FRAME)


def frame_cell_index(name: str) -> int:
    """Index of a frame cell the engine wrote (unchecked)."""
    return cell_index(name, FRAME)


# Mops Royal's moves: 'e5' lay the round's tile on e5; 'xf6' refuse it (variant "Ersatz"), laying
# it aside onto the face-down tile on f6; 'e5,e6,e7!e6' score a combination, turning e6 face
# down; 'pass'. `MopsMove` is such a move as written here (the engine reads any other text).

MopsMove = NewType("MopsMove", str)
MOPS_PASS = MopsMove("pass")


def placing_move(index: int) -> MopsMove:
    """The round's tile laid on frame cell `index`, such as 'f5'."""
    return MopsMove(frame_cell_name(index))


def refusal_move(index: int) -> MopsMove:
    """The refusal onto the face-down tile on frame cell `index`, such as 'xf6'."""
    return MopsMove("x" + frame_cell_name(index))


def scoring_move(cells: Iterable[int], flip: int) -> MopsMove:
    """The combination on frame cells `cells` (in frame order) scored, turning `flip` face down,
    such as 'e5,f5,g5!f5'."""
    return MopsMove(",".join(frame_cell_name(c) for c in cells) + "!" + frame_cell_name(flip))


def parse_refusal(move: str) -> int | None:
    """The frame cell of a refusal such as 'xf6', None for any other move."""
    return parse_frame_cell(move[1:]) if move[:1] == "x" else None


# -- Fenn: moves ----------------------------------------------------------------------------------
# '3:7' step to field 3 and turn 7 up; 'k8' turn the black die to 8; 'end'; 'pass'.

STEP_RE = re.compile(r"([0-9]{1,2}):([0-9]{1,2})")
BLACK_RE = re.compile(r"k([0-9]{1,2})")


def step_move(field: int, face: int) -> str:
    return f"{field}:{face}"


def black_move(face: int) -> str:
    return f"k{face}"


def parse_step(move: str) -> tuple[int, int] | None:
    """(field, face) of a step such as '3:7', None for any other move."""
    match = STEP_RE.fullmatch(move)
    return (int(match.group(1)), int(match.group(2))) if match else None


def parse_black(move: str) -> int | None:
    """The face of a black-die move such as 'k8', None for any other move."""
    match = BLACK_RE.fullmatch(move)
    return int(match.group(1)) if match else None


def is_fenn_move(move: str) -> bool:
    """Whether `move` is written in Fenn's notation (whatever the state): 'pass', 'end', a black
    die's face 'k8' or a step '3:7', numbers without leading zeros."""
    if move in ("pass", "end"):
        return True
    match = BLACK_RE.fullmatch(move) or STEP_RE.fullmatch(move)
    return match is not None and all(str(int(g)) == g for g in match.groups())


# -- Nummerus Zahlus: moves -----------------------------------------------------------------------
# 'd5' the star moves there; solitaire 'd5-'/'d5+' adds the chip to the lower/upper chain; '12x7'
# give chip 12 and take chip 7 (the swap); 'noswap' (games/nummerus.py's NO_SWAP).

SWAP_RE = re.compile(r"([1-9][0-9]?)x([1-9][0-9]?)")
SIDES = ("-", "+")  # lower chain, upper chain


def swap_move(give: int, take: int) -> str:
    return f"{give}x{take}"


def parse_swap(move: str) -> tuple[int, int] | None:
    """(give, take) of a swap such as '12x7', None for any other move."""
    match = SWAP_RE.fullmatch(move)
    return (int(match.group(1)), int(match.group(2))) if match else None


def solitaire_move(field: str, side: str) -> str:
    return field + side


def split_side(move: str) -> tuple[str, str | None]:
    """(field, side) of a star move: ('d5', '-') of 'd5-', ('d5', None) of 'd5'."""
    return (move[:-1], move[-1]) if move[-1:] in SIDES else (move, None)
