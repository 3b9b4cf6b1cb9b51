"""The package's zip unpacked in JavaScript (scripts/stored_zip.mjs): Python's worker writes a zip of
stored files into Pyodide's file system itself, instead of Pyodide's unpackArchive (Python's
zipfile and shutil, on every start). Each case is unpacked both ways with the real runtime, in Node,
and the two file trees must be the same; a zip the reader does not take (compressed, damaged,
truncated) must go to Pyodide's own unpacking, which reports it as it always has."""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)

ROOT = Path(__file__).resolve().parent.parent

# For each zip: what the reader makes of it, and each way's file tree under a folder of its own
# (path -> the file's bytes as hex, or null for a folder), or the error it raised.
BOTH_WAYS = r"""
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import { storedZipEntries, unpackingStoredZips } from "./scripts/stored_zip.mjs";

const zips = process.argv.slice(1);
const py = await loadPyodide();
const ownUnpack = py.unpackArchive;
let ownCalls = 0;
py.unpackArchive = function (...args) { ownCalls++; return ownUnpack.apply(this, args); };
const own = { unpackArchive: ownUnpack, FS: py.FS, _module: py._module };
const ours = unpackingStoredZips({ unpackArchive: py.unpackArchive, FS: py.FS, _module: py._module });

function tree(folder) {
  py.globals.set("folder", folder);
  return JSON.parse(py.runPython(`
import json, os
found = {}
for top, dirs, files in os.walk(folder):
    for name in dirs:
        found[os.path.relpath(os.path.join(top, name), folder)] = None
    for name in files:
        with open(os.path.join(top, name), "rb") as handle:
            found[os.path.relpath(os.path.join(top, name), folder)] = handle.read().hex()
json.dumps(found)
`));
}

function attempt(unpacker, bytes, folder) {
  try {
    unpacker.unpackArchive(bytes, "zip", { extractDir: folder });
    return { tree: tree(folder) };
  } catch (error) {
    return { error: String(error && error.message || error).split("\n").filter(Boolean).pop() };
  }
}

const results = [];
zips.forEach((file, i) => {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const entries = storedZipEntries(bytes);
  const before = ownCalls;
  const viaOurs = attempt(ours, bytes, `/tmp/ours/${i}`);
  const fellBack = ownCalls > before;
  const viaOwn = attempt(own, bytes, `/tmp/own/${i}`);
  results.push({ read: entries ? entries.map(([name, data]) => [name, data.length]) : null, fellBack, ours: viaOurs, own: viaOwn });
});
// A relative folder is the working directory's, as for Pyodide's own.
py.FS.mkdirTree("/tmp/cwd"); py.FS.chdir("/tmp/cwd");
ours.unpackArchive(new Uint8Array(fs.readFileSync(zips[0])), "zip", { extractDir: "./" });
results.push({ cwd: tree("/tmp/cwd") });
console.log(JSON.stringify(results));
"""


def same_apart_from_temporary_names(one: dict, other: dict) -> bool:
    def plain(result: dict) -> str:
        return re.sub(r"/tmp/tmp\w+", "<a temporary file>", json.dumps(result, sort_keys=True))

    return plain(one) == plain(other)


def stored_zip(path: Path, items: list[tuple[str, bytes]], compression: int = zipfile.ZIP_STORED) -> Path:
    with zipfile.ZipFile(path, "w", compression=compression) as archive:
        for name, data in items:
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, compress_type=compression)
    return path


ITEMS = [
    ("ludothek/", b""),
    ("ludothek/__init__.pyc", bytes(range(256)) * 4),
    ("ludothek/rules/fenn.de.md", "# Fenn\n\nRegeln für alle, Größe ½\n".encode()),
    ("ludothek/i18n/de.mo", b"\x00" * 100),
    ("ludothek/data/leer.txt", b""),
    ("ludothek/data/", b""),
    ("größen/ä.txt", "ä".encode()),
    ("a/./b.txt", b"dot"),
    ("../outside.txt", b"never written"),
    ("/absolute.txt", b"never written"),
]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory) -> list[dict]:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("the runtime is not installed: run scripts/setup (scripts/test does it)")
    folder = tmp_path_factory.mktemp("zips")
    stored = stored_zip(folder / "stored.zip", ITEMS)
    deflated = stored_zip(folder / "deflated.zip", ITEMS, zipfile.ZIP_DEFLATED)
    damaged = folder / "damaged.zip"
    data = bytearray(stored.read_bytes())
    at = bytes(data).index(b"Regeln")
    data[at] ^= 0x20  # one byte of one file: its CRC-32 no longer matches
    damaged.write_bytes(bytes(data))
    truncated = folder / "truncated.zip"
    truncated.write_bytes(stored.read_bytes()[:-30])
    build.main()
    first = build.DIST / "assets" / "build" / "ludothek.zip"
    run = subprocess.run(
        ["node", "--input-type=module", "-e", BOTH_WAYS, str(stored), str(deflated), str(damaged), str(truncated), str(first)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_zip_of_stored_files_is_written_here_as_pyodide_would_write_it(unpacked):
    stored = unpacked[0]
    assert stored["read"] is not None and not stored["fellBack"]
    assert "tree" in stored["ours"], stored["ours"]
    assert stored["ours"] == stored["own"]
    tree = stored["ours"]["tree"]
    assert bytes.fromhex(tree["ludothek/rules/fenn.de.md"]).decode() == "# Fenn\n\nRegeln für alle, Größe ½\n"
    assert tree["ludothek/data/leer.txt"] == "" and tree["ludothek/data"] is None
    assert bytes.fromhex(tree["größen/ä.txt"]).decode() == "ä"
    assert tree["a/b.txt"] == b"dot".hex()
    # Names Python's shutil leaves out are left out (nothing outside the folder, nothing absolute).
    assert not any("outside" in path or "absolute" in path for path in tree)


def test_the_site_s_own_first_zip_is_read_here(unpacked):
    first = unpacked[4]
    assert first["read"] is not None and not first["fellBack"]
    assert first["ours"] == first["own"]
    assert any(path.endswith(".pyc") for path in first["ours"]["tree"])
    with zipfile.ZipFile(build.DIST / "assets" / "build" / "ludothek.zip") as archive:
        assert [[info.filename, info.file_size] for info in archive.infolist()] == first["read"]


@pytest.mark.parametrize("case, index", [("compressed", 1), ("damaged", 2), ("truncated", 3)])
def test_any_other_zip_goes_to_pyodides_own_unpacking(unpacked, case, index):
    result = unpacked[index]
    assert result["read"] is None
    assert result["fellBack"]
    # (Pyodide unpacks from a temporary file of its own: its name differs from one call to the next.)
    assert same_apart_from_temporary_names(result["ours"], result["own"])
    if case == "compressed":
        assert "tree" in result["ours"]
    else:
        # A damaged zip is refused as Pyodide refuses it: an error, never a half-written package.
        assert "error" in result["ours"], result["ours"]


def test_a_relative_folder_is_the_working_directory(unpacked):
    assert unpacked[5]["cwd"] == unpacked[0]["ours"]["tree"]


def test_the_start_module_carries_the_reader_and_make_snapshot_shares_it():
    build.main()
    start = (build.DIST / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text(encoding="utf-8")
    assert "function unpackingStoredZips(" in start and "function storedZipEntries(" in start
    assert 'from "./stored_zip.mjs"' not in start
    assert "return unpackingStoredZips(pyodide);" in start
    assert 'from "./stored_zip.mjs"' in (ROOT / "scripts" / "make_snapshot.mjs").read_text(encoding="utf-8")
