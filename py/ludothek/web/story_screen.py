"""A story read step by step (issue 57): from a link (#/story/<code>), a lesson (#/learn/<game>),
or the device's own stories (#/stories, #/stories/<id>); in a blog's frame too
(index.html?embed=1#/story/<code>), whose tasks the reader solves there.

The reader moves on and back (Next and Previous, the left and right arrows, the list of steps, a
chapter's chooser); a step with a task shows the position before its move and asks for the move:
a tap on the board is the view's click, a move the engine refuses is answered with the rule it
breaks in the player's words (the view's), a legal move is judged by `ai/tasks.accepted_moves`
(the author's move, or with `best` every move as good). Hint and Show me help; Play from here
opens the position shown as a position link. Only what everyone at the table sees is ever drawn
(render/story.replay).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from ..games.base import StateBase

from ..ai.tasks import accepted_moves
from ..i18n import _, language
from ..package_files import package_file
from ..render import review as review_draw
from ..render import story_screen as draw
from ..render.catalog import game_ai, get_view, is_game
from ..render.game_panels import actions_html
from ..render.story import Shown, Story, StoryError, format_story, parse_story, read_story_code, replay, story_code
from ..render.standalone import embed_size
from ..render.pictures import position_picture
from ..render.story_pictures import step_picture, story_embed_size, story_embed_snippet, strip_svg
from ..render.story_words import story_error_text
from ..render.view import AnyView, UIState, seat_names
from .context import AppContext
from .deleted import LastDeleted
from .links import LinkError, position_fragment
from .page import Control, PageEvent
from .saves import StorageError
from .search_runner import SearchCancelled, in_background, run_sliced
from .story_store import StoryStore

SCREEN = "story"
LIST_SCREEN = "stories"
# A link longer than this is said to be long: chat programs and mail may cut it (issue 57: a
# twelve-step story with a sentence at each step fits well under it).
LINK_MOST = 2_000
LESSON_FILE = "stories/{game}.{lang}.story"


def lesson_text(game_id: str, language: str) -> str | None:
    """A game's lesson in the language (English when there is none in it), None when it has none."""
    for lang in (language, "en"):
        path = package_file(LESSON_FILE.format(game=game_id, lang=lang))
        if path.exists():
            return path.read_text(encoding="utf-8")
    return None


@dataclass
class Reading:
    """A story being read: where the reader is, which tasks are solved or shown, the last try."""

    story: Story
    chapters: list[list[Shown]]
    link: str  # the story's own address (to read it in the app from an embed)
    chapter: int = 0
    step: int = 0
    solved: set[tuple[int, int]] = field(default_factory=set)
    shown: set[tuple[int, int]] = field(default_factory=set)  # tasks whose answer was shown
    hint_shown: bool = False
    steps_open: bool = False  # in a blog's frame: the step list is open over the board
    feedback: str = ""
    ui: UIState[StateBase] = field(default_factory=UIState)
    accepted: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)

    @property
    def item(self) -> Shown:
        return self.chapters[self.chapter][self.step]

    def task_open(self) -> bool:
        """The step shown has a task the reader has neither solved nor asked to be shown."""
        place = (self.chapter, self.step)
        return self.item.task is not None and place not in self.solved and place not in self.shown


