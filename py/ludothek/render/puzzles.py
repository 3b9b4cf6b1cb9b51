"""The puzzle screens as text (pure): the list of a game's puzzles and one puzzle's panel.
What differs between the games (the task, its premise, the hint) each game's view says
(`GameView.puzzle_task`, `puzzle_premise_html`, `puzzle_hint`): this module never branches on a
game's name.

Commands (data-action) wired by ludothek.web.puzzles: `puzzle-hint`, `puzzle-solution`
(show the solution again), `puzzle-retry`, `puzzle-next`.
"""

from __future__ import annotations


from ..ai.puzzles import Puzzle
from ..i18n import N_, _
from .catalog import get_view
from .screens import copy_field_html
from .svg import esc, tag

DIFFICULTY_NAMES = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}


def difficulty_name(level: int) -> str:
    return _(DIFFICULTY_NAMES.get(level, DIFFICULTY_NAMES[2]))


def task_text(game_id: str, puzzle: Puzzle, mover: str) -> str:
    """What the player is asked to find (the game's view says it: `GameView.puzzle_task`)."""
    return get_view(game_id).puzzle_task(puzzle, mover)


def premise_html(game_id: str, puzzle: Puzzle) -> str:
    """What the task builds on that the board does not show (Momox' remembered chips), or ""."""
    return get_view(game_id).puzzle_premise_html(puzzle)


def hint_text(game_id: str, puzzle: Puzzle, legal: tuple[str, ...] = ()) -> str:
    """A nudge that does not give the answer away (`legal`: the position's moves)."""
    return get_view(game_id).puzzle_hint(puzzle, legal)


def puzzle_list_html(title: str, game_id: str, shipped: list[Puzzle], progress: dict[str, str]) -> str:
    """Every puzzle of a game by difficulty, each marked solved / missed / new."""
    sections = []
    for level in (1, 2, 3):
        items = []
        for number, p in enumerate(shipped, start=1):
            if p["difficulty"] != level:
                continue
            status = progress.get(p["id"], "")
            mark = {"solved": _("solved"), "failed": _("missed")}.get(status, _("new"))
            # The visible text is the accessible name ("Puzzle 3 solved"); the heading gives the difficulty.
            items.append(
                tag(
                    "li",
                    tag(
                        "a",
                        esc(_("Puzzle {n}").format(n=number)) + " " + tag("span", esc(mark), class_="puzzle-mark"),
                        href=f"#/puzzle/{game_id}/{p['id']}",
                        class_=f"button puzzle-link {status or 'new'}",
                    ),
                )
            )
        if items:
            sections.append(tag("section", tag("h2", esc(difficulty_name(level).capitalize())) + tag("ul", "".join(items), class_="puzzle-list")))
    solved = sum(1 for p in shipped if progress.get(p["id"]) == "solved")
    return tag(
        "article",
        tag("h1", esc(_("Puzzles: {title}").format(title=title)))
        + tag("p", esc(_("{solved} of {total} solved.").format(solved=solved, total=len(shipped))), class_="puzzle-progress")
        + "".join(sections)
        + tag("p", tag("a", esc(_("Home")), href="#/", class_="button")),
        class_="puzzles",
        data_game=game_id,
    )


def puzzle_frame_html(title: str) -> str:
    return tag(
        "div",
        tag("div", tag("h1", esc(title), class_="game-title"), class_="game-head")
        + tag(
            "div",
            tag("div", "", id="board", class_="board-wrap") + tag("div", "", id="extra", class_="extra") + tag("div", "", id="actions", class_="actions"),
            class_="play-area",
        )
        + tag("aside", tag("div", "", id="puzzle-seats", class_="players") + tag("div", "", id="puzzle-panel", class_="puzzle-panel"), class_="side"),
        class_="game-layout puzzle-layout",
    )


def _outcome_html(outcome: str, solution_text: str) -> str:
    """The result of the try, said at once: solved, or missed (then the solution is being shown)."""
    if outcome == "solved":
        return tag("p", esc(_("Solved! {move} is the move.").format(move=solution_text)), class_="puzzle-result solved", role="status")
    if outcome == "failed":
        return tag(
            "p",
            esc(_("Not this time: the move was {move}. Watch the solution on the board.").format(move=solution_text)),
            class_="puzzle-result failed",
            role="status",
        )
    return ""


def _try_buttons(outcome: str, hint_shown: bool) -> str:
    """While solving, the hint; once tried, the solution again and another try."""
    if not outcome:
        return tag("button", esc(_("Hint")), type="button", data_action="puzzle-hint", disabled=hint_shown)
    return tag("button", esc(_("Show the solution")), type="button", data_action="puzzle-solution") + tag(
        "button", esc(_("Try again")), type="button", data_action="puzzle-retry"
    )


