"""The story editor as text (pure): a story being written, one step at a time (issue 57).

The screen's regions, redrawn by ludothek.web.story_editor: #board (the position at the chosen
step: with the Move tool a tap plays a move after it, with a mark's tool it marks the step, the
diagram editor's pick layer), #story-edit-message under it, #extra and #actions (with the Move
tool, what a move needs beside the board, as in a game), #story-edit-tools, #story-edit-step (the chosen
step's comment, task and hint), #story-edit-steps (the line, to choose, move up or down, delete),
#story-edit-chapter. Every field is in the `[data-form="story"]` container, which the page sends
with every tap and every change.

Commands (data-action): `story-edit-tool` (data-tool), `story-edit-colour` (data-colour),
`story-edit-go` (data-step), `story-edit-up`, `story-edit-down`, `story-edit-delete`,
`story-edit-undo`, `story-edit-redo`, `story-edit-put` (the position field put in after the chosen
step), `story-edit-chapter-add`, `story-edit-chapter-delete`, `story-edit-chapter-go`
(data-chapter), `story-edit-fields` (the fields taken without another command).
"""

from __future__ import annotations

from ..i18n import _
from .editor import TOOLS, Editing, colour_buttons, tool_name
from .screens import button
from .story import MAX_COMMENT, MAX_HINT, MAX_TITLE, Story
from .story_screen import step_title
from .story import Shown
from .svg import esc, tag
from .view import AnyView

MOVE_TOOL = "move"  # a tap on the board plays a move after the chosen step
EDIT_TOOLS = (MOVE_TOOL, *TOOLS)


def edit_tool_name(tool: str) -> str:
    return _("Play a move") if tool == MOVE_TOOL else tool_name(tool)


def tools_html(tool: str, editing: Editing) -> str:
    """What a tap on the board does (play a move, or one of the marks' tools) and the marks' colour."""
    tools = "".join(
        button(
            edit_tool_name(name),
            "story-edit-tool",
            class_="small" + (" primary" if name == tool else ""),
            data={"tool": name},
            aria_pressed=str(name == tool).lower(),
        )
        for name in EDIT_TOOLS
    )
    colours = colour_buttons("story-edit-colour", editing.colour)
    label = tag(
        "label",
        esc(_("Label text (1 to 3 letters or digits)"))
        + " "
        + tag("input", "", type="text", name="label", value=editing.label, maxlength="3", size="3", autocomplete="off"),
        class_="field editor-label",
    )
    return (
        tag("div", tools, role="toolbar", aria_label=_("What a tap on the board does"), class_="editor-toolbar")
        + tag("div", colours, role="toolbar", aria_label=_("Colour"), class_="editor-toolbar")
        + label
    )


def step_fields_html(item: Shown) -> str:
    """The chosen step's comment and, on a move, its task: find the move (only the story's, or any as
    good) and a hint."""
    where = _("The start of the chapter") if item.step == 0 else _("Step {n}").format(n=item.step)
    parts = [
        tag("h2", esc(where), id="story-edit-step-title"),
        tag(
            "div",
            tag("label", esc(_("Comment (at most {n} characters)").format(n=MAX_COMMENT)), for_="story-edit-comment")
            + tag("textarea", esc(item.comment), name="comment", id="story-edit-comment", rows="4", maxlength=str(MAX_COMMENT), dir="auto"),
            class_="field",
        ),
    ]
    if item.move is not None:
        task = item.task
        parts.append(
            tag(
                "fieldset",
                tag("legend", esc(_("Task")))
                + tag("label", tag("input", "", type="checkbox", name="task", checked=task is not None) + " " + esc(_("The reader finds this move")))
                + tag(
                    "label",
                    tag("input", "", type="checkbox", name="best", checked=bool(task and task.best))
                    + " "
                    + esc(_("Accept every move the computer judges as good")),
                )
                + tag(
                    "div",
                    tag("label", esc(_("Hint")), for_="story-edit-hint")
                    + tag("input", "", type="text", name="hint", id="story-edit-hint", value=task.hint if task else "", maxlength=str(MAX_HINT), dir="auto"),
                    class_="field",
                ),
                class_="story-edit-task",
            )
        )
    parts.append(button(_("Keep these words"), "story-edit-fields", class_="small"))
    return "".join(parts)


