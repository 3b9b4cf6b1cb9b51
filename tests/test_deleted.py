"""Undo of a delete (web/deleted.py), shared by the saved games, the games by link and the stories:
the entry's text stays in memory until it is back, so a storage that refuses it loses nothing."""

from __future__ import annotations

import pytest
from test_story_screens import momentum_story
from test_web_app import control, last, send, start

from ludothek.web.deleted import LastDeleted
from ludothek.web.saves import DictStorage, StorageFull
from ludothek.web.story_store import StoryStore


def test_a_refused_undo_keeps_the_text_for_another_try_and_a_taken_one_forgets_it():
    storage = DictStorage()
    storage.set("k", "the entry")
    deleted = LastDeleted(lambda key: storage.data.pop(key, None), storage.set)
    assert not deleted.undo(), "nothing deleted yet: nothing to put back"
    deleted.delete("k")
    assert storage.get("k") is None and deleted.text == "the entry"
    storage.quota = 3
    with pytest.raises(StorageFull):
        deleted.undo()
    assert deleted.text == "the entry"
    storage.quota = None
    assert deleted.undo() and storage.get("k") == "the entry"
    deleted.forget()
    assert not deleted.undo()


def test_a_missing_entry_leaves_nothing_to_undo():
    deleted = LastDeleted(lambda key: None, lambda key, text: None)
    deleted.delete("gone")
    assert deleted.text is None and not deleted.undo()


def test_a_story_deleted_from_a_full_storage_comes_back_once_there_is_room():
    storage = DictStorage()
    StoryStore(storage).save("abc1", momentum_story(), now=10.0)
    app, page = start(storage=storage)
    send(app, type="route", hash="#/stories")
    send(app, type="click", control=control(action="story-delete", story="abc1"))
    storage.quota = 10
    send(app, type="click", control=control(action="story-undo-delete"))
    assert "refused to take the story back" in last(page, "toast")[1]
    storage.quota = None
    send(app, type="click", control=control(action="story-undo-delete"))
    assert StoryStore(storage).load("abc1").story == momentum_story()
    assert "The story is back." in last(page, "toast")[1]
