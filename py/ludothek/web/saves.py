"""Saved games in key-value storage (localStorage through the page, a dict in tests).

Each save is one key, `ludothek.save.<id>`, holding `{"record": <record>, "meta": {...}}`. Saves
are replayed, never trusted: an entry that fails is moved to `ludothek.quarantine.<id>` (kept,
never silently dropped), reported once, and never stops the other saves from loading.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable, Generator, Mapping, Protocol, Sequence, TypedDict

from ..games import GAME_IDS
from ..games.base import RecordError, run_to_end, steps_as
from ..i18n import _
from ..render.record_errors import record_error_text
from . import jsontext
from .session import GameSession, clean_name

SAVE_PREFIX = "ludothek.save."
QUARANTINE_PREFIX = "ludothek.quarantine."
REVIEW_PREFIX = "ludothek.review."  # a save's finished review (web/review.py): goes with the save
REMOTE_PREFIX = "ludothek.remote."  # a game by link this device holds (web/remote_games.py)
EXPORT_FORMAT = "ludothek-saves"
MAX_IMPORT_BYTES = 5_000_000
MAX_IMPORT_ITEMS = 1000
MAX_ENTRY_CHARS = 1_000_000
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...  # may raise StorageFull or StorageBlocked
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class StorageError(Exception):
    """The browser did not store what was asked."""


class StorageFull(StorageError):
    """The browser refused to store more (quota exceeded): the saves already there are still there."""


class StorageBlocked(StorageError):
    """The browser does not let the page store anything (private window, third-party frame)."""


class SaveConflict(Exception):
    """Another window changed this game since this one read it (`entry_text`: what is stored now, or
    None when the game was deleted there)."""

    def __init__(self, entry_text: str | None):
        super().__init__("changed in another window" if entry_text is not None else "deleted in another window")
        self.entry_text = entry_text


class DictStorage:
    """Storage in a dict, with an optional quota in characters (for tests and when localStorage is blocked)."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull()
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class MirroredStorage:
    """The Storage interface where Python cannot reach localStorage (it runs in a worker): a
    mirror of the page's `ludothek.*` keys, which the page sends with its start (assets/page.js).
    Reads come from the mirror. A write changes the mirror at once and goes to the page as an op
    (`send(seq, key, value)`, value None to remove), which writes localStorage; a write the browser
    refuses comes back as an event (`refused`): the key is put back as the page holds it, unless a
    later write of the same key went out since, and `on_refused` tells the app, which tells the
    player as it did when the write raised. Another window's changes (`changed`) update the mirror.

    `status` is "ok", "full" (the saves are there and readable, nothing more fits) or "blocked"
    (nothing is kept beyond this page: games live in the mirror only); the page probes it at the
    start. Reading never raises; neither does writing (a refusal arrives later)."""

    PREFIX = "ludothek."

    def __init__(self, status: str, items: dict[str, str], send: Callable[[int, str, str | None], None]) -> None:
        self.status = status if status in ("ok", "full", "blocked") else "blocked"
        self.items = {key: value for key, value in items.items() if key.startswith(self.PREFIX)}
        self._send = send
        self._sequence = 0
        self._latest: dict[str, int] = {}  # key -> the sequence number of its latest write
        self.refused: set[str] = set()  # keys whose latest write the page refused (an import reads them)
        self.on_refused: Callable[[bool, str], None] | None = None  # the app's word to the player (full?, key)

    @classmethod
    def from_start(cls, stored: object, send: Callable[[int, str, str | None], None]) -> MirroredStorage:
        """The mirror of what the page's start told (`{"status": ..., "items": {key: text}}`); data
        of any other shape is a storage the page could not read ("blocked")."""
        if not isinstance(stored, dict):
            return cls("blocked", {}, send)
        items = stored.get("items")
        texts = {key: value for key, value in items.items() if isinstance(key, str) and isinstance(value, str)} if isinstance(items, dict) else {}
        return cls(str(stored.get("status") or ""), texts, send)

    @property
    def persistent(self) -> bool:
        return self.status != "blocked"

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value
        self._write(key, value)

    def remove(self, key: str) -> None:
        self.items.pop(key, None)
        self._write(key, None)

    def keys(self) -> list[str]:
        return list(self.items)

    def _write(self, key: str, value: str | None) -> None:
        if self.status == "blocked":
            return  # in memory only: the page keeps nothing
        self._sequence += 1
        self._latest[key] = self._sequence
        self.refused.discard(key)  # a new write of it: an earlier refusal is not this one's
        self._send(self._sequence, key, value)

    def on_refusal(self, sequence: int, key: str, full: bool, held: str | None) -> None:
        """The page could not carry out write `sequence` of `key`; `held` is what localStorage
        holds under it now."""
        if self._latest.get(key) == sequence:
            if held is None:
                self.items.pop(key, None)
            else:
                self.items[key] = held
            self.refused.add(key)
        if full:
            self.status = "full"
        if self.on_refused is not None:
            self.on_refused(full, key)

    def on_written(self) -> None:
        """A write went through after a refusal: there is room again."""
        if self.status == "full":
            self.status = "ok"

    def changed(self, items: dict[str, str | None]) -> None:
        """Keys changed by another window (or by hand), as the page holds them now (None: removed)."""
        for key, value in items.items():
            if not key.startswith(self.PREFIX):
                continue
            if value is None:
                self.items.pop(key, None)
            else:
                self.items[key] = value


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
    """A stored entry or imported item that could not be used, and why. `kept_aside` is False
    for a stored entry that could not be moved aside (storage full): it is still under its key."""

    key: str
    reason: str
    kept_aside: bool = True


