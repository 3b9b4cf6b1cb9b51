"""The story screens as text (pure): a story read step by step (the board with the step's marks,
its comment, the task, the way on, the list of steps) and the list of the stories a device keeps.

Commands (data-action) wired by ludothek.web.story_screen: `story-prev`, `story-next`, `story-go`
(data-chapter, data-step: a step, or a chapter's start), `story-steps` (an embed's step list, open
or closed), `story-hint`, `story-show`, `story-delete` (data-story).
"""

from __future__ import annotations

from ..i18n import _, ngettext
from .screens import copy_field_html
from .story import Shown, Story
from .svg import esc, tag
from .view import AnyView


def comment_html(comment: str) -> str:
    """A comment as the author wrote it: plain text, escaped, each line a paragraph, its direction
    the writing's own (`dir="auto"`: a right-to-left sentence reads as written, isolated from the
    page around it)."""
    return "".join(tag("p", esc(line), dir="auto") for line in comment.split("\n") if line)


def story_frame_html(title: str, embedded: bool) -> str:
    """The reader's regions: the head (title, chapter, place), the board with what a move needs
    beside it while a task is open (the view's choosers and actions: Fenn's face), the comment and
    the task, the way on, and the list of steps. In a blog's frame the list (`#story-panel`) is
    closed over the board until the reader opens it with the way on's "Steps"."""
    head = tag("div", tag("h1", esc(title), class_="game-title", dir="auto") + tag("div", "", id="story-place", class_="story-place"), class_="game-head")
    play = tag(
        "div",
        tag("div", "", id="board", class_="board-wrap")
        + tag("div", "", id="extra", class_="extra")
        + tag("div", "", id="actions", class_="actions")
        + tag("div", "", id="story-comment", class_="story-comment", aria_live="polite")
        + tag("div", "", id="story-task", class_="story-task")
        + tag("div", "", id="story-nav", class_="story-nav"),
        class_="play-area",
    )
    close = tag("button", esc(_("Back to the story")), type="button", class_="small story-steps-close", data_action="story-steps") if embedded else ""
    side = tag(
        "aside",
        close
        + tag("div", "", id="story-seats", class_="players")
        + tag("nav", "", id="story-steps", class_="story-steps")
        + tag("div", "", id="story-share", class_="story-share"),
        class_="side",
        id="story-panel" if embedded else None,
        hidden=embedded,
        aria_labelledby="story-steps-title" if embedded else None,
    )
    return tag("div", head + play + side, class_="game-layout story-layout" + (" embedded" if embedded else ""))


def place_html(story: Story, chapter: int, step: int, compact: bool = False) -> str:
    """Which step of how many, and, when the story has several chapters, a button for each
    (`compact`, in a blog's frame: which chapter of how many, in words; its step list, over the
    board, has every chapter's steps)."""
    steps = len(story.chapters[chapter].steps)
    where = tag("p", esc(_("Start") if step == 0 else _("Step {n} of {total}").format(n=step, total=steps)), class_="story-where")
    if len(story.chapters) == 1:
        return where
    if compact:
        return tag("p", esc(_("Chapter {n} of {total}").format(n=chapter + 1, total=len(story.chapters))), class_="story-where") + where
    buttons = "".join(
        tag(
            "button",
            esc(_("Chapter {n}: {title}").format(n=number, title=c.title) if c.title else _("Chapter {n}").format(n=number)),
            type="button",
            class_="small story-chapter",
            data_action="story-go",
            data_chapter=str(number - 1),
            data_step="0",
            aria_current="true" if number - 1 == chapter else None,
        )
        for number, c in enumerate(story.chapters, start=1)
    )
    return tag("nav", buttons, class_="story-chapters", aria_label=_("Chapters")) + where


