"""Nummerus Zahlus' collections and their result: the groups a seat holds (runs of consecutive
numbers, or the solitaire's chains as formed), which chain a solitaire number joins, which chips a
swap may take, what chains score in a tournament, and the standings and winners they give.

Its own module because the result is one rule over the collections alone, asked by the engine
(games/nummerus.py), its state's `outcome` (games/nummerus_state.py) and its position checks
(games/nummerus_position.py). A collection is a tuple of groups (low, high), ascending.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Literal, NamedTuple

Group = tuple[int, int]  # a run or chain of chips, (low, high)
Groups = tuple[Group, ...]  # one seat's collection, ascending
# How a solitaire chip joined the chains: the lower or upper one it touched, or a new one.
Joined = Literal["lower", "upper", "new"]

MIN_CHAIN = 2  # a chain is a run of this many chips or more (in the solitaire every group is a chain)
SOLITAIRE_REMOVED_FROM = 6  # solitaire chains of this length or more are removed at the end
SOLITAIRE_WIN_AT_MOST = 2  # "2 ist nicht schlecht": we count 2 chains or fewer as a won solitaire


class SolitaireGrade(StrEnum):
    """The rulebook's word for a solitaire's result (the chains left)."""

    SUPERB = "superb"
    GOOD = "good"
    NOT_BAD = "not bad"


SOLITAIRE_GRADES = {0: SolitaireGrade.SUPERB, 1: SolitaireGrade.GOOD, 2: SolitaireGrade.NOT_BAD}


class HeldGroup(NamedTuple):
    """A group of a seat's collection as the rules see it: its chips `low` to `high`, whether it is
    a `chain`, whether it is `complete` (a solitaire chain long enough to be removed at the end)
    and whether it is one of the seat's `longest` chains (with 2-4 players, whose longest chains
    decide the basic game)."""

    low: int
    high: int
    chain: bool
    complete: bool
    longest: bool


def chain_points(length: int) -> int:
    """Tournament points of a chain of `length` chips: n(n+1)/2; single chips score 0 [decided]."""
    return length * (length + 1) // 2 if length >= MIN_CHAIN else 0


def runs(numbers: Iterable[int]) -> Groups:
    """The maximal runs of consecutive numbers, ascending, as (low, high)."""
    out: list[Group] = []
    for n in sorted(numbers):
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return tuple(out)


def numbers(groups: Iterable[Group]) -> list[int]:
    """Every chip of a collection, ascending."""
    return [n for lo, hi in groups for n in range(lo, hi + 1)]


def group_text(lo: int, hi: int) -> str:
    """A group in position notation: a single chip `9` or a range `3-5`."""
    return str(lo) if lo == hi else f"{lo}-{hi}"


def is_chain(group: Group, solitaire: bool) -> bool:
    """Whether a group is a chain: a run of 2 or more chips; in the solitaire every group is one."""
    return solitaire or group[1] - group[0] + 1 >= MIN_CHAIN


def chain_lengths_of(groups: Iterable[Group], solitaire: bool) -> list[int]:
    """Chain lengths longest first: runs of 2 or more; in the solitaire every group counts."""
    return sorted((hi - lo + 1 for lo, hi in groups if is_chain((lo, hi), solitaire)), reverse=True)


def held_groups(groups: Groups, solitaire: bool) -> tuple[HeldGroup, ...]:
    """Each group of a collection with what the rules make of it (see `HeldGroup`)."""
    longest = max(chain_lengths_of(groups, solitaire), default=0)
    out = []
    for lo, hi in groups:
        length, chain = hi - lo + 1, is_chain((lo, hi), solitaire)
        out.append(HeldGroup(lo, hi, chain, solitaire and length >= SOLITAIRE_REMOVED_FROM, chain and not solitaire and length == longest))
    return tuple(out)


def neighbour_chains(groups: Iterable[Group], number: int) -> tuple[Group | None, Group | None]:
    """The solitaire chain ending just below `number` and the one starting just above it."""
    lower = upper = None
    for lo, hi in groups:
        if hi == number - 1:
            lower = (lo, hi)
        elif lo == number + 1:
            upper = (lo, hi)
    return lower, upper


def solitaire_add(groups: Groups, number: int, side: str | None) -> tuple[Groups, Joined]:
    """The solitaire collection with `number` added to the chain `side` chooses ('-' the lower,
    '+' the upper, None the only one), and which it joined: 'lower', 'upper' or 'new'."""
    lower, upper = neighbour_chains(groups, number)
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


def free_chips(groups: Iterable[Group]) -> list[int]:
    """Chips outside any chain (single chips): the only ones an opponent may take in a swap."""
    return [lo for lo, hi in groups if not is_chain((lo, hi), False)]


def swap_possible(collections: Sequence[Groups], seat: int) -> bool:
    """True when `seat` holds a chip to give and some opponent a chip outside a chain to take."""
    return bool(collections[seat]) and any(free_chips(g) for other, g in enumerate(collections) if other != seat)


def chains_left(groups: Iterable[Group]) -> int:
    """Solitaire: the chains below 6 chips (those longer are removed at the end)."""
    return sum(1 for lo, hi in groups if hi - lo + 1 < SOLITAIRE_REMOVED_FROM)


def round_table(collections: Sequence[Groups], round_points: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Tournament points per round (rows) and seat: the finished rounds, then the round in play
    with the chains held now. In the basic game: one row of what the chains would score."""
    current = tuple(sum(chain_points(hi - lo + 1) for lo, hi in groups) for groups in collections)
    return list(round_points) + [current]


def scores(collections: Sequence[Groups], rounds: int, round_points: Sequence[tuple[int, ...]]) -> list[int]:
    """Basic game: each seat's longest chain; tournament: running point totals (finished
    rounds plus the round in play); solitaire: chains below 6 held now (lower is better)."""
    if len(collections) == 1:
        return [chains_left(collections[0])]
    if rounds:
        return [sum(row[i] for row in round_table(collections, round_points)) for i in range(len(collections))]
    return [max(chain_lengths_of(groups, False), default=0) for groups in collections]


def standings(collections: Sequence[Groups], rounds: int, round_points: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Seats best first, as groups of equals (a tuple of seats per place): by chain lengths
    compared longest first in the basic game, by running totals in a tournament."""
    if len(collections) == 1:
        return [(0,)]
    # A tournament's running totals, or the chain lengths longest first (compared lexicographically).
    keys = [(total,) for total in scores(collections, rounds, round_points)] if rounds else [tuple(chain_lengths_of(groups, False)) for groups in collections]
    return [tuple(i for i, k in enumerate(keys) if k == key) for key in sorted(set(keys), reverse=True)]


def leaders(collections: Sequence[Groups], rounds: int, round_points: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """With 2-4 players, the seats placed first while some seat is behind them; none when every
    seat ties (or in the solitaire): who leads, and once the game is over who won."""
    players = len(collections)
    first = standings(collections, rounds, round_points)[0]
    return () if len(first) == players else first


def final_winners(collections: Sequence[Groups], rounds: int, round_points: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The winners of a game that is over: the solitaire won with 2 chains or fewer left; else
    the leaders, none when every seat ties (a draw)."""
    if len(collections) == 1:
        return (0,) if chains_left(collections[0]) <= SOLITAIRE_WIN_AT_MOST else ()
    return leaders(collections, rounds, round_points)
