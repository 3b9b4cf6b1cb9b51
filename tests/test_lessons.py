"""The games' lessons, "Learn to play" (issue 57): py/ludothek/stories/<game>.<lang>.story, one per
game in English and German. Each reads and replays through the engine, is as long as a lesson
should be, tells the same line in both languages, and every task in it is answerable: the author's
move is accepted, a tap the engine refuses is answered with the rule it breaks in the player's
words, and a legal move that is not the answer is not taken (unless `task best` proves it as good).
The last tests read each lesson in the app's reader, as a newcomer would, without a browser."""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import pytest
from test_editor_embeds import in_own_loop
from test_web_app import control, last, send, start

from ludothek.ai.base import run_search
from ludothek.ai.tasks import accepted_moves
from ludothek.games import GAME_IDS, get_game
from ludothek.games.notation import frame_cell_index
from ludothek.i18n import _, set_language
from ludothek.package_files import package_file
from ludothek.render.catalog import game_ai, get_view
from ludothek.render.story import Shown, Story, parse_story, replay
from ludothek.render.view import UIState, seat_names
from ludothek.web import search_runner
from ludothek.web.story_screen import LESSON_FILE

LANGUAGES = ("en", "de")
STEPS = (6, 12)  # a lesson's steps, all chapters together (issue 57: "about 6-12 steps")
TASKS_AT_LEAST = 2

# For each game's tasks, in the order the lesson asks them: a tap the engine refuses, the move it
# stands for and the rule that move breaks, then a legal move that is not the answer (None where
# the only other legal moves are not taps on the board, as Momox' "leave").
WRONG: dict[str, tuple[tuple[str, str, str, str | None], ...]] = {
    "momentum": (("c3", "c3", "cell-occupied", "e4"), ("c4", "c4", "cell-occupied", "e3"), ("d4", "d4", "cell-occupied", "b5")),
    "nummerus": (("g6", "g6", "not-in-line", "c6"), ("f6", "f6", "not-in-line", "e4"), ("d4", "d4", "field-empty", "g3")),
    "fenn": (("2", "2:5", "ban-occupied", "3:2"), ("4", "4:5", "ban-black", "5:6"), ("3", "3:1", "ban-turn-start", "6:1")),
    "mops": (("h5", "h5", "not-touching", "g5"), ("g9", "g9", "beyond-square", "h7")),
    "momox": (("k1", "k1", "tile-pending", None), ("k1", "k1", "open-circle", "k2"), ("k1", "k1", "open-circle", "k2")),
}


def lesson(game_id: str, lang: str) -> Story:
    path = package_file(LESSON_FILE.format(game=game_id, lang=lang))
    assert path.exists(), f"{game_id} has no lesson in {lang}"
    return parse_story(path.read_text(encoding="utf-8"))


def task_items(game_id: str, lang: str = "en") -> list[Shown]:
    return [item for chapter in replay(get_game(game_id), lesson(game_id, lang)) for item in chapter if item.task is not None]


def taps(game_id: str, move: str) -> list[str]:
    """The board's targets a reader taps to make `move`: Fenn's step is its field, then the face
    (a chooser's button); in the other games a move is one target."""
    if game_id == "fenn" and re.fullmatch(r"\d:\d", move):
        return [move.split(":")[0], move]
    return [move]


def is_sentence(text: str) -> bool:
    """Words a player reads: a whole sentence, nothing left unformatted, not the general refusal."""
    return len(text.split()) >= 3 and text.rstrip().endswith(".") and "{" not in text and "}" not in text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


