"""Translations through the standard library's gettext catalogs.

Source strings are English. Catalogs live in ludothek/locale/<lang>/LC_MESSAGES/ludothek.po
(made and merged by scripts/i18n.py); they are compiled in memory when a language is first used
and served by the standard library's `gettext.GNUTranslations`; the page's package carries them
compiled already (ludothek.json, written by scripts/build.py), served without gettext. Strings are looked up when used,
never at import time, so switching the language re-renders everything in the new language.
Module-level constants are marked with `N_` and translated where they are shown.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from .po import CompiledCatalog, compile_mo, parse_po

# Plural rules _Catalog knows (German's and English's); any other goes through gettext.
_ONE_OR_MORE = ("(n != 1)", "n != 1")

if TYPE_CHECKING:
    import gettext as _gettext

DOMAIN = "ludothek"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE
_translations: dict[str, _gettext.NullTranslations | _SourceLanguage | _Catalog] = {}


class _SourceLanguage:
    """English, the language of the source strings: each message as it is (what
    gettext.NullTranslations does). The page then imports gettext only for another language:
    Pyodide compiles the standard library from source, and gettext was 0.05 s of each start."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


class _Catalog:
    """A catalog compiled by scripts/build.py (ludothek.json beside the .po, in the page's
    package), answering as gettext.GNUTranslations does for the plural rule n != 1. In the page,
    importing gettext and compiling the .po cost 0.2-0.4 s of a German reader's start."""

    def __init__(self, table: CompiledCatalog):
        self.messages = table["messages"]
        self.plurals = table["plurals"]

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        return forms[0 if n == 1 else 1]

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get(f"{context}\x04{message}", message)


def _compiled(path: Path) -> _Catalog | None:
    try:
        # the build's own file (po.compile_json), read as what it wrote
        table: CompiledCatalog = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return _Catalog(table) if table.get("plural") in _ONE_OR_MORE else None


def _catalog(language: str) -> _gettext.NullTranslations | _SourceLanguage | _Catalog:
    if language not in _translations:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        compiled = _compiled(path.with_suffix(".json")) if language != DEFAULT_LANGUAGE else None
        if compiled is not None:
            _translations[language] = compiled
        elif language == DEFAULT_LANGUAGE or not path.exists():
            _translations[language] = _SourceLanguage()
        else:
            import gettext as _gettext

            mo = compile_mo(parse_po(path.read_text(encoding="utf-8")))
            _translations[language] = _gettext.GNUTranslations(io.BytesIO(mo))
    return _translations[language]


def set_language(language: str) -> str:
    """Switch the language (unknown codes fall back to English); returns the one in force."""
    global _current
    _current = language if language in LANGUAGES else DEFAULT_LANGUAGE
    return _current


def language() -> str:
    return _current


def pick_language(preferences: Iterable[object] | None) -> str:
    """The first supported language among browser preferences such as ['de-AT', 'en']."""
    for tag in preferences or ():
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def _(message: str) -> str:
    return _catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _catalog(_current).pgettext(context, message)


def in_every_language(make: Callable[[], str]) -> set[str]:
    """What `make()` returns in each language, e.g. a default name as either language wrote it
    (a save keeps the words of the language it was made in)."""
    global _current
    saved = _current
    try:
        results: set[str] = set()
        for code in LANGUAGES:
            _current = code
            results.add(make())
        return results
    finally:
        _current = saved


def N_(message: str) -> str:
    """Marks a string for extraction without translating it (translated later with `_`)."""
    return message
