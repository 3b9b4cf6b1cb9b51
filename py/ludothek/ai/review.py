"""Move-by-move review of a finished (or unfinished) game: how good was each move?

    from ludothek.ai.review import review_record, run_review
    result = run_review(review_record(game, record))      # or drive the generator in slices
    for move in result.moves: move.grade, move.preferred, move.loss, move.note

Each move is judged in the position its player faced, on what that player could know then
(`game.observation(state, seat)`: in Mops Royal and Momox never the hidden pile or chips):

- Fenn exactly, from the solved table (the values' `exact` results): a move keeps the win,
  throws it away, keeps the draw ... with the number of turns to the end (`exact_judgement`).
- Momentum, Nummerus Zahlus, Mops Royal and Momox against the strongest level's evaluation,
  computed here with a fixed amount of work (so a review is the same every time):
  Momentum: the strongest level's alpha-beta on its own evaluation, every move searched
  `MOMENTUM_DEPTH` plies with a full window (exact minimax values, not bounds);
  Nummerus (2-4 players): the strongest level's Monte-Carlo tree search with
  `NUMMERUS_PLAYOUTS` playouts, a move valued by its mean result in [0, 1];
  Mops Royal: the planning levels' points-now-plus-potential, with the strongest level's
  one-round look-ahead for its best candidates (work-capped);
  Momox: the strongest level's expectimax over the keys (expected turns still needed) and its
  plan value for take / leave.
  The preferred move is the one the evaluation rates highest; the loss of a move is how much
  less it is worth, and the game's thresholds (in the evaluation's unit) turn the loss into
  best / good / inaccuracy / mistake. Decisions the evaluation has no value for
  (Nummerus solitaire and swap, Momox shuffle / keep) are left unjudged (grade None).

What differs between the games is declared by each game's AI module as `REVIEW`
(`ai.base.ReviewRules`: the thresholds, the fixed work, the chart's scale, how a two-player value
or an exact value becomes the chart's advantage), and asked through `ai.review_rules`: this
module never branches on a game's name.

The review is a generator, like the computer players' searches: it yields `None` between
small chunks of work and `Progress` after each move, and returns a `Review`. It calls only the
computer players' public interface (`ComputerPlayer.move_values` of the strongest level, seed 0,
with the game's fixed work, `ReviewRules.work`) and the game's `ReviewRules`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generator, Mapping

from ..games.base import AnyGame, StateBase, record_moves, run_to_end
from .base import AnyGameAI, AnyPlayer, Exact, MoveValue, ReviewRules

GRADES = ("best", "good", "inaccuracy", "mistake")


@dataclass(frozen=True)
class Progress:
    done: int  # moves reviewed
    total: int  # moves to review


@dataclass(frozen=True)
class MoveReview:
    """The judgement of move `index` (0-based, in the record's moves) by `seat`."""

    index: int
    seat: int
    move: str
    grade: str | None  # one of GRADES; None: not judged (the evaluation has no value for it)
    preferred: str | None  # the move the evaluation rates highest (None when not judged)
    loss: float = 0.0  # how much less than the preferred move it is worth, in the game's unit
    forced: bool = False  # the only legal move
    # Fenn: the exact outcome, e.g. "keeps the win", and the values of the move and of the best.
    note: str = ""  # "keeps-win", "throws-win", "keeps-draw", "throws-draw", "loses-slower", "loses-faster", ""
    value_text: str = ""  # e.g. "win in 3 turns" (Fenn), for the played move
    best_text: str = ""  # the same for the preferred move
    # The advantage after this move for seat 0 against the others, in [-1, 1] (the chart).
    advantage: float = 0.0


@dataclass(frozen=True)
class Review:
    game: str
    moves: tuple[MoveReview, ...]
    start_advantage: float = 0.0
    hidden_information: bool = False  # judged on what each player could know (the page says so)

    def worst(self) -> MoveReview | None:
        """The judged move that lost most (ties: the earliest), None if no move lost anything."""
        judged = [m for m in self.moves if m.grade is not None and m.grade != "best"]
        if not judged:
            return None
        order = {g: i for i, g in enumerate(GRADES)}
        return max(judged, key=lambda m: (order[str(m.grade)], m.loss, -m.index))

    def counts(self, seat: int) -> dict[str, int]:
        result = {g: 0 for g in GRADES}
        for m in self.moves:
            if m.seat == seat and m.grade is not None:
                result[m.grade] += 1
        return result

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "start": self.start_advantage,
            "hidden": self.hidden_information,
            "moves": [[m.index, m.seat, m.move, m.grade, m.preferred, m.loss, m.forced, m.note, m.value_text, m.best_text, m.advantage] for m in self.moves],
        }

    @staticmethod
    def from_json(data: object) -> "Review":
        """A review kept with a save; ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a review: not an object")
        try:
            moves = tuple(
                MoveReview(
                    int(i),
                    int(seat),
                    str(move),
                    grade if grade in GRADES else None,
                    preferred if preferred is None else str(preferred),
                    float(loss),
                    bool(forced),
                    str(note),
                    str(vt),
                    str(bt),
                    float(adv),
                )
                for i, seat, move, grade, preferred, loss, forced, note, vt, bt, adv in data["moves"]
            )
            return Review(str(data["game"]), moves, float(data.get("start", 0.0)), bool(data.get("hidden", False)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a review: {exc}") from exc


def grade_of(rules: ReviewRules, loss: float) -> str:
    best, good, inaccuracy = rules.thresholds
    if loss <= best + 1e-9:
        return "best"
    if loss <= good:
        return "good"
    if loss <= inaccuracy:
        return "inaccuracy"
    return "mistake"


# -- per-move values ---------------------------------------------------------------------------------


def reviewer(ai: AnyGameAI) -> AnyPlayer:
    """The player whose values judge the moves: the strongest level, seed 0, with the review's
    fixed amount of work."""
    player = ai.strongest(seed=0)
    player.max_work = ai.review.work
    return player


def move_values(ai: AnyGameAI, s: StateBase) -> Generator[None, None, dict[str, float] | None]:
    """The strongest level's value of every legal move of `s` for the player to move, judged on
    that player's observation (a generator: yields None between chunks). None: no values for
    this kind of decision. Exact values (Fenn's) are graded by `exact_judgement`."""
    game = ai.game
    obs = game.observation(s, game.current_player(s))
    values = yield from reviewer(ai).move_values(obs)
    return None if values is None else {mv.move: mv.value for mv in values}


# -- exact values (Fenn) ----------------------------------------------------------------------------


def exact_judgement(ai: AnyGameAI, s: StateBase, move: str) -> MoveReview:
    """The judgement of `move` in `s` from the exact values of its moves (a solved game: Fenn;
    index and advantage left at 0)."""
    game = ai.game
    seat = _mover(game, s)
    values = run_to_end(reviewer(ai).move_values(game.observation(s, seat))) or []
    by_move = {mv.move: mv for mv in values}
    best = max(values, key=lambda mv: mv.rank())
    played = by_move[move]
    bv, pv = _exact(best), _exact(played)
    if bv.outcome > 0:
        if pv.outcome > 0:
            note = "keeps-win"
            grade = "best" if pv.turns == bv.turns else ("good" if pv.turns <= bv.turns + 2 else "inaccuracy")
        else:
            note, grade = "throws-win", "mistake"
    elif bv.outcome == 0:
        note, grade = ("keeps-draw", "best") if pv.outcome == 0 else ("throws-draw", "mistake")
    else:
        if pv.turns == bv.turns:
            note, grade = "loses-slower", "best"
        else:
            note = "loses-faster"
            grade = "good" if pv.turns >= bv.turns - 2 else "inaccuracy"
    preferred = move if pv.rank() == bv.rank() else best.move
    loss = bv.score() - pv.score()
    return MoveReview(
        index=0,
        seat=seat,
        move=move,
        grade=grade,
        preferred=preferred,
        loss=max(0.0, loss),
        forced=len(values) == 1,
        note=note,
        value_text=pv.text(),
        best_text=bv.text(),
    )


def _mover(game: AnyGame, s: StateBase) -> int:
    """The seat that plays the next move of `s` (a record's moves are all players' moves)."""
    seat = game.current_player(s)
    if seat is None:
        raise ValueError("a move where no player is to move")
    return seat


def _exact(mv: MoveValue) -> Exact:
    if mv.exact is None:
        raise ValueError(f"{mv.move}: no exact value")
    return mv.exact


# -- advantage for the chart ------------------------------------------------------------------------


def _public_advantage(game: AnyGame, s: StateBase, rules: ReviewRules) -> float:
    """Seat 0's lead in the public scores, squashed into [-1, 1] (games without an evaluation
    that compares seats: Mops Royal, Momox, Nummerus with more players)."""
    scores = game.scores(s)
    if len(scores) < 2:
        return 0.0
    lead = scores[0] - max(scores[1:])
    outcome = s.outcome
    if outcome is not None:
        winners = outcome.winners
        if winners:
            return 1.0 if 0 in winners and len(winners) == 1 else (-1.0 if 0 not in winners else 0.0)
    return math.tanh(lead / rules.score_scale)


def _advantage_after(game: AnyGame, after: StateBase, rules: ReviewRules) -> float:
    """Seat 0's advantage after a move from the result or the public scores."""
    outcome = after.outcome
    if outcome is not None:
        winners = outcome.winners
        if not winners or len(winners) > 1 and 0 in winners:
            return 0.0
        return 1.0 if 0 in winners else -1.0
    return _public_advantage(game, after, rules)


def _to_seat0(seat: int, value: float) -> float:
    """A two-player zero-sum value for `seat`, seen by seat 0."""
    return value if seat == 0 else -value


# -- the review ------------------------------------------------------------------------------------


def review_state(ai: AnyGameAI, final: StateBase) -> Generator[Progress | None, None, Review]:
    """Review every move of the game that led to `final` (its setup and moves)."""
    record = ai.game.record(final)
    return (yield from review_record(ai, record))


def review_record(ai: AnyGameAI, record: Mapping[str, object]) -> Generator[Progress | None, None, Review]:
    """Review a record's moves one by one (RecordError if it does not replay), judged by the game's
    strongest computer player and its review's rules (`ai`, the game's `GameAI`)."""
    game = ai.game
    moves = list(record_moves(record))
    start = game.from_record({**record, "moves": []})
    s = start
    reviews: list[MoveReview] = []
    players = s.setup.players
    rules = ai.review
    exact_advantage = rules.exact_advantage
    start_adv = exact_advantage(game, s) if exact_advantage is not None else 0.0
    yield Progress(0, len(moves))
    for index, (move, after) in enumerate(zip(moves, game.replay(start, moves))):
        seat = _mover(game, s)
        if exact_advantage is not None:
            judged = exact_judgement(ai, s, move)
            adv = exact_advantage(game, after) if not game.is_over(after) else _advantage_after(game, after, rules)
            reviews.append(_with(judged, index=index, advantage=adv))
        else:
            legal = game.legal_moves(game.observation(s, seat))
            values = None
            if len(legal) > 1:
                values = yield from move_values(ai, s)
            if values is None or move not in values:
                grade = "best" if len(legal) == 1 else None
                reviews.append(
                    MoveReview(
                        index,
                        seat,
                        move,
                        grade,
                        move if len(legal) == 1 else None,
                        0.0,
                        len(legal) == 1,
                        advantage=_advantage_of(game, after, seat, None, players, rules),
                    )
                )
            else:
                best_move = max(values, key=lambda m: (values[m], m == move))
                loss = max(0.0, values[best_move] - values[move])
                grade = grade_of(rules, loss)
                preferred = move if grade == "best" else best_move
                reviews.append(
                    MoveReview(
                        index, seat, move, grade, preferred, loss, False, advantage=_advantage_of(game, after, seat, (values[best_move], loss), players, rules)
                    )
                )
        s = after
        yield Progress(index + 1, len(moves))
    return Review(game.id, tuple(reviews), start_adv, game.has_hidden_information)


def _advantage_of(game: AnyGame, after: StateBase, seat: int, judged: tuple[float, float] | None, players: int, rules: ReviewRules) -> float:
    """Seat 0's advantage after a move. Two-player zero-sum evaluations (Momentum, Nummerus:
    `ReviewRules.value_advantage`) give the move's own value for its player; elsewhere the
    result or the public scores."""
    value_advantage = rules.value_advantage
    if game.is_over(after) or judged is None or players != 2 or value_advantage is None:
        return _advantage_after(game, after, rules)
    best, loss = judged
    worth = best - loss  # the move's own value for its player
    return _to_seat0(seat, value_advantage(worth))


def _with(m: MoveReview, *, index: int, advantage: float) -> MoveReview:
    from dataclasses import replace

    return replace(m, index=index, advantage=advantage)


def run_review(review: Generator[Progress | None, None, Review]) -> Review:
    """Drive a review generator to its end."""
    return run_to_end(review)


__all__ = [
    "GRADES",
    "MoveReview",
    "Progress",
    "Review",
    "exact_judgement",
    "grade_of",
    "move_values",
    "review_record",
    "review_state",
    "run_review",
]
