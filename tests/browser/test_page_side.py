"""The page's side of the app (assets/page.js) in the real page: what it tells Python."""

from __future__ import annotations

import json
import time
import urllib.parse

from conftest import open_app
from playwright.sync_api import expect

FORM = """() => {
  const form = document.createElement("form");
  form.innerHTML = `
    <input name="players" type="number" value="3">
    <input name="rule" type="checkbox" checked>
    <input name="off" type="checkbox">
    <input name="first" type="radio" value="red">
    <input name="first" type="radio" value="blue" checked>
    <select name="level"><option value="1">1</option><option value="2" selected>2</option></select>
    <input name="upload" type="file">
    <input type="text" value="no name">
    <button type="button">Start</button>`;
  return window.ludothekPage.fieldValues(form);
}"""


def test_a_form_reaches_python_with_every_kind_of_field(page, app_url):
    open_app(page, app_url)
    assert page.evaluate(FORM) == {"players": "3", "rule": "on", "off": "off", "first": "blue", "level": "2"}


LANG_WRITES = """window.__langWrites = [];
new MutationObserver(changes => changes.forEach(change => {
  if (change.target === document.documentElement) window.__langWrites.push([change.oldValue, change.target.lang]);
})).observe(document, {subtree: true, attributes: true, attributeFilter: ["lang"], attributeOldValue: true});"""


def test_the_language_is_written_to_the_page_only_when_it_changes(page, app_url):
    # Python names the language with its first screen; the page shows it already, and writing it
    # again would restyle the whole page at ready.
    page.add_init_script(LANG_WRITES)
    open_app(page, app_url)
    shown = page.evaluate("document.documentElement.lang")
    assert shown == "en"
    assert page.evaluate("window.__langWrites") == []  # the page came as English (index.html's lang)
    page.locator("#lang-switch button").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("window.__langWrites") == [["en", "de"]]  # once, by boot.js or by Python


def test_pyscripts_watch_of_the_document_is_off(page, app_url):
    # PyScript's core would take a py-click attribute added to the page as Python to run: it
    # disables the element until its interpreter on the page is ready, which never comes. Its
    # observer of every added node is switched off by boot.js (the app draws no such attribute).
    open_app(page, app_url)
    page.evaluate("""() => {
      const button = document.createElement("button");
      button.id = "py-probe";
      button.setAttribute("py-click", "nothing");
      document.body.appendChild(button);
    }""")
    page.wait_for_timeout(200)
    assert page.evaluate("document.getElementById('py-probe').disabled") is False
    # Any other observer made while the core is imported is the browser's own: the app reacts to
    # its ready flag through one (page.js, whenReady) made then.
    assert page.evaluate("window.MutationObserver === Object.getPrototypeOf(new MutationObserver(() => {})).constructor")


def test_pyscripts_page_configuration_is_read_by_address(page, app_url):
    # An address, not text: the core's read of it is a fetch, answered in a task of its own, and
    # the core's evaluation is two tasks on the page's thread, not one (issue 33).
    open_app(page, app_url)
    source = page.evaluate("document.querySelector('head > py-config').getAttribute('src')")
    assert source.startswith("data:application/json,") and source.endswith("#.json")
    carried = page.evaluate("document.querySelector('script[data-page-config]').getAttribute('data-page-config')")
    assert json.loads(urllib.parse.unquote(source[len("data:application/json,") : -len("#.json")])) == json.loads(carried)
    assert json.loads(page.evaluate("document.querySelector('head > mpy-config').textContent")) == json.loads(carried)


SCREEN_AT_LOADED = """window.__screenAtLoaded = null;
window.addEventListener("DOMContentLoaded", () => {
  window.__screenAtLoaded = document.getElementById("screen").childElementCount;
});"""


def test_the_home_is_drawn_in_a_task_after_the_page_is_parsed(browser, app_url):
    # Its text is there before page.js (held here): the home is still not drawn in the task that
    # runs page.js and the page's DOMContentLoaded listeners (on a phone that task then took up
    # to 220 ms), but in one of its own right after. (A window's listener runs after the
    # document's, each followed by its microtasks.)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route("**/assets/page.js", lambda route: (time.sleep(1.0), route.continue_()))
        page.add_init_script(SCREEN_AT_LOADED)
        page.goto(app_url)
        expect(page.locator("#screen[data-static] .game-card")).to_have_count(5)
        arrived = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType("resource")
          .filter(entry => /home\\.en\\.html|page\\.js/.test(entry.name))
          .map(entry => [entry.name.split("/").pop(), [entry.responseEnd, entry.responseStart]]))""")
        assert arrived["home.en.html"][0] < arrived["page.js"][1], arrived  # the text was there first
        assert page.evaluate("window.__screenAtLoaded") == 0
    finally:
        context.close()
