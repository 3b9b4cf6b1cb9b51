"""The browser tests' own wait (conftest.wait_for) in a document that has no root element yet, as a
new document has none at first: after a goto at "commit", CI's run had page.wait_for_function read
document.documentElement.dataset there, which threw and failed the test (issue 55)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from conftest import wait_for

CONDITION = "document.documentElement.dataset.pythonWorker === 'early'"


def test_a_wait_begun_before_the_document_has_its_root_waits_for_it(browser):
    page = browser.new_page()
    try:
        page.set_content("<html data-python-worker='early'><body></body></html>")
        page.evaluate("() => { window.root = document.documentElement; window.root.remove(); }")
        with pytest.raises(PlaywrightError, match="null"):
            page.evaluate(CONDITION)  # as page.wait_for_function's first try of it did in CI's run
        page.evaluate("() => setTimeout(() => document.appendChild(window.root), 300)")
        wait_for(page, CONDITION, timeout=30_000)
        assert page.evaluate("document.documentElement.dataset.pythonWorker") == "early"
    finally:
        page.close()
