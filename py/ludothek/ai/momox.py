"""Momox computer players: they remember uncovered chips (some better than others) and plan.

What a player knows comes only from its observation (`game.observation`): the open chip, and the
public memory `seen`, the face-up chips least recently uncovered first. A level with memory m
remembers the last m of them (the open chip is always among them) and treats every other chip
as unknown: each still unknown value is equally likely under each circle it does not remember.
So permuting chips a player has not seen can never change its decision.

Planning: on its turn the player searches its choices of bowls as an expectimax tree (a known
chip walks a known distance, an unknown one is a lottery over the values it does not know),
following chains of yellow fields a few bowls deep; on a yellow field it may also stay (see
`_Plan.stay_value`). The end of a turn is valued with a table of
expected turns still needed to collect the remaining tiles from each field, computed once from
the board (`momox_board.FIELDS`) under a model of a player who picks the best chip most of the
time (`RACE_CONTROL`) and otherwise walks a random one. The strongest level also counts the chip it
leaves open against the next player (who cannot use that number), and over several rounds
chooses which tiles to take: for each order of collecting the rest it weighs the number formed,
and the lead over the opponents' numbers, by the chance that each leg ends before the quickest
opponent ends the round. How quick an opponent is, it reads from the tiles taken in the turns
played so far this round (a slow opponent leaves time to wait for the better digits).
"""

from __future__ import annotations

import math
from itertools import permutations
from typing import Generator, NamedTuple, TYPE_CHECKING

from ..games.momox import GAME, KEEP, LIFT, LEAVE, LIFT_MOVES, RESHUFFLE, SHUFFLE, STAY, TAKE, TILE, Momox, MomoxEffect, MomoxMove, MomoxState
from ..games.momox import landing, next_seat, number_of, tile_beside, turns_played
from ..games.momox_board import CHIP_VALUES, CIRCLES, CORNER_FIELDS, FIELD_COUNT, YELLOW_FIELDS
from .base import ComputerPlayer, GameAI, Level, MoveValue, MoveValues, PlayerBase, Puzzles, ReviewRules, Search, SearchBudget, run_search


if TYPE_CHECKING:
    from .puzzle_mining import Mine

LEVELS = [
    Level(1, "Forgetful", "Remembers only the last two chips it saw and looks one bowl ahead."),
    Level(
        2,
        "Attentive",
        "Remembers the last three chips it saw, looks one bowl ahead and keeps what it knows when it may reshuffle.",
    ),
    Level(
        3,
        "Elephant",
        "Remembers every chip ever uncovered, plans its route over yellow fields to the corners three bowls "
        "deep, blocks the next player's number and, over several rounds, chooses which tiles to take.",
    ),
]

# Memory is what tells the levels apart: with four chips remembered and two bowls of planning
# level 2 won 48% of 100 games against level 3; with three and one bowl it wins 28% of 1000 and
# still beats level 1 in 79% (bench/strength.py momox, 2026-11-23).
MEMORY = {1: 2, 2: 3, 3: CIRCLES}  # face-up chips remembered, most recently uncovered first
DEPTH = {1: 1, 2: 1, 3: 3}  # bowls looked ahead within one turn (each yellow field adds one)
BLOCKING = {1: 0.0, 2: 0.0, 3: 1.0}  # weight of the next player's loss from the chip left open
PLANS_TILES = {1: False, 2: False, 3: True}  # several rounds: chooses take/leave by the number formed
# Offered a reshuffle: level 1 does as the fancy takes it, level 2 keeps what it knows, level 3
# reshuffles only when it is behind in the race.
SHUFFLE_POLICY = {1: "whim", 2: "keep", 3: "when behind"}

