"""Pure drawing: states (and UI state) to SVG/HTML text. Runs in CPython as in the browser.

from ludothek.render import get_view
view = get_view("momentum")
svg = view.board_svg(state, UIState())

Each game's view is registered by its record in the catalog (render/catalog.py).
"""

from __future__ import annotations

from ..games.base import StateBase
from .catalog import get_view
from .view import AnyView, GameView, UIState


def board_svg(game_id: str, state: StateBase, ui: UIState[StateBase] | None = None) -> str:
    """The board of `state` as SVG text, not interactive unless `ui` says otherwise (for diagrams and the command line)."""
    return get_view(game_id).board_svg(state, UIState(interactive=False) if ui is None else ui)


__all__ = ["get_view", "board_svg", "AnyView", "GameView", "UIState"]
