"""Stories (render/story.py): the notation and its round trip, the link's code, the line judged by
the engine, the tasks' answers, and what a stranger's story may not do."""

from __future__ import annotations

import base64
import zlib
from dataclasses import replace

import pytest

from ludothek.ai.base import run_search
from ludothek.ai.tasks import accepted_moves
from ludothek.games import GAME_IDS, get_game
from ludothek.i18n import set_language
from ludothek.render.catalog import game_ai, get_view
from ludothek.render.diagram import Circle, Diagram
from ludothek.render.story import (
    LINK_CHARS,
    MAX_COMMENT,
    Chapter,
    Step,
    Story,
    StoryError,
    Task,
    checked_story,
    format_story,
    parse_story,
    read_story_code,
    replay,
    story_code,
)
from ludothek.render.story_words import story_error_text

SENTENCE = "The stone pushes the last stone of every run beside it one cell outward; a stone pushed off the board goes back to its hand."


def seeded_story(game_id: str, moves: int = 8, seed: int = 3) -> Story:
    """A story of a seeded game's first moves, as everyone at the table saw them, with a comment,
    a mark and a task here and there; a move that met chance pins the table after it (`then`)."""
    game = get_game(game_id)
    s = game.new_game(players=2, seed=seed)
    start = game.position(game.observation(s, None))
    steps = []
    for number in range(moves):
        legal = game.legal_moves(s)
        if not legal:
            break
        move = legal[(number * 7) % len(legal)]
        before = s
        s = game.play(s, move)
        after = game.position(game.observation(s, None))
        replayed = game.play(game.from_observation(game.position(game.observation(before, None)), __import__("random").Random(0)), move)
        pinned = after if game.position(game.observation(replayed, None)) != after else ""
        steps.append(Step(move=move, position=pinned, comment=f"Move {number + 1}.", task=Task(hint="Look again.") if number % 3 == 1 else None))
    chapter = Chapter("From the start", start, comment="The setup.", marks=Diagram(), steps=tuple(steps))
    return checked_story(Story(game_id, f"A line of {game.name}", (chapter,), "en"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_story_reads_as_it_is_written_and_replays_through_the_engine(game_id):
    story = seeded_story(game_id)
    text = format_story(story)
    assert parse_story(text) == story
    assert format_story(parse_story(text)) == text
    assert read_story_code(story_code(story)) == story
    shown = replay(get_game(game_id), story)
    assert [len(chapter) for chapter in shown] == [len(story.chapters[0].steps) + 1]
    assert shown[0][0].move is None and all(item.move == step.move for item, step in zip(shown[0][1:], story.chapters[0].steps))
    # Everything shown is what everyone at the table sees (Mops Royal's pile, Momox' chips hidden).
    game = get_game(game_id)
    assert all(game.observation(item.state, None) == item.state for item in shown[0])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_story_replays_the_same_everywhere(game_id):
    story = seeded_story(game_id, moves=10)
    game = get_game(game_id)
    first, again = replay(game, story), replay(game, parse_story(format_story(story)))
    assert [[game.position(item.state) for item in chapter] for chapter in first] == [[game.position(item.state) for item in chapter] for chapter in again]


def test_a_twelve_step_story_with_a_sentence_at_each_step_fits_a_link_of_2000_characters():
    game = get_game("momentum")
    s = game.new_game(players=2, seed=5)
    steps = []
    for number in range(12):
        move = game.legal_moves(s)[(number * 11) % len(game.legal_moves(s))]
        s = game.play(s, move)
        steps.append(Step(move=move, comment=f"{number + 1}. {SENTENCE[number * 3 :]} ({move})"))
    story = checked_story(Story("momentum", "Twelve steps", (Chapter("One", game.position(game.new_game(2, seed=5)), steps=tuple(steps)),)))
    assert len(story_code(story)) < 2000


def test_the_engine_refuses_a_step_and_the_reader_is_told_which_and_why():
    story = seeded_story("momentum", moves=4)
    chapter = story.chapters[0]
    # The stone placed at step 2 never moves: its cell is taken at step 3.
    bad = replace(story, chapters=(replace(chapter, steps=chapter.steps[:2] + (Step(move=chapter.steps[1].move),)),))
    with pytest.raises(StoryError) as refused:
        replay(get_game("momentum"), bad)
    assert refused.value.rule == "illegal-move" and refused.value.params["chapter"] == 1 and refused.value.params["step"] == 3
    set_language("en")
    said = story_error_text(refused.value, "momentum")
    assert said.startswith(f"Chapter 1, step 3: {chapter.steps[1].move} is not a legal move there. ")
    assert said.endswith(get_view_text("momentum", refused.value.params["error"]))
    set_language("de")
    try:
        assert story_error_text(refused.value, "momentum").startswith("Kapitel 1, Schritt 3: ")
    finally:
        set_language("en")


def get_view_text(game_id, error):
    return get_view(game_id).move_error_text(error)


def test_a_story_of_another_game_is_refused_as_such():
    with pytest.raises(StoryError) as refused:
        replay(get_game("fenn"), seeded_story("momentum", moves=2))
    assert refused.value.rule == "other-game"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("hello", "not-a-story"),
        ("ludothek story 2\ngame fenn\n", "newer-version"),
        ("ludothek story 1\ngame chess\nchapter A\nposition x\n", "unknown-game"),
        ("ludothek story 1\ngame fenn\n", "no-chapter"),
        ("ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\nfly 3\n", "bad-line"),
        ("ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\nmarks a:z:1-2\n", "bad-marks"),
        ("ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\nedit b0:5 r10:5 k4 r\ntask\n", "task-without-move"),
        ("ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\n| a \u202eright-to-left override\n", "control-character"),
        ("ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\n| <script>" + "x" * MAX_COMMENT + "\n", "too-long-text"),
        ("ludothek story 1\ngame fenn\n" + "chapter A\nposition b0:5 r10:5 k4 r\n" * 21, "too-many-chapters"),
    ],
)
def test_a_strangers_story_is_refused_with_a_reason(text, rule):
    with pytest.raises(StoryError) as refused:
        parse_story(text)
    assert refused.value.rule == rule
    assert story_error_text(refused.value, "fenn")  # a sentence for every rule, never the English message


