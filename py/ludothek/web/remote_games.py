"""The games by link this device holds (issue 27): each kept under `ludothek.remote.<game id>` with
the device's own seat and secret (which never leave it) and the game as its latest link. Receiving
a link decides what the player sees: a new game (an invitation: this device takes the seat the
link is for), the held game brought forward, an older link (the held game stays), or a fork (both
lines, the player chooses). Works on any Storage (web/saves.py), so it is tested without a browser;
a hostile link or stored entry raises or is skipped, never touches another entry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..remote import chance, link, protocol
from ..remote.protocol import Own, RemoteError, RemoteGame
from . import jsontext

REMOTE_PREFIX = "ludothek.remote."
ENTRY_VERSION = 1
MAX_ENTRY_CHARS = 20_000


@dataclass(frozen=True)
class Held:
    key: str
    rg: RemoteGame
    own: Own
    updated: float


@dataclass(frozen=True)
class Received:
    """What opening a link came to. relation: `new` (an invitation taken up), `newer`, `same`,
    `older`, `fork` (then `other` is the link's line, `held` stays until the player chooses),
    `onlooker` (the link is for a seat another device holds: shown, not kept)."""

    relation: str
    held: Held | None
    other: RemoteGame | None = None
    fork_at: int | None = None


def key_of(rg: RemoteGame) -> str:
    return rg.game_id.hex()


class RemoteStore:
    def __init__(self, storage):
        self.storage = storage

    def put(self, rg: RemoteGame, own: Own, now: float) -> Held:
        entry = {"version": ENTRY_VERSION, "seat": own.seat, "secret": own.secret.hex(), "link": link.encode(rg, own), "updated": now}
        key = key_of(rg)
        self.storage.set(REMOTE_PREFIX + key, json.dumps(entry))
        return Held(key, rg, own, now)

    def get(self, key: str) -> Held | None:
        """The held game under `key`, None when there is none; RemoteError when it does not read."""
        text = self.storage.get(REMOTE_PREFIX + key)
        if text is None:
            return None
        try:
            data = jsontext.loads(str(text), MAX_ENTRY_CHARS)
            seat, secret, data_text, updated = data["seat"], bytes.fromhex(data["secret"]), data["link"], float(data.get("updated", 0))
            if data.get("version") != ENTRY_VERSION or not isinstance(seat, int) or len(secret) != chance.VALUE_BYTES:
                raise ValueError("entry")
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise RemoteError("a stored game by link cannot be read", "damaged") from exc
        own = Own(seat, secret)
        rg = link.decode(data_text, own)
        if not 0 <= seat < rg.players:
            raise RemoteError("a stored game by link cannot be read", "damaged")
        protocol.replay(rg, own)
        return Held(key, rg, own, updated)

    def held(self) -> tuple[list[Held], list[str]]:
        """Every held game, newest first, and the keys of entries that do not read (left alone)."""
        games, problems = [], []
        for full in self.storage.keys():
            if not str(full).startswith(REMOTE_PREFIX):
                continue
            key = str(full)[len(REMOTE_PREFIX) :]
            try:
                found = self.get(key)
            except RemoteError:
                problems.append(key)
                continue
            if found is not None:
                games.append(found)
        games.sort(key=lambda h: -h.updated)
        return games, problems

    def receive(self, data: str, now: float, new_secret=chance.new_secret) -> Received:
        """Open a link's data. RemoteError when it does not read; the held games stay as they are."""
        rg = link.decode(data)
        current = self.get(key_of(rg))
        if current is None:
            progress = protocol.replay(rg)
            seat = progress.to_act(rg.game)
            if seat is None or rg.commitments[seat] is not None:
                return Received("onlooker", None, rg)
            own = Own(seat, new_secret())
            return Received("new", self.put(rg, own, now))
        own = current.own
        rg = link.decode(data, own)
        comparison = protocol.compare(current.rg, rg)
        if comparison.relation == "newer":
            merged = protocol.merge(current.rg, rg)
            protocol.replay(merged, own)
            return Received("newer", self.put(merged, own, now))
        if comparison.relation == "fork":
            return Received("fork", current, rg, comparison.fork_at)
        return Received(comparison.relation, current)

    def choose(self, held: Held, line: RemoteGame, now: float) -> Held:
        """After a fork: play on from `line` (the held game's or the link's)."""
        merged = protocol.merge(held.rg, line) if line is not held.rg else held.rg
        protocol.replay(merged, held.own)
        return self.put(merged, held.own, now)

    def send(self, held: Held, move: str | None, now: float) -> tuple[Held, str]:
        """Play `move` (or only add this device's part) and the link to send on."""
        rg = protocol.advance(held.rg, held.own, move)
        return self.put(rg, held.own, now), link.link(rg, held.own)

    def start(self, game_id: str, players: int, seat: int, options: dict[str, Any], names: list[str], now: float, new_secret=chance.new_secret) -> Held:
        secret = new_secret()
        rg = protocol.start(game_id, players, seat, options, names, secret)
        return self.put(rg, Own(seat, secret), now)
