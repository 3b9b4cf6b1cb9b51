"""The state of a game of Mops Royal: every seat's layout, the caller's pile, the round's tile, whose
turn and in which phase (place, score, final scoring, over), the scores and refusals, and why a
game ends (`MopsEnd`).

Its own module because the engine (games/mops.py) and the position text (games/mops_position.py),
which writes and reads it, both build it; the rules of play are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import EndReason, Outcome, StateBase
from .mops_scoring import final_ranking

# The phase of a state (`MopsState.phase`), the one vocabulary of the engine, its view and its tests.
MopsPhase = Literal["place", "score", "final", "over"]
PLACE: MopsPhase = "place"  # the seat to move places (or refuses) the round's tile
SCORE: MopsPhase = "score"  # it has placed and may score one combination or pass
FINAL: MopsPhase = "final"  # the final scoring of the variant "Wertung": it must score
OVER: MopsPhase = "over"  # the game is over (`outcome` says who won)


class MopsEnd(EndReason):
    """Why a game of Mops Royal ends (`Outcome.reason`): there is one way, the final scoring after
    the last round (every layout full, or the pile empty after refusals)."""

    FINAL_SCORING = "final-scoring"


@dataclass(frozen=True, kw_only=True)
class MopsState(StateBase):
    # One 81-cell frame per seat as bytes, index = (rank - 1) * 9 + file: a tile id (face up),
    # tile id + FACE_DOWN (face down) or EMPTY. Bytes: immutable, compact and quick to copy.
    layouts: tuple[bytes, ...]
    pile: bytes  # tile ids of the caller's face-down pile, top first (sorted when hidden)
    tile: int | None  # revealed this round; None in the final scoring and once over
    to_move: int | None
    phase: MopsPhase  # PLACE, SCORE, FINAL or OVER
    scores: tuple[int, ...]
    refusals: tuple[int, ...]
    ersatz: bool = False
    wertung: bool = False
    # `hidden` (an observation): `pile` is the sorted multiset, not the order
    reveal_floor: int = 0  # number of moves at the last reveal: undo never goes below it

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(final_ranking(self.scores, self.layouts), MopsEnd.FINAL_SCORING) if self.phase == OVER else None