class StoryReader:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.reading: Reading | None = None
        self.token = 0
        self.store = StoryStore(app.storage)
        self.deleted = LastDeleted(self.store.take, self.store.put_text)

    # -- the device's stories ------------------------------------------------------------------

    def show_list(self) -> None:
        kept, broken = self.store.entries()
        entries = [(entry.id, get_view(entry.story.game).title(), entry.story.title or _("Untitled"), entry.story.step_count()) for entry in kept]
        problems = [(item.id, story_error_text(item.error)) for item in broken]
        self.reading = None
        self.app.set_screen(LIST_SCREEN, draw.stories_list_html(entries, problems), _("Stories"))

    def open_stored(self, story_id: str) -> None:
        stored = self.store.opened(story_id)
        self.open(stored.story, f"#/stories/{story_id}")

    def delete(self, story_id: str) -> None:
        self.deleted.delete(story_id)
        self.show_list()
        self.app.toast(_("The story was deleted."), seconds=10, action=("story-undo-delete", _("Undo")))

    def undo_delete(self) -> None:
        try:
            if not self.deleted.undo():
                return
        except StorageError:
            self.app.toast(_("The browser's storage refused to take the story back."))
            return
        self.deleted.forget()
        if self.app.screen == LIST_SCREEN:
            self.show_list()
        self.app.toast(_("The story is back."))

    def edit_copy(self) -> None:
        """The story read, kept on this device as a story of one's own to change (a link's, a
        lesson's); one's own stories open in the editor as they are."""
        from .story_editor import start_story

        reading = self.current()
        stored = reading.link.removeprefix("#/stories/") if reading.link.startswith("#/stories/") else None
        if stored is not None:
            self.app.go(f"#/story-edit/{stored}")
            return
        try:
            start_story(self.app, reading.story)
        except LinkError as exc:
            self.app.toast(str(exc))

    def export(self) -> None:
        """The story read, as a text file an author can keep and edit (render/story.py's notation)."""
        reading = self.current()
        self.app.page.download(f"{self.file_stem()}.story", format_story(reading.story), "text/plain")
        self.app.toast(_("The story was downloaded as a file."))

    # -- opening -------------------------------------------------------------------------------

    def open_code(self, code: str) -> None:
        try:
            story = read_story_code(code)
        except StoryError as exc:
            raise LinkError(story_error_text(exc)) from exc
        self.open(story, "#/story/" + code)

    def open_lesson(self, game_id: str) -> None:
        text = lesson_text(game_id, language()) if is_game(game_id) else None
        if text is None:
            raise LinkError(_("there is no lesson for this game"))
        self.open(parse_story(text), f"#/learn/{game_id}")
        if not self.embedded():
            from .setup_screen import note_learned

            note_learned(self.app.storage, game_id)

    def open(self, story: Story, link: str) -> None:
        """Show `story` from its start (LinkError saying why when its line does not replay)."""
        try:
            chapters = replay(get_view(story.game).game, story)
        except StoryError as exc:
            raise LinkError(story_error_text(exc, story.game)) from exc
        self.token += 1
        self.reading = Reading(story, chapters, link)
        view = get_view(story.game)
        self.app.view = view
        title = story.title or _("A story of {game}").format(game=view.title())
        self.app.set_screen(SCREEN, draw.story_frame_html(title, self.embedded()), title)
        self.app.page.body_data("game", story.game)
        self.go(0, 0)

    def embedded(self) -> bool:
        return bool(self.app.embed.embed)

    # -- drawing -------------------------------------------------------------------------------

    def view(self) -> AnyView:
        reading = self.current()
        return get_view(reading.story.game)

    def current(self) -> Reading:
        if self.reading is None:
            raise RuntimeError("no story is shown")
        return self.reading

    def update(self) -> None:
        app = self.app
        if app.screen != SCREEN or self.reading is None:
            return
        reading, view = self.reading, self.view()
        item = reading.item
        task = reading.task_open()
        state = item.before if task and item.before is not None else item.state  # a task is always a move's
        names = seat_names(view, state.setup.players)
        if task:
            ui = reading.ui.with_(interactive=True, names=tuple(names))
        else:
            ui = UIState(interactive=False, last_before=item.before, last_move=item.move, diagram=item.marks, names=tuple(names))
        game = view.game
        mover = game.current_player(state)
        board = view.board_svg(state, ui)
        if self.embedded():
            # A frame has no room for the seats beside the board: what lies there is written under
            # the board, as the snippet's picture of the first step writes it (render/pictures.py).
            board = position_picture(view, state, board)
        regions = {
            "story-place": draw.place_html(reading.story, reading.chapter, reading.step, compact=self.embedded()),
            "board": board,
            "extra": view.extra_html(state, ui) if task else "",
            "actions": actions_html(view.actions(state, ui)) if task else "",
            "story-comment": "" if task else draw.comment_html(item.comment),
            "story-task": draw.task_html(
                names[mover] if mover is not None else "",
                item.task.hint if item.task else "",
                reading.hint_shown,
                reading.feedback,
                solved=not task,
            ),
            "story-nav": draw.nav_html(
                reading.story, reading.chapter, reading.step, self.play_link(state), self.out_link(), reading.steps_open if self.embedded() else None
            ),
            "story-seats": review_draw.seats_html(view, state, names),
            "story-steps": draw.steps_html(
                view, reading.story, reading.chapters, reading.chapter, reading.step, frozenset(reading.solved | reading.shown), every_chapter=self.embedded()
            ),
            "story-share": "" if self.embedded() else self.share(),
        }
        for region, html in regions.items():
            if app.rendered.get(region) != html:
                app.page.html("#" + region, html)
                app.rendered[region] = html
        if self.embedded() and app.rendered.get("story-panel") != str(reading.steps_open):
            app.page.attr("#story-panel", "hidden", None if reading.steps_open else "")
            app.rendered["story-panel"] = str(reading.steps_open)
        app.page.body_data("storyStep", f"{reading.chapter}.{reading.step}")
        app.page.body_data("storyTask", "open" if task else "none")

    def share(self) -> str:
        reading = self.current()
        link = story_link(self.app, reading.story)
        view = self.view()
        chapter = reading.chapters[reading.chapter]
        size = story_embed_size(*embed_size(reading.story.game))
        embed = story_embed_snippet(self.app.base_url(), view, reading.story, reading.chapters[0][0], size)
        return draw.share_html(link, embed, chapter, view, LINK_MOST)

    def strip(self, values: dict[str, str]) -> str:
        """The chosen steps of the chapter shown (all when none is chosen) as one picture."""
        reading, view = self.current(), self.view()
        chapter = reading.chapters[reading.chapter]
        chosen = [item for item in chapter if values.get(f"pick-{item.step}") in ("on", "true")] or chapter
        title = reading.story.title or view.title()
        return strip_svg(reading.story.game, [step_picture(view, item) for item in chosen], title)

    def file_stem(self) -> str:
        """The story's files' name: its title (or game) in ASCII letters and digits."""
        story = self.current().story
        name = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in (story.title or story.game).lower()).strip("-")[:40]
        return name or "story"

    def strip_name(self) -> str:
        return f"{self.file_stem()}-{self.current().chapter + 1}"

    def play_link(self, state: StateBase) -> str:
        game = self.view().game
        return position_fragment(game.id, game.position(game.observation(state, None)))

    def out_link(self) -> str:
        """In a blog's frame: the story in Ludothek (the address of the story itself)."""
        return story_link(self.app, self.current().story) if self.embedded() else ""

    # -- moving on -----------------------------------------------------------------------------

    def go(self, chapter: int, step: int) -> None:
        reading = self.current()
        chapter = max(0, min(chapter, len(reading.chapters) - 1))
        step = max(0, min(step, len(reading.chapters[chapter]) - 1))
        self.token += 1
        reading.chapter, reading.step = chapter, step
        reading.hint_shown, reading.feedback, reading.ui = False, "", UIState()
        self.update()
        item = reading.item
        if reading.task_open():
            self.app.announce(_("Your turn: find the move."))
            self.app.page.focus('#board [tabindex="0"]', scroll=False)
        elif item.comment:
            self.app.announce(item.comment)

    def show_steps(self, open_: bool) -> None:
        """An embed's step list opened over the board (the keyboard on the step shown) or closed
        (the keyboard back on "Steps")."""
        reading = self.current()
        reading.steps_open = open_
        self.update()
        if open_:
            self.app.page.focus("#story-steps [aria-current=step]", scroll=False)
        else:
            self.app.page.focus("#story-nav [data-action=story-steps]", scroll=False)

    def step_by(self, delta: int) -> None:
        reading = self.current()
        chapter, step = reading.chapter, reading.step + delta
        if step < 0 and chapter > 0:
            chapter -= 1
            step = len(reading.chapters[chapter]) - 1
        elif step >= len(reading.chapters[chapter]) and chapter < len(reading.chapters) - 1:
            chapter, step = chapter + 1, 0
        self.go(chapter, step)

    # -- a task --------------------------------------------------------------------------------

    def target(self, token: str) -> None:
        reading = self.current()
        if not reading.task_open():
            return
        item = reading.item
        result = self.view().click(item.before, reading.ui, token)
        reading.ui = result.ui
        if result.move is None:
            if result.message:
                reading.feedback = result.message
                self.app.announce(result.message)
            self.update()
            return
        in_background(self.judge(result.move, self.token))

    async def judge(self, move: str, token: int) -> None:
        reading = self.current()
        item = reading.item
        place = (reading.chapter, reading.step)
        author = item.move or ""
        task, before = item.task, item.before
        if task is None or before is None:  # a task is always a move's, which has a position before it
            return
        accepted = reading.accepted.get(place)
        if accepted is None:
            try:
                accepted = await run_sliced(accepted_moves(game_ai(reading.story.game), before, author, task.best), lambda: token == self.token)
            except SearchCancelled:
                return
            reading.accepted[place] = accepted
        if token != self.token:
            return
        view = self.view()
        said = view.move_text(item.before, move)
        if move == author:
            reading.solved.add(place)
            reading.feedback = _("Yes: {move}.").format(move=said)
        elif move in accepted:
            reading.solved.add(place)
            reading.feedback = _("Yes: {move} is as good as the story's move, {author}, which it goes on with.").format(
                move=said, author=view.move_text(item.before, author)
            )
        else:
            reading.feedback = _("{move} is legal, but it is not the move this step is about. Try another one.").format(move=said)
            reading.ui = UIState()
        self.update()
        self.app.announce(reading.feedback)

    def show_answer(self) -> None:
        reading = self.current()
        reading.shown.add((reading.chapter, reading.step))
        item = reading.item
        reading.feedback = _("The move is {move}.").format(move=self.view().move_text(item.before, item.move or ""))
        self.token += 1
        self.update()
        self.app.announce(reading.feedback)

    # -- the page's events ---------------------------------------------------------------------

    def click(self, action: str | None, control: Control, values: dict[str, str] | None = None) -> bool:
        if action == "story-delete":
            self.delete(str(control.get("story") or ""))
            return True
        if action == "story-undo-delete":
            self.undo_delete()
            return True
        if self.reading is None:
            return False
        target = control.get("target")
        if target is not None and action is None and control.inside("#board", "#extra", "#actions"):
            self.target(str(target))
            return True
        if action == "story-prev":
            self.step_by(-1)
        elif action == "story-next":
            self.step_by(1)
        elif action == "story-go":
            chosen_from_list = self.current().steps_open
            self.current().steps_open = False
            self.go(control.number("chapter"), control.number("step"))
            if chosen_from_list and not self.current().task_open():
                self.app.page.focus("#story-nav [data-action=story-steps]", scroll=False)
        elif action == "story-steps":
            self.show_steps(not self.current().steps_open)
        elif action == "story-hint":
            self.current().hint_shown = True
            self.update()
            item = self.current().item
            self.app.announce(item.task.hint if item.task else "")
        elif action == "story-show":
            self.show_answer()
        elif action == "story-export":
            self.export()
        elif action == "story-edit-copy":
            self.edit_copy()
        elif action == "story-strip-svg":
            self.app.page.download(self.strip_name() + ".svg", self.strip(values or {}), "image/svg+xml")
        elif action == "story-strip-png":
            in_background(self.app.sharing.download_png(self.strip_name() + ".png", self.strip(values or {})))
        else:
            return False
        return True

    def keydown(self, event: PageEvent) -> bool:
        if self.reading is None:
            return False
        if self.current().steps_open:
            # The list over the board takes Tab and Enter as a list of buttons does; Escape closes it.
            if event.key == "Escape":
                self.show_steps(False)
                return True
            return False
        on_board = event.control.get("target") if event.control is not None else None
        if on_board is not None and self.current().task_open():
            if event.key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
                self.app.move_cursor(event)
                self.current().ui = self.current().ui.with_(cursor=self.app.ui.cursor)
                return True
            if event.key in ("Enter", " "):
                self.current().ui = self.current().ui.with_(cursor=on_board)
                self.target(on_board)
                return True
            return False
        if event.key == "ArrowLeft":
            self.step_by(-1)
            return True
        if event.key == "ArrowRight":
            self.step_by(1)
            return True
        return False


def story_link(app: AppContext, story: Story) -> str:
    """The address that opens `story` in any browser: everything in the fragment."""
    return app.base_url() + "#/story/" + story_code(story)


__all__ = ["SCREEN", "StoryReader", "lesson_text", "story_link"]
