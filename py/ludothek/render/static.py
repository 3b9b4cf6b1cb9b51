"""Pages rendered ahead of time by the build, shown before Python has loaded: the home screen
(one per language, thumbnails included) from the same code the app runs."""

from __future__ import annotations

from pathlib import Path

from ..games import GAME_IDS
from ..i18n import LANGUAGES, set_language
from . import get_view, has_view
from .screens import home_html


def write_static_pictures(target: Path) -> list[Path]:
    written = []
    target.mkdir(parents=True, exist_ok=True)
    game_ids = [g for g in GAME_IDS if has_view(g)]
    try:
        for language in LANGUAGES:
            set_language(language)
            path = target / f"home.{language}.html"
            path.write_text(home_html([get_view(g) for g in game_ids], ""), encoding="utf-8")
            written.append(path)
    finally:
        set_language("en")
    return written
