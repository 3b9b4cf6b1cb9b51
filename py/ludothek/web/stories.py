"""The hooks through which the app reaches the stories (issue 57): their addresses, clicks, keys and
changes. Their modules (web/story_screen.py, web/story_editor.py and what they draw with) are
imported when a story is first shown, not with the app: they come in the package's second zip
(scripts/build.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from .context import AppContext
from .links import LinkError
from .page import Control, PageEvent
from .story_editor import SCREEN as EDIT_SCREEN, StoryEditor
from .story_screen import StoryReader


@dataclass
class StoryScreens:
    reader: StoryReader
    editor: StoryEditor


def screens(app: AppContext) -> StoryScreens:
    """The app's story screens, made when first needed."""
    if not isinstance(app.stories, StoryScreens):
        app.stories = StoryScreens(StoryReader(app), StoryEditor(app))
    assert isinstance(app.stories, StoryScreens)
    return app.stories


def reader(app: AppContext) -> StoryReader:
    return screens(app).reader


def route(app: AppContext, parts: list[str]) -> None:
    """#/story/<code>, #/learn/<game>, #/stories[/<id>], #/story-edit/<id> (LinkError for a story
    that cannot be read)."""
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
    elif screen == "story-edit" and argument and not app.embed.embed:
        screens(app).editor.open(argument)
    else:
        raise LinkError(_("the link names no story"))


def click(app: AppContext, event: PageEvent, control: Control) -> bool:
    if app.screen == EDIT_SCREEN:
        return screens(app).editor.click(event)
    return reader(app).click(control.get("action"), control, event.values)


def keydown(app: AppContext, event: PageEvent) -> bool:
    if app.screen == EDIT_SCREEN:
        return screens(app).editor.keydown(event)
    return reader(app).keydown(event)


def changed(app: AppContext, event: PageEvent) -> None:
    if app.screen == EDIT_SCREEN:
        screens(app).editor.changed(event)
