"""Momentum's rules (Phillip L. Leduc): place a stone, and its momentum pushes the last stone of
every run of stones next to it one cell outward; a stone pushed off the board or into a hole goes
back to its owner's hand. The first player whose hand is empty at the end of their own turn wins.

The engine answers every rule question; the view (render/momentum.py) and the computer players
(ai/momentum.py) ask it. Read first the state it plays on (games/momentum_state.py), then here:
the moves and what a move did (`MomentumEffect`); the one placement (`place_stone`, with
`push_stones`), which the computer players' searches play too; then `Momentum._apply`, where
every move is checked and played, and the questions the view asks (`legal_cells`,
`swap_offered`, the setup's `stones_each` ...). The position notation is
games/momentum_position.py.

Moves: a cell such as `d4` (place a stone there) or `swap` (pie rule).

Next: the view, render/momentum.py; the rules as players read them, rules/momentum.en.md.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, Mapping, NamedTuple, NewType

from .base import Game, Option, Setup, chance_rng, check_players, check_seed
from .errors import Rule
from .momentum_position import parse_position, pie_token, position_text
from .momentum_state import BUFFER, DAMPER, EMPTY, HOLE, MAX_ROUND_LIMIT, MAX_SPECIALS, OVER, PIE_PLAYERS, PLACE, PLACE_OR_SWAP, SEAT_LETTERS, SIZES
from .momentum_state import STONE_CHARS, STONES_PER_PLAYER, MomentumState, round_limit_winners
from .notation import FILES, cell_name, parse_cell

# -- the setup's numbers (the board's are games/momentum_state.py's) ------------------------------

SPECIAL_KINDS = {"holes": HOLE, "dampers": DAMPER, "buffers": BUFFER}  # option: the cell it sets
ADVISED_MOST_SPECIALS = 6  # the rulebook advises no more than six special cells
DESIGNER_ROUND_LIMIT = 30  # the round limit of the designer's published rules

# -- moves, what they do and why they are refused -------------------------------------------------

MomentumMove = NewType("MomentumMove", str)  # a cell such as "d4", or SWAP
SWAP = MomentumMove("swap")  # the pie rule's move: take over the first stone instead of placing one


class MomentumRule(Rule):
    """The rules a move may break (`MoveError.rule`), each its stable identifier's text."""

    NOT_A_CELL = "not-a-cell"
    PIE_NOT_YET = "pie-not-yet"  # a swap before the first stone
    PIE_UNAVAILABLE = "pie-unavailable"  # a swap with the pie rule off or past
    CELL_OCCUPIED = "cell-occupied"
    CELL_SPECIAL = "cell-special"


class Push(NamedTuple):
    """One stone moved by a placement: `to` is None when it left the board or fell into a hole
    (it went back to its owner's hand); `reflected` when a buffer sent the momentum back."""

    origin: int
    to: int | None
    stone: str
    reflected: bool = False


class Placed(NamedTuple):
    """What placing a stone did: the cell it was placed on and the stones its momentum moved."""

    cell: int
    pushes: tuple[Push, ...]
    kind: Literal["placed"] = "placed"


class Swapped(NamedTuple):
    """What the pie rule's swap did: the first stone, on `cell`, is now the swapper's."""

    cell: int
    kind: Literal["swapped"] = "swapped"


# What a move did (`Game.effect`): read `kind` before the fields only one kind has.
MomentumEffect = Placed | Swapped

# -- the one placement: a stone and its momentum --------------------------------------------------

# Directions ordered so that direction i and i ^ 1 are opposite.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


