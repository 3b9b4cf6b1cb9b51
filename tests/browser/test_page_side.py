"""The page's side of the app (assets/page.js) in the real page: what it tells Python."""

from __future__ import annotations

from conftest import open_app

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
