"""The published site (dist/): exactly the files the app needs, each compressed copy the same
bytes as its file, and nothing of the repository that a static host must not serve."""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import pytest

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)

ROOT = Path(__file__).resolve().parent.parent

DIST = build.DIST


@pytest.fixture(scope="module")
def site() -> Path:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("the runtime is not installed: run scripts/setup (scripts/test does it)")
    build.main()
    return DIST


def published(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.suffix not in (".gz", ".br")}


def test_the_site_is_the_precache_list_plus_the_worker(site):
    text = (site / "assets" / "build" / "precache.js").read_text()
    listed = {path.removeprefix("./") for path in json.loads(text.split("=", 1)[1].rsplit(";", 1)[0])["files"]}
    assert published(site) == listed | {"sw.js", "assets/build/precache.js"}


def test_nothing_of_the_repository_is_published(site):
    files = published(site)
    for private in (".git", "tests/", "node_modules/", "scripts/", "bench/", "docs/", ".venv/", ".ci/"):
        assert not any(f.startswith(private) or f"/{private}" in f for f in files), private
    assert not any(f.startswith("py/ludothek") for f in files)  # the package ships zipped
    assert {"index.html", "pyscript.toml", "sw.js", "py/main.py", "assets/build/ludothek.zip"} <= files


def test_compressed_copies_hold_the_same_bytes(site):
    copies = sorted(site.rglob("*.gz"))
    assert site / "assets" / "vendor" / "pyodide" / "pyodide.asm.wasm.gz" in copies
    for copy in copies:
        original = copy.with_name(copy.name.removesuffix(".gz"))
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
        assert copy.stat().st_size < original.stat().st_size


def test_brotli_copies_hold_the_same_bytes(site):
    copies = sorted(site.rglob("*.br"))
    assert copies, "node builds the Brotli copies"
    check = "const z=require('zlib'),fs=require('fs');for(const p of process.argv.slice(1)){" \
            "if(!z.brotliDecompressSync(fs.readFileSync(p)).equals(fs.readFileSync(p.slice(0,-3)))){console.log(p);process.exit(1)}}"
    result = subprocess.run(["node", "-e", check, *map(str, copies)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_a_rebuild_drops_files_that_left_the_site(site):
    stale = site / "assets" / "vendor" / "pyscript" / "old-chunk-1234.js"
    stale.write_text("// from an earlier version")
    build.write_dist()
    assert not stale.exists()
