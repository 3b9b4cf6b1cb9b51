"""The games by link this device holds (issue 27): each kept under `ludothek.remote.<game id>` with
the device's own seat and secret (which never leave it) and the game as its latest link. Receiving
a link decides what the player sees: a new game (an invitation: this device takes the seat the
link is for), the held game brought forward, an older link (the held game stays), or a fork (both
lines, the player chooses). Works on any Storage (web/saves.py), so it is tested without a browser;
a hostile link or stored entry raises or is skipped, never touches another entry.

A player may take their own moves back until they send them: an entry also keeps its `base`, the
game as it last left or reached the device (sent or received), and moves beyond it are this
device's own, not yet seen by anybody; taking one back replays the others from the base, so the
values revealed for chance events the moves started are withdrawn with them (nobody saw them).

An entry also keeps what the home screen's Continue list shows of its game (render/remote.summary,
with a version of its own) and the seats' commitments, written whenever the game is stored: the
list, and a new link looking for a held game it was made from (`related`), read those and replay
no game (issue 55). A summary that is missing (an entry stored before it was kept), of an older
version or unreadable is rebuilt from the game once and stored back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable, Mapping, NotRequired, TypedDict

from ..games.base import OptionValue

from ..remote import chance, link, protocol
from ..remote.protocol import Own, RemoteError, RemoteGame
from ..render import remote as words
from . import jsontext
from .saves import REMOTE_PREFIX, Storage, StorageError

ENTRY_VERSION = 1  # (the summary has its own: render/remote.SUMMARY_VERSION)
MAX_ENTRY_CHARS = 40_000  # the link and its base (protocol.MAX_LINK_MOVES: under 7,000 characters each), the summary


@dataclass(frozen=True)
class Held:
    key: str
    rg: RemoteGame
    own: Own
    updated: float
    base: RemoteGame | None = None  # the game as last sent or received (None: the same as rg)
    sent: bool = False  # the player sent this game as it stands (Send pressed)

    @property
    def unsent(self) -> int:
        """The moves made on this device since the game last left or reached it (they may be
        taken back)."""
        return len(self.rg.moves) - len(self.base.moves) if self.base is not None else 0


@dataclass(frozen=True)
class Received:
    """What opening a link came to. relation: `new` (an invitation taken up), `newer`, `same`,
    `older`, `fork` (then `other` is the link's line, `held` stays until the player chooses;
    `locked` when it may not be played on, see protocol.compare), `altered` (the link shares a
    commitment with `held` but is another game: a held game with its settings or seats changed,
    shown and never kept), `onlooker` (the link is for a seat another device holds: shown, not
    kept)."""

    relation: str
    held: Held | None
    other: RemoteGame | None = None
    fork_at: int | None = None
    locked: bool = False


# The Continue list's reading of each entry (key -> the entry's text, its summary, when it last
# moved), kept while the text stays the same (RemoteStore.listed).
_LISTED: dict[str, tuple[str | None, words.LinkSummary, float]] = {}


class StoredLinkGame(TypedDict):
    """A held game by link as its storage entry keeps it (JSON; `RemoteStore.entry` checks the
    fields it needs as it reads one): this device's seat and secret, the link, when it last moved,
    the base (the game as last sent or received, when moves were made here since), whether it was
    sent, and the summary the Continue list shows (render/remote.summary_from reads it)."""

    version: int
    seat: int
    secret: str  # hex
    link: str
    updated: float
    base: NotRequired[object]  # a link's text when it reads (`RemoteStore.get` sees to it)
    sent: NotRequired[object]  # True when sent
    summary: NotRequired[object]


def key_of(rg: RemoteGame) -> str:
    return rg.game_id.hex()


class RemoteStore:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def put(self, rg: RemoteGame, own: Own, now: float, base: RemoteGame | None = None, sent: bool = False) -> Held:
        """Keep `rg`; `base` is the game as last sent or received when moves were made on it here
        since (None: `rg` itself)."""
        entry: StoredLinkGame = {"version": ENTRY_VERSION, "seat": own.seat, "secret": own.secret.hex(), "link": link.encode(rg, own), "updated": now}
        if base is not None and base.moves != rg.moves:
            entry["base"] = link.encode(base, own)
        if sent:
            entry["sent"] = True
        entry["summary"] = summary_of(rg, own)
        key = key_of(rg)
        self.storage.set(REMOTE_PREFIX + key, json.dumps(entry))
        return Held(key, rg, own, now, base if base is not None and base.moves != rg.moves else rg, sent)

    def entry(self, key: str) -> StoredLinkGame | None:
        """The stored entry under `key` as JSON, checked for its fields (its game is not read):
        None when there is none; RemoteError when it does not read."""
        text = self.storage.get(REMOTE_PREFIX + key)
        if text is None:
            return None
        try:
            data = jsontext.loads(str(text), MAX_ENTRY_CHARS)
            if not isinstance(data, dict):
                raise ValueError("entry")
            seat, secret_text, link_text = data["seat"], data["secret"], data["link"]
            secret = bytes.fromhex(secret_text)
            updated = float(data.get("updated", 0))
            if data.get("version") != ENTRY_VERSION or not isinstance(seat, int) or len(secret) != chance.VALUE_BYTES or not isinstance(link_text, str):
                raise ValueError("entry")
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as exc:
            raise RemoteError("a stored game by link cannot be read", "damaged") from exc
        # The fields in the order `put` writes them (an entry is written back as it was read).
        entry: StoredLinkGame = {"version": ENTRY_VERSION, "seat": seat, "secret": secret_text, "link": link_text, "updated": updated}
        if "base" in data:
            entry["base"] = data["base"]
        if "sent" in data:
            entry["sent"] = data["sent"]
        if "summary" in data:
            entry["summary"] = data["summary"]
        return entry

    def get(self, key: str) -> Held | None:
        """The held game under `key`, None when there is none; RemoteError when it does not read."""
        data = self.entry(key)
        if data is None:
            return None
        seat, secret, data_text, updated = data["seat"], bytes.fromhex(data["secret"]), data["link"], data["updated"]
        own = Own(seat, secret)
        rg = link.decode(data_text, own)
        if not 0 <= seat < rg.players:
            raise RemoteError("a stored game by link cannot be read", "damaged")
        protocol.replay(rg, own)
        base = rg
        base_text = data.get("base")
        if isinstance(base_text, str):
            try:
                stored = link.decode(base_text, own)
            except RemoteError:
                stored = rg  # a base that does not read: nothing can be taken back, the game stays
            if stored.game_id == rg.game_id and rg.moves[: len(stored.moves)] == stored.moves and len(stored.moves) < len(rg.moves):
                base = stored
        return Held(key, rg, own, updated, base, data.get("sent") is True)

    def keys(self) -> list[str]:
        return [str(full)[len(REMOTE_PREFIX) :] for full in self.storage.keys() if str(full).startswith(REMOTE_PREFIX)]

    def held(self) -> tuple[list[Held], list[str]]:
        """Every held game, newest first, and the keys of entries that do not read (left alone)."""
        games, problems = [], []
        for key in self.keys():
            try:
                found = self.get(key)
            except RemoteError:
                problems.append(key)
                continue
            if found is not None:
                games.append(found)
        games.sort(key=lambda h: -h.updated)
        return games, problems

    def receive(self, data: str, now: float, new_secret: Callable[[], bytes] = chance.new_secret) -> Received:
        """Open a link's data. RemoteError when it does not read, or changes what the held game
        fixes (a commitment; a move in this device's seat that it did not make); the held games
        stay as they are."""
        rg = link.decode(data)
        current = self.get(key_of(rg))
        if current is None:
            related = self.related(rg)
            if related is not None:
                return Received("altered", related, rg)
            progress = protocol.replay(rg)
            if progress.stopped:  # (a game stops at the limit in play, never before a seat joins)
                raise RemoteError(
                    "the game has ended at the most moves a game by link holds", "too-many-moves", count=len(rg.moves), most=protocol.MAX_LINK_MOVES
                )
            seat = progress.to_act(rg.game)
            if seat is None or rg.commitments[seat] is not None:
                return Received("onlooker", None, rg)
            own = Own(seat, new_secret())
            return Received("new", self.put(rg, own, now))  # (its base: the link itself)
        own = current.own
        rg = link.decode(data, own)
        comparison = protocol.compare(current.rg, rg, own)
        if comparison.relation == "newer":
            merged = protocol.merge(current.rg, rg, own)
            protocol.replay(merged, own)
            return Received("newer", self.put(merged, own, now))
        if comparison.relation == "fork":
            return Received("fork", current, rg, comparison.fork_at, comparison.locked)
        return Received(comparison.relation, current)

    def related(self, rg: RemoteGame) -> Held | None:
        """A held game that shares a commitment with `rg`, a game it is not. Every game by link
        starts from fresh secrets, so such a link was made from the held game with its settings,
        seats or commitments changed. The commitments kept beside each entry's summary are
        compared; only a game that shares one (or an entry stored before they were kept) is read."""
        commitments = {c.hex() for c in rg.commitments if c is not None}
        for key in self.keys():
            try:
                data = self.entry(key)
            except RemoteError:
                continue
            kept = data.get("summary") if data is not None else None
            stored = kept.get("commitments") if isinstance(kept, dict) else None
            if isinstance(stored, list) and not commitments & {c for c in stored if isinstance(c, str)}:
                continue
            try:
                held = self.get(key)
            except RemoteError:
                continue
            if held is not None and held.rg.game_id != rg.game_id and commitments & {c.hex() for c in held.rg.commitments if c is not None}:
                return held
        return None

    def listed(self) -> list[tuple[str, words.LinkSummary, float]]:
        """Every held game as the Continue list shows it: its key, its summary (render/remote.
        summary_from) and when it last moved, newest first, read from what is kept with it. A
        summary that is missing, of an older version or unreadable is rebuilt from the game and
        stored back (when the storage takes it); an entry that does not read is left out. What an
        entry's text gave is remembered (_LISTED) until the text changes: the list is drawn
        again at every visit home."""
        found = []
        for key in self.keys():
            text = self.storage.get(REMOTE_PREFIX + key)
            remembered = _LISTED.get(key)
            if remembered is not None and remembered[0] == text:
                found.append((key, remembered[1], remembered[2]))
                continue
            try:
                data = self.entry(key)
                if data is None:
                    continue
                kept = words.summary_from(data.get("summary"))
                if kept is None:
                    kept = self.rebuilt_summary(key, data)
            except RemoteError:
                continue
            found.append((key, kept, data["updated"]))
            _LISTED[key] = (self.storage.get(REMOTE_PREFIX + key), kept, data["updated"])
        for key in set(_LISTED) - {key for key, _, _ in found}:
            del _LISTED[key]
        found.sort(key=lambda item: -item[2])
        return found

    def rebuilt_summary(self, key: str, data: StoredLinkGame) -> words.LinkSummary:
        """The summary of the entry `data` under `key`, from its game (RemoteError when that does
        not read), written back into the entry as it is otherwise."""
        held = self.get(key)
        if held is None:
            raise RemoteError("a stored game by link cannot be read", "damaged")
        kept = summary_of(held.rg, held.own)
        try:
            self.storage.set(REMOTE_PREFIX + key, json.dumps({**data, "summary": kept}))
        except StorageError:
            pass  # full: rebuilt again next time, the game itself untouched
        checked = words.summary_from(kept)
        assert checked is not None
        return checked

    def choose(self, held: Held, line: RemoteGame, now: float) -> Held:
        """After a fork: play on from `line` (the held game's or the link's). RemoteError, with
        the held game unchanged, when the link's line may not be played on (a locked fork, see
        protocol.compare) or does not replay."""
        if line is held.rg:
            return self.put(held.rg, held.own, now, held.base)
        comparison = protocol.compare(held.rg, line, held.own)
        if comparison.relation != "fork":
            raise RemoteError("the link is no fork of this game", "damaged")
        if comparison.locked:
            raise RemoteError("the fork goes back before a draw this device has given its part to", "fork-after-draw", number=(comparison.fork_at or 0) + 1)
        chosen = protocol.fork_line(held.rg, line, held.own)
        protocol.replay(chosen, held.own)
        return self.put(chosen, held.own, now)

    def play(self, held: Held, move: str, now: float) -> Held:
        """Make `move` on this device; it is sent with the next link, and until then it may be
        taken back (`take_back`). RemoteError when it is illegal or not this seat's turn."""
        rg = protocol.advance(held.rg, held.own, move)
        return self.put(rg, held.own, now, held.base if held.base is not None else held.rg)

    def take_back(self, held: Held, now: float) -> Held:
        """The last move made on this device and not yet sent, taken back: the game is played
        again from its base with the moves before it, so every value revealed for a chance
        event that move started goes with it. Nothing sent or received is ever taken back."""
        if held.unsent <= 0 or held.base is None:
            raise RemoteError("no move of yours can be taken back", "nothing-to-take-back")
        rg = held.base
        for move in held.rg.moves[len(rg.moves) : -1]:
            rg = protocol.advance(rg, held.own, move)
        return self.put(rg, held.own, now, held.base)

    def send(self, held: Held, move: str | None, now: float) -> tuple[Held, str]:
        """Play `move` (or only add this device's part) and the link to send on: from now on the
        game as it stands is the friend's to see, and no move in it can be taken back."""
        rg = protocol.advance(held.rg, held.own, move)
        return self.put(rg, held.own, now, sent=True), link.link(rg, held.own)

    def delete(self, key: str) -> str | None:
        """Remove a held game; its stored text (for Undo), None when there was none."""
        text = self.storage.get(REMOTE_PREFIX + key)
        self.storage.remove(REMOTE_PREFIX + key)
        return None if text is None else str(text)

    def restore(self, key: str, text: str) -> None:
        self.storage.set(REMOTE_PREFIX + key, text)

    def start(
        self,
        game_id: str,
        players: int,
        seat: int,
        options: Mapping[str, OptionValue],
        names: list[str],
        now: float,
        new_secret: Callable[[], bytes] = chance.new_secret,
    ) -> Held:
        secret = new_secret()
        rg = protocol.start(game_id, players, seat, options, names, secret)
        return self.put(rg, Own(seat, secret), now)


def summary_of(rg: RemoteGame, own: Own) -> words.LinkSummary:
    """What is kept beside a game when it is stored: what the Continue list shows of it, and the
    seats' commitments (for `RemoteStore.related`)."""
    kept = words.summary(rg, own, protocol.replay(rg, own))
    kept["commitments"] = [c.hex() if c is not None else None for c in rg.commitments]
    return kept


def link_items(store: RemoteStore) -> list[words.LinkItem]:
    """The held games for the home screen's Continue list, with their state ("Your move",
    "Waiting for Anna", "Anna won"), newest first, from the summaries kept with them; one that
    does not read is left out."""
    return [words.link_item_of(key, kept, updated) for key, kept, updated in store.listed()]
