"""Stories in the page (issue 57), as readers and authors arrive: a story link opened in a fresh
browser on a phone, read step by step and its task solved by taps (first a wrong tap, then the
right one); every game's worked example of docs/for-authors.md read to its end with Show me; and a
line recorded from the diagram editor, kept over a reload, whose link opens the same story in
another fresh browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import PHONE, answered, device, open_app, wait_for
from test_story import docs_examples

from ludothek.render.story import parse_story, story_code

EXAMPLES = {parse_story(text).game: parse_story(text) for text in docs_examples()}


def story_route(game_id: str) -> str:
    return "#/story/" + story_code(EXAMPLES[game_id])


def next_step(page) -> None:
    page.get_by_role("button", name="Next", exact=True).click()
    answered(page)


def test_a_story_link_on_a_phone_is_read_and_its_task_solved_by_taps(phone, app_url):
    open_app(phone, app_url, story_route("momentum"))
    expect(phone.locator("#story-comment")).to_contain_text("Red places first")
    expect(phone.locator(".story-step.task")).to_have_count(1)  # the task's move is not given away in the list
    for _ in range(3):
        next_step(phone)
    expect(phone.locator("#story-question")).to_contain_text("find the move")
    expect(phone.locator("#story-comment")).to_be_empty()  # the step's comment would tell the answer
    # A stone on c3: the engine refuses a second one there, in words.
    phone.locator('#board [data-target="c3"]').tap(force=True)  # marked disabled: a player taps it all the same
    answered(phone)
    expect(phone.locator(".story-feedback")).not_to_be_empty()
    # A legal cell that is not the answer.
    phone.locator('#board [data-target="a1"]').tap()
    expect(phone.locator(".story-feedback")).to_contain_text("not the move this step is about", timeout=60_000)
    phone.locator('#board [data-target="d4"]').tap()
    expect(phone.locator(".story-feedback.solved")).to_contain_text("Yes", timeout=60_000)
    expect(phone.locator("#story-comment")).to_contain_text("pushes both stones away")  # solved: the comment explains it
    board = phone.locator("#board svg").bounding_box()
    assert board and board["x"] >= 0 and board["width"] <= PHONE["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not phone.errors


@pytest.mark.parametrize("game_id", sorted(EXAMPLES))
def test_every_games_worked_example_reads_to_its_end_in_a_fresh_browser(browser, app_url, game_id):
    context, page = device(browser)
    try:
        open_app(page, app_url, story_route(game_id))
        story = EXAMPLES[game_id]
        steps = sum(len(chapter.steps) for chapter in story.chapters) + len(story.chapters) - 1
        for _ in range(steps):
            if page.locator("#story-question").count():
                page.get_by_role("button", name="Show me").click()
                expect(page.locator(".story-feedback.solved")).to_contain_text("The move is")
            next_step(page)
        last = story.chapters[-1].steps[-1]
        if last.task is None:
            expect(page.locator("#story-comment")).to_contain_text(last.comment.split("\n")[0][:40])
        expect(page.get_by_role("button", name="Next", exact=True)).to_be_disabled()
        expect(page.locator("#board svg")).to_be_visible()
        assert not page.errors
    finally:
        context.close()


def test_a_line_recorded_in_the_editor_survives_a_reload_and_its_link_opens_it_elsewhere(browser, app_url):
    context, page = device(browser)
    try:
        open_app(page, app_url, "#/editor/momentum")
        page.get_by_role("button", name="Record a line").click()
        wait_for(page, "location.hash.startsWith('#/story-edit/')")
        answered(page)
        page.locator('#board [data-target="d4"]').click()
        answered(page)
        expect(page.locator("#story-edit-steps")).to_contain_text("d4")
        comment = page.locator("#story-edit-comment")
        comment.fill("The first stone has nothing to push.")
        comment.blur()
        answered(page)
        address = page.evaluate("location.hash")
        page.reload()
        page.wait_for_selector("body[data-ready]")
        wait_for(page, "location.hash === arg", address)
        expect(page.locator("#story-edit-comment")).to_have_value("The first stone has nothing to push.")
        # The story's link, from its reader, opens the same line in another browser.
        open_app(page, app_url, "#/stories")
        page.get_by_role("link", name="Read").first.click()
        answered(page)
        link = page.locator("#story-link").input_value()
        assert "#/story/" in link
        assert not page.errors
    finally:
        context.close()
    other, reader = device(browser)
    try:
        open_app(reader, app_url, "#" + link.split("#", 1)[1])
        next_step(reader)
        expect(reader.locator("#story-comment")).to_contain_text("The first stone has nothing to push.")
        assert not reader.errors
    finally:
        other.close()
