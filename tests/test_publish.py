"""The published site (dist/): exactly the files the app needs, each compressed copy the same
bytes as its file, and nothing of the repository that a static host must not serve."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from pathlib import Path

import pytest

import build  # scripts/build.py (pytest.ini puts scripts/ on the path)
from ludothek import package_files

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


def precache_manifest(site: Path) -> dict:
    text = (site / "assets" / "build" / "precache.js").read_text()
    return json.loads(text.split("=", 1)[1].rsplit(";", 1)[0])


def test_the_site_is_the_precache_list_plus_the_worker(site):
    manifest = precache_manifest(site)
    listed = {path.removeprefix("./") for path in manifest["files"]}
    # PyScript's chunks that no start loads are published (cached by the worker if ever fetched).
    lazy = {path.removeprefix("./") for path in manifest["lazy"]}
    optional = {path.removeprefix("./") for path in manifest["optional"]}
    assert not listed & lazy and not listed & optional
    assert optional and all(path.startswith("assets/build/snapshot.") for path in optional)
    assert all(path.startswith("assets/vendor/pyscript/") for path in lazy)
    assert published(site) == listed | lazy | optional | {"sw.js", "assets/build/precache.js"}


def test_the_home_screens_pictures_are_precached_and_their_record_is_not_published(site):
    """The home shows its game pictures offline (assets/thumbs/<game>.webp, in the worker's list);
    what they were drawn from (assets/thumbs/manifest.json, for scripts/thumbnails.py and the
    tests) is not part of the site."""
    listed = precache_manifest(site)["files"]
    pictures = sorted((ROOT / "assets" / "thumbs").glob("*.webp"))
    assert pictures
    for picture in pictures:
        name = picture.relative_to(ROOT).as_posix()
        assert "./" + name in listed and (site / name).read_bytes() == picture.read_bytes(), name
    assert "assets/thumbs/manifest.json" not in published(site)


def test_the_worker_precaches_no_editor_terminal_or_toml_chunk(site):
    listed = precache_manifest(site)["files"]
    for unused in ("codemirror", "xterm", "toml", "zip-"):
        assert not [path for path in listed if f"/pyscript/{unused}" in path], unused
    assert "./assets/vendor/pyscript/core.js" in listed and "./assets/vendor/pyodide/pyodide.asm.wasm" in listed


def test_pyscripts_page_configuration_switches_off_every_plugin_but_its_error_plugin(site):
    # boot.js puts it in as <py-config> and <mpy-config> before it imports core.js; the page
    # carries neither element itself (the core may be evaluated before the page is parsed).
    assert set(build.page_plugins()) == {"!py-editor", "!py-game", "!py-terminal", "!donkey", "!deprecations-manager"}
    import re

    page = re.sub(r"<!--.*?-->", "", (site / "index.html").read_text(), flags=re.DOTALL)
    assert not re.search(r"<m?py-config", page)
    assert len(re.findall(r"data-page-config='", page)) == 1


def page_attribute(site: Path, pattern: str):
    import html
    import re

    found = re.findall(pattern, (site / "index.html").read_text())
    assert len(found) == 1, pattern
    return json.loads(html.unescape(found[0]))


def test_the_page_carries_pyscript_toml_as_json(site):
    import tomllib

    config = page_attribute(site, r'<script src="\./assets/boot\.js"[^>]* data-config="([^"]+)"')
    assert config == tomllib.loads((ROOT / "pyscript.toml").read_text())
    # Our start module beside Pyodide's (PyScript takes Pyodide's folder from the interpreter's URL).
    assert config["interpreter"] == "./assets/vendor/pyodide/ludothek.mjs"
    # Python's worker reaches the page only through the functions the page gives it.
    assert config["sync_main_only"] is True


def worker_early_files(site: Path) -> list[list[str]]:
    """The files our start module asks for as it is evaluated in Python's worker (its EARLY line),
    as paths on the site."""
    import posixpath
    import re

    module = site / "assets" / "vendor" / "pyodide" / "ludothek.mjs"
    found = re.findall(r"^const EARLY = (.*?);  // written by scripts/build.py$", module.read_text(), flags=re.M)
    assert len(found) == 1
    return [["./" + posixpath.normpath(posixpath.join("assets/vendor/pyodide", url)), how] for url, how in json.loads(found[0])]


def test_every_file_the_start_asks_for_early_is_precached(site):
    listed = precache_manifest(site)["files"]
    # The page: PyScript's chunks, which start the worker, and main.py, which PyScript reads on
    # the page and hands to the worker.
    preloads = page_attribute(site, r'<script src="\./assets/boot\.js" data-preload="([^"]+)"')
    assert [url for url, how in preloads if how == "fetch"] == ["./py/main.py"]
    assert all(how == "module" for url, how in preloads if url != "./py/main.py")
    # The worker: the runtime's WebAssembly and the site's own standard library at once (not
    # Pyodide's: tests/test_stdlib.py), the package once those have arrived.
    early = worker_early_files(site)
    assert {url.rsplit("/", 1)[1]: how for url, how in early} == {
        "pyodide.asm.wasm": "fetch",
        build_stdlib(site).name: "fetch",
        "ludothek.zip": "later",
    }
    for url, how in preloads + early:
        assert url in listed, url
    assert 'data-main="./py/main.py"' in (site / "index.html").read_text()


def test_pythons_worker_is_the_prelude_and_pyscripts_own_worker_code_precached(site):
    """The file boot.js makes Python's worker from (data-worker on its tag): scripts/python_worker.js,
    then the worker code PyScript's core would start from a Blob, byte for byte but for its imports of
    the core's chunks, which point to the same files from the file's own folder."""
    page = (site / "index.html").read_text(encoding="utf-8")
    (address,) = re.findall(r'<script src="\./assets/boot\.js"[^>]* data-worker="([^"]+)"', page)
    assert re.fullmatch(r"\./assets/build/python-worker\.[0-9a-f]{16}\.js", address), address
    worker = site / address.removeprefix("./")
    text = worker.read_text(encoding="utf-8")
    prelude = (ROOT / "scripts" / "python_worker.js").read_text(encoding="utf-8")
    assert text.startswith(prelude + "/*@*/")
    core = build.pyscript_worker_chunk().read_text(encoding="utf-8")
    imports = re.findall(r'import\("\.\./vendor/pyscript/([\w.-]+\.js)"\)', text)
    assert imports, "PyScript's worker code imports its TOML parser and zip reader on demand"
    for name in imports:
        assert (worker.parent / "../vendor/pyscript" / name).resolve().is_file(), name
        assert f'import("./{name}")' in core, name
    # The code behind the prelude is the core's string: a stretch of it, unescaped, is in the chunk.
    code = text.removeprefix(prelude + "/*@*/")
    assert code.startswith("const{assign:e}=Object") and code[:200] in core
    assert "./" + worker.relative_to(site).as_posix() in precache_manifest(site)["files"]


def test_pyodide_starts_with_a_lock_of_no_packages_carried_by_the_start_module(site):
    """The app loads no package: Pyodide's lock file (the index of its 357) is not published, and
    the start module passes one with Pyodide's own info (its ABI, which Pyodide checks) and none."""
    assert not any(path.endswith("pyodide-lock.json") for path in published(site))
    module = (site / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text()
    (line,) = [line for line in module.splitlines() if line.startswith("const LOCK = ")]
    lock = json.loads(json.loads(line.removeprefix("const LOCK = ").split(";  //")[0]))
    pyodide_lock = json.loads((build.NODE / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": pyodide_lock["info"], "packages": {}}
    assert "lockFileContents = LOCK" in module


def build_stdlib(site: Path) -> Path:
    found = sorted((site / "assets" / "build").glob("python_stdlib.*.zip"))
    assert len(found) == 1, "one standard library, the old ones gone"
    return found[0]


def test_nothing_of_the_repository_is_published(site):
    files = published(site)
    for private in (".git", "tests/", "node_modules/", "scripts/", "bench/", "docs/", ".venv/", ".ci/"):
        assert not any(f.startswith(private) or f"/{private}" in f for f in files), private
    assert not any(f.startswith("py/ludothek") for f in files)  # the package ships zipped
    assert {"index.html", "sw.js", "py/main.py", "assets/build/ludothek.zip"} <= files
    # The configuration goes out inside index.html (see test_the_page_carries_pyscript_toml_as_json).
    assert "pyscript.toml" not in files
    # Pyodide's full standard library is not needed: the site ships its own.
    assert "assets/vendor/pyodide/python_stdlib.zip" not in files


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
    check = (
        "const z=require('zlib'),fs=require('fs');for(const p of process.argv.slice(1)){"
        "if(!z.brotliDecompressSync(fs.readFileSync(p)).equals(fs.readFileSync(p.slice(0,-3)))){console.log(p);process.exit(1)}}"
    )
    result = subprocess.run(["node", "-e", check, *map(str, copies)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_the_package_is_stored_and_sent_compressed_as_a_whole(site):
    """Per-file deflate cannot share words between files and costs the page an inflate per file:
    the archive is stored, and its Brotli copy is far smaller than the stored bytes."""
    import zipfile

    package = site / "assets" / "build" / "ludothek.zip"
    with zipfile.ZipFile(package) as archive:
        entries = archive.infolist()
    assert entries and {entry.compress_type for entry in entries} == {zipfile.ZIP_STORED}
    names = {entry.filename for entry in entries}
    assert "ludothek/locale/de/LC_MESSAGES/ludothek.json" in names
    assert not any(name.endswith(".po") for name in names), "the page reads the compiled catalogs"
    assert (package.with_name("ludothek.zip.br")).stat().st_size < package.stat().st_size / 2


def test_the_package_comes_in_two_zips_the_first_screen_and_the_rest(site):
    """The first zip holds every module importing py/main.py runs (the page waits for it) and the
    catalogs, the second every other module (fetched once the first screen is live) and the files
    the package reads only later (package_files.LATER_FILES: rules, stylesheets, puzzles, Fenn's
    table); together the whole package, each file once."""
    import zipfile

    def names(path: Path) -> set[str]:
        with zipfile.ZipFile(path) as archive:
            return {name for name in archive.namelist() if not name.endswith("/")}

    start, more, whole = names(site / "assets" / "build" / "ludothek.zip"), names(site / "assets" / "build" / "ludothek.more.zip"), names(build.PACKAGE_ZIP)
    # Beside the package, the second holds the standard modules only a function imports (its top
    # level: they unpack beside the package; tests/test_stdlib.py checks which they are).
    later_stdlib = {name for name in more if "/" not in name}
    assert later_stdlib and all(name.endswith(".pyc") and not name.startswith("ludothek") for name in later_stdlib)
    more -= later_stdlib
    assert start | more == whole and not start & more
    assert {"ludothek/web/more_modules.pyc", "ludothek/web/dom.pyc", "ludothek/web/app.pyc", "ludothek/__init__.pyc"} <= start
    assert {"ludothek/games/fenn.pyc", "ludothek/render/fenn.pyc", "ludothek/ai/fenn.pyc", "ludothek/games/mops_editing.pyc"} <= more
    later = tuple("ludothek/" + folder for folder in package_files.LATER_FILES)
    assert {name for name in more if not name.endswith(".pyc")} == {name for name in whole if name.startswith(later)}
    assert {"ludothek/rules/fenn.de.md", "ludothek/render/styles/app.css", "ludothek/data/puzzles.json", "ludothek/ai/data/fenn_table.bin"} <= more
    assert "ludothek/locale/de/LC_MESSAGES/ludothek.json" in start
    # The diagram editor, the review and the puzzles come with their screens, not with the app.
    # So does play by link: the home screen imports it only where the device holds games by link.
    for screen in (
        "web/editor_screen",
        "render/editor",
        "games/editing",
        "web/review",
        "ai/review",
        "render/review",
        "web/puzzles",
        "render/puzzles",
        "web/remote_screen",
        "remote/protocol",
        "render/remote",
    ):
        assert f"ludothek/{screen}.pyc" in more, screen
    # Worth it: the first is about half of the whole on the wire.
    assert (site / "assets" / "build" / "ludothek.zip.br").stat().st_size < 0.65 * sum(
        (site / "assets" / "build" / name).stat().st_size for name in ("ludothek.zip.br", "ludothek.more.zip.br")
    )
    # The start module tells Python where the second is (relative to itself).
    assert 'const MORE = "../../build/ludothek.more.zip";' in (site / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text()


def test_the_first_screens_modules_are_what_importing_main_runs():
    first = build.first_screen_modules()
    assert {"ludothek", "ludothek.web", "ludothek.web.more_modules", "ludothek.web.dom", "ludothek.web.app", "ludothek.games.base"} <= first
    # Imported inside functions (when a screen asks) or under TYPE_CHECKING: not before the first screen.
    assert not {"ludothek.games.fenn", "ludothek.ai.momentum", "ludothek.render.mops_board", "ludothek.games.momox_editing"} & first


def test_a_rebuild_compresses_again_a_file_whose_compressed_copies_are_gone(site):
    page = site / "index.html"
    for ext in (".gz", ".br"):
        page.with_name(page.name + ext).unlink()
    build.write_dist()
    assert gzip.decompress(page.with_name("index.html.gz").read_bytes()) == page.read_bytes()
    assert page.with_name("index.html.br").exists()


def test_a_rebuild_drops_files_that_left_the_site(site):
    stale = site / "assets" / "vendor" / "pyscript" / "old-chunk-1234.js"
    stale.write_text("// from an earlier version")
    build.write_dist()
    assert not stale.exists()


def start_module_settings(site: Path) -> dict:
    import re

    text = (site / "assets" / "vendor" / "pyodide" / "ludothek.mjs").read_text()
    found = re.findall(r"^const SNAPSHOT = (.*);  // written by scripts/build.py$", text, re.M)
    assert len(found) == 1
    return json.loads(found[0])


def test_the_memory_snapshot_is_named_by_hash_checked_by_hash_precached_and_compressed(site):
    import hashlib
    import re

    snapshots = sorted((site / "assets" / "build").glob("snapshot.*.bin"))
    assert len(snapshots) == 1, "one snapshot, the old ones gone"
    snapshot = snapshots[0]
    assert re.fullmatch(r"snapshot\.[0-9a-f]{16}\.bin", snapshot.name)
    settings = start_module_settings(site)
    assert settings["url"] == "../../build/" + snapshot.name
    assert settings["sha256"] == hashlib.sha256(snapshot.read_bytes()).hexdigest()
    # Precached where the browser gives the room (not all or nothing: offline play never hangs on it).
    assert "./assets/build/" + snapshot.name in precache_manifest(site)["optional"]
    assert "./assets/vendor/pyodide/ludothek.mjs" in precache_manifest(site)["files"]
    packed = snapshot.read_bytes()
    memory = build.unpack_snapshot(packed)
    assert len(packed) < 0.7 * len(memory), "the zero blocks are left out"
    for suffix in (".gz", ".br"):
        assert snapshot.with_name(snapshot.name + suffix).stat().st_size < len(memory) / 4
    # Pyodide 314.0.7 restores no snapshot larger than the memory it starts with (30 MiB).
    assert len(memory) <= 30 * 2**20 + 4096


def test_a_packed_snapshot_unpacks_to_the_same_bytes():
    block = build.SNAPSHOT_BLOCK
    raw = bytes(range(256)) * 20 + bytes(3 * block) + b"\x01" + bytes(block - 1) + b"end"
    packed = build.pack_snapshot(raw)
    assert build.unpack_snapshot(packed) == raw
    assert len(packed) == len(raw) - 2 * block + 28 + 4 * 4 + 32, "the two all-zero blocks are not in the file"
    assert build.unpack_snapshot(build.pack_snapshot(bytes(10))) == bytes(10)
    with pytest.raises(ValueError):
        build.unpack_snapshot(packed[:-1])
    with pytest.raises(ValueError):
        build.unpack_snapshot(b"PYODIDE!" + packed[8:])


def test_the_blocks_the_runtime_holds_already_are_left_out_and_taken_from_its_memory():
    import struct

    block = build.SNAPSHOT_BLOCK
    header = struct.pack("<II", 0x706E7300, block) + bytes(block - 8)  # the memory starts at byte 4's number
    data, changed = b"\x07" * (2 * block), bytes(range(256)) * 16
    memory = data + changed + bytes(block) + b"\x09" * block + b"tail"
    # What the restore finds in memory: the runtime's data, before the imports changed some of it
    # and wrote more.
    runtime = data + changed[:100] + bytes(10) + changed[110:] + bytes(2 * block + 4)
    raw = header + memory
    packed = build.pack_snapshot(raw, runtime)
    assert build.unpack_snapshot(packed, runtime) == raw
    assert len(packed) == len(build.pack_snapshot(raw)) - 2 * block, "the two blocks of the runtime's data are not in the file"
    without = build.unpack_snapshot(packed)
    assert without[block : 3 * block] == bytes(2 * block) and without[3 * block :] == raw[3 * block :]
    # Another runtime (one byte) is refused, never restored.
    other = bytearray(runtime)
    other[block] ^= 1
    with pytest.raises(ValueError):
        build.unpack_snapshot(packed, bytes(other))


def test_the_snapshot_name_changes_with_the_package(site, tmp_path, monkeypatch):
    snapshot = next((site / "assets" / "build").glob("snapshot.*.bin"))
    made = []
    monkeypatch.setattr(build, "BUILD", tmp_path / "build")
    monkeypatch.setattr(build.subprocess, "run", lambda command, **kwargs: made.append(command) or Path(command[5]).write_bytes(b"made"))
    monkeypatch.setattr(build, "ROOT", tmp_path)  # its own cache folder
    (tmp_path / "build").mkdir()
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "make_snapshot.mjs").write_text((ROOT / "scripts" / "make_snapshot.mjs").read_text())
    monkeypatch.setattr(build, "snapshot_modules", lambda: ["ludothek"])
    monkeypatch.setattr(build, "snapshot_standard_modules", lambda: ["json"])
    package = tmp_path / "ludothek.zip"
    package.write_bytes(b"one")
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"modules")
    first = build.make_snapshot(package, stdlib)
    package.write_bytes(b"two")
    second = build.make_snapshot(package, stdlib)
    # A snapshot is made with the standard library it is restored with: another zip, another name.
    stdlib.write_bytes(b"other modules")
    third = build.make_snapshot(package, stdlib)
    assert len({first.name, second.name, third.name, snapshot.name}) == 4
    assert not first.exists() and not second.exists() and build.unpack_snapshot(third.read_bytes()) == b"made", "the old snapshot goes"
    assert len(made) == 3 and made[-1][3] == str(stdlib)
    # ... and with the lock file it starts with (no packages: runtime_lock).
    assert made[-1][4] == build.runtime_lock() and json.loads(made[-1][4])["packages"] == {}


def test_the_snapshot_imports_only_modules_whose_import_never_touches_the_browser():
    modules = build.snapshot_modules()
    for engine in ("ludothek.games.momentum", "ludothek.ai.mops", "ludothek.render.screens", "ludothek.i18n", "ludothek.web.session", "ludothek.web.saves"):
        assert engine in modules, engine
    # search_runner and files ask js for the timer and the JSON parser only in a function, which
    # runs in the page after the restore: they go in, and so do the app and its screens, which
    # import them; dom and more_modules import js as they are imported: they stay out.
    for screen in ("ludothek.web.app", "ludothek.web.search_runner", "ludothek.web.files", "ludothek.web.home_screen", "ludothek.web.router"):
        assert screen in modules, screen
    for browser in ("ludothek.web.dom", "ludothek.web.more_modules", "ludothek.render.__main__"):
        assert browser not in modules, browser
    at_import = build.package_imports(ROOT / "py", at_import_only=True)
    for name in modules:
        assert not {other for other in at_import[name] if other.split(".")[0] in build.BROWSER_MODULES}, name


def test_the_snapshot_holds_the_standard_modules_the_browser_side_imports():
    standard = build.snapshot_standard_modules()
    # ludothek.web.links reads addresses with urllib.parse: 0.1 s of the page's first import.
    assert "urllib.parse" in standard and "json" in standard
    assert not [name for name in standard if name.split(".")[0] in ("js", "pyodide", "pyscript", "pyodide_js", "ludothek")]
    # Only the command line's entry point imports argparse: it never runs in the page.
    assert "argparse" not in standard


def test_a_module_whose_import_imports_the_browser_through_another_stays_out(app_tree):
    root = app_tree(
        {
            "ludothek/a.py": "from . import b\n",
            "ludothek/b.py": "try:\n    import js\nexcept ImportError:\n    js = None\n",
            "ludothek/c.py": "from .a import thing\n",
            "ludothek/d.py": "import json\n",
            # Only when called: e's import holds nothing of the browser, nor does f's, which imports it.
            "ludothek/e.py": "def later():\n    import js\n    return js\n",
            "ludothek/f.py": "from .e import later\n",
            # Under TYPE_CHECKING, or in a class's method: never run by the import either.
            "ludothek/g.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pyodide\nclass G:\n    def m(self):\n        from pyscript import window\n",
            # In a class's body: run by the import.
            "ludothek/h.py": "class H:\n    import js\n",
        }
    )
    assert build.snapshot_modules(root) == ["ludothek", "ludothek.d", "ludothek.e", "ludothek.f", "ludothek.g"]


def test_the_rules_rendered_ahead_of_time_are_what_the_app_draws_and_are_precached(site):
    """boot.js shows assets/build/rules.<game>.<lang>.html for #/rules/<game> before Python, and the
    app keeps it as it is (web/rules_screen.py): it must be the app's own rules screen, never stale.
    The documents rules/<game>.<lang>.html carry the same page with the app's links into the app."""
    import re

    from ludothek.i18n import LANGUAGES, set_language
    from ludothek.render import get_view
    from ludothek.render.rules import rules_screen_html
    from ludothek.render.screens import language_switch_html
    from ludothek.render.static import rules_games

    listed = precache_manifest(site)["files"]
    games = rules_games()
    assert games == ["momentum", "nummerus", "fenn", "mops", "momox"]
    try:
        for code in LANGUAGES:
            set_language(code)
            for game_id in games:
                screen = rules_screen_html(get_view(game_id))
                fragment = f"assets/build/rules.{game_id}.{code}.html"
                switch = f'<template id="static-lang-switch">{language_switch_html()}</template>'
                assert (site / fragment).read_text(encoding="utf-8") == screen + switch, fragment
                document = (site / "rules" / f"{game_id}.{code}.html").read_text(encoding="utf-8")
                assert re.sub(r'href="#/', 'href="../index.html#/', screen) in document
                assert f'<html lang="{code}">' in document and '<link rel="stylesheet" href="../assets/app.css"/>' in document
                assert f'href="../index.html#/setup/{game_id}"' in document and "<script" not in document
                for path in (fragment, f"rules/{game_id}.{code}.html"):
                    assert f"./{path}" in listed, path
                    assert listed[f"./{path}"] == build.file_hash(site / path)
    finally:
        set_language("en")
    # A reader without JavaScript, or a search engine, finds every document from the page.
    page = (site / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'<a href="\./(rules/[a-z]+\.[a-z]+\.html)"', page.split("<noscript>", 1)[1].split("</noscript>", 1)[0])
    assert sorted(linked) == sorted(f"rules/{g}.{c}.html" for g in games for c in LANGUAGES)


def test_the_worker_answers_a_navigation_to_a_rules_document_with_it():
    """sw.js answers every navigation with the app's page, except to a rules document it holds."""
    text = (ROOT / "sw.js").read_text()
    assert "function navigationTarget" in text
    check = text.split("function navigationTarget", 1)[1].split("\n}\n", 1)[0]
    script = (
        "var self={registration:{scope:'https://example.org/games/'}};var MANIFEST={files:{'./rules/fenn.de.html':'x','./index.html':'y'}};"
        f"function navigationTarget{check}\n}}\n"
        "for (const u of ['rules/fenn.de.html','rules/fenn.fr.html','','index.html','assets/build/rules.fenn.de.html','rules/fenn.de.html?x=1'])"
        " console.log(navigationTarget(new URL('https://example.org/games/'+u)));"
    )
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["./rules/fenn.de.html", "./index.html", "./index.html", "./index.html", "./index.html", "./rules/fenn.de.html"]


def test_a_zip_is_written_where_its_folder_does_not_exist_yet(tmp_path):
    """A fresh clone has no assets/build/: the build makes it (a clean-clone CI run stopped there)."""
    import zipfile

    target = tmp_path / "not" / "yet" / "ludothek.zip"
    build.write_stored_zip(target, [("ludothek/x.txt", b"x")])
    with zipfile.ZipFile(target) as archive:
        assert archive.read("ludothek/x.txt") == b"x"
    assert not list(target.parent.glob("*.tmp"))
