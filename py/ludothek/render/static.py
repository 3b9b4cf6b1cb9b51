"""Pages rendered ahead of time by the build, shown before Python has loaded: the home screen
(one per language, thumbnails included) from the same code the app runs, with the top bar's
language switch in a <template> after it (assets/boot.js moves it into the top bar)."""

from __future__ import annotations

from pathlib import Path

from ..games import GAME_IDS
from ..i18n import LANGUAGES, set_language
from . import get_view, has_view
from .screens import home_html, language_switch_html
from .svg import tag


def write_static_pictures(target: Path) -> list[Path]:
    written = []
    target.mkdir(parents=True, exist_ok=True)
    game_ids = [g for g in GAME_IDS if has_view(g)]
    try:
        for language in LANGUAGES:
            set_language(language)
            path = target / f"home.{language}.html"
            chrome = tag("template", language_switch_html(), id="static-lang-switch")
            path.write_text(home_html([get_view(g) for g in game_ids], "") + chrome, encoding="utf-8")
            written.append(path)
    finally:
        set_language("en")
    return written