def test_a_comment_keeps_right_to_left_writing_and_markup_stays_text():
    text = "ludothek story 1\ngame fenn\nchapter A\nposition b0:5 r10:5 k4 r\n| \u05e9\u05dc\u05d5\u05dd <b>bold</b> 3\n"
    story = parse_story(text)
    assert story.chapters[0].comment == "\u05e9\u05dc\u05d5\u05dd <b>bold</b> 3"  # escaped where it is drawn, never markup


def test_a_small_code_never_unpacks_to_more_than_a_story_may_hold():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"game fenn\n" + b"|" * 12_000_000) + packer.flush()
    code = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(code) < LINK_CHARS * 2
    with pytest.raises(StoryError) as refused:
        read_story_code(code)
    assert refused.value.rule == "too-long"


@pytest.mark.parametrize("code", ["", "x", "9abc", "1%%%", "1" + "A" * 40, "1" + "a" * (LINK_CHARS * 2 + 1)])
def test_a_damaged_code_is_refused(code):
    with pytest.raises(StoryError):
        read_story_code(code)


def test_marks_and_tasks_round_trip():
    story = seeded_story("fenn", moves=3)
    chapter = story.chapters[0]
    marked = replace(chapter, marks=Diagram(circles=(Circle("3", "o"),)), steps=(replace(chapter.steps[0], task=Task(best=True, hint="Think of the goal.")),))
    story = checked_story(replace(story, chapters=(marked,)))
    assert parse_story(format_story(story)) == story
    assert "task best\nhint Think of the goal." in format_story(story)


def test_a_task_accepts_the_authors_move_and_with_best_every_move_as_good():
    game = get_game("fenn")
    s = game.from_position("b2:6 r8:4 k3 b")
    ai = game_ai("fenn")
    author = ai.strongest().choose(s)
    assert run_search(accepted_moves(ai, s, author, best=False)) == frozenset({author})
    as_good = run_search(accepted_moves(ai, s, author, best=True))
    assert author in as_good and as_good <= set(game.legal_moves(s))
    values = {value.move: value.exact for value in run_search(ai.strongest().move_values(s)) or []}
    assert all(values[move].rank() >= values[author].rank() for move in as_good)


def docs_examples() -> list[str]:
    """The stories docs/for-authors.md shows, each an indented block that starts `ludothek story`."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "for-authors.md").read_text(encoding="utf-8")
    blocks = text.split("\n    ludothek story ")[1:]
    examples = []
    for block in blocks:
        lines = ["ludothek story " + block.split("\n", 1)[0]]
        for line in block.split("\n")[1:]:
            if line and not line.startswith("    "):
                break
            lines.append(line[4:])
        examples.append("\n".join(lines).strip() + "\n")
    return examples


def test_the_worked_examples_of_the_authors_guide_read_and_replay_for_every_game():
    examples = [parse_story(text) for text in docs_examples()]
    assert sorted(story.game for story in examples) == sorted(GAME_IDS)
    for story in examples:
        shown = [item for chapter in replay(get_game(story.game), story) for item in chapter]
        assert len(shown) >= 3 and any(step.comment for step in story.chapters[0].steps)
        ai = game_ai(story.game)
        for item in shown:
            if item.task is not None and item.move is not None:
                assert item.move in run_search(accepted_moves(ai, item.before, item.move, best=item.task.best)), (story.game, item.step)