# The turns tables model a player who on a share of the steps can pick the best chip (knows it)
# and otherwise walks a random one. Moves are planned with a modest share (early on, few chips
# are known); how soon a round ends, with a high one (by then the chips in use are known).
RACE_CONTROL = 0.6
ROUND_CONTROL = 0.9
# Over several rounds, the strongest level times its own legs with this share (cautious: the
# opponents are timed with ROUND_CONTROL), so it leaves a tile only when it can afford to.
LEG_CONTROL = 0.6
WIN = 1000.0  # utility of taking the last tile (ends the round) in a race
PRIOR_TURNS = 3.0  # weight, in turns, of the assumption that an opponent plays at the model's pace
MAX_SLOWNESS = 8.0
ROUND_END_SPREAD = 1.5  # turns: how sharply the chance to finish a leg falls as it nears the round's end
SHUFFLE_MARGIN = 1.0  # turns behind the best opponent before the strongest level reshuffles
# Our board lets a turn run round the yellow fields for ever (chips 3 and 5 alternate from yellow
# to yellow). Once a turn has landed on as many yellow fields as the board has, another yellow
# landing is valued as a wasted turn, so a player caught in that loop leaves it.
LOOP_YELLOWS = len(YELLOW_FIELDS)
NODES_PER_CHUNK = 40  # expectimax nodes between yields (a few ms of CPython time)

_CORNER_BIT = {field: 1 << i for i, field in enumerate(CORNER_FIELDS)}

# The searches' model of a bowl lifted: where the figure lands, and whether a tile of the corners
# still needed (`need`, bits in CORNER_FIELDS order) lies there, the turn goes on from a yellow
# field (with any bowl but the one just lifted, whose circle is open now), or it ends. The engine
# answers the same (`Momox.effect`), but a search asks it at every node, where a state played
# costs a hundred times the model (bench/momox_bench.py model); tests/test_momox_ai.py checks
# that the two agree on seeded games.
TILE_REACHED, GOES_ON, TURN_ENDS = 0, 1, 2


def lift_model(field: int, value: int, need: int) -> tuple[int, int]:
    """(landing field, TILE_REACHED / GOES_ON / TURN_ENDS) of walking `value` from `field`."""
    q = landing(field, value)
    if _CORNER_BIT.get(q, 0) & need:
        return q, TILE_REACHED
    return q, GOES_ON if q in YELLOW_FIELDS else TURN_ENDS


def known_chips(seen: tuple[tuple[int, int], ...], memory: int) -> list[int]:
    """The chip value under each circle as a player who remembers the last `memory` turned-up
    chips knows it (0: not known)."""
    known = [0] * CIRCLES
    for circle, value in seen[-memory:]:
        known[circle] = value
    return known


class Tables(NamedTuple):
    """turns[mask][field]: expected turns, this one included, to collect the tiles beside the
    corners in `mask` (bits in CORNER_FIELDS order) when a turn starts on `field`;
    cont[mask][field][e]: the same in the middle of a turn that goes on after a yellow field,
    with the chip showing `e` open."""

    turns: dict[int, list[float]]
    cont: dict[int, list[list[float]]]


# Built once per process and control share (about 0.05 s each, in chunks).
TABLES: dict[float, Tables] = {}


def build_tables(control: float) -> Generator[None, None, Tables]:
    """The turns tables for `control` (value iteration per set of target corners); a generator
    that yields between chunks of work and returns the tables."""
    if control in TABLES:
        return TABLES[control]
    turns: dict[int, list[float]] = {0: [0.0] * FIELD_COUNT}
    cont: dict[int, list[list[float]]] = {0: [[0.0] * (len(CHIP_VALUES) + 1) for _ in range(FIELD_COUNT)]}
    masks = sorted(range(1, 1 << len(CORNER_FIELDS)), key=lambda m: (bin(m).count("1"), m))
    values = len(CHIP_VALUES)
    for mask in masks:
        t = [float(bin(mask).count("1")) * 2.0] * FIELD_COUNT
        w = [[0.0] * (values + 1) for _ in range(FIELD_COUNT)]
        lifts = [[(v, *lift_model(field, v, mask)) for v in CHIP_VALUES] for field in range(FIELD_COUNT)]
        for sweep in range(400):
            delta = 0.0
            for field in range(FIELD_COUNT - 1, -1, -1):
                outcome = []
                for v, q, kind in lifts[field]:
                    if kind == TILE_REACHED:
                        rest = mask & ~_CORNER_BIT[q]
                        outcome.append(1.0 + turns[rest][q] if rest else 1.0)
                    elif kind == GOES_ON:
                        # On a yellow field the player may go on (w) or stay and end the turn there.
                        outcome.append(min(w[q][v], 1.0 + t[q]))
                    else:
                        outcome.append(1.0 + t[q])
                total = sum(outcome)
                row = w[field]
                start = 0.0
                for e in range(1, values + 1):
                    others = outcome[: e - 1] + outcome[e:]
                    row[e] = control * min(others) + (1.0 - control) * (total - outcome[e - 1]) / (values - 1)
                    start += row[e]
                start /= values  # at the start of a turn the open chip is any value
                delta = max(delta, abs(start - t[field]))
                t[field] = start
            if delta < 1e-6:
                break
            if sweep % 8 == 7:
                yield None
        turns[mask], cont[mask] = t, w
        yield None
    TABLES[control] = Tables(turns, cont)
    return TABLES[control]


