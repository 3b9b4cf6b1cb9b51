"""Fenn solved: the game-theoretic value of every position, by retrograde analysis.

Fenn is small. A turn begins in one of at most 43,200 positions (fields and tops of the blue
and red dice, the black top, the player to move). Inside a turn the player to move decides
everything alone, so a turn is one "macro move": from its starting position the player can
bring about a set of positions in which the opponent's turn begins (`turn_outcomes`), or win
outright. The solver therefore works on turn-start positions only:

1. For each turn-start position, the set of turn-start positions the turn can lead to (found by
   a breadth-first search through the extra steps and Pasch choices of that turn), and whether
   the turn can reach the far end.
2. Retrograde analysis, in order of distance: a position whose turn can win is won in 1 turn;
   a position with a successor lost for the opponent is won; a position whose successors are
   all won for the opponent is lost, as late as possible. Whatever is left can only cycle:
   those positions are draws, which is exactly what threefold repetition makes of them.

Values count turns until the end with best play, the current turn being 1: a win in d turns
has d odd (the winning step comes in one of the player's own turns), a loss d even. The
winning side shortens, the losing side lengthens.

Positions inside a turn (after an extra step or a Pasch) are valued on the fly from the table
by the same search over the rest of the turn (`turn_outcomes`), which also counts the moves each
outcome needs inside the turn, so a player choosing by value never wanders in a circle of
extra steps.

The table is one byte per turn-start position (0 draw, d = 1..254 decided in d turns, 255 no
such position), zlib-compressed in `data/fenn_table.bin`; `scripts/build_fenn_table.py`
writes it and tests/test_fenn_ai.py checks it against a fresh solve.

Everything here is pure Python over the engine's own step rule (`legal_steps`). How a turn goes
on after a step (a win, a Pasch, an extra step, a blocked one) is a model of the engine's rules,
`turn_outcomes`, kept because it is fast: the engine's own answer, every move of the rest of the
turn played (`turn_outcomes_played`), takes about 45 times as long (bench/fenn_turn_model.py: the
solve's turn searches 0.6 s against 26 s of CPython, a computer player's per move alike), and
tests/test_fenn_ai.py checks that both agree on seeded games and on sampled turn starts. The rest
(the repetition rule, where a turn began) the engine answers.
"""

from __future__ import annotations

import hashlib
import warnings
import zlib
from collections import deque
from pathlib import Path
from typing import Callable, Final, Literal, NamedTuple

from .base import Exact, MoveValue
from ..package_files import package_file
from ..games.fenn import BLACK_FACES, BLUE, DIE_FACES, GOAL_FIELD, NEW_TURN, PASCH, RED, START_FACE, START_FIELD, STEP
from ..games.fenn import GAME, Fenn, FennPhase, FennState, legal_steps, opponent, turn_key

# -- indexing turn-start positions -------------------------------------------------------------

FIELDS = (tuple(range(0, 10)), tuple(range(1, 11)))  # blue stands on 0-9, red on 1-10
FACE_INDEX = tuple({face: i for i, face in enumerate(faces)} for faces in DIE_FACES)
BLACK_INDEX = {face: i for i, face in enumerate(BLACK_FACES)}
SIZE = 10 * 6 * 10 * 6 * 6 * 2

DRAW_BYTE = 0
NO_POSITION = 255  # both dice on one field, or a game already won
MAX_TURNS = 254

TABLE_FILE = "ai/data/fenn_table.bin"  # in the package (package_files: it comes with the second zip)
TABLE_MAGIC = b"LUDOTHEK FENN TABLE 1\n"

WIN: Final = "win"  # the outcome of a turn that reaches the far end
# How a turn can end: WIN, or the mover's (field, face, black) when the opponent's turn begins.
Ending = Literal["win"] | tuple[int, int, int]


def index(blue: int, blue_face: int, red: int, red_face: int, black: int, to_move: int) -> int:
    """Table index of a turn-start position."""
    i = blue * 6 + FACE_INDEX[BLUE][blue_face]
    i = (i * 10 + red - 1) * 6 + FACE_INDEX[RED][red_face]
    return (i * 6 + BLACK_INDEX[black]) * 2 + to_move


