"""The app's addresses, read without the browser: `#/<screen>/<argument>/...` in the fragment.

#/                          home (anything unknown, too)
#/setup/<game>              a new game's settings
#/play/<save id>            a saved game
#/rules/<game>              the rules page
#/position/<game>/<pos>     a shared position (#/try/... is an older name for it)
#/game/<data>               a shared game
#/editor/<game>[/<pos>[/<diagram>]]   the diagram editor (web/editor_screen.py)
#/review/<save id>, #/puzzles/<game>, #/puzzle/<game>/<id>   see web/learn.py
#/story/<code>, #/learn/<game>, #/stories[/<id>], #/story-edit/<id>   stories (web/stories.py)
"""

from __future__ import annotations

from dataclasses import dataclass

POSITION_SCREENS = ("position", "try")
# The diagram editor's address (#/editor/...) and its screen's name. Its modules (web/editor_screen.py
# and the editing it draws with) come with it, in the package's second zip: the app imports them
# when the editor is first shown and asks them about clicks and keys only there.
EDITOR_SCREEN = "editor"
# Games by link likewise (web/remote_screen.py, the protocol and its words): the screen's name and
# its addresses (#/remote/<link>, #/by-link/<key>), and the clicks of play by link on other screens
# (the setup screen's offer, the home screen's list), which alone import it elsewhere.
REMOTE_SCREEN = "remote"
REMOTE_ROUTES = (REMOTE_SCREEN, "by-link")
REMOTE_ACTIONS_ANYWHERE = ("remote-start", "delete-remote", "undo-delete-remote")
# Stories (issue 57) likewise: read from a link (also in a blog's frame), a game's lesson, the
# device's own; web/stories.py and the screens it opens come with their address.
STORY_SCREEN = "story"
STORY_SCREENS = (STORY_SCREEN, "stories", "story-edit")
STORY_ROUTES = ("story", "learn", "stories", "story-edit")
STORY_ACTIONS_ANYWHERE = ("story-undo-delete",)  # a toast's Undo, wherever the reader went on


@dataclass(frozen=True)
class Route:
    parts: tuple[str, ...]

    @property
    def screen(self) -> str:
        return self.parts[0] if self.parts else "home"

    @property
    def argument(self) -> str:
        return self.parts[1] if len(self.parts) > 1 else ""

    @property
    def rest(self) -> str:
        """The third part (a position link's position, a puzzle's id), '' when there is none."""
        return self.parts[2] if len(self.parts) > 2 else ""


def parse_route(fragment: str) -> Route:
    """The route in a location's fragment (`location.hash`, with or without its '#')."""
    return Route(tuple(part for part in fragment.lstrip("#").split("/") if part))
