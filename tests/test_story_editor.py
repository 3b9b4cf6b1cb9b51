"""Writing a story in the app, without a browser (web/story_editor.py): moves played on the board go
in after the chosen step, comments, marks and tasks are kept at every change, the engine refuses a
change that breaks the line, Undo and Redo, and nothing is lost on a reload."""

from __future__ import annotations

from test_web_app import control, last, send, start

from ludothek.games import get_game
from ludothek.render.diagram import Circle, Diagram
from ludothek.render.story import Step
from ludothek.web.saves import DictStorage
from ludothek.web.story_editor import story_from_position
from ludothek.web.story_store import StoryStore

START = get_game("momentum").position(get_game("momentum").new_game(players=2, seed=0))


def editing(storage: DictStorage | None = None):
    storage = storage or DictStorage()
    store = StoryStore(storage)
    store.save("s1", story_from_position("momentum", START, Diagram(circles=(Circle("d4", "o"),), caption="The start.")))
    app, page = start(storage=storage)
    send(app, type="route", hash="#/story-edit/s1")
    assert last(page, "screen")[1] == "story-edit"
    return app, page, store


def tap(app, target: str, **values: str) -> None:
    send(app, type="click", control=control(target=target, within="#board [data-form]"), values=values)


def act(app, action: str, values: dict | None = None, **data: str) -> None:
    send(app, type="click", control=control(action=action, within="[data-form]", **data), values=values or {})


def test_moves_played_on_the_board_go_in_after_the_chosen_step_and_are_kept():
    app, page, store = editing()
    assert store.load("s1").story.chapters[0].comment == "The start."  # the editor's caption begins the story
    tap(app, "d4")
    story = store.load("s1").story
    assert [s.move for s in story.chapters[0].steps] == ["d4"]
    assert ["data", "body", "storyStep", "0.1"] in page.ops
    tap(app, "c3")  # after d4: Blue's stone, c3 is legal
    assert [s.move for s in store.load("s1").story.chapters[0].steps] == ["d4", "c3"]


def test_the_fields_comment_task_and_hint_are_kept_with_the_next_tap_and_on_change():
    app, page, store = editing()
    tap(app, "d4")
    act(app, "story-edit-fields", {"comment": "Red in the middle.", "task": "on", "hint": "The centre."})
    step = store.load("s1").story.chapters[0].steps[0]
    assert step.comment == "Red in the middle." and step.task is not None and step.task.hint == "The centre." and not step.task.best
    send(app, type="change", form="story", values={"comment": "Changed.", "title": "My line", "task": "on", "best": "on", "hint": "x"})
    story = store.load("s1").story
    assert story.title == "My line" and story.chapters[0].steps[0].comment == "Changed." and story.chapters[0].steps[0].task.best


def test_a_change_that_breaks_the_line_is_refused_with_the_engines_reason_and_undo_redo():
    app, page, store = editing()
    tap(app, "d4")
    tap(app, "c3")
    act(app, "story-edit-go", step="1")
    act(app, "story-edit-delete")  # without d4, c3 would be Red's and d4 free: still legal, so it goes
    assert [s.move for s in store.load("s1").story.chapters[0].steps] == ["c3"]
    act(app, "story-edit-undo")
    assert [s.move for s in store.load("s1").story.chapters[0].steps] == ["d4", "c3"]
    act(app, "story-edit-redo")
    act(app, "story-edit-undo")
    # A position put in after the start that leaves no room for d4 later: refused, the story as it was.
    act(app, "story-edit-go", step="0")
    before = store.load("s1").story
    act(app, "story-edit-put", {"position": "7x7 ......./......./......./...R.../......./......./....... R 7,8"})
    assert store.load("s1").story == before
    assert "step 2" in last(page, "text")[2].lower() or "Schritt" in last(page, "text")[2]


def test_marks_go_on_the_chosen_step_and_a_reload_or_a_language_switch_keeps_everything():
    storage = DictStorage()
    app, page, store = editing(storage)
    tap(app, "d4")
    act(app, "story-edit-tool", tool="circle")
    tap(app, "c3")
    assert store.load("s1").story.chapters[0].steps[0].marks.circles == (Circle("c3", "o"),)
    kept = store.load("s1").story
    app2, page2 = start(storage=storage, hash="#/story-edit/s1")  # a reload
    # opened afresh at the line's end (step 1, its move d4), where the next move goes
    assert last(page2, "screen")[1] == "story-edit" and ["data", "body", "storyStep", "0.1"] in page2.ops
    send(app2, type="click", control=control(action="language", language="de"))
    assert last(page2, "screen")[1] == "story-edit" and "Geschichte" in last(page2, "screen")[3]
    assert store.load("s1").story == kept


def test_a_new_chapter_begins_at_the_position_shown():
    app, page, store = editing()
    tap(app, "d4")
    act(app, "story-edit-chapter-add")
    story = store.load("s1").story
    assert len(story.chapters) == 2 and story.chapters[1].position.startswith("7x7 ......./......./......./...R...")
    assert isinstance(story.chapters[0].steps[0], Step)