def tiles_to_collect(seat: int, held: tuple[int, ...]) -> list[tuple[int, int]]:
    """(corner, value) of each tile of `seat` still lying beside a corner (the engine's
    `tile_beside`), in corner order."""
    return [(field, value) for field in CORNER_FIELDS if (value := tile_beside(field, seat, held))]


def need_mask(seat: int, held: tuple[int, ...]) -> int:
    """Corners (as bits) beside which a tile of this seat still lies."""
    mask = 0
    for field, _value in tiles_to_collect(seat, held):
        mask |= _CORNER_BIT[field]
    return mask


class MomoxPlayer(PlayerBase[MomoxState, MomoxMove, MomoxEffect]):
    game: Momox

    """A Momox player: its level's memory, planning depth, blocking, tile plans and shuffle
    policy. Each search makes a `_Plan`, which holds what that search works with."""

    def __init__(self, game: Momox, level: int, seed: int = 0, time_limit: float | None = None):
        super().__init__(game, level, seed, time_limit)
        self.memory = MEMORY[level]
        self.depth = DEPTH[level]
        self.blocking = BLOCKING[level]
        self.plans_tiles = PLANS_TILES[level]
        self.shuffle_policy = SHUFFLE_POLICY[level]

    def search(self, s: MomoxState) -> Search[MomoxMove]:
        obs = self.view(s)
        moves = self.game.legal_moves(obs)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        plan = yield from _Plan.begin(self, obs, self.budget())
        if obs.phase == TILE:
            yield None
            return plan.tile_choice(obs)
        if obs.phase == SHUFFLE:
            yield None
            return self._shuffle_choice(plan, obs)
        assert obs.phase == LIFT
        return (yield from self._lift_choice(plan, obs, moves))

    def _shuffle_choice(self, plan: "_Plan", obs: MomoxState) -> MomoxMove:
        if self.shuffle_policy == "whim":
            return self.rng.choice((RESHUFFLE, KEEP))
        if self.shuffle_policy == "keep":
            return KEEP
        # Reshuffling throws away what everyone knows: worth it only for a player who is behind.
        mine = plan.round_turns[plan.need][obs.figures[plan.me]]
        return RESHUFFLE if mine > plan.horizon + SHUFFLE_MARGIN else KEEP

    def _lift_choice(self, plan: "_Plan", obs: MomoxState, moves: list[MomoxMove]) -> Search[MomoxMove]:
        known = known_chips(obs.seen, self.memory)
        field = obs.figures[plan.me]
        scored = []
        for circle in self.game.liftable_circles(obs):
            value = yield from plan.lift(field, circle, tuple(known), plan.need, 1)
            scored.append((value, circle))
        best = max(v for v, _ in scored)
        if STAY in moves:
            stay = yield from plan.stay_value(field, self.game.open_circle(obs), tuple(known))
            if stay > best + 1e-9:
                return STAY
        choices = [circle for v, circle in scored if v >= best - 1e-9]
        return LIFT_MOVES[choices[0] if len(choices) == 1 else self.rng.choice(choices)]

    def move_values(self, s: MomoxState) -> MoveValues:
        """The value of every legal move of `s` for the player to move, on the strongest level's
        evaluation: its expectimax over the bowls (minus the expected turns still needed) and its
        plan value for take / leave. `s` should be what the player sees. None for shuffle / keep
        (a policy, not a value)."""
        strongest = MomoxPlayer(self.game, max(MEMORY), self.seed)
        plan = yield from _Plan.begin(strongest, s, SearchBudget(self.clock))
        moves = self.game.legal_moves(s)
        if s.phase == TILE:
            if not plan.multi_round:
                # A race: leaving costs a lap.
                return None if len(moves) < 2 else [MoveValue(TAKE, 0.0), MoveValue(LEAVE, -1.0)]
            tile = self.game.pending_tile(s)
            assert tile is not None  # the phase of a tile on offer
            # The plan value is a number's lead; a tenth of its digit value counts like a turn.
            take = plan.plan_value(tile.field, plan.held + (tile.value,))
            leave = plan.plan_value(tile.field, plan.held)
            scale = 10 ** max(0, len(plan.held) - 1)
            return [MoveValue(TAKE, take / scale), MoveValue(LEAVE, leave / scale)]
        if s.phase != LIFT:
            return None  # shuffle / keep: a policy, not a value
        known = known_chips(s.seen, strongest.memory)
        here = s.figures[plan.me]
        values = []
        for circle in self.game.liftable_circles(s):
            values.append(MoveValue(LIFT_MOVES[circle], (yield from plan.lift(here, circle, tuple(known), plan.need, 1))))
        if STAY in moves:
            values.append(MoveValue(STAY, (yield from plan.stay_value(here, self.game.open_circle(s), tuple(known)))))
        return values