def puzzle_panel_html(
    game_id: str,
    puzzle: Puzzle,
    number: int,
    total: int,
    mover: str,
    outcome: str,
    hint_shown: bool,
    next_id: str | None,
    solution_text: str,
    share_link: str,
    legal: tuple[str, ...] = (),
    embed_code: str = "",
    embedded: bool = False,
    editor_link: str = "",
) -> str:
    """`outcome`: '' while solving, 'solved', or 'failed' (then the solution is being shown).
    `embedded`: the puzzle stands alone in a blog's frame: no other puzzles, no sharing, and a
    link that opens it in the app. `editor_link`: the diagram editor's address at the puzzle's
    position as everyone sees it (#/editor/...), offered as "Edit this position"."""
    parts = [
        tag(
            "p",
            esc(_("Puzzle {n} of {total} · {difficulty}").format(n=number, total=total, difficulty=difficulty_name(puzzle["difficulty"]))),
            class_="puzzle-meta",
        ),
        tag("p", esc(task_text(game_id, puzzle, mover)), class_="puzzle-task", id="puzzle-task"),
    ]
    premise = premise_html(game_id, puzzle)
    if premise:
        parts.append(premise)
    result = _outcome_html(outcome, solution_text)
    if result:
        parts.append(result)
    if hint_shown and not outcome:
        parts.append(tag("p", esc(hint_text(game_id, puzzle, legal)), class_="puzzle-hint", role="status"))
    buttons = _try_buttons(outcome, hint_shown)
    if embedded:
        buttons += tag("a", esc(_("More puzzles in Ludothek")), href=share_link, class_="button", target="_blank", rel="noopener")
        parts.append(tag("div", buttons, class_="puzzle-commands"))
        return "".join(parts)
    if next_id is not None:
        buttons += tag(
            "a", esc(_("Next puzzle")), href=f"#/puzzle/{game_id}/{next_id}", class_="button" + (" primary" if outcome else ""), data_action="puzzle-next"
        )
    buttons += tag("a", esc(_("All puzzles")), href=f"#/puzzles/{game_id}", class_="button")
    if editor_link:
        buttons += tag("a", esc(_("Edit this position")), href=editor_link, class_="button", data_editor="1")
    buttons += tag("button", esc(_("Make a story of this puzzle")), type="button", data_action="puzzle-story")
    parts.append(tag("div", buttons, class_="puzzle-commands"))
    field_id = "puzzle-link"
    link = tag("input", "", type="text", id=field_id, value=share_link, readonly=True, class_="share-text")
    parts.append(copy_field_html(_("Link to this puzzle"), field_id, link))
    if embed_code:
        code_id = "puzzle-embed"
        code = tag("textarea", esc(embed_code), id=code_id, rows="3", readonly=True, class_="share-text", spellcheck="false")
        parts.append(copy_field_html(_("Embed this puzzle in a web page"), code_id, code))
    return "".join(parts)


PUZZLE_EMBED_PANEL = 200  # px under the board in a puzzle's frame: the task, the players and the buttons


def puzzle_embed_snippet(app_url: str, game_id: str, puzzle_id: str, picture_svg: str, title: str) -> str:
    """The <iframe> code that shows one puzzle in a blog post (`app_url`: the app's index.html).
    Like a game's embed it costs nothing until a reader presses Play; the frame's background is
    the puzzle's position, drawn in the box where the live board appears (learn.css puts the
    board there: EMBED_TOP from the top, PUZZLE_EMBED_PANEL from the bottom)."""
    from urllib.parse import quote

    from .embed_layout import EMBED_TOP
    from .standalone import _DATA_URL_SAFE, compact_picture, embed_size

    width, height = embed_size(game_id)
    height += PUZZLE_EMBED_PANEL - EMBED_TOP
    src = f"{app_url}?embed=1#/puzzle/{game_id}/{puzzle_id}"
    picture = quote(compact_picture(picture_svg), safe=_DATA_URL_SAFE + "'")
    style = (
        f"border:0;width:100%;max-width:{width}px;height:{height}px;"
        f'background:#f7f3ea url("data:image/svg+xml,{picture}") no-repeat 50% {EMBED_TOP}px/100% '
        f"calc(100% - {EMBED_TOP + PUZZLE_EMBED_PANEL}px)"
    )
    return f'<iframe src="{esc(src)}" title="{esc(title)}" width="{width}" height="{height}" style="{esc(style)}" loading="lazy"></iframe>'


__all__ = [
    "difficulty_name",
    "hint_text",
    "premise_html",
    "puzzle_embed_snippet",
    "puzzle_frame_html",
    "puzzle_list_html",
    "puzzle_panel_html",
    "task_text",
]
