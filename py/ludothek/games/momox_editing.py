"""Momox' position set up by hand (games/editing.py): the figures on the circuit and the chips on
the circles are pieces; the tiles each player has collected, whose turn it is, the phase, the turn
and the yellow fields of this turn are set beside the board.

What is kept through every edit (the conservation the rulebook's table has):

- Figures: each player has one figure, always on the circuit. Putting a figure on a field
  (`"0"`..`"31"`) moves it there from where it stood; a figure cannot be taken away.
- Chips: six chips 1-6, one on each circle (`"k0"`..`"k5"`), and exactly one circle open (no
  bowl on it). Putting a chip of a known value (`"1"`..`"6"`) on a circle opens that circle: its
  chip lies face up and shows the value, the circle open before is covered by the bowl, and the
  chip that lay there goes where that value lay (the chips swap). Putting a covered chip (`"?"`)
  on a covered circle turns its chip face down (it was not seen since the last shuffle); the open
  circle cannot be covered so (another circle must be opened instead), except the centre at the
  start of a round, whose chip already lies face down. A chip cannot be taken away. In an
  observation every chip but the open one is `?` anyway (the engine deals the hidden ones afresh),
  so nothing hidden is told: only the chip the author chose lies open.
- Tiles: each colour's four tiles 1-4 lie beside the corners until taken; a player's collected
  tiles (setting `tiles-<colour letter>`, the number they form as the notation writes it: `34` =
  the 4 taken first) are the ones no longer beside the corners. Four tiles end the round: setting
  them ends the game there (phase `over`, that player the finisher; with several rounds only in
  the last one, with the round's numbers among the results), and taking one of them back from
  the finisher resumes it (phase `key`, the finisher to move).
- Whose turn: the turn (`t`) and the player to move go together, as in the notation: setting the
  turn makes its player the one to move, setting the player to move goes on to that player's next
  turn. A change of player begins that player's turn afresh (phase `key`, no yellow fields yet).

The empty board is the round's start: figures on their start corners, every tile beside the
corners, all chips face down with the centre open, turn 1 of the round being played (finished
rounds' results kept). Whatever else the position must satisfy (the phase fits the figure's field
and the yellow count, a face-up chip after a bowl was lifted), the engine judges."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import TYPE_CHECKING, TypedDict, Unpack

from .editing import EditRefused, Palette, PositionEditing, Setting, checked_setting
from .momox import GAME, LIFT, OVER, MomoxState
from .momox_board import CENTRE, CHIP_VALUES, CIRCLES, COLOUR_LETTERS, FIELD_COUNT, START_FIELDS, TILE_VALUES
from .momox_state import PHASES, MomoxPhase, first_seat, numbers_formed, open_circle_of, seat_of_turn

COVERED = "?"  # a covered chip: its value is not told
CHIP_PIECES = tuple(str(v) for v in CHIP_VALUES) + (COVERED,)
CIRCLE_PLACES = tuple(f"k{c}" for c in range(CIRCLES))
FIELD_PLACES = tuple(str(f) for f in range(FIELD_COUNT))
MAX_TURN = 999
MAX_YELLOWS = 99
NO_TILES = "-"
# Every number a player's tiles can form, as the notation writes it ('-': none), fewest tiles first.
TILE_CHOICES = (NO_TILES,) + tuple("".join(str(v) for v in reversed(held)) for n in range(1, len(TILE_VALUES) + 1) for held in permutations(TILE_VALUES, n))


def _tiles_text(held: tuple[int, ...]) -> str:
    return "".join(str(v) for v in reversed(held)) or NO_TILES


def _turn_seat(s: MomoxState, turn: int) -> int:
    """The seat that plays `turn` of the round being played."""
    return seat_of_turn(s.round, turn, len(s.figures))


def _next_turn_of(s: MomoxState, seat: int) -> int:
    """The first turn from the current one that is `seat`'s."""
    return s.turn + (seat - _turn_seat(s, s.turn)) % len(s.figures)


class _Changes(TypedDict, total=False):
    """The fields an edit changes (the results follow the tiles)."""

    figures: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    to_move: int
    phase: MomoxPhase
    yellows: int
    turn: int
    chips: tuple[int, ...]
    seen: tuple[tuple[int, int], ...]


def _text(s: MomoxState, **changes: Unpack[_Changes]) -> str:
    """Position text of `s` with `changes`; the results follow the tiles once the game is over."""
    state = replace(s, **changes)
    finished = state.results[: state.round - 1]
    if state.outcome is not None and state.several_rounds:
        finished = finished + (numbers_formed(state.tiles),)
    return GAME.position(replace(state, results=finished))


