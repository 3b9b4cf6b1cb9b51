"""A player's name as the app keeps it, whatever was typed, saved, imported or read from a link
(pure text, below every layer: web/session.py cleans typed and saved names with it,
remote/link.py the names a link carries, as it reads them).

A name is shown inside sentences ("Waiting for Anna", "Anna placed a stone on g3."), isolated
(render/bidi.py), so what it may hold is what stays inside its own bounds and can be seen:
- no bidirectional control: an override such as U+202E left open reverses the rest of the line
  around it, an isolate or embedding opened or closed in a name reaches beyond it; right-to-left
  letters keep working without them, since the name is isolated where it is shown;
- no control character (C0, C1, DEL) and no other character that is invisible or formats text
  (zero-width space, word joiner, soft hyphen, byte order mark, Hangul fillers, tags...): a name of
  nothing but those would look empty, or like another player's; the zero-width joiner and
  non-joiner stay between two characters (emoji sequences, Persian and Indic spellings need them);
- no lone surrogate (a JSON escape can make one; it cannot be written to the page);
- runs of white space as one space, none at either end;
- at most MAX_NAME characters (code points), with no joiner left dangling where it was cut;
- something visible: a name of marks and joiners alone is no name.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 40

# Invisible characters that are not of category Cf (format), from Unicode's
# Default_Ignorable_Code_Point (Python's unicodedata does not expose the property): the combining
# grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian free variation selectors.
_IGNORABLE_OTHERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")
_JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: kept between two characters
_JOINER_AT_EDGE = re.compile(f"^[{_JOINERS}]+|[{_JOINERS}]+$|(?<=[{_JOINERS}])[{_JOINERS}]+|[{_JOINERS}]+(?= )|(?<= )[{_JOINERS}]+")


def _kept(ch: str) -> bool:
    if ch in _JOINERS:
        return True
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Cs"):
        return ch in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85"  # white space: one space after split()
    return ch not in _IGNORABLE_OTHERS


def _visible(ch: str) -> bool:
    return ch not in _JOINERS and unicodedata.category(ch) not in ("Mn", "Me", "Zs")


def clean_name(value: object, fallback: str) -> str:
    """A player name as the app keeps and shows it (see the module's doc); `fallback` when
    `value` is not text or nothing visible is left of it. Never markup: it is escaped where shown."""
    if not isinstance(value, str):
        return fallback
    if value.isascii() and value.isprintable():  # (most names: nothing in them to drop)
        return " ".join(value.split())[:MAX_NAME].rstrip() or fallback
    text = " ".join("".join(ch for ch in value if _kept(ch)).split())
    text = _JOINER_AT_EDGE.sub("", text)
    while text and not _visible(text[0]):  # a mark or joiner first would attach to the text before it
        text = text[1:]
    if len(text) > MAX_NAME:
        text = text[:MAX_NAME]
        text = _JOINER_AT_EDGE.sub("", text).rstrip()
    return text if any(_visible(ch) for ch in text) else fallback
