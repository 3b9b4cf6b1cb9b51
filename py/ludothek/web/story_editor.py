"""Writing a story (issue 57): #/story-edit/<id>, a story the device keeps (web/story_store.py),
saved at every change, so a reload or a language switch loses nothing.

Ways in: the diagram editor's Record a line (its position and marks begin a story), a reviewed
game's Make a story of this game (its moves, the review's grades as the first comments), a
puzzle's Make a story (its solution as a task, its line after it), and Edit on a story read or listed.

One step is chosen at a time (0: the chapter's start). With the Move tool a tap on the board plays a
move from the chosen step's position, the view's click and the engine's judgement as in a game, and
the move goes in after it; with a mark's tool the tap marks the chosen step (the diagram editor's
tools). The comment, the task and its hint are fields, taken with every tap and change. A position
typed in goes in after the chosen step as an edit. Every change is judged by replaying the whole
line through the engine: a change that would leave a later step illegal is refused with the reason,
the story as it was. Undo and Redo go back and forth over the changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..games.base import StateBase
from ..i18n import _
from ..render import story_editor as draw
from ..render.catalog import get_view, is_game
from ..render.diagram import COLOURS, Diagram
from ..render.editor import Editing, click_target, editor_board_svg
from ..render.game_panels import actions_html
from ..render.story import Chapter, Shown, Step, Story, StoryError, Task, checked_story, replay
from ..render.story_words import story_error_text
from ..render.view import AnyView, UIState, seat_names
from .context import AppContext
from .links import LinkError
from .page import PageEvent
from .saves import StorageError
from .story_store import StoryStore, new_story_id

SCREEN = "story-edit"
MOST_UNDO = 100


@dataclass
class Draft:
    """A story being written: which chapter and step are chosen, what a tap does, the changes to undo."""

    id: str
    story: Story
    chapters: list[list[Shown]]
    chapter: int = 0
    step: int = 0
    tool: str = draw.MOVE_TOOL
    editing: Editing = Editing()
    ui: UIState[StateBase] = field(default_factory=UIState)
    undo: list[tuple[Story, int, int]] = field(default_factory=list)
    redo: list[tuple[Story, int, int]] = field(default_factory=list)

    @property
    def item(self) -> Shown:
        return self.chapters[self.chapter][self.step]

    @property
    def view(self) -> AnyView:
        return get_view(self.story.game)


def start_story(app: AppContext, story: Story) -> str:
    """Keep a new story on the device and open it in the editor; its id (LinkError when the story
    does not replay or the storage refuses it)."""
    try:
        replay(get_view(story.game).game, story)
    except StoryError as exc:
        raise LinkError(story_error_text(exc, story.game)) from exc
    story_id = new_story_id()
    try:
        StoryStore(app.storage).save(story_id, story)
    except StorageError as exc:
        raise LinkError(_("the browser's storage refused to keep the story")) from exc
    app.go(f"#/story-edit/{story_id}")
    return story_id


def story_from_position(game_id: str, position: str, marks: Diagram) -> Story:
    """A new story whose one chapter begins at a position with its marks (the diagram editor's)."""
    return checked_story(Story(game_id, "", (Chapter("", position, marks=replace(marks, caption=""), comment=marks.caption),)))


class StoryEditor:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.draft: Draft | None = None
        self.store = StoryStore(app.storage)

    def open(self, story_id: str) -> None:
        stored = self.store.opened(story_id)
        if not is_game(stored.story.game):
            raise LinkError(_("the link names no story"))
        try:
            chapters = replay(get_view(stored.story.game).game, stored.story)
        except StoryError as exc:
            raise LinkError(story_error_text(exc, stored.story.game)) from exc
        keep = self.draft if self.draft is not None and self.draft.id == story_id else None
        # Opened afresh (a reload, the list's Edit): at the line's end, where the next move goes.
        self.draft = Draft(story_id, stored.story, chapters, chapter=len(chapters) - 1, step=len(chapters[-1]) - 1)
        if keep is not None:  # the same story again (a language switch, a reload of the screen): the same place
            self.draft.chapter = min(keep.chapter, len(chapters) - 1)
            self.draft.step = min(keep.step, len(chapters[self.draft.chapter]) - 1)
            self.draft.tool, self.draft.editing, self.draft.undo, self.draft.redo = keep.tool, keep.editing, keep.undo, keep.redo
        self.show()

    def current(self) -> Draft:
        if self.draft is None:
            raise RuntimeError("no story is being written")
        return self.draft

    # -- drawing -------------------------------------------------------------------------------

    def regions(self, message: str = "") -> dict[str, str]:
        draft = self.current()
        view, item = draft.view, draft.item
        return {
            "story-edit-message": message,
            "story-edit-tools": draw.tools_html(draft.tool, draft.editing),
            "board": self.board(),
            "extra": self.choosers(),
            "actions": self.actions(),
            "story-edit-step": draw.step_fields_html(item),
            "story-edit-steps": draw.steps_html(view, draft.chapters[draft.chapter], draft.step),
            "story-edit-chapter": draw.chapter_html(draft.story, draft.chapter),
        }

    def board(self) -> str:
        draft = self.current()
        view, item = draft.view, draft.item
        if draft.tool == draw.MOVE_TOOL:
            return view.board_svg(item.state, self.move_ui())
        return editor_board_svg(view, item.state, item.marks, draft.editing, draft.ui.cursor)

    def move_ui(self) -> UIState[StateBase]:
        """The board's state with the Move tool: the chosen step's position, its marks and last
        move, and what the author has picked so far (Fenn's field, Mops Royal's combination)."""
        draft = self.current()
        item = draft.item
        return draft.ui.with_(interactive=True, last_before=item.before, last_move=item.move, diagram=item.marks, names=tuple(self.names(item.state)))

    def choosers(self) -> str:
        """What a move needs beside the board with the Move tool, as in a game (Fenn's faces, Mops
        Royal's scoring choices): without them such a move could not be recorded."""
        draft = self.current()
        return draft.view.extra_html(draft.item.state, self.move_ui()) if draft.tool == draw.MOVE_TOOL else ""

    def actions(self) -> str:
        """The game's action buttons with the Move tool (Momox' Leave it and Keep the chips, Mops
        Royal's Pass, Fenn's End turn), as in a game."""
        draft = self.current()
        return actions_html(draft.view.actions(draft.item.state, self.move_ui())) if draft.tool == draw.MOVE_TOOL else ""

    def show(self) -> None:
        draft = self.current()
        view = draft.view
        game = view.game
        position = game.position(game.observation(draft.item.state, None))
        html = draw.story_editor_html(view, draft.story, draft.id, position, self.regions())
        self.app.set_screen(SCREEN, html, _("Story: {game}").format(game=view.title()))
        self.app.page.body_data("game", draft.story.game)
        self.app.page.body_data("storyStep", f"{draft.chapter}.{draft.step}")

    def redraw(self, message: str = "") -> None:
        app = self.app
        for region, html in self.regions(message).items():
            if region == "story-edit-message":
                app.page.text("#story-edit-message", html)
            else:
                app.page.region(region, html, keep_focus=True)
        app.page.body_data("storyStep", f"{self.current().chapter}.{self.current().step}")
        if message:
            app.announce(message)

    # -- changes -------------------------------------------------------------------------------

    def change(self, story: Story, chapter: int, step: int, done: str) -> str:
        """`story` (judged by replaying its line) in place of the one written, and kept on the
        device; the sentence said: `done`, or why it is refused (the story stays as it was)."""
        try:
            story, chapters = self.judged(story)
        except StoryError as exc:
            return story_error_text(exc, story.game)
        return self.commit(story, chapters, chapter, step, done)

    def judged(self, story: Story) -> tuple[Story, list[list[Shown]]]:
        """`story` with its texts cleaned and its line replayed by the engine (StoryError: refused)."""
        story = checked_story(story)
        return story, replay(self.current().view.game, story)

    def commit(self, story: Story, chapters: list[list[Shown]], chapter: int, step: int, done: str) -> str:
        """A judged `story` (`judged`) in place of the one written, the one written kept for Undo."""
        draft = self.current()
        draft.undo.append((draft.story, draft.chapter, draft.step))
        del draft.undo[:-MOST_UNDO]
        draft.redo.clear()
        return self.take(story, chapters, chapter, step, done)

    def take(self, story: Story, chapters: list[list[Shown]], chapter: int, step: int, done: str) -> str:
        draft = self.current()
        draft.story, draft.chapters = story, chapters
        draft.chapter = max(0, min(chapter, len(chapters) - 1))
        draft.step = max(0, min(step, len(chapters[draft.chapter]) - 1))
        draft.ui = UIState()
        try:
            self.store.save(draft.id, story)
        except StorageError:
            return done + " " + _("The browser's storage refused to keep it: download the story as a file to keep it.")
        return done

    def undo(self, back: bool) -> str:
        draft = self.current()
        source, target = (draft.undo, draft.redo) if back else (draft.redo, draft.undo)
        if not source:
            return _("There is nothing to undo.") if back else _("There is nothing to redo.")
        story, chapter, step = source.pop()
        target.append((draft.story, draft.chapter, draft.step))
        return self.take(story, replay(draft.view.game, story), chapter, step, _("Undone.") if back else _("Redone."))

    def with_steps(self, steps: tuple[Step, ...], chapter: Chapter | None = None) -> Story:
        draft = self.current()
        chapters = list(draft.story.chapters)
        chapters[draft.chapter] = replace(chapter or chapters[draft.chapter], steps=steps)
        return replace(draft.story, chapters=tuple(chapters))

    def steps(self) -> tuple[Step, ...]:
        draft = self.current()
        return draft.story.chapters[draft.chapter].steps

    def inserted(self, step: Step) -> Story:
        """The story with `step` after the chosen one."""
        draft = self.current()
        steps = self.steps()
        return self.with_steps(steps[: draft.step] + (step,) + steps[draft.step :])

    def insert(self, step: Step, done: str) -> str:
        draft = self.current()
        return self.change(self.inserted(step), draft.chapter, draft.step + 1, done)

    def fields(self, values: dict[str, str]) -> str:
        """The fields as the page sent them, in the story ("" when nothing changed)."""
        draft = self.current()
        story, item = draft.story, draft.item
        chapter = story.chapters[draft.chapter]
        title = values.get("title", story.title)
        chapter_title = values.get("chapter-title", chapter.title)
        comment = values.get("comment", item.comment)
        if draft.step == 0:
            chapter = replace(chapter, title=chapter_title, comment=comment)
            new = replace(self.with_steps(chapter.steps, chapter), title=title)
        else:
            step = chapter.steps[draft.step - 1]
            task = step.task
            if step.move and "hint" in values:
                wanted = values.get("task") in ("on", "true")
                task = Task(best=values.get("best") in ("on", "true"), hint=values.get("hint", "")) if wanted else None
            steps = list(chapter.steps)
            steps[draft.step - 1] = replace(step, comment=comment, task=task)
            new = replace(self.with_steps(tuple(steps), replace(chapter, title=chapter_title)), title=title)
        if new == story:
            return ""
        return self.change(new, draft.chapter, draft.step, _("Kept."))

    # -- the page's events ---------------------------------------------------------------------

    def click(self, event: PageEvent) -> bool:
        control = event.control
        if control is None or self.draft is None:
            return False
        draft = self.draft
        said = self.fields(event.values)
        if "label" in event.values:
            draft.editing = replace(draft.editing, label=event.values["label"].strip()[:16])
        action, target = control.get("action"), control.get("target")
        if target is not None and action is None and control.inside("#board", "#extra", "#actions"):
            said = self.tap(str(target)) or said
        elif action == "story-edit-tool" and control.get("tool") in draw.EDIT_TOOLS:
            draft.tool = control.get("tool") or draw.MOVE_TOOL
            draft.editing = replace(draft.editing, tool=draft.tool if draft.tool != draw.MOVE_TOOL else draft.editing.tool, start=None)
            said = _("Tool: {tool}.").format(tool=draw.edit_tool_name(draft.tool))
        elif action == "story-edit-colour" and control.get("colour") in COLOURS:
            draft.editing = replace(draft.editing, colour=control.get("colour") or "o")
        elif action == "story-edit-go":
            draft.step = max(0, min(control.number("step"), len(draft.chapters[draft.chapter]) - 1))
            draft.ui = UIState()
        elif action == "story-edit-chapter-go":
            draft.chapter, draft.step = max(0, min(control.number("chapter"), len(draft.chapters) - 1)), 0
        elif action in ("story-edit-up", "story-edit-down", "story-edit-delete"):
            said = self.reorder(action)
        elif action in ("story-edit-undo", "story-edit-redo"):
            said = self.undo(action == "story-edit-undo")
        elif action == "story-edit-put":
            said = self.put_position(event.values.get("position", ""))
        elif action == "story-edit-chapter-add":
            said = self.add_chapter()
        elif action == "story-edit-chapter-delete":
            said = self.delete_chapter()
        elif action != "story-edit-fields":
            return False
        self.redraw(said)
        return True

    def changed(self, event: PageEvent) -> None:
        """A field left after typing (the page's change): kept at once."""
        if self.draft is not None:
            said = self.fields(event.values)
            if said:
                self.app.page.text("#story-edit-message", said)

    def tap(self, target: str) -> str:
        draft = self.current()
        item = draft.item
        draft.ui = draft.ui.with_(cursor=target)
        if draft.tool != draw.MOVE_TOOL:
            marks, draft.editing, said = click_target(item.marks, replace(draft.editing, tool=draft.tool), target, draft.view.target_name)
            return self.set_marks(marks) or said
        result = draft.view.click(item.state, draft.ui, target)
        draft.ui = result.ui
        if result.move is None:
            return result.message or ""
        # The move is played where the story's line plays it, from the position with its hidden
        # parts dealt (render/story.replay): the step's own state is what everyone sees, from which
        # the engine cannot tell what a Momox chip or the next Mops Royal tile turns up.
        story = self.inserted(Step(move=result.move))
        try:
            story, chapters = self.judged(story)
        except StoryError as exc:
            return story_error_text(exc, story.game)
        after = chapters[draft.chapter][draft.step + 1].state
        said = draft.view.describe_move(item.state, result.move, after, self.names(item.state))
        return self.commit(story, chapters, draft.chapter, draft.step + 1, said)

    def names(self, state: StateBase) -> list[str]:
        return seat_names(self.current().view, state.setup.players)

    def set_marks(self, marks: Diagram) -> str:
        draft = self.current()
        chapter = draft.story.chapters[draft.chapter]
        if draft.step == 0:
            new = self.with_steps(chapter.steps, replace(chapter, marks=marks))
        else:
            steps = list(chapter.steps)
            steps[draft.step - 1] = replace(steps[draft.step - 1], marks=marks)
            new = self.with_steps(tuple(steps))
        said = self.change(new, draft.chapter, draft.step, "")
        return said

    def reorder(self, action: str) -> str:
        draft = self.current()
        steps, index = list(self.steps()), draft.step - 1
        if index < 0:
            return ""
        if action == "story-edit-delete":
            del steps[index]
            return self.change(self.with_steps(tuple(steps)), draft.chapter, draft.step - 1, _("Step {n} is deleted.").format(n=draft.step))
        other = index - 1 if action == "story-edit-up" else index + 1
        if not 0 <= other < len(steps):
            return ""
        steps[index], steps[other] = steps[other], steps[index]
        return self.change(self.with_steps(tuple(steps)), draft.chapter, other + 1, _("The step is now step {n}.").format(n=other + 1))

    def put_position(self, text: str) -> str:
        return self.insert(Step(position=" ".join(text.split())), _("The position is put in after the chosen step."))

    def add_chapter(self) -> str:
        draft = self.current()
        game = draft.view.game
        position = game.position(game.observation(draft.item.state, None))
        chapters = draft.story.chapters + (Chapter("", position),)
        return self.change(replace(draft.story, chapters=chapters), len(chapters) - 1, 0, _("A new chapter begins at the position shown."))

    def delete_chapter(self) -> str:
        draft = self.current()
        if len(draft.story.chapters) == 1:
            return ""
        chapters = draft.story.chapters[: draft.chapter] + draft.story.chapters[draft.chapter + 1 :]
        return self.change(replace(draft.story, chapters=chapters), max(0, draft.chapter - 1), 0, _("The chapter is deleted."))

    def keydown(self, event: PageEvent) -> bool:
        draft = self.draft
        # A key on the board's cursor; the buttons beside it (#extra, #actions) take theirs as clicks.
        token = event.control.get("target") if event.control is not None and event.control.inside("#board") else None
        if draft is None or token is None:
            return False
        if event.key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self.app.move_cursor(event)
            draft.ui = draft.ui.with_(cursor=self.app.ui.cursor)
            return True
        if event.key in ("Enter", " "):
            self.redraw(self.tap(token))
            self.app.page.focus(f'#board [data-target="{token}"]', scroll=False)
            return True
        return False


__all__ = ["SCREEN", "StoryEditor", "start_story", "story_from_position"]
