"""The files the package reads after the first screen (ludothek/package_files.py): the site sends
them in the package's second zip, so every read asks for its file first, and the second zip is
brought then, also for a module that came from the memory snapshot (never imported from a zip).

Here the package's folder holds none of those files until the hook brings them, as the page's
file system holds only the first zip: each reader finds its file, and the hook is asked once."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from ludothek import package_files
from ludothek.ai import fenn_solver
from ludothek.ai import puzzles as P
from ludothek.render import get_view, standalone
from ludothek.render.rules import rules_body_html

PACKAGE = Path(package_files.__file__).resolve().parent
ROOT = PACKAGE.parents[1]


@pytest.fixture
def first_zip_only(tmp_path, monkeypatch):
    """The package's files as the page has them before the second zip: none of LATER_FILES. The
    hook copies them in (the second zip unpacked) and notes each call."""
    monkeypatch.setattr(package_files, "PACKAGE_ROOT", tmp_path)
    brought: list[int] = []

    def bring() -> None:
        brought.append(1)
        for folder in package_files.LATER_FILES:
            if folder == "render/styles/":  # the build puts assets/' stylesheets there (scripts/build.py)
                shutil.copytree(ROOT / "assets" / "games", tmp_path / folder / "games")
                shutil.copy2(ROOT / "assets" / "app.css", tmp_path / folder / "app.css")
            else:
                shutil.copytree(PACKAGE / folder, tmp_path / folder)

    package_files.when_missing(bring)
    monkeypatch.setattr(standalone, "_CHECKOUT_STYLES", tmp_path / "no checkout")
    monkeypatch.setattr(standalone, "_cache", {})
    monkeypatch.setattr(fenn_solver, "_loaded", None)
    P._data.cache_clear()
    yield brought
    package_files.when_missing(None)
    P._data.cache_clear()


def test_each_later_file_is_brought_before_it_is_read(first_zip_only):
    assert not any((package_files.PACKAGE_ROOT / folder).exists() for folder in package_files.LATER_FILES)
    rules = rules_body_html(get_view("momentum"), "de")
    assert "<h2" in rules and "not written yet" not in rules
    assert first_zip_only == [1], "the second zip was asked for once, for the first file"
    assert ".stone-body.red" in standalone.board_styles("momentum")
    assert P.puzzles("fenn"), "the shipped puzzles were found"
    table = fenn_solver.load_table()
    assert len(table) == fenn_solver.SIZE
    assert first_zip_only == [1], "once brought, never asked again"


def test_a_file_that_cannot_be_brought_is_said_so(first_zip_only, monkeypatch):
    def unreachable() -> None:
        raise FileNotFoundError("the app's modules at .../ludothek.more.zip could not be fetched (HTTP 404)")

    package_files.when_missing(unreachable)
    with pytest.raises(FileNotFoundError, match="could not be fetched"):
        P.puzzles("fenn")


def test_files_of_the_first_zip_never_bring_the_second(first_zip_only):
    package_files.package_file("locale/de/LC_MESSAGES/ludothek.po")
    package_files.package_file("i18n.py")
    assert first_zip_only == []


def test_the_package_finds_its_files_only_through_package_files():
    """A module that made its own path to a file of the package would miss the second zip in the
    page: only package_files makes paths from where the package is, besides the catalogs (i18n:
    they are in the first zip) and the stylesheets of a checkout (render/standalone: assets/)."""
    allowed = {"package_files.py", "i18n.py", "render/standalone.py"}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Name) and node.id == "__file__" for node in ast.walk(tree)):
            found.append(path.relative_to(PACKAGE).as_posix())
    assert set(found) == allowed
