"""Which board target an arrow key moves the keyboard cursor to (pure geometry, no browser).

Targets carry their centre as data-x (growing to the right) and data-y (growing downwards)."""

from __future__ import annotations

from typing import Iterable, TypeVar

Target = TypeVar("Target")

DIRECTIONS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def nearest_in_direction(origin: tuple[float, float], key: str, targets: Iterable[tuple[float, float, Target]]) -> Target | None:
    """The target nearest to `origin` in the arrow's direction, a step sideways counting twice a
    step along; None when nothing lies that way. The first of equally near targets wins."""
    x0, y0 = origin
    dx, dy = DIRECTIONS[key]
    best, best_score = None, None
    for x, y, target in targets:
        along = (x - x0) * dx + (y - y0) * dy
        if along <= 0:
            continue
        across = abs((x - x0) * dy) + abs((y - y0) * dx)
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = target, score
    return best
