"""The Hint button for games whose hint is simply the strongest level's move (Momentum, Mops Royal,
Momox): a mixin for their views (the check badge that marks a hinted target is svg.hint_badge).

The search sees only what every player at the table sees: `hint_search` takes the game's public
observation of whatever state it is given (the app already passes the public state; taking it
again costs nothing and keeps a hidden pile or covered chips out of reach even if a caller
passes the true state). The strongest level then reads its own observation of that, as in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generator, Generic, TypeVar

from ..games.base import Game, StateBase, run_to_end
from ..i18n import _
from .board_marks import HintSearch, HintValue

if TYPE_CHECKING:
    from ..ai.base import AnyGameAI, AnyPlayer


S = TypeVar("S", bound=StateBase)  # the engine's state type, as the view's
M = TypeVar("M", bound=str)  # the engine's move type
E = TypeVar("E")  # the engine's effect type


class StrongestLevelHints(Generic[S, M, E]):
    """Hint methods for a GameView of the same state, move and effect types: the strongest
    computer level's move, marked and said."""

    # Tests cap the search's work (nodes, playouts) so that the hint is reproducible; the page
    # leaves it to the level's thinking time.
    hint_max_work: int | None = None
    hint_seed = 0
    # From the GameView it is mixed into (annotations only: nothing here shadows the view's own).
    game: Game[S, M, E]
    move_text: Callable[[S, str], str]

    def hint_label(self) -> str | None:
        return _("Hint")

    def game_ai(self) -> AnyGameAI:
        """The game's computer players (its AI module's `AI`): each view that mixes this in names
        its own, imported when the first hint is asked for."""
        raise NotImplementedError

    def hint_player(self) -> AnyPlayer:
        player = self.game_ai().strongest(seed=self.hint_seed)
        player.max_work = self.hint_max_work
        return player

    def hint_move_search(self, s: S) -> Generator[None, None, str | None]:
        """The strongest level's move in the public position, as a time-sliced search (None when
        the game is over)."""
        public = self.game.observation(s, None)
        if self.game.is_over(public) or not self.game.legal_moves(public):
            return None
        move: str = yield from self.hint_player().search(public)
        return move

    def hint_search(self, s: S) -> HintSearch:
        move = yield from self.hint_move_search(s)
        return () if move is None else ((move, "hint"),)

    def hints(self, s: S) -> tuple[tuple[str, HintValue], ...]:
        return tuple(run_to_end(self.hint_search(s)) or ())

    def hint_text(self, s: S, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        if not hints:
            return ""
        move = hints[-1][0]
        return _("Hint: {move}.").format(move=self.move_text(s, move))
