"""The plain-list model of Nummerus Zahlus that the computer players search (ai/nummerus.py).

The search works on plain lists (board fields, the owner of every number), taking chips and
putting them back in place instead of building states: a playout on the model runs about 20 times
as fast as one played through the engine (bench/nummerus_model_speed.py). The star's reach is the
engine's own rule on plain values (`reachable_fields`), as are a solitaire chip's chains
(`neighbour_chains`, `solitaire_add`) and a chain's tournament points (`chain_points`); what this
model keeps of the rules in its own form is a seat's chain lengths (`chain_profile`, runs of
MIN_CHAIN chips or more, read from the owners) and a finished round's result (`round_rewards`,
`Model.terminal_utilities`: asking the engine's scoring instead, from the owners, takes about 2.6
times as long, some 14% of a playout), which tests/test_nummerus_ai.py's
`test_the_search_model_agrees_with_the_engine` checks against the engine on seeded games
(tests/test_rules_in_one_place.py's RULE_MODELS).

Evaluation (per seat, then "mine minus the best opponent's"):
- each run of consecutive numbers is worth `W[length]`: steep in the basic game, where the
  longest chains decide lexicographically, and the tournament points n(n+1)/2 in a tournament;
- a run with a free neighbour (a number still on the board) may still grow: it gets part of the
  value of the next length, more when the player can reach that chip next turn;
- a finished round is judged exactly (who wins, or the point difference).

Solitaire: the successors of (board, star, chains) and their key, `solitaire_bound` (the fewest
chains that could be left if the star allowed any order), for the beam search.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..games.notation import SIDES
from ..games.nummerus import CHIPS, SOLITAIRE_REMOVED_FROM, NummerusState, chain_points, reachable_fields
from ..games.nummerus_scoring import MIN_CHAIN, Group, Groups, neighbour_chains, solitaire_add

FREE = -1  # owner of a number still on the board
WIN = 10**9

# Value of a run of n chips. Basic game: lexicographic comparison of chain lengths, so each
# extra chip of a run is worth more than several shorter runs (x3.5 per length).
BASIC_W = [0, 0] + [int(10 * 3.5 ** (n - 2)) for n in range(2, CHIPS + 2)]
TOURNAMENT_W = [chain_points(n) for n in range(CHIPS + 2)]
GROW = 0.35  # share of the next length's gain credited to a run with a free neighbour
GROW_REACH = 0.25  # extra share when the player to move can reach that free chip now


def owners(s: NummerusState) -> list[int]:
    owner = [FREE] * (CHIPS + 2)
    owner[0] = owner[CHIPS + 1] = -2  # sentinels: neither free nor anyone's
    for seat, groups in enumerate(s.collections):
        for lo, hi in groups:
            for n in range(lo, hi + 1):
                owner[n] = seat
    return owner


def chain_profile(owner: Sequence[int], seat: int) -> tuple[int, ...]:
    """Chain lengths (runs of MIN_CHAIN or more) longest first: the engine's `chain_lengths` of a
    seat of 2-4 players, read from the owners."""
    lengths = []
    run = 0
    for n in range(1, CHIPS + 2):
        if owner[n] == seat:
            run += 1
        else:
            if run >= MIN_CHAIN:
                lengths.append(run)
            run = 0
    return tuple(sorted(lengths, reverse=True))


class Model:
    """A 2-4 player position as plain lists, with make/unmake and the evaluation."""

    def __init__(self, s: NummerusState, tournament: bool):
        self.board = list(s.board)
        self.star = s.star
        self.owner = owners(s)
        self.players = len(s.collections)
        self.w = TOURNAMENT_W if tournament else BASIC_W
        self.tournament = tournament
        self.left = sum(1 for c in self.board if c)

    def take(self, field: int, seat: int) -> tuple[int, int]:
        chip = self.board[field]
        undo = (self.star, chip)
        self.board[field] = 0
        self.owner[chip] = seat
        self.star = field
        self.left -= 1
        return undo

    def untake(self, field: int, undo: tuple[int, int]) -> None:
        star, chip = undo
        self.board[field] = chip
        self.owner[chip] = FREE
        self.star = star
        self.left += 1

    def values(self, to_move: int) -> list[float]:
        """Heuristic worth of each seat's collection (see the module docstring)."""
        owner, w = self.owner, self.w
        values = [0.0] * self.players
        reachable = None
        n = 1
        while n <= CHIPS:
            seat = owner[n]
            if seat < 0:
                n += 1
                continue
            start = n
            while owner[n] == seat:
                n += 1
            length = n - start
            gain = w[length + 1] - w[length]
            value: float = w[length]
            for free in (start - 1, n):
                if owner[free] == FREE:
                    share = GROW
                    if seat == to_move:
                        if reachable is None:
                            reachable = {self.board[f] for f in reachable_fields(self.board, self.star)}
                        if free in reachable:
                            share += GROW_REACH
                    value += share * gain
            values[seat] += value
        return values

    def terminal_utilities(self) -> list[float]:
        """Exact result of a finished round, per seat: win/loss (basic game) or point margin."""
        w = self.w
        if self.tournament:
            points = [sum(w[n] for n in chain_profile(self.owner, p)) for p in range(self.players)]
            return [points[p] - max(points[q] for q in range(self.players) if q != p) for p in range(self.players)]
        profiles = [chain_profile(self.owner, p) for p in range(self.players)]
        out: list[float] = []
        for p in range(self.players):
            best_other = max(profiles[q] for q in range(self.players) if q != p)
            margin = sum(w[n] for n in profiles[p]) - sum(w[n] for n in best_other)
            sign = (profiles[p] > best_other) - (profiles[p] < best_other)
            out.append(sign * WIN + margin)
        return out

    def utilities(self, to_move: int) -> list[float]:
        if not self.left:
            return self.terminal_utilities()
        v = self.values(to_move)
        if self.players == 2:
            return [v[0] - v[1], v[1] - v[0]]
        return [v[p] - max(v[q] for q in range(self.players) if q != p) for p in range(self.players)]


