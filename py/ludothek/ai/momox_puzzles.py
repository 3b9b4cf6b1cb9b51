"""Momox' puzzles: the only bowl whose lift surely reaches one of the mover's tiles this turn,
walking only chips the table remembers (`momox_sure_ways`). No other first lift is sure: for each, some
way the unremembered chips may lie leaves no walk to a tile at all (`momox_tile_lifts`, over
every such way). A puzzle's hidden chips are stored in ascending order on their circles
(`momox_canonical`): any order gives the same answer, and the file tells nothing. ai/momox.py's
`puzzle_best_moves` asks these for ai/puzzles.py, and its `mine_puzzles` mines with them here
(`mine_puzzles`, for scripts/mine_puzzles.py)."""

from __future__ import annotations

from typing import Callable, Iterator

from ..games.momox import GAME, LIFT, STAY, TAKE, TILE, HiddenChipError, Momox, MomoxMove, MomoxState
from ..games.momox_board import CIRCLES
from .puzzle_mining import Mine
from .base import ComputerPlayer


MOMOX_MOST_LIFTS = 4  # a sure walk of more lifts than this is no puzzle for a person


def momox_sure_ways(game: Momox, s: MomoxState, most_lifts: int = MOMOX_MOST_LIFTS) -> dict[MomoxMove, list[MomoxMove]]:
    """Momox, the mover lifting bowls: for each first lift from which remembered chips alone walk
    the figure to one of its tiles this turn (lifts landing on yellow fields, the last on the
    corner), the shortest such walk: its lifts, then `take`. Works on the observation, so a chip
    nobody remembers can never be part of a way (the engine refuses to lift it there)."""
    seat = game.current_player(s)
    if s.phase != LIFT or seat is None:
        return {}
    start = game.observation(s, None)
    ways: dict[MomoxMove, list[MomoxMove]] = {}
    frontier: list[tuple[MomoxState, list[MomoxMove]]] = [(start, [])]
    for _ in range(most_lifts):
        reached: list[tuple[MomoxState, list[MomoxMove]]] = []
        for state, lifts in frontier:
            for move in game.legal_moves(state):
                if move == STAY or (lifts and lifts[0] in ways):
                    continue
                try:
                    after = game.play(state, move)
                except HiddenChipError:
                    continue  # a chip nobody remembers: a gamble, not a way
                if _reaches_tile(game, after, seat):
                    ways.setdefault((lifts + [move])[0], lifts + [move, TAKE])
                elif after.phase == LIFT and after.to_move == seat and not game.is_over(after):
                    reached.append((after, lifts + [move]))
        frontier = [(state, lifts) for state, lifts in reached if lifts[0] not in ways]
    return ways


def _reaches_tile(game: Momox, s: MomoxState, seat: int) -> bool:
    if s.phase != TILE or s.to_move != seat:
        return False
    tile = game.pending_tile(s)
    return tile is not None and bool(tile.value)


def momox_tile_reachable(game: Momox, s: MomoxState, lift: str) -> bool:
    """Momox, a full state with the mover lifting bowls: can a walk that begins with `lift`
    reach one of the mover's tiles this turn? (Every chip is known in a full state: a search over
    the figure's field and the open circle.)"""
    seat = game.current_player(s)
    assert seat is not None, "a state with the mover lifting bowls has a mover"
    todo, visited = [game.play(s, lift)], set()
    while todo:
        state = todo.pop()
        if _reaches_tile(game, state, seat):
            return True
        if state.phase != LIFT or state.to_move != seat:
            continue
        place = (state.figures[seat], game.open_circle(state))
        if place in visited:
            continue
        visited.add(place)
        todo.extend(game.play(state, move) for move in game.legal_moves(state) if move != STAY)
    return False


def momox_layouts(game: Momox, s: MomoxState) -> Iterator[MomoxState]:
    """Every full state the observation of `s` allows: the chips nobody remembers in every order
    (the engine's `layouts`)."""
    return game.layouts(s)


def momox_tile_lifts(game: Momox, s: MomoxState) -> list[MomoxMove]:
    """The first lifts from which a tile is reachable this turn however the unremembered chips lie
    (an upper bound on the lifts that are sure: the player would also have to know the way). A
    lift is dropped by the first layout that leaves it no way."""
    lifts = [m for m in game.legal_moves(s) if m != STAY]
    for layout in momox_layouts(game, s):
        lifts = [lift for lift in lifts if momox_tile_reachable(game, layout, lift)]
        if not lifts:
            break
    return lifts


def momox_canonical(game: Momox, s: MomoxState) -> MomoxState:
    """The state with the unremembered chips in ascending order on their circles (what a puzzle
    stores: the real order is nobody's business and changes no answer): the engine's first layout."""
    return next(game.layouts(s))


def mine_puzzles(mine: Mine, player: Callable[[int, int], ComputerPlayer[MomoxState, MomoxMove]]) -> None:
    """Games of the strongest level against the middle one, two to four players. A position is
    kept when exactly one first lift surely reaches a tile of the mover this turn on remembered
    chips, no other lift could in every layout of the unremembered ones, and the mover has at
    least two remembered chips under bowls to choose from. Difficulty: the lifts the walk takes
    (one, two, three or four)."""
    game = GAME
    for seed in mine.seeds():
        players = 2 + seed % 3
        s = game.new_game(players=players, seed=seed)
        computer = [player(3 if seat % 2 == 0 else 2, seed * 10 + seat) for seat in range(players)]
        kept = set()  # difficulties kept from this game: one each, so that the puzzles differ
        while not game.is_over(s):
            if s.phase == LIFT:
                remembered_under_bowls = len(game.remembered_chips(s))
                ways = momox_sure_ways(game, s)
                # Every other game keeps only positions where some chip is still unknown (a lift
                # there is a gamble the puzzle must see past); the others also the fully remembered.
                if len(ways) == 1 and remembered_under_bowls >= 2 and len(s.seen) < CIRCLES + (seed % 2):
                    ((lift, way),) = ways.items()
                    difficulty = min(len(way) - 1, 3)
                    if difficulty not in kept and momox_tile_lifts(game, s) == [lift]:
                        kept.add(difficulty)
                        shown = momox_canonical(game, s)
                        mine.keep(difficulty, {"position": game.position(shown), "solution": lift, "line": way, "depth": len(way) - 1})
            mover = game.current_player(s)
            assert mover is not None, "a game under way has a mover"
            s = game.play(s, computer[mover].choose(s))


__all__ = ["mine_puzzles", "MOMOX_MOST_LIFTS", "momox_canonical", "momox_layouts", "momox_sure_ways", "momox_tile_lifts", "momox_tile_reachable"]