class Editing:
    def palette(self, s: MomoxState) -> Palette:
        figures = tuple(COLOUR_LETTERS[: len(s.figures)])
        return Palette(figures + CHIP_PIECES, frozenset(FIELD_PLACES + CIRCLE_PLACES))

    def put(self, s: MomoxState, place: str, piece: str) -> str:
        if place not in FIELD_PLACES and place not in CIRCLE_PLACES:
            raise EditRefused("no-such-place", f"{place!r} is not a field or a circle of this board", place=place)
        if piece not in self.palette(s).pieces:
            raise EditRefused("no-such-piece", f"{piece!r} is not a piece of this game", piece=piece)
        if piece in COLOUR_LETTERS:
            if place not in FIELD_PLACES:
                raise EditRefused("figure-on-field", f"a figure stands on a field of the circuit, not on {place}", piece=piece, place=place)
            seat = COLOUR_LETTERS.index(piece)
            figures = s.figures[:seat] + (int(place),) + s.figures[seat + 1 :]
            return _text(s, figures=figures)
        if place not in CIRCLE_PLACES:
            raise EditRefused("chip-on-circle", f"a chip lies on one of the six circles, not on {place}", piece=piece, place=place)
        circle = CIRCLE_PLACES.index(place)
        uncovered = [c for c, _value in s.seen]
        if piece == COVERED:
            if circle == open_circle_of(s.seen):
                if not uncovered:  # the centre at a round's start: its chip lies face down already
                    return GAME.position(s)
                raise EditRefused("open-chip", f"circle {circle} is open: open another circle to cover it", place=place)
            seen = tuple(entry for entry in s.seen if entry[0] != circle)
            return _text(s, seen=seen)
        value = int(piece)
        if circle == CENTRE and not [c for c in uncovered if c != CENTRE]:
            raise EditRefused("centre-face-down", "the centre chip lies face down until another circle has been opened", place=place)
        if s.hidden:
            # Only the open chip is told: the others are dealt afresh from the values it leaves.
            chips = tuple(value if c == circle else 0 for c in range(CIRCLES))
        else:
            was = s.chips.index(value)  # the chips swap: the one on `circle` goes where `value` lay
            chips = tuple(value if c == circle else s.chips[circle] if c == was else s.chips[c] for c in range(CIRCLES))
        seen = tuple((c, chips[c]) for c in uncovered if c != circle) + ((circle, value),)
        return _text(s, chips=chips, seen=seen)

    def remove(self, s: MomoxState, place: str) -> str:
        if place in CIRCLE_PLACES:
            raise EditRefused("chip-stays", f"a chip always lies on {place}: put another one there", place=place)
        if place not in FIELD_PLACES:
            raise EditRefused("no-such-place", f"{place!r} is not a field or a circle of this board", place=place)
        if int(place) not in s.figures:
            raise EditRefused("place-empty", f"no figure stands on field {place}", place=place)
        raise EditRefused("figure-stays", "a figure never leaves the circuit: put it on another field to move it", place=place)

    def settings(self, s: MomoxState) -> tuple[Setting, ...]:
        players = len(s.figures)
        seats = tuple(COLOUR_LETTERS[:players])
        return (
            Setting("turn", str(s.turn), low=1, high=max(MAX_TURN, s.turn)),
            Setting("to-move", COLOUR_LETTERS[s.to_move], seats),
            Setting("phase", s.phase, PHASES),
            Setting("yellows", str(s.yellows), low=0, high=max(MAX_YELLOWS, s.yellows)),
        ) + tuple(Setting(f"tiles-{COLOUR_LETTERS[seat]}", _tiles_text(s.tiles[seat]), TILE_CHOICES) for seat in range(players))

    def set(self, s: MomoxState, name: str, value: str) -> str:
        setting = checked_setting(self.settings(s), name, value)
        if value == setting.value:
            return GAME.position(s)
        if name == "turn":
            return self._with_mover(s, int(value))
        if name == "to-move":
            return self._with_mover(s, _next_turn_of(s, COLOUR_LETTERS.index(value)))
        if name == "phase":
            phase = PHASES[PHASES.index(value)]  # the value as a phase (a choice: one of PHASES)
            return _text(s, phase=phase, yellows=0 if phase == OVER else s.yellows)
        if name == "yellows":
            return _text(s, yellows=int(value))
        seat = COLOUR_LETTERS.index(name.removeprefix("tiles-"))
        held = () if value == NO_TILES else tuple(int(ch) for ch in reversed(value))
        tiles = s.tiles[:seat] + (held,) + s.tiles[seat + 1 :]
        if len(held) == len(TILE_VALUES):  # four tiles end the round: the game is over there
            mover = replace(s, to_move=seat, turn=_next_turn_of(s, seat))
            return _text(mover, tiles=tiles, phase=OVER, yellows=0)
        if s.outcome is not None and seat == s.to_move:  # the finisher gives a tile back: play resumes
            return _text(s, tiles=tiles, phase=LIFT)
        return _text(s, tiles=tiles)

    @staticmethod
    def _with_mover(s: MomoxState, turn: int) -> str:
        """`s` at `turn`, its player to move; another player's turn begins afresh."""
        seat = _turn_seat(s, turn)
        if seat == s.to_move or s.outcome is not None:
            return _text(s, turn=turn, to_move=seat)
        return _text(s, turn=turn, to_move=seat, phase=LIFT, yellows=0)

    def empty(self, s: MomoxState) -> str:
        players = len(s.figures)
        chips = (0,) * CIRCLES if s.hidden else s.chips
        return _text(
            s,
            figures=START_FIELDS[:players],
            tiles=((),) * players,
            phase=LIFT,
            yellows=0,
            turn=1,
            to_move=first_seat(s.round, players),
            chips=chips,
            seen=(),
        )


if TYPE_CHECKING:
    # mypy checks the class against the editor's interface, for this game's states.
    _interface: PositionEditing[MomoxState] = Editing()

# The game's editing as its record (render/catalog.py) registers it.
EDITING = Editing()

__all__ = ["EDITING", "Editing"]
