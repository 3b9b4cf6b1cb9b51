"""The stories a device keeps (issue 57), as its games are: each under `ludothek.story.<id>` in the
app's storage, a small JSON object holding the story's text (render/story.py's notation) and when
it was last changed. What does not read is listed with the reason and can be deleted; nothing a
stored entry holds stops the app (the text is read bounded, then parsed as any story is)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from ..i18n import _
from ..render.story import MAX_TEXT, Story, StoryError, format_story, parse_story
from ..render.story_words import story_error_text
from . import jsontext
from .links import LinkError
from .saves import Storage
from .session import new_save_id

PREFIX = "ludothek.story."
ENTRY_FORMAT = "ludothek-story"
MAX_ENTRY_CHARS = MAX_TEXT + 1_000


@dataclass(frozen=True)
class StoredStory:
    id: str
    story: Story
    updated: float  # seconds since the epoch


@dataclass(frozen=True)
class Unreadable:
    id: str
    error: StoryError


# A story's id is made as a save's: the time in milliseconds and 24 random bits, in hex.
new_story_id = new_save_id


def _is_id(text: str) -> bool:
    return 0 < len(text) <= 40 and text.isascii() and text.isalnum()


class StoryStore:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def ids(self) -> list[str]:
        return sorted(key[len(PREFIX) :] for key in self.storage.keys() if key.startswith(PREFIX) and _is_id(key[len(PREFIX) :]))

    def text(self, story_id: str) -> str | None:
        """The entry as stored (to bring it back after a delete)."""
        return self.storage.get(PREFIX + story_id) if _is_id(story_id) else None

    def opened(self, story_id: str) -> StoredStory:
        """The story kept under `story_id` for a screen that opens it: a LinkError in the player's
        words when there is none or it does not read."""
        try:
            return self.load(story_id)
        except KeyError:
            raise LinkError(_("this device keeps no such story (any more)")) from None
        except StoryError as exc:
            raise LinkError(story_error_text(exc)) from exc

    def load(self, story_id: str) -> StoredStory:
        """The story kept under `story_id`: KeyError when there is none, StoryError when it does not read."""
        raw = self.text(story_id)
        if raw is None:
            raise KeyError(story_id)
        try:
            entry = jsontext.loads(raw, MAX_ENTRY_CHARS)
        except ValueError as exc:
            raise StoryError("not-a-story", f"the stored entry does not read: {exc}") from exc
        if not isinstance(entry, dict) or entry.get("format") != ENTRY_FORMAT or not isinstance(entry.get("text"), str):
            raise StoryError("not-a-story", "the stored entry is not a story")
        updated = entry.get("updated")
        return StoredStory(story_id, parse_story(entry["text"]), float(updated) if isinstance(updated, (int, float)) and not isinstance(updated, bool) else 0.0)

    def entries(self) -> tuple[list[StoredStory], list[Unreadable]]:
        """Every kept story, the newest first, and those that do not read."""
        kept, broken = [], []
        for story_id in self.ids():
            try:
                kept.append(self.load(story_id))
            except StoryError as exc:
                broken.append(Unreadable(story_id, exc))
            except KeyError:
                continue
        kept.sort(key=lambda entry: (-entry.updated, entry.id))
        return kept, broken

    def save(self, story_id: str, story: Story, now: float | None = None) -> None:
        """Keep `story` under `story_id` (a StorageError when the storage refuses it)."""
        if not _is_id(story_id):
            raise ValueError(f"not a story's id: {story_id[:40]!r}")
        entry = {"format": ENTRY_FORMAT, "version": 1, "text": format_story(story), "updated": time.time() if now is None else now}
        self.storage.set(PREFIX + story_id, json.dumps(entry, ensure_ascii=False, separators=(",", ":")))

    def take(self, story_id: str) -> str | None:
        """Delete a story, giving back its stored entry (None when there was none) for Undo."""
        text = self.text(story_id)
        self.delete(story_id)
        return text

    def put_text(self, story_id: str, text: str) -> None:
        """An entry `text` gave back, kept again (undo of a delete)."""
        self.storage.set(PREFIX + story_id, text)

    def delete(self, story_id: str) -> None:
        if _is_id(story_id):
            self.storage.remove(PREFIX + story_id)


__all__ = ["PREFIX", "StoredStory", "StoryStore", "Unreadable", "new_story_id"]