def nav_html(story: Story, chapter: int, step: int, play_link: str, out_link: str, steps_open: bool | None = None) -> str:
    """Back and on (the keyboard's left and right arrows too), Play from here, and the story in
    Ludothek (`out_link`, in an embed) or as a file (in the app). `steps_open`: in an embed, whether
    the step list is open over the board (None: no list to open, it is beside the board)."""
    first = chapter == 0 and step == 0
    last = chapter == len(story.chapters) - 1 and step == len(story.chapters[chapter].steps)
    buttons = tag("button", esc(_("Previous")), type="button", data_action="story-prev", disabled=first, aria_keyshortcuts="ArrowLeft")
    buttons += tag("button", esc(_("Next")), type="button", class_="primary", data_action="story-next", disabled=last, aria_keyshortcuts="ArrowRight")
    if steps_open is not None:
        buttons += tag(
            "button",
            esc(_("Steps")),
            type="button",
            data_action="story-steps",
            aria_controls="story-panel",
            aria_expanded="true" if steps_open else "false",
        )
    buttons += tag("a", esc(_("Play from here")), href=play_link, class_="button", data_story_play="1")
    if out_link:
        buttons += tag("a", esc(_("Open in Ludothek")), href=out_link, class_="button", target="_blank", rel="noopener")
    else:
        buttons += tag("button", esc(_("Edit")), type="button", data_action="story-edit-copy")
        buttons += tag("button", esc(_("Download as a file")), type="button", data_action="story-export")
    return buttons


def step_title(view: AnyView, item: Shown) -> str:
    """A step in the list: the move in the game's words, or that the position was set up."""
    if item.step == 0:
        return _("Start")
    if item.move is None:
        return _("Position set up")
    try:
        return view.move_text(item.before, item.move)
    except ValueError:  # the move in words is a courtesy: its notation says the same
        return item.move


def steps_html(
    view: AnyView, story: Story, chapters: list[list[Shown]], chapter: int, step: int, solved: frozenset[tuple[int, int]], every_chapter: bool = False
) -> str:
    """Every step of the chapter (`every_chapter`: of every chapter, under its title), the current
    one marked; a step with a task not yet solved says so and keeps its move to itself."""
    heading = tag("h2", esc(_("Steps")), id="story-steps-title")
    if not every_chapter or len(chapters) == 1:
        return heading + _step_list(view, chapters[chapter], chapter, step, solved, "story-steps-title")
    parts = []
    for number, (shown, about) in enumerate(zip(chapters, story.chapters), start=1):
        title = _("Chapter {n}: {title}").format(n=number, title=about.title) if about.title else _("Chapter {n}").format(n=number)
        parts.append(tag("h3", esc(title), id=f"story-steps-{number}", dir="auto") + _step_list(view, shown, chapter, step, solved, f"story-steps-{number}"))
    return heading + "".join(parts)


def _step_list(view: AnyView, shown: list[Shown], chapter: int, step: int, solved: frozenset[tuple[int, int]], labelled_by: str) -> str:
    items = []
    for item in shown:
        open_task = item.task is not None and (item.chapter, item.step) not in solved
        label = _("Task: find the move") if open_task else step_title(view, item)
        number = tag("span", esc(str(item.step) if item.step else "·"), class_="story-step-number", aria_hidden="true")
        comment = "" if open_task else item.comment.split("\n")[0]  # a task's comment tells its answer
        words = tag("span", esc(label), class_="story-step-move") + (tag("span", esc(comment[:80]), class_="story-step-comment", dir="auto") if comment else "")
        items.append(
            tag(
                "li",
                tag(
                    "button",
                    number + words,
                    type="button",
                    data_action="story-go",
                    data_chapter=str(item.chapter),
                    data_step=str(item.step),
                    aria_current="step" if (item.chapter, item.step) == (chapter, step) else None,
                    class_="story-step" + (" task" if open_task else ""),
                ),
            )
        )
    return tag("ol", "".join(items), class_="story-step-list", aria_labelledby=labelled_by)


def task_html(mover: str, hint: str, hint_shown: bool, feedback: str, solved: bool) -> str:
    """A step's task: what to find, the hint when asked for, what the last try said, and Show me."""
    if solved:
        return tag("p", esc(feedback), class_="story-feedback solved", role="status") if feedback else ""
    parts = [tag("p", esc(_("Your turn: find the move {mover} plays here.").format(mover=mover)), class_="story-question", id="story-question")]
    if feedback:
        parts.append(tag("p", esc(feedback), class_="story-feedback", role="status"))
    if hint_shown and hint:
        parts.append(tag("p", esc(hint), class_="story-hint", dir="auto", role="status"))
    buttons = ""
    if hint:
        buttons += tag("button", esc(_("Hint")), type="button", data_action="story-hint", disabled=hint_shown)
    buttons += tag("button", esc(_("Show me")), type="button", data_action="story-show")
    parts.append(tag("div", buttons, class_="story-commands"))
    return tag("section", "".join(parts), class_="story-task-panel", aria_labelledby="story-question")


