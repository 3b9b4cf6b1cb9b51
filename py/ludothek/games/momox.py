"""Momox (Rudi Hoffmann, Spear 1972): lift a bowl, walk the number it uncovers, and collect your
four number tiles by landing exactly on the corners; the first with four tiles ends the round.

The board (32 fields, corners, yellow fields, tiles beside the corners) is our reconstruction and
lives in one table, `momox_board.FIELDS`. Fields are numbered 0-31 clockwise; the corners are
0, 8, 16, 24 and corner 8k is the start of colour k (red, blue, green, purple); seat i plays
colour i. Six chips 1-6 lie on circles 0-5 (0 = centre); five small bowls cover all circles but
one, the open circle (the centre at the start of a round and after a reshuffle). The rulebook
says "Schlüsselchen", but one "stülpt es über" a chip: we read Schüsselchen, bowls **[decided]**.
The notation keeps the word of the first versions, which drew keys: a move that lifts a bowl is
written `k0`..`k5` (`LIFT_MOVES`) and the phase is `key`, so old records and links replay
unchanged.

Turn
----
`k1`: lift the bowl from circle 1 and turn it over the open circle; circle 1 is now the open one,
its chip turns face up for good (until a reshuffle), and the figure walks that many fields
clockwise. Ending exactly on a corner beside which a tile of your colour still lies: `take` it
(the first goes to the ones, then tens, hundreds, thousands) or `leave` it. Ending on a yellow
field: lift a bowl again, or `stay` there and end the turn (the rulebook's "darf": may). A turn
that landed on yellow three or more times (the field stayed on counts) may finish with `shuffle`
(all chips face down, shuffled, bowls back on circles 1-5) or `keep`.

Moves: `k0`..`k5` (lift the bowl from that circle), `stay` (end the turn on the yellow field just
reached), `take` / `leave`, `shuffle` / `keep`. Legal moves come in that order (circles ascending,
then `stay`).

Position notation
-----------------
Tokens separated by single spaces:

    <figures> <tiles> <to move> <phase> t<turn> y<yellows> <chips> <uncovered> [r<round>/<rounds> <results>]

- figures: the field (0-31) of each seat's figure, seat order, `,` between; their number is the
  number of players (2-4).
- tiles: per seat the number its tiles form so far, `-` for none, `,` between seats. `34`: the 4
  was taken first (ones), then the 3 (tens); `4321` is the best possible number.
- to move: `R` `B` `G` `P` (seat 0-3), `-` once the game is over.
- phase: `key` (lift a bowl), `tile` (take or leave the tile where the figure stands), `shuffle`
  (reshuffle or keep), `over`.
- t<turn>: the turn being played in this round, counted over all seats from 1 (as the move number
  in chess notation); the seat to move follows from it: the round's first seat plays turn 1.
- y<yellows>: yellow fields landed on so far in this turn (`y0` at the start of a turn).
- chips: the six chip values on circles 0-5 (hidden ones included, so the text round-trips).
- uncovered: the face-up chips' circles, least recently uncovered first, `-` for none. The last
  one is the open circle; with `-` the centre is open and every chip face down. A chip lies face
  up exactly when it was uncovered since the last shuffle (or the start of the round).
- Only with several rounds: `r<round>/<rounds>` and the finished rounds' numbers, rounds `/`
  apart, seats `,` apart (`-` before the first round ends).

Start of a 2-player game (chips 3 5 2 6 1 4 on circles 0-5):
`0,8 -,- R key t1 y0 352614 -`; after `k3` red walks 6 onto yellow field 6:
`6,8 -,- R key t1 y1 352614 3`. Round 2 of 3 after red won round one with 1234 (blue, who
starts round 2, had 12): `0,8 -,- B key t1 y0 415236 - r2/3 1234,12`.

The observation of a state (`observation`) writes `?` for every chip but the open one, even for
a chip seen earlier and covered again (the players' memory, not something that lies open); such
text (a position link, a rules diagram's "try it") describes what lies on the table now. `from_position` refuses it; `from_observation(text, rng)` lays the hidden
chips out afresh (a rules diagram's "try it" starts from such a text).

Queries for a view
------------------
All work on observations and reveal nothing hidden:

- `open_circle(s)`; `circles(s)`: each circle's `Circle(index, covered, face_up, value)` where
  `value` is set only for the open circle's face-up chip (covered chips are shown as bowls).
- `liftable_circles(s)`: the circles whose bowl may be lifted now (all covered circles, in the lift
  phase; empty otherwise).
- `figure_field(s, seat)`, `held_tiles(s, seat)` (values in the order taken, ones first),
  `number(s, seat)` (missing digits are 0), `corner_tiles(s)` (tiles still beside each corner).
- `s.phase` (a `MomoxPhase`), `s.yellows` (yellow fields landed on in this turn), `pending_tile(s)`
  (the tile that may be taken now, its corner and the place it would fill, 0-3 as in `PLACE_NAMES`).
- `s.several_rounds` (each round's numbers scored, or the first with four tiles wins alone);
  `round_table(s)`: each finished round's numbers, the totals, the round being played.
- `fields_ahead(s)`: while a bowl may be lifted, the field each chip value walks the mover to.
- `lift_seen(before, move, after)`: what a bowl lifted did (a `LiftEffect`: the walk, the chip),
  for two observations too, the chip read from `after` where it lies open; None for other moves.
- `remembered_chips(s)`: the chips seen and covered again (the players' memory, never drawn);
  `layouts(s)`: every full state that memory allows.
- `chips_from_text(text)`, `checked_chips(value)`: the `chips` option read and checked.
- Turn order (games/momox_state.py): `first_seat(round, players)`, `seat_of_turn(round, turn,
  players)`, `next_seat(s)`, `turns_played(s, seat)`.
- `effect(s, move)`: what a move does, one type a kind of move (games/momox_moves.py): a
  `LiftEffect` (lifted circle, value walked, the fields walked, landing, the circle covered
  again, yellow), a `TakeEffect` (tile taken, its place, the tiles held, round results) or a
  `ChoiceEffect` (stay, leave, shuffle, keep). Called on the full state before the move, it
  reveals only what the move itself turns face up.
- `why_illegal(s, move)`: None for a legal move, otherwise the `Refusal` (rule, words, params) that refuses it.
- `walk(field, steps)`: the fields a figure passes, ending where it lands.

Hidden information: the values of covered chips. `observation(s, seat)` returns a state with every
covered chip's value (and the face-down centre chip's) set to 0 and the setup reduced to the
number of players (seed, `chips=` and position text would tell the chips); it keeps the public memory in `seen`: the (circle, value) of each face-up
chip, least recently uncovered first, which every player at the table saw. `determinize(obs, rng)`
deals the chips nobody remembers afresh (a full state). `undo_floor(s)` never
lets undo take back a move that turned a chip face up.

Clarifications
--------------
Where the rulebook is silent we decided (**[decided]** here and in docs/rules-decisions.md):

- The board geometry above is our reconstruction **[decided]**.
- Seat i plays colour i (red, blue, green, purple) with any number of players; the corners of
  absent colours still count as corners and hold the tiles of the colours in play **[decided]**.
  Red begins the first round **[decided]**.
- The centre chip lies face down though uncovered at the start; it turns up only when its own
  bowl is lifted later **[decided]** (the rulebook turns up only uncovered chips).
- Standing on a corner at the start of a turn never gives a tile; only ending a walk exactly on
  it does (so your own start corner's 1 needs a full lap). Taking is always a choice, even for
  the fourth tile **[decided]**.
- A corner is not yellow: after `take`/`leave` the turn ends.
- Landing on yellow, the player may lift another bowl or `stay` and end the turn there (the
  rulebook: "so darf man nochmals ein Schlüsselchen versetzen"). From every yellow field exactly
  one number leads to the next yellow field (3 or 5 on our board), so with the 3 and the 5 a turn
  could circle the board for ever; no rule forbids it, and staying or any other bowl ends it.
- "Mindestens dreimal hintereinander auf ein gelbes Feld" counts every yellow field landed on in
  one turn, those moved on from and the one stayed on alike **[decided]**: three yellow fields
  and `stay` offer the reshuffle. The count starts afresh each turn.
- The three-yellows reshuffle is decided at the very end of the turn (after `take`/`leave` when
  the turn ended on a corner, after `stay` when it ended on yellow). After a reshuffle the
  chips lie exactly as at the start: all face down, the centre open **[decided]**. A turn that
  ends the round offers no reshuffle.
- One round: the first player with four tiles wins alone; there is no draw.
- Several rounds (`rounds=`): every round is set up afresh (figures to start, tiles back, chips
  shuffled); round r begins with seat (r-1) mod players **[decided]**. A round ends the moment a
  player takes a fourth tile. Each player scores the number formed, missing digits 0 (tiles 4
  then 3: 34). Highest total wins; equal leaders share the win; all equal is a draw **[decided]**.
- `chips=` fixes the first round's arrangement only; reshuffles and later rounds are drawn from
  the seed **[decided]**.
- Several figures may share a field.

The modules
-----------
This module is the engine: the rules above and the one `Momox` class (setup, turns and rounds,
hidden chips, the queries, the moves' checks). What it stands on has its own modules: the board's
table (games/momox_board.py), the moves' notation, the rules they may break and their effects'
types (games/momox_moves.py), the state and the small readings of it the computer players share
(games/momox_state.py) and the position text (games/momox_position.py). The names others import
from here are re-exported (`__all__`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations
from random import Random
from typing import Iterable, Iterator, NamedTuple

from .base import Game, HiddenInformationError, MoveError, Option, Refusal, Setup, chance_rng, check_players, check_seed, is_ascii_number
from .momox_board import CHIP_VALUES, CIRCLES, CORNER_FIELDS, START_FIELDS, TILE_AT, TILE_VALUES, YELLOW_FIELDS
from .momox_moves import KEEP, LEAVE, LIFT_MOVES, MOVE_HELP, RESHUFFLE, STAY, TAKE, ChoiceEffect, LiftEffect, MomoxEffect, MomoxMove, MomoxRule, TakeEffect
from .momox_moves import lifted_circle
from .momox_position import parse_position, position_text, with_hidden_chips_dealt
from .momox_state import LIFT, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, OVER, SHUFFLE, TILE, YELLOWS_FOR_SHUFFLE, MomoxEnd, MomoxPhase, MomoxState
from .momox_state import first_seat, landing, next_seat, number_of, numbers_formed, open_circle_of, round_totals, tile_beside, turns_played, walk

# What other modules import from here (the engine's names, those of its moves and of its state).
__all__ = ["GAME", "Momox", "Circle", "HiddenChipError", "PendingTile", "RoundTable", "MomoxState", "MomoxPhase", "MomoxEnd", "LIFT", "TILE", "SHUFFLE"]
__all__ += ["OVER", "MAX_ROUNDS", "YELLOWS_FOR_SHUFFLE", "landing", "next_seat", "number_of", "open_circle_of", "tile_beside", "turns_played", "walk"]
__all__ += ["MomoxMove", "MomoxRule", "MomoxEffect", "LiftEffect", "TakeEffect", "ChoiceEffect", "LIFT_MOVES", "STAY", "TAKE", "LEAVE", "RESHUFFLE", "KEEP"]

PLACE_NAMES = ("ones", "tens", "hundreds", "thousands")


class HiddenChipError(HiddenInformationError):
    """A question whose answer is a chip nobody has seen (asked of an observation)."""


@dataclass(frozen=True)
class Circle:
    """One of the six chip circles as the table sees it: `value` only for the open face-up chip.
    (A dataclass, not a NamedTuple: its field `index` would hide the tuple's method.)"""

    index: int
    covered: bool
    face_up: bool
    value: int | None


class PendingTile(NamedTuple):
    """The tile the player to move may take now."""

    field: int
    value: int
    place: int  # 0 ones, 1 tens, 2 hundreds, 3 thousands


class RoundTable(NamedTuple):
    """Finished rounds' numbers (one tuple per round, seat order), the totals, the round played."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    round: int
    of: int


class Momox(Game[MomoxState, MomoxMove, MomoxEffect]):
    id = "momox"
    name = "Momox"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = (
        Option("rounds", "int", default=1, minimum=1, maximum=MAX_ROUNDS),
        Option("chips", "list", note="list the values 1-6 once each, on circles 0-5 (0 = centre), such as [3, 5, 2, 6, 1, 4]"),
    )
    move_examples = ("k1", "stay", "take")
    move_rules = {
        MomoxRule.NOT_A_MOVE: "not a Momox move (" + MOVE_HELP + ")",
        MomoxRule.TILE_PENDING: "first take or leave the tile beside this corner",
        MomoxRule.SHUFFLE_PENDING: "the turn is over: first decide to shuffle or keep the chips",
        MomoxRule.STAY_NOT_YELLOW: "you may stay only on a yellow field your figure has just reached in this turn (elsewhere the turn ends by itself)",
        MomoxRule.OPEN_CIRCLE: (
            "circle {circle} is the open circle and no bowl covers it: lift a bowl from a covered circle (so the same number can never be used twice in a row)"
        ),
        MomoxRule.NO_TILE: "a tile may be taken or left only when your figure has just ended its walk exactly on a corner beside which a tile of your colour lies",
        MomoxRule.NO_SHUFFLE: "the chips may be reshuffled only at the end of a turn that landed on yellow fields {yellows} or more times in a row",
    }
    has_hidden_information = True
    # Its covered chips are chance met mid-turn and hidden from the mover: by link, every bowl lifted
    # would need a message from the other devices first (docs/remote-play.md).
    offered_by_link = False

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> MomoxState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        rounds = values.number("rounds")
        given = values.entries_or_none("chips")
        chips = self._draw_chips(seed, "round", 1) if given is None else self.checked_chips(given)
        setup = Setup.from_options(players, seed, options)
        return self._round_start(setup, (), 1, rounds, chips, (), 0)

    @staticmethod
    def checked_chips(chips: object) -> tuple[int, ...]:
        """The `chips` option's value as the chips on circles 0-5; ValueError unless it lists the
        values 1-6 once each."""
        if not isinstance(chips, (list, tuple)) or any(isinstance(v, bool) or not isinstance(v, int) for v in chips) or sorted(chips) != list(CHIP_VALUES):
            raise ValueError(f"chips must list the values 1-6 once each, on circles 0-5 (0 = centre), such as [3, 5, 2, 6, 1, 4], not {chips!r}")
        return tuple(chips)

    def chips_from_text(self, text: str) -> tuple[int, ...]:
        """The chips on circles 0-5 written as six digits (`352614`, as a setup form takes them);
        ValueError unless they are the values 1-6 once each."""
        if not is_ascii_number(text):
            raise ValueError(f"chips are written as six digits such as 352614, not {text[:20]!r}")
        return self.checked_chips([int(digit) for digit in text])

    @staticmethod
    def _draw_chips(base: int | str | None, *keys: object) -> tuple[int, ...]:
        rng = chance_rng(base, "momox-chips", *keys)
        chips = list(CHIP_VALUES)
        rng.shuffle(chips)
        return tuple(chips)

    @staticmethod
    def _chance_base(s: MomoxState) -> int | str | None:
        # A game begun from a position has no seed: its text seeds the chance instead, so that
        # different positions do not shuffle alike.
        return s.setup.seed if s.setup.position is None else s.setup.position

    @staticmethod
    def _round_start(
        setup: Setup,
        moves: tuple[str, ...],
        round_number: int,
        rounds: int,
        chips: tuple[int, ...],
        results: tuple[tuple[int, ...], ...],
        reveal_floor: int,
    ) -> MomoxState:
        players = setup.players
        return MomoxState(
            setup=setup,
            moves=moves,
            figures=START_FIELDS[:players],
            tiles=((),) * players,
            to_move=first_seat(round_number, players),
            phase=LIFT,
            yellows=0,
            chips=chips,
            seen=(),
            round=round_number,
            rounds=rounds,
            results=results,
            reveal_floor=reveal_floor,
        )

    # -- the interface's queries ---------------------------------------------------------------

    def current_player(self, s: MomoxState) -> int | None:
        return None if s.outcome is not None else s.to_move

    def scores(self, s: MomoxState) -> list[int]:
        """Sum of the finished rounds' numbers plus the number formed so far in this round."""
        totals = round_totals(s.results, len(s.figures))
        if s.outcome is not None:  # the last round is already among the results
            return list(totals)
        return [total + number for total, number in zip(totals, numbers_formed(s.tiles))]

    def legal_moves(self, s: MomoxState) -> list[MomoxMove]:
        if s.phase == LIFT:
            open_c = open_circle_of(s.seen)
            lifts = [LIFT_MOVES[c] for c in range(CIRCLES) if c != open_c]
            # In the lift phase a yellow count means the figure stands on the yellow field it just
            # reached this turn: going on from there is the player's choice.
            return lifts + [STAY] if s.yellows else lifts
        if s.phase == TILE:
            return [TAKE, LEAVE]
        if s.phase == SHUFFLE:
            return [RESHUFFLE, KEEP]
        return []

    # -- moves ---------------------------------------------------------------------------------

    def why_illegal(self, s: MomoxState, move: str) -> Refusal | None:
        """None if `move` is legal in `s`, else the rule that refuses it (its rule, words and
        params). Checked without playing the move: an observation may be asked too."""
        if move in self.legal_moves(s):
            return None
        try:
            self._check(s, move)
        except MoveError as exc:
            return Refusal.of(exc)
        return None  # pragma: no cover - _check refuses every move legal_moves does not list

    def _check(self, s: MomoxState, move: str) -> None:
        """Raise IllegalMove naming the rule if `move` may not be played in `s`."""
        self.require_text(move)
        if move not in LIFT_MOVES and move not in (STAY, TAKE, LEAVE, RESHUFFLE, KEEP):
            raise self.invalid(move, MomoxRule.NOT_A_MOVE)
        self.require_not_over(s, move)
        circle = lifted_circle(move)
        if circle is not None or move == STAY:
            if s.phase == TILE:
                raise self.illegal(move, MomoxRule.TILE_PENDING)
            if s.phase == SHUFFLE:
                raise self.illegal(move, MomoxRule.SHUFFLE_PENDING)
            if circle is None:
                if not s.yellows:
                    raise self.illegal(move, MomoxRule.STAY_NOT_YELLOW)
                return
            if circle == open_circle_of(s.seen):
                raise self.illegal(move, MomoxRule.OPEN_CIRCLE, circle=circle)
        elif move in (TAKE, LEAVE):
            if s.phase != TILE:
                raise self.illegal(move, MomoxRule.NO_TILE)
        elif s.phase != SHUFFLE:
            raise self.illegal(move, MomoxRule.NO_SHUFFLE, yellows=YELLOWS_FOR_SHUFFLE)

    def _chip_value(self, s: MomoxState, circle: int) -> int:
        value = s.chips[circle]
        if value:
            return value
        for c, v in s.seen:  # an observation still knows every face-up chip from the table's memory
            if c == circle:
                return v
        raise HiddenChipError(f"the chip on circle {circle} is face down: an observation cannot tell what it shows")

    def _apply(self, s: MomoxState, move: str) -> tuple[MomoxState, MomoxEffect]:
        self._check(s, move)
        played = MomoxMove(move)  # checked: a move of the notation, legal here
        seat = s.to_move
        moves = s.moves + (played,)
        circle = lifted_circle(played)
        if circle is not None:
            return self._lift(s, played, circle, moves)
        if played == TAKE:
            field = s.figures[seat]
            value = tile_beside(field, seat, s.tiles[seat])
            held = s.tiles[seat] + (value,)
            tiles = s.tiles[:seat] + (held,) + s.tiles[seat + 1 :]
            base = replace(s, moves=moves, tiles=tiles)
            if len(held) == len(TILE_VALUES):
                numbers = numbers_formed(tiles)
                return self._end_round(base, numbers), TakeEffect(played, seat, value, len(held) - 1, held, numbers)
            return self._end_turn(base), TakeEffect(played, seat, value, len(held) - 1, held, None)
        if played in (STAY, LEAVE):
            return self._end_turn(replace(s, moves=moves)), ChoiceEffect(played, seat)
        if played == RESHUFFLE:
            if s.hidden:
                chips = (0,) * CIRCLES  # the new arrangement is hidden from everybody
            else:
                chips = self._draw_chips(self._chance_base(s), "shuffle", len(s.moves))
            return self._next_turn(replace(s, moves=moves, chips=chips, seen=())), ChoiceEffect(played, seat)
        return self._next_turn(replace(s, moves=moves)), ChoiceEffect(played, seat)  # keep

    def _lift(self, s: MomoxState, move: MomoxMove, circle: int, moves: tuple[str, ...]) -> tuple[MomoxState, LiftEffect]:
        """The bowl lifted from `circle` and turned over the open circle; the figure walks the chip."""
        seat = s.to_move
        value = self._chip_value(s, circle)
        first_seen = all(c != circle for c, _ in s.seen)
        seen = tuple(entry for entry in s.seen if entry[0] != circle) + ((circle, value),)
        chips = s.chips
        if s.hidden:  # the open chip is face up: the table sees it
            chips = tuple(value if c == circle else 0 for c in range(CIRCLES))
        start = s.figures[seat]
        path = walk(start, value)
        landing = path[-1]
        figures = s.figures[:seat] + (landing,) + s.figures[seat + 1 :]
        base = replace(s, moves=moves, figures=figures, chips=chips, seen=seen, reveal_floor=len(moves) if first_seen else s.reveal_floor)
        yellow = False
        if tile_beside(landing, seat, s.tiles[seat]):
            new = replace(base, phase=TILE)
        elif landing in YELLOW_FIELDS:
            yellow = True
            new = replace(base, phase=LIFT, yellows=s.yellows + 1)
        else:
            new = self._end_turn(base)
        return new, LiftEffect(move, seat, circle, value, first_seen, start, path, landing, open_circle_of(s.seen), yellow)

    def _end_turn(self, s: MomoxState) -> MomoxState:
        if s.yellows >= YELLOWS_FOR_SHUFFLE:
            return replace(s, phase=SHUFFLE)
        return self._next_turn(s)

    @staticmethod
    def _next_turn(s: MomoxState) -> MomoxState:
        return replace(s, phase=LIFT, yellows=0, to_move=next_seat(s), turn=s.turn + 1)

    def _end_round(self, s: MomoxState, numbers: tuple[int, ...]) -> MomoxState:
        results = s.results + (numbers,)
        if s.round >= s.rounds:
            return replace(s, phase=OVER, yellows=0, results=results)
        next_round = s.round + 1
        if s.hidden:
            chips = (0,) * CIRCLES
        else:
            chips = self._draw_chips(self._chance_base(s), "round", next_round)
        new = self._round_start(s.setup, s.moves, next_round, s.rounds, chips, results, s.reveal_floor)
        return replace(new, hidden=s.hidden)

    # -- hidden information --------------------------------------------------------------------

    def observation(self, s: MomoxState, seat: int | None) -> MomoxState:
        """What a player (or an onlooker, seat None) may know: every chip that is covered, and the
        face-down centre chip, reads 0; the public memory `seen` stays. The setup is reduced to the
        number of players, since seed, `chips=` and position text would tell the hidden chips."""
        players = len(s.figures)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat must be None (an onlooker) or 0 to {players - 1}, not {seat!r}")
        open_c = open_circle_of(s.seen)
        face_up_open = bool(s.seen)  # with nothing uncovered the open centre chip is face down
        chips = tuple(s.chips[c] if c == open_c and face_up_open else 0 for c in range(CIRCLES))
        return replace(s, setup=Setup(players=players, seed=None), chips=chips, hidden=True)

    def determinize(self, s: MomoxState, rng: Random) -> MomoxState:
        """A full state consistent with an observation: the chips nobody can see now are dealt by
        `rng` from the values the table does not remember (the remembered ones stay where they
        were seen). A full state is returned unchanged."""
        if not s.hidden:
            return s
        missing = self._forgotten_values(s)
        rng.shuffle(missing)
        return self._dealt(s, missing)

    def layouts(self, s: MomoxState) -> Iterator[MomoxState]:
        """Every full state the table's memory allows in `s`: the chips nobody remembers dealt in
        every order, their values ascending on their circles first."""
        for values in permutations(self._forgotten_values(s)):
            yield self._dealt(s, values)

    @staticmethod
    def _forgotten_values(s: MomoxState) -> list[int]:
        """The chip values the table does not remember (`seen`), ascending."""
        remembered = {value for _circle, value in s.seen}
        return [v for v in CHIP_VALUES if v not in remembered]

    @staticmethod
    def _dealt(s: MomoxState, values: Iterable[int]) -> MomoxState:
        """`s` as a full state: the remembered chips where they were seen, `values` dealt in order
        on the other circles."""
        known = dict(s.seen)
        dealt = iter(values)
        return replace(s, chips=tuple(known[c] if c in known else next(dealt) for c in range(CIRCLES)), hidden=False)

    def undo_floor(self, s: MomoxState) -> int:
        """Undo may not take back a move that turned a chip face up."""
        return s.reveal_floor

    # -- queries for the view ------------------------------------------------------------------

    def open_circle(self, s: MomoxState) -> int:
        return open_circle_of(s.seen)

    def circles(self, s: MomoxState) -> list[Circle]:
        open_c = open_circle_of(s.seen)
        face_up = {c for c, _ in s.seen}
        result = []
        for c in range(CIRCLES):
            if c == open_c:
                value = self._chip_value(s, c) if c in face_up else None
                result.append(Circle(c, False, c in face_up, value))
            else:
                result.append(Circle(c, True, c in face_up, None))
        return result

    def liftable_circles(self, s: MomoxState) -> list[int]:
        if s.phase != LIFT:
            return []
        open_c = open_circle_of(s.seen)
        return [c for c in range(CIRCLES) if c != open_c]

    def figure_field(self, s: MomoxState, seat: int) -> int:
        return s.figures[seat]

    def held_tiles(self, s: MomoxState, seat: int) -> tuple[int, ...]:
        return s.tiles[seat]

    def number(self, s: MomoxState, seat: int) -> int:
        return number_of(s.tiles[seat])

    def corner_tiles(self, s: MomoxState) -> dict[int, list[tuple[int, int]]]:
        """For each corner field: the (seat, value) tiles still lying beside it, seat order."""
        return {field: [(seat, TILE_AT[field][seat]) for seat in range(len(s.figures)) if tile_beside(field, seat, s.tiles[seat])] for field in CORNER_FIELDS}

    def pending_tile(self, s: MomoxState) -> PendingTile | None:
        if s.phase != TILE:
            return None
        field = s.figures[s.to_move]
        held = s.tiles[s.to_move]
        return PendingTile(field, tile_beside(field, s.to_move, held), len(held))

    def round_table(self, s: MomoxState) -> RoundTable:
        return RoundTable(s.results, round_totals(s.results, len(s.figures)), s.round, s.rounds)

    def remembered_chips(self, s: MomoxState) -> list[tuple[int, int]]:
        """The (circle, value) of each chip the table saw that lies under a bowl again, by circle:
        the players' memory, never drawn (remembering is the game; a puzzle states it)."""
        open_c = open_circle_of(s.seen)
        return sorted((c, v) for c, v in s.seen if c != open_c)

    def fields_ahead(self, s: MomoxState) -> dict[int, int]:
        """While a bowl may be lifted: each field the mover's figure reaches with a chip, and that
        chip's value (the steps ahead the board numbers); empty otherwise."""
        if s.phase != LIFT:
            return {}
        start = s.figures[s.to_move]
        return {landing(start, value): value for value in CHIP_VALUES}

    def lift_seen(self, before: MomoxState, move: str, after: MomoxState) -> LiftEffect | None:
        """What the bowl move `move` did from `before` to `after` as the table saw it (the walk the
        board marks and the words tell), None when `move` lifts no bowl or `after` does not follow
        from it. On an observation the chip it uncovered is read from `after`, where it lies open
        and face up: nothing hidden is told."""
        circle = lifted_circle(move)
        shown = self.circles(after)[circle] if circle is not None else None
        if circle is None or shown is None or shown.value is None:
            return None
        if before.hidden:
            before = replace(before, chips=tuple(shown.value if c == circle else v for c, v in enumerate(before.chips)))
        try:
            effect = self.effect(before, move)
        except MoveError:
            return None
        return effect if isinstance(effect, LiftEffect) and after.figures[effect.seat] == effect.landing else None

    # -- notation ------------------------------------------------------------------------------

    def position(self, s: MomoxState) -> str:
        return position_text(s)

    def from_observation(self, text: str, rng: Random) -> MomoxState:
        """The chips an observation hides (`?`) are laid out afresh by `rng` from the values it
        does not show."""
        return self.from_position(with_hidden_chips_dealt(text, rng))

    def from_position(self, text: str) -> MomoxState:
        return parse_position(text)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, object]]:
        return [
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 2, "rounds": 2},
            {"players": 3, "rounds": 2, "chips": [6, 5, 4, 3, 2, 1]},
            {"players": 4, "chips": [1, 2, 3, 4, 5, 6]},
        ]

    def move_cap(self) -> int:
        return 500


GAME = Momox()
