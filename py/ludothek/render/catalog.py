"""The catalog: one typed record per game, and every list of games derived from the records.

A `GameRecord` registers what the app, the tools and the tests use of a game: its engine (the
rules, `games/<game>.py`), its view and board (`render/<game>.py`, `render/<game>_board.py`), its
computer players with their levels, review and puzzles (`ai/<game>.py`'s `AI`), its position
editing (`games/<game>_editing.py`'s `EDITING`), its notation (examples, checked against the
engine by the tests), whether it is offered by link (the engine's `offered_by_link`) and the
embed layout its Share dialog proposes. As OpenSpiel registers each game with its `GameType`,
nothing else finds a game's module by its name: every loader here is an import mypy checks.

The parts are loaded when first asked for (each a function that imports its module): the page's
start imports no game (they come with the package's second zip, docs/architecture.md), while what
the home screen needs of every game (its id, whether it has puzzles, its embed layout) is here.

    from ludothek.render.catalog import RECORDS, record
    for r in RECORDS:
        view = r.view()            # a GameView of the game's types
    record("fenn").ai().player(level=3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

from ..games import GAME_IDS
from ..games.base import Game, StateBase
from .embed_layout import EMBED_BOTTOM, EmbedLayout

if TYPE_CHECKING:
    from ..ai.base import AnyGameAI, AnyPlayer, GameAI, Level, ReviewRules
    from ..games.editing import AnyEditing, PositionEditing
    from ..games.fenn import Fenn, FennEffect, FennMove, FennState
    from ..games.momentum import Momentum, MomentumEffect, MomentumMove
    from ..games.momentum_state import MomentumState
    from ..games.momox import Momox, MomoxEffect, MomoxMove
    from ..games.momox_state import MomoxState
    from ..games.mops import MopsEffect, MopsRoyal
    from ..games.notation import MopsMove
    from ..games.mops_state import MopsState
    from ..games.nummerus import Nummerus, NummerusEffect, NummerusMove, NummerusState
    from .fenn import FennView
    from .fenn_board import FennPayload
    from .momentum import MomentumView
    from .momox import MomoxView
    from .momox_board import MomoxPayload
    from .mops import MopsView
    from .mops_board import MopsPayload
    from .nummerus import NummerusView
    from .nummerus_board import NummerusPayload
    from .view import AnyView, Board, GameView

S = TypeVar("S", bound=StateBase)
M = TypeVar("M", bound=str)
E = TypeVar("E")
P = TypeVar("P")


@dataclass(frozen=True)
class Notation:
    """An example of the game's notation (docs/architecture.md, "Notation"): a position text and
    moves the engine plays from it one after another; tests/test_catalog.py plays them, so an
    example never lies."""

    position: str
    moves: tuple[str, ...]


@dataclass(frozen=True)
class GameRecord(Generic[S, M, E, P]):
    """One game as the app, the tools and the tests know it; generic over the engine's state, move
    and effect types and its board's payload type, so that whatever a record hands out is typed."""

    id: str
    engine: Callable[[], Game[S, M, E]]
    view: Callable[[], GameView[S, M, E, P]]
    ai: Callable[[], GameAI[S, M, E]]
    editing: Callable[[], PositionEditing[S]]
    notation: Notation
    has_puzzles: bool  # known before the game's modules load: the home screen offers its puzzles
    embed: EmbedLayout

    def board(self) -> Board[S, P, E]:
        """The game's board module (render/<game>_board.py), as its view draws with it."""
        return self.view().board

    def levels(self) -> tuple[Level, ...]:
        """The computer's levels, weakest first."""
        return self.ai().levels

    def review(self) -> ReviewRules:
        """What the game's review needs beyond its strongest player's values."""
        return self.ai().review

    def offered_by_link(self) -> bool:
        """Whether the game may be played by link (the engine declares it)."""
        return self.engine().offered_by_link


# -- the five games (each part imported when first asked for) ---------------------------------------


