"""The story reader in the app, without a browser (web/story_screen.py): a story from a link, a
lesson, the way on and back, a task answered by tapping the board, and a stranger's link refused."""

from __future__ import annotations

import html
import re

import pytest
from test_editor_embeds import in_own_loop, settled
from test_web_app import control, last, send, start

from ludothek.games import get_game
from ludothek.render.catalog import get_view
from ludothek.render.story import Chapter, Step, Story, Task, checked_story, story_code
from ludothek.web.saves import DictStorage


def momentum_story() -> Story:
    game = get_game("momentum")
    start_text = game.position(game.new_game(players=2, seed=0))
    steps = (
        Step(move="d4", comment="Red starts in the middle."),
        Step(move="swap", comment="Blue takes it over."),
        Step(move="c3", comment="The stone on d4 moves to e5.", task=Task(hint="Next to the stone.")),
    )
    return checked_story(Story("momentum", "A first line", (Chapter("Start", start_text, comment="The empty board.", steps=steps),)))


def regions(page) -> dict[str, str]:
    return {op[1]: op[2] for op in page.named("html")}


def test_a_story_link_opens_the_reader_at_its_start_and_the_arrows_step_through_it():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    assert last(page, "screen")[1] == "story"
    assert ["data", "body", "storyStep", "0.0"] in page.ops
    assert "The empty board." in regions(page)["#story-comment"]
    send(app, type="key", key="ArrowRight")
    assert ["data", "body", "storyStep", "0.1"] in page.ops
    assert "Red starts in the middle." in regions(page)["#story-comment"]
    send(app, type="click", control=control(action="story-next"))
    assert app.stories.reader.current().step == 2
    send(app, type="key", key="ArrowLeft")
    send(app, type="click", control=control(action="story-prev"))
    assert app.stories.reader.current().step == 0
    assert "Previous" in regions(page)["#story-nav"] and "Play from here" in regions(page)["#story-nav"]


def test_a_task_asks_for_the_move_refuses_an_illegal_tap_in_the_players_words_and_takes_the_right_one():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    send(app, type="click", control=control(action="story-go", chapter="0", step="3"))
    assert ["data", "body", "storyTask", "open"] in page.ops
    assert "find the move" in regions(page)["#story-task"]
    # The step's comment tells the answer: neither the comment region nor the list shows it yet.
    assert "moves to e5" not in regions(page)["#story-comment"] + regions(page)["#story-steps"]
    send(app, type="click", control=control(target="d4", within="#board"))  # taken: Blue's stone
    before = app.stories.reader.current().item.before
    said = get_view("momentum").refusal(before, "d4")
    assert said and html.escape(said, quote=False) in regions(page)["#story-task"]  # the rule it breaks, in the view's words
    assert app.stories.reader.current().task_open()

    async def tap() -> None:
        send(app, type="click", control=control(target="c3", within="#board"))
        await settled()

    in_own_loop(tap())
    reading = app.stories.reader.current()
    assert not reading.task_open() and (0, 3) in reading.solved
    assert "moves to e5" in regions(page)["#story-steps"]


def test_show_me_gives_the_answer():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    send(app, type="click", control=control(action="story-go", chapter="0", step="3"))
    send(app, type="click", control=control(action="story-show"))
    assert not app.stories.reader.current().task_open()
    assert "The move is c3" in regions(page)["#story-task"]


def test_a_damaged_story_link_says_why_in_the_players_language():
    app, page = start(languages=("de",))
    send(app, type="route", hash="#/story/1AAAA")
    assert last(page, "screen")[1] == "error"


@pytest.mark.parametrize("game_id", ["momentum"])
def test_a_games_lesson_opens_from_its_address(game_id):
    app, page = start()
    send(app, type="route", hash=f"#/learn/{game_id}")
    assert last(page, "screen")[1] == "story"


