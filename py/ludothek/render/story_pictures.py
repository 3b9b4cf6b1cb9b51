"""A story as pictures (pure): one step's board with its marks, its last move and its comment written
under it, and a strip of chosen steps as one SVG (a download, a PNG, a blog that allows no script),
and the <iframe> code that embeds a whole story, its first step drawn into the snippet itself so a
reader sees it before Python starts (as a diagram's embed does)."""

from __future__ import annotations

import re
from ..games.base import StateBase

from ..i18n import _
from .diagram import captioned_svg
from .pictures import picture_board_svg
from .standalone import embed_snippet, styled_svg
from .story import Shown, Story, story_code
from .svg import esc, num, tag
from .view import AnyView, UIState

_VIEW_BOX = re.compile(r'^<svg\b[^>]*?\sviewBox="([-0-9.]+) ([-0-9.]+) ([0-9.]+) ([0-9.]+)"')
STRIP_GAP = 16.0  # between the pictures of a strip, in the boards' units
MOST_IN_A_ROW = 3


def step_label(item: Shown) -> str:
    """What a picture of a step is called: "Start" or "Step 3"."""
    return _("Start") if item.step == 0 else _("Step {n}").format(n=item.step)


def step_board_svg(view: AnyView, item: Shown) -> str:
    """The step's board as a picture: its marks and its last move, still (no animation), and under
    it what lies beside the board at that step (render/pictures.py)."""
    ui: UIState[StateBase] = UIState(interactive=False, last_before=item.before, last_move=item.move, diagram=item.marks)
    return picture_board_svg(view, item.state, ui)


def step_picture(view: AnyView, item: Shown, numbered: bool = True) -> str:
    """One step as a picture (an inline SVG, without the styles): the board, what lies beside it, and
    under them the step's comment (one paragraph: a picture has no line breaks), behind its label
    when `numbered`."""
    comment = " ".join(item.comment.split("\n"))
    caption = f"{step_label(item)}: {comment}" if numbered and comment else (step_label(item) if numbered else comment)
    return captioned_svg(step_board_svg(view, item), caption)


def strip_svg(game_id: str, pictures: list[str], title: str) -> str:
    """Pictures side by side (at most three a row) as one SVG document with the game's styles once."""
    boxes = []
    for picture in pictures:
        found = _VIEW_BOX.search(picture)
        if found is None:
            raise ValueError("a picture without a viewBox")
        boxes.append((float(found.group(3)), float(found.group(4))))
    columns = min(MOST_IN_A_ROW, max(1, len(pictures)))
    cell_width = max((w for w, _h in boxes), default=0.0)
    rows = [boxes[i : i + columns] for i in range(0, len(boxes), columns)]
    row_heights = [max(h for _w, h in row) for row in rows]
    width = columns * cell_width + (columns - 1) * STRIP_GAP
    height = sum(row_heights) + (len(rows) - 1) * STRIP_GAP
    parts = []
    y = 0.0
    for row_number, row in enumerate(rows):
        for column, (w, h) in enumerate(row):
            index = row_number * columns + column
            x = column * (cell_width + STRIP_GAP) + (cell_width - w) / 2
            placed = pictures[index].replace("<svg ", f'<svg x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" ', 1)
            parts.append(placed)
        y += row_heights[row_number] + STRIP_GAP
    document = tag(
        "svg",
        tag("title", esc(title)) + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(width)} {num(height)}",
        class_="story-strip",
        role="img",
        aria_label=title,
    )
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + styled_svg(game_id, document) + "\n"


# A story's frame (px): its title and place above the box of the board and its comment, the way on
# under it (the app's story layout in an embed keeps the same box: learn.css).
STORY_EMBED_TOP = 44
STORY_EMBED_BOTTOM = 56
STORY_EMBED_EXTRA = 120  # the frame is this much taller than the game's own: the comment under the board


def story_embed_size(game_width: int, game_height: int) -> tuple[int, int]:
    return game_width, game_height + STORY_EMBED_EXTRA


def story_embed_snippet(app_url: str, view: AnyView, story: Story, first: Shown, size: tuple[int, int]) -> str:
    """The <iframe> code that shows the whole story in a blog post: `app_url?embed=1#/story/<code>`,
    its first step (board, marks and comment) drawn into the snippet's background, so a reader who
    only scrolls past costs nothing, and the frame comes alive in the same place when reached for."""
    src = f"{app_url}?embed=1&picture=1#/story/{story_code(story)}"
    picture = styled_svg(story.game, step_picture(view, first, numbered=False))
    title = f"{story.title or view.title()} – Ludothek"
    width, height = size
    return embed_snippet(src, picture, width, height, title, game_id=story.game, box=(STORY_EMBED_TOP, STORY_EMBED_BOTTOM))


__all__ = ["step_board_svg", "step_label", "step_picture", "story_embed_snippet", "strip_svg"]
