"""Shared test set-up. The package (py/) and the scripts (scripts/) are on the import path through
pytest.ini's `pythonpath`; browser tests have their own conftest (tests/browser/conftest.py)."""

from collections import defaultdict
from pathlib import Path

import pytest

# The cross-engine smoke tests' time per engine, printed at the end of the run. Here rather than in
# tests/engines/conftest.py: with the test files shared out among processes (scripts/test), only
# this top conftest is loaded by the process that gathers the reports and writes the summary.
ENGINE_TESTS = "tests/engines/"
ENGINE_NAMES = ("chromium", "firefox", "webkit")  # tests/engines/engine_drivers.ENGINES
_engine_seconds: dict[str, float] = defaultdict(float)


@pytest.fixture
def app_tree(tmp_path):
    """Writes a small app's tree for the build's import scans: the package `ludothek` (an empty
    __init__.py) and the files given (path below the root: text); returns the root."""

    def write(files: dict[str, str]) -> Path:
        (tmp_path / "ludothek").mkdir()
        (tmp_path / "ludothek" / "__init__.py").write_text("")
        for name, text in files.items():
            (tmp_path / name).write_text(text)
        return tmp_path

    return write


def pytest_runtest_logreport(report):
    if ENGINE_TESTS in report.nodeid:
        engine = next((name for name in ENGINE_NAMES if f"[{name}" in report.nodeid), None)
        if engine:
            _engine_seconds[engine] += report.duration


def pytest_terminal_summary(terminalreporter):
    if _engine_seconds:
        spent = ", ".join(f"{name} {_engine_seconds[name]:.0f} s" for name in ENGINE_NAMES if name in _engine_seconds)
        terminalreporter.write_line(f"cross-engine smoke tests (tests/engines), time per engine: {spent}")


@pytest.fixture(autouse=True)
def english_after_each_test():
    """The app's language is a module global (ludothek.i18n): a test that starts the app in German
    would leave every test after it in the same process speaking German."""
    yield
    from ludothek.i18n import set_language

    set_language("en")