@dataclass
class ImportResult:
    imported: list[str] = field(default_factory=list)
    duplicates: int = 0
    problems: list[Problem] = field(default_factory=list)


class SaveStore:
    def __init__(self, storage: Storage):
        self.storage = storage
        # The summary of each entry by the text it was read from: the list is drawn again after
        # every import and window change, and 1,000 entries take 150 ms to read in the page.
        self._summaries: dict[str, tuple[str, SaveSummary]] = {}

    # -- keys ----------------------------------------------------------------------------------

    @staticmethod
    def key(save_id: str) -> str:
        """The storage key a save lives under."""
        return SAVE_PREFIX + save_id

    @staticmethod
    def is_save_key(key: str) -> bool:
        return key.startswith(SAVE_PREFIX)

    def entry_text(self, save_id: str) -> str | None:
        """A save's stored text as it is (None when there is none), e.g. to bring it back after a delete."""
        return self.storage.get(SAVE_PREFIX + save_id)

    def take(self, save_id: str) -> str | None:
        """Delete a save, giving back its stored text (None when there was none) for Undo."""
        text = self.entry_text(save_id)
        self.delete(save_id)
        return text

    def put_entry_text(self, save_id: str, text: str) -> None:
        """Store a text entry_text gave back (may raise StorageError)."""
        self.storage.set(SAVE_PREFIX + save_id, text)

    # -- reading -------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return sorted(k[len(SAVE_PREFIX) :] for k in self.storage.keys() if k.startswith(SAVE_PREFIX))

    def _entry(self, save_id: str) -> StoredEntry:
        text = self.storage.get(SAVE_PREFIX + save_id)
        if text is None:
            raise KeyError(save_id)
        return _parse_entry(text)

    def summaries(self) -> tuple[list[SaveSummary], list[Problem]]:
        """Every save that reads as a well-formed entry, newest first; the broken ones are
        moved aside and reported. (Full replay happens when a save is opened.) Nothing in an
        entry can make this raise."""
        found, problems = [], []
        for save_id in self.ids():
            try:
                found.append(self._summary(save_id))
            except KeyError:
                continue  # removed meanwhile (another window)
            except Exception as exc:  # noqa: BLE001 - RecordError, and whatever else data can cause
                problems.append(self.quarantine(save_id, _reason(exc)))
        found.sort(key=lambda s: (-s.updated, s.save_id))
        return found, problems

    def _summary(self, save_id: str) -> SaveSummary:
        if not ID_PATTERN.match(save_id):
            raise RecordError(_("the save's key {key} is not one Ludothek writes").format(key=repr(save_id)[:60]))
        text = self.storage.get(SAVE_PREFIX + save_id)
        if text is None:
            raise KeyError(save_id)
        cached = self._summaries.get(save_id)
        if cached is not None and cached[0] == text:
            return cached[1]
        summary = self._read_summary(save_id, _parse_entry(text))
        self._summaries[save_id] = (text, summary)
        return summary

    def _read_summary(self, save_id: str, entry: StoredEntry) -> SaveSummary:
        record = entry["record"]
        game_id = record.get("game")
        players = record.get("players")
        moves = record.get("moves", [])
        if not isinstance(game_id, str) or game_id not in GAME_IDS:
            raise RecordError(_("unknown game {game}").format(game=repr(game_id)[:60]))
        if not isinstance(players, list) or not 1 <= len(players) <= 8 or not isinstance(moves, list):
            raise RecordError(_("the record lacks players or moves"))
        names = tuple(clean_name(p.get("name"), str(i + 1)) if isinstance(p, dict) else str(i + 1) for i, p in enumerate(players))
        meta = entry["meta"]
        return SaveSummary(save_id, game_id, names, len(moves), meta.get("over") is True, _number(meta.get("updated")))

    def load(self, save_id: str) -> GameSession:
        """Replay a save. A save that does not replay is moved aside and RecordError raised."""
        try:
            entry = self._entry(save_id)
            if not ID_PATTERN.match(save_id):
                raise RecordError(_("the save's key {key} is not one Ludothek writes").format(key=repr(save_id)[:60]))
            meta = entry["meta"]
            session = GameSession.from_record(
                entry["record"],
                save_id=save_id,
                redo=meta.get("redo"),
                created=_number(meta.get("created")),
                updated=_number(meta.get("updated")),
            )
        except KeyError:
            raise
        except Exception as exc:  # noqa: BLE001 - any fault of the data: set aside, say why
            reason = _reason(exc)
            self.quarantine(save_id, reason)
            raise RecordError(reason) from None
        session.revision = _revision(meta)
        return session

    # -- writing -------------------------------------------------------------------------------

    def save(self, session: GameSession, now: float) -> None:
        """Store the session. Raises StorageFull / StorageBlocked when the browser refuses, and
        SaveConflict when another window moved this game on (or deleted it) since this session
        read it: then nothing is written, so no window's moves are lost."""
        if not session.save_id:
            raise ValueError("a session needs an id to be saved")
        key = SAVE_PREFIX + session.save_id
        stored_text = self.storage.get(key)
        stored_revision = 0
        if stored_text is None:
            if session.revision is not None:
                raise SaveConflict(None)
        else:
            try:
                stored = _parse_entry(stored_text)
                stored_revision = _revision(stored["meta"])
                stored_moves = stored["record"].get("moves")
            except Exception:  # noqa: BLE001 - an unreadable entry under our key: ours replaces it
                stored, stored_moves = None, None
            if stored is not None and session.revision is not None and stored_revision != session.revision:
                theirs = stored_moves if isinstance(stored_moves, list) else []
                if session.moves[: len(theirs)] != theirs:
                    raise SaveConflict(stored_text)
        revision = max(stored_revision, session.revision or 0) + 1
        over = session.is_over()
        entry = {
            "record": session.record(),
            "meta": {
                "created": session.created or now,
                "updated": now,
                "redo": list(session.redo_stack),
                "over": over,
                "revision": revision,
            },
        }
        text = json.dumps(entry, separators=(",", ":"))
        self.storage.set(key, text)
        session.updated = now
        if not session.created:
            session.created = now
        session.revision = revision
        self._summaries[session.save_id] = (
            text,
            SaveSummary(session.save_id, session.game_id, tuple(session.names()), len(session.moves), over, _number(now)),
        )

    def delete(self, save_id: str) -> None:
        self.storage.remove(SAVE_PREFIX + save_id)
        self.storage.remove(REVIEW_PREFIX + save_id)  # the review of a deleted game is of no use

    def quarantine(self, save_id: str, reason: str) -> Problem:
        """Move a broken entry aside (never lose it) with the reason it failed. When the storage
        cannot take the copy (full) the entry stays where it is and the problem says so."""
        key = SAVE_PREFIX + save_id
        text = self.storage.get(key)
        if text is not None:
            kept = json.dumps({"reason": reason, "text": text})
            try:
                self.storage.set(QUARANTINE_PREFIX + save_id, kept)
            except StorageError:
                return Problem(save_id, reason, kept_aside=False)
            self.storage.remove(key)
        return Problem(save_id, reason)

    def quarantined(self) -> list[Problem]:
        problems = []
        for key in sorted(self.storage.keys()):
            if key.startswith(QUARANTINE_PREFIX):
                try:
                    data = jsontext.loads(self.storage.get(key) or "{}", MAX_ENTRY_CHARS * 2)
                    reason = str(data.get("reason", ""))[:300] if isinstance(data, dict) else ""
                except ValueError:
                    reason = ""
                problems.append(Problem(key[len(QUARANTINE_PREFIX) :], reason))
        return problems

    def quarantined_text(self, save_id: str) -> str | None:
        """The text of an entry kept aside (or of a broken entry that could not be moved)."""
        raw = self.storage.get(QUARANTINE_PREFIX + save_id)
        if raw is None:
            return self.storage.get(SAVE_PREFIX + save_id)
        try:
            data = jsontext.loads(raw, MAX_ENTRY_CHARS * 2)
            return data.get("text") if isinstance(data, dict) and isinstance(data.get("text"), str) else raw
        except ValueError:
            return raw

    def forget_quarantined(self, save_id: str) -> None:
        self.storage.remove(QUARANTINE_PREFIX + save_id)

    def forget_broken(self, save_id: str) -> None:
        """Remove an entry that does not read (kept aside or, when storage was full, in place)."""
        self.forget_quarantined(save_id)
        text = self.storage.get(SAVE_PREFIX + save_id)
        if text is not None:
            try:
                self._summary(save_id)
            except KeyError:
                return
            except Exception:  # noqa: BLE001 - it is broken: the player chose to remove it
                self.storage.remove(SAVE_PREFIX + save_id)

    # -- files ---------------------------------------------------------------------------------

    def export_text(self, save_ids: list[str] | None = None) -> str:
        """A JSON file with the chosen saves (all by default) as records with their seats."""
        saves = []
        for save_id in save_ids if save_ids is not None else self.ids():
            try:
                entry = self._entry(save_id)
            except Exception:  # noqa: BLE001 - unreadable entries are not exported
                continue
            saves.append({"id": save_id, "record": entry["record"], "meta": entry["meta"]})
        return json.dumps({"format": EXPORT_FORMAT, "version": 1, "saves": saves}, indent=1)

    def import_text(self, text: str, new_id: Callable[[], str], now: float) -> tuple[list[str], list[Problem]]:
        """Import a file at once (tests and tools); the page runs `import_steps` in slices."""
        result = run_to_end(self.import_steps(text, new_id, now))
        return result.imported, result.problems + (
            [Problem("file", _("{n} games were already saved").format(n=result.duplicates))] if result.duplicates else []
        )

    def import_steps(
        self, text: object, new_id: Callable[[], str], now: float, item_texts: list[str] | None = None
    ) -> Generator[tuple[int, int], None, ImportResult]:
        """Import a file: an export of saves or a single record. Every item is replayed first;
        items that fail are reported and skipped, games already saved are recognised and counted.
        Yields (items done, items in all) after each piece of work, so the caller can run it in
        slices and show progress; returns an ImportResult. Nothing in the file can make it raise.

        `item_texts`: the export's items, each as its own JSON text, when the caller has split the
        file already (the page does, with the browser's parser: reading 1 MB of JSON at once here
        would hold the page for 300 ms); each is then read (bounded) in its own step."""
        result = ImportResult()
        if item_texts is not None:
            if len(item_texts) > MAX_IMPORT_ITEMS:
                result.problems.append(
                    Problem("file", _("the file holds {n} games; at most {most} can be imported at once").format(n=len(item_texts), most=MAX_IMPORT_ITEMS))
                )
                return result
            items: Sequence[str | tuple[str, object, object]] = list(item_texts)
        else:
            try:
                items = _import_items(text)
            except RecordError as exc:
                result.problems.append(Problem("file", str(exc)))
                return result
        yield 0, len(items)
        known = set()
        for save_id in self.ids():
            try:
                known.add(_fingerprint(self._entry(save_id)["record"]))
            except Exception:  # noqa: BLE001 - unreadable saves match nothing
                pass
            yield 0, len(items)
        for index, item in enumerate(items):
            label = _("game {n}").format(n=index + 1)
            try:
                if isinstance(item, str):
                    item = _item_of(jsontext.loads(item, MAX_ENTRY_CHARS), label)
                label, record, meta = item
                session = yield from steps_as(GameSession.replay_steps(record, save_id=new_id()), (index, len(items)))
                fingerprint = _fingerprint(session.record())  # as stored: seats and options written out
                if fingerprint in known:
                    result.duplicates += 1
                    continue
                if isinstance(meta, dict):
                    session.created = _number(meta.get("created")) or now
                    session.redo_stack = session.checked_redo(meta.get("redo"))
                try:
                    self.save(session, now)
                except StorageError as exc:
                    result.problems.append(Problem(label, refusal_reason(isinstance(exc, StorageFull))))
                    return result
                known.add(fingerprint)
                result.imported.append(session.save_id)
            except Exception as exc:  # noqa: BLE001 - RecordError or any fault of the item
                result.problems.append(Problem(label, _reason(exc)))
            finally:
                yield index + 1, len(items)
        return result


