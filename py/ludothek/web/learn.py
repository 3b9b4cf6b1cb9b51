"""The hooks through which the app reaches the review and puzzle screens (kept here so that the
app itself needs only a few lines: a route, a click and a key).

The screens' modules (review.py, puzzles.py and what they draw with) are imported when one of
these screens is first shown, not with the app: they are not among the first screen's modules,
so the site sends them in the package's second zip (scripts/build.py, web/more_modules.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import AppContext
from .page import Control, PageEvent

if TYPE_CHECKING:
    from .puzzles import PuzzleScreen
    from .review import ReviewScreen

SCREENS = ("review", "puzzles", "puzzle")


def _screens(app: AppContext) -> tuple[ReviewScreen, PuzzleScreen]:
    from .puzzles import PuzzleScreen
    from .review import ReviewScreen

    if not isinstance(app.learn, tuple):
        app.learn = (ReviewScreen(app), PuzzleScreen(app))  # made when first needed
    review, puzzles = app.learn
    assert isinstance(review, ReviewScreen) and isinstance(puzzles, PuzzleScreen)
    return review, puzzles


def route(app: AppContext, parts: list[str]) -> None:
    """#/review/<save id>, #/puzzles/<game>, #/puzzle/<game>/<id> (LinkError for a bad link)."""
    review, puzzles = _screens(app)
    screen = parts[0]
    if screen == "review" and len(parts) > 1:
        review.open(parts[1])
    elif screen == "puzzles" and len(parts) > 1:
        puzzles.show_list(parts[1])
    elif screen == "puzzle" and len(parts) > 2:
        puzzles.show(parts[1], parts[2])
    else:
        app.go("#/")


def click(app: AppContext, event: PageEvent, control: Control) -> bool:
    """True when a click belonged to these screens (and was handled)."""
    action = control.get("action")
    if action == "review-open" and app.session is not None:
        app.go(f"#/review/{app.session.save_id}")
        return True
    if app.screen == "review" and action is not None:
        return _screens(app)[0].click(action, control)
    if app.screen == "puzzle":
        return _screens(app)[1].click(action, control.get("target"), control)
    return False


def keydown(app: AppContext, event: PageEvent) -> bool:
    if app.screen == "review":
        return _screens(app)[0].keydown(event.key)
    if app.screen == "puzzle":
        return _screens(app)[1].keydown(event)
    return False