def _momentum_engine() -> Momentum:
    from ..games.momentum import GAME

    return GAME


def _momentum_view() -> MomentumView:
    from .momentum import VIEW

    return VIEW


def _momentum_ai() -> GameAI[MomentumState, MomentumMove, MomentumEffect]:
    from ..ai.momentum import AI

    return AI


def _momentum_editing() -> PositionEditing[MomentumState]:
    from ..games.momentum_editing import EDITING

    return EDITING


def _nummerus_engine() -> Nummerus:
    from ..games.nummerus import GAME

    return GAME


def _nummerus_view() -> NummerusView:
    from .nummerus import VIEW

    return VIEW


def _nummerus_ai() -> GameAI[NummerusState, NummerusMove, NummerusEffect]:
    from ..ai.nummerus import AI

    return AI


def _nummerus_editing() -> PositionEditing[NummerusState]:
    from ..games.nummerus_editing import EDITING

    return EDITING


def _fenn_engine() -> Fenn:
    from ..games.fenn import GAME

    return GAME


def _fenn_view() -> FennView:
    from .fenn import VIEW

    return VIEW


def _fenn_ai() -> GameAI[FennState, FennMove, FennEffect]:
    from ..ai.fenn import AI

    return AI


def _fenn_editing() -> PositionEditing[FennState]:
    from ..games.fenn_editing import EDITING

    return EDITING


def _mops_engine() -> MopsRoyal:
    from ..games.mops import GAME

    return GAME


def _mops_view() -> MopsView:
    from .mops import VIEW

    return VIEW


def _mops_ai() -> GameAI[MopsState, MopsMove, MopsEffect]:
    from ..ai.mops import AI

    return AI


def _mops_editing() -> PositionEditing[MopsState]:
    from ..games.mops_editing import EDITING

    return EDITING


def _momox_engine() -> Momox:
    from ..games.momox import GAME

    return GAME


def _momox_view() -> MomoxView:
    from .momox import VIEW

    return VIEW


def _momox_ai() -> GameAI[MomoxState, MomoxMove, MomoxEffect]:
    from ..ai.momox import AI

    return AI


def _momox_editing() -> PositionEditing[MomoxState]:
    from ..games.momox_editing import EDITING

    return EDITING


MOMENTUM: GameRecord[MomentumState, MomentumMove, MomentumEffect, None] = GameRecord(
    id="momentum",
    engine=_momentum_engine,
    view=_momentum_view,
    ai=_momentum_ai,
    editing=_momentum_editing,
    notation=Notation(position="7x7 ......./......./......./......./......./......./....... R 8,8 pie", moves=("d4", "swap")),
    has_puzzles=True,
    embed=EmbedLayout(420, 520),
)
NUMMERUS: GameRecord[NummerusState, NummerusMove, NummerusEffect, NummerusPayload] = GameRecord(
    id="nummerus",
    engine=_nummerus_engine,
    view=_nummerus_view,
    ai=_nummerus_ai,
    editing=_nummerus_editing,
    notation=Notation(
        position=(
            "22,35,23/41,*,40,34,6/14,30,8,48,46,25,43/12,42,47,13,11,24,10/1,21,20,44,18/7,32,16,19,15,37,33/38,31,29,26,9,5,39/45,2,27,3,36/28,17,4 1 ./."
        ),
        moves=("d8", "e8"),
    ),
    has_puzzles=True,
    embed=EmbedLayout(420, 540),
)
FENN: GameRecord[FennState, FennMove, FennEffect, FennPayload] = GameRecord(
    id="fenn",
    engine=_fenn_engine,
    view=_fenn_view,
    ai=_fenn_ai,
    editing=_fenn_editing,
    notation=Notation(position="b0:5 r10:5 k4 r", moves=("9:1", "2:6")),
    has_puzzles=True,
    embed=EmbedLayout(480, 360, bottom=EMBED_BOTTOM + 40),
)
MOPS: GameRecord[MopsState, MopsMove, MopsEffect, MopsPayload] = GameRecord(
    id="mops",
    engine=_mops_engine,
    view=_mops_view,
    ai=_mops_ai,
    editing=_mops_editing,
    notation=Notation(
        position="9/9/9/9/4Cg4/9/9/9/9,9/9/9/9/4Wv4/9/9/9/9 CvBvPvCpCoHgKgWpKbKvByWvBpPyWoPgPoHbPpKpHpHyWbWgKyBoKoHoCbHvCyBgBbPb Wy p1 0,0",
        moves=("f5", "f5"),
    ),
    has_puzzles=True,
    embed=EmbedLayout(420, 600, bottom=EMBED_BOTTOM + 40),
)
MOMOX: GameRecord[MomoxState, MomoxMove, MomoxEffect, MomoxPayload] = GameRecord(
    id="momox",
    engine=_momox_engine,
    view=_momox_view,
    ai=_momox_ai,
    editing=_momox_editing,
    notation=Notation(position="0,8 -,- R key t1 y0 346251 -", moves=("k3", "k2")),
    has_puzzles=True,
    embed=EmbedLayout(420, 540),
)

