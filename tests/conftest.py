"""Shared test set-up. The package (py/) and the scripts (scripts/) are on the import path through
pytest.ini's `pythonpath`; browser tests have their own conftest (tests/browser/conftest.py)."""