def unindex(i: int) -> tuple[int, int, int, int, int, int]:
    """(blue, blue_face, red, red_face, black, to_move) of a table index."""
    i, to_move = divmod(i, 2)
    i, k = divmod(i, 6)
    i, rf = divmod(i, 6)
    i, red = divmod(i, 10)
    blue, bf = divmod(i, 6)
    return blue, DIE_FACES[BLUE][bf], red + 1, DIE_FACES[RED][rf], BLACK_FACES[k], to_move


def is_position(blue: int, blue_face: int, red: int, red_face: int) -> bool:
    """Whether a turn can begin here: two distinct fields, nobody has won, dice beside the board show 5."""
    if blue == red or blue == GOAL_FIELD[BLUE] or red == GOAL_FIELD[RED]:
        return False
    return not ((blue == START_FIELD[BLUE] and blue_face != START_FACE) or (red == START_FIELD[RED] and red_face != START_FACE))


# -- the rest of a turn --------------------------------------------------------------------------


def turn_outcomes(seat: int, field: int, face: int, opp_field: int, opp_face: int, black: int, phase: FennPhase, turn_start: int) -> dict[Ending, int]:
    """What the player to move can make of the rest of the turn, and in how few moves.

    `phase` is the engine's STEP or PASS (a new turn: must step, or pass), EXTRA (may step again
    or end) or PASCH (may set the black die or end). Returns {outcome: moves}: an outcome is WIN or the
    mover's (field, face, black) when the turn ends, and `moves` the fewest moves that bring it
    about (counting the closing `end`, `k..` or `pass`, and the step whose extra step turns out
    to be blocked as the last move).
    """
    best: dict[Ending, int] = {}

    def reach(outcome: Ending, moves: int) -> None:
        if moves < best.get(outcome, 1 << 30):
            best[outcome] = moves

    if phase == PASCH:
        for b in BLACK_FACES:
            reach((field, face, b), 1)  # `k<b>`, or `end` to keep the black top
        return best
    goal = GOAL_FIELD[seat]
    # Breadth-first through the positions that allow a further step (the turn's start and
    # every extra step); each is entered at most once, at its smallest distance.
    queue = deque([(field, face, 0, phase in NEW_TURN)])
    seen = {(field, face)}
    while queue:
        f, fc, moves, must_step = queue.popleft()
        steps = legal_steps(seat, f, fc, opp_field, opp_face, black, turn_start)
        if not steps:
            # A new turn without a step is passed; a blocked extra step ends the turn with the
            # step that earned it.
            reach((f, fc, black), moves + 1 if must_step else moves)
            continue
        if not must_step:
            reach((f, fc, black), moves + 1)  # `end`
        for to, new_face in steps:
            if to == goal:
                reach(WIN, moves + 1)
            elif new_face == black:  # a Pasch (never also an extra step: `to` != black)
                for b in BLACK_FACES:
                    reach((to, new_face, b), moves + 2)
            elif new_face == to:  # an extra step
                if (to, new_face) not in seen:
                    seen.add((to, new_face))
                    queue.append((to, new_face, moves + 1, False))
            else:
                reach((to, new_face, black), moves + 1)
    return best


def turn_outcomes_of(s: FennState) -> dict[Ending, int]:
    """`turn_outcomes` for the player to move in `s`, a game under way (any phase)."""
    seat, opp = s.to_move, opponent(s.to_move)
    start = GAME.turn_start_field(s)
    if start is None:  # after a Pasch: the turn can only end, wherever it began
        start = s.field_of(seat)
    return turn_outcomes(seat, s.field_of(seat), s.face_of(seat), s.field_of(opp), s.face_of(opp), s.black, s.phase, start)


def turn_outcomes_played(game: Fenn, s: FennState) -> dict[Ending, int]:
    """`turn_outcomes` for `s` found by the engine alone: every move of the rest of the turn played
    (`legal_moves`, `play`), breadth-first. What the model above is checked against
    (tests/test_fenn_ai.py) and measured against (bench/fenn_turn_model.py); too slow for the
    solve and the players (40 to 50 times the model's time)."""
    seat = s.to_move
    best: dict[Ending, int] = {}
    queue = deque([(s, 0)])
    seen = {game.position(s)}
    while queue:
        state, moves = queue.popleft()
        for move in game.legal_moves(state):
            after = game.play(state, move)
            outcome = after.outcome
            ending: Ending | None = None
            if outcome is not None and outcome.winners:
                ending = WIN
            elif after.to_move != seat:
                ending = (after.field_of(seat), after.face_of(seat), after.black)
            else:
                key = game.position(after)
                if key not in seen:
                    seen.add(key)
                    queue.append((after, moves + 1))
            if ending is not None and moves + 1 < best.get(ending, 1 << 30):
                best[ending] = moves + 1
    return best