# A record picked at run time by a game's id: its types are its game's, which the code that picks
# it cannot name.
AnyRecord = GameRecord[Any, Any, Any, Any]

# The order of the cards on the home screen (the engines' order, games/__init__.py).
RECORDS: tuple[AnyRecord, ...] = (MOMENTUM, NUMMERUS, FENN, MOPS, MOMOX)
_BY_ID: dict[str, AnyRecord] = {r.id: r for r in RECORDS}


def record(game_id: str) -> AnyRecord:
    """The record of `game_id`; ValueError for an unknown id."""
    found = _BY_ID.get(game_id)
    if found is None:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAME_IDS)}")
    return found


def is_game(game_id: object) -> bool:
    """Whether `game_id` names a game of the catalog (text from an address, a save, a link)."""
    return isinstance(game_id, str) and game_id in _BY_ID


# -- lists of games, derived from the records ---------------------------------------------------------


def puzzle_games() -> tuple[str, ...]:
    """The games with puzzles, in the records' order."""
    return tuple(r.id for r in RECORDS if r.has_puzzles)


def games_by_link() -> tuple[str, ...]:
    """The games offered by link, in the records' order."""
    return tuple(r.id for r in RECORDS if r.offered_by_link())


# -- by a game's id: what the app's screens ask -----------------------------------------------------


def get_view(game_id: str) -> AnyView:
    """The view of `game_id` (its types are its game's)."""
    return record(game_id).view()


def game_ai(game_id: str) -> AnyGameAI:
    """The computer players of `game_id` (its `GameAI`)."""
    return record(game_id).ai()


def get_player(game_id: str, level: int, seed: int = 0, think_seconds: float | None = None, clock: Callable[[], float] | None = None) -> AnyPlayer:
    """A computer player of `game_id` at `level` (0: a uniform random player), see `GameAI.player`."""
    return game_ai(game_id).player(level, seed, think_seconds, clock)


def levels(game_id: str) -> list[Level]:
    """The levels offered for a game, weakest first."""
    return list(record(game_id).levels())


def position_editing(game_id: str) -> AnyEditing | None:
    """The game's position editing (the diagram editor's pieces and settings); None for an id that
    names no game (the editor then offers marks only)."""
    return record(game_id).editing() if is_game(game_id) else None


def embed_layout(game_id: str) -> EmbedLayout:
    """The frame size the Share dialog proposes for an embed of the game (an id that names no game,
    as a snippet's address may: the common size)."""
    return record(game_id).embed if is_game(game_id) else EmbedLayout(420, 520)


__all__ = [
    "AnyRecord",
    "GameRecord",
    "Notation",
    "RECORDS",
    "embed_layout",
    "game_ai",
    "games_by_link",
    "get_player",
    "get_view",
    "is_game",
    "levels",
    "position_editing",
    "puzzle_games",
    "record",
]
