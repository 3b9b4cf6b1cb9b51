"""Shared test set-up. The package (py/) and the scripts (scripts/) are on the import path through
pytest.ini's `pythonpath`; browser tests have their own conftest (tests/browser/conftest.py)."""

from collections import defaultdict

# The cross-engine smoke tests' time per engine, printed at the end of the run. Here rather than in
# tests/engines/conftest.py: with the test files shared out among processes (scripts/test), only
# this top conftest is loaded by the process that gathers the reports and writes the summary.
ENGINE_TESTS = "tests/engines/"
ENGINE_NAMES = ("chromium", "firefox", "webkit")  # tests/engines/engine_drivers.ENGINES
_engine_seconds: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report):
    if ENGINE_TESTS in report.nodeid:
        engine = next((name for name in ENGINE_NAMES if f"[{name}" in report.nodeid), None)
        if engine:
            _engine_seconds[engine] += report.duration


def pytest_terminal_summary(terminalreporter):
    if _engine_seconds:
        spent = ", ".join(f"{name} {_engine_seconds[name]:.0f} s" for name in ENGINE_NAMES if name in _engine_seconds)
        terminalreporter.write_line(f"cross-engine smoke tests (tests/engines), time per engine: {spent}")
