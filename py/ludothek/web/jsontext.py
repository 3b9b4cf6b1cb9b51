"""JSON from links, storage and files, read with bounds (pure Python).

`json.loads` recurses once per nesting level: a text of 100,000 brackets raises RecursionError in
CPython and overflows the WebAssembly stack in Pyodide ("Pyodide has suffered a fatal error"),
which no `except` catches. So the nesting is measured first, without recursion, and the text is
refused before the parser sees it. Numbers are bounded too: a run of more than 1,000 digits is
refused, and 1e400, NaN or Infinity read as null (the readers range-check what they use).
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 32  # a save entry is about 5 levels deep ({entry: {record: {options: [[...]]}}})
MAX_NUMBER_DIGITS = 1000  # longer digit runs are refused (int() itself stops at 4300); the range is the reader's

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


class JsonTextError(ValueError):
    """Text that is not JSON within the bounds; the message says why (English: the caller words it)."""


def nesting_depth_at_most(text: str, limit: int) -> bool:
    """True when brackets in `text` (outside strings) nest at most `limit` deep. Each pass removes
    the innermost pairs at C speed, so a hostile text costs `limit` passes, never recursion."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if re.search("[\\[{]{%d}" % (limit + 1), brackets):
        return False  # more openers in a row than the limit: too deep, whatever follows
    for passes in range(limit + 1):
        if not brackets:
            return True
        shorter = _INNERMOST.sub("", brackets)
        if shorter == brackets:
            # Unbalanced (the parser will refuse it): it could still recurse once per bracket left.
            return passes + len(brackets) <= limit
        brackets = shorter
    return False


def _no_number(name: str) -> None:
    return None  # NaN, Infinity: not numbers a game holds; read as null, which no check accepts as one


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_DIGITS:
        raise JsonTextError(f"a number of {len(text)} digits is too long")
    return int(text)


def _finite_float(text: str) -> float | None:
    if len(text) > MAX_NUMBER_DIGITS:
        raise JsonTextError("a number is too long")
    value = float(text)
    return value if value - value == 0.0 else None  # 1e400 is inf: read as null


def loads(text: str, max_chars: int, max_depth: int = MAX_DEPTH) -> object:
    """Parse JSON text within the bounds; JsonTextError (a ValueError) otherwise. The value is
    parsed JSON, typed `object`: every caller narrows it to what it expects."""
    if not isinstance(text, str):
        raise JsonTextError("not text")
    if len(text) > max_chars:
        raise JsonTextError(f"the text is too long ({len(text)} characters; at most {max_chars})")
    if not nesting_depth_at_most(text, max_depth):
        raise JsonTextError(f"the data is nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_number)
    except JsonTextError:
        raise
    except (ValueError, RecursionError) as exc:
        raise JsonTextError(f"not JSON ({getattr(exc, 'msg', str(exc))})") from None
