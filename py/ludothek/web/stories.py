"""The hooks through which the app reaches the stories (issue 57): their addresses, clicks and keys.
Their modules (web/story_screen.py and what it draws with) are imported when a story is first
shown, not with the app: they come in the package's second zip (scripts/build.py)."""

from __future__ import annotations

from .context import AppContext
from .page import Control, PageEvent
from .story_screen import StoryReader


def reader(app: AppContext) -> StoryReader:
    """The app's story reader, made when first needed."""
    if not isinstance(app.stories, StoryReader):
        app.stories = StoryReader(app)
    assert isinstance(app.stories, StoryReader)
    return app.stories


def route(app: AppContext, parts: list[str]) -> None:
    """#/story/<code>, #/learn/<game>, #/stories[/<id>] (LinkError for a story that cannot be read)."""
    from .links import LinkError
    from ..i18n import _

    screen, argument = parts[0], "/".join(parts[1:])
    if screen == "story" and argument:
        reader(app).open_code(argument)
    elif screen == "learn" and argument:
        reader(app).open_lesson(argument)
    elif screen == "stories" and not app.embed.embed:
        if argument:
            reader(app).open_stored(argument)
        else:
            reader(app).show_list()
    else:
        raise LinkError(_("the link names no story"))


def click(app: AppContext, event: PageEvent, control: Control) -> bool:
    return reader(app).click(control.get("action"), control, event.values)


def keydown(app: AppContext, event: PageEvent) -> bool:
    return reader(app).keydown(event)
