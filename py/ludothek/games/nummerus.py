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
- `ages`: one age per seat; the seat whose age is closest to 48 (`starting_age`) starts (ties: the lower seat).
  Without it seat 1 (index 0) starts.
- `rounds`: play a tournament of this many rounds (1-20) with tournament scoring; without it
  the basic game is played (one round, longest chains win).
- `swap`: true for the swap variant (2-4 players).
- `swap_chips`: deal this many swap chips (1-3) to every player at each round's start instead of
  the rulebook's 2 (1 each with 4 players); 0, the default, deals the rulebook's. A number of
  chips plays the swap variant (with `swap` left out or true; `swap=False` refuses it).
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
    <board> <to move> <collections> [r<round>/<rounds>] [p<points>] [x<swap chips>[/<dealt>]] [swap]

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
- `x<swap chips>`: the swap variant; swap chips left per seat, separated by `,`; `/<dealt>`
  follows when the option `swap_chips` deals another number than the rulebook's (`x3,1/3`).
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
- `is_solitaire(s)`; `chain_choice(s, field)`: the two chains between which a solitaire player
  chooses when the star takes the chip on `field` (None: no choice there).
- `groups(s, seat)`: a seat's runs/chains as (low, high) ranges, ascending; `held_groups(s, seat)`
  the same with what the rules make of each (a chain, complete, the seat's longest);
  `chain_lengths(s, seat)` its chain lengths longest first; `longest_chain(s, seat)`.
- `chips_on_board(s)`; `round_table(s)`: points per round and seat (finished rounds and the round
  in play); `finished_rounds(s)`; `chain_points(length)`; `chain_points_from_shortest(count)`.
- `swap_offered(s)`: whether the player to move decides on a swap; `allowed_swaps(s)` /
  `chips_to_take(s)`: the swaps allowed now, and per opponent which chips may be taken and which are
  protected by being part of a chain; `why_illegal_give(s, chip)` / `why_illegal_take(s, chip)`:
  why half a swap, as a player picks it, is refused.
- `effect(s, move)`: what a move does (a `TakeEffect`, `SwapEffect` or `NoSwapEffect`): the star's
  path and direction, the chip taken and the chain it is part of now, the chain joined, the swap,
  whether the round ended and with which points.
- `standings(s)`: seats best first, equals grouped (chain lengths, or tournament totals);
  `leaders(s)`: who leads (none while every seat ties), at the end who won.
- `solitaire_result(s)`: chains left and the rulebook's grade; `solitaire_grade(n)`,
  `solitaire_grades()`, `solitaire_removed_from`.
- `check_layout(layout)`: a layout's board, or a `LayoutError` naming its rule; `is_age(n)`,
  `ages`.

The modules
-----------
Over 600 lines: the one `Nummerus` class, whose queries (above) are the engine's answers to every
rule question its views, words and players ask (issue 56); split from the rules they answer they
would be read in two places again. This module is the engine: the rules above and the one `Nummerus` class (setup, turns and
rounds, the queries, the moves' checks). What it stands on has its own modules: the board's
fields and lines (games/nummerus_board.py), the collections and their result
(games/nummerus_scoring.py), the state (games/nummerus_state.py) and the position text
(games/nummerus_position.py). The names others import from here (the board's tables, `NO_SWAP`,
`chain_points`, the state) are re-exported (`__all__`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Literal, Mapping, NamedTuple, NewType

from .base import Game, IllegalMove, MoveError, Option, Refusal, Setup, chance_rng, check_players, check_seed
from .errors import CommonRule, Rule
from .notation import SIDES, parse_swap, solitaire_move, split_side, swap_move
from .nummerus_board import CHIPS, DIRECTION_NAMES, DIRECTIONS, FIELD_COORDS, FIELD_COUNT, FIELD_INDEX, FIELD_NAMES, BOARD_FILES, RANK_FILES, RAYS, LAYOUT_STAR
from .nummerus_board import parse_field, reachable_fields, star_targets_of
from .nummerus_position import parse_position, position_text
from .nummerus_scoring import MIN_CHAIN, SOLITAIRE_GRADES, SOLITAIRE_REMOVED_FROM, Group, Groups, Joined, chain_points, chain_lengths_of, chains_left
from .nummerus_scoring import HeldGroup, SolitaireGrade, free_chips, held_groups, leaders, numbers
from .nummerus_scoring import group_text, is_chain, round_table, runs, scores, neighbour_chains, solitaire_add, standings, swap_possible
from .nummerus_state import MAX_ROUNDS, MAX_SWAP_CHIPS, OVER_PHASE, STAR_PHASE, SWAP_PHASE, NummerusEnd, NummerusPhase, NummerusState, rulebook_swap_chips

# What other modules import from here (the engine's names, the board's tables, the state).
__all__ = [
    "GAME",
    "Nummerus",
    "NummerusMove",
    "NummerusEffect",
    "RoundEnd",
    "TakeEffect",
    "SwapEffect",
    "NoSwapEffect",
    "StarTarget",
    "NummerusState",
    "NummerusPhase",
    "STAR_PHASE",
    "SWAP_PHASE",
    "OVER_PHASE",
    "NummerusEnd",
    "NummerusRule",
    "LayoutError",
    "LayoutRule",
    "NO_SWAP",
    "MAX_ROUNDS",
    "MAX_SWAP_CHIPS",
]
__all__ += ["CHIPS", "DIRECTION_NAMES", "FIELD_COORDS", "FIELD_COUNT", "FIELD_INDEX", "FIELD_NAMES", "BOARD_FILES", "RANK_FILES", "RAYS", "LAYOUT_STAR"]
__all__ += ["Group", "HeldGroup", "Joined", "SolitaireGrade"]
__all__ += ["SOLITAIRE_REMOVED_FROM", "chain_points", "parse_field", "reachable_fields", "runs", "star_targets_of", "rulebook_swap_chips"]


# A move of Nummerus Zahlus in its notation (games/notation.py): "d5" (the star moves there), in the
# solitaire "d5-" or "d5+" (the chain the chip joins), "12x30" (a swap: give 12, take 30) or NO_SWAP.
# Made by the engine (`legal_moves`) and read by it (`play`); the computer players answer with one.
NummerusMove = NewType("NummerusMove", str)
NO_SWAP = NummerusMove("noswap")  # the move that declines a swap


class NummerusRule(Rule):
    """The rules a move of Nummerus Zahlus may break, each its stable identifier (`MoveError.rule`:
    saves, links and tests carry the texts)."""

    NOT_A_FIELD = "not-a-field"
    SWAP_TEXT = "swap-text"
    SWAP_NOT_NOW = "swap-not-now"
    SWAP_PENDING = "swap-pending"
    STAR_HERE = "star-here"
    FIELD_EMPTY = "field-empty"
    NOT_IN_LINE = "not-in-line"
    GAP = "gap"
    BLOCKED = "blocked"
    CHOOSE_CHAIN = "choose-chain"
    NO_TWO_CHAINS = "no-two-chains"
    SIDE_NOT_SOLITAIRE = "side-not-solitaire"
    GIVE_NOT_YOURS = "give-not-yours"
    TAKE_NOT_HELD = "take-not-held"
    TAKE_OWN = "take-own"
    TAKE_CHAIN = "take-chain"


class LayoutRule(StrEnum):
    """What is wrong with a layout (the option `layout`, or one typed by hand): `LayoutError.rule`."""

    SIZE = "layout-size"  # not 49 field contents (param `count`)
    CONTENT = "layout-content"  # a field holds no chip and not the star (param `field`)
    TWICE = "layout-twice"  # a chip or the star a second time (params `value`, 0 for the star, and `field`)


class LayoutError(ValueError):
    """A layout that is not one of the board: `rule` (a LayoutRule) and its `params`, from which
    a view words the player's sentence; `str(exc)` is the English message for programs."""

    def __init__(self, message: str, rule: LayoutRule, **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


class StarTarget(NamedTuple):
    """A field the star can reach now: its chip, the direction (None: a jump), the empty
    fields it passes on the way (nearest first)."""

    field: str
    chip: int
    direction: str | None
    path: tuple[str, ...]


class RoundEnd(NamedTuple):
    """The end of a round that a move brought (the round's last chip taken, or the swap decided
    after it): the round's tournament `points` per seat (None in the basic game), and whether the
    game ended with it (`game_over`; else the next round begins on a fresh board)."""

    points: tuple[int, ...] | None
    game_over: bool


class TakeEffect(NamedTuple):
    """What a star move did: `seat` moved the star from `origin` along `direction` (None: a
    `jump`) over the empty fields of `path` to `target` and took its `chip`, now part of `chain`
    (None: a single chip, no chain); in the solitaire, `joined` says which chain it joined. When
    it was the round's last chip, `round_end`."""

    seat: int
    move: NummerusMove
    origin: str
    target: str
    path: tuple[str, ...]
    direction: str | None
    jump: bool
    chip: int
    chain: Group | None
    joined: Joined | None = None
    round_end: RoundEnd | None = None
    kind: Literal["take"] = "take"


class SwapEffect(NamedTuple):
    """What a swap did: `seat` gave its chip `give` to seat `partner` and took `take` from it (and
    ended the round, `round_end`, when it followed its last chip)."""

    seat: int
    move: NummerusMove
    give: int
    take: int
    partner: int
    round_end: RoundEnd | None = None
    kind: Literal["swap"] = "swap"


class NoSwapEffect(NamedTuple):
    """What declining a swap did: the turn passed on (or the round or game ended)."""

    seat: int
    move: NummerusMove
    round_end: RoundEnd | None = None
    kind: Literal["noswap"] = "noswap"


# What a move did (`Nummerus.effect`): one exact type per kind of move, told apart by `kind`.
NummerusEffect = TakeEffect | SwapEffect | NoSwapEffect


class Nummerus(Game[NummerusState, NummerusMove, NummerusEffect]):
    id = "nummerus"
    name = "Nummerus Zahlus"
    min_players = 1
    max_players = 4
    options = (
        Option("layout", "list", note="be a list of 49 field contents (ranks 9 to 1, left to right; 0 for the star)"),
        Option("ages", "list", note="list one age per seat"),
        Option("rounds", "int", default=None, minimum=1, maximum=MAX_ROUNDS, players=(2, 3, 4)),
        Option("swap", "bool", default=False, players=(2, 3, 4), what="the swap variant"),
        Option("swap_chips", "int", default=0, minimum=0, maximum=MAX_SWAP_CHIPS, players=(2, 3, 4), what="swap chips per player", note="0: the rulebook's"),
    )
    move_examples = ("d5", "d5-", "12x30", NO_SWAP)
    # The solitaire's chains of this many chips or more are removed at the end (its words say so).
    solitaire_removed_from = SOLITAIRE_REMOVED_FROM
    move_rules: Mapping[str, str] = {
        NummerusRule.NOT_A_FIELD: "{field!r} is not a field of the board (files a-g, ranks 1-9, in the shape of an 8)",
        NummerusRule.SWAP_TEXT: "the chip is taken; now swap an own chip for an opponent's (such as '12x30': give 12, take 30) or decline with 'noswap'",
        NummerusRule.SWAP_NOT_NOW: "a swap may only follow the player's own star move, in the swap variant",
        NummerusRule.SWAP_PENDING: "the chip is taken: now swap a chip or decline the swap",
        NummerusRule.STAR_HERE: "the star stands on {field}",
        NummerusRule.FIELD_EMPTY: "{field} is empty: the star moves to a chip and takes it",
        NummerusRule.NOT_IN_LINE: "{field} is not in a straight line (row, column or diagonal) from the star on {here}",
        NummerusRule.GAP: (
            "the line from {here} to {field} crosses a place where no field exists (the star never leaves the board's outline, as at the waist of the 8)"
        ),
        NummerusRule.BLOCKED: "the chip {chip} on {blocker_field} stands first in that line from {here}: the star stops at the first chip it meets",
        NummerusRule.CHOOSE_CHAIN: (
            "{chip} touches the chains {lower_text} and {upper_text}: chains never merge, so choose one: {field}- joins the lower, {field}+ the upper"
        ),
        NummerusRule.NO_TWO_CHAINS: "'-' and '+' choose between two chains; {chip} does not touch two chains",
        NummerusRule.SIDE_NOT_SOLITAIRE: "'-' and '+' choose a chain only in the solitaire",
        NummerusRule.GIVE_NOT_YOURS: "a swap gives away one of your own chips, and {chip} is not yours",
        NummerusRule.TAKE_NOT_HELD: "a swap takes a chip an opponent holds, and no opponent holds {chip}",
        NummerusRule.TAKE_OWN: "a swap takes an opponent's chip, and {chip} is your own",
        NummerusRule.TAKE_CHAIN: "{chip} is part of seat {seat_number}'s chain {chain_text}: a swap may only take a chip that is not part of a chain",
    }

    move_words = {
        "lower": lambda chain: {"lower_text": group_text(*chain)},
        "upper": lambda chain: {"upper_text": group_text(*chain)},
        "chain": lambda chain: {"chain_text": group_text(*chain)},
        "seat": lambda seat: {"seat_number": seat + 1},
    }

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> NummerusState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        layout = values.entries_or_none("layout")
        if layout is None:
            board, star = self.random_layout(chance_rng(seed, "round", 1))
        else:
            board, star = self.check_layout(layout)
        starter = 0
        ages = values.entries_or_none("ages")
        if ages is not None:
            starter = self._starter_by_age(ages, players)
        rounds = values.number_or_none("rounds")
        # A number of swap chips is the swap variant: `swap` may be left out, but not turned off.
        swap_chips_given = values.number_or_none("swap_chips")
        if swap_chips_given and options.get("swap") is False:
            raise ValueError("swap chips per player are dealt only in the swap variant, and swap is false")
        swap = values.flag("swap") or bool(swap_chips_given)
        swap_chips = (swap_chips_given or rulebook_swap_chips(players)) if swap else 0
        return NummerusState(
            setup=Setup.from_options(players, seed, options),
            board=board,
            star=star,
            to_move=starter,
            collections=((),) * players,
            swap_chips_left=(swap_chips,) * players if swap_chips else (),
            swap_chips_dealt=swap_chips,
            rounds=rounds or 0,
            round_starter=starter,
        )

    @staticmethod
    def random_layout(rng: random.Random) -> tuple[bytes, int]:
        """A round's layout (the board's contents and the star's field) drawn from `rng`; play by
        link draws it from both players' revealed values (ludothek.remote)."""
        contents = list(range(FIELD_COUNT))  # 0 is the star, 1-48 the chips
        rng.shuffle(contents)
        return bytes(contents), contents.index(LAYOUT_STAR)

    @staticmethod
    def check_layout(layout: Sequence[object]) -> tuple[bytes, int]:
        """The board and the star's field of the option `layout`, 49 field contents in position
        order (a chip 1-48, 0 for the star, each once); LayoutError says what is wrong with it."""
        if len(layout) != FIELD_COUNT:
            raise LayoutError(f"layout must list all 49 fields (ranks 9 to 1, left to right), not {len(layout)}", LayoutRule.SIZE, count=len(layout))
        seen: set[int] = set()
        board = []
        for i, value in enumerate(layout):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= CHIPS:
                raise LayoutError(
                    f"layout: field {FIELD_NAMES[i]} holds {value!r}; use a chip 1-48 or 0 for the star", LayoutRule.CONTENT, field=FIELD_NAMES[i]
                )
            if value in seen:
                what = "the star" if value == LAYOUT_STAR else f"chip {value}"
                raise LayoutError(f"layout: {what} appears twice (again on {FIELD_NAMES[i]})", LayoutRule.TWICE, value=value, field=FIELD_NAMES[i])
            seen.add(value)
            board.append(value)
        return bytes(board), board.index(LAYOUT_STAR)

    # The ages the option `ages` accepts, in whole years.
    ages = range(0, 151)
    # The rulebook: the player whose age is closest to this begins [decided: ties, the lower seat].
    starting_age = 48

    def is_age(self, age: object) -> bool:
        """Whether `age` is an age the option `ages` accepts."""
        return isinstance(age, int) and not isinstance(age, bool) and age in self.ages

    def _starter_by_age(self, ages: Sequence[object], players: int) -> int:
        if len(ages) != players:
            raise ValueError(f"ages must list one age per seat ({players}), not {ages!r}")
        years = []
        for age in ages:
            if not isinstance(age, int) or not self.is_age(age):
                raise ValueError(f"an age is a whole number of years from {self.ages[0]} to {self.ages[-1]}, not {age!r}")
            years.append(age)
        return min(range(players), key=lambda i: (abs(years[i] - self.starting_age), i))

    def _round_layout(self, setup: Setup, round_number: int) -> tuple[bytes, int]:
        if setup.position is None:
            return self.random_layout(chance_rng(setup.seed, "round", round_number))
        return self.random_layout(chance_rng(setup.seed, "position", setup.position, "round", round_number))

    # -- queries of the interface --------------------------------------------------------------

    def current_player(self, s: NummerusState) -> int | None:
        return None if s.outcome is not None else s.to_move

    def scores(self, s: NummerusState) -> list[int]:
        """Basic game: each seat's longest chain; tournament: running point totals (finished
        rounds plus the round in play); solitaire: chains below 6 held now (lower is better)."""
        return scores(s.collections, s.rounds, s.round_points)

    def starts_chance(self, before: NummerusState, after: NummerusState) -> bool:
        """A move that ends a tournament round: the next round's layout is drawn."""
        return after.round > before.round

    def play_with_chance(self, s: NummerusState, move: str, rng: random.Random) -> NummerusState:
        board, star = self.random_layout(rng)
        return replace(self.play(s, move), board=board, star=star)

    def legal_moves(self, s: NummerusState) -> list[NummerusMove]:
        if s.outcome is not None:
            return []
        if s.phase == SWAP_PHASE:
            return [NO_SWAP] + [NummerusMove(swap_move(give, take)) for give, take, _ in self.allowed_swaps(s)]
        targets, _ = star_targets_of(s.board, s.star)
        if len(s.collections) > 1:
            return [NummerusMove(FIELD_NAMES[f]) for f, _ in targets]
        moves = []
        groups = s.collections[0]
        for f, _ in targets:
            lower, upper = neighbour_chains(groups, s.board[f])
            if lower and upper:
                moves += [NummerusMove(solitaire_move(FIELD_NAMES[f], side)) for side in SIDES]
            else:
                moves.append(NummerusMove(FIELD_NAMES[f]))
        return moves

    # -- queries for the view ------------------------------------------------------------------

    def star_targets(self, s: NummerusState) -> list[StarTarget]:
        """The fields the star can reach now (none during a swap step or once over)."""
        if s.phase != STAR_PHASE:
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
        return s.phase == STAR_PHASE and star_targets_of(s.board, s.star)[1]

    def why_unreachable(self, s: NummerusState, field: str, move: str | None = None) -> MoveError | None:
        """Why the star may not move to `field` now (None if it may): the error naming the rule
        (for `move`, the move text that names the field, if not the field alone)."""
        index = parse_field(field)
        move = field if move is None else move
        if index is None:
            return self.invalid(move, NummerusRule.NOT_A_FIELD, field=field)
        if s.outcome is not None:
            return self.illegal(move, CommonRule.GAME_OVER)
        if s.phase == SWAP_PHASE:
            return self.illegal(move, NummerusRule.SWAP_PENDING)
        if index == s.star:
            return self.illegal(move, NummerusRule.STAR_HERE, field=field)
        if not s.board[index]:
            return self.illegal(move, NummerusRule.FIELD_EMPTY, field=field)
        targets, jump = star_targets_of(s.board, s.star)
        if any(f == index for f, _ in targets):
            return None
        here = FIELD_NAMES[s.star]
        (x0, y0), (x1, y1) = FIELD_COORDS[s.star], FIELD_COORDS[index]
        dx, dy = x1 - x0, y1 - y0
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return self.illegal(move, NummerusRule.NOT_IN_LINE, chip=s.board[index], field=field, here=here)
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        ray = RAYS[s.star][DIRECTIONS.index(step)]
        if index not in ray:
            return self.illegal(move, NummerusRule.GAP, field=field, here=here)
        blocker = next(c for c in ray if s.board[c])
        return self.illegal(move, NummerusRule.BLOCKED, chip=s.board[blocker], blocker_field=FIELD_NAMES[blocker], here=here)

    def chain_choice(self, s: NummerusState, field: str) -> tuple[Group, Group] | None:
        """Solitaire: the two chains, lower first, between which the player chooses (`-` or `+`)
        when the star takes the chip on `field` now; None when it may not, or joins no chain or one."""
        index = parse_field(field)
        if index is None or not self.is_solitaire(s) or s.phase != STAR_PHASE or not any(f == index for f, _ in star_targets_of(s.board, s.star)[0]):
            return None
        lower, upper = neighbour_chains(s.collections[0], s.board[index])
        return (lower, upper) if lower and upper else None

    def is_solitaire(self, s: NummerusState) -> bool:
        """Whether `s` is a solitaire (one player): every group a chain, chains removed at 6, graded."""
        return len(s.collections) == 1

    def chips_on_board(self, s: NummerusState) -> int:
        """The chips still on the board in the round in play."""
        return sum(1 for chip in s.board if chip)

    def groups(self, s: NummerusState, seat: int) -> Groups:
        """A seat's chips grouped as (low, high) ranges, ascending: with 2-4 players the maximal
        runs (length 1: a single chip, not a chain); in the solitaire its chains as formed."""
        return s.collections[seat]

    def held_groups(self, s: NummerusState, seat: int) -> tuple[HeldGroup, ...]:
        """A seat's groups as the rules see them: which are chains, which complete (the solitaire's
        chains of 6 or more, removed at the end), which the seat's longest (see `HeldGroup`)."""
        return held_groups(s.collections[seat], self.is_solitaire(s))

    def chain_lengths(self, s: NummerusState, seat: int) -> list[int]:
        """A seat's chain lengths, longest first: the key by which the basic game is decided."""
        return chain_lengths_of(s.collections[seat], self.is_solitaire(s))

    def longest_chain(self, s: NummerusState, seat: int) -> int:
        return max(self.chain_lengths(s, seat), default=0)

    def finished_rounds(self, s: NummerusState) -> int:
        """The tournament's rounds finished: every round once the game is over, else those before
        the round in play (0 in the basic game while it runs)."""
        return s.rounds if s.outcome is not None else s.round - 1

    def chain_points(self, length: int) -> int:
        """Tournament points of a chain of `length` chips (a single chip scores nothing)."""
        return chain_points(length)

    def chain_points_from_shortest(self, count: int) -> list[tuple[int, int]]:
        """(chips, tournament points) of a chain of each of the `count` shortest lengths a chain
        may have, shortest first: what a table of the scoring lists."""
        return [(length, chain_points(length)) for length in range(MIN_CHAIN, MIN_CHAIN + count)]

    def round_table(self, s: NummerusState) -> list[tuple[int, ...]]:
        """Tournament points per round (rows) and seat: the finished rounds, then the round in
        play with the chains held now. In the basic game: one row of what the chains would score."""
        return round_table(s.collections, s.round_points)

    def allowed_swaps(self, s: NummerusState) -> list[tuple[int, int, int]]:
        """(own chip given, opponent's chip taken, that opponent's seat) for every swap allowed now."""
        if s.phase != SWAP_PHASE:
            return []
        seat = s.to_move
        own = numbers(s.collections[seat])
        free = sorted((chip, other) for other, groups in enumerate(s.collections) if other != seat for chip in free_chips(groups))
        return [(give, take, other) for give in own for take, other in free]

    def swap_offered(self, s: NummerusState) -> bool:
        """Whether the player to move, having taken a chip, decides on a swap: a swap chip left,
        and a chip to give and an opponent's single chip to take."""
        seat = s.to_move
        return bool(s.swap_chips_left) and s.swap_chips_left[seat] > 0 and swap_possible(s.collections, seat)

    def why_illegal_give(self, s: NummerusState, chip: int) -> Refusal | None:
        """Half a swap, as a player picks it: why `chip` may not be given now (None if it may),
        the refusal any whole swap giving it would meet."""
        error = self._not_deciding_error(s, str(chip)) or self._give_error(s, str(chip), chip)
        return None if error is None else Refusal.of(error)

    def why_illegal_take(self, s: NummerusState, chip: int) -> Refusal | None:
        """Half a swap, as a player picks it: why `chip` may not be taken now (None if it may),
        the refusal any whole swap taking it would meet."""
        error = self._not_deciding_error(s, str(chip))
        if error is None:
            taken_from = self._take_error(s, str(chip), chip)
            error = None if isinstance(taken_from, int) else taken_from
        return None if error is None else Refusal.of(error)

    def chips_to_take(self, s: NummerusState) -> dict[int, tuple[list[int], list[int]]]:
        """Per opponent: (chips that may be taken in a swap, chips protected by being in a chain)."""
        seat = s.to_move
        out = {}
        for other, groups in enumerate(s.collections):
            if other != seat:
                free = free_chips(groups)
                out[other] = (free, [n for n in numbers(groups) if n not in free])
        return out

    def standings(self, s: NummerusState) -> list[tuple[int, ...]]:
        """Seats best first, as groups of equals (a tuple of seats per place): by chain lengths
        compared longest first in the basic game, by running totals in a tournament."""
        return standings(s.collections, s.rounds, s.round_points)

    def leaders(self, s: NummerusState) -> tuple[int, ...]:
        """The seats placed first while some seat is behind them (none when every seat ties, and in
        the solitaire): who leads now, and once the game is over who won."""
        return leaders(s.collections, s.rounds, s.round_points)

    def solitaire_result(self, s: NummerusState) -> tuple[int, SolitaireGrade | None]:
        """Solitaire: chains left (those below 6 chips) and, once over, the rulebook's grade (None
        for more chains than it grades)."""
        left = chains_left(s.collections[0])
        return left, (self.solitaire_grade(left) if s.outcome is not None else None)

    def solitaire_grade(self, chains_left: int) -> SolitaireGrade | None:
        """The rulebook's grade of a solitaire that ends with `chains_left` chains (None: ungraded)."""
        return SOLITAIRE_GRADES.get(chains_left)

    def solitaire_grades(self) -> Mapping[int, SolitaireGrade]:
        """Every grade the rulebook gives a solitaire, by the chains left."""
        return SOLITAIRE_GRADES

    # -- moves ---------------------------------------------------------------------------------

    def _apply(self, s: NummerusState, move: str) -> tuple[NummerusState, NummerusEffect]:
        self.require_text(move)
        if not (move == NO_SWAP or parse_swap(move) or parse_field(split_side(move)[0]) is not None):
            raise self.invalid(move, NummerusRule.NOT_A_FIELD, field=move)
        self.require_not_over(s, move)
        if s.phase == SWAP_PHASE:
            return self._apply_swap(s, move)
        seat = s.to_move
        solitaire = len(s.collections) == 1
        field, side = split_side(move)
        index = parse_field(field)
        if index is None:
            if parse_swap(move) or move == NO_SWAP:
                raise self.illegal(move, NummerusRule.SWAP_NOT_NOW)
            raise self.invalid(move, NummerusRule.NOT_A_FIELD, field=field)
        refusal = self.why_unreachable(s, field, move)
        if refusal is not None:
            raise refusal
        chip = s.board[index]
        groups = s.collections[seat]
        joined: Joined | None = None
        if solitaire:
            lower, upper = neighbour_chains(groups, chip)
            if lower and upper and not side:
                raise self.illegal(move, NummerusRule.CHOOSE_CHAIN, chip=chip, lower=lower, upper=upper, field=field)
            if side and not (lower and upper):
                raise self.illegal(move, NummerusRule.NO_TWO_CHAINS, chip=chip)
            new_groups, joined = solitaire_add(groups, chip, side)
        else:
            if side:
                raise self.illegal(move, NummerusRule.SIDE_NOT_SOLITAIRE)
            new_groups = runs(numbers(groups) + [chip])
        played = NummerusMove(move)  # read and found legal
        targets, jump = star_targets_of(s.board, s.star)
        direction = next(d for f, d in targets if f == index)
        path: tuple[str, ...] = ()
        if direction is not None:
            ray = RAYS[s.star][direction]
            path = tuple(FIELD_NAMES[c] for c in ray[: ray.index(index)])
        group = next(g for g in new_groups if g[0] <= chip <= g[1])
        chain = group if is_chain(group, solitaire) else None
        direction_name = DIRECTION_NAMES[direction] if direction is not None else None
        effect = TakeEffect(seat, played, FIELD_NAMES[s.star], field, path, direction_name, jump, chip, chain, joined)
        board = list(s.board)
        board[index] = 0
        collections = list(s.collections)
        collections[seat] = new_groups
        taken = replace(s, board=bytes(board), star=index, collections=tuple(collections))
        if self.swap_offered(taken):
            # The same player now decides on a swap; the turn ends with that decision.
            return replace(taken, moves=s.moves + (move,), phase=SWAP_PHASE), effect
        return self._end_turn(taken, move, effect)

    def _apply_swap(self, s: NummerusState, move: str) -> tuple[NummerusState, NummerusEffect]:
        seat = s.to_move
        if move == NO_SWAP:
            return self._end_turn(s, move, NoSwapEffect(seat, NO_SWAP))
        swap = parse_swap(move)
        if swap is None:
            raise self.illegal(move, NummerusRule.SWAP_TEXT)
        give, take = swap
        refused = self._give_error(s, move, give)
        if refused is not None:
            raise refused
        partner = self._take_error(s, move, take)
        if not isinstance(partner, int):
            raise partner
        collections = list(s.collections)
        collections[seat] = runs([n for n in numbers(s.collections[seat]) if n != give] + [take])
        collections[partner] = runs([n for n in numbers(s.collections[partner]) if n != take] + [give])
        left = list(s.swap_chips_left)
        left[seat] -= 1
        after = replace(s, collections=tuple(collections), swap_chips_left=tuple(left))
        return self._end_turn(after, move, SwapEffect(seat, NummerusMove(move), give, take, partner))

    def _not_deciding_error(self, s: NummerusState, move: str) -> IllegalMove | None:
        """Why no swap may be made now (None while the player to move decides on one)."""
        if s.outcome is not None:
            return self.illegal(move, CommonRule.GAME_OVER)
        return None if s.phase == SWAP_PHASE else self.illegal(move, NummerusRule.SWAP_NOT_NOW)

    def _give_error(self, s: NummerusState, move: str, give: int) -> IllegalMove | None:
        """Why the player to move may not give `give` in a swap (None if they may)."""
        if not any(lo <= give <= hi for lo, hi in s.collections[s.to_move]):
            return self.illegal(move, NummerusRule.GIVE_NOT_YOURS, chip=give)
        return None

    def _take_error(self, s: NummerusState, move: str, take: int) -> IllegalMove | int:
        """Why the player to move may not take `take` in a swap, or else the seat it is taken from."""
        partner, chain = next(((seat, (lo, hi)) for seat, groups in enumerate(s.collections) for lo, hi in groups if lo <= take <= hi), (None, None))
        if partner is None or chain is None:
            return self.illegal(move, NummerusRule.TAKE_NOT_HELD, chip=take)
        if partner == s.to_move:
            return self.illegal(move, NummerusRule.TAKE_OWN, chip=take)
        if is_chain(chain, False):
            return self.illegal(move, NummerusRule.TAKE_CHAIN, chip=take, seat=partner, chain=chain)
        return partner

    def _end_turn(self, s: NummerusState, move: str, effect: NummerusEffect) -> tuple[NummerusState, NummerusEffect]:
        """Pass the turn on; after the last chip end the round (and start the next, or end the game)."""
        players = len(s.collections)
        moves = s.moves + (move,)
        if any(s.board):
            return replace(s, moves=moves, to_move=(s.to_move + 1) % players, phase=STAR_PHASE), effect
        points = self.round_table(s)[-1]
        next_round = bool(s.rounds) and s.round < s.rounds
        effect = effect._replace(round_end=RoundEnd(points if s.rounds else None, game_over=not next_round))
        if next_round:
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
                    phase=STAR_PHASE,
                    swap_chips_left=(s.swap_chips_dealt,) * players if s.swap_chips_dealt else (),
                    round=s.round + 1,
                    round_points=s.round_points + (points,),
                    round_starter=starter,
                ),
                effect,
            )
        return replace(s, moves=moves, to_move=(s.to_move + 1) % players, phase=OVER_PHASE), effect

    # -- notation (games/nummerus_position.py) ------------------------------------------------

    def position(self, s: NummerusState) -> str:
        return position_text(s)

    def from_position(self, text: str) -> NummerusState:
        return parse_position(text)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, object]]:
        # Every player count, the swap variant with 2 and 4 players (1 and 2 swap chips) and with
        # 3 chips each dealt anew in a second round (the option `swap_chips`), a
        # tournament crossing a round boundary, the age rule and a hand-made layout.
        return [
            {"players": 1},
            {"players": 2},
            {"players": 3, "ages": [30, 50, 46]},
            {"players": 4, "swap": True},
            {"players": 2, "swap": True},
            {"players": 3, "rounds": 2, "swap": True},
            {"players": 2, "layout": list(range(FIELD_COUNT))},
            # Last, so the recorded computer moves of the setups before it keep their seeds (tests/ai_moves.py).
            {"players": 4, "rounds": 2, "swap": True, "swap_chips": 3},
        ]

    def move_cap(self) -> int:
        return 2 * CHIPS * 2 + 10  # two rounds with a swap decision after every star move


GAME = Nummerus()