def test_record_a_line_in_the_diagram_editor_begins_a_story_at_its_position_with_its_marks():
    from ludothek.render.diagram import editor_fragment

    storage = DictStorage()
    app, page = start(storage=storage)
    send(app, type="route", hash=editor_fragment("momentum", START, Diagram(circles=(Circle("d4", "o"),), caption="Look here.")))
    send(app, type="click", control=control(action="editor-record", within="[data-form]"), values={"caption": "Look here."})
    (kept,) = StoryStore(storage).entries()[0]
    assert last(page, "go")[1] == f"#/story-edit/{kept.id}"
    chapter = kept.story.chapters[0]
    assert (chapter.position, chapter.comment, chapter.marks.circles) == (START, "Look here.", (Circle("d4", "o"),))


def test_a_puzzle_becomes_a_story_whose_first_step_is_its_task():
    from ludothek.ai import puzzles as P

    storage = DictStorage()
    app, page = start(storage=storage)
    puzzle = P.puzzles("momentum")[0]
    send(app, type="route", hash=f"#/puzzle/momentum/{puzzle['id']}")
    send(app, type="click", control=control(action="puzzle-story"))
    (kept,) = StoryStore(storage).entries()[0]
    first = kept.story.chapters[0].steps[0]
    assert first.move == puzzle["solution"] and first.task is not None and first.task.hint
    assert [s.move for s in kept.story.chapters[0].steps] == list(puzzle["line"])


def test_a_reviewed_game_becomes_a_story_with_the_reviews_words_as_its_comments():
    from test_editor_embeds import in_own_loop

    import asyncio

    from ludothek.web.session import GameSession, Seat

    storage = DictStorage()
    app, page = start(storage=storage)
    session = GameSession.new("fenn", [Seat("Blue", "human"), Seat("Red", "human")], seed=4, options={}, save_id="abc123")
    for _ in range(4):
        session.play(session.game.legal_moves(session.state)[0])
    app.store.save(session, 1.0)

    async def review() -> None:
        send(app, type="route", hash=f"#/review/{session.save_id}")
        for _ in range(400):
            await asyncio.sleep(0.01)
            if app.learn and app.learn[0].review is not None:
                break
        send(app, type="click", control=control(action="review-story"))

    in_own_loop(review())
    (kept,) = StoryStore(storage).entries()[0]
    steps = kept.story.chapters[0].steps
    assert [s.move for s in steps] == list(session.moves)
    assert all(s.comment for s in steps) and "played" in steps[0].comment


def editing_game(game_id: str, position: str):
    store_storage = DictStorage()
    StoryStore(store_storage).save("s1", story_from_position(game_id, position, Diagram()))
    app, page = start(storage=store_storage)
    send(app, type="route", hash="#/story-edit/s1")
    return app, page, StoryStore(store_storage)


def drawn(page, element_id: str) -> str:
    """The last HTML the editor drew into #`element_id`."""
    return [op for op in page.named("region") if op[1] == element_id][-1][2]


def test_a_move_that_needs_a_choice_beside_the_board_is_recorded_with_it():
    """Fenn's face and Momox' Leave it are beside the board, as in a game: without them the
    editor could record no Fenn move at all."""
    app, page, store = editing_game("fenn", "b0:5 r10:5 k6 b")
    tap(app, "2")  # the field: its faces are offered beside the board
    assert 'data-target="2:7"' in drawn(page, "extra")
    send(app, type="click", control=control(target="2:7", within="#extra [data-form]"), values={})
    assert [s.move for s in store.load("s1").story.chapters[0].steps] == ["2:7"]
    assert ["data", "body", "storyStep", "0.1"] in page.ops  # the new step is chosen: the next move goes after it


def test_a_move_that_meets_chance_is_played_from_the_stories_own_deal():
    """A Momox bowl lifted: the step's state is what the table sees, which cannot tell the chip
    under it; the editor plays the move where the story plays it, and the line goes on."""
    app, page, store = editing_game("momox", "0,8 -,- R key t1 y0 ?????? -")
    tap(app, "k3")
    tap(app, "k1")
    assert [s.move for s in store.load("s1").story.chapters[0].steps] == ["k3", "k1"]
    said = [op for op in page.named("text") if op[1] == "#story-edit-message"][-1][2]
    assert "walked" in said or "walks" in said, said


def test_the_lines_steps_are_drawn_as_the_readers_a_number_and_the_move():
    """The list's grid has a narrow column for the number: a bare label there broke a word a line."""
    app, page, store = editing()
    tap(app, "d4")
    steps = drawn(page, "story-edit-steps")
    assert '<span class="story-step-number">1.</span> <span class="story-step-move">d4</span>' in steps
    assert '<span class="story-step-number">·</span> <span class="story-step-move">Start</span>' in steps


def test_what_a_tap_did_is_said_under_the_board():
    """Above the title, the sentence was a phone's screen or two away from the board tapped."""
    app, page, store = editing()
    screen = last(page, "screen")[2]
    assert screen.index('id="board"') < screen.index('id="story-edit-message"') < screen.index('id="story-edit-step"')
