"""Player names in right-to-left scripts, isolated wherever they are shown (pure text).

A name is typed by a player (or comes in a link or a file): Arabic or Hebrew letters, or a name
that ends in digits, would otherwise reorder the text around it ("Ada – ‏سارا 3 moves").
`<bdi>` isolates it; `clean_name` has already removed the controls that reach beyond a name.
"""

from __future__ import annotations

import re
import unicodedata

from collections.abc import Iterable

from .svg import esc


def name_html(name: str) -> str:
    """A player name as HTML, escaped and isolated from the text around it."""
    return f"<bdi>{esc(name)}</bdi>"


def has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate_names(html_text: str, names: Iterable[str | None]) -> str:
    """Escaped plain text (no tags, as a status line is) with every right-to-left name in it
    wrapped in <bdi>; left-to-right names need nothing and are left as they are."""
    wanted = sorted({esc(n) for n in names if n and has_rtl(n)}, key=len, reverse=True)
    if not wanted:
        return html_text
    return re.sub("|".join(map(re.escape, wanted)), lambda m: f"<bdi>{m.group(0)}</bdi>", html_text)