def successors(i: int) -> tuple[bool, set[int]]:
    """Whether the turn starting at table index `i` can win, and the indices its turn can lead to."""
    blue, blue_face, red, red_face, black, seat = unindex(i)
    own, opp = ((blue, blue_face), (red, red_face)) if seat == BLUE else ((red, red_face), (blue, blue_face))
    outcomes = turn_outcomes(seat, own[0], own[1], opp[0], opp[1], black, STEP, own[0])
    can_win = False
    nxt = set()
    for outcome in outcomes:
        if outcome == WIN:
            can_win = True
            continue
        f, fc, b = outcome
        if seat == BLUE:
            nxt.add(index(f, fc, red, red_face, b, RED))
        else:
            nxt.add(index(blue, blue_face, f, fc, b, BLUE))
    return can_win, nxt


# -- the retrograde analysis -----------------------------------------------------------------------


class Graph(NamedTuple):
    """The turn graph: per table index, whether its turn can win and the indices it can lead to
    (None for an index that is no position)."""

    can_win: bytes
    successors: list[tuple[int, ...] | None]


def build_graph() -> Graph:
    can_win = bytearray(SIZE)
    nexts: list[tuple[int, ...] | None] = [None] * SIZE
    for i in range(SIZE):
        blue, blue_face, red, red_face, _, _ = unindex(i)
        if is_position(blue, blue_face, red, red_face):
            win, nxt = successors(i)
            can_win[i] = win
            nexts[i] = tuple(sorted(nxt))
    return Graph(bytes(can_win), nexts)


def solve(progress: Callable[[str], None] | None = None, graph: Graph | None = None) -> bytes:
    """The value byte of every turn-start position (see the module docstring)."""
    if graph is None:
        graph = build_graph()
    table = bytearray([NO_POSITION]) * SIZE
    remaining = [0] * SIZE  # successors not yet known to be won for the opponent
    predecessors: list[list[int]] = [[] for _ in range(SIZE)]
    queue: deque[int] = deque()
    for i, nxt in enumerate(graph.successors):
        if nxt is None:
            continue
        if graph.can_win[i]:
            table[i] = 1
            queue.append(i)
        else:
            table[i] = DRAW_BYTE  # until proven otherwise
            remaining[i] = len(nxt)
        for j in nxt:
            predecessors[j].append(i)
    if progress:
        progress(f"graph built: {sum(1 for v in table if v != NO_POSITION)} positions")
    known = bytearray(SIZE)
    for i in queue:
        known[i] = 1
    # Breadth-first in order of distance: wins take the shortest way, losses the longest.
    while queue:
        j = queue.popleft()
        d = table[j]
        if d >= MAX_TURNS:
            raise OverflowError("a distance does not fit the table's byte")
        lost_for_mover = d % 2 == 0
        for i in predecessors[j]:
            if known[i]:
                continue
            if lost_for_mover:
                table[i] = d + 1
            else:
                remaining[i] -= 1
                if remaining[i]:
                    continue
                table[i] = d + 1
            known[i] = 1
            queue.append(i)
    return bytes(table)


def table_hash(table: bytes) -> str:
    return hashlib.sha256(table).hexdigest()


def encode_table(table: bytes) -> bytes:
    return TABLE_MAGIC + zlib.compress(table, 9)


def decode_table(data: bytes) -> bytes:
    if not data.startswith(TABLE_MAGIC):
        raise ValueError("not a Fenn table (wrong header)")
    table = zlib.decompress(data[len(TABLE_MAGIC) :])
    if len(table) != SIZE:
        raise ValueError(f"a Fenn table has {SIZE} entries, this one {len(table)}")
    return table


_loaded: bytes | None = None


def load_table(path: Path | None = None) -> bytes:
    """The shipped table (read once and kept). Should the file be missing (a page that forgot
    to ship it), the table is solved instead: correct, but a second or two of work at once."""
    global _loaded
    if path is not None:
        return decode_table(Path(path).read_bytes())
    if _loaded is None:
        try:
            _loaded = decode_table(package_file(TABLE_FILE).read_bytes())
        except FileNotFoundError:
            warnings.warn(f"{TABLE_FILE} is missing: solving Fenn now instead", RuntimeWarning, stacklevel=2)
            _loaded = solve()
    return _loaded


