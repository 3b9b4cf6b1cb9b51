"""What a board is told besides the state: one value type for all five boards (as chessground
receives `dests`, `lastMove` and `check`). A game's view (render/<game>.py) builds it from the
engine; the board (render/<game>_board.py) only draws the state and these marks:

    board_svg(s, marks) -> str

The board never sees the game object, never asks the rules and never words a sentence: which
targets may be clicked, what each is called, what the last move did and what the hint says all
come in here. `payload` carries what one game alone needs (Fenn's field statuses, Mops Royal's
cell kinds, ...), typed by a frozen dataclass in that game's board module (`P`); `effect` is the
engine's effect of the last move, typed as the engine's (`E`). `diagram` holds the
arrows, circles, highlights and labels of a rules diagram (render/diagram.py), which every board
draws last, over its targets' centres (its `target_centres(s, marks)`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generator, Generic, Mapping, Protocol, TypeVar

from .diagram import Diagram

P = TypeVar("P")
E = TypeVar("E")


class SolvedValue(Protocol):
    """A move's solved value as the computer player gives it (ai.base.Exact, which a board may not
    import): `outcome` +1 win, 0 draw, -1 loss with best play; `turns` until the game ends, the
    current turn being 1."""

    @property
    def outcome(self) -> int: ...

    @property
    def turns(self) -> int: ...


# A hint's value: "hint" for a plain suggestion, or a solved value (Fenn's solver).
HintValue = str | SolvedValue
# A view's hint search in slices: yields None between chunks of work, returns (target, value) pairs.
HintSearch = Generator[None, None, tuple[tuple[str, HintValue], ...]]


@dataclass(frozen=True)
class Control:
    """An extra button drawn over a board cell (Momentum's setup cells): `data-action` and
    `data-cell` for the app, `label` its accessible name."""

    cell: str
    action: str
    label: str


@dataclass(frozen=True)
class BoardMarks(Generic[P, E]):
    # -- input: what may be clicked, and what everything is called
    interactive: bool = False
    legal: frozenset[str] = frozenset()  # the targets a click may use now (data-target tokens)
    labels: Mapping[str, str] = field(default_factory=dict)  # target -> accessible name (the view's words)
    selection: tuple[str, ...] = ()  # a partial input (e.g. the field picked for a step)
    cursor: str | None = None  # the target that holds the tab stop, as the app knows it
    # -- the last move
    last_move: str | None = None
    effect: E | None = None  # the engine's `effect` of the last move (plain data), None: nothing to mark
    animate: bool = False  # animate the last move (once)
    replaying: bool = False  # an earlier position: show nothing covered since
    # -- the hint: target -> its value ("hint" for a plain suggestion, Fenn's solved values)
    hints: Mapping[str, HintValue] = field(default_factory=dict)
    # -- presentation
    label: str | None = None  # the board's accessible name (None: the board's own short name)
    description: str | None = None  # the board in words (<desc>), written by the view
    coordinates: bool = True  # file letters and rank numbers
    view_box: tuple[float, float, float, float] | None = None  # a crop of the drawing
    controls: tuple[Control, ...] = ()  # extra buttons over cells (Momentum's setup)
    diagram: Diagram = Diagram()  # marks that explain (render/diagram.py), drawn over everything else
    # -- what one game alone needs (a frozen dataclass of its board module)
    payload: P | None = None


__all__ = ["BoardMarks", "Control"]
