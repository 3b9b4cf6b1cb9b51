"""The story reader in the app, without a browser (web/story_screen.py): a story from a link, a
lesson, the way on and back, a task answered by tapping the board, and a stranger's link refused."""

from __future__ import annotations

import html

import pytest
from test_editor_embeds import in_own_loop, settled
from test_web_app import control, last, send, start

from ludothek.games import get_game
from ludothek.render.catalog import get_view
from ludothek.render.story import Chapter, Step, Story, Task, checked_story, story_code


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
    assert app.stories.current().step == 2
    send(app, type="key", key="ArrowLeft")
    send(app, type="click", control=control(action="story-prev"))
    assert app.stories.current().step == 0
    assert "Previous" in regions(page)["#story-nav"] and "Play from here" in regions(page)["#story-nav"]


def test_a_task_asks_for_the_move_refuses_an_illegal_tap_in_the_players_words_and_takes_the_right_one():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    send(app, type="click", control=control(action="story-go", chapter="0", step="3"))
    assert ["data", "body", "storyTask", "open"] in page.ops
    assert "find the move" in regions(page)["#story-task"]
    send(app, type="click", control=control(target="d4", within="#board"))  # taken: Blue's stone
    before = app.stories.current().item.before
    said = get_view("momentum").refusal(before, "d4")
    assert said and html.escape(said, quote=False) in regions(page)["#story-task"]  # the rule it breaks, in the view's words
    assert app.stories.current().task_open()

    async def tap() -> None:
        send(app, type="click", control=control(target="c3", within="#board"))
        await settled()

    in_own_loop(tap())
    reading = app.stories.current()
    assert not reading.task_open() and (0, 3) in reading.solved


def test_show_me_gives_the_answer():
    app, page = start()
    send(app, type="route", hash="#/story/" + story_code(momentum_story()))
    send(app, type="click", control=control(action="story-go", chapter="0", step="3"))
    send(app, type="click", control=control(action="story-show"))
    assert not app.stories.current().task_open()
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