# -- values -------------------------------------------------------------------------------------------


# A solved value for one player: `outcome` +1 win, 0 draw, -1 loss, with best play from both
# sides; `turns` until the game ends (the current turn is 1; 0 for a draw). See base.Exact.
Value = Exact


DRAW = Value(0, 0)
WIN_NOW = Value(1, 1)


def decode_value(byte: int) -> Value:
    if byte == NO_POSITION:
        raise ValueError("no such position in the table")
    if byte == DRAW_BYTE:
        return DRAW
    return Value(1 if byte % 2 else -1, byte)


def turn_value(table: bytes, blue: int, blue_face: int, red: int, red_face: int, black: int, to_move: int) -> Value:
    """Value of a turn-start position for the player to move (the history is not considered)."""
    return decode_value(table[index(blue, blue_face, red, red_face, black, to_move)])


def next_turn_start(s: FennState, ending: tuple[int, int, int]) -> tuple[int, int, int, int, int, int]:
    """(blue, blue_face, red, red_face, black, to_move) of the position in which the opponent's
    turn begins when the turn of the player to move in `s` ends in `ending` (field, face, black)."""
    f, fc, b = ending
    if s.to_move == BLUE:
        return (f, fc, s.red, s.red_face, b, RED)
    return (s.blue, s.blue_face, f, fc, b, BLUE)


def _outcome_value(table: bytes, s: FennState, outcome: Ending) -> Value:
    """Value for the player to move of one way its turn in `s` can end (WIN or (field, face, black))."""
    if outcome == WIN:
        return WIN_NOW
    fields = next_turn_start(s, outcome)
    # A turn that ends in a position seen twice before at a turn start ends the game drawn.
    if GAME.ending_draws(s, turn_key(*fields)):
        return DRAW
    return turn_value(table, *fields).after_turn()


def rest_of_turn(table: bytes, s: FennState) -> tuple[Value, int]:
    """The value for the player to move in `s` (any phase) and the moves needed to realise it."""
    outcomes = turn_outcomes_of(s)
    best: tuple[tuple[tuple[int, int], int], Value, int] | None = None
    for outcome, moves in outcomes.items():
        value = _outcome_value(table, s, outcome)
        key = (value.rank(), -moves)
        if best is None or key > best[0]:
            best = (key, value, moves)
    assert best is not None, "a turn always ends somehow"
    return best[1], best[2]


def position_value(table: bytes, s: FennState) -> Value:
    """Value of `s` for the player to move (for a finished game: for the player named to move)."""
    outcome = s.outcome
    if outcome is not None:
        if not outcome.winners:
            return DRAW
        return Value(1 if outcome.winners == (s.to_move,) else -1, 0)
    # Not simply the table entry at a turn start: the table ignores history, and a turn that
    # ends in a third repetition is a draw, which `rest_of_turn` checks ending by ending.
    return rest_of_turn(table, s)[0]


def _valued(move: str, value: Value, moves_in_turn: int) -> MoveValue:
    """A move with its exact value, and the moves (this one included) that the rest of its turn
    needs to realise it (1 if the move ends the turn)."""
    return MoveValue(move, value.score(), value, moves_in_turn)


def move_values(game: Fenn, table: bytes, s: FennState) -> list[MoveValue]:
    """Every legal move of `s` with its value for the player to move: the hint function."""
    seat = s.to_move
    values = []
    for move in game.legal_moves(s):
        after = game.play(s, move)
        outcome = after.outcome
        if outcome is not None:
            won = WIN_NOW if outcome.winners == (seat,) else Value(-1, 0)
            values.append(_valued(move, won if outcome.winners else DRAW, 1))
        elif after.to_move != seat:
            value = turn_value(table, after.blue, after.blue_face, after.red, after.red_face, after.black, after.to_move)
            values.append(_valued(move, value.after_turn(), 1))
        else:
            value, moves = rest_of_turn(table, after)
            values.append(_valued(move, value, moves + 1))
    return values


def start_values(table: bytes) -> dict[tuple[str, int], Value]:
    """Value of the start position for the player who begins, for each start player and black top."""
    blue, red = START_FIELD
    return {
        (colour, black): turn_value(table, blue, START_FACE, red, START_FACE, black, seat)
        for seat, colour in ((BLUE, "blue"), (RED, "red"))
        for black in BLACK_FACES
    }
