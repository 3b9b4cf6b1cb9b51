"""Games and positions in links (pure): everything travels in the URL fragment, never to a server.

    #/position/<game>/<position>     a position, percent-encoded text (readable, e.g. in a blog's HTML)
    #/position/<game>/<position>/<diagram>   the same with a diagram's marks and caption
                                     (render/diagram.py's notation): an embedded board draws them
                                     until a move is made; a diagram that does not read is left out
    #/game/<data>                    a whole game: the record as JSON, deflated, base64url

`index.html?embed=1&...` plus one of these shows a single board for an iframe. Every decoding
error raises LinkError with a message a player can understand.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from random import Random
from typing import Mapping

from ..games import GAME_IDS, AnyGame, get_game
from ..games.base import RecordError, StateBase
from ..i18n import _
from . import jsontext

MAX_LINK_CHARS = 100_000
MAX_RECORD_BYTES = 1_000_000


MAX_QUERY_CHARS = 2_000
MAX_LEVEL = 9
MAX_SEATS = 4


class LinkError(ValueError):
    """A link that does not carry a readable game or position."""


# What mail and chat programs leave on a link they found in a sentence: the full stop, comma or
# closing bracket after it, a closing quote. Read only when the link as written does not read.
LINK_TAIL = ".,;:!?)]}>'\"\u00bb\u201c\u201d\u2019"


def without_tail(text: str) -> str:
    """`text` (percent-decoded) without the punctuation and white space a sentence left after it."""
    return text.rstrip(LINK_TAIL + " \t\r\n")


def app_fragment(text: str) -> str:
    """The app's address in a pasted link or message ("Your move in Momentum – Ludothek
    https://…/#/remote/…"): the part from `#/` to the first white space, without the sentence's
    tail. An installed app has no address bar: a link a friend sent is pasted into the home
    screen instead. LinkError, with a sentence for the player, when there is none."""
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(_("That text is too long for a Ludothek link."))
    start = text.find("#/")
    if start < 0:
        raise LinkError(_("That is not a Ludothek link: a Ludothek link has a part that starts with #/."))
    fragment = without_tail(text[start:].split()[0])
    if fragment in ("#/", "#"):
        raise LinkError(_("That link only leads to the home screen: paste the whole link your friend sent."))
    return fragment


def small_number(text: str, lowest: int, highest: int) -> int | None:
    """A number from an address when it is plain ASCII digits within the range, else None
    ('²', '１', 5,000 digits or '-1' are not numbers here)."""
    if not (1 <= len(text) <= 3 and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if lowest <= value <= highest else None


@dataclass(frozen=True)
class EmbedOptions:
    embed: bool = False
    opponent: str = "computer"  # "computer" or "human" (two readers at one screen)
    level: int | None = None
    readonly: bool = False
    seat: int = 0  # the seat the reader plays against the computer
    picture: bool = False  # the snippet's frame shows the board's picture (snippets since the picture fix)
    # The picture writes the position beside the board under it (snippets since issue 57): the live
    # board does too, so that it comes alive exactly where the picture drew it.
    sides: bool = False

    @staticmethod
    def from_query(search: str) -> "EmbedOptions":
        # urllib.parse only when there is a query: in the page it is compiled from source with
        # ipaddress (Pyodide ships its standard library uncompiled), ~0.1 s of every start.
        text = str(search)[:MAX_QUERY_CHARS].lstrip("?")
        query = {}
        try:
            if text:
                from urllib.parse import parse_qs

                query = parse_qs(text, max_num_fields=50)
        except ValueError:  # too many fields: a hostile address, read as no options
            query = {}

        def first(name: str, default: str = "") -> str:
            return query.get(name, [default])[0]

        level = small_number(first("level"), 0, MAX_LEVEL)
        seat = small_number(first("seat", "1"), 1, MAX_SEATS)
        return EmbedOptions(
            embed=first("embed") == "1",
            opponent="human" if first("vs") == "human" else "computer",
            level=level,
            readonly=first("readonly") == "1",
            seat=seat - 1 if seat is not None else 0,
            picture=first("picture") == "1",
            sides=first("sides") == "1",
        )

    def query(self) -> str:
        parts = ["embed=1"]
        if self.readonly:
            parts.append("readonly=1")
        else:
            parts.append(f"vs={self.opponent}")
            if self.opponent == "computer":
                if self.level is not None:
                    parts.append(f"level={self.level}")
                parts.append(f"seat={self.seat + 1}")
        if self.picture:
            parts.append("picture=1")
        if self.sides:
            parts.append("sides=1")
        return "?" + "&".join(parts)


def position_fragment(game_id: str, position: str, marks: str = "") -> str:
    """A position link's fragment; `marks`: a diagram's notation (render/diagram.format_diagram,
    URL-safe and without '/'), a further part of the path, so that a link without it, and every
    link made before it, is read as before (an older app ignores the part)."""
    from urllib.parse import quote  # when used: see EmbedOptions.from_query

    fragment = f"#/position/{game_id}/{quote(position, safe='')}"
    return fragment + "/" + marks if marks else fragment


def record_fragment(record: Mapping[str, object]) -> str:
    data = json.dumps(record, separators=(",", ":")).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")
    return f"#/game/{packed}"


def decode_position(game_id: str, encoded: str, rng: Random | None = None) -> tuple[AnyGame, StateBase]:
    """(game, state) for a position link; LinkError says what is wrong. What the position leaves
    hidden (a tile pile's order, covered chips) is dealt afresh from `rng`. A position that does
    not read is read once more without a sentence's tail (see LINK_TAIL)."""
    from urllib.parse import unquote  # when used: see EmbedOptions.from_query

    if game_id not in GAME_IDS:
        raise LinkError(_("the link names no game of Ludothek ({game})").format(game=repr(unquote(game_id)[:40])))
    if len(encoded) > MAX_LINK_CHARS:
        raise LinkError(_("the link is too long"))
    text = unquote(encoded)
    game = get_game(game_id)
    rng = rng or Random()
    try:
        return game, _position_state(game, text, rng)
    except LinkError:
        tidy = without_tail(text)
        if not tidy or tidy == text:
            raise
    return game, _position_state(game, tidy, rng)


def _position_state(game: AnyGame, text: str, rng: Random) -> StateBase:
    try:
        state: StateBase = game.from_observation(text, rng)
        return state
    except (ValueError, TypeError, IndexError, KeyError, RecursionError, OverflowError) as exc:
        from ..render.catalog import get_view  # when a link's position is refused: the words are the view's

        reason = get_view(game.id).position_error_text(exc)
        raise LinkError(_("the link's position is not a valid {game} position: {reason}").format(game=game.name, reason=reason)) from None


def decode_record(encoded: str) -> dict[str, object]:
    """The record in a game link; LinkError when it is truncated or not a record (replay is the caller's).
    Data that does not read is read once more without white space (a link broken over lines in a
    mail) and without a sentence's tail (see LINK_TAIL): neither is ever part of the data."""
    try:
        return _record(encoded)
    except LinkError:
        from urllib.parse import unquote  # when used: see EmbedOptions.from_query

        tidy = without_tail("".join(unquote(encoded[: MAX_LINK_CHARS + 1]).split()))
        if not tidy or tidy == encoded:
            raise
    return _record(tidy)  # its error, if any, names the fault without the tail ('cut off', not 'damaged')


def _record(encoded: str) -> dict[str, object]:
    if not encoded:
        raise LinkError(_("the link holds no game"))
    if len(encoded) > MAX_LINK_CHARS:
        raise LinkError(_("the link is too long"))
    try:
        packed = base64.b64decode(encoded + "=" * (-len(encoded) % 4), altchars=b"-_", validate=True)
    except (ValueError, TypeError):
        raise LinkError(_("the link is damaged (it is not in the expected code)")) from None
    try:
        decompressor = zlib.decompressobj()
        data = decompressor.decompress(packed, MAX_RECORD_BYTES)
        if decompressor.unconsumed_tail:
            raise LinkError(_("the link's game is too large"))
        if not decompressor.eof:
            raise LinkError(_("the link is incomplete: it was probably cut off when copied"))
    except zlib.error:
        raise LinkError(_("the link is damaged: it was probably cut off or changed when copied")) from None
    try:
        record = jsontext.loads(data.decode("utf-8"), MAX_RECORD_BYTES)
    except (ValueError, UnicodeDecodeError):
        raise LinkError(_("the link's game cannot be read")) from None
    if not isinstance(record, dict) or record.get("format") != "ludothek":
        raise LinkError(_("the link does not hold a Ludothek game"))
    return record


__all__ = ["LinkError", "LINK_TAIL", "without_tail", "EmbedOptions", "position_fragment", "record_fragment", "decode_position", "decode_record", "RecordError"]