def steps_html(view: AnyView, chapter: list[Shown], chosen: int) -> str:
    """The chapter's line: each step to choose; the chosen one moved up or down or deleted."""
    items = []
    for item in chapter:
        label = step_title(view, item)
        if item.task is not None:
            label += " · " + _("task")
        # The reader's list's parts (the number, the move): the list's grid puts a bare text in
        # the number's narrow column, a word a line.
        number = tag("span", esc(f"{item.step}." if item.step else "·"), class_="story-step-number")
        items.append(
            tag(
                "li",
                tag(
                    "button",
                    number + " " + tag("span", esc(label), class_="story-step-move"),
                    type="button",
                    class_="story-step small",
                    data_action="story-edit-go",
                    data_step=str(item.step),
                    aria_current="step" if item.step == chosen else None,
                ),
            )
        )
    commands = (
        button(_("Move up"), "story-edit-up", class_="small", disabled=chosen <= 1)
        + button(_("Move down"), "story-edit-down", class_="small", disabled=chosen == 0 or chosen >= len(chapter) - 1)
        + button(_("Delete step"), "story-edit-delete", class_="small", disabled=chosen == 0)
    )
    return (
        tag("h2", esc(_("The line")), id="story-edit-steps-title")
        + tag("ol", "".join(items), class_="story-step-list", aria_labelledby="story-edit-steps-title")
        + tag("div", commands, class_="story-commands")
    )


def chapter_html(story: Story, chapter: int) -> str:
    """The chapters (to choose), the chosen one's title, and adding or deleting one."""
    choices = "".join(
        button(
            _("Chapter {n}").format(n=number),
            "story-edit-chapter-go",
            class_="small story-chapter",
            data={"chapter": str(number - 1)},
            aria_current="true" if number - 1 == chapter else None,
        )
        for number in range(1, len(story.chapters) + 1)
    )
    title = story.chapters[chapter].title
    return (
        tag("nav", choices, class_="story-chapters", aria_label=_("Chapters"))
        + tag(
            "div",
            tag("label", esc(_("Chapter title")), for_="story-edit-chapter-title")
            + tag("input", "", type="text", name="chapter-title", id="story-edit-chapter-title", value=title, maxlength=str(MAX_TITLE), dir="auto"),
            class_="field",
        )
        + tag(
            "div",
            button(_("New chapter from the position shown"), "story-edit-chapter-add", class_="small")
            + button(_("Delete chapter"), "story-edit-chapter-delete", class_="small", disabled=len(story.chapters) == 1),
            class_="story-commands",
        )
    )


def story_editor_html(view: AnyView, story: Story, story_id: str, position: str, parts: dict[str, str]) -> str:
    """The whole screen (`parts`: the regions' first drawing, by their ids)."""
    heading = _("Story: {game}").format(game=view.title())
    head = tag("h1", esc(heading))
    # What a tap did or why it was refused, under the board it was tapped on: above the title it
    # was a phone's screen or two away from the board.
    message = tag("p", esc(parts.get("story-edit-message", "")), id="story-edit-message", role="status", class_="editor-message")
    title = tag(
        "div",
        tag("label", esc(_("Title")), for_="story-edit-title")
        + tag("input", "", type="text", name="title", id="story-edit-title", value=story.title, maxlength=str(MAX_TITLE), dir="auto"),
        class_="field",
    )
    position_field = tag(
        "div",
        tag("label", esc(_("A position to put in after the chosen step ({game} notation)").format(game=view.title())), for_="story-edit-position")
        + tag("textarea", esc(position), name="position", id="story-edit-position", rows="2", spellcheck="false", autocomplete="off")
        + button(_("Put this position in"), "story-edit-put", class_="small"),
        class_="field",
    )
    commands = tag(
        "div",
        button(_("Undo"), "story-edit-undo", class_="small")
        + button(_("Redo"), "story-edit-redo", class_="small")
        + tag("a", esc(_("Read the story")), href=f"#/stories/{story_id}", class_="button small")
        + tag("a", esc(_("All stories")), href="#/stories", class_="button small"),
        class_="story-commands",
    )
    regions = "".join(
        tag("div", parts.get(region, ""), id=region, class_=css) + (message if region == "board" else "")
        for region, css in (
            ("story-edit-tools", "editor-tools"),
            ("board", "board-wrap"),
            ("extra", "extra"),
            ("actions", "actions"),
            ("story-edit-step", "story-edit-step"),
            ("story-edit-steps", "story-steps"),
            ("story-edit-chapter", "story-edit-chapter"),
        )
    )
    return tag("div", head + tag("div", title + commands + regions + position_field, class_="editor story-editor", data_form="story"), class_="editor-screen")


__all__ = ["EDIT_TOOLS", "MOVE_TOOL", "chapter_html", "edit_tool_name", "step_fields_html", "steps_html", "story_editor_html", "tools_html"]