class _Plan:
    """One search of a Momox player: the turns tables, what the search needs about the table
    (own targets, the next player, the race) and its budget (the expectimax nodes counted as
    its work). Made per search, so nothing of it stays on the player."""

    turns: dict[int, list[float]]
    cont: dict[int, list[list[float]]]
    round_turns: dict[int, list[float]]
    leg_turns: dict[int, list[float]]

    def __init__(self, player: MomoxPlayer, budget: SearchBudget):
        self.game = player.game
        self.depth = player.depth
        self.blocking = player.blocking
        self.plans_tiles = player.plans_tiles
        self.budget = budget
        self.out_of_time = False

    @classmethod
    def begin(cls, player: MomoxPlayer, obs: MomoxState, budget: SearchBudget) -> Generator[None, None, "_Plan"]:
        """A plan for `obs` (a generator: the tables are built in chunks the first time)."""
        plan = cls(player, budget)
        plan.turns, plan.cont = yield from build_tables(RACE_CONTROL)
        plan.round_turns = (yield from build_tables(ROUND_CONTROL)).turns
        plan.leg_turns = (yield from build_tables(LEG_CONTROL)).turns
        plan.prepare(obs)
        return plan

    def prepare(self, obs: MomoxState) -> None:
        """What the search needs about the table: own targets, the next player, the race."""
        self.me = me = obs.to_move
        players = len(obs.figures)
        self.held = obs.tiles[me]
        self.need = need_mask(me, self.held)
        self.multi_round = obs.several_rounds and self.plans_tiles
        nxt = next_seat(obs)
        self.next_field = obs.figures[nxt]
        self.next_need = need_mask(nxt, obs.tiles[nxt])
        self.block_weight = self.blocking if players == 2 else self.blocking / 2
        # How slow each opponent is compared with the model's able player, from the tiles taken
        # in the turns played so far this round; the round ends when the quickest opponent has
        # all four tiles (in turns from now).
        self.slowness = {seat: self._slowness(obs, seat) for seat in range(players) if seat != me}
        self.horizon = min(self.round_turns[need_mask(seat, obs.tiles[seat])][obs.figures[seat]] * slow for seat, slow in self.slowness.items())
        self._pv_cache: dict[tuple[int, tuple[int, ...], float], float] = {}
        self.opponent_legs = self._opponent_legs(obs) if self.multi_round else []
        self.turn_yellows = obs.yellows

    def _slowness(self, obs: MomoxState, seat: int) -> float:
        """The model's pace (tiles per turn) over this opponent's pace so far, with a prior of
        PRIOR_TURNS turns at the model's pace; 1 for an able player, more for a slow one."""
        played = turns_played(obs, seat)
        model_pace = len(CORNER_FIELDS) / self.round_turns[(1 << len(CORNER_FIELDS)) - 1][obs.figures[seat]]
        pace = (len(obs.tiles[seat]) + PRIOR_TURNS * model_pace) / (played + PRIOR_TURNS)
        return min(MAX_SLOWNESS, max(1.0, model_pace / pace))

    def tile_choice(self, obs: MomoxState) -> MomoxMove:
        if not self.multi_round:
            return TAKE  # in a race every tile is needed: leaving one costs a lap
        tile = self.game.pending_tile(obs)
        assert tile is not None  # the phase of a tile on offer
        take = self.plan_value(tile.field, self.held + (tile.value,))
        leave = self.plan_value(tile.field, self.held)
        return TAKE if take >= leave else LEAVE

    def stay_value(self, field: int, open_c: int, known: tuple[int, ...]) -> Generator[None, None, float]:
        """Expected utility of staying on the yellow field `field` (a generator, like `lift`).

        The heuristic: staying ends this turn here (one turn spent) and the player starts its next
        turn from this field. By then the next player has turned a bowl over the chip open now, so that
        chip, whose value the player knows, can be lifted next turn; only the circle the next player
        uncovers is closed to it. So the next turn is searched like this one, once for each circle
        the next player may uncover (equally likely), and averaged. Staying wins when the chips the
        player remembers reach a corner from here next turn while every bowl now would carry the
        figure past it or onto a plain field, or when going on is a poor lottery over unknown chips.
        Leaving the number just walked open also costs the next player (`_block`). Deeper in the
        search a yellow field is valued with the turns table for staying, which (like the tables
        themselves) counts a yellow landing as the better of going on and staying."""
        total, cases = 0.0, 0
        saved = self.turn_yellows
        self.turn_yellows = 0  # the next turn starts its own yellow count
        for opened in range(CIRCLES):
            if opened == open_c:
                continue
            best = -math.inf
            for circle in range(CIRCLES):
                if circle != opened:
                    best = max(best, (yield from self.lift(field, circle, known, self.need, 1)))
            total += best
            cases += 1
        self.turn_yellows = saved
        return -1.0 + total / cases + self._block(known[open_c])

    def _tick(self) -> bool:
        """Count a node; True when it is time to yield to the page."""
        budget = self.budget
        budget.work += 1
        if budget.work % NODES_PER_CHUNK:
            return False
        if budget.out_of_time():
            self.out_of_time = True  # from now on every yellow field is valued by the table
        return True

    def lift(self, field: int, circle: int, known: tuple[int, ...], need: int, depth: int) -> Generator[None, None, float]:
        """Expected utility of lifting the bowl from `circle` (a generator: yields between chunks)."""
        value = known[circle]
        if value:
            return (yield from self._walk(field, circle, value, known, need, depth))
        unknown = [v for v in CHIP_VALUES if v not in known]
        total = 0.0
        for v in unknown:
            revealed = known[:circle] + (v,) + known[circle + 1 :]
            total += yield from self._walk(field, circle, v, revealed, need, depth)
        return total / len(unknown)

    def _walk(self, field: int, circle: int, value: int, known: tuple[int, ...], need: int, depth: int) -> Generator[None, None, float]:
        if self._tick():
            yield None
        q, kind = lift_model(field, value, need)
        if kind == TILE_REACHED:
            rest = need & ~_CORNER_BIT[q]
            if not rest:
                return WIN
            return -(1.0 + self.turns[rest][q]) + self._block(value)
        if kind == GOES_ON:
            if self.turn_yellows + depth >= LOOP_YELLOWS:
                return -(2.0 + self.turns[need][q])
            if depth < self.depth and not self.out_of_time:
                best = -(1.0 + self.turns[need][q]) + self._block(value)  # stay here
                for nxt in range(CIRCLES):
                    if nxt != circle:
                        best = max(best, (yield from self.lift(q, nxt, known, need, depth + 1)))
                return best
            return max(-self.cont[need][q][value], -(1.0 + self.turns[need][q]) + self._block(value))
        return -(1.0 + self.turns[need][q]) + self._block(value)

    def _block(self, open_value: int) -> float:
        """Expected turns the next player loses because the chip showing `open_value` stays open."""
        if not self.block_weight or not self.next_need:
            return 0.0
        row = self.cont[self.next_need][self.next_field]
        return self.block_weight * (row[open_value] - self.turns[self.next_need][self.next_field])

    # -- several rounds: the number a plan is expected to form ---------------------------------

    def plan_value(self, field: int, held: tuple[int, ...], delay: float = 0.0) -> float:
        """Expected lead in this round's numbers over the opponents, for the best order of
        collecting the remaining tiles from `field` (starting `delay` turns late). Each of my
        tiles counts in its place weighted by the chance that its leg ends before the quickest
        opponent ends the round; each opponent tile by the chance that it is taken before I end
        the round."""
        key = (field, held, delay)
        cached = self._pv_cache.get(key)
        if cached is not None:
            return cached
        base = float(number_of(held))
        best = -math.inf
        for order in permutations(tiles_to_collect(self.me, held)):
            elapsed, at, mine = delay, field, base
            for i, (target, value) in enumerate(order):
                elapsed += self.leg_turns[_CORNER_BIT[target]][at]
                at = target
                mine += _chance_before(elapsed, self.horizon) * value * 10 ** (len(held) + i)
            theirs = sum(number + sum(_chance_before(when, elapsed) * worth for when, worth in legs) for number, legs in self.opponent_legs)
            best = max(best, mine - theirs)
        self._pv_cache[key] = best
        return best

    def _opponent_legs(self, obs: MomoxState) -> list[tuple[int, list[tuple[float, int]]]]:
        """Per opponent: the number held, and for each tile still to come (taken as the figure
        passes the corners, clockwise) when it is expected and what it adds."""
        result = []
        for seat in range(len(obs.figures)):
            if seat == self.me:
                continue
            held, at = obs.tiles[seat], obs.figures[seat]
            remaining = sorted(tiles_to_collect(seat, held), key=lambda tile: (tile[0] - at - 1) % FIELD_COUNT)
            elapsed, legs = 0.0, []
            for i, (target, value) in enumerate(remaining):
                elapsed += self.round_turns[_CORNER_BIT[target]][at] * self.slowness[seat]
                at = target
                legs.append((elapsed, value * 10 ** (len(held) + i)))
            result.append((number_of(held), legs))
        return result


