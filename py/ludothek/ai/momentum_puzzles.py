"""Momentum's puzzles (two players): the only stone that forces a win within `depth` plies (1, 3
or 5: one to three own turns), no shorter win existing. `momentum_winning_moves` is an exact
search over the engine's own placement, as fast as mining three own turns needs; ai/momentum.py's
`puzzle_best_moves` asks it for ai/puzzles.py, and its `mine_puzzles` mines with it here
(`mine_puzzles`, for scripts/mine_puzzles.py)."""

from __future__ import annotations

import random
from typing import Callable

from ..games.momentum import GAME, Momentum, MomentumMove, next_seat, open_cells, place_stone
from ..games.momentum_state import PLACE, MomentumState
from ..games.notation import cell_name
from .puzzle_mining import Mine
from .puzzles import SearchTooLong, winning_moves
from .base import ComputerPlayer


def momentum_winning_moves(game: Momentum, s: MomentumState, plies: int, budget: int | None = None) -> list[str]:
    """Momentum: the stones after which the mover forces a win within `plies` plies (counting the
    stone), exactly as `winning_moves` finds them, but fast enough to mine three own turns.

    A hand shrinks by at most one stone per own turn, so a player with more stones in hand than
    own turns left cannot win in time: that cuts nearly every line at once. The stone that won
    and the reply that refuted last, at each depth, are tried first (the order changes only the
    speed, never the answer). `budget`: at most so many placements, else SearchTooLong (the miner
    passes over such positions). Positions with the pie rule still open or a round limit go
    through the plain search."""
    if s.phase != PLACE or s.round_limit or len(s.hands) != 2:
        return winning_moves(game, s, plies)
    search = _MomentumWinSearch(s, budget)
    board, hands = list(s.board), list(s.hands)
    turns = own_turns(plies)
    found = []
    for cell in open_cells(board):
        after, after_hands, won = search.place(board, hands, search.me, cell)
        if won or (turns > 1 and search.survives(after, after_hands, turns - 1)):
            found.append(cell_name(cell, s.width))
    return found


def own_turns(plies: int) -> int:
    """The mover's own turns within `plies` plies of a two-player game (the first ply is theirs)."""
    return (plies + 1) // 2


class _MomentumWinSearch:
    """The search of `momentum_winning_moves` from one position: `me` (the seat to move) wins
    (`wins`) or the opponent cannot stop it (`survives`), over boards as lists of cells and hands
    as lists of stones, with what it has learnt (the positions decided, the stone that won and
    the reply that refuted last at each depth) and the placements it has made (`budget`)."""

    def __init__(self, s: MomentumState, budget: int | None) -> None:
        self.width, self.height = s.width, s.height
        self.me = s.to_move
        self.opponent = next_seat(s.to_move, 2)
        self.budget = budget
        self.memo: dict[tuple[str, tuple[int, ...], int], bool] = {}
        self.winner_at: dict[int, int] = {}  # turns left -> the stone that won last there
        self.refuter_at: dict[int, int] = {}  # turns left -> the reply that refuted last there
        self.work = 0

    def place(self, board: list[str], hands: list[int], seat: int, cell: int) -> tuple[list[str], list[int], bool]:
        """The board and hands after `seat` places on `cell`, and whether `seat` has won."""
        self.work += 1
        if self.budget is not None and self.work > self.budget:
            raise SearchTooLong()
        board, hands = board[:], hands[:]
        _pushes, won = place_stone(board, hands, seat, cell, self.width, self.height)
        return board, hands, won

    def ordered(self, board: list[str], first: int | None) -> list[int]:
        cells = open_cells(board)
        if first is not None and first in cells:
            cells.remove(first)
            cells.insert(0, first)
        return cells

    def wins(self, board: list[str], hands: list[int], turns: int) -> bool:
        # `me` to move with `turns` own turns left (the last one included).
        me = self.me
        if hands[me] > turns:
            return False
        key = ("".join(board), tuple(hands), turns)
        if key in self.memo:
            return self.memo[key]
        result = False
        for cell in self.ordered(board, self.winner_at.get(turns)):
            after, after_hands, won = self.place(board, hands, me, cell)
            if won or (turns > 1 and self.survives(after, after_hands, turns - 1)):
                self.winner_at[turns] = cell
                result = True
                break
        self.memo[key] = result
        return result

    def survives(self, board: list[str], hands: list[int], turns: int) -> bool:
        # The opponent to move: does every reply leave `me` a win within `turns` own turns?
        me = self.me
        if hands[me] > turns:
            return False
        replies = []
        for cell in self.ordered(board, self.refuter_at.get(turns)):
            after, after_hands, won = self.place(board, hands, self.opponent, cell)
            if won or after_hands[me] > turns:
                return False  # the opponent wins, or pushes too many stones back into my hand
            replies.append((cell, after, after_hands))
        for cell, after, after_hands in replies:
            if not self.wins(after, after_hands, turns):
                self.refuter_at[turns] = cell
                return False
        return True


