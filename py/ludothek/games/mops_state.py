"""The state of a game of Mops Royal: every seat's layout, the caller's pile, the round's tile, whose
turn and in which phase (place, score, final scoring, over), the scores and refusals.

Its own module because the engine (games/mops.py) and the position text (games/mops_position.py),
which writes and reads it, both build it; the rules of play are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import Outcome, StateBase
from .mops_scoring import final_ranking

MopsPhase = Literal["place", "score", "final", "over"]
PLACE: MopsPhase = "place"
SCORE: MopsPhase = "score"
FINAL: MopsPhase = "final"
OVER: MopsPhase = "over"


@dataclass(frozen=True, kw_only=True)
class MopsState(StateBase):
    # One 81-cell frame per seat as bytes, index = (rank - 1) * 9 + file: a tile id (face up),
    # tile id + FACE_DOWN (face down) or EMPTY. Bytes: immutable, compact and quick to copy.
    layouts: tuple[bytes, ...]
    pile: bytes  # tile ids of the caller's face-down pile, top first (sorted when hidden)
    tile: int | None  # revealed this round; None in the final scoring and once over
    to_move: int | None
    step: MopsPhase  # PLACE, SCORE, FINAL or OVER (read as `phase`)
    scores: tuple[int, ...]
    refusals: tuple[int, ...]
    ersatz: bool = False
    wertung: bool = False
    # `hidden` (an observation): `pile` is the sorted multiset, not the order
    reveal_floor: int = 0  # number of moves at the last reveal: undo never goes below it

    @property
    def phase(self) -> MopsPhase:
        """ "place" (place or refuse the round's tile), "score" (score or pass), "final" (the final
        scoring) or "over": the field `step` under the name every game's state answers."""
        return self.step

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(final_ranking(self.scores, self.layouts), "final-scoring") if self.step == OVER else None
