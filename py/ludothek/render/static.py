"""Pages rendered ahead of time by the build, shown before Python has loaded: the home screen
(one per language, thumbnails included) and every game's rules page (one per language, diagrams
included), from the same code the app runs, each with the top bar's language switch in a
<template> after it (assets/boot.js moves it into the top bar).

The rules are also written as documents of their own (rules/<game>.<lang>.html on the site):
complete pages with no script, for readers without JavaScript and for search engines, which
never see the app's #/rules/<game> screens (index.html links them in its <noscript>)."""

from __future__ import annotations

import re
from pathlib import Path

from ..games import GAME_IDS
from ..i18n import LANGUAGES, _, language, set_language
from .catalog import get_view, is_game
from .rules import has_rules, rules_screen_html
from .home_screen import home_html
from .screens import language_switch_html
from .svg import esc, tag

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
# The rules documents allow no script at all; styles as the app's (the boards' SVG has style attributes).
DOCUMENT_POLICY = (
    "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'"
)


def write_static_pictures(target: Path) -> list[Path]:
    written = []
    target.mkdir(parents=True, exist_ok=True)
    game_ids = [g for g in GAME_IDS if is_game(g)]
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


def rules_games() -> list[str]:
    return [g for g in GAME_IDS if is_game(g) and has_rules(g)]


def rules_fragment_name(game_id: str, code: str) -> str:
    """The rules screen as boot.js fetches it: assets/build/rules.<game>.<lang>.html."""
    return f"rules.{game_id}.{code}.html"


def rules_document_name(game_id: str, code: str) -> str:
    """The rules document, on the site at rules/<game>.<lang>.html."""
    return f"{game_id}.{code}.html"


def static_rules_html(game_id: str) -> str:
    """The rules screen boot.js shows for #/rules/<game> in the current language: exactly the
    app's (web/rules_screen.py keeps it as it is), then the language switch in a <template>."""
    return rules_screen_html(get_view(game_id)) + tag("template", language_switch_html(), id="static-lang-switch")


def rules_document(game_id: str) -> str:
    """The rules of `game_id` in the current language as a page of its own (rules/<game>.<lang>.html):
    the app's rules screen in the site's top bar, with the site's stylesheets, the other language's
    document, and the app's links (Start a game, Try it) pointing into the app."""
    view = get_view(game_id)
    code = language()
    title = _("Rules: {title}").format(title=view.title())
    # The app's addresses are fragments of its page: from rules/ that page is ../index.html.
    article = re.sub(r'href="#/', 'href="../index.html#/', rules_screen_html(view))
    alternates = "".join(tag("link", rel="alternate", hreflang=other, href=rules_document_name(game_id, other)) for other in LANGUAGES)
    others = "".join(
        tag(
            "a",
            esc(LANGUAGE_NAMES[other]),
            href=rules_document_name(game_id, other),
            hreflang=other,
            lang=other,
            class_="button small",
            aria_label=_("Switch the language to {language}").format(language=LANGUAGE_NAMES[other]),
        )
        for other in LANGUAGES
        if other != code
    )
    head = (
        tag("meta", charset="utf-8")
        + tag("meta", name="viewport", content="width=device-width, initial-scale=1")
        + tag("meta", http_equiv="Content-Security-Policy", content=DOCUMENT_POLICY)
        + tag("title", esc(f"{title} – Ludothek"))
        + tag("meta", name="description", content=view.tagline())
        + alternates
        + tag("link", rel="icon", href="../assets/icon.svg", type="image/svg+xml")
        + tag("link", rel="stylesheet", href="../assets/app.css")
        + tag("link", rel="stylesheet", href="../assets/build/games.css")
    )
    topbar = tag(
        "header",
        tag("a", tag("img", src="../assets/icon.svg", alt="", width=28, height=28) + tag("span", "Ludothek"), class_="brand", href="../index.html")
        + tag("nav", others, class_="topnav", aria_label="Ludothek"),
        class_="topbar",
    )
    body = (
        tag("a", esc(_("Skip to content")), class_="skip-link", href="#main")
        + topbar
        + tag("main", tag("div", article, class_="screen"), id="main", tabindex="-1")
    )
    return "<!doctype html>\n" + tag("html", tag("head", head) + tag("body", body, data_screen="rules"), lang=code) + "\n"


def write_static_rules(fragments: Path, documents: Path) -> list[Path]:
    """Every game's rules page in every language, ahead of time: the screens boot.js shows into
    `fragments` (assets/build/), the documents into `documents` (the site's rules/ folder)."""
    written = []
    fragments.mkdir(parents=True, exist_ok=True)
    documents.mkdir(parents=True, exist_ok=True)
    try:
        for code in LANGUAGES:
            set_language(code)
            for game_id in rules_games():
                for path, text in (
                    (fragments / rules_fragment_name(game_id, code), static_rules_html(game_id)),
                    (documents / rules_document_name(game_id, code), rules_document(game_id)),
                ):
                    if not path.exists() or path.read_text(encoding="utf-8") != text:
                        path.write_text(text, encoding="utf-8")
                    written.append(path)
    finally:
        set_language("en")
    # A game or language that is gone leaves no page behind.
    for old in [*fragments.glob("rules.*.html"), *documents.glob("*.html")]:
        if old not in written:
            old.unlink()
    return written