TOURNAMENT_SCALE = 40  # a round's point margin that counts as a sure win in the search


def round_rewards(model: Model) -> list[float]:
    """Each seat's result of a finished round in [0, 1]: 1 a sole win, shared or drawn less, 0 a
    loss (basic game); in a tournament the point margin, scaled."""
    players = model.players
    if model.tournament:
        points = [sum(model.w[n] for n in chain_profile(model.owner, p)) for p in range(players)]
        return [min(1.0, max(0.0, 0.5 + (points[p] - max(points[q] for q in range(players) if q != p)) / (2 * TOURNAMENT_SCALE))) for p in range(players)]
    profiles = [chain_profile(model.owner, p) for p in range(players)]
    top = max(profiles)
    winners = [p for p in range(players) if profiles[p] == top]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]


LOWER, UPPER = SIDES  # a solitaire move's side: the chip joins the lower or the upper chain


def solitaire_takes(board: bytes, star: int, chains: Groups) -> list[tuple[int, str | None]]:
    """The solitaire moves from (board, star, chains) as values, in the star's order of directions
    (`reachable_fields`; the engine lists its moves by field): (field, side), the side LOWER or
    UPPER where the chip could join either chain, else None."""
    moves: list[tuple[int, str | None]] = []
    for f in reachable_fields(board, star):
        lower, upper = neighbour_chains(chains, board[f])
        if lower and upper:
            moves += [(f, LOWER), (f, UPPER)]
        else:
            moves.append((f, None))
    return moves


def solitaire_child(board: bytes, star: int, chains: Groups, field: int, side: str | None) -> tuple[bytes, int, Groups]:
    """(board, star, chains) after the solitaire move taking the chip on `field` (to the chain on
    `side`, see `solitaire_takes`): the engine's move on plain values."""
    b = bytearray(board)
    b[field] = 0
    return bytes(b), field, solitaire_add(chains, board[field], side)[0]


def solitaire_bound(chains: Sequence[Group]) -> int:
    """The fewest solitaire chains that can be left at the end if the remaining numbers could be
    taken in any order (a lower bound: the star may force worse; exact once the board is empty).

    Every number not in a chain is still on the board, so the gaps between chains are free. A
    chain below 6 needs numbers from the gap below or above it; going up the chains, each takes
    what it lacks from the gap below first (only it can still use that), then from the gap above,
    which it shares with the next chain; a chain that cannot reach 6 takes nothing and stays."""
    short = 0
    left_below = chains[0][0] - 1 if chains else 0
    for i, (lo, hi) in enumerate(chains):
        need = SOLITAIRE_REMOVED_FROM - (hi - lo + 1)
        above = (chains[i + 1][0] if i + 1 < len(chains) else CHIPS + 1) - hi - 1
        if need <= 0:
            left_below = above
            continue
        from_below = min(need, left_below)
        if from_below + above < need:
            short += 1
            left_below = above
        else:
            left_below = above - (need - from_below)
    return short


def solitaire_key(board: bytes, chains: Sequence[Group]) -> tuple[int, int]:
    """Lower is better: the bound on chains left, then the chips the short chains still lack
    (every new chain adds 5, so this also counts the chains started)."""
    lacking = sum(max(0, SOLITAIRE_REMOVED_FROM - (hi - lo + 1)) for lo, hi in chains)
    return (solitaire_bound(chains), lacking)