def refusal_reason(full: bool) -> str:
    """Why the browser did not store a game (an import's problem): no room, or no storage at all."""
    return _("the browser's storage is full") if full else _("the browser does not let the page store games")


def _import_items(text: object) -> list[tuple[str, object, object]]:
    """(label, record, meta) for every game in an import file; RecordError when it is no such file."""
    if not isinstance(text, str):
        raise RecordError(_("the file could not be read as text"))
    if len(text) > MAX_IMPORT_BYTES:
        raise RecordError(_("the file is too large ({size} bytes; at most {most})").format(size=len(text), most=MAX_IMPORT_BYTES))
    try:
        data = jsontext.loads(text, MAX_IMPORT_BYTES)
    except ValueError as exc:
        raise RecordError(_("the file is not JSON or not a file of Ludothek ({reason})").format(reason=str(exc)[:200])) from None
    if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
        items = data.get("saves")
        if not isinstance(items, list):
            raise RecordError(_("the file's 'saves' is not a list"))
        if len(items) > MAX_IMPORT_ITEMS:
            raise RecordError(_("the file holds {n} games; at most {most} can be imported at once").format(n=len(items), most=MAX_IMPORT_ITEMS))
        return [_item_of(item, _("game {n}").format(n=i + 1)) for i, item in enumerate(items)]
    if isinstance(data, dict) and data.get("format") == "ludothek":
        return [(_("the game"), data, None)]
    raise RecordError(_("this is not a Ludothek save file"))