# -- the lessons as stories ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_lesson_reads_replays_and_is_a_lessons_length(game_id, lang):
    story = lesson(game_id, lang)
    assert (story.game, story.language) == (game_id, lang)
    shown = replay(get_game(game_id), story)
    assert STEPS[0] <= story.step_count() <= STEPS[1]
    items = [item for chapter in shown for item in chapter]
    tasks = [item for item in items if item.task is not None]
    assert len(tasks) >= TASKS_AT_LEAST
    assert all(item.task is not None and item.task.hint for item in tasks), "every task has a hint"
    assert all(item.comment for item in items), "every step and every chapter's start says something"
    # Only what everyone at the table sees is shown (Mops Royal's pile, Momox' covered chips).
    game = get_game(game_id)
    assert all(game.observation(item.state, None) == item.state for item in items)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_german_lesson_tells_the_english_one_step_for_step(game_id):
    english, german = lesson(game_id, "en"), lesson(game_id, "de")
    assert len(english.chapters) == len(german.chapters)
    for en, de in zip(english.chapters, german.chapters):
        assert (de.position, de.marks) == (en.position, en.marks)
        assert [(s.move, s.position, s.marks, s.task and s.task.best) for s in de.steps] == [
            (s.move, s.position, s.marks, s.task and s.task.best) for s in en.steps
        ]
        # Written in each language: no comment, title or hint left as the other's.
        assert de.title != en.title and de.comment != en.comment
        for s_en, s_de in zip(en.steps, de.steps):
            assert s_de.comment != s_en.comment
            assert (s_de.task is None) == (s_en.task is None)
            if s_en.task and s_de.task:
                assert s_de.task.hint != s_en.task.hint
    assert german.title != english.title


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_task_accepts_the_authors_move_and_not_a_legal_move_that_is_not_the_answer(game_id):
    ai = game_ai(game_id)
    game = get_game(game_id)
    items = task_items(game_id)
    assert len(items) == len(WRONG[game_id]), "a wrong move is chosen for every task"
    for item, (_tap, _refused, _rule, legal_wrong) in zip(items, WRONG[game_id]):
        assert item.task is not None and item.move is not None
        accepted = run_search(accepted_moves(ai, item.before, item.move, item.task.best))
        assert item.move in accepted
        legal = set(game.legal_moves(item.before))
        assert accepted <= legal
        # Something is to be found: a legal move is refused (with `best`, one the engine values lower).
        assert legal - accepted, f"every legal move answers {game_id} chapter {item.chapter + 1}, step {item.step}"
        if legal_wrong is not None:
            assert legal_wrong in legal and legal_wrong not in accepted


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_refused_tap_is_answered_with_the_rule_it_breaks_in_the_players_language(game_id, lang):
    game, view = get_game(game_id), get_view(game_id)
    for item, (tap, refused, rule, _legal_wrong) in zip(task_items(game_id), WRONG[game_id]):
        refusal = game.why_illegal(item.before, refused)
        assert refusal is not None and refusal.rule == rule
        set_language(lang)
        said = view.click(item.before, UIState(interactive=True), tap)
        assert said.move is None and said.message is not None
        assert is_sentence(said.message) and said.message != _("That is not a legal move now.")
        if tap == refused:  # the tap is the move: the view says the engine's reason
            assert said.message == view.move_error_text(refusal)
        set_language("en")
        in_english = view.click(item.before, UIState(interactive=True), tap).message
        assert (said.message == in_english) == (lang == "en"), "the German reader reads German"


# -- the lessons in the app's reader -------------------------------------------------------------------


def regions(page: Any) -> dict[str, str]:
    found: dict[str, str] = {}
    for op in page.named("html"):
        found[op[1]] = op[2]
    return found


def drawn_targets(page: Any) -> set[str]:
    """The targets a reader can tap: those of the regions as the page shows them now."""
    return {html.unescape(token) for text in regions(page).values() for token in re.findall(r'data-target="([^"]*)"', text)}


async def settle(app: Any, before: str) -> None:
    """The reader's judgement carried out (`task best` runs the strongest evaluation in slices)."""
    for _attempt in range(20_000):
        reading = app.stories.reader.current()
        if reading.feedback != before or not reading.task_open():
            return
        await asyncio.sleep(0)


def tap(app: Any, token: str) -> None:
    async def run() -> None:
        before = app.stories.reader.current().feedback
        send(app, type="click", control=control(target=token, within="#board"))
        await settle(app, before)

    in_own_loop(run())


