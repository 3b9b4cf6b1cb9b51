"""Pure drawing: states (and UI state) to SVG/HTML text. Runs in CPython as in the browser.

from ludothek.render import get_view
view = get_view("momentum")
svg = view.board_svg(state, UIState())
"""

from __future__ import annotations

from typing import Any
import importlib

from ..games import get_game
from .view import GameView, UIState

# Each game's view, its state and mark types chosen at run time by the game's id: Any.
_views: dict[str, GameView[Any, Any]] = {}


def get_view(game_id: str) -> GameView[Any, Any]:
    view = _views.get(game_id)
    if view is None:
        module = importlib.import_module(f"ludothek.render.{game_id}")
        view = _views[game_id] = module.make_view(get_game(game_id))
    return view


def has_view(game_id: str) -> bool:
    try:
        importlib.import_module(f"ludothek.render.{game_id}")
    except ModuleNotFoundError:
        return False
    return True


def board_svg(game_id: str, state: Any, **ui: Any) -> str:
    """The board of `state` as SVG text, not interactive (for diagrams and the command line)."""
    return get_view(game_id).board_svg(state, UIState(interactive=False, **ui))


__all__ = ["get_view", "has_view", "board_svg", "GameView", "UIState"]
