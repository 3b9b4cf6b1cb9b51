"""The package's second zip (py/ludothek/web/more_modules.py), in CPython with a stand-in for the
worker's JavaScript: a module of it imported before the background fetch has arrived is fetched
at once, once, and imports; a name of another package never fetches; a fetch that fails is an
ImportError that says what could not be had."""

from __future__ import annotations

import importlib
import io
import sys
import types
import zipfile

import pytest

from ludothek import package_files


class Bytes:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def fake_js(files: dict[str, bytes], asked: list[str]) -> types.ModuleType:
    """A `js` module whose synchronous XMLHttpRequest answers from `files` (404 otherwise)."""

    class Request:
        def open(self, method: str, url: str, asynchronous: bool) -> None:
            assert method == "GET" and asynchronous is False
            self.url = url

        def send(self) -> None:
            asked.append(self.url)
            self.status = 200 if self.url in files else 404
            self.response = Bytes(files.get(self.url, b""))

    js = types.ModuleType("js")
    js.XMLHttpRequest = types.SimpleNamespace(new=Request)  # type: ignore[attr-defined]
    js.ludothekMoreModulesURL = "https://site.example/assets/build/ludothek.more.zip"  # type: ignore[attr-defined]
    return js


@pytest.fixture
def more_modules(monkeypatch, tmp_path):
    """The module under test with a stand-in `js`, its finder removed again afterwards."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("ludothek_more_probe/__init__.py", "")
        archive.writestr("ludothek_more_probe/late.py", "ANSWER = 42\n")
        archive.writestr("later_standard_probe.py", "HINT = 'difflib'\n")  # a standard module only a function imports
    asked: list[str] = []
    js = fake_js({"https://site.example/assets/build/ludothek.more.zip": buffer.getvalue()}, asked)
    js.ludothekMoreStdlib = ["later_standard_probe"]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    sys.modules.pop("ludothek.web.more_modules", None)
    module = importlib.import_module("ludothek.web.more_modules")
    monkeypatch.setattr(module, "PACKAGE", "ludothek_more_probe")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = list(sys.meta_path)
    module.install()
    yield module, asked, tmp_path
    sys.meta_path[:] = before
    package_files.when_missing(None)  # install() had the package's files brought from the stand-in's address
    for name in [name for name in sys.modules if name.startswith(("ludothek_more_probe", "later_standard_probe"))]:
        del sys.modules[name]
    sys.modules.pop("ludothek.web.more_modules", None)


def test_a_module_of_the_second_zip_is_fetched_at_once_and_imports(more_modules, monkeypatch):
    module, asked, folder = more_modules
    # The site's standard library has no importlib.metadata, which importlib.invalidate_caches()
    # imports in the page's Python (3.14; not in 3.11's): unpacking must not call it (in the page
    # it made every game "not found").
    monkeypatch.setitem(sys.modules, "importlib.metadata", None)

    def needs_metadata() -> None:
        raise ModuleNotFoundError("No module named 'importlib.metadata'")

    monkeypatch.setattr(importlib, "invalidate_caches", needs_metadata)
    (folder / "ludothek_more_probe").mkdir()
    (folder / "ludothek_more_probe" / "__init__.py").write_text("")  # the package itself came in the first zip
    module.forget_folder_listings()
    assert importlib.import_module("ludothek_more_probe.late").ANSWER == 42
    assert asked == ["https://site.example/assets/build/ludothek.more.zip"]
    assert (folder / "ludothek_more_probe" / "late.py").exists(), "unpacked beside the first zip"
    # Once unpacked, never fetched again: a missing module is an ordinary ImportError.
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("ludothek_more_probe.absent")
    assert len(asked) == 1


def test_a_standard_module_of_the_second_zip_is_fetched_at_once_and_imports(more_modules):
    """The build moves the standard modules only a function imports (difflib, platform...) into the
    second zip, at its top level: the first import of one fetches it, as for the package's."""
    _module, asked, folder = more_modules
    assert importlib.import_module("later_standard_probe").HINT == "difflib"
    assert asked == ["https://site.example/assets/build/ludothek.more.zip"]
    assert (folder / "later_standard_probe.py").exists()


def test_another_packages_module_never_fetches(more_modules):
    _module, asked, _folder = more_modules
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("not_ludothek_at_all_xyz")
    assert asked == []


def test_a_failed_fetch_is_an_import_error_that_says_so(more_modules, monkeypatch):
    module, asked, folder = more_modules
    monkeypatch.setattr(sys.modules["js"], "ludothekMoreModulesURL", "https://site.example/gone.zip")
    sys.meta_path[:] = [finder for finder in sys.meta_path if not isinstance(finder, module.MoreModules)]
    module._finder = None
    module.install()
    (folder / "ludothek_more_probe").mkdir()
    (folder / "ludothek_more_probe" / "__init__.py").write_text("")
    importlib.invalidate_caches()
    with pytest.raises(ImportError, match=r"could not be fetched \(HTTP 404\)"):
        importlib.import_module("ludothek_more_probe.late")
    assert asked == ["https://site.example/gone.zip"]


def test_without_a_second_zip_nothing_is_installed(monkeypatch):
    js = fake_js({}, [])
    js.ludothekMoreModulesURL = None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    sys.modules.pop("ludothek.web.more_modules", None)
    module = importlib.import_module("ludothek.web.more_modules")
    before = list(sys.meta_path)
    module.install()
    assert sys.meta_path == before
    sys.modules.pop("ludothek.web.more_modules", None)