def test_the_devices_stories_are_listed_read_deleted_and_brought_back():
    from ludothek.web.saves import DictStorage
    from ludothek.web.story_store import PREFIX, StoryStore

    storage = DictStorage()
    store = StoryStore(storage)
    store.save("abc1", momentum_story(), now=10.0)
    storage.set(PREFIX + "bad1", '{"format": "ludothek-story", "text": "ludothek story 1\\ngame chess\\n"}')
    storage.set(PREFIX + "bad2", "[[[[not json")
    app, page = start(storage=storage)
    send(app, type="route", hash="#/stories")
    html_text = last(page, "screen")[2]
    assert "A first line" in html_text and html_text.count("story-row problem") == 2
    send(app, type="route", hash="#/stories/abc1")
    assert last(page, "screen")[1] == "story"
    send(app, type="click", control=control(action="story-export"))
    name, mime, text = last(page, "download")[1:4]
    assert (name, mime) == ("a-first-line.story", "text/plain") and text.startswith("ludothek story 1\ngame momentum\n")
    send(app, type="route", hash="#/stories")
    send(app, type="click", control=control(action="story-delete", story="abc1"))
    assert store.text("abc1") is None
    send(app, type="click", control=control(action="story-undo-delete"))
    assert store.load("abc1").story == momentum_story()
    send(app, type="route", hash="#/stories/nope1")
    assert last(page, "screen")[1] == "error"


def test_a_story_file_is_imported_and_a_refused_one_says_why_in_the_games_words():
    from test_editor_embeds import in_own_loop, settled

    from ludothek.render.story import format_story
    from ludothek.web.saves import DictStorage
    from ludothek.web.story_store import StoryStore

    storage = DictStorage()
    app, page = start(storage=storage)

    async def load(text: str) -> None:
        send(app, type="import", text=text)
        await settled()

    in_own_loop(load(format_story(momentum_story())))
    (kept,) = StoryStore(storage).entries()[0]
    assert kept.story == momentum_story() and last(page, "go")[1] == f"#/stories/{kept.id}"
    broken = format_story(momentum_story()).replace("move c3", "move d4")  # d4 is taken by then
    in_own_loop(load(broken))
    said = last(page, "toast")[1]
    assert "The story was not imported: Chapter 1, step 3: d4 is not a legal move there. d4 is occupied." in said
    assert len(StoryStore(storage).ids()) == 1


def test_the_reader_offers_the_link_the_embed_and_a_strip_of_chosen_steps():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    share = regions(page)["#story-share"]
    code = story_code(momentum_story())
    assert f'value="https://example.org/ludothek/index.html#/story/{code}"' in share
    assert f"?embed=1&amp;amp;picture=1#/story/{code}" in share  # the embed code, as text in its field
    send(app, type="click", control=control(action="story-strip-svg", within="[data-form]"), values={"pick-1": "on", "pick-3": "on"})
    name, mime, svg = last(page, "download")[1:4]
    assert name == "a-first-line-1.svg" and mime == "image/svg+xml"
    assert svg.count('<svg x="') == 2 and "Step 1: Red starts in the middle." in svg and "Step 3: The stone on d4 moves to e5." in svg
    assert "Step 2" not in svg and "<style>" in svg


def test_a_story_embed_shows_its_first_step_before_python_and_links_back_to_ludothek():
    from ludothek.render.standalone import embed_size
    from ludothek.render.story import replay
    from ludothek.render.story_pictures import story_embed_size, story_embed_snippet

    story = momentum_story()
    first = replay(get_game("momentum"), story)[0][0]
    code = story_embed_snippet("https://example.org/ludothek/index.html", get_view("momentum"), story, first, story_embed_size(*embed_size("momentum")))
    assert code.startswith('<iframe src="https://example.org/ludothek/index.html?embed=1&amp;picture=1#/story/' + story_code(story) + '"')
    assert "%3EThe empty board.%3C/text%3E" in code  # the first step's comment is in the picture itself
    assert "%3ERed to move.%3C/tspan%3E" in code  # and what lies beside the board, under it
    app, page = start(hash="#/story/" + story_code(story))
    assert 'class="side-lines"' not in regions(page)["#board"], "in the app the seats are beside the board"
    app.embed = type(app.embed)(embed=True)
    send(app, type="route", hash="#/story/" + story_code(story))
    assert "Open in Ludothek" in regions(page)["#story-nav"] and regions(page).get("#story-share", "") == ""
    # A frame has no room for the seats: the embedded reader writes them under the board, as the picture did.
    assert ">Red to move.</tspan>" in regions(page)["#board"]


