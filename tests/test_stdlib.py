"""The site's own standard library (scripts/build.py, make_stdlib): every standard module the app
imports anywhere (also inside a function, where a missing module would only show as an ImportError
in the middle of a game) is in the zip the page starts with, compiled and stored."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site() -> Path:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("the runtime is not installed: run scripts/setup (scripts/test does it)")
    build.main()
    return build.DIST


def shipped(site: Path) -> Path:
    found = sorted((site / "assets" / "build").glob("python_stdlib.*.zip"))
    assert len(found) == 1
    return found[0]


def modules_in(path: Path, suffix: str) -> set[str]:
    """The modules a zip holds (a.b for a/b<suffix> and a/b/__init__<suffix>)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    return {name.removesuffix(suffix).replace("/", ".").removesuffix(".__init__") for name in names if name.endswith(suffix)}


def frozen_modules() -> set[str]:
    """The standard modules frozen into Pyodide's interpreter (os, io, codecs, ...): as the build
    found them (scripts/stdlib.mjs find, cached)."""
    return set(build.find_stdlib_modules(build.PACKAGE_ZIP, build.stdlib_request())["frozen"])


# Modules that an imported package puts into sys.modules under their name, so their own file is
# never read: collections/__init__.py registers _collections_abc (frozen) as collections.abc.
ALIASED = {"collections.abc": "collections"}


def test_every_standard_module_the_app_imports_anywhere_is_shipped(site):
    """An ast scan of the package, main.py and PyScript's Python, in CPython, against the zip: a
    module left out (an exclusion too many, a lazy import the build missed) fails here."""
    pyodide_modules = modules_in(build.STDLIB_SOURCE, ".py")
    present = modules_in(shipped(site), ".pyc") | frozen_modules() | later_modules(site)
    imports = build.app_standard_imports()
    missing = []
    for module, name in imports:
        if module.split(".")[0] not in {other.split(".")[0] for other in pyodide_modules}:
            continue  # a built-in module (math, json's _json), the browser's, or the package's own
        wanted = [module]
        if name is not None and f"{module}.{name}" in pyodide_modules:
            wanted.append(f"{module}.{name}")  # from package import submodule
        missing += [other for other in wanted if other not in present and other not in ALIASED]
    assert missing == []
    # ludothek.remote.chance imports secrets inside a function only; secrets imports hmac;
    # urllib.parse ipaddress; traceback's suggestions difflib (inside a function).
    assert ("secrets", None) in imports
    for needed in ("secrets", "hmac", "urllib.parse", "ipaddress", "hashlib", "difflib"):
        assert needed in present, needed
    for alias, package in ALIASED.items():
        assert package in present, (alias, package)


def later_modules(site: Path) -> set[str]:
    """The standard modules the package's second zip holds (its top level; the package is under
    ludothek/)."""
    with zipfile.ZipFile(site / "assets" / "build" / "ludothek.more.zip") as archive:
        return {name.removesuffix(".pyc") for name in archive.namelist() if "/" not in name and name.endswith(".pyc")}


