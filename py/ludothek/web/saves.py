"""Saved games in key-value storage (localStorage in the page, a dict in tests).

Each save is one key, `ludothek.save.<id>`, holding `{"record": <record>, "meta": {...}}`. Saves
are replayed, never trusted: an entry that fails is moved to `ludothek.quarantine.<id>` (kept,
never silently dropped), reported once, and never stops the other saves from loading.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Protocol

from ..games import GAME_IDS
from ..games.base import RecordError
from .session import GameSession

SAVE_PREFIX = "ludothek.save."
QUARANTINE_PREFIX = "ludothek.quarantine."
EXPORT_FORMAT = "ludothek-saves"
MAX_IMPORT_BYTES = 5_000_000
MAX_IMPORT_ITEMS = 1000
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...  # may raise StorageFull
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded)."""


class DictStorage:
    """Storage in a dict, with an optional quota in characters (for tests and when localStorage is blocked)."""

    def __init__(self, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull()
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


@dataclass(frozen=True)
class SaveSummary:
    save_id: str
    game_id: str
    names: tuple[str, ...]
    moves: int
    over: bool
    updated: float


@dataclass(frozen=True)
class Problem:
    """A stored entry or imported item that could not be used, and why."""

    key: str
    reason: str


class SaveStore:
    def __init__(self, storage: Storage):
        self.storage = storage

    # -- reading -------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return sorted(k[len(SAVE_PREFIX):] for k in self.storage.keys() if k.startswith(SAVE_PREFIX))

    def _entry(self, save_id: str) -> dict[str, Any]:
        text = self.storage.get(SAVE_PREFIX + save_id)
        if text is None:
            raise KeyError(save_id)
        try:
            entry = json.loads(text)
        except ValueError as exc:
            raise RecordError(f"the stored text is not JSON ({exc.msg})") from exc
        if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
            raise RecordError("the stored entry holds no record")
        meta = entry.get("meta")
        entry["meta"] = meta if isinstance(meta, dict) else {}
        return entry

    def summaries(self) -> tuple[list[SaveSummary], list[Problem]]:
        """Every save that reads as a well-formed entry, newest first; the broken ones are
        moved aside and reported. (Full replay happens when a save is opened.)"""
        found, problems = [], []
        for save_id in self.ids():
            try:
                entry = self._entry(save_id)
                record = entry["record"]
                game_id = record.get("game")
                players = record.get("players")
                moves = record.get("moves", [])
                if game_id not in GAME_IDS:
                    raise RecordError(f"unknown game {game_id!r}")
                if not isinstance(players, list) or not players or not isinstance(moves, list):
                    raise RecordError("the record lacks players or moves")
                names = tuple(
                    str(p.get("name"))[:40] if isinstance(p, dict) and isinstance(p.get("name"), str) else str(i + 1)
                    for i, p in enumerate(players)
                )
                meta = entry["meta"]
                updated = meta.get("updated", 0)
                found.append(
                    SaveSummary(save_id, game_id, names, len(moves), bool(meta.get("over", False)),
                                float(updated) if isinstance(updated, (int, float)) else 0.0)
                )
            except (RecordError, KeyError) as exc:
                problems.append(self.quarantine(save_id, str(exc)))
        found.sort(key=lambda s: (-s.updated, s.save_id))
        return found, problems

    def load(self, save_id: str) -> GameSession:
        """Replay a save. A save that does not replay is moved aside and RecordError raised."""
        try:
            entry = self._entry(save_id)
            meta = entry["meta"]
            return GameSession.from_record(
                entry["record"],
                save_id=save_id,
                redo=meta.get("redo"),
                created=_number(meta.get("created")),
                updated=_number(meta.get("updated")),
            )
        except RecordError as exc:
            self.quarantine(save_id, str(exc))
            raise

    # -- writing -------------------------------------------------------------------------------

    def save(self, session: GameSession, now: float) -> None:
        """Store the session (raises StorageFull when the browser refuses)."""
        if not session.save_id:
            raise ValueError("a session needs an id to be saved")
        session.updated = now
        if not session.created:
            session.created = now
        entry = {
            "record": session.record(),
            "meta": {
                "created": session.created,
                "updated": now,
                "redo": list(session.redo_stack),
                "over": session.is_over(),
            },
        }
        self.storage.set(SAVE_PREFIX + session.save_id, json.dumps(entry, separators=(",", ":")))

    def delete(self, save_id: str) -> None:
        self.storage.remove(SAVE_PREFIX + save_id)

    def quarantine(self, save_id: str, reason: str) -> Problem:
        """Move a broken entry aside (never lose it) with the reason it failed."""
        key = SAVE_PREFIX + save_id
        text = self.storage.get(key)
        if text is not None:
            kept = json.dumps({"reason": reason, "text": text})
            try:
                self.storage.set(QUARANTINE_PREFIX + save_id, kept)
            except StorageFull:
                return Problem(save_id, reason)  # no room to move it: leave it where it is
            self.storage.remove(key)
        return Problem(save_id, reason)

    def quarantined(self) -> list[Problem]:
        problems = []
        for key in sorted(self.storage.keys()):
            if key.startswith(QUARANTINE_PREFIX):
                try:
                    reason = str(json.loads(self.storage.get(key) or "{}").get("reason", ""))
                except (ValueError, AttributeError):
                    reason = ""
                problems.append(Problem(key[len(QUARANTINE_PREFIX):], reason))
        return problems

    def quarantined_text(self, save_id: str) -> str | None:
        raw = self.storage.get(QUARANTINE_PREFIX + save_id)
        try:
            return json.loads(raw).get("text") if raw else None
        except (ValueError, AttributeError):
            return raw

    def forget_quarantined(self, save_id: str) -> None:
        self.storage.remove(QUARANTINE_PREFIX + save_id)

    # -- files ---------------------------------------------------------------------------------

    def export_text(self, save_ids: list[str] | None = None) -> str:
        """A JSON file with the chosen saves (all by default) as records with their seats."""
        saves = []
        for save_id in save_ids if save_ids is not None else self.ids():
            try:
                entry = self._entry(save_id)
            except (RecordError, KeyError):
                continue
            saves.append({"id": save_id, "record": entry["record"], "meta": entry["meta"]})
        return json.dumps({"format": EXPORT_FORMAT, "version": 1, "saves": saves}, indent=1)

    def import_text(self, text: str, new_id, now: float) -> tuple[list[str], list[Problem]]:
        """Import a file: an export of saves or a single record. Every item is replayed first;
        items that fail are reported and skipped. `new_id()` gives fresh save ids."""
        if len(text) > MAX_IMPORT_BYTES:
            return [], [Problem("file", f"the file is too large ({len(text)} bytes; at most {MAX_IMPORT_BYTES})")]
        try:
            data = json.loads(text)
        except ValueError as exc:
            return [], [Problem("file", f"the file is not JSON ({exc.msg} at line {exc.lineno})")]
        if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
            items = data.get("saves")
            if not isinstance(items, list):
                return [], [Problem("file", "the file's 'saves' is not a list")]
            if len(items) > MAX_IMPORT_ITEMS:
                return [], [Problem("file", f"the file holds {len(items)} games; at most {MAX_IMPORT_ITEMS} can be imported at once")]
            records = [(i, item.get("record") if isinstance(item, dict) else None, item.get("meta") if isinstance(item, dict) else None)
                       for i, item in enumerate(items)]
        elif isinstance(data, dict) and data.get("format") == "ludothek":
            records = [(0, data, None)]
        else:
            return [], [Problem("file", "this is not a Ludothek save file")]
        imported, problems = [], []
        for index, record, meta in records:
            try:
                session = GameSession.from_record(record, save_id=new_id())
            except RecordError as exc:
                problems.append(Problem(f"item {index + 1}", str(exc)))
                continue
            if isinstance(meta, dict):
                session.created = _number(meta.get("created")) or now
                redo = meta.get("redo")
                if isinstance(redo, list) and all(isinstance(m, str) for m in redo):
                    session.redo_stack = list(redo)
            try:
                self.save(session, now)
            except StorageFull:
                problems.append(Problem(f"item {index + 1}", "the browser's storage is full"))
                break
            imported.append(session.save_id)
        return imported, problems


def _number(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


__all__ = ["SaveStore", "DictStorage", "Storage", "StorageFull", "SaveSummary", "Problem", "SAVE_PREFIX", "QUARANTINE_PREFIX"]
