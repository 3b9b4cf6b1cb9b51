"""Why a story (a link, a file, one being written) cannot be read or shown, in the player's language.

render/story.py raises StoryError with a rule and its params (its English message is for logs);
this module writes the sentence a reader or an author reads, the engine's refusal of a step in the
game's own words (the view's `move_error_text` and `position_error_text`). A rule this table does
not know gives a general sentence, never the English.
"""

from __future__ import annotations

from ..games.base import MoveError
from ..i18n import N_, _
from .catalog import get_view, is_game
from .story import StoryError

WHAT_WORDS = {"comment": N_("a comment"), "title": N_("a title"), "hint": N_("a hint")}

STORY_ERROR_TEXTS = {
    "not-a-story": N_("It is not a story of Ludothek."),
    "bad-code": N_("The link's story is damaged: it does not read."),
    "newer-version": N_("The story was written by a newer version of Ludothek."),
    "too-long": N_("The story is too long for Ludothek ({most} characters at most)."),
    "unknown-game": N_("The story is of a game Ludothek does not know."),
    "other-game": N_("The story is of another game."),
    "unknown-language": N_("The story names a language Ludothek does not know."),
    "no-chapter": N_("The story has no chapter."),
    "too-many-chapters": N_("The story has {count} chapters; a story has at most {most}."),
    "too-many-steps": N_("The story has {count} steps; a story has at most {most}."),
    "bad-line": N_("Line {line} of the story cannot be read."),
    "bad-marks": N_("Line {line}: the marks cannot be read."),
    "empty-step": N_("Chapter {chapter}, step {step} is neither a move nor a position."),
    "task-without-move": N_("Chapter {chapter}, step {step}: a task asks for a move, and this step sets up a position."),
    "not-text": N_("{what} is not text."),
    "control-character": N_("{what} holds a hidden control character ({code}), which could change how the page reads."),
    "too-long-text": N_("{what} is {length} characters long; it may have {most}."),
    "illegal-move": N_("Chapter {chapter}, step {step}: {move} is not a legal move there. {why}"),
    "bad-position": N_("Chapter {chapter}, step {step}: the position cannot be used. {why}"),
}


def story_error_text(error: StoryError, game_id: str | None = None) -> str:
    """The sentence for `error`; `game_id` the game the story is of, whose view words a refused step."""
    template = STORY_ERROR_TEXTS.get(error.rule)
    if template is None:
        return _("It is not a story of Ludothek.")
    words: dict[str, object] = dict(error.params)
    what = words.get("what")
    if isinstance(what, str):
        place = _(WHAT_WORDS.get(what, N_("a text")))
        chapter, step = words.get("chapter"), words.get("step")
        if isinstance(chapter, int):
            place = (
                _("Chapter {chapter}'s {what}").format(chapter=chapter, what=place)
                if not step
                else _("Chapter {chapter}, step {step}: {what}").format(chapter=chapter, step=step, what=place)
            )
        words["what"] = place[:1].upper() + place[1:]
    cause = error.params.get("error")
    if error.rule in ("illegal-move", "bad-position"):
        words["why"] = _refusal(cause, game_id)
    try:
        return _(template).format(**words)
    except (KeyError, IndexError, ValueError):
        return _("It is not a story of Ludothek.")


def _refusal(cause: object, game_id: str | None) -> str:
    if game_id is None or not is_game(game_id):
        return ""
    view = get_view(game_id)
    if isinstance(cause, MoveError):
        return view.move_error_text(cause)
    if isinstance(cause, Exception):
        return view.position_error_text(cause)
    return ""


__all__ = ["STORY_ERROR_TEXTS", "story_error_text"]