def _item_of(item: object, label: str) -> tuple[str, object, object]:
    """(label, record, meta) of one item of an export's 'saves'."""
    if not isinstance(item, dict):
        return label, None, None
    return label, item.get("record"), item.get("meta")


class StoredEntry(TypedDict):
    """A save as it is stored, read back: parsed JSON, checked only to be two objects (the record
    is replayed, never trusted; each reader of `meta` narrows what it takes)."""

    record: dict[str, object]
    meta: dict[str, object]


def _parse_entry(text: str) -> StoredEntry:
    try:
        entry = jsontext.loads(text, MAX_ENTRY_CHARS)
    except ValueError as exc:
        raise RecordError(_("the stored text is not readable ({reason})").format(reason=str(exc)[:200])) from None
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        raise RecordError(_("the stored entry holds no record"))
    meta = entry.get("meta")
    return StoredEntry(record=entry["record"], meta=meta if isinstance(meta, dict) else {})


def _fingerprint(record: object) -> str:
    """The same game (setup, seats and moves) gives the same text, whatever the key order."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecordError):
        text = record_error_text(exc)[:300]
        if text:
            return text
    text = str(exc)[:300]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# A time in seconds since 1970, as the app stores it: anything else (negative, 1e20, a 401-digit
# number, NaN) is read as "unknown" rather than passed to time formatting, which would overflow.
LATEST_TIME = 32_503_680_000.0  # the year 3000


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    if isinstance(value, int) and not 0 <= value <= LATEST_TIME:
        return 0.0
    number = float(value)
    return number if 0.0 <= number <= LATEST_TIME else 0.0


def _revision(meta: Mapping[str, object]) -> int:
    value = meta.get("revision", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53 else 0


__all__ = [
    "SaveStore",
    "DictStorage",
    "MirroredStorage",
    "Storage",
    "StorageError",
    "StorageFull",
    "StorageBlocked",
    "SaveConflict",
    "SaveSummary",
    "Problem",
    "ImportResult",
    "SAVE_PREFIX",
    "QUARANTINE_PREFIX",
]
