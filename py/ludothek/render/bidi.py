"""Player names isolated wherever they are shown (pure text).

A name is typed by a player (or comes in a link or a file): Arabic or Hebrew letters, or a name
that ends in digits, would otherwise reorder the text around it ("Ada – ‏سارا 3 moves").
`<bdi>` isolates it in HTML; in text that holds no markup (an accessible name, a toast, a line
read out) the Unicode isolates FSI and PDI do (`isolate`). `names.clean_name` has already removed
the controls that reach beyond a name, these two included, so a name cannot close its isolate.
"""

from __future__ import annotations

import re
import unicodedata

from collections.abc import Iterable

from .svg import esc


def name_html(name: str) -> str:
    """A player name as HTML, escaped and isolated from the text around it."""
    return f"<bdi>{esc(name)}</bdi>"


# FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the text between them is laid out on its own,
# in the direction of its first strong letter, and nothing in it reorders the text around it.
FSI, PDI = "\u2068", "\u2069"
_ISOLATED = re.compile(f"{FSI}([^{FSI}{PDI}]*){PDI}")


def isolate(name: str) -> str:
    """A name as plain text embeds it: isolated between FSI and PDI (a sentence made with it is
    shown by `isolated_html`, or as it is where no markup can go)."""
    return FSI + name + PDI


def isolated_html(text: str) -> str:
    """Plain text with its names isolated (`isolate`) as HTML: escaped, each name in a <bdi>."""
    return _ISOLATED.sub(lambda m: f"<bdi>{m.group(1)}</bdi>", esc(text))


def has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate_names(html_text: str, names: Iterable[str | None]) -> str:
    """Escaped plain text (no tags, as a status line is) with every right-to-left name in it
    wrapped in <bdi>; left-to-right names need nothing and are left as they are."""
    wanted = sorted({esc(n) for n in names if n and has_rtl(n)}, key=len, reverse=True)
    if not wanted:
        return html_text
    return re.sub("|".join(map(re.escape, wanted)), lambda m: f"<bdi>{m.group(0)}</bdi>", html_text)
