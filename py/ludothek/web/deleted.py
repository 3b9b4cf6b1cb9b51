"""The entry a player deleted last from one of the device's lists (saved games, games by link,
stories): its stored text stays in memory until the page closes, so Undo can bring it back, or,
when the storage refuses it, offer it as a file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class LastDeleted:
    take: Callable[[str], str | None]  # removes an entry, giving back its stored text (None: nothing was stored)
    put: Callable[[str, str], None]  # stores an entry's text again (raises when the storage refuses)
    key: str = ""
    text: str | None = None

    def delete(self, key: str) -> None:
        self.key, self.text = key, self.take(key)

    def undo(self) -> bool:
        """Put the entry back; False when there is none to put back. What the storage raises is the
        caller's to say; the text stays until `forget`, for another try or a download."""
        if self.text is None:
            return False
        self.put(self.key, self.text)
        return True

    def forget(self) -> None:
        """The entry is back where it was: Undo has nothing more to do."""
        self.text = None


__all__ = ["LastDeleted"]