def momentum_shortest_win(game: Momentum, s: MomentumState, most_plies: int = 5, budget: int | None = None) -> tuple[list[str], int]:
    """The stones that win soonest (within `most_plies`) and the plies the win takes (0: none)."""
    for plies in range(1, most_plies + 1, 2):
        found = momentum_winning_moves(game, s, plies, budget)
        if found:
            return found, plies
    return [], 0


def mine_puzzles(mine: Mine, player: Callable[[int, int], ComputerPlayer[MomentumState, MomentumMove]]) -> None:
    """Games of the hard level against itself and weaker levels (seeded, after a few random
    stones), where stones get pushed off and hands run low. A position is kept when its mover forces a win
    within one to three own turns with exactly one first stone (and no faster win exists);
    the difficulty is the number of turns (and whether the stone is quiet, see below). Random positions hold one in some 3000."""
    game = GAME
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed, pie=False)
        rng = random.Random(seed)
        for _ in range(2 + seed % 3):
            s = game.play(s, rng.choice(game.legal_moves(s)))
        # The hard level against itself and against weaker ones: close games, where hands run
        # low on both sides, and lopsided ones, where the stronger side finds a forced win.
        levels = PAIRINGS[seed % len(PAIRINGS)]
        players = [player(level, seed * 10 + seat) for seat, level in enumerate(levels)]
        while not game.is_over(s) and mine.time_left():
            seat = s.to_move
            if s.hands[seat] <= 3 and len(game.legal_moves(s)) >= 6:
                try:
                    wins, plies = momentum_shortest_win(game, s, 5, budget=MINING_BUDGET)
                except SearchTooLong:
                    wins = []  # too tangled to prove quickly (and to verify in the tests): passed over
                if len(wins) == 1:
                    # By depth: one own turn is easy; two turns easy when the stone pushes an
                    # opponent's stone off the board (it catches the eye), medium when it is
                    # quiet; three turns medium when it pushes off, hard when it is quiet.
                    turns = own_turns(plies)
                    difficulty = 1 if turns == 1 else turns - (1 if _pushes_off(game, s, wins[0]) else 0)
                    mine.keep(difficulty, {"position": game.position(s), "solution": wins[0], "line": _momentum_line(game, s, wins[0], plies), "depth": plies})
            s = game.play(s, players[seat].choose(s))
        counts = {d: len(mine.found.get(d, [])) for d in (1, 2, 3)}
        mine.say(f"  momentum, {seed} games: {counts}, {mine.elapsed():.0f} s")


MINING_BUDGET = 40_000  # placements per position (under a second here)
PAIRINGS = ((3, 3), (3, 2), (2, 3), (3, 1), (1, 3), (2, 2))


def _pushes_off(game: Momentum, s: MomentumState, move: str) -> bool:
    seat = s.to_move
    after = game.play(s, move)
    return any(after.hands[other] > s.hands[other] for other in range(len(s.hands)) if other != seat)


def _momentum_line(game: Momentum, s: MomentumState, first: str, plies: int) -> list[str]:
    """The solution, then each time the defence that holds out longest (fewest winning answers
    among equals) and a fastest win, to the end."""
    line = [first]
    s = game.play(s, first)
    while not game.is_over(s):
        replies = []
        for reply in game.legal_moves(s):
            then = game.play(s, reply)
            wins, needed = momentum_shortest_win(game, then, plies)
            replies.append((-needed, len(wins), reply, wins[0]))
        _, _, reply, answer = min(replies)
        line += [reply, answer]
        s = game.play(game.play(s, reply), answer)
        plies -= 2
    return line


__all__ = ["mine_puzzles", "momentum_shortest_win", "momentum_winning_moves"]
