"""A story embedded in a blog of another site, as its readers meet it (issue 57): the first step's
picture before any Python, then every chapter stepped through with the keys, the buttons and the
step list ("Steps", over the board), a task solved inside the frame, and "Play from here".

The blog is on `localhost`, the app on `127.0.0.1`, opened in a fresh default context (test_embed.py):
the frame is a third-party frame without storage, as on a real blog.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, answered, wait_for
from blog import RUNTIME, story_snippet
from test_embed import SCROLL_ROOM
from test_story import docs_examples

from ludothek.render.story import Chapter, Step, checked_story, parse_story


def momentum_example():
    """docs/for-authors.md's Momentum story: the pie rule, a push, and a task (d4) at step 3."""
    return next(parse_story(text) for text in docs_examples() if parse_story(text).game == "momentum")


def two_chapter_story():
    """docs/for-authors.md's Momentum example (its third step a task) and a second chapter."""
    first = momentum_example()
    again = Chapter("Again from the empty board", first.chapters[0].position, steps=(Step(move="c3", comment="This time Red opens on c3."),))
    return checked_story(replace(first, chapters=(*first.chapters, again)))


def shown_step(frame) -> str:
    return frame.evaluate("document.body.dataset.storyStep || ''")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_reader_steps_through_every_chapter_opens_the_step_list_solves_the_task_and_plays_from_there(open_blog, app_url, phone):
    story = two_chapter_story()
    blog = open_blog("<p>How a stone pushes.</p>" + story_snippet(app_url, story), viewport=(390, 844) if phone else (1280, 800), phone=phone)
    blog.page.wait_for_function("document.querySelectorAll('iframe').length === 1")
    frame = blog.page.frame_locator("iframe")
    frame.locator("body.embed").wait_for(state="attached")
    # Before Python: the first step's picture (the frame's background) and Play; nothing of the runtime.
    expect(frame.get_by_role("button", name="Play")).to_be_visible()
    assert blog.runtime_requests() == []
    play = frame.get_by_role("button", name="Play")
    play.tap() if phone else play.click()
    frame.locator("body[data-ready]").wait_for(timeout=READY_TIMEOUT_MS)
    live = blog.frames()[0]
    wait_for(live, "document.body.dataset.storyStep === '0.0'")
    expect(frame.locator("#story-comment")).to_contain_text("Red places first")
    expect(frame.locator("#story-panel")).to_be_hidden()
    # Clicked, not tapped, inside the frame: see test_embed.py (Chromium's touch emulation misplaces
    # a tap's click in a frame of another site).
    frame.get_by_role("button", name="Next", exact=True).click()
    answered(live)
    assert shown_step(live) == "0.1"
    # The keys: the arrows step on and back.
    frame.get_by_role("button", name="Next", exact=True).focus()
    blog.page.keyboard.press("ArrowRight")
    wait_for(live, "document.body.dataset.storyStep === '0.2'")
    blog.page.keyboard.press("ArrowLeft")
    wait_for(live, "document.body.dataset.storyStep === '0.1'")
    # The step list, by the keyboard: "Steps" opens it over the board with the keyboard on the step
    # shown; Escape closes it and gives the keyboard back.
    steps = frame.get_by_role("button", name="Steps", exact=True)
    steps.focus()
    blog.page.keyboard.press("Enter")
    panel = frame.locator("#story-panel")
    expect(panel).to_be_visible()
    expect(steps).to_have_attribute("aria-expanded", "true")
    expect(frame.locator("#story-steps [aria-current=step]")).to_be_focused()
    expect(panel.get_by_role("heading", name="Chapter 2: Again from the empty board")).to_be_visible()
    # The task's move stays hidden in the list.
    expect(panel.locator(".story-step.task")).to_contain_text("Task: find the move")
    assert live.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    blog.page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(steps).to_be_focused()
    # By the pointer: a step of the second chapter; the list closes and the step is shown.
    steps.click()
    expect(panel).to_be_visible()
    panel.locator("[data-action=story-go][data-chapter='1'][data-step='1']").click()
    answered(live)
    assert shown_step(live) == "1.1"
    expect(panel).to_be_hidden()
    expect(frame.locator("#story-comment")).to_contain_text("This time Red opens on c3.")
    # Back over the chapters' border with Previous, to the first chapter's end: the task.
    frame.get_by_role("button", name="Previous").click()
    answered(live)
    assert shown_step(live) == "1.0"
    frame.get_by_role("button", name="Previous").click()
    answered(live)
    assert shown_step(live) == "0.3"
    expect(frame.locator("#story-question")).to_contain_text("find the move")
    # The task, solved in the frame: a legal move that is not the answer, then the answer.
    frame.locator('#board [data-target="a1"]').click()
    expect(frame.locator(".story-feedback")).to_contain_text("not the move this step is about", timeout=60_000)
    frame.locator('#board [data-target="d4"]').click()
    expect(frame.locator(".story-feedback.solved")).to_contain_text("Yes", timeout=60_000)
    expect(frame.locator("#story-comment")).to_contain_text("pushes both stones away")
    # The list now gives the solved step's move.
    steps.click()
    expect(panel.locator("[data-chapter='0'][data-step='3']")).to_contain_text("d4")
    expect(panel.locator(".story-step.task")).to_have_count(0)
    frame.get_by_role("button", name="Back to the story").click()
    expect(panel).to_be_hidden()
    # Play from here: a live board of this position in the same frame.
    frame.get_by_role("link", name="Play from here").click()
    wait_for(live, "document.body.dataset.screen === 'game'", timeout=30_000)
    expect(frame.locator("#board svg")).to_be_visible()
    expect(frame.locator("#status")).not_to_be_empty()
    assert live.evaluate(SCROLL_ROOM) == {"height": 0, "width": 0}
    assert live.evaluate("document.documentElement.dataset.storage") == "memory"
    assert blog.errors == []
    assert all(RUNTIME.search(u) is None or "127.0.0.1" in u for u in blog.requests)
