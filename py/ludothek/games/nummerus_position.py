"""Nummerus Zahlus' position text (the notation of games/nummerus.py's docstring): a state written as
text, and text read back into a state, with every check that the text describes a position the
rules can reach (each chip once, on the board or in one collection; rounds, points and swap chips
that fit the players).

Its own module because writing and reading the notation is one thing, a fifth of the engine's
length, that the rules of play never need; the engine (games/nummerus.py) answers `position` and
`from_position` with it.
"""

from __future__ import annotations

import re

from .base import PositionError, Setup, is_ascii_number
from .nummerus_board import CHIPS, FIELD_NAMES, RANK_FILES, RANKS_TOP_DOWN
from .nummerus_scoring import Group, Groups, numbers, group_text, swap_possible
from .nummerus_state import MAX_ROUNDS, MAX_SWAP_CHIPS, OVER_PHASE, STAR_PHASE, SWAP_PHASE, NummerusPhase, NummerusState, rulebook_swap_chips

_NUMBER_RE = re.compile(r"[1-9][0-9]?")


def groups_text(groups: Groups) -> str:
    """A collection in position notation: `3-5,9,12-13`, or `.` when empty."""
    return ",".join(group_text(lo, hi) for lo, hi in groups) if groups else "."


def position_text(s: NummerusState) -> str:
    ranks, i = [], 0
    for rank in RANKS_TOP_DOWN:
        cells = []
        for _ in RANK_FILES[rank]:
            cells.append("*" if i == s.star else str(s.board[i]) if s.board[i] else ".")
            i += 1
        ranks.append(",".join(cells))
    tokens = ["/".join(ranks), str(s.to_move + 1), "/".join(groups_text(g) for g in s.collections)]
    if s.rounds:
        tokens.append(f"r{s.round}/{s.rounds}")
        if s.round_points:
            tokens.append("p" + ";".join(",".join(map(str, row)) for row in s.round_points))
    if s.swap_chips_left:
        # The chips dealt are written only when the option `swap_chips` changed the rulebook's
        # number, so every position written before the option reads and writes as it did.
        dealt = "" if s.swap_chips_dealt == rulebook_swap_chips(len(s.collections)) else f"/{s.swap_chips_dealt}"
        tokens.append("x" + ",".join(map(str, s.swap_chips_left)) + dealt)
    if s.phase == SWAP_PHASE:
        tokens.append("swap")
    return " ".join(tokens)


def parse_position(text: str) -> NummerusState:
    """The state a position text describes; PositionError says what is wrong with it."""
    if not isinstance(text, str):
        raise PositionError("a position is text", rule="not-text")
    tokens = text.split(" ")
    if not 3 <= len(tokens) <= 7:
        raise PositionError(
            "a Nummerus Zahlus position has 3 to 7 tokens: board, player to move, collections, [r<round>/<rounds>], [p<points>], [x<swap chips>], [swap]",
            rule="token-count",
            count=len(tokens),
        )
    board_text, to_move_text, collections_text, *rest = tokens
    board, star = _parse_board(board_text)
    collections = _parse_collections(collections_text)
    players = len(collections)
    to_move = _parse_to_move(to_move_text, players)
    _check_every_chip_once(board, collections)
    round_number, rounds, round_points = _parse_rounds(rest, players)
    swap_chips_left, swap_chips_dealt, deciding = _parse_swap_tokens(rest, players, to_move, collections)
    if rest:
        raise PositionError(
            f"unexpected token {rest[0][:20]!r} (expected r<round>/<rounds>, p<points>, x<swap chips> or swap, in this order)",
            rule="unexpected-token",
            token=rest[0][:20],
        )
    phase: NummerusPhase = SWAP_PHASE if deciding else STAR_PHASE
    if not any(board) and not deciding:
        if rounds and round_number < rounds:
            raise PositionError(
                "a round that has ended is followed at once by the next: only the last round ends with an empty board",
                rule="empty-board-before-last-round",
                round=round_number,
                rounds=rounds,
            )
        phase = OVER_PHASE
    # Each turn takes one chip, so the seat that began the round follows from the chips taken.
    taken = sum(len(numbers(g)) for g in collections)
    starter = (to_move - (taken - 1 if deciding else taken)) % players
    return NummerusState(
        setup=Setup(players=players, seed=None, position=text),
        board=board,
        star=star,
        to_move=to_move,
        collections=collections,
        phase=phase,
        swap_chips_left=swap_chips_left,
        swap_chips_dealt=swap_chips_dealt,
        round=round_number or 1,
        rounds=rounds,
        round_points=round_points,
        round_starter=starter,
    )


def _parse_to_move(text: str, players: int) -> int:
    if not (is_ascii_number(text) and len(text) == 1 and 1 <= int(text) <= players):
        raise PositionError(f"the player to move is a seat number from 1 to {players}, not {text[:20]!r}", rule="to-move", players=players)
    return int(text) - 1


