"""A story made, shared and solved in every game, as an author and a reader meet it (issue 57).

In each game (both ways: the author at a desk and the reader on a phone, and the other way round)
an author opens the diagram editor, presses Record a line and plays two or three
moves by tapping (or clicking) the board and what the game offers beside it (Fenn's faces, Mops
Royal's scoring choice), comments a step, marks it, makes a step a task and keeps the words; then
reads the story from the device's list and copies its link. A reader opens the link in another
fresh browser, taps a wrong move first (answered with the rule's words or "not the move this step is about"),
then the right one ("Yes"), and reads to the end. The story's file, downloaded by the author, is
imported in the reader's browser and kept in its list. In Mops Royal and Momox no step of the
reader's page holds what nobody at the table has seen (the pile's order, the covered chips).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import pytest
from playwright.sync_api import expect

from test_momox import assert_no_covered_chip_in_page

from conftest import PHONE, answered, arrows_to_target, device, open_app, until, wait_for

from ludothek.games import get_game
from ludothek.render.story import _rng, parse_story

ALL_MOPS_TILES = [m + c for m in "PBWCKH" for c in "bgopvy"]
# Mops Royal, round 4: the blue can is revealed; Red's can on g5 makes the blue line e5-f5-g5.
MOPS_CAN = "9/9/9/4Ky4/3HgPbWb3/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 {pile} Cb p1 0,0"
MOPS_PILE = [t for t in ALL_MOPS_TILES if t not in ("Pb", "Wb", "Ky", "Hg", "Cb")]


def mops_table_position() -> str:
    """MOPS_CAN as everyone at the table sees it (the pile's order hidden): what an author types."""
    game = get_game("mops")
    return game.position(game.observation(game.from_position(MOPS_CAN.format(pile="".join(MOPS_PILE))), None))


def press(page, locator) -> None:
    """A tap on a touch screen, a click at a desk."""
    if page.touch:
        locator.tap()
    else:
        locator.click()


def board(page, target: str):
    return page.locator(f'#board [data-target="{target}"]')


def enabled_targets(page) -> list[str]:
    wait_for(page, "document.querySelectorAll('#board [data-target]').length > 0")
    return page.evaluate(
        "[...document.querySelectorAll('#board [data-target]')].filter(e => e.getAttribute('aria-disabled') !== 'true').map(e => e.dataset.target)"
    )


def tap_board(target: str) -> Callable:
    def play(page) -> None:
        press(page, board(page, target))

    return play


def keys_to_board(target: str) -> Callable:
    """At a desk, the keyboard: onto the board, the arrow keys to `target`, Enter; a tap on a phone."""

    def play(page) -> None:
        if page.touch:
            press(page, board(page, target))
            return
        page.locator("#board [tabindex='0']").focus()
        arrows_to_target(page, target)
        page.keyboard.press("Enter")

    return play


def fenn_step(target: str) -> Callable:
    """A Fenn step: the field, then the face in the chooser beside the board."""

    def play(page) -> None:
        field_number, _face = target.split(":")
        press(page, board(page, field_number))
        press(page, page.locator(f'#extra button[data-target="{target}"]'))

    return play


def other_board_move(answer: str) -> Callable:
    """A legal tap on the board that is not the answer."""

    def play(page) -> None:
        wrong = next(t for t in enabled_targets(page) if t != answer)
        press(page, board(page, wrong))

    return play


def fenn_other_face(answer: str) -> Callable:
    """The answer's field, then another face of it."""

    def play(page) -> None:
        field_number = answer.split(":")[0]
        press(page, board(page, field_number))
        faces = page.locator(f'#extra button[data-target^="{field_number}:"]:not([data-target="{answer}"])')
        expect(faces.first).to_be_visible()
        press(page, faces.first)

    return play


def mops_score(page) -> None:
    """Red scores the blue line it has just made (the choice beside the board)."""
    option = page.locator("#extra .mops-option", has_text="Line of 3, all blue")
    expect(option).to_be_visible()
    press(page, option)


def mops_pass(page) -> None:
    press(page, page.get_by_role("button", name="Pass: score nothing this round"))


def momox_second_lift(page) -> None:
    """After the first walk: the first bowl still covered that may be lifted (or Stay)."""
    press(page, board(page, next(t for t in enabled_targets(page) if t.startswith("k"))))


@dataclass
class Line:
    """How an author records a game's line and how its task is solved."""

    moves: list[Callable]  # each plays one move in the editor, by taps
    task: int  # the step (from 1) that becomes a task
    answer: Callable  # the task's move, tapped by the reader
    wrong: Callable  # a tap the task does not take
    wrong_words: re.Pattern
    position: str = ""  # typed into the diagram editor before Record a line ("": its own start)
    hidden: bool = False
    moves_text: list[str] = field(default_factory=list)  # the line's moves as the story's file writes them


NOT_THE_MOVE = re.compile("not the move this step is about")
LINES = {
    "momentum": Line([tap_board("d4"), keys_to_board("c3"), tap_board("d4")], 3, tap_board("d4"), tap_board("a1"), NOT_THE_MOVE, moves_text=["d4", "c3", "d4"]),
    "nummerus": Line([keys_to_board("c5"), tap_board("b5")], 2, tap_board("b5"), other_board_move("b5"), NOT_THE_MOVE, moves_text=["c5", "b5"]),
    "fenn": Line([fenn_step("2:7"), fenn_step("8:3")], 2, fenn_step("8:3"), fenn_other_face("8:3"), NOT_THE_MOVE, moves_text=["2:7", "8:3"]),
    "mops": Line(
        [tap_board("g5"), mops_score, other_board_move("")],
        2,
        mops_score,
        mops_pass,
        NOT_THE_MOVE,
        position=mops_table_position(),
        hidden=True,
    ),
    "momox": Line([tap_board("k3"), momox_second_lift], 1, tap_board("k3"), tap_board("k1"), NOT_THE_MOVE, hidden=True),
}


def phone_device(browser):
    """A fresh phone (upright, touch), the clipboard allowed: device()'s phone."""
    context = browser.new_context(service_workers="block", locale="en-GB", viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def open_device(browser, on_phone: bool):
    context, page = phone_device(browser) if on_phone else device(browser)
    page.touch = on_phone
    return context, page


def record_line(page, app_url: str, game_id: str, line: Line) -> str:
    """The author's story, from the diagram editor to its reader; its title."""
    open_app(page, app_url, f"#/editor/{game_id}")
    if line.position:
        page.locator("#editor-position").fill(line.position)
        press(page, page.get_by_role("button", name="Apply"))
        expect(page.locator("#editor-position-message")).not_to_be_empty()
    press(page, page.get_by_role("button", name="Record a line"))
    wait_for(page, "location.hash.startsWith('#/story-edit/')")
    answered(page)
    steps = page.locator("#story-edit-steps .story-step")
    for number, play in enumerate(line.moves, start=1):
        play(page)
        expect(steps).to_have_count(number + 1)  # the start and each move
        expect(page.locator("body")).to_have_attribute("data-story-step", f"0.{number}")
    title = f"A line of {game_id}"
    page.locator("#story-edit-title").fill(title)
    # The first move: a comment and a circle on the board.
    press(page, steps.nth(1))
    expect(page.locator("#story-edit-step-title")).to_have_text("Step 1")
    comment = page.locator("#story-edit-comment")
    comment.fill(f"The first move of {game_id}.")
    press(page, page.get_by_role("button", name="Keep these words"))
    press(page, page.get_by_role("button", name="Circle", exact=True))
    marked = page.locator("#board [data-target]").first
    press(page, marked)
    press(page, page.get_by_role("button", name="Play a move", exact=True))
    # The task: the reader is to find that step's move.
    press(page, steps.nth(line.task))
    expect(page.locator("#story-edit-step-title")).to_have_text(f"Step {line.task}")
    task = page.get_by_label("The reader finds this move")
    task.check()
    page.locator("#story-edit-hint").fill("Look again.")
    press(page, page.get_by_role("button", name="Keep these words"))
    expect(steps.nth(line.task)).to_contain_text("task")
    assert not page.errors
    return title


def read_to_the_end(page, steps: int) -> None:
    next_button = page.get_by_role("button", name="Next", exact=True)
    for _ in range(steps):
        if page.locator("#story-question").count():
            break
        press(page, next_button)


def assert_nothing_hidden_shown(page, game_id: str, story) -> None:
    """Every step of the reader's page: no covered Momox chip, nothing of the Mops Royal pile's
    order beyond what is revealed (the story's own deal, as render/story.replay plays it)."""
    game = get_game(game_id)
    chapter = story.chapters[0]
    state = game.from_observation(chapter.position, _rng(game_id, 0, 0))
    states = [state]
    for number, step in enumerate(chapter.steps, start=1):
        state = game.play(state, step.move)
        if step.position:
            state = game.from_observation(step.position, _rng(game_id, 0, number))
        states.append(state)
    for number, state in enumerate(states):
        press(page, page.locator(f'#story-steps [data-step="{number}"]'))
        if page.locator("#story-question").count():
            press(page, page.get_by_role("button", name="Show me"))
        html = page.evaluate("document.getElementById('screen').outerHTML + document.getElementById('announce').outerHTML")
        tree = page.locator("body").aria_snapshot()
        if game_id == "mops":
            pile = [tile for tile in re.findall(r"[PBWCKH][bgopvy]", game.position(state).split(" ")[1])]
            assert len(pile) > 3
            assert "".join(pile[:4]) not in html and "".join(pile[:4]) not in tree  # the order of the tiles to come
        else:
            assert any(circle.covered for circle in game.circles(state))
            assert_no_covered_chip_in_page(page, state)


@pytest.mark.parametrize("author_on_phone", [False, True], ids=["desk-to-phone", "phone-to-desk"])
@pytest.mark.parametrize("game_id", list(LINES))
def test_a_story_is_made_shared_and_solved(browser, app_url, game_id, author_on_phone, tmp_path):
    line = LINES[game_id]
    author_context, author = open_device(browser, author_on_phone)
    try:
        title = record_line(author, app_url, game_id, line)
        # The device's list, the reader, the link copied and the file downloaded.
        open_app(author, app_url, "#/stories")
        row = author.locator(".story-row", has_text=title)
        expect(row).to_have_count(1)
        press(author, row.get_by_role("link", name="Read"))
        wait_for(author, "(document.body.dataset.route || '').startsWith('#/stories/')")
        answered(author)
        expect(author.locator("#story-comment")).to_be_empty()  # the start has no comment
        press(author, author.locator(".story-share-panel summary"))
        link_field = author.locator("#story-link")
        link = link_field.input_value()
        assert "#/story/" in link
        press(author, link_field.locator("xpath=..").get_by_role("button", name="Copy"))
        until(author, lambda: author.evaluate("navigator.clipboard.readText()") == link, 30, "the link on the clipboard")
        with author.expect_download() as download:
            press(author, author.get_by_role("button", name="Download as a file"))
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        assert path.suffix == ".story"
        story = parse_story(path.read_text(encoding="utf-8"))
        steps = story.chapters[0].steps
        assert story.title == title and len(steps) == len(line.moves)
        if line.moves_text:
            assert [step.move for step in steps] == line.moves_text
        assert steps[0].comment == f"The first move of {game_id}." and steps[0].marks.circles
        assert [step.task is not None for step in steps] == [number == line.task for number in range(1, len(steps) + 1)]
        assert not author.errors
    finally:
        author_context.close()

    reader_context, reader = open_device(browser, not author_on_phone)
    try:
        open_app(reader, app_url, "#" + link.split("#", 1)[1])
        expect(reader.locator("h1")).to_have_text(title)
        read_to_the_end(reader, line.task)
        expect(reader.locator("#story-question")).to_contain_text("find the move")
        expect(reader.locator(".story-step.task")).to_have_count(1)
        line.wrong(reader)
        expect(reader.locator(".story-feedback")).to_contain_text(line.wrong_words, timeout=60_000)
        line.answer(reader)
        expect(reader.locator(".story-feedback.solved")).to_contain_text("Yes", timeout=60_000)
        next_button = reader.get_by_role("button", name="Next", exact=True)
        for _ in range(len(steps) - line.task):
            press(reader, next_button)
        expect(next_button).to_be_disabled()
        expect(reader.locator("body")).to_have_attribute("data-story-step", f"0.{len(steps)}")
        if reader.touch:
            assert reader.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        if line.hidden:
            assert_nothing_hidden_shown(reader, game_id, story)
        # The file, imported in this browser: kept in its list.
        open_app(reader, app_url, "#/")
        expect(reader.locator("#import-file")).to_have_attribute("accept", re.compile(r"\.story"))
        reader.locator("#import-file").set_input_files(str(path))
        expect(reader.locator("#toast")).to_contain_text("The story was imported.")
        open_app(reader, app_url, "#/stories")
        expect(reader.locator(".story-row", has_text=title)).to_have_count(1)
        assert not reader.errors
    finally:
        reader_context.close()
