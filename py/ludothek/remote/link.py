"""A game by link as text (pure): `#/remote/<data>`, the data base64url of a compact binary.

    byte 0      format version (LINK_VERSION)
    byte 1      0: the rest as is; 1: the rest deflated
    the rest    game (varint index in chance.REMOTE_GAMES), players, host seat, options (JSON,
                varint length first), one name per seat (UTF-8, varint length first), a byte of
                the seats that have committed and their 16-byte commitments, a byte of the seats
                that have revealed and per seat its event (varint) and 16-byte value, the number of
                moves and each move as its index in the game's `legal_moves` (varint)

Moves are indices, so decoding replays the game (with the receiving device's own secret, since a
chance event needs every seat's value before the moves after it can be read). Every problem is a
RemoteError with a rule a player's sentence can be made from.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import replace

from ..games import get_game
from ..games.base import StateBase
from ..names import clean_name
from . import chance
from .protocol import Own, RemoteError, RemoteGame, check_move_count, check_options, replay, walk

LINK_VERSION = 1
PREFIX = "#/remote/"
MAX_DATA_CHARS = 12_000  # a link this long is not one Ludothek made (the longest game's is < 2,000)
MAX_BODY_BYTES = 64_000
# A name as a link may carry it: cleaned to at most names.MAX_NAME characters as it is read,
# so a link made by a modified client with a longer one reads as a typed name would.
MAX_NAME_BYTES = 1_000


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise RemoteError("the link is cut off", "truncated")
        chunk = self.data[self.at : self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self, limit: int) -> int:
        value = shift = 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            shift += 7
            if value > limit:
                raise RemoteError("the link is damaged (a number out of range)", "damaged")
            if not b & 0x80:
                return value
            if shift > 35:
                raise RemoteError("the link is damaged (a number out of range)", "damaged")

    def text(self, limit: int) -> str:
        raw = self.take(self.varint(limit))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RemoteError("the link is damaged (text that is not UTF-8)", "damaged") from exc


def move_indices(rg: RemoteGame, own: Own | None = None) -> list[int]:
    """Each move as its index among the legal moves where it was played."""
    states: list[StateBase] = []
    replay(rg, own, states)
    game = get_game(rg.game)
    return [game.legal_moves(state).index(move) for state, move in zip(states, rg.moves)]


def encode(rg: RemoteGame, own: Own | None = None) -> str:
    """The link's data (after `#/remote/`)."""
    return pack(rg, move_indices(rg, own))


def pack(rg: RemoteGame, indices: list[int]) -> str:
    """The data of `rg` with its moves given as indices (unchecked: tests build hostile links)."""
    body = bytearray()
    body += _varint(chance.REMOTE_GAMES.index(rg.game))
    body += bytes([rg.players, rg.host])
    options = json.dumps(rg.options_dict(), sort_keys=True, separators=(",", ":")).encode()
    body += _varint(len(options)) + options
    for name in rg.names:  # (clean: every name of a game is cleaned as it is read or set up)
        raw = name.encode()
        body += _varint(len(raw)) + raw
    mask = sum(1 << s for s, c in enumerate(rg.commitments) if c is not None)
    body.append(mask)
    for c in rg.commitments:
        if c is not None:
            body += c
    mask = sum(1 << s for s, r in enumerate(rg.reveals) if r is not None)
    body.append(mask)
    for r in rg.reveals:
        if r is not None:
            body += _varint(r[0]) + r[1]
    body += _varint(len(rg.moves))
    for index in indices:
        body += _varint(index)
    packed = zlib.compress(bytes(body), 9)[2:-4]  # raw deflate
    if len(packed) < len(body):
        data = bytes([LINK_VERSION, 1]) + packed
    else:
        data = bytes([LINK_VERSION, 0]) + bytes(body)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def link(rg: RemoteGame, own: Own | None = None) -> str:
    return PREFIX + encode(rg, own)


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        body = inflater.decompress(packed, MAX_BODY_BYTES)
    except zlib.error as exc:
        raise RemoteError("the link is damaged", "damaged") from exc
    if inflater.unconsumed_tail:
        raise RemoteError("the link holds more than any game", "too-long")
    if not inflater.eof:
        raise RemoteError("the link is cut off", "truncated")
    return body


