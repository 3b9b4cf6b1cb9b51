"""The page's side of the app (assets/page.js) in the real page: what it tells Python."""

from __future__ import annotations

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
