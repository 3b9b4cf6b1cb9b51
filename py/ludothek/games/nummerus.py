"""Nummerus Zahlus (Sid Sackson, ASS): move the star in a straight line to the first number
chip and take it; whoever collects the longest chains of consecutive numbers wins.

Board
-----
49 square fields in 9 centred rows of 3-5-7-7-5-7-7-5-3, a stylised figure 8. Files a-g, ranks
1-9: ranks 1 and 9 hold c-e; ranks 2, 5 and 8 hold b-f; ranks 3, 4, 6 and 7 hold a-g. Rank 5 is
the waist. "Position order" lists the fields rank 9 to rank 1, left to right:
c9 d9 e9, b8 .. f8, a7 .. g7, a6 .. g6, b5 .. f5, a4 .. g4, a3 .. g3, b2 .. f2, c1 d1 e1.
The 48 number chips (1-48) and the star are shuffled onto the fields, or laid out by the
`layout=` option: 49 field contents in position order, 0 for the star.

Options of `new_game`
---------------------
- `layout`: 49 field contents in position order (each of 0-48 once; 0 is the star). Fixes the
  first round; later tournament rounds are drawn from the seed.
- `ages`: one age per seat; the seat whose age is closest to 48 starts (ties: the lower seat).
  Without it seat 1 (index 0) starts.
- `rounds`: play a tournament of this many rounds (1-20) with tournament scoring; without it
  the basic game is played (one round, longest chains win).
- `swap`: true for the swap variant (2-4 players).
- `players=1` is the solitaire; it takes neither `rounds` nor `swap`.

Moves
-----
- `d5`: the star moves to d5 and takes its chip. The target must be the first chip in a
  straight line (row, column or diagonal) from the star, over empty fields only; when no chip
  lies in line in any of the 8 directions, the star may jump to any chip.
- Solitaire, when the number touches two chains: `d5-` joins the lower chain, `d5+` the upper.
  Otherwise the plain `d5` is the only spelling.
- Swap variant, after taking a chip (the same player decides again): `12x30` gives away the own
  chip 12 and takes the opponent's chip 30 (spending one swap chip); `noswap` declines. This
  step is only offered when a swap is possible (a swap chip left and some opponent holding a
  chip that is not part of a chain of theirs).

Position notation
-----------------
    <board> <to move> <collections> [r<round>/<rounds>] [p<points>] [x<swap chips>] [swap]

- `<board>`: ranks 9 to 1 separated by `/`, each rank's fields left to right separated by `,`;
  a field is a chip number, `*` (the star) or `.` (empty).
- `<to move>`: the seat that decides now, 1-based (at the end of a game: the seat that would be next).
- `<collections>`: one per seat, separated by `/`; each lists its groups of consecutive
  numbers ascending, separated by `,`: a range `3-5` or a single chip `9`; `.` when empty.
  With 2-4 players the groups are the maximal runs (a chain is a run of 2 or more). In the
  solitaire they are the chains as formed (a single chip is a chain, and two chains may touch
  without merging, as in `31,32-36`).
- `r<round>/<rounds>`: tournament scoring; the round being played (at the end: the last one).
- `p<points>`: with `r` from round 2 on: the points of the finished rounds, rounds separated by
  `;`, seats within a round by `,`.
- `x<swap chips>`: the swap variant; swap chips left per seat, separated by `,`.
- `swap`: the player to move has taken a chip and now decides on a swap.

The start of a 2-player game (seed 0), then the same game after `c6` (seat 1 takes 44) and
`c7` (seat 2 takes 33):

    3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,*,44,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 ./.
    3,16,17/18,7,36,39,38/43,1,*,24,2,40,42/25,.,.,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 44/33

A swap-variant tournament of 3 rounds, in round 2 (round 1 ended 42 : 42), seat 1 has just
taken 28 and may swap (`28x12` or `noswap`):

    41,21,42/37,38,4,15,20/39,23,46,1,5,45,47/26,25,3,43,36,13,6/29,34,18,27,22/8,10,40,30,19,.,17/2,7,32,48,9,.,11/31,44,33,*,16/35,14,24 1 28/12 r2/3 p42,42 x2,2 swap

Result
------
- Basic game: a chain is a run of 2 or more consecutive numbers. Players are compared by their
  chain lengths sorted longest first, lexicographically: two chains of 4 beat 4 and 3, and 4 and
  3 beat a single 4. The best share the win; if every seat ties it is a draw (no winners).
  `scores` gives each seat's longest chain.
- Tournament (`rounds`): a chain of n chips scores n(n+1)/2 (2 -> 3, 3 -> 6, ... 11 -> 66);
  single chips score 0. `scores` gives the running totals (finished rounds plus the chains of
  the round in play); the highest total after the last round wins, tied leaders share the win,
  an all-round tie is a draw.
- Solitaire: chains of 6 or more are removed at the end; the score is the number of chains
  left (lower is better); `scores` gives the chains below 6 held now.

Clarifications
--------------
Points where the rulebook (whose first page is missing) is silent and we decided:
- The board is 3-5-7-7-5-7-7-5-3 fields, reconstructed from reviews [decided].
- A line ends at the board's outline: the star never crosses a place where no field exists,
  such as the waist of the 8 (a6 and a4 are not in line) [decided].
- The jump is allowed only when no chip lies in line in any direction [rulebook]; it may go to
  any chip [rulebook].
- Ages: the seat closest to 48 starts; between equally close seats the lower seat starts [decided].
- Result: seats that tie on every chain length share the win; if all seats tie, it is a draw
  [decided].
- Tournament: single chips score 0 [decided]. Every round starts with a fresh layout; the start
  passes to the next seat in turn order each round [decided]; swap chips are dealt anew each
  round [decided]. A tie on the final total is shared [decided].
- Swap variant: at most one swap per turn [decided]; the chip given away may be any own chip
  (the rulebook restricts only the chip taken, which must not be part of a chain of its owner)
  [rulebook]; the swap may follow the very last chip of a round [decided, it follows a normal move].
  The swap is a separate decision of the same player right after the star move, offered only
  when a swap is possible; declining is the move `noswap` [decided].
- Solitaire: the rulebook grades the result ("2 is not bad, 1 is good, 0 is superb"); we count
  2 chains or fewer as a won solitaire (`winners` is [0]) [decided].
- A game set up from a position text draws the layouts of later tournament rounds from that text
  (a position carries no seed) [decided].

Queries for the view (pure, no rules in the view)
-------------------------------------------------
- `star_targets(s)`: the fields the star can reach now, each with its chip, direction (None for
  a jump) and the empty fields passed; `must_jump(s)`; `why_unreachable(s, field)` says why a
  field may not be clicked (None if it may).
- `solitaire_sides(s, field)`: the chains a solitaire number would join (two when there is a choice).
- `groups(s, seat)`: a seat's runs/chains as (low, high) ranges, ascending; `chain_lengths(s, seat)`
  its chain lengths longest first; `longest_chain(s, seat)`.
- `round_table(s)`: points per round and seat (finished rounds and the round in play);
  `chain_points(n)`.
- `swap_options(s)` / `swappable(s)`: the swaps allowed now, and per opponent which chips may be
  taken and which are protected by being part of a chain.
- `effect(s, move)`: what a move does: the star's path, the chip taken, the chain joined, the
  swap, whether the round ended and with which points.
- `standings(s)`: seats best first, equals grouped (chain lengths, or tournament totals).
- `solitaire_result(s)`: chains left and the rulebook's grade.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from .notation import SWAP_RE as _SWAP_RE, parse_swap, split_side, swap_move
from .base import Game, MoveError, Outcome, PositionError, Setup, StateBase, chance_rng, check_players, check_seed, Option, is_ascii_number

# -- the board ------------------------------------------------------------------------------

FILES = "abcdefg"
# Files present on each rank, top to bottom: the figure 8 with its waist on rank 5.
RANK_FILES = {9: "cde", 8: "bcdef", 7: "abcdefg", 6: "abcdefg", 5: "bcdef", 4: "abcdefg", 3: "abcdefg", 2: "bcdef", 1: "cde"}
RANKS_TOP_DOWN = tuple(range(9, 0, -1))

# Fields in position order (ranks 9 to 1, left to right) as (file index, rank).
FIELD_COORDS: tuple[tuple[int, int], ...] = tuple((FILES.index(f), rank) for rank in RANKS_TOP_DOWN for f in RANK_FILES[rank])
FIELD_NAMES: tuple[str, ...] = tuple(f"{FILES[x]}{y}" for x, y in FIELD_COORDS)
FIELD_INDEX: dict[str, int] = {name: i for i, name in enumerate(FIELD_NAMES)}
_COORD_INDEX = {coord: i for i, coord in enumerate(FIELD_COORDS)}
FIELD_COUNT = len(FIELD_NAMES)  # 49
CHIPS = 48
STAR = 0  # the star in a `layout`

# The 8 directions, clockwise from up, as (file step, rank step).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIRECTION_NAMES = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")


def _ray(index: int, dx: int, dy: int) -> tuple[int, ...]:
    """Fields outward from `index` in one direction, ending where the board's outline ends the
    line: a place without a field (the waist, the narrow ranks) is never crossed."""
    x, y = FIELD_COORDS[index]
    cells = []
    while True:
        x, y = x + dx, y + dy
        nxt = _COORD_INDEX.get((x, y))
        if nxt is None:
            return tuple(cells)
        cells.append(nxt)


# RAYS[field][d]: the fields in direction d from `field`, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(i, dx, dy) for dx, dy in DIRECTIONS) for i in range(FIELD_COUNT))

MAX_ROUNDS = 20
SOLITAIRE_REMOVED_FROM = 6  # solitaire chains of this length or more are removed at the end
SOLITAIRE_WIN_AT_MOST = 2  # "2 ist nicht schlecht": we count 2 chains or fewer as a won solitaire
SOLITAIRE_GRADES = {0: "superb", 1: "good", 2: "not bad"}
NO_SWAP = "noswap"
_NUMBER_RE = re.compile(r"[1-9][0-9]?")


def swap_chips_per_player(players: int) -> int:
    """Swap chips dealt to each player: 2 with up to 3 players, 1 with 4 (rulebook)."""
    return 1 if players >= 4 else 2


def chain_points(length: int) -> int:
    """Tournament points of a chain of `length` chips: n(n+1)/2; single chips score 0 [decided]."""
    return length * (length + 1) // 2 if length >= 2 else 0


def runs(numbers) -> tuple[tuple[int, int], ...]:
    """The maximal runs of consecutive numbers, ascending, as (low, high)."""
    out: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return tuple(out)


def _numbers(groups) -> list[int]:
    return [n for lo, hi in groups for n in range(lo, hi + 1)]


def _range_text(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _groups_text(groups) -> str:
    """A collection in position notation: `3-5,9,12-13`, or `.` when empty."""
    return ",".join(_range_text(lo, hi) for lo, hi in groups) if groups else "."


def parse_field(text: str) -> int | None:
    """Index (position order) of a field name such as 'd5', None if it names no field."""
    return FIELD_INDEX.get(text) if isinstance(text, str) else None


class StarTarget(NamedTuple):
    """A field the star can reach now: its chip, the direction (None: a jump), the empty
    fields it passes on the way (nearest first)."""

    field: str
    chip: int
    direction: str | None
    path: tuple[str, ...]


class Effect(NamedTuple):
    """What a move did. Star moves: `origin`/`target` fields, `path` the empty fields passed,
    `jump`, `chip` taken, `joined` ('lower'/'upper'/'new'/None; solitaire only). Swaps: `give`,
    `take` and `partner` (the opponent's seat). `round_points` when the move ended a round."""

    seat: int
    move: str
    origin: str | None = None
    target: str | None = None
    path: tuple[str, ...] = ()
    jump: bool = False
    chip: int | None = None
    joined: str | None = None
    give: int | None = None
    take: int | None = None
    partner: int | None = None
    round_over: bool = False
    round_points: tuple[int, ...] | None = None
    game_over: bool = False


NummerusPhase = Literal["star", "swap", "over"]
STAR_PHASE: NummerusPhase = "star"  # move the star to a chip (`STAR` is the star in a layout)
SWAP: NummerusPhase = "swap"  # the mover has taken a chip and may swap it (or decline, `NO_SWAP`)
OVER: NummerusPhase = "over"


@dataclass(frozen=True, kw_only=True)
class NummerusState(StateBase):
    # 49 fields in position order: chip number, 0 = no chip (empty or the star). Bytes, because
    # they index like a tuple of small ints and copy as one immutable value.
    board: bytes
    star: int  # field index of the star
    to_move: int
    collections: tuple[tuple[tuple[int, int], ...], ...]  # per seat: groups as (low, high), ascending
    swaps: tuple[int, ...] = ()  # swap chips left per seat; () without the swap variant
    swap_step: bool = False  # the player to move has taken a chip and may now swap
    round: int = 1
    rounds: int = 0  # 0: the basic game; otherwise a tournament of this many rounds
    round_points: tuple[tuple[int, ...], ...] = ()  # points of the finished rounds, per seat
    round_starter: int = 0  # the seat that began the round in play
    over: bool = False

    @property
    def phase(self) -> NummerusPhase:
        """ "star" (move the star to a chip), "swap" (swap a chip or decline) or "over"."""
        if self.over:
            return OVER
        return SWAP if self.swap_step else STAR_PHASE

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(GAME.final_winners(self), "board-empty") if self.over else None

    def __deepcopy__(self, memo: dict) -> "NummerusState":
        # Frozen, and every field is an immutable value (bytes, tuples of ints and strings), so
        # a deep copy is the state itself: what copy.deepcopy would rebuild, without the walk.
        return self


# -- pure helpers over board and collections ------------------------------------------------------


def star_targets_of(board, star: int) -> tuple[list[tuple[int, int | None]], bool]:
    """(target field, direction index or None) pairs in position order, and whether it is a jump."""
    found: list[tuple[int, int | None]] = []
    for d, ray in enumerate(RAYS[star]):
        for f in ray:
            if board[f]:
                found.append((f, d))
                break
    if found:
        found.sort()
        return found, False
    return [(f, None) for f in range(FIELD_COUNT) if board[f]], True


def _chains(groups, solitaire: bool) -> list[int]:
    """Chain lengths longest first: runs of 2 or more; in the solitaire every group counts."""
    least = 1 if solitaire else 2
    return sorted((hi - lo + 1 for lo, hi in groups if hi - lo + 1 >= least), reverse=True)


def _sides(groups, number: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The solitaire chain ending just below `number` and the one starting just above it."""
    lower = upper = None
    for lo, hi in groups:
        if hi == number - 1:
            lower = (lo, hi)
        elif lo == number + 1:
            upper = (lo, hi)
    return lower, upper


def _solitaire_add(groups, number: int, side: str | None) -> tuple[tuple[tuple[int, int], ...], str]:
    lower, upper = _sides(groups, number)
    out = list(groups)
    if lower and (side == "-" or not upper):
        out[out.index(lower)] = (lower[0], number)
        return tuple(out), "lower"
    if upper:
        out[out.index(upper)] = (number, upper[1])
        return tuple(out), "upper"
    out.append((number, number))
    out.sort()
    return tuple(out), "new"


def _free_chips(groups) -> list[int]:
    """Chips outside any chain (single chips): the only ones an opponent may take in a swap."""
    return [lo for lo, hi in groups if lo == hi]


class Nummerus(Game[NummerusState]):
    id = "nummerus"
    name = "Nummerus Zahlus"
    min_players = 1
    max_players = 4
    options = (
        Option("layout", "list", note="be a list of 49 field contents (ranks 9 to 1, left to right; 0 for the star)"),
        Option("ages", "list", note="list one age per seat"),
        Option("rounds", "int", default=None, minimum=1, maximum=MAX_ROUNDS, players=(2, 3, 4)),
        Option("swap", "bool", default=False, players=(2, 3, 4), what="the swap variant"),
    )
    move_examples = ("d5", "d5-", "12x30", NO_SWAP)
    move_rules = {
        "not-a-field": "{field!r} is not a field of the board (files a-g, ranks 1-9, in the shape of an 8)",
        "swap-text": "the chip is taken; now swap an own chip for an opponent's (such as '12x30': give 12, take 30) or decline with 'noswap'",
        "swap-not-now": "a swap may only follow the player's own star move, in the swap variant",
        "swap-pending": "the chip is taken: now swap a chip or decline the swap",
        "star-here": "the star stands on {field}",
        "field-empty": "{field} is empty: the star moves to a chip and takes it",
        "not-in-line": "{field} is not in a straight line (row, column or diagonal) from the star on {here}",
        "gap": ("the line from {here} to {field} crosses a place where no field exists (the star never leaves the board's outline, as at the waist of the 8)"),
        "blocked": "the chip {chip} on {blocker_field} stands first in that line from {here}: the star stops at the first chip it meets",
        "choose-chain": (
            "{chip} touches the chains {lower_text} and {upper_text}: chains never merge, so choose one: {field}- joins the lower, {field}+ the upper"
        ),
        "no-two-chains": "'-' and '+' choose between two chains; {chip} does not touch two chains",
        "side-not-solitaire": "'-' and '+' choose a chain only in the solitaire",
        "give-not-yours": "a swap gives away one of your own chips, and {chip} is not yours",
        "take-not-held": "a swap takes a chip an opponent holds, and no opponent holds {chip}",
        "take-own": "a swap takes an opponent's chip, and {chip} is your own",
        "take-chain": "{chip} is part of seat {seat_number}'s chain {chain_text}: a swap may only take a chip that is not part of a chain",
    }

    move_words = {
        "lower": lambda chain: {"lower_text": _range_text(*chain)},
        "upper": lambda chain: {"upper_text": _range_text(*chain)},
        "chain": lambda chain: {"chain_text": _range_text(*chain)},
        "seat": lambda seat: {"seat_number": seat + 1},
    }

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: Any) -> NummerusState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        layout = values["layout"]
        if layout is None:
            board, star = self.random_layout(chance_rng(seed, "round", 1))
        else:
            board, star = self._check_layout(layout)
        starter = 0
        ages = values["ages"]
        if ages is not None:
            starter = self._starter_by_age(ages, players)
        rounds = values["rounds"]
        swap = values["swap"]
        return NummerusState(
            setup=Setup.from_options(players, seed, options),
            board=board,
            star=star,
            to_move=starter,
            collections=((),) * players,
            swaps=(swap_chips_per_player(players),) * players if swap else (),
            rounds=rounds or 0,
            round_starter=starter,
        )

    @staticmethod
    def random_layout(rng) -> tuple[bytes, int]:
        """A round's layout (the board's contents and the star's field) drawn from `rng`; play by
        link draws it from both players' revealed values (ludothek.remote)."""
        contents = list(range(FIELD_COUNT))  # 0 is the star, 1-48 the chips
        rng.shuffle(contents)
        return bytes(contents), contents.index(STAR)

    @staticmethod
    def _check_layout(layout: Any) -> tuple[bytes, int]:
        if len(layout) != FIELD_COUNT:
            raise ValueError(f"layout must list all 49 fields (ranks 9 to 1, left to right), not {len(layout)}")
        seen: set[int] = set()
        for i, value in enumerate(layout):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= CHIPS:
                raise ValueError(f"layout: field {FIELD_NAMES[i]} holds {value!r}; use a chip 1-48 or 0 for the star")
            if value in seen:
                what = "the star" if value == STAR else f"chip {value}"
                raise ValueError(f"layout: {what} appears twice (again on {FIELD_NAMES[i]})")
            seen.add(value)
        return bytes(layout), list(layout).index(STAR)

    @staticmethod
    def _starter_by_age(ages: Any, players: int) -> int:
        if len(ages) != players:
            raise ValueError(f"ages must list one age per seat ({players}), not {ages!r}")
        for age in ages:
            if isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 150:
                raise ValueError(f"an age is a whole number of years from 0 to 150, not {age!r}")
        # The rulebook: the player closest to 48 begins; equally close, the lower seat [decided].
        return min(range(players), key=lambda i: (abs(ages[i] - 48), i))

    def _round_layout(self, setup: Setup, round_number: int) -> tuple[bytes, int]:
        if setup.position is None:
            return self.random_layout(chance_rng(setup.seed, "round", round_number))
        return self.random_layout(chance_rng(setup.seed, "position", setup.position, "round", round_number))

    # -- queries of the interface --------------------------------------------------------------

    def current_player(self, s: NummerusState) -> int | None:
        return None if s.over else s.to_move

    def final_winners(self, s: NummerusState) -> tuple[int, ...]:
        """The winners of a game that is over (its state's `outcome`)."""
        players = len(s.collections)
        if players == 1:
            return (0,) if self._chains_left(s.collections[0]) <= SOLITAIRE_WIN_AT_MOST else ()
        leaders = self.standings(s)[0]
        return () if len(leaders) == players else leaders

    def scores(self, s: NummerusState) -> list[int]:
        """Basic game: each seat's longest chain; tournament: running point totals (finished
        rounds plus the round in play); solitaire: chains below 6 held now (lower is better)."""
        if len(s.collections) == 1:
            return [self._chains_left(s.collections[0])]
        if s.rounds:
            return [sum(row[i] for row in self.round_table(s)) for i in range(len(s.collections))]
        return [max(_chains(groups, False), default=0) for groups in s.collections]

    @staticmethod
    def _chains_left(groups) -> int:
        return sum(1 for lo, hi in groups if hi - lo + 1 < SOLITAIRE_REMOVED_FROM)

    def legal_moves(self, s: NummerusState) -> list[str]:
        if s.over:
            return []
        if s.swap_step:
            return [NO_SWAP] + [swap_move(give, take) for give, take, _ in self.swap_options(s)]
        targets, _ = star_targets_of(s.board, s.star)
        if len(s.collections) > 1:
            return [FIELD_NAMES[f] for f, _ in targets]
        moves = []
        groups = s.collections[0]
        for f, _ in targets:
            lower, upper = _sides(groups, s.board[f])
            if lower and upper:
                moves += [FIELD_NAMES[f] + "-", FIELD_NAMES[f] + "+"]
            else:
                moves.append(FIELD_NAMES[f])
        return moves

    # -- queries for the view ------------------------------------------------------------------

    def star_targets(self, s: NummerusState) -> list[StarTarget]:
        """The fields the star can reach now (none during a swap step or once over)."""
        if s.over or s.swap_step:
            return []
        targets, jump = star_targets_of(s.board, s.star)
        out = []
        for f, d in targets:
            if d is None:
                out.append(StarTarget(FIELD_NAMES[f], s.board[f], None, ()))
            else:
                ray = RAYS[s.star][d]
                path = tuple(FIELD_NAMES[c] for c in ray[: ray.index(f)])
                out.append(StarTarget(FIELD_NAMES[f], s.board[f], DIRECTION_NAMES[d], path))
        return out

    def must_jump(self, s: NummerusState) -> bool:
        """True when no chip lies in line with the star, so it may jump to any chip."""
        return not s.over and not s.swap_step and star_targets_of(s.board, s.star)[1]

    def why_unreachable(self, s: NummerusState, field: str, move: str | None = None) -> MoveError | None:
        """Why the star may not move to `field` now (None if it may): the error naming the rule
        (for `move`, the move text that names the field, if not the field alone)."""
        index = parse_field(field)
        move = field if move is None else move
        if index is None:
            return self.invalid(move, "not-a-field", field=field)
        if s.over:
            return self.illegal(move, "game-over")
        if s.swap_step:
            return self.illegal(move, "swap-pending")
        if index == s.star:
            return self.illegal(move, "star-here", field=field)
        if not s.board[index]:
            return self.illegal(move, "field-empty", field=field)
        targets, jump = star_targets_of(s.board, s.star)
        if any(f == index for f, _ in targets):
            return None
        here = FIELD_NAMES[s.star]
        (x0, y0), (x1, y1) = FIELD_COORDS[s.star], FIELD_COORDS[index]
        dx, dy = x1 - x0, y1 - y0
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return self.illegal(move, "not-in-line", chip=s.board[index], field=field, here=here)
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        ray = RAYS[s.star][DIRECTIONS.index(step)]
        if index not in ray:
            return self.illegal(move, "gap", field=field, here=here)
        blocker = next(c for c in ray if s.board[c])
        return self.illegal(move, "blocked", chip=s.board[blocker], blocker_field=FIELD_NAMES[blocker], here=here)

    def solitaire_sides(self, s: NummerusState, field: str) -> tuple[str, ...]:
        """Solitaire: the chains (as range text) the number on `field` would join, lower first;
        two entries mean the player chooses with `-` or `+`; empty: it starts a new chain."""
        index = parse_field(field)
        if index is None or len(s.collections) != 1 or not s.board[index]:
            return ()
        lower, upper = _sides(s.collections[0], s.board[index])
        return tuple(_range_text(*g) for g in (lower, upper) if g)

    def groups(self, s: NummerusState, seat: int) -> tuple[tuple[int, int], ...]:
        """A seat's chips grouped as (low, high) ranges, ascending: with 2-4 players the maximal
        runs (length 1: a single chip, not a chain); in the solitaire its chains as formed."""
        return s.collections[seat]

    def chain_lengths(self, s: NummerusState, seat: int) -> list[int]:
        """A seat's chain lengths, longest first: the key by which the basic game is decided."""
        return _chains(s.collections[seat], len(s.collections) == 1)

    def longest_chain(self, s: NummerusState, seat: int) -> int:
        return max(self.chain_lengths(s, seat), default=0)

    def round_table(self, s: NummerusState) -> list[tuple[int, ...]]:
        """Tournament points per round (rows) and seat: the finished rounds, then the round in
        play with the chains held now. In the basic game: one row of what the chains would score."""
        current = tuple(sum(chain_points(hi - lo + 1) for lo, hi in groups) for groups in s.collections)
        return list(s.round_points) + [current]

    def swap_options(self, s: NummerusState) -> list[tuple[int, int, int]]:
        """(own chip given, opponent's chip taken, that opponent's seat) for every swap allowed now."""
        if s.over or not s.swap_step:
            return []
        seat = s.to_move
        own = _numbers(s.collections[seat])
        free = sorted((chip, other) for other, groups in enumerate(s.collections) if other != seat for chip in _free_chips(groups))
        return [(give, take, other) for give in own for take, other in free]

    def swappable(self, s: NummerusState) -> dict[int, tuple[list[int], list[int]]]:
        """Per opponent: (chips that may be taken in a swap, chips protected by being in a chain)."""
        seat = s.to_move
        out = {}
        for other, groups in enumerate(s.collections):
            if other != seat:
                free = _free_chips(groups)
                out[other] = (free, [n for n in _numbers(groups) if n not in free])
        return out

    def standings(self, s: NummerusState) -> list[tuple[int, ...]]:
        """Seats best first, as groups of equals (a tuple of seats per place): by chain lengths
        compared longest first in the basic game, by running totals in a tournament."""
        if len(s.collections) == 1:
            return [(0,)]
        if s.rounds:
            keys: list[Any] = self.scores(s)
        else:
            keys = [tuple(_chains(groups, False)) for groups in s.collections]
        return [tuple(i for i, k in enumerate(keys) if k == key) for key in sorted(set(keys), reverse=True)]

    def solitaire_result(self, s: NummerusState) -> tuple[int, str | None]:
        """Solitaire: chains left (those below 6 chips) and, once over, the rulebook's grade."""
        left = self._chains_left(s.collections[0])
        return left, (SOLITAIRE_GRADES.get(left, "more chains than the rulebook grades") if s.over else None)

    # -- moves ---------------------------------------------------------------------------------

    def _apply(self, s: NummerusState, move: str) -> tuple[NummerusState, Effect]:
        self.require_text(move)
        if not (move == NO_SWAP or parse_swap(move) or parse_field(split_side(move)[0]) is not None):
            raise self.invalid(move, "not-a-field", field=move)
        self.require_not_over(s, move)
        if s.swap_step:
            return self._apply_swap(s, move)
        seat = s.to_move
        solitaire = len(s.collections) == 1
        field, side = split_side(move)
        index = parse_field(field)
        if index is None:
            if parse_swap(move) or move == NO_SWAP:
                raise self.illegal(move, "swap-not-now")
            raise self.invalid(move, "not-a-field", field=field)
        refusal = self.why_unreachable(s, field, move)
        if refusal is not None:
            raise refusal
        chip = s.board[index]
        groups = s.collections[seat]
        if solitaire:
            lower, upper = _sides(groups, chip)
            if lower and upper and not side:
                raise self.illegal(move, "choose-chain", chip=chip, lower=lower, upper=upper, field=field)
            if side and not (lower and upper):
                raise self.illegal(move, "no-two-chains", chip=chip)
            new_groups, joined = _solitaire_add(groups, chip, side)
        else:
            if side:
                raise self.illegal(move, "side-not-solitaire")
            new_groups, joined = runs(_numbers(groups) + [chip]), None
        targets, jump = star_targets_of(s.board, s.star)
        direction = next(d for f, d in targets if f == index)
        path: tuple[str, ...] = ()
        if direction is not None:
            ray = RAYS[s.star][direction]
            path = tuple(FIELD_NAMES[c] for c in ray[: ray.index(index)])
        board = list(s.board)
        board[index] = 0
        collections = list(s.collections)
        collections[seat] = new_groups
        effect = Effect(seat, move, FIELD_NAMES[s.star], field, path, jump, chip, joined)
        taken = replace(s, board=bytes(board), star=index, collections=tuple(collections))
        if s.swaps and s.swaps[seat] > 0 and self._swap_possible(taken.collections, seat):
            # The same player now decides on a swap; the turn ends with that decision.
            return replace(taken, moves=s.moves + (move,), swap_step=True), effect
        return self._end_turn(taken, move, effect)

    @staticmethod
    def _swap_possible(collections, seat: int) -> bool:
        return bool(collections[seat]) and any(_free_chips(g) for other, g in enumerate(collections) if other != seat)

    def _apply_swap(self, s: NummerusState, move: str) -> tuple[NummerusState, Effect]:
        seat = s.to_move
        if move == NO_SWAP:
            return self._end_turn(replace(s, swap_step=False), move, Effect(seat, move))
        match = _SWAP_RE.fullmatch(move)
        if not match:
            raise self.illegal(move, "swap-text")
        give, take = int(match.group(1)), int(match.group(2))
        owners = {n: i for i, groups in enumerate(s.collections) for n in _numbers(groups)}
        if owners.get(give) != seat:
            raise self.illegal(move, "give-not-yours", chip=give)
        partner = owners.get(take)
        if partner is None:
            raise self.illegal(move, "take-not-held", chip=take)
        if partner == seat:
            raise self.illegal(move, "take-own", chip=take)
        chain = next((lo, hi) for lo, hi in s.collections[partner] if lo <= take <= hi)
        if chain[0] != chain[1]:
            raise self.illegal(move, "take-chain", chip=take, seat=partner, chain=chain)
        collections = list(s.collections)
        collections[seat] = runs([n for n in _numbers(s.collections[seat]) if n != give] + [take])
        collections[partner] = runs([n for n in _numbers(s.collections[partner]) if n != take] + [give])
        swaps = list(s.swaps)
        swaps[seat] -= 1
        after = replace(s, collections=tuple(collections), swaps=tuple(swaps), swap_step=False)
        return self._end_turn(after, move, Effect(seat, move, give=give, take=take, partner=partner))

    def _end_turn(self, s: NummerusState, move: str, effect: Effect) -> tuple[NummerusState, Effect]:
        """Pass the turn on; after the last chip end the round (and start the next, or end the game)."""
        players = len(s.collections)
        moves = s.moves + (move,)
        if any(s.board):
            return replace(s, moves=moves, to_move=(s.to_move + 1) % players), effect
        points = self.round_table(s)[-1]
        effect = effect._replace(round_over=True, round_points=points if s.rounds else None)
        if s.rounds and s.round < s.rounds:
            # A fresh layout, empty collections and fresh swap chips; the start passes on [decided].
            board, star = self._round_layout(s.setup, s.round + 1)
            starter = (s.round_starter + 1) % players
            return (
                replace(
                    s,
                    moves=moves,
                    board=board,
                    star=star,
                    to_move=starter,
                    collections=((),) * players,
                    swaps=(swap_chips_per_player(players),) * players if s.swaps else (),
                    round=s.round + 1,
                    round_points=s.round_points + (points,),
                    round_starter=starter,
                ),
                effect,
            )
        return replace(s, moves=moves, to_move=(s.to_move + 1) % players, over=True), effect._replace(game_over=True)

    # -- notation ------------------------------------------------------------------------------

    def position(self, s: NummerusState) -> str:
        ranks, i = [], 0
        for rank in RANKS_TOP_DOWN:
            cells = []
            for _ in RANK_FILES[rank]:
                cells.append("*" if i == s.star else str(s.board[i]) if s.board[i] else ".")
                i += 1
            ranks.append(",".join(cells))
        tokens = ["/".join(ranks), str(s.to_move + 1), "/".join(_groups_text(g) for g in s.collections)]
        if s.rounds:
            tokens.append(f"r{s.round}/{s.rounds}")
            if s.round_points:
                tokens.append("p" + ";".join(",".join(map(str, row)) for row in s.round_points))
        if s.swaps:
            tokens.append("x" + ",".join(map(str, s.swaps)))
        if s.swap_step:
            tokens.append("swap")
        return " ".join(tokens)

    def from_position(self, text: str) -> NummerusState:
        if not isinstance(text, str):
            raise PositionError("a position is text")
        tokens = text.split(" ")
        if not 3 <= len(tokens) <= 7:
            raise PositionError(
                "a Nummerus Zahlus position has 3 to 7 tokens: board, player to move, collections, [r<round>/<rounds>], [p<points>], [x<swap chips>], [swap]"
            )
        board_text, to_move_text, collections_text, *rest = tokens
        board, star = self._parse_board(board_text)
        collections = self._parse_collections(collections_text)
        players = len(collections)
        if not (is_ascii_number(to_move_text) and len(to_move_text) == 1 and 1 <= int(to_move_text) <= players):
            raise PositionError(f"the player to move is a seat number from 1 to {players}, not {to_move_text!r}")
        to_move = int(to_move_text) - 1
        # Every chip is either on the board or in exactly one collection.
        where: dict[int, str] = {n: "the board" for n in board if n}
        for seat, groups in enumerate(collections):
            for n in _numbers(groups):
                if n in where:
                    raise PositionError(f"chip {n} is both on {where[n]} and in seat {seat + 1}'s collection")
                where[n] = f"seat {seat + 1}'s collection"
        missing = [n for n in range(1, CHIPS + 1) if n not in where]
        if missing:
            raise PositionError(f"chip {missing[0]} is missing: each chip 1-48 is on the board or in one collection")
        rounds = round_number = 0
        round_points: tuple[tuple[int, ...], ...] = ()
        swaps: tuple[int, ...] = ()
        swap_step = False
        if rest and rest[0].startswith("r"):
            m = re.fullmatch(r"r([1-9][0-9]?)/([1-9][0-9]?)", rest.pop(0))
            if not m:
                raise PositionError("the round token is r<round>/<rounds>, such as r2/5")
            round_number, rounds = int(m.group(1)), int(m.group(2))
            if players == 1:
                raise PositionError("the solitaire has no tournament rounds")
            if rounds > MAX_ROUNDS or round_number > rounds:
                raise PositionError(f"round {round_number} of {rounds} is not a valid tournament round (at most {MAX_ROUNDS} rounds)")
            if round_number > 1:
                if not rest or not rest[0].startswith("p"):
                    raise PositionError(f"round {round_number} needs the points of the finished rounds: p<points>")
                round_points = self._parse_points(rest.pop(0)[1:], round_number - 1, players)
        if rest and rest[0].startswith("p"):
            raise PositionError("points of finished rounds (p...) belong after r<round>/<rounds> from round 2 on")
        if rest and rest[0].startswith("x"):
            if players == 1:
                raise PositionError("the solitaire has no swap chips")
            swaps = self._parse_swaps(rest.pop(0)[1:], players)
        if rest and rest[0] == "swap":
            rest.pop(0)
            if not swaps:
                raise PositionError("'swap' (a swap step) needs the swap variant's x<swap chips> token")
            if swaps[to_move] == 0:
                raise PositionError(f"seat {to_move + 1} has no swap chip left to swap with")
            if not self._swap_possible(collections, to_move):
                raise PositionError(f"seat {to_move + 1} has nothing to swap: no opponent holds a chip outside a chain")
            swap_step = True
        if rest:
            raise PositionError(f"unexpected token {rest[0]!r} (expected r<round>/<rounds>, p<points>, x<swap chips> or swap, in this order)")
        over = False
        if not any(board) and not swap_step:
            if rounds and round_number < rounds:
                raise PositionError("a round that has ended is followed at once by the next: only the last round ends with an empty board")
            over = True
        # Each turn takes one chip, so the seat that began the round follows from the chips taken.
        taken = sum(len(_numbers(g)) for g in collections)
        starter = (to_move - (taken - 1 if swap_step else taken)) % players
        return NummerusState(
            setup=Setup(players=players, seed=None, position=text),
            board=board,
            star=star,
            to_move=to_move,
            collections=collections,
            swaps=swaps,
            swap_step=swap_step,
            round=round_number or 1,
            rounds=rounds,
            round_points=round_points,
            round_starter=starter,
            over=over,
        )

    @staticmethod
    def _parse_board(text: str) -> tuple[bytes, int]:
        ranks = text.split("/")
        if len(ranks) != 9:
            raise PositionError("the board lists 9 ranks (9 down to 1) separated by '/'")
        board: list[int] = []
        star = None
        seen: set[int] = set()
        for rank, rank_text in zip(RANKS_TOP_DOWN, ranks):
            cells = rank_text.split(",")
            files = RANK_FILES[rank]
            if len(cells) != len(files):
                raise PositionError(f"rank {rank} has {len(files)} fields ({files[0]}-{files[-1]}) separated by ',', not {len(cells)}")
            for f, cell in zip(files, cells):
                name = f"{f}{rank}"
                if cell == "*":
                    if star is not None:
                        raise PositionError(f"there is only one star (found on {FIELD_NAMES[star]} and {name})")
                    star = len(board)
                    board.append(0)
                elif cell == ".":
                    board.append(0)
                elif _NUMBER_RE.fullmatch(cell) and int(cell) <= CHIPS:
                    n = int(cell)
                    if n in seen:
                        raise PositionError(f"chip {n} lies on the board twice (again on {name})")
                    seen.add(n)
                    board.append(n)
                else:
                    raise PositionError(f"field {name} holds {cell!r}; a field is a chip 1-48, '*' (the star) or '.' (empty)")
        if star is None:
            raise PositionError("the board has no star ('*')")
        return bytes(board), star

    @staticmethod
    def _parse_collections(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
        parts = text.split("/")
        if not 1 <= len(parts) <= 4:
            raise PositionError("collections: one per seat (1 to 4), separated by '/'")
        solitaire = len(parts) == 1
        out = []
        for seat, part in enumerate(parts, start=1):
            if part == ".":
                out.append(())
                continue
            groups: list[tuple[int, int]] = []
            for item in part.split(","):
                m = re.fullmatch(r"([1-9][0-9]?)(?:-([1-9][0-9]?))?", item)
                if not m:
                    raise PositionError(f"seat {seat}'s collection: {item!r} is not a chip or a range such as 3-5 ('.' when empty)")
                lo = int(m.group(1))
                hi = int(m.group(2)) if m.group(2) else lo
                if m.group(2) and lo >= hi:
                    raise PositionError(f"seat {seat}'s collection: a range runs upward, so {item!r} is not one")
                if hi > CHIPS:
                    raise PositionError(f"seat {seat}'s collection: the chips are 1-48, not {hi}")
                if groups and lo <= groups[-1][1]:
                    raise PositionError(f"seat {seat}'s collection: {item!r} overlaps or precedes {_range_text(*groups[-1])}; list groups ascending")
                if groups and lo == groups[-1][1] + 1 and not solitaire:
                    raise PositionError(f"seat {seat}'s collection: {_range_text(*groups[-1])} and {item!r} form one run; write it as {groups[-1][0]}-{hi}")
                groups.append((lo, hi))
            out.append(tuple(groups))
        return tuple(out)

    @staticmethod
    def _parse_points(text: str, rows: int, players: int) -> tuple[tuple[int, ...], ...]:
        row_texts = text.split(";")
        if len(row_texts) != rows:
            raise PositionError(f"the points list {rows} finished round(s) separated by ';', not {len(row_texts)}")
        out = []
        for row_text in row_texts:
            cells = row_text.split(",")
            if len(cells) != players or not all(is_ascii_number(c) and len(c) <= 6 and (c == "0" or c[0] != "0") for c in cells):
                raise PositionError(f"each finished round lists {players} point totals separated by ',', not {row_text!r}")
            out.append(tuple(int(c) for c in cells))
        return tuple(out)

    @staticmethod
    def _parse_swaps(text: str, players: int) -> tuple[int, ...]:
        cells = text.split(",")
        most = swap_chips_per_player(players)
        if len(cells) != players or not all(len(c) == 1 and is_ascii_number(c) and int(c) <= most for c in cells):
            raise PositionError(f"x lists the swap chips left per seat ({players} numbers from 0 to {most}, ',' between)")
        return tuple(int(c) for c in cells)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, Any]]:
        # Every player count, the swap variant with 2 and 4 players (1 and 2 swap chips), a
        # tournament crossing a round boundary, the age rule and a hand-made layout.
        return [
            {"players": 1},
            {"players": 2},
            {"players": 3, "ages": [30, 50, 46]},
            {"players": 4, "swap": True},
            {"players": 2, "swap": True},
            {"players": 3, "rounds": 2, "swap": True},
            {"players": 2, "layout": list(range(FIELD_COUNT))},
        ]

    def move_cap(self) -> int:
        return 2 * CHIPS * 2 + 10  # two rounds with a swap decision after every star move


GAME = Nummerus()
