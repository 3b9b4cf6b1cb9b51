"""Fixtures of the cross-engine smoke tests: the site with the error hook, and one browser per
engine (Chromium, Firefox, WebKit), each started once for its tests. The run ends with the time
each engine's tests took, set-up included (written by tests/conftest.py)."""

from __future__ import annotations

import time

import pytest
from engine_drivers import ENGINES, HookedServer, launch, missing

ROOT_MARK = "tests/engines/"


def pytest_collection_modifyitems(items):
    for item in items:
        if ROOT_MARK in item.nodeid:
            item.add_marker(pytest.mark.engines)


@pytest.fixture(scope="session")
def site():
    """The published site (dist/, rebuilt from the sources when they changed) with the error hook."""
    lacking = missing()
    if lacking:
        pytest.fail(f"missing for the cross-engine tests: {', '.join(lacking)}; scripts/test installs them (scripts/setup_browsers)")
    import build  # scripts/build.py

    build.main()
    server = HookedServer()
    yield server
    server.stop()


@pytest.fixture(scope="module", params=ENGINES)
def engine(request, site):
    """One engine's browser, for all of its tests (pytest runs them together)."""
    started = time.monotonic()
    playwright = request.getfixturevalue("playwright") if request.param == "chromium" else None
    browser = launch(request.param, playwright)
    browser.started_in = time.monotonic() - started
    yield browser
    browser.quit()