def read_lesson(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, list[tuple[Shown, list[str]]]]:
    """A newcomer's way through the lesson in the reader: every step in turn with Next; at each task
    first the refused tap, then the legal wrong move, then the answer. Returns the app, its page and,
    for every tap that makes a move, the task and the targets drawn when it was tapped."""

    async def next_turn() -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(search_runner, "next_turn", next_turn)
    app, page = start(languages=(lang,))
    send(app, type="route", hash=f"#/learn/{game_id}")
    assert last(page, "screen")[1] == "story"
    view = get_view(game_id)
    wrong = iter(WRONG[game_id])
    seen: list[tuple[Shown, list[str]]] = []
    reading = app.stories.reader.current()
    total = sum(len(chapter) for chapter in reading.chapters)
    for _number in range(total):
        item = reading.item
        if reading.task_open():
            assert item.move is not None
            task_region = regions(page)["#story-task"]
            assert (
                html.escape(
                    _("Your turn: find the move {mover} plays here.").format(
                        mover=seat_names(view, item.before.setup.players)[view.game.current_player(item.before)]
                    ),
                    quote=False,
                )
                in task_region
            )
            bad_tap, _refused, _rule, legal_wrong = next(wrong)
            tap(app, bad_tap)
            said = view.click(item.before, UIState(interactive=True), bad_tap).message
            assert said and html.escape(said, quote=False) in regions(page)["#story-task"]
            assert reading.task_open()
            if legal_wrong is not None:
                for token in taps(game_id, legal_wrong):
                    tap(app, token)
                assert reading.task_open(), f"{legal_wrong} is not the answer"
                assert (
                    html.escape(
                        _("{move} is legal, but it is not the move this step is about. Try another one.").format(move=view.move_text(item.before, legal_wrong)),
                        quote=False,
                    )
                    in regions(page)["#story-task"]
                )
            drawn_for_answer = []
            for token in taps(game_id, item.move):
                drawn_for_answer.append(token if token in drawn_targets(page) else "")
                tap(app, token)
            seen.append((item, drawn_for_answer))
            assert not reading.task_open(), f"the author's move {item.move} solves the task"
        assert item.comment.split("\n")[0] in html.unescape(regions(page)["#story-comment"])
        send(app, type="click", control=control(action="story-next"))
    assert next(wrong, None) is None, "every task was met"
    assert (reading.chapter, reading.step) == (len(reading.chapters) - 1, len(reading.chapters[-1]) - 1)
    return app, page, seen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_newcomer_reads_the_lesson_in_the_app_and_solves_every_task(game_id, lang, monkeypatch):
    app, page, seen = read_lesson(game_id, lang, monkeypatch)
    assert len(seen) == len(WRONG[game_id])
    title = lesson(game_id, lang).title
    assert any(title in op[2] for op in page.named("screen"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_tap_a_tasks_answer_needs_is_drawn_in_the_reader(game_id, monkeypatch):
    _app, _page, seen = read_lesson(game_id, "en", monkeypatch)
    missing = [(item.chapter + 1, item.step, item.move) for item, drawn in seen if not all(drawn)]
    assert not missing, f"answers the reader offers no target for: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mops_lesson_marks_the_layout_its_board_shows(lang):
    """Mops Royal's board shows one layout, the player's to move (`seat_in_front`); a step's marks
    are drawn on it (issue 57: after Red laid f5 the board showed Blue's layout, and the circle on
    f5 ringed an empty cell of it). A mark on a cell the step's move changed is drawn only where
    the layout shown is the mover's, and a circle rings a tile of the layout shown."""
    game = get_game("mops")
    for chapter in replay(game, lesson("mops", lang)):
        for item in chapter:
            shown = game.seat_in_front(item.state)
            kinds = game.cell_kinds(item.state, shown)
            if item.move is not None and item.before is not None:
                effect = game.effect(item.before, item.move)
                changed = {effect.cell} if effect.kind == "place" else {effect.onto} if effect.kind == "refuse" else set()
                if effect.kind == "score":
                    changed = {*effect.cells, effect.flip}
                if effect.seat != shown:
                    marked = changed & set(item.marks.targets())
                    assert not marked, f"step {item.step}: {sorted(marked)} of the move are marked on the layout of seat {shown}, not the mover's"
            for circle in item.marks.circles:
                assert kinds[frame_cell_index(circle.target)] in ("up", "down"), (
                    f"step {item.step}: the circle on {circle.target} rings no tile of the layout shown"
                )
