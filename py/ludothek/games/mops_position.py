"""Mops Royal's position text (the notation of games/mops.py's docstring): a state written as text,
and text read back into a state, with every check that the text describes a position the rules can
reach (tiles owned once, layouts connected and within the 5x5 limit, a turn that fits the round).

Its own module because writing and reading the notation is one thing, a third of the engine's
length, that the rules of play never need; the engine (games/mops.py) answers `position` and
`from_position` with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .base import PositionError, Setup, is_ascii_number
from .notation import FRAME, parse_tile, tile_code
from .notation import frame_cell_name as cell_name
from .mops_layout import CELLS, CROWNS, EMPTY, FACE_DOWN, LIMIT, START_CELL, acts, connected_to_start, extent, has_tile, is_full
from .mops_scoring import can_score
from .mops_state import FINAL, OVER, PLACE, SCORE, MopsPhase, MopsState

TURN_LETTERS: dict[MopsPhase, str] = {PLACE: "p", SCORE: "s", FINAL: "f"}


@lru_cache(maxsize=4096)
def _layout_text(layout: bytes) -> str:
    ranks = []
    for rank in range(FRAME - 1, -1, -1):
        parts, empty = [], 0
        for file in range(FRAME):
            v = layout[rank * FRAME + file]
            if v == EMPTY:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            code = tile_code(v)
            parts.append(code[0].lower() + code[1] if v >= FACE_DOWN else code)
        if empty:
            parts.append(str(empty))
        ranks.append("".join(parts))
    return "/".join(ranks)


@lru_cache(maxsize=1024)
def _tiles_text(tiles: bytes) -> str:
    return "".join(tile_code(t) for t in tiles)


def position_text(s: MopsState) -> str:
    """The position text of a state (the notation of games/mops.py's docstring)."""
    layouts = ",".join(_layout_text(layout) for layout in s.layouts)
    pile = ("?" if s.hidden else "") + _tiles_text(s.pile) if s.pile else "-"
    tile = "-" if s.tile is None else tile_code(s.tile)
    turn = "-" if s.phase == OVER or s.to_move is None else f"{TURN_LETTERS[s.phase]}{s.to_move + 1}"
    tokens = [layouts, pile, tile, turn, ",".join(map(str, s.scores))]
    if s.ersatz:
        tokens.append("x" + ",".join(map(str, s.refusals)))
    if s.wertung:
        tokens.append("w")
    return " ".join(tokens)


def parse_position(text: str, hidden_allowed: bool, min_players: int, max_players: int) -> MopsState:
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if not 5 <= len(tokens) <= 7:
        raise PositionError(
            "a Mops Royal position has 5 to 7 tokens: layouts, pile, tile, turn, scores, [x<refusals>], [w]", rule="token-count", count=len(tokens)
        )
    layouts_text, pile_text, tile_text, turn_text, scores_text, *extra = tokens
    layout_texts = layouts_text.split(",")
    if not min_players <= len(layout_texts) <= max_players:
        raise PositionError(
            f"a position has one layout per seat (1 to 4, ',' between), not {len(layout_texts)}",
            rule="layout-count",
            count=len(layout_texts),
            least=min_players,
            most=max_players,
        )
    layouts = tuple(_parse_layout(t, seat) for seat, t in enumerate(layout_texts))
    players = len(layouts)
    hidden = pile_text.startswith("?")
    pile_body = pile_text[1:] if hidden else pile_text
    if hidden and pile_body in ("", "-"):
        raise PositionError("an empty pile is written '-', without '?'", rule="hidden-empty-pile")
    pile = _parse_pile(pile_body)
    if hidden and not hidden_allowed:
        raise PositionError("the pile's order is hidden ('?'): this is what a player sees, not a position a game can go on from", rule="hidden-pile")
    twice = _repeated(pile)
    if twice is not None:
        raise PositionError("the pile holds each tile once", rule="pile-twice", tile=tile_code(twice))
    tile = None if tile_text == "-" else parse_tile(tile_text)
    if tile_text != "-" and tile is None:
        raise PositionError(f"the revealed tile must be a tile code or '-', not {tile_text!r}", rule="tile-text", token=tile_text[:20])
    scores = _parse_numbers(scores_text, players, scores=True)
    ersatz = wertung = False
    refusals = (0,) * players
    rest = list(extra)
    if rest and rest[0].startswith("x"):
        ersatz = True
        refusals = _parse_numbers(rest.pop(0)[1:], players, scores=False)
    if rest and rest[0] == "w":
        wertung = True
        rest.pop(0)
    if rest:
        raise PositionError(f"unexpected token {rest[0]!r} (expected x<refusals> and then w)", rule="extra-token", token=rest[0][:20])
    check_tiles_consistent(layouts, pile, tile)
    to_move, phase = _parse_turn(turn_text, players)
    check_turn(layouts, pile, tile, to_move, phase, ersatz, wertung)
    return MopsState(
        setup=Setup(players=players, seed=None, position=text),
        layouts=layouts,
        pile=pile,
        tile=tile,
        to_move=to_move,
        phase=phase,
        scores=scores,
        refusals=refusals,
        ersatz=ersatz,
        wertung=wertung,
        hidden=hidden,
    )


def _parse_pile(text: str) -> bytes:
    if text == "-":
        return b""
    if not text or len(text) % 2:
        raise PositionError("the pile is a run of two-letter tile codes such as 'KbPgHy', or '-'", rule="pile-text")
    tiles = []
    for k in range(0, len(text), 2):
        t = parse_tile(text[k : k + 2])
        if t is None:
            raise PositionError(
                f"{text[k : k + 2]!r} in the pile is not a tile code (motif P B W C K H, then colour b g o p v y)", rule="pile-tile", token=text[k : k + 2]
            )
        tiles.append(t)
    return bytes(tiles)


def _repeated(tiles: Iterable[int]) -> int | None:
    """The first tile that comes again in `tiles`, None if none does."""
    seen: set[int] = set()
    for t in tiles:
        if t in seen:
            return t
        seen.add(t)
    return None


def _whole_number(text: str, negative: bool) -> int | None:
    """The number `text` writes (ASCII digits, at most 6, a leading '-' if `negative`), else None."""
    digits = text[1:] if negative and text.startswith("-") else text
    return int(text) if is_ascii_number(digits) and len(digits) <= 6 else None


def _parse_numbers(text: str, players: int, scores: bool) -> tuple[int, ...]:
    """The scores (whole numbers, perhaps negative) or, after 'x', the refusals (not negative):
    one per seat, ',' between."""
    what = "scores" if scores else "refusals (after 'x')"
    parts = text.split(",")
    if len(parts) != players:
        raise PositionError(
            f"{what}: one number per seat ({players}), ',' between", rule="score-count" if scores else "refusal-count", count=len(parts), players=players
        )
    values = []
    for part in parts:
        value = _whole_number(part, negative=scores)
        if value is None:
            raise PositionError(f"{what}: {part!r} is not a whole number", rule="score-number" if scores else "refusal-number", token=part[:20])
        values.append(value)
    return tuple(values)


def _parse_layout(text: str, seat: int) -> bytes:
    where = f"layout {seat + 1}"
    ranks = text.split("/")
    if len(ranks) != FRAME:
        raise PositionError(f"{where}: a layout lists the 9 ranks of its frame, 9 down to 1, '/' between", rule="layout-ranks", seat=seat, count=len(ranks))
    layout = [EMPTY] * CELLS
    for row, rank_text in enumerate(ranks):
        rank = FRAME - 1 - row
        file, k = 0, 0
        while k < len(rank_text):
            ch = rank_text[k]
            if ch in "123456789":
                file += int(ch)
                k += 1
                continue
            code = rank_text[k : k + 2]
            t = parse_tile(code[0].upper() + code[1:]) if code[:1].isalpha() else None
            if t is None or len(code) != 2:
                raise PositionError(
                    f"{where}, rank {rank + 1}: {code!r} is neither a count of empty cells nor a tile code",
                    rule="layout-cell",
                    seat=seat,
                    rank=rank + 1,
                    token=code,
                )
            if file < FRAME:  # (beyond the frame: counted, and refused below)
                layout[rank * FRAME + file] = t if code[0].isupper() else t + FACE_DOWN
            file += 1
            k += 2
        if file != FRAME:
            raise PositionError(f"{where}, rank {rank + 1}: describes {file} cells, not 9", rule="rank-cells", seat=seat, rank=rank + 1, cells=file)
    if layout[START_CELL] == EMPTY:
        raise PositionError(f"{where}: the start tile lies on e5, which is empty", rule="start-empty", seat=seat, cell=cell_name(START_CELL))
    if layout[START_CELL] % FACE_DOWN in CROWNS:
        raise PositionError(
            f"{where}: the start tile on e5 carries a crown; start tiles never do",
            rule="start-crown",
            seat=seat,
            tile=tile_code(layout[START_CELL] % FACE_DOWN),
            cell=cell_name(START_CELL),
        )
    present = [v % FACE_DOWN for v in layout if v != EMPTY]
    twice = _repeated(present)
    if twice is not None:
        raise PositionError(f"{where}: a player owns each tile once", rule="layout-twice", seat=seat, tile=tile_code(twice))
    # Connected (every tile was laid next to another) and within the 5x5 limit.
    seen = connected_to_start(layout)
    if len(seen) != len(present):
        loose = next(i for i, v in enumerate(layout) if v != EMPTY and i not in seen)
        raise PositionError(f"{where}: every tile must be connected to the start tile along sides", rule="not-connected", seat=seat, cell=cell_name(loose))
    f0, f1, r0, r1 = extent(layout)
    if f1 - f0 >= LIMIT or r1 - r0 >= LIMIT:
        raise PositionError(
            f"{where}: the layout exceeds {LIMIT} files or {LIMIT} ranks ({LIMIT}x{LIMIT} limit)",
            rule="layout-too-big",
            seat=seat,
            files=f1 - f0 + 1,
            ranks=r1 - r0 + 1,
            limit=LIMIT,
        )
    return bytes(layout)


def check_tiles_consistent(layouts: tuple[bytes, ...], pile: bytes, tile: int | None) -> None:
    """PositionError unless each tile is in one place only (the layouts, the pile, the revealed
    tile): a step of reading a position, and the editor's check of a layout it changed."""
    caller_start = layouts[0][START_CELL] % FACE_DOWN
    if caller_start in pile or caller_start == tile:
        raise PositionError(
            f"the caller's start tile {tile_code(caller_start)} cannot also be in the pile or revealed", rule="caller-start-drawn", tile=tile_code(caller_start)
        )
    if tile is not None and tile in pile:
        raise PositionError(f"the revealed tile {tile_code(tile)} cannot also be in the pile", rule="revealed-in-pile", tile=tile_code(tile))
    for seat, layout in enumerate(layouts):
        for index, v in enumerate(layout):
            if v == EMPTY or index == START_CELL:
                continue
            t = v % FACE_DOWN
            if t in pile or t == caller_start:
                in_pile = t in pile
                why = "is still in the pile" if in_pile else "is the caller's start tile, which is never revealed"
                raise PositionError(
                    f"layout {seat + 1}: {tile_code(t)} on {cell_name(index)} {why}",
                    rule="laid-in-pile" if in_pile else "caller-start-laid",
                    seat=seat,
                    tile=tile_code(t),
                    cell=cell_name(index),
                )


def _parse_turn(text: str, players: int) -> tuple[int | None, MopsPhase]:
    if text == "-":
        return None, OVER
    phases = {letter: phase for phase, letter in TURN_LETTERS.items()}
    if len(text) != 2 or text[0] not in phases or text[1] not in "1234"[:players]:
        raise PositionError(
            f"the turn is p<seat>, s<seat>, f<seat> (seat 1-{players}) or '-', not {text!r}", rule="turn-text", token=text[:20], players=players
        )
    return int(text[1]) - 1, phases[text[0]]


def check_turn(layouts: tuple[bytes, ...], pile: bytes, tile: int | None, to_move: int | None, phase: MopsPhase, ersatz: bool, wertung: bool) -> None:
    """PositionError unless the seat to move and its phase fit the layouts and the revealed tile
    (a step of reading a position; the editor asks it before it keeps a turn through an edit)."""
    placing_over = not pile or all(is_full(layout) for layout in layouts)
    if phase in (PLACE, SCORE):
        if tile is None:
            raise PositionError("a player places or scores only while a tile is revealed", rule="no-revealed-tile")
        assert to_move is not None, "_parse_turn names the seat of every phase but the game's end"
        layout = layouts[to_move]
        code = tile_code(tile)
        if phase == PLACE and not acts(layout, tile):
            raise PositionError(f"seat {to_move + 1} cannot place {code}: its layout is full or already holds it", rule="cannot-place", seat=to_move, tile=code)
        if phase == SCORE:
            if wertung:
                raise PositionError("in the variant 'Wertung' nobody scores during the rounds", rule="scoring-in-wertung")
            if not can_score(layout):
                raise PositionError(f"seat {to_move + 1} is to score but has no combination", rule="no-combination", seat=to_move)
            if not ersatz and not has_tile(layout, tile):
                raise PositionError(f"seat {to_move + 1} is to score but has not placed {code}", rule="scoring-before-placing", seat=to_move, tile=code)
        for seat, other in enumerate(layouts):
            holds = has_tile(other, tile) and other[START_CELL] % FACE_DOWN != tile
            if seat < to_move and not ersatz and not holds and acts(other, tile):
                raise PositionError(
                    f"seat {seat + 1} acts before seat {to_move + 1} but has not placed {code}", rule="earlier-not-placed", seat=seat, mover=to_move, tile=code
                )
            if seat > to_move and holds:
                raise PositionError(
                    f"seat {seat + 1} acts after seat {to_move + 1} but has already placed {code}", rule="later-placed", seat=seat, mover=to_move, tile=code
                )
        return
    if tile is not None:
        raise PositionError("the revealed tile is '-' in the final scoring and once the game is over", rule="revealed-after-rounds")
    if not placing_over:
        raise PositionError("rounds go on while a layout has room and the pile has tiles: the turn must be p<seat>", rule="rounds-go-on")
    if phase == FINAL:
        assert to_move is not None, "_parse_turn names the seat of every phase but the game's end"
        if not wertung:
            raise PositionError("a final scoring (f<seat>) belongs to the variant 'Wertung' (token w)", rule="final-without-wertung")
        if not can_score(layouts[to_move]):
            raise PositionError(f"seat {to_move + 1} is to score in the final scoring but has no combination", rule="no-combination", seat=to_move)
    elif wertung:
        scorer = next((seat for seat, layout in enumerate(layouts) if can_score(layout)), None)
        if scorer is not None:
            raise PositionError("in the variant 'Wertung' the game ends only when nobody can score", rule="wertung-not-over", seat=scorer)