def test_the_standard_modules_only_a_function_imports_come_in_the_second_zip(site):
    """Modules that importing the app and its every standard import never imports (only a
    function does: traceback's hints difflib, ast.unparse _ast_unparse) are not in the zip the
    page waits for; they come with the package's second zip, which the first import of one of
    them fetches (the start module names them for py/ludothek/web/more_modules.py)."""
    later = later_modules(site)
    assert {"difflib", "_ast_unparse", "platform"} <= later
    assert not later & modules_in(shipped(site), ".pyc")
    # Never what the start imports: not one is in the memory snapshot's modules, nor what Python
    # imports with the app (the build's own record of it).
    assert not later & set(build.snapshot_modules())
    found = json.loads(next((ROOT / ".cache" / "stdlib").glob("modules.*.json")).read_text())
    assert not later & set(found["imported"])
    assert later == set(build.later_stdlib_modules(found))
    start_module = (site / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text()
    listed = re.search(r"^const MORE_STDLIB = (\[.*\]);", start_module, re.M)
    assert listed and set(json.loads(listed.group(1))) == later
    # What this saves on the wire: the zip the page waits for is smaller by all of them.
    with zipfile.ZipFile(site / "assets" / "build" / "ludothek.more.zip") as archive:
        later_bytes = sum(archive.getinfo(f"{name}.pyc").file_size for name in later)
    assert later_bytes > 150_000


def test_an_import_inside_a_function_counts(app_tree):
    root = app_tree(
        {
            "ludothek/a.py": "import json\n\ndef later():\n    import csv\n    from email import message\n",
            "ludothek/__main__.py": "import argparse\n",
            "main.py": "import random\n",
        }
    )
    found = set(build.app_standard_imports(root))
    assert {("json", None), ("csv", None), ("email", "message"), ("random", None)} <= found
    assert ("argparse", None) not in found, "the command line never runs in the page"
    # PyScript's own Python is scanned too (its events module imports inspect).
    assert ("inspect", None) in found


def test_the_zip_is_bytecode_stored_and_from_pyodides_python(site):
    stdlib = shipped(site)
    with zipfile.ZipFile(stdlib) as archive:
        entries = [entry for entry in archive.infolist() if not entry.is_dir()]
        data = {entry.filename: archive.read(entry) for entry in entries}
    assert entries and {entry.compress_type for entry in entries} == {zipfile.ZIP_STORED}
    compiled = [name for name in data if name.endswith(".pyc")]
    assert not [name for name in data if name.endswith(".py")], "no sources: the page compiles nothing"
    assert set(data) - set(compiled) <= {"pyodide/py.typed", "_pyodide/py.typed"}
    # The magic number of the page's Python: the package's bytecode comes from the same compiler
    # (Pyodide in Node), the host's Python (the tests') may be another version.
    with zipfile.ZipFile(site / "assets" / "build" / "ludothek.zip") as package:
        magic = package.read(next(name for name in package.namelist() if name.endswith(".pyc")))[:4]
    assert {data[name][:4] for name in compiled} == {magic}
    # Hash-based and unchecked (flags 0b01): a zip keeps no timestamps to compare.
    assert {int.from_bytes(data[name][4:8], "little") for name in compiled} == {1}
    assert re.fullmatch(r"python_stdlib\.[0-9a-f]{16}\.zip", stdlib.name)
    assert stdlib.name.split(".")[1] == build.file_hash(stdlib)
    # Far smaller on the wire than Pyodide's (2.5 MB with Brotli): the HTTP layer compresses it.
    assert stdlib.with_name(stdlib.name + ".br").stat().st_size < 1.4e6


def test_pyodides_own_packages_stay_whole_and_the_big_unused_ones_stay_out(site):
    present = modules_in(shipped(site), ".pyc")
    pyodide_modules = modules_in(build.STDLIB_SOURCE, ".py")
    for package in build.STDLIB_WHOLE:
        assert {name for name in pyodide_modules if name == package or name.startswith(package + ".")} <= present, package
    # What Pyodide's start and the package's unpacking need (zipfile reads names as cp437).
    for needed in ("encodings", "encodings.utf_8", "encodings.cp437", "asyncio", "zipfile", "json"):
        assert needed in present, needed
    for unused in ("unittest", "email", "xml", "pydoc", "tkinter", "sqlite3", "multiprocessing", "argparse", "tarfile"):
        assert not {name for name in present if name == unused or name.startswith(unused + ".")}, unused
    assert len(present) < len(pyodide_modules) / 2


def test_the_start_module_passes_the_zip_and_the_snapshot_is_made_with_it(site):
    start = (site / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text()
    found = re.findall(r"^const STDLIB = (.*);  // written by scripts/build.py$", start, re.M)
    assert len(found) == 1
    url = json.loads(found[0])
    assert (site / "assets" / "vendor" / "pyodide" / url).resolve() == shipped(site).resolve()
    assert "stdLibURL" in start
    # Precached with the rest (all or nothing: offline play needs it).
    manifest = json.loads((site / "assets" / "build" / "precache.js").read_text().split("=", 1)[1].rsplit(";", 1)[0])
    assert "./assets/build/" + shipped(site).name in manifest["files"]


# Run by Pyodide in Node from the shipped zip: a traceback through the standard library and the
# positions of one of its functions.
POSITIONS = """
import { loadPyodide } from "pyodide";
const py = await loadPyodide({ stdLibURL: process.argv[1] });
console.log(py.runPython(`
import json, traceback
try:
    json.loads("{")
except ValueError:
    text = traceback.format_exc()
positions = list(json.decoder.JSONDecoder.raw_decode.__code__.co_positions())
json.dumps({"traceback": text, "positions": positions})
`));
"""


def test_the_bytecode_keeps_line_numbers_without_columns(site):
    """Compiled with PYTHONNODEBUGRANGES (scripts/compile_bytecode.mjs): each instruction has its
    line and no columns (a quarter of the bytes after Brotli; the columns only point into source
    lines the site does not ship), and a traceback through the shipped modules still formats, with
    the line of each frame."""
    import subprocess

    found = subprocess.run(
        ["node", "--input-type=module", "-e", POSITIONS, str(shipped(site))], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True
    )
    result = json.loads(found.stdout.strip().splitlines()[-1])
    assert re.search(r'File "[^"]*json/decoder\.py", line \d+, in raw_decode', result["traceback"]), result["traceback"]
    assert "JSONDecodeError" in result["traceback"]
    positions = result["positions"]
    assert positions and all(isinstance(line, int) for line, _end, _start, _stop in positions if line is not None)
    assert any(line is not None for line, *_ in positions)
    assert all(start is None and stop is None for _line, _end, start, stop in positions), positions[:5]