def test_a_story_embed_opens_its_step_list_over_the_board_and_a_chosen_step_of_another_chapter_closes_it():
    from dataclasses import replace

    story = momentum_story()
    again = Chapter("Again", story.chapters[0].position, steps=(Step(move="c3", comment="This time Red starts on c3."),))
    story = checked_story(replace(story, chapters=(*story.chapters, again)))
    app, page = start(hash="#/story/" + story_code(story))
    app.embed = type(app.embed)(embed=True)
    send(app, type="route", hash="#/story/" + story_code(story))
    screen = last(page, "screen")[2]
    panel = re.search(r"<aside[^>]*>", screen)
    assert panel and 'id="story-panel"' in panel.group(0) and " hidden" in panel.group(0)  # closed at first
    nav = regions(page)["#story-nav"]
    assert 'data-action="story-steps"' in nav and 'aria-expanded="false"' in nav
    # Every chapter's steps are in the list, under the chapter's title; the step shown is marked.
    steps = regions(page)["#story-steps"]
    assert "Chapter 1: Start" in steps and "Chapter 2: Again" in steps
    assert steps.count('aria-current="step"') == 1 and 'data-chapter="0" data-step="0" aria-current="step"' in steps
    # The head says which chapter in words (its buttons did not fit a phone's frame).
    place = regions(page)["#story-place"]
    assert "Chapter 1 of 2" in place and "story-chapter" not in place
    send(app, type="click", control=control(action="story-steps"))
    assert ["attr", "#story-panel", "hidden", None] in page.ops
    assert 'aria-expanded="true"' in regions(page)["#story-nav"]
    assert last(page, "focus")[1] == "#story-steps [aria-current=step]"
    # The arrows do not step under the open list; Escape closes it and gives the keyboard back to "Steps".
    send(app, type="key", key="ArrowRight")
    assert app.stories.reader.current().step == 0
    send(app, type="key", key="Escape")
    assert last(page, "attr")[1:] == ["#story-panel", "hidden", ""]
    assert last(page, "focus")[1] == "#story-nav [data-action=story-steps]"
    # Chosen from the list: the second chapter's step is shown and the list closes.
    send(app, type="click", control=control(action="story-steps"))
    send(app, type="click", control=control(action="story-go", chapter="1", step="1"))
    reading = app.stories.reader.current()
    assert (reading.chapter, reading.step, reading.steps_open) == (1, 1, False)
    assert last(page, "attr")[1:] == ["#story-panel", "hidden", ""]
    assert "This time Red starts on c3." in regions(page)["#story-comment"]
    assert 'data-chapter="1" data-step="1" aria-current="step"' in regions(page)["#story-steps"]
    assert last(page, "focus")[1] == "#story-nav [data-action=story-steps]"


def test_the_apps_reader_keeps_its_step_list_beside_the_board_without_a_steps_button():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    assert 'data-action="story-steps"' not in regions(page)["#story-nav"]
    assert 'id="story-panel"' not in last(page, "screen")[2]


def test_every_game_card_and_rules_page_links_its_lesson_and_a_newcomers_setup_offers_it():
    from ludothek.games import GAME_IDS

    storage = DictStorage()
    app, page = start(storage=storage)
    home = last(page, "screen")[2]
    assert all(f'href="#/learn/{game_id}"' in home for game_id in GAME_IDS) and 'href="#/stories"' in home
    send(app, type="route", hash="#/rules/fenn")
    assert 'href="#/learn/fenn"' in last(page, "screen")[2]
    send(app, type="route", hash="#/setup/momentum")
    assert "learn-offer" in last(page, "screen")[2]
    send(app, type="route", hash="#/learn/momentum")  # the lesson opened: no longer offered
    send(app, type="route", hash="#/setup/momentum")
    assert "learn-offer" not in last(page, "screen")[2]
    send(app, type="route", hash="#/setup/fenn")
    assert "learn-offer" in last(page, "screen")[2]