def stories_list_html(entries: list[tuple[str, str, str, int]], problems: list[tuple[str, str]] = []) -> str:  # noqa: B006 - never changed
    """The device's stories (id, game's name, title, steps), each to read, edit or delete; those
    that do not read (id, why), each to delete."""
    broken = "".join(
        tag(
            "li",
            tag("span", esc(_("A story that cannot be read: {why}").format(why=why)), class_="story-entry")
            + tag("button", esc(_("Delete")), type="button", class_="small", data_action="story-delete", data_story=story_id),
            class_="story-row problem",
            data_story=story_id,
        )
        for story_id, why in problems
    )
    if not entries and not problems:
        body = tag("p", esc(_("No story kept on this device yet. Make one from the diagram editor (Record a line), a reviewed game or a puzzle.")))
    else:
        rows: list[str] = []
        for story_id, game_name, title, steps in entries:
            count = ngettext("{n} step", "{n} steps", steps).format(n=steps)
            rows.append(
                tag(
                    "li",
                    tag("span", tag("strong", esc(title), dir="auto") + " " + tag("span", esc(f"{game_name} · {count}"), class_="muted"), class_="story-entry")
                    + tag("a", esc(_("Read")), href=f"#/stories/{story_id}", class_="button small")
                    + tag("a", esc(_("Edit")), href=f"#/story-edit/{story_id}", class_="button small")
                    + tag("button", esc(_("Delete")), type="button", class_="small", data_action="story-delete", data_story=story_id),
                    class_="story-row",
                    data_story=story_id,
                )
            )
        body = tag("ul", "".join(rows) + broken, class_="story-list")
    return tag("article", tag("h1", esc(_("Stories"))) + body + tag("p", tag("a", esc(_("Home")), href="#/", class_="button")), class_="stories")


def share_html(link: str, embed_code: str, chapter: list[Shown], view: AnyView, link_most: int) -> str:
    """Taking the story away: its link (everything in the address; said when it is long for a
    chat), its embed code, and a strip of pictures of chosen steps (SVG or PNG)."""
    long_note = _("This link is {n} characters long: some chat programs cut links that long. Download the story as a file instead.").format(n=len(link))
    link_field = copy_field_html(
        _("Link to this story"),
        "story-link",
        tag("input", "", type="text", id="story-link", value=link, readonly=True, class_="share-text"),
        long_note if len(link) > link_most else "",
    )
    embed_field = copy_field_html(
        _("Embed this story in a web page"),
        "story-embed",
        tag("textarea", esc(embed_code), id="story-embed", rows="3", readonly=True, class_="share-text", spellcheck="false"),
    )
    choices = "".join(
        tag(
            "label",
            tag("input", "", type="checkbox", name=f"pick-{item.step}", checked=True) + " " + esc(step_title(view, item)),
            class_="story-pick",
        )
        for item in chapter
    )
    strip = tag(
        "fieldset",
        tag("legend", esc(_("Pictures of steps")))
        + tag("div", choices, class_="story-picks")
        + tag(
            "div",
            tag("button", esc(_("Download SVG")), type="button", class_="small", data_action="story-strip-svg")
            + tag("button", esc(_("Download PNG")), type="button", class_="small", data_action="story-strip-png"),
            class_="story-commands",
        ),
        class_="story-strip-form",
        data_form="story-strip",
    )
    return tag("details", tag("summary", esc(_("Share this story"))) + link_field + embed_field + strip, class_="story-share-panel")


__all__ = ["share_html", "comment_html", "nav_html", "place_html", "step_title", "steps_html", "stories_list_html", "story_frame_html", "task_html"]