@lru_cache(maxsize=None)
def rays(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """rays[cell][d]: the cells outward from `cell` in direction d, up to the edge."""
    table = []
    for index in range(width * height):
        x, y = index % width, index // width
        per_direction = []
        for dx, dy in DIRECTIONS:
            cells = []
            cx, cy = x + dx, y + dy
            while 0 <= cx < width and 0 <= cy < height:
                cells.append(cy * width + cx)
                cx, cy = cx + dx, cy + dy
            per_direction.append(tuple(cells))
        table.append(tuple(per_direction))
    return tuple(table)


def open_cells(board: list[str] | str) -> list[int]:
    """The cells a stone may be placed on: the empty ones (not a stone, not a special cell)."""
    return [index for index, content in enumerate(board) if content == EMPTY]


def next_seat(seat: int, players: int) -> int:
    """Who moves after `seat`: the turn goes round the seats in order."""
    return (seat + 1) % players


def place_stone(board: list[str], hands: list[int], seat: int, cell: int, width: int, height: int) -> tuple[list[Push], bool]:
    """`seat` places a stone from their hand on the empty `cell` (in place, board and hands): its
    momentum pushes (`push_stones`), and every stone that left the board goes back to its owner's
    hand. Returns the pushes and whether `seat` has won (their hand is empty after all the
    pushes). The one placement of the game, on plain lists: the engine plays it, and so do the
    computer players' searches (ai/momentum.py, ai/momentum_puzzles.py)."""
    board[cell] = SEAT_LETTERS[seat]
    hands[seat] -= 1
    pushes = push_stones(board, cell, width, height)
    for push in pushes:
        if push.to is None:
            hands[SEAT_LETTERS.index(push.stone)] += 1
    return pushes, hands[seat] == 0


def _run_end(board: list[str] | str, ray: tuple[int, ...]) -> int:
    """Index in `ray` of the last stone of the unbroken run starting next to the placed stone,
    or -1 if the neighbouring cell holds no stone."""
    k = -1
    for cell in ray:
        if board[cell] in STONE_CHARS:
            k += 1
        else:
            break
    return k


def push_stones(board: list[str], cell: int, width: int, height: int) -> list[Push]:
    """Apply the momentum of a stone just placed on `cell` to `board` (in place).

    Each of the eight rays is independent: the last stone of the run next to the placed stone
    moves one cell outward, leaves the board, falls into a hole, is stopped by a damper, or, at
    a buffer, stays while the momentum is sent back once along the opposite ray (after that
    ray's own push) [decided, see docs/rules-decisions.md].
    """
    cell_rays = rays(width, height)[cell]
    pushes: list[Push] = []
    buffered: list[int] | None = None
    stones = STONE_CHARS
    for d, ray in enumerate(cell_rays):
        # Most rays start at an empty cell or the edge: test that before anything else.
        if not ray or board[ray[0]] not in stones:
            continue
        k = _run_end(board, ray)
        beyond = board[ray[k + 1]] if k + 1 < len(ray) else None
        if beyond == BUFFER:
            if buffered is None:
                buffered = []
            buffered.append(d)
            continue
        if beyond == DAMPER:
            continue
        pushes.append(_push(board, ray, k, beyond, False))
    if buffered:
        for d in buffered:
            opposite = d ^ 1
            if opposite in buffered:
                continue  # placed between two buffers on this axis: no momentum either way
            ray = cell_rays[opposite]
            k = _run_end(board, ray)
            if k < 0:
                continue  # a just-placed stone is never moved by reflected momentum
            beyond = board[ray[k + 1]] if k + 1 < len(ray) else None
            if beyond in (DAMPER, BUFFER):
                continue  # reflected momentum is never reflected again
            pushes.append(_push(board, ray, k, beyond, True))
    return pushes


def _push(board: list[str], ray: tuple[int, ...], k: int, beyond: str | None, reflected: bool) -> Push:
    """Move the stone at `ray[k]` one cell on along `ray` (in place), or off the board when
    `beyond` is the edge (None) or a hole."""
    last = ray[k]
    stone = board[last]
    board[last] = EMPTY
    if beyond is None or beyond == HOLE:
        return Push(last, None, stone, reflected)
    board[ray[k + 1]] = stone
    return Push(last, ray[k + 1], stone, reflected)


# -- the engine ----------------------------------------------------------------------------------


class Momentum(Game[MomentumState, MomentumMove, MomentumEffect]):
    id = "momentum"
    name = "Momentum"
    min_players = 2
    max_players = 3
    options = (
        Option("size", "choice", default="7x7", choices=tuple(SIZES), what="board size"),
        Option("pie", "bool", default=True, players=PIE_PLAYERS, what="the pie rule"),
        Option("round_limit", "int", default=0, minimum=0, maximum=MAX_ROUND_LIMIT, note="0: no limit"),
        Option("holes", "list", default=(), note="be a list of cells such as ['e5']"),
        Option("dampers", "list", default=(), note="be a list of cells such as ['e5']"),
        Option("buffers", "list", default=(), note="be a list of cells such as ['e5']"),
        Option("random_specials", "int", default=0, minimum=0, maximum=MAX_SPECIALS, what="random_specials"),
    )
    move_examples = ("d4", "swap")
    move_rules = {
        MomentumRule.NOT_A_CELL: "not a cell of the {width}x{height} board (files a-{last_file}, ranks 1-{height})",
        MomentumRule.PIE_NOT_YET: "the pie rule applies only to the second player's first turn",
        MomentumRule.PIE_UNAVAILABLE: "the pie rule is not available now",
        MomentumRule.CELL_OCCUPIED: "the cell is occupied by a stone",
        MomentumRule.CELL_SPECIAL: "stones may not be placed on a special cell (hole, damper or buffer)",
    }
    # The designer's round limit, which the setup offers by name (the option's default is none).
    designer_round_limit = DESIGNER_ROUND_LIMIT
    # The rulebook advises no more special cells than this (`specials_beyond_advice`).
    advised_most_specials = ADVISED_MOST_SPECIALS

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> MomentumState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        size = values.choice("size")
        width, height = SIZES[size]
        board = [EMPTY] * (width * height)
        for option, kind in SPECIAL_KINDS.items():
            for text in values.entries(option):
                index = parse_cell(text, width, height) if isinstance(text, str) else None
                if index is None:
                    raise ValueError(f"{option}: {text!r} is not a cell of the {size} board")
                if board[index] != EMPTY:
                    raise ValueError(f"{option}: cell {text} already holds a special cell")
                board[index] = kind
        random_specials = values.number("random_specials")
        if random_specials:
            if any(c != EMPTY for c in board):
                raise ValueError("choose special cells either by hand or at random, not both")
            board = symmetric_random_specials(width, height, random_specials, seed)
        count = sum(c != EMPTY for c in board)
        if count > MAX_SPECIALS:
            raise ValueError(f"at most {MAX_SPECIALS} special cells fit a playable board, not {count}")
        return MomentumState(
            setup=Setup.from_options(players, seed, options),
            width=width,
            height=height,
            board="".join(board),
            to_move=0,
            hands=(self.stones_each(players, size),) * players,
            swap_ahead=values.flag("pie"),
            round_limit=values.number("round_limit"),
        )

    def stones_each(self, players: int, size: str) -> int:
        """The stones each player is dealt for a game of `players` on a board of `size`."""
        return STONES_PER_PLAYER[players][size]

    def dimensions(self, size: str) -> tuple[int, int]:
        """The width and height of a board of `size` (one of the option's choices, "7x9")."""
        return SIZES[size]

    def centre_cell(self, size: str) -> str:
        """The centre cell of a board of `size` by name (where the rulebook suggests one hole on 9x9)."""
        width, height = SIZES[size]
        return cell_name(_centre(width, height), width)

    def specials_beyond_advice(self, options: Mapping[str, object]) -> bool:
        """Whether new-game options ask for more special cells, by hand and at random, than the
        rulebook advises (they may: the advice is not a rule)."""
        at_random = options.get("random_specials", 0)
        by_hand = [options.get(option, ()) for option in SPECIAL_KINDS]
        count = (at_random if isinstance(at_random, int) else 0) + sum(len(cells) for cells in by_hand if isinstance(cells, (list, tuple)))
        return count > self.advised_most_specials

    def setup_has_chance(self, options: Mapping[str, object]) -> bool:
        """Only the special cells, when they are drawn (`random_specials`)."""
        return bool(options.get("random_specials"))

    # -- what the player to move may do ----------------------------------------------------------

    def current_player(self, s: MomentumState) -> int | None:
        return None if s.outcome is not None else s.to_move

    def legal_cells(self, s: MomentumState) -> list[MomentumMove]:
        """The cells a stone may be placed on now, by name ([] once the game is over)."""
        if s.outcome is not None:
            return []
        return [MomentumMove(cell_name(index, s.width)) for index in open_cells(s.board)]

    def swap_offered(self, s: MomentumState) -> bool:
        """Whether the player to move may take the pie rule's swap now (the second player's first turn)."""
        return s.phase == PLACE_OR_SWAP

    def pie_rule_holds(self, s: MomentumState) -> bool:
        """Whether the pie rule is still ahead in `s` or due now (the notation's `pie` or `swap`):
        only a game's start has it (the diagram editor drops it where a position by hand has not)."""
        return pie_token(s) is not None

    def legal_moves(self, s: MomentumState) -> list[MomentumMove]:
        moves = self.legal_cells(s)
        if self.swap_offered(s):
            moves.append(SWAP)
        return moves

    def scores(self, s: MomentumState) -> list[int]:
        """Stones each seat has on the board."""
        return [s.board.count(letter) for letter in SEAT_LETTERS[: len(s.hands)]]

    # -- moves ---------------------------------------------------------------------------------

    def _apply(self, s: MomentumState, move: str) -> tuple[MomentumState, MomentumEffect]:
        self.require_text(move)
        if move != SWAP and parse_cell(move, len(FILES), len(FILES)) is None:
            raise self.invalid(move, MomentumRule.NOT_A_CELL, width=s.width, height=s.height, last_file=FILES[s.width - 1])
        self.require_not_over(s, move)
        seat = s.to_move
        hands = list(s.hands)
        board = list(s.board)
        won = False
        effect: MomentumEffect
        if move == SWAP:
            if s.swap_ahead:
                raise self.illegal(move, MomentumRule.PIE_NOT_YET)
            if not self.swap_offered(s):
                raise self.illegal(move, MomentumRule.PIE_UNAVAILABLE)
            first = next(i for i, c in enumerate(board) if c in STONE_CHARS)
            owner = SEAT_LETTERS.index(board[first])
            board[first] = SEAT_LETTERS[seat]
            hands[owner] += 1
            hands[seat] -= 1
            effect = Swapped(first)
        else:
            cell = parse_cell(move, s.width, s.height)
            if cell is None:
                # A cell of the largest board that this board lacks is a move the board forbids;
                # anything else is not a move of the notation at all.
                raise self.illegal(move, MomentumRule.NOT_A_CELL, width=s.width, height=s.height, last_file=FILES[s.width - 1])
            content = board[cell]
            if content in STONE_CHARS:
                raise self.illegal(move, MomentumRule.CELL_OCCUPIED, cell=cell_name(cell, s.width))
            if content != EMPTY:
                raise self.illegal(move, MomentumRule.CELL_SPECIAL, cell=cell_name(cell, s.width), kind=content)
            pushes, won = place_stone(board, hands, seat, cell, s.width, s.height)
            effect = Placed(cell, tuple(pushes))
        nxt = next_seat(seat, len(hands))
        round_number = s.round + (1 if nxt == 0 else 0)
        phase = PLACE_OR_SWAP if s.swap_ahead else PLACE
        winners: tuple[int, ...] = ()
        if won:
            # Only the mover can empty their hand; their win is checked after all pushes.
            phase, winners = OVER, (seat,)
        elif s.round_limit and round_number > s.round_limit:
            phase, winners = OVER, round_limit_winners(board, len(hands))
        new = MomentumState(
            setup=s.setup,
            moves=s.moves + (move,),
            width=s.width,
            height=s.height,
            board="".join(board),
            to_move=nxt,
            hands=tuple(hands),
            phase=phase,
            round=round_number,
            round_limit=s.round_limit,
            winners=winners,
        )
        return new, effect

    # -- notation (games/momentum_position.py) -------------------------------------------------

    def position(self, s: MomentumState) -> str:
        return position_text(s)

    def from_position(self, text: str) -> MomentumState:
        return parse_position(text)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, object]]:
        return [
            {"players": 2},
            {"players": 2, "size": "7x9", "pie": False},
            {"players": 3, "size": "9x9"},
            {"players": 2, "size": "9x9", "holes": ["e5"]},
            {"players": 2, "random_specials": 6},
            {"players": 3, "size": "7x9", "dampers": ["d3", "d7"], "buffers": ["b5", "f5"], "holes": ["d5"]},
            {"players": 2, "round_limit": 5},
        ]

    def move_cap(self) -> int:
        return 400


def _centre(width: int, height: int) -> int:
    """The index of the centre cell (every size is odd by odd)."""
    return (width * height) // 2


def symmetric_random_specials(width: int, height: int, count: int, seed: int) -> list[str]:
    """A board with `count` special cells placed point-symmetrically (180° rotation), kinds and
    cells drawn from the seed. An odd count puts one cell on the centre."""
    if count > MAX_SPECIALS:
        raise ValueError(f"at most {MAX_SPECIALS} special cells fit a playable board, not {count}")
    rng = chance_rng(seed, "momentum-specials", width, height, count)
    board = [EMPTY] * (width * height)
    centre = _centre(width, height)
    pairs = [i for i in range(width * height) if i < centre]
    rng.shuffle(pairs)
    kinds = (HOLE, DAMPER, BUFFER)
    if count % 2:
        board[centre] = rng.choice(kinds)
    for i in pairs[: count // 2]:
        kind = rng.choice(kinds)
        board[i] = kind
        board[width * height - 1 - i] = kind
    return board


GAME = Momentum()
