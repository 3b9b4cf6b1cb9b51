"""Nummerus Zahlus' position set up by hand (games/editing.py): the 48 number chips and the star on
the board's 49 fields, the chips each player has taken, whose turn it is, the number of players,
the tournament's rounds and points, and the swap variant's chips and step.

What is kept: every chip 1-48 is somewhere, on one field or in one player's collection (as the
notation requires), and the star is always on the board. So a piece is never made or destroyed,
only moved:
- a chip put on a field comes from where it was: from another field (the two fields trade what
  they hold, the star too) or from a player's collection (the chip that lay on the field, if any,
  goes into that collection in exchange; the star's field cannot take a chip from a collection,
  as the star would have nowhere to go);
- the star put on a field trades places with what lay there;
- a chip taken away from a field is taken by the player to move (it joins their collection), as
  a star move would take it; the star cannot be taken away;
- `empty` takes every chip off the board the same way (into the collection of the player to
  move) and leaves the star; in a tournament round that is not the last, one chip (the first in
  position order) stays, since a round whose board is empty is followed at once by the next;
- a player who leaves (fewer players) puts their chips back onto the board's empty fields, in
  ascending order onto the fields in position order (the empty fields are exactly the chips in
  the collections, so they always fit).
Collections are written as the notation wants them: with 2-4 players the maximal runs; in the
solitaire a chip taken joins the chain below it if there is one (else the one above, else it
starts a chain), and a chip leaving a chain splits it.

The swap step (the player to move has taken a chip and may swap) is kept through an edit only
while it still holds (a swap chip left, an opponent's single chip to take), as the pie token is in
Momentum; set explicitly, it is the engine that judges it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from .editing import EditRefused, Palette, PositionEditing, Setting, checked_setting
from .nummerus import CHIPS, FIELD_COUNT, FIELD_NAMES, GAME, MAX_ROUNDS, STAR_PHASE, SWAP_PHASE, NummerusState
from .nummerus import chain_points, parse_field, rulebook_swap_chips, runs
from .nummerus_scoring import Groups, numbers, solitaire_add

STAR_PIECE = "*"
CHIP_PIECES = tuple(str(n) for n in range(1, CHIPS + 1))
MOST_POINTS = chain_points(CHIPS)  # one round's points of one seat: a chain of all 48 chips
SWAP_VARIANT_CHOICES = ("off", "on")  # the setting "swap": the swap variant is played or not
PHASES = (STAR_PHASE, SWAP_PHASE)  # the phases an edited position may be in


class SeatSetting(NamedTuple):
    """What a seat's setting sets: a finished `round`'s points of `seat` (0-based), or with `round`
    None its swap chips left."""

    seat: int
    round: int | None


def points_setting(round_number: int, seat: int) -> str:
    """The name of the setting of `seat`'s points in the finished round `round_number`: 'points-1-2'."""
    return f"points-{round_number}-{seat + 1}"


def swaps_setting(seat: int) -> str:
    """The name of the setting of `seat`'s swap chips left: 'swaps-2'."""
    return f"swaps-{seat + 1}"


def seat_setting(name: str) -> SeatSetting | None:
    """The seat (and round) a setting's name speaks of (see `points_setting`, `swaps_setting`);
    None for the name of another setting or of none."""
    kind, *numbers = name.split("-")
    if not all(n.isascii() and n.isdigit() and 1 <= int(n) <= MAX_ROUNDS for n in numbers):
        return None
    if kind == "points" and len(numbers) == 2 and int(numbers[1]) <= GAME.max_players:
        return SeatSetting(int(numbers[1]) - 1, int(numbers[0]))
    if kind == "swaps" and len(numbers) == 1 and int(numbers[0]) <= GAME.max_players:
        return SeatSetting(int(numbers[0]) - 1, None)
    return None


def _take_out(groups: Groups, chip: int, solitaire: bool) -> Groups:
    """The collection without `chip`: the runs again, or in the solitaire its chain split."""
    if not solitaire:
        return runs(n for n in numbers(groups) if n != chip)
    out: list[tuple[int, int]] = []
    for lo, hi in groups:
        if lo <= chip <= hi:
            out += [g for g in ((lo, chip - 1), (chip + 1, hi)) if g[0] <= g[1]]
        else:
            out.append((lo, hi))
    return tuple(sorted(out))