def decode(data: str, own: Own | None = None) -> RemoteGame:
    """The game a link's data carries, its moves read by replaying them (with this device's own
    secret when it plays in the game). RemoteError for anything that does not read or replay."""
    data = str(data).strip()
    if len(data) > MAX_DATA_CHARS:
        raise RemoteError("the link is far longer than any game's", "too-long")
    if not data:
        raise RemoteError("the link is cut off", "truncated")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError) as exc:
        raise RemoteError("the link is damaged (not base64url)", "damaged") from exc
    if len(raw) < 2:
        raise RemoteError("the link is cut off", "truncated")
    if raw[0] > LINK_VERSION:
        raise RemoteError(f"the link comes from a newer version of Ludothek (format {raw[0]})", "newer-version", version=raw[0])
    if raw[0] != LINK_VERSION or raw[1] not in (0, 1):
        raise RemoteError("the link is damaged (unknown format)", "damaged")
    body = _inflate(raw[2:]) if raw[1] else raw[2:]
    r = _Reader(body)
    game_index = r.varint(255)
    if game_index >= len(chance.REMOTE_GAMES):
        raise RemoteError("the link names a game this version does not know", "unknown-game")
    game_id = chance.REMOTE_GAMES[game_index]
    game = get_game(game_id)
    players, host = r.byte(), r.byte()
    if not 2 <= players <= game.max_players or host >= players:
        raise RemoteError("the link is damaged (players)", "damaged")
    options_text = r.text(2000)
    if options_text.count("[") + options_text.count("{") > 8:  # options are flat: never parse deep text
        raise RemoteError("the link is damaged (options)", "damaged")
    try:
        options = json.loads(options_text)
    except (ValueError, RecursionError) as exc:
        raise RemoteError("the link is damaged (options)", "damaged") from exc
    if not isinstance(options, dict):
        raise RemoteError("the link is damaged (options)", "damaged")
    check_options(game_id, players, options)
    names = tuple(clean_name(r.text(MAX_NAME_BYTES), "") for _ in range(players))
    mask = r.byte()
    if mask >> players:
        raise RemoteError("the link is damaged (commitments)", "damaged")
    commitments = tuple(r.take(chance.VALUE_BYTES) if mask >> s & 1 else None for s in range(players))
    mask = r.byte()
    if mask >> players:
        raise RemoteError("the link is damaged (reveals)", "damaged")
    reveals: list[tuple[int, bytes] | None] = []
    for s in range(players):
        reveals.append((r.varint(chance.CHAIN_LENGTH - 1), r.take(chance.VALUE_BYTES)) if mask >> s & 1 else None)
    count = r.varint(1 << 31)
    check_move_count(count)  # before its moves are read
    indices = [r.varint(100_000) for _ in range(count)]
    if r.at != len(body):
        raise RemoteError("the link is damaged (data after its end)", "damaged")
    if commitments[host] is None:
        raise RemoteError("the link is damaged (no host)", "damaged")
    rg = RemoteGame(game_id, players, host, tuple(sorted(options.items())), names, commitments, tuple(reveals), ())
    return _read_moves(rg, indices, own)


def _read_moves(rg: RemoteGame, indices: list[int], own: Own | None) -> RemoteGame:
    game = get_game(rg.game)
    moves: list[str] = []

    def move_at(state: StateBase | None, number: int) -> str:
        if state is None:
            raise RemoteError(f"move {number} comes before the game's chance is decided", "early-move", number=number)
        legal = game.legal_moves(state)
        if indices[number - 1] >= len(legal):
            raise RemoteError(
                f"move {number} is not one of the {len(legal)} moves there", "illegal-move", number=number, move=str(indices[number - 1]), error=None
            )
        moves.append(legal[indices[number - 1]])
        return moves[-1]

    walk(rg, own, len(indices), move_at)
    return replace(rg, moves=tuple(moves))


def data_of(fragment: str) -> str:
    """The data of a `#/remote/<data>` fragment (with or without '#')."""
    text = str(fragment)
    text = text[1:] if text.startswith("#") else text
    if not text.startswith("/remote/"):
        raise RemoteError("not a link to a game by link", "damaged")
    return text[len("/remote/") :]