def _chance_before(when: float, deadline: float) -> float:
    """Chance that something expected after `when` turns happens before `deadline` turns."""
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (when - deadline) / ROUND_END_SPREAD))))


def make_player(game: Momox, level: int, seed: int = 0) -> MomoxPlayer:
    if level not in MEMORY:
        raise ValueError(f"Momox has computer levels {', '.join(map(str, MEMORY))}, not {level!r}")
    return MomoxPlayer(game, level, seed)


def move_values(game: Momox, s: MomoxState) -> MoveValues:
    """The review's values of every legal move of `s` (see `MomoxPlayer.move_values`)."""
    return (yield from make_player(game, max(MEMORY)).move_values(s))


def hint(game: Momox, s: MomoxState) -> list[MoveValue]:
    """The strongest level's move in `s` (the Hint button's suggestion)."""
    return run_search(make_player(game, max(MEMORY)).hint(s))


# -- review and puzzles ------------------------------------------------------------------------------

REVIEW = ReviewRules(
    # Turns (the expected turns still needed to collect the tiles, and the next player's loss).
    thresholds=(0.05, 0.3, 0.9),
    score_scale=400.0,
)


def puzzle_best_moves(game: Momox, s: MomoxState, depth: int) -> list[str]:
    """A puzzle: the first lifts from which a tile is reachable this turn however the
    unremembered chips lie (ai/momox_puzzles.py; `depth`, the lifts, changes nothing)."""
    from .momox_puzzles import momox_tile_lifts

    return list(momox_tile_lifts(game, s))


def mine_puzzles(mine: Mine) -> None:
    """Mine the puzzles (ai/momox_puzzles.py)."""
    from .momox_puzzles import mine_puzzles as mine_momox

    mine_momox(mine, lambda level, seed: make_player(GAME, level, seed))


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer[MomoxState, MomoxMove]] = MomoxPlayer


# The game's computer players as its record (render/catalog.py) registers them.
AI = GameAI[MomoxState, MomoxMove, MomoxEffect](
    game=GAME,
    levels=tuple(LEVELS),
    make_player=lambda level, seed: make_player(GAME, level, seed),
    review=REVIEW,
    puzzles=Puzzles(lambda s, depth: puzzle_best_moves(GAME, s, depth), mine_puzzles),
)
