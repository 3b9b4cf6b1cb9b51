"""The size of a board embedded in a blog's frame: what each game's record declares
(render/catalog.py) and what the embed's snippet and picture are laid out by (render/standalone.py)."""

from __future__ import annotations

from dataclasses import dataclass

EMBED_TOP = 44  # room above the board: whose turn it is
EMBED_BOTTOM = 56  # room under the board for the game's controls, unless the game asks for more
EMBED_DIAGRAM_BOTTOM = 28  # a read-only diagram: only the link to the app under the picture


@dataclass(frozen=True)
class EmbedLayout:
    width: int  # the frame size the Share dialog proposes: everything fits without scrolling
    height: int
    bottom: int = EMBED_BOTTOM  # room kept under the board for the game's controls


__all__ = ["EMBED_BOTTOM", "EMBED_DIAGRAM_BOTTOM", "EMBED_TOP", "EmbedLayout"]