def _check_every_chip_once(board: bytes, collections: tuple[Groups, ...]) -> None:
    """Every chip is either on the board or in exactly one collection."""
    where: dict[int, int] = {n: -1 for n in board if n}  # the seat whose collection holds it; -1: the board
    for seat, groups in enumerate(collections):
        for n in numbers(groups):
            if n in where and where[n] < 0:
                raise PositionError(f"chip {n} is both on the board and in seat {seat + 1}'s collection", rule="chip-on-board-and-held", chip=n, seat=seat)
            if n in where:
                raise PositionError(
                    f"chip {n} is both in seat {where[n] + 1}'s and in seat {seat + 1}'s collection",
                    rule="chip-held-twice",
                    chip=n,
                    other_seat=where[n],
                    seat=seat,
                )
            where[n] = seat
    missing = [n for n in range(1, CHIPS + 1) if n not in where]
    if missing:
        raise PositionError(f"chip {missing[0]} is missing: each chip 1-48 is on the board or in one collection", rule="chip-missing", chip=missing[0])


def _parse_rounds(rest: list[str], players: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
    """The tournament's tokens `r<round>/<rounds>` and `p<points>`, taken off the front of `rest`:
    (round, rounds, points of the finished rounds); (0, 0, ()) for the basic game."""
    rounds = round_number = 0
    round_points: tuple[tuple[int, ...], ...] = ()
    if rest and rest[0].startswith("r"):
        token = rest.pop(0)
        m = re.fullmatch(r"r([1-9][0-9]?)/([1-9][0-9]?)", token)
        if not m:
            raise PositionError("the round token is r<round>/<rounds>, such as r2/5", rule="round-token", token=token[:20])
        round_number, rounds = int(m.group(1)), int(m.group(2))
        if players == 1:
            raise PositionError("the solitaire has no tournament rounds", rule="solitaire-rounds")
        if rounds > MAX_ROUNDS or round_number > rounds:
            raise PositionError(
                f"round {round_number} of {rounds} is not a valid tournament round (at most {MAX_ROUNDS} rounds)",
                rule="round-range",
                round=round_number,
                rounds=rounds,
                most=MAX_ROUNDS,
            )
        if round_number > 1:
            if not rest or not rest[0].startswith("p"):
                raise PositionError(f"round {round_number} needs the points of the finished rounds: p<points>", rule="points-missing", round=round_number)
            round_points = _parse_points(rest.pop(0)[1:], round_number - 1, players)
    if rest and rest[0].startswith("p"):
        raise PositionError("points of finished rounds (p...) belong after r<round>/<rounds> from round 2 on", rule="points-out-of-place")
    return round_number, rounds, round_points


def _parse_swap_tokens(rest: list[str], players: int, to_move: int, collections: tuple[Groups, ...]) -> tuple[tuple[int, ...], int, bool]:
    """The swap variant's tokens `x<swap chips>[/<dealt>]` and `swap`, taken off the front of
    `rest`: (swap chips left per seat, swap chips dealt per seat, whether the player to move
    decides on a swap); ((), 0, False) without it."""
    left: tuple[int, ...] = ()
    dealt = 0
    deciding = False
    if rest and rest[0].startswith("x"):
        if players == 1:
            raise PositionError("the solitaire has no swap chips", rule="solitaire-swaps")
        left, dealt = _parse_swaps(rest.pop(0)[1:], players)
    if rest and rest[0] == "swap":
        rest.pop(0)
        if not left:
            raise PositionError("'swap' (a swap step) needs the swap variant's x<swap chips> token", rule="swap-without-swap-chips")
        if left[to_move] == 0:
            raise PositionError(f"seat {to_move + 1} has no swap chip left to swap with", rule="no-swap-chip-left", seat=to_move)
        if not swap_possible(collections, to_move):
            raise PositionError(f"seat {to_move + 1} has nothing to swap: no opponent holds a chip outside a chain", rule="nothing-to-swap", seat=to_move)
        deciding = True
    return left, dealt, deciding


def _parse_board(text: str) -> tuple[bytes, int]:
    ranks = text.split("/")
    if len(ranks) != 9:
        raise PositionError("the board lists 9 ranks (9 down to 1) separated by '/'", rule="rank-count", count=len(ranks))
    board: list[int] = []
    star = None
    seen: set[int] = set()
    for rank, rank_text in zip(RANKS_TOP_DOWN, ranks):
        cells = rank_text.split(",")
        files = RANK_FILES[rank]
        if len(cells) != len(files):
            raise PositionError(
                f"rank {rank} has {len(files)} fields ({files[0]}-{files[-1]}) separated by ',', not {len(cells)}",
                rule="rank-fields",
                rank=rank,
                fields=len(files),
                first=f"{files[0]}{rank}",
                last=f"{files[-1]}{rank}",
                count=len(cells),
            )
        for f, cell in zip(files, cells):
            name = f"{f}{rank}"
            if cell == "*":
                if star is not None:
                    raise PositionError(
                        f"there is only one star (found on {FIELD_NAMES[star]} and {name})", rule="star-twice", field=FIELD_NAMES[star], again=name
                    )
                star = len(board)
                board.append(0)
            elif cell == ".":
                board.append(0)
            elif _NUMBER_RE.fullmatch(cell) and int(cell) <= CHIPS:
                n = int(cell)
                if n in seen:
                    raise PositionError(f"chip {n} lies on the board twice (again on {name})", rule="chip-on-board-twice", chip=n, field=name)
                seen.add(n)
                board.append(n)
            else:
                raise PositionError(
                    f"field {name} holds {cell[:20]!r}; a field is a chip 1-48, '*' (the star) or '.' (empty)",
                    rule="field-content",
                    field=name,
                    token=cell[:20],
                )
    if star is None:
        raise PositionError("the board has no star ('*')", rule="no-star")
    return bytes(board), star


def _parse_collections(text: str) -> tuple[Groups, ...]:
    parts = text.split("/")
    if not 1 <= len(parts) <= 4:
        raise PositionError("collections: one per seat (1 to 4), separated by '/'", rule="collection-count", count=len(parts))
    solitaire = len(parts) == 1
    out: list[Groups] = []
    for seat, part in enumerate(parts):
        if part == ".":
            out.append(())
            continue
        groups: list[Group] = []
        for item in part.split(","):
            m = re.fullmatch(r"([1-9][0-9]?)(?:-([1-9][0-9]?))?", item)
            if not m:
                raise PositionError(
                    f"seat {seat + 1}'s collection: {item[:20]!r} is not a chip or a range such as 3-5 ('.' when empty)",
                    rule="collection-item",
                    seat=seat,
                    token=item[:20],
                )
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            if m.group(2) and lo >= hi:
                raise PositionError(f"seat {seat + 1}'s collection: a range runs upward, so {item!r} is not one", rule="range-downward", seat=seat, token=item)
            if hi > CHIPS:
                raise PositionError(f"seat {seat + 1}'s collection: the chips are 1-48, not {hi}", rule="collection-chip-number", seat=seat, chip=hi)
            if groups and lo <= groups[-1][1]:
                raise PositionError(
                    f"seat {seat + 1}'s collection: {item!r} overlaps or precedes {group_text(*groups[-1])}; list groups ascending",
                    rule="collection-order",
                    seat=seat,
                    token=item,
                    previous=group_text(*groups[-1]),
                )
            if groups and lo == groups[-1][1] + 1 and not solitaire:
                raise PositionError(
                    f"seat {seat + 1}'s collection: {group_text(*groups[-1])} and {item!r} form one run; write it as {groups[-1][0]}-{hi}",
                    rule="collection-run",
                    seat=seat,
                    token=item,
                    previous=group_text(*groups[-1]),
                    run=f"{groups[-1][0]}-{hi}",
                )
            groups.append((lo, hi))
        out.append(tuple(groups))
    return tuple(out)


def _parse_points(text: str, rows: int, players: int) -> tuple[tuple[int, ...], ...]:
    row_texts = text.split(";")
    if len(row_texts) != rows:
        raise PositionError(
            f"the points list {rows} finished round(s) separated by ';', not {len(row_texts)}",
            rule="points-rounds",
            round=rows + 1,
            finished=rows,
            count=len(row_texts),
        )
    out = []
    for row_text in row_texts:
        cells = row_text.split(",")
        if len(cells) != players or not all(is_ascii_number(c) and len(c) <= 6 and (c == "0" or c[0] != "0") for c in cells):
            raise PositionError(
                f"each finished round lists {players} point totals separated by ',', not {row_text[:20]!r}",
                rule="points-row",
                players=players,
                token=row_text[:20],
            )
        out.append(tuple(int(c) for c in cells))
    return tuple(out)


def _parse_swaps(text: str, players: int) -> tuple[tuple[int, ...], int]:
    """`<left per seat>[/<dealt>]`: (swap chips left per seat, swap chips dealt per seat; the
    rulebook's number when `/<dealt>` is not written)."""
    left_text, slash, dealt_text = text.partition("/")
    most = rulebook_swap_chips(players)
    if slash:
        if not (len(dealt_text) == 1 and is_ascii_number(dealt_text) and 1 <= int(dealt_text) <= MAX_SWAP_CHIPS):
            raise PositionError(
                f"x<left>/<dealt>: the swap chips dealt per seat are a number from 1 to {MAX_SWAP_CHIPS}, not {dealt_text[:20]!r}",
                rule="swap-chips-dealt",
                most=MAX_SWAP_CHIPS,
                token=dealt_text[:20],
            )
        most = int(dealt_text)
    cells = left_text.split(",")
    if len(cells) != players or not all(len(c) == 1 and is_ascii_number(c) and int(c) <= most for c in cells):
        raise PositionError(
            f"x lists the swap chips left per seat ({players} numbers from 0 to {most}, ',' between)", rule="swap-chips-left", players=players, most=most
        )
    return tuple(int(c) for c in cells), most