def _put_in(groups: Groups, chip: int, solitaire: bool) -> Groups:
    """The collection with `chip`: the runs again, or in the solitaire joined as described above."""
    if not solitaire:
        return runs(numbers(groups) + [chip])
    return solitaire_add(groups, chip, "-")[0]


def _holder(s: NummerusState, chip: int) -> int | None:
    """The seat whose collection holds `chip` (None: it lies on the board)."""
    return next((seat for seat, groups in enumerate(s.collections) if chip in numbers(groups)), None)


def _text(s: NummerusState, keep_step: bool = False) -> str:
    """Position text of `s`; a swap step that no longer holds is dropped (unless `keep_step`)."""
    if s.phase == SWAP_PHASE and not keep_step and not GAME.swap_offered(s):
        s = replace(s, phase=STAR_PHASE)
    return GAME.position(s)


def _number(name: str, value: str, low: int, high: int) -> int:
    if not (value.isascii() and value.isdigit() and low <= int(value) <= high):
        raise EditRefused("bad-value", f"{name} is a whole number from {low} to {high}", setting=name, value=value)
    return int(value)


class Editing:
    def palette(self, s: NummerusState) -> Palette:
        return Palette((STAR_PIECE,) + CHIP_PIECES, frozenset(FIELD_NAMES), taken_to="collection")

    def _field(self, place: str) -> int:
        index = parse_field(place) if isinstance(place, str) else None
        if index is None:
            raise EditRefused("no-such-place", f"{place!r} is not a field of this board", place=place)
        return index

    def put(self, s: NummerusState, place: str, piece: str) -> str:
        index = self._field(place)
        if piece not in self.palette(s).pieces:
            raise EditRefused("no-such-piece", f"{piece!r} is not a piece of this game", piece=piece)
        board = bytearray(s.board)
        if piece == STAR_PIECE:
            # The star and what lay on the field trade places.
            board[s.star], board[index] = board[index], 0
            return _text(replace(s, board=bytes(board), star=index))
        chip = int(piece)
        seat = _holder(s, chip)
        if seat is None:
            # From another field: the two fields trade what they hold (the star too).
            origin = s.board.index(chip)
            board[origin], board[index] = board[index], chip
            star = origin if index == s.star else s.star
            return _text(replace(s, board=bytes(board), star=star))
        if index == s.star:
            raise EditRefused("star-covered", f"the star stands on {place} and never leaves the board", place=place, piece=piece)
        # From a collection: the chip that lay there, if any, goes into that collection instead.
        solitaire = GAME.is_solitaire(s)
        displaced = board[index]
        groups = _take_out(s.collections[seat], chip, solitaire)
        if displaced:
            groups = _put_in(groups, displaced, solitaire)
        board[index] = chip
        collections = s.collections[:seat] + (groups,) + s.collections[seat + 1 :]
        return _text(replace(s, board=bytes(board), collections=collections))

    def remove(self, s: NummerusState, place: str) -> str:
        index = self._field(place)
        if index == s.star:
            raise EditRefused("star-stays", f"the star on {place} never leaves the board", place=place)
        if not s.board[index]:
            raise EditRefused("place-empty", f"{place} is empty", place=place)
        return _text(self._taken(s, [index]))

    def _taken(self, s: NummerusState, fields: list[int]) -> NummerusState:
        """`s` with the chips on `fields` taken by the player to move."""
        board = bytearray(s.board)
        groups = s.collections[s.to_move]
        for index in fields:
            groups = _put_in(groups, board[index], GAME.is_solitaire(s))
            board[index] = 0
        collections = s.collections[: s.to_move] + (groups,) + s.collections[s.to_move + 1 :]
        return replace(s, board=bytes(board), collections=collections)

    def settings(self, s: NummerusState) -> tuple[Setting, ...]:
        players = len(s.collections)
        seats = tuple(str(seat + 1) for seat in range(players))
        out = [
            Setting("to-move", str(s.to_move + 1), seats),
            Setting("players", str(players), ("1", "2", "3", "4")),
        ]
        if GAME.is_solitaire(s):
            return tuple(out)
        out.append(Setting("rounds", str(s.rounds), low=0, high=MAX_ROUNDS))
        if s.rounds:
            out.append(Setting("round", str(s.round), low=1, high=s.rounds))
            for r, row in enumerate(s.round_points, start=1):
                out += [Setting(points_setting(r, seat), str(points), low=0, high=MOST_POINTS) for seat, points in enumerate(row)]
        out.append(Setting("swap", "on" if s.swap_chips_left else "off", SWAP_VARIANT_CHOICES))
        if s.swap_chips_left:
            out += [Setting(swaps_setting(seat), str(left), low=0, high=s.swap_chips_dealt) for seat, left in enumerate(s.swap_chips_left)]
            out.append(Setting("phase", SWAP_PHASE if s.phase == SWAP_PHASE else STAR_PHASE, PHASES))
        return tuple(out)

    def set(self, s: NummerusState, name: str, value: str) -> str:
        setting = checked_setting(self.settings(s), name, value)
        if value == setting.value:
            return GAME.position(s)
        if name == "to-move":
            return _text(replace(s, to_move=int(value) - 1))
        if name == "players":
            return _text(self._players(s, int(value)))
        if name == "swap":
            dealt = rulebook_swap_chips(len(s.collections)) if value == "on" else 0
            left = (dealt,) * len(s.collections) if dealt else ()
            return _text(replace(s, swap_chips_left=left, swap_chips_dealt=dealt, phase=STAR_PHASE))
        if name == "phase":
            return _text(replace(s, phase=SWAP_PHASE if value == SWAP_PHASE else STAR_PHASE), keep_step=True)
        number = _number(name, value, setting.low, setting.high)
        if name == "rounds":
            round_number = min(s.round, number) if number else 1
            return _text(replace(s, rounds=number, round=round_number, round_points=s.round_points[: round_number - 1]))
        if name == "round":
            zeros = (0,) * len(s.collections)
            points = (s.round_points + (zeros,) * number)[: number - 1]
            return _text(replace(s, round=number, round_points=points))
        of = seat_setting(name)
        if of is None:  # pragma: no cover - checked_setting knows only the settings above
            raise EditRefused("no-such-setting", f"{name!r} is not a setting of this position", setting=name)
        seat = of.seat
        if of.round is not None:
            r = of.round - 1
            row = s.round_points[r][:seat] + (number,) + s.round_points[r][seat + 1 :]
            return _text(replace(s, round_points=s.round_points[:r] + (row,) + s.round_points[r + 1 :]))
        return _text(replace(s, swap_chips_left=s.swap_chips_left[:seat] + (number,) + s.swap_chips_left[seat + 1 :]))

    def _players(self, s: NummerusState, players: int) -> NummerusState:
        """`s` with `players` seats: seats that leave put their chips back on the board (see the
        module's docstring); the solitaire has neither rounds nor swaps."""
        before = len(s.collections)
        collections = s.collections[:players] + ((),) * (players - before)
        leaving = sorted(n for groups in s.collections[players:] for n in numbers(groups))
        board = bytearray(s.board)
        empty = [i for i in range(FIELD_COUNT) if i != s.star and not board[i]]
        for index, chip in zip(empty, leaving):
            board[index] = chip
        if before == 1:
            collections = (runs(numbers(collections[0])),) + collections[1:]  # the solitaire's chains as runs
        changed = replace(s, board=bytes(board), collections=collections, to_move=s.to_move % players)
        if players == 1:
            return replace(changed, rounds=0, round=1, round_points=(), swap_chips_left=(), swap_chips_dealt=0, phase=STAR_PHASE)
        points = tuple((row + (0,) * players)[:players] for row in s.round_points)
        left, dealt = s.swap_chips_left, s.swap_chips_dealt
        if left:
            # The rulebook's number follows the player count; a number the option chose stays.
            if dealt == rulebook_swap_chips(before):
                dealt = rulebook_swap_chips(players)
            left = tuple(min(chips, dealt) for chips in left[:players]) + (dealt,) * (players - before)
        return replace(changed, round_points=points, swap_chips_left=left, swap_chips_dealt=dealt)

    def empty(self, s: NummerusState) -> str:
        chips = [i for i in range(FIELD_COUNT) if s.board[i]]
        if s.rounds and s.round < s.rounds:
            chips = chips[1:]  # a round before the last cannot end with an empty board (see above)
        return _text(self._taken(s, chips))


if TYPE_CHECKING:
    # mypy checks the class against the editor's interface, for this game's states.
    _interface: PositionEditing[NummerusState] = Editing()

# The game's editing as its record (render/catalog.py) registers it.
EDITING = Editing()

__all__ = ["EDITING", "Editing", "SeatSetting", "points_setting", "seat_setting", "swaps_setting"]
