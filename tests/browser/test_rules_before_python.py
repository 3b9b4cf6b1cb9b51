"""Rules without Python (issue 33): a game's rules page (#/rules/<game>) is on the screen at once,
before the runtime has started, in the reader's language, and the app keeps it when it is ready;
the rules documents (rules/<game>.<lang>.html) are pages of their own for readers without
JavaScript and for search engines.

The start is held back as in test_early_taps.py (the runtime's WebAssembly is not served until the
test releases it), in a fresh profile each: what a first visitor meets on a slow phone.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS
from test_early_taps import HeldStart, card, open_held

LANGUAGES = {
    # reader: (the browser's language, the stored choice, the heading, a heading inside, Start)
    "en": ("en-US", None, "Rules: Momentum", "Clarifications", "Start a game"),
    "de": ("de-DE", None, "Regeln: Momentum", "Klarstellungen", "Ein Spiel beginnen"),
    "de stored": ("en-US", "de", "Regeln: Momentum", "Klarstellungen", "Ein Spiel beginnen"),
}


@pytest.fixture
def fresh(browser):
    """A fresh profile (a first visit); new_page(locale) opens a page in a context of its own."""
    contexts = []

    def new_page(locale: str = "en-US", viewport=None):
        context = browser.new_context(service_workers="block", locale=locale, viewport=viewport or {"width": 1000, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield new_page
    for context in contexts:
        context.close()


def not_ready(page) -> bool:
    return not page.evaluate("!!document.body.dataset.ready")


@pytest.mark.parametrize("reader", list(LANGUAGES))
def test_a_rules_address_shows_the_rules_at_once_and_the_app_keeps_them(fresh, app_url, reader):
    locale, stored, heading, inside, start = LANGUAGES[reader]
    page = fresh(locale)
    if stored:
        page.goto(app_url + "assets/icon.svg")
        page.evaluate("code => localStorage.setItem('ludothek.language', code)", stored)
    held = HeldStart(page)
    page.goto(app_url + "#/rules/momentum")
    rules = page.locator("#screen[data-static] article.rules")
    expect(rules.get_by_role("heading", level=1)).to_have_text(heading)
    expect(rules.get_by_role("heading", name=inside)).to_be_visible()
    expect(rules.locator("figure svg")).to_have_count(5)  # the diagrams as the app draws them
    expect(rules.get_by_role("link", name=start)).to_have_attribute("href", "#/setup/momentum")
    expect(page.locator("html")).to_have_attribute("lang", stored or locale[:2])
    assert page.title() == f"{heading} – Ludothek"
    # A way back home, and the other language: the top bar's.
    expect(page.locator(".topbar a.brand")).to_have_attribute("href", "#/")
    expect(page.locator("#lang-switch button")).to_have_text("English" if "de" in reader else "Deutsch")
    assert not_ready(page)
    # The reader reads on: scrolled down, the keyboard on a diagram's link.
    page.evaluate("document.querySelector('article.rules').dataset.seen = 'before'")
    try_it = page.locator("article.rules a.try-it").nth(2)
    try_it.focus()
    page.evaluate("window.scrollTo(0, 900)")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    held.release()
    # The app took over the same page: not drawn again, the scroll and the focus where they were.
    live = page.locator("#screen:not([data-static]) article.rules[data-seen=before]")
    expect(live.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("body")).to_have_attribute("data-screen", "rules")
    assert page.evaluate("window.scrollY") == scrolled
    expect(try_it).to_be_focused()
    assert page.title() == f"{heading} – Ludothek"
    # And it is the live app: its language switch redraws the page.
    page.locator("#lang-switch button").click()
    expect(page.locator("article.rules h1")).to_have_text("Rules: Momentum" if "de" in reader else "Regeln: Momentum")
    assert not page.errors


def test_rules_tapped_on_the_home_show_at_once_in_either_language_and_back_goes_home(fresh, app_url):
    page = fresh()
    held = open_held(page, app_url)
    card(page, "fenn").get_by_role("link", name="Rules").click()
    rules = page.locator("#screen[data-static] article.rules")
    expect(rules.get_by_role("heading", level=1)).to_have_text("Rules: Fenn")
    assert page.url.endswith("#/rules/fenn") and page.title() == "Rules: Fenn – Ludothek"
    expect(page.locator("[aria-busy=true], .tap-progress")).to_have_count(0)
    # The language switch answers on the rules page too.
    page.locator("#lang-switch button").click()
    expect(rules.get_by_role("heading", level=1)).to_have_text("Regeln: Fenn")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # Back: the home screen, in the language chosen.
    page.go_back()
    expect(page.get_by_role("heading", name="Spiele", exact=True)).to_be_visible()
    assert page.title() == "Ludothek"
    card(page, "momox").get_by_role("link", name="Regeln").click()
    expect(rules.get_by_role("heading", level=1)).to_have_text("Regeln: Momox")
    # The top bar's Ludothek leads home as well.
    page.locator(".topbar a.brand").click()
    expect(page.get_by_role("heading", name="Spiele", exact=True)).to_be_visible()
    page.go_back()
    expect(rules.get_by_role("heading", level=1)).to_have_text("Regeln: Momox")
    assert not_ready(page)
    held.release()
    expect(page.locator("#screen:not([data-static]) article.rules h1")).to_have_text("Regeln: Momox")
    page.go_back()
    expect(page.get_by_role("heading", name="Spiele", exact=True)).to_be_visible()
    assert not page.errors


def test_a_link_on_the_rules_page_tapped_before_python_opens_its_screen_and_back_returns(fresh, app_url):
    page = fresh()
    held = HeldStart(page)
    page.goto(app_url + "#/rules/nummerus")
    start = page.locator("#screen[data-static] article.rules").get_by_role("link", name="Start a game")
    start.click()
    expect(start).to_have_class(re.compile(r"\btapped\b"))
    expect(page.locator("[aria-busy=true] .tap-progress .boot-text")).not_to_be_empty()
    assert page.url.endswith("#/setup/nummerus") and not_ready(page)
    held.release()
    expect(page.get_by_role("heading", name="New game: Nummerus Zahlus")).to_be_visible()
    page.go_back()  # a tap's own history entry: Back is the rules page
    expect(page.get_by_role("heading", name="Rules: Nummerus Zahlus")).to_be_visible()
    assert not page.errors


def test_the_rules_documents_are_pages_of_their_own_without_javascript(browser, app_url):
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        # The page a reader (or a search engine) without JavaScript meets links every document.
        page.goto(app_url)
        expect(page.locator(".noscript-rules a")).to_have_count(10)
        page.locator(".noscript-rules li", has_text="Mops Royal").get_by_role("link", name="Deutsch").click()
        assert page.url == app_url + "rules/mops.de.html"
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.get_by_role("heading", level=1)).to_have_text("Regeln: Mops Royal")
        assert page.title() == "Regeln: Mops Royal – Ludothek"
        expect(page.locator("article.rules figure svg").first).to_be_visible()
        # The site's stylesheet: the top bar and the rules' panel look as in the app.
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).display") == "flex"
        assert page.evaluate("getComputedStyle(document.querySelector('article.rules')).maxWidth") == "760px"
        # A link to play, into the app; the other language's document.
        expect(page.get_by_role("link", name="Ein Spiel beginnen")).to_have_attribute("href", "../index.html#/setup/mops")
        expect(page.locator("a.try-it").first).to_have_attribute("href", re.compile(r"^\.\./index\.html#/try/mops/"))
        page.locator(".topnav").get_by_role("link", name="English").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Rules: Mops Royal")
        page.locator(".topbar a.brand").click()
        assert page.url == app_url + "index.html"
    finally:
        context.close()


def test_a_rules_document_opened_with_javascript_leads_into_the_app(fresh, app_url):
    page = fresh()
    page.goto(app_url + "rules/momox.en.html")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules: Momox")
    page.get_by_role("link", name="Start a game").click()
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="New game: Momox")).to_be_visible()
    assert not page.errors
