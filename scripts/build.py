#!/usr/bin/env python3
"""Build the static site's generated parts (everything git ignores under assets/).

    python3 scripts/build.py          # after `npm ci`

1. Vendor the runtime: copy Pyodide and PyScript from node_modules into assets/vendor/ (only the
   files a page needs; versions pinned by package-lock.json).
2. Pack the Python package py/ludothek into assets/build/ludothek.zip (one request instead of
   dozens; PyScript unpacks it into the virtual file system).
2b. Write the standard library the page starts with (assets/build/python_stdlib.<hash>.zip,
   scripts/stdlib.mjs): only the modules Pyodide's start, PyScript's Python and the app import
   (also inside functions, and what those import), compiled by Pyodide's Python and stored; the
   build fails if the package cannot import everything it imports from it. Pyodide's own
   python_stdlib.zip (all 614 modules, as sources) is not part of the site.
3. Join the games' stylesheets (assets/games/*.css) into assets/build/games.css.
3b. Make the Python runtime's memory snapshot (assets/build/snapshot.<hash>.bin, scripts/make_snapshot.mjs:
   Pyodide in Node with the package's pure-Python modules imported, started from that standard
   library) and the module that starts Pyodide with that library and from the snapshot (assets/vendor/pyodide/ludothek.mjs, from scripts/pyodide_start.mjs), which
   pyscript.toml names as its interpreter. Without Node, or if the snapshot cannot be made, that
   module starts Pyodide the normal way.
4. Draw the static pictures that show before Python has loaded (home-screen thumbnails) with the
   same renderer the app uses, and every game's rules page in both languages (the screens boot.js
   shows for #/rules/<game>, and documents of their own at rules/<game>.<lang>.html, linked from
   index.html's <noscript>).
5. Write the page the site serves (assets/build/index.html from index.html): the configuration
   from pyscript.toml written into it as JSON (PyScript then neither fetches the file nor a TOML
   parser), and the list of files the start needs on boot.js's tag, so it can ask for them all at
   once (see "the runtime" in assets/boot.js).
6. Write assets/build/precache.js: every file the app needs with its content hash, for the service
   worker; PyScript's chunks that no screen loads (editor, terminal, game...) are published but
   only cached if ever fetched. Generated from the files themselves, never maintained by hand.
7. Write dist/: exactly the files the published site needs (the precache list, the service worker
   and its list), with precompressed `.gz` and `.br` copies beside the large ones. dist/ is what
   scripts/serve.py serves and what a person uploads to a static host.
"""

from __future__ import annotations

import ast
import fcntl
import gzip
import hashlib
import json
import os
import shutil
import html
import re
import struct
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from import_scan import imported_names  # scripts/: this folder, on the path whenever build runs or is imported

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "assets" / "vendor"
BUILD = ROOT / "assets" / "build"
NODE = ROOT / "node_modules"
DIST = ROOT / "dist"

# Pyodide's python_stdlib.zip is not among them: the site ships its own (make_stdlib). Nor is its
# pyodide-lock.json (120 KB, the index of 357 packages the app never loads): the start module
# passes Pyodide a lock with none (runtime_lock).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_LOCK = NODE / "pyodide" / "pyodide-lock.json"
# Files of the app itself (besides assets/) that the service worker must hold. index.html is
# the built page (assets/build/index.html), which carries pyscript.toml's configuration.
APP_FILES = ("py/main.py",)
PAGE_SOURCE = ROOT / "index.html"
CONFIG_SOURCE = ROOT / "pyscript.toml"
PYSCRIPT = VENDOR / "pyscript"
# Not needed by any screen; kept out of the precache list (tests and build tooling).
PRECACHE_EXCLUDE_SUFFIXES = (".map",)
# Published beside the precached files: the worker itself and its list.
SITE_EXTRA_FILES = ("sw.js", "assets/build/precache.js")
# Not published: the record of what the home screen's pictures (assets/thumbs/*.webp, site files
# like the rest of assets/, so precached: the home shows them offline) were drawn from, which
# scripts/thumbnails.py writes and tests/test_thumbnails.py reads.
SITE_EXCLUDE_FILES = (ROOT / "assets" / "thumbs" / "manifest.json",)
# Text-like files worth sending compressed (zip and images are compressed already).
COMPRESSIBLE_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".toml", ".py", ".wasm", ".webmanifest", ".txt", ".zip", ".bin")
COMPRESS_MIN_BYTES = 1024

sys.path.insert(0, str(ROOT / "py"))


def copy_if_changed(source: Path, target: Path) -> None:
    if target.exists() and target.stat().st_size == source.stat().st_size and target.stat().st_mtime >= source.stat().st_mtime:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def vendor_runtime() -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("node_modules is missing Pyodide or PyScript: run `npm ci` first (scripts/setup does)")
    for name in PYODIDE_FILES:
        copy_if_changed(pyodide / name, VENDOR / "pyodide" / name)
    for dropped in ("python_stdlib.zip", "pyodide-lock.json"):
        (VENDOR / "pyodide" / dropped).unlink(missing_ok=True)  # an earlier build's copy
    wanted = set()
    for source in pyscript.iterdir():
        if source.is_file() and not source.name.endswith(".map"):
            wanted.add(source.name)
            copy_if_changed(source, VENDOR / "pyscript" / source.name)
    # Drop stale chunks of an earlier PyScript version (their names carry content hashes).
    for old in (VENDOR / "pyscript").iterdir():
        if old.name not in wanted:
            old.unlink()
    for package, licence in ((pyodide, "LICENSE"), (NODE / "@pyscript" / "core", "LICENSE")):
        if (package / licence).exists():
            copy_if_changed(package / licence, VENDOR / ("pyodide" if package == pyodide else "pyscript") / "LICENSE")


def runtime_lock() -> str:
    """The lock file the page's Pyodide starts with: Pyodide's own `info` (its ABI, which Pyodide
    checks) and no packages. The app is pure Python and loads no package, so the index of
    Pyodide's packages would only be downloaded and parsed; the start module passes this text as
    `lockFileContents` (no request) and the snapshot is made with it too."""
    info = json.loads(PYODIDE_LOCK.read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"), sort_keys=True)


def compile_bytecode(sources: list[Path], source_root: Path, cache_name: str = "bytecode", optimize: int = 0) -> list[tuple[Path, str]]:
    """Bytecode for the sources from the page's own Python (Pyodide in Node), cached by the
    sources' hash (in .cache/<cache_name>). Without Node or on failure the app still works,
    compiling in the browser (an empty list). `optimize` is py_compile's level; each
    instruction's position is its line, without columns (the site ships no sources to point into)."""
    digest = hashlib.sha256(f"optimize={optimize}\0positions=lines\0".encode())  # (compile_bytecode.mjs: no columns)
    for path in sources:
        digest.update(str(path.relative_to(source_root)).encode() + b"\0" + path.read_bytes() + b"\0")
    cache = ROOT / ".cache" / cache_name  # outside assets/: not part of the site
    stamp = cache / "sources.sha256"
    if not (stamp.exists() and stamp.read_text() == digest.hexdigest()):
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir(parents=True)
        package = cache / "src"
        for path in sources:
            target = package / path.relative_to(source_root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        try:
            subprocess.run(
                ["node", str(ROOT / "scripts" / "compile_bytecode.mjs"), str(package), str(cache / "pyc"), str(optimize)], cwd=ROOT, check=True, timeout=600
            )
        except (OSError, subprocess.SubprocessError) as exc:
            print(f"build: no bytecode ({exc}); the page will compile the sources itself", file=sys.stderr)
            return []
        stamp.write_text(digest.hexdigest())
    pyc_root = cache / "pyc"
    # Shipped sourceless: a module's .pyc where its .py would be (the import system's legacy place).
    found = []
    for path in sorted(pyc_root.rglob("*.pyc")):
        rel = path.relative_to(pyc_root)
        module = rel.name.split(".")[0]
        found.append((path, (rel.parent.parent / f"{module}.pyc").as_posix()))
    return found


# The whole package in one zip: what the standard library's scan reads and the snapshot imports.
# Not part of the site: the page gets it in two (START_ZIP, MORE_ZIP; see split_package).
PACKAGE_ZIP = ROOT / ".cache" / "package" / "ludothek.zip"
START_ZIP = BUILD / "ludothek.zip"
MORE_ZIP = BUILD / "ludothek.more.zip"


def pack_python() -> Path:
    """Zip py/ludothek with fixed timestamps, so the same sources give the same bytes (and hash)."""
    target = PACKAGE_ZIP
    target.parent.mkdir(parents=True, exist_ok=True)
    source_root = ROOT / "py"
    files = sorted(p for p in (source_root / "ludothek").rglob("*") if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith((".pyc", ".pot")))
    # The board stylesheets go along, so Python can write standalone SVG files in the page.
    styles = [(ROOT / "assets" / "app.css", "ludothek/render/styles/app.css")] + [
        (path, f"ludothek/render/styles/games/{path.name}") for path in sorted((ROOT / "assets" / "games").glob("*.css"))
    ]
    bytecode = compile_bytecode([p for p in files if p.suffix == ".py"], source_root)
    if bytecode:
        # The page runs the bytecode; the sources stay in the repository (tracebacks keep file and line).
        files = [p for p in files if p.suffix != ".py"]
    entries = [(path, str(path.relative_to(source_root))) for path in files] + styles + bytecode
    # The catalogs compiled (ludothek.i18n reads them without importing gettext, which the page
    # would compile from source at every German start).
    from ludothek.po import compile_json, parse_po

    catalogs = [
        (
            str(po.relative_to(source_root).with_suffix(".json")),
            json.dumps(compile_json(parse_po(po.read_text(encoding="utf-8"))), ensure_ascii=False, sort_keys=True).encode("utf-8"),
        )
        for po in files
        if po.suffix == ".po"
    ]
    if catalogs:
        # The page reads the compiled catalogs; the .po files would only add to every download.
        entries = [(path, name) for path, name in entries if path.suffix != ".po"]
    # Stored, not deflated: the server sends the archive brotli-compressed as a whole (about a
    # third fewer bytes than per-file deflate, which cannot share words between files), and the
    # page unpacks it without inflating each file in WebAssembly.
    write_stored_zip(target, [(name, path.read_bytes()) for path, name in entries] + catalogs)
    return target


def write_stored_zip(target: Path, items: list[tuple[str, bytes]]) -> None:
    """A zip of `items` (name, bytes), stored with fixed timestamps (the same bytes, the same hash),
    replaced only when complete."""
    target.parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no assets/build/ yet
    tmp = target.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    os.replace(tmp, target)


def first_screen_modules(source_root: Path = ROOT / "py") -> set[str]:
    """The package's modules that run when py/main.py is imported (its statements that run at
    import, followed through the package's own, with every package above a module): what Python
    needs before the first screen. The others (each game's engine, view and computer player, the
    editing modules...) are imported when a screen first asks for them."""
    imports = package_imports(source_root, at_import_only=True)
    main = (source_root / "main.py").read_text(encoding="utf-8")
    pending = [name for name in imported_names(main, "main", False, at_import_only=True) if name in imports]
    found: set[str] = set()
    while pending:
        name = pending.pop()
        if name in found:
            continue
        found.add(name)
        parents = [name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)]
        pending.extend(other for other in [*parents, *imports[name]] if other in imports and other not in found)
    return found


def split_package(package: Path, source_root: Path = ROOT / "py", later_stdlib: list[tuple[str, bytes]] | None = None) -> tuple[Path, Path]:
    """The site's two package zips from the whole one: START_ZIP (the first screen's modules and
    the catalogs) and MORE_ZIP (the rest of its modules, and the files the package reads only after
    the first screen: the rules texts, the boards' stylesheets, the puzzles and Fenn's table, which
    ludothek/package_files.py names). The page waits for the first only;
    py/ludothek/web/more_modules.py brings the second once the first screen is live, or at once when a
    module or a file of it is asked for before. `later_stdlib` (make_stdlib's second part: standard
    modules only a function imports, none at the start) goes into MORE_ZIP's top level too."""
    from ludothek.package_files import LATER_FILES

    first = first_screen_modules(source_root)
    later = tuple("ludothek/" + folder for folder in LATER_FILES)
    start: list[tuple[str, bytes]] = []
    more: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(package) as archive:
        for name in archive.namelist():
            module = name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
            is_module = name.endswith((".pyc", ".py"))
            comes_later = module not in first if is_module else name.startswith(later)
            (more if comes_later else start).append((name, archive.read(name)))
    if not {"ludothek/web/more_modules.pyc", "ludothek/web/more_modules.py"} & {name for name, _ in start}:
        sys.exit("build: ludothek.web.more_modules must be among the first screen's modules (py/main.py imports it)")
    write_stored_zip(START_ZIP, start)
    write_stored_zip(MORE_ZIP, more + list(later_stdlib or []))
    return START_ZIP, MORE_ZIP


# What never goes into the memory snapshot: modules that import the browser (they would hold
# JavaScript objects) and the command-line entry point.
BROWSER_MODULES = ("js", "pyodide", "pyscript", "pyodide_js", "polyscript")
START_MODULE = VENDOR / "pyodide" / "ludothek.mjs"
START_TEMPLATE = ROOT / "scripts" / "pyodide_start.mjs"
STORED_ZIP_READER = ROOT / "scripts" / "stored_zip.mjs"
SNAPSHOT_READER = ROOT / "scripts" / "snapshot_file.mjs"


def package_sources(source_root: Path) -> list[tuple[str, Path]]:
    """Each module of py/ludothek: its dotted name and its file."""
    found = []
    for path in sorted((source_root / "ludothek").rglob("*.py")):
        parts = path.relative_to(source_root).with_suffix("").parts
        found.append((".".join(parts[:-1] if parts[-1] == "__init__" else parts), path))
    return found


def package_imports(source_root: Path, at_import_only: bool = False) -> dict[str, set[str]]:
    """Each module of py/ludothek with every module it imports anywhere in its text (also inside
    functions: a conservative reading), or with `at_import_only`, those its import itself imports
    (import_scan.imported_names)."""
    return {
        name: imported_names(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", at_import_only=at_import_only)
        for name, path in package_sources(source_root)
    }


def browser_modules(imports: dict[str, set[str]]) -> set[str]:
    """The modules of `imports` (module -> what it imports) that import the browser, directly or
    through another module of the package."""
    browser = {name for name, used in imports.items() if any(other.split(".")[0] in BROWSER_MODULES for other in used)}
    while True:
        more = {name for name, used in imports.items() if name not in browser and used & browser}
        if not more:
            return browser
        browser |= more


def snapshot_modules(source_root: Path = ROOT / "py") -> list[str]:
    """The package's modules that the memory snapshot imports: all whose import does not import the
    browser, directly or through another module of the package (everything but web/dom and
    web/more_modules), and not the command line's __main__. A function that imports the browser
    when it is called (web/files, web/search_runner) does so in the page, after the restore: only
    what runs at import can put a browser object into the snapshot (make_snapshot.mjs checks that
    none is there). (Until 2026-12, a module with such a function stayed out, and so did every
    module that imports it: the app and its screens were imported at every start.)"""
    imports = package_imports(source_root, at_import_only=True)
    browser = browser_modules(imports)
    return [name for name in imports if name not in browser and not name.endswith(".__main__")]


def snapshot_standard_modules(source_root: Path = ROOT / "py") -> list[str]:
    """The standard library's modules that the package's browser-side modules import anywhere,
    also in a function (the modules that import the browser somewhere: ludothek.web's screens):
    imported into the snapshot too, so the page's first use of such a function finds them there
    (urllib.parse with ipaddress took about 100 ms of the first import of ludothek.web.app, 400 ms
    on a phone's CPU)."""
    browser_side = browser_modules(package_imports(source_root))
    wanted: set[str] = set()
    for name, path in package_sources(source_root):
        if name not in browser_side or name.endswith(".__main__"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                wanted.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                wanted.add(node.module)
    return sorted(name for name in wanted if name.split(".")[0] in sys.stdlib_module_names and name.split(".")[0] not in BROWSER_MODULES)


# The standard library the site ships (assets/build/python_stdlib.<hash>.zip) instead of Pyodide's
# own (614 modules as deflated sources, which the page downloads whole and compiles as it imports):
# the modules that Pyodide's start, PyScript's Python and the app import, found by running those
# imports in Node (scripts/stdlib.mjs) and closed over every import statement in them, also inside
# functions, so a function of the standard library never meets a module that is not there; the
# closure stops at STDLIB_EXCLUDE. Compiled by Pyodide's own Python and stored uncompressed (the
# HTTP layer's Brotli or gzip compresses the whole archive better than deflate per file).
STDLIB_SOURCE = NODE / "pyodide" / "python_stdlib.zip"
STDLIB_SCRIPT = ROOT / "scripts" / "stdlib.mjs"
IMPORT_SCAN = ROOT / "scripts" / "import_scan.py"  # run by stdlib.mjs too
# PyScript's Python side: the `pyscript` package it writes into the file system at every start.
PYSCRIPT_PYTHON = NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
# What PyScript's start runs besides (its file writer, the JS bridge's set-up).
PYSCRIPT_START_IMPORTS = [["os", None], ["pathlib", "Path"], ["pyodide.ffi", "to_js"]]
# Kept whole: Pyodide's own packages (its JavaScript side calls into any of their modules).
STDLIB_WHOLE = ("pyodide", "_pyodide")
# Imported by a computed name, which no import statement shows: the codecs Python looks up by
# name (zipfile reads the package's file names as cp437; idna and the UTFs for what the browser
# hands over). (sysconfig's data module would be another, but nothing here imports sysconfig.)
STDLIB_CODECS = ("aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be")
STDLIB_CODECS += ("cp437", "idna", "punycode", "charmap", "unicode_escape", "raw_unicode_escape", "base64_codec", "hex_codec")
STDLIB_DYNAMIC = tuple(f"encodings.{name}" for name in STDLIB_CODECS)
# Where the closure stops: modules that only a path the app never takes imports (a module's
# command line or self-test, Windows, processes and subinterpreters, tar archives, the
# interactive console and debugger, mail and HTTP), and importlib's bootstrap, which runs frozen
# into the interpreter under other names. Not shipped unless the app imports the module itself
# (then its own imports from here on are not followed, and check_stdlib fails the build if the
# module needs one of them: take it off this list).
STDLIB_EXCLUDE = {
    "importlib._bootstrap": "frozen into the interpreter (as _frozen_importlib)",
    "importlib._bootstrap_external": "frozen into the interpreter (as _frozen_importlib_external)",
    "argparse": "command lines (python -m ...), never run in the page",
    "getopt": "command lines",
    "optparse": "command lines",
    "doctest": "self-tests",
    "unittest": "tests",
    "pdb": "the debugger",
    "bdb": "the debugger",
    "pydoc": "help()",
    "_pyrepl": "the interactive console",
    "code": "the interactive console",
    "cmd": "the interactive console",
    "multiprocessing": "processes: none in WebAssembly",
    "concurrent.futures.process": "processes",
    "concurrent.futures.interpreter": "subinterpreters",
    "concurrent.interpreters": "subinterpreters",
    "asyncio.windows_events": "Windows",
    "asyncio.windows_utils": "Windows",
    "asyncio.proactor_events": "Windows",
    "encodings._win_cp_codecs": "Windows",
    "encodings.mbcs": "Windows",
    "encodings.oem": "Windows",
    "ctypes": "no foreign functions in the page",
    "tarfile": "tar archives: the page unpacks one zip",
    "email": "mail",
    "http": "HTTP servers and clients: the page uses the browser's fetch",
    "urllib.request": "HTTP clients",
    "ftplib": "FTP",
    "xml": "XML",
    "xmlrpc": "XML-RPC",
    "statistics": "random's self-test",
    "tracemalloc": "memory tracing",
    "profile": "profiling",
    "cProfile": "profiling",
    "pstats": "profiling",
    "trace": "tracing",
    "sqlite3": "databases",
    "importlib.metadata": "installed distributions: the app has none",
    "pickle": "pickling: nothing is pickled",
    "webbrowser": "opening browsers",
    "plistlib": "macOS's property lists (platform.mac_ver)",
    "calendar": "ssl's certificate dates",
}

PYSCRIPT_PYTHON_HINT = "node_modules/@pyscript/core/src/stdlib/pyscript (PyScript's Python side) is missing: run `npm ci`"


def import_statements(path: Path) -> set[tuple[str, str | None]]:
    """The absolute imports anywhere in a source file (also inside functions): (module, None) for
    `import module`, (module, name) for `from module import name`."""
    found: set[tuple[str, str | None]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.update((node.module, alias.name) for alias in node.names)
    return found


def app_standard_imports(source_root: Path = ROOT / "py") -> list[tuple[str, str | None]]:
    """Every absolute import in what the page runs as Python: the package (not the command line's
    __main__), main.py, PyScript's `pyscript` package and PyScript's start. The package's own and
    the browser's (js, pyscript) are among them; scripts/stdlib.mjs skips what is not the
    standard library."""
    if not PYSCRIPT_PYTHON.is_dir():
        sys.exit(f"build: {PYSCRIPT_PYTHON_HINT}")
    sources = [path for name, path in package_sources(source_root) if not name.endswith(".__main__")]
    sources += [source_root / "main.py", *sorted(PYSCRIPT_PYTHON.glob("*.py"))]
    found = set().union(*(import_statements(path) for path in sources))
    found.update((module, name) for module, name in PYSCRIPT_START_IMPORTS)
    return sorted(found, key=lambda item: (item[0], item[1] or ""))


def stdlib_request(source_root: Path = ROOT / "py") -> dict:
    return {
        "modules": snapshot_modules(source_root),
        "imports": [list(item) for item in app_standard_imports(source_root)],
        "whole": list(STDLIB_WHOLE),
        "dynamic": list(STDLIB_DYNAMIC),
        "exclude": sorted(STDLIB_EXCLUDE),
    }


def _node(command: list[str], what: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["node", *command], cwd=ROOT, check=True, timeout=600, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        sys.exit(f"build: {what} failed:\n{exc.stderr.strip()[-4000:]}")
    except (OSError, subprocess.SubprocessError) as exc:
        sys.exit(f"build: {what} needs Node (scripts/setup installs it): {exc}")


def find_stdlib_modules(package: Path, request: dict) -> dict:
    """scripts/stdlib.mjs find: the zip's entries the site ships, cached by everything they
    depend on (Pyodide's zip, the script, the request, and the package: its modules run as they
    are imported, and what they run may import more)."""
    key = hashlib.sha256()
    for path in (STDLIB_SOURCE, STDLIB_SCRIPT, IMPORT_SCAN, package):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    key.update(json.dumps(request, sort_keys=True).encode())
    cache = ROOT / ".cache" / "stdlib"
    cached = cache / f"modules.{key.hexdigest()[:16]}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("modules.*.json"):
        old.unlink()
    request_file = cache / "request.json"
    request_file.write_text(json.dumps(request))
    found = json.loads(_node([str(STDLIB_SCRIPT), "find", str(package), str(request_file)], "finding the standard modules").stdout)
    cached.write_text(json.dumps(found, indent=1))
    return found


def later_stdlib_modules(found: dict) -> list[str]:
    """Of the modules find_stdlib_modules names, those that go in the package's second zip: a
    top-level module (not a package's: its package's path is the zip's) that nothing imports when
    the app's modules and its every standard import are imported, only a function of another
    module (traceback's syntax-error hints import difflib, ast.unparse _ast_unparse,
    pyodide.console platform). About 47 KB of Brotli a first visit does not wait for; the first
    import of one fetches the second zip at once (py/ludothek/web/more_modules.py)."""
    imported = set(found["imported"])
    files = set(found["files"])
    return sorted(name for name in found["modules"] if "." not in name and name not in imported and f"{name}.py" in files)


def make_stdlib(package: Path) -> tuple[Path, list[tuple[str, bytes]]]:
    """assets/build/python_stdlib.<hash>.zip: the modules find_stdlib_modules names, as bytecode
    compiled by Pyodide's Python (sourceless, at each source's place), stored; with the
    non-Python files of STDLIB_WHOLE's packages; without later_stdlib_modules, returned as (name,
    bytecode) for the second zip. Then check_stdlib; the build fails if either fails."""
    request = stdlib_request()
    found = find_stdlib_modules(package, request)
    later_names = later_stdlib_modules(found)
    cache = ROOT / ".cache" / "stdlib"
    source_root = cache / "src"
    whole = tuple(f"{name}/" for name in STDLIB_WHOLE)
    with zipfile.ZipFile(STDLIB_SOURCE) as archive:
        wanted = set(found["files"])
        extras = [entry for entry in archive.namelist() if entry.startswith(whole) and not entry.endswith(("/", ".py"))]
        shutil.rmtree(source_root, ignore_errors=True)
        for entry in sorted(wanted | set(extras)):
            target = source_root / entry
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(entry))
    sources = sorted(source_root / entry for entry in wanted)
    # Level 2: no docstrings and no asserts in the standard library (as `python -OO` runs it),
    # about 15% fewer bytes on the wire; the app's own modules keep theirs (dataclasses word a
    # class's missing docstring from its signature, which would cost time at import).
    bytecode = compile_bytecode(sources, source_root, cache_name="stdlib-bytecode", optimize=2)
    if len(bytecode) != len(sources):
        sys.exit("build: the standard library could not be compiled (see above)")
    later_entries = {f"{name}.pyc" for name in later_names}
    later = [(name, path.read_bytes()) for path, name in bytecode if name in later_entries]
    if len(later) != len(later_names):
        sys.exit("build: the later standard modules were not all compiled")
    entries = [(path, name) for path, name in bytecode if name not in later_entries] + [(source_root / entry, entry) for entry in extras]
    folders = sorted({folder.as_posix() + "/" for _, name in entries for folder in Path(name).parents if folder != Path(".")})
    tmp = BUILD / "python_stdlib.zip.tmp"
    tmp.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in [(folder, b"") for folder in folders] + sorted((name, path.read_bytes()) for path, name in entries):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o644 << 16
            archive.writestr(info, data)
    target = BUILD / f"python_stdlib.{file_hash(tmp)}.zip"
    for old in BUILD.glob("python_stdlib.*.zip"):
        if old != target:
            old.unlink()
    os.replace(tmp, target)
    later_zip = ROOT / ".cache" / "stdlib" / "later.zip"
    write_stored_zip(later_zip, later)
    check_stdlib(target, package, request, found["modules"], later_zip, later_names)
    return target, later


def check_stdlib(stdlib: Path, package: Path, request: dict, shipped: list[str], later_zip: Path, later: list[str]) -> None:
    """scripts/stdlib.mjs check: Pyodide started from the new zip imports every pure-Python module
    of the package and every standard import of the app with none of the `later` modules there
    (none of them is imported then); then, with `later_zip` unpacked beside the package (as the
    second zip is in the page), every module the zip holds and every later one (so none needs
    one that was left out at its top), or the build fails. Cached by the zips, the package and
    the request."""
    key = hashlib.sha256()
    for path in (stdlib, package, STDLIB_SCRIPT, later_zip):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    key.update(json.dumps(request, sort_keys=True).encode())
    stamp = ROOT / ".cache" / "stdlib" / "checked.sha256"
    if stamp.exists() and stamp.read_text() == key.hexdigest():
        return
    request_file = stamp.with_name("request.json")
    request_file.write_text(json.dumps({**request, "shipped": shipped, "later": later}))
    print(_node([str(STDLIB_SCRIPT), "check", str(stdlib), str(package), str(request_file), str(later_zip)], "checking the standard library").stdout.strip())
    stamp.write_text(key.hexdigest())


# The memory snapshot as shipped: Pyodide's snapshot (a header, then the whole 30 MiB memory, half
# of it zeros) without its all-zero blocks and without the blocks that hold what the restore finds
# in memory anyway (the runtime's own data, as Pyodide's module factory leaves it: make_snapshot.mjs
# writes it beside the snapshot), so the page downloads, reads, checks and keeps far fewer bytes
# (assets/vendor/pyodide/ludothek.mjs unpacks it and takes those blocks from its own memory, checked
# by their SHA-256). Little-endian: the magic; the block size, the unpacked length, where the memory
# starts in it (Pyodide's header size), the number of blocks kept and of blocks taken from the
# runtime; the indices of both; the SHA-256 of the taken blocks' bytes in that order; the kept
# blocks' bytes in that order (the last block of the unpacked bytes may be shorter).
SNAPSHOT_MAGIC = b"LUDOSNP2"
SNAPSHOT_BLOCK = 4096
_SNAPSHOT_SIZES = "<IIIII"


def _joined_blocks(data: bytes, indices, block: int) -> bytes:
    return b"".join(data[index * block : (index + 1) * block] for index in indices)


def pack_snapshot(raw: bytes, runtime: bytes = b"", block: int = SNAPSHOT_BLOCK) -> bytes:
    offset = struct.unpack_from("<I", raw, 4)[0] if runtime else 0
    kept, taken = [], []
    for index, start in enumerate(range(0, len(raw), block)):
        data = raw[start : start + block]
        if data.count(0) == len(data):
            continue
        at = start - offset
        if runtime and start >= offset and runtime[at : at + len(data)] == data:
            taken.append(index)
        else:
            kept.append(index)
    digest = hashlib.sha256(_joined_blocks(raw, taken, block)).digest()
    header = SNAPSHOT_MAGIC + struct.pack(_SNAPSHOT_SIZES, block, len(raw), offset, len(kept), len(taken))
    header += struct.pack(f"<{len(kept)}I", *kept) + struct.pack(f"<{len(taken)}I", *taken) + digest
    return header + _joined_blocks(raw, kept, block)


def unpack_snapshot(packed: bytes, runtime: bytes | None = None) -> bytes:
    """pack_snapshot's inverse (the page's is in scripts/pyodide_start.mjs). Without the runtime's
    memory the blocks taken from it stay zeros."""
    if packed[:8] != SNAPSHOT_MAGIC:
        raise ValueError("not a packed memory snapshot")
    block, length, offset, kept_count, taken_count = struct.unpack_from(_SNAPSHOT_SIZES, packed, 8)
    at = 8 + struct.calcsize(_SNAPSHOT_SIZES)
    kept = struct.unpack_from(f"<{kept_count}I", packed, at)
    taken = struct.unpack_from(f"<{taken_count}I", packed, at + 4 * kept_count)
    at += 4 * (kept_count + taken_count)
    digest = packed[at : at + 32]
    at += 32
    raw = bytearray(length)
    for index in kept:
        size = min(block, length - index * block)
        raw[index * block : index * block + size] = packed[at : at + size]
        at += size
    if at != len(packed):
        raise ValueError("a packed memory snapshot of the wrong length")
    if runtime is not None:
        for index in taken:
            start = index * block
            raw[start : min(start + block, length)] = runtime[start - offset : min(start + block, length) - offset]
        if hashlib.sha256(_joined_blocks(raw, taken, block)).digest() != digest:
            raise ValueError("the runtime's memory is not the one the snapshot was packed against")
    return bytes(raw)


def make_snapshot(package: Path, stdlib: Path) -> Path | None:
    """assets/build/snapshot.<hash>.bin, the hash over everything it is made from (Pyodide's files,
    the standard library's zip (the one the page restores it with), the package, the script, the
    module list and the file's format), so a snapshot never meets another build; cached
    in .cache/snapshot. None (and a note) where Node cannot make it: the page then starts Pyodide
    the normal way."""
    modules = snapshot_modules() + snapshot_standard_modules()
    script = ROOT / "scripts" / "make_snapshot.mjs"
    key = hashlib.sha256()
    for path in [*(VENDOR / "pyodide" / name for name in PYODIDE_FILES), stdlib, package, script, STORED_ZIP_READER]:
        key.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    lock = runtime_lock()
    key.update(lock.encode() + b"\0")
    key.update(json.dumps(modules).encode())
    key.update(SNAPSHOT_MAGIC + struct.pack("<I", SNAPSHOT_BLOCK))  # the file's format
    name = f"snapshot.{key.hexdigest()[:16]}.bin"
    for old in BUILD.glob("snapshot.*.bin"):
        if old.name != name:
            old.unlink()
    target = BUILD / name
    if target.exists():
        return target
    cache = ROOT / ".cache" / "snapshot"  # outside assets/: not part of the site
    cached = cache / name
    if not cached.exists():
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir(parents=True)
        try:
            subprocess.run(["node", str(script), str(package), str(stdlib), lock, str(cached) + ".tmp", *modules], cwd=ROOT, check=True, timeout=900)
        except (OSError, subprocess.SubprocessError) as exc:
            print(f"build: no memory snapshot ({exc}); the page starts Python the normal way", file=sys.stderr)
            return None
        made = Path(str(cached) + ".tmp")
        runtime = Path(str(made) + ".runtime")
        made.write_bytes(pack_snapshot(made.read_bytes(), runtime.read_bytes() if runtime.exists() else b""))
        runtime.unlink(missing_ok=True)
        os.replace(made, cached)
    shutil.copy2(cached, target)
    return target


def _from_start_module(path: Path) -> str:
    """`path` as the start module names it: relative to its own folder."""
    return os.path.relpath(path, START_MODULE.parent).replace(os.sep, "/")


def _filled(text: str, declaration: str, value: str) -> str:
    """The template's one line `declaration` (e.g. `const MORE = null;`) given `value` instead."""
    name = declaration.removeprefix("const ").partition(" = ")[0]
    text, count = re.subn(f"^{re.escape(declaration)}.*$", lambda _: f"const {name} = {value};  // written by scripts/build.py", text, flags=re.M)
    if count != 1:
        sys.exit(f"build: scripts/pyodide_start.mjs must hold one line `{declaration}`")
    return text


def write_start_module(snapshot: Path | None, stdlib: Path, later_stdlib: list[str] | None = None) -> Path:
    """assets/vendor/pyodide/ludothek.mjs: Pyodide's loadPyodide with the site's standard library
    (its address relative to the module), from the snapshot when the reader's browser has it (its
    address, its SHA-256 to check it by, its length: a copy of another length is cut short)."""
    settings = "null"
    if snapshot is not None:
        data = snapshot.read_bytes()
        settings = json.dumps({"url": _from_start_module(snapshot), "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)})
    text = START_TEMPLATE.read_text(encoding="utf-8")
    text = _filled(text, "const SNAPSHOT = null;", settings)
    text = _filled(text, "const STDLIB = null;", json.dumps(_from_start_module(stdlib)))
    text = _filled(text, "const MORE = null;", json.dumps(_from_start_module(MORE_ZIP)))
    text = _filled(text, "const MORE_STDLIB = [];", json.dumps(sorted(later_stdlib or [])))
    text = _filled(text, "const LOCK = null;", json.dumps(runtime_lock()))  # a JSON text in a JavaScript string: Pyodide parses it
    early = [[_from_start_module(ROOT / url), kind] for url, kind in worker_early_files(page_config(), stdlib)]
    text = _filled(text, "const EARLY = [];", json.dumps(early, separators=(",", ":")))
    # The stored zips' reader (which make_snapshot.mjs imports too) and the snapshot file's go into
    # the module: a request fewer each at the start of every visit.
    for reader in (STORED_ZIP_READER, SNAPSHOT_READER):
        code = re.sub(r"^export ", "", reader.read_text(encoding="utf-8"), flags=re.M).rstrip("\n")
        pattern = r'^import \{ [\w, ]+ \} from "\./' + re.escape(reader.name) + '";$'
        text, count = re.subn(pattern, lambda _, code=code: code, text, flags=re.M)
        if count != 1:
            sys.exit(f'build: scripts/pyodide_start.mjs must import from "./{reader.name}" in one line')
    START_MODULE.parent.mkdir(parents=True, exist_ok=True)
    if not START_MODULE.exists() or START_MODULE.read_text(encoding="utf-8") != text:
        START_MODULE.write_text(text, encoding="utf-8")
    return START_MODULE


def join_game_styles() -> Path:
    """One stylesheet from every game's own (assets/games/<game>.css): one request for the page."""
    target = BUILD / "games.css"
    target.parent.mkdir(parents=True, exist_ok=True)
    parts = [f"/* {path.name} */\n{path.read_text(encoding='utf-8')}" for path in sorted((ROOT / "assets" / "games").glob("*.css"))]
    target.write_text("\n".join(parts), encoding="utf-8")
    return target


def draw_static_pictures() -> None:
    from ludothek.render.static import write_static_pictures

    write_static_pictures(BUILD)
    # The home's game pictures are drawn apart from the build (in Chromium: scripts/thumbnails.py)
    # and committed; one older than its game's SVG is only said here (tests/test_thumbnails.py fails).
    import thumbnails  # scripts/: this folder, on the path whenever build runs or is imported

    stale = thumbnails.stale()
    if stale:
        print(f"build: the home's pictures of {', '.join(stale)} are older than their SVG: run .venv/bin/python scripts/thumbnails.py", file=sys.stderr)


# Files the build writes that the site publishes at its root, not under assets/: the rules
# documents (rules/<game>.<lang>.html, for readers without JavaScript and for search engines).
SITE_ROOT_FILES = BUILD / "site"


def draw_static_rules() -> list[Path]:
    """Every game's rules page in both languages, rendered ahead of time by the app's own code:
    the screens boot.js shows for #/rules/<game> before Python is ready (assets/build/rules.*.html)
    and the documents of their own (rules/<game>.<lang>.html)."""
    from ludothek.render.static import write_static_rules

    return write_static_rules(BUILD, SITE_ROOT_FILES / "rules")


def link_rules_documents(page: Path) -> None:
    """index.html's <noscript> links every rules document: a reader without JavaScript, and a
    search engine reading the page's HTML, find them (the app's own rules are #/rules/<game>
    screens, which no crawler reads)."""
    from ludothek.i18n import LANGUAGES
    from ludothek.render import get_view
    from ludothek.render.static import LANGUAGE_NAMES, rules_document_name, rules_games

    items = "".join(
        f"<li>{html.escape(get_view(game).title())}: "
        + ", ".join(f'<a href="./rules/{rules_document_name(game, code)}" hreflang="{code}" lang="{code}">{LANGUAGE_NAMES[code]}</a>' for code in LANGUAGES)
        + "</li>"
        for game in rules_games()
    )
    text = page.read_text(encoding="utf-8")
    text, count = re.subn(r"<!-- rules documents -->", lambda _: f'<ul class="noscript-rules">{items}</ul>', text)
    if count != 1:
        sys.exit("build: index.html's <noscript> must hold one <!-- rules documents --> comment")
    page.write_text(text, encoding="utf-8")


def page_config() -> dict:
    """pyscript.toml (the file people edit) as the JSON the page carries."""
    with CONFIG_SOURCE.open("rb") as handle:
        return tomllib.load(handle)


def page_plugins() -> list[str]:
    """The plugins list of PyScript's page side's configuration, index.html's data-page-config on
    boot.js's tag (boot.js puts it in as the <py-config> and <mpy-config> that PyScript reads as
    core.js is evaluated): "!name" switches a plugin off. The worker's configuration is
    pyscript.toml."""
    page = PAGE_SOURCE.read_text(encoding="utf-8")
    if re.search(r"<(m?py)-config\b", re.sub(r"<!--.*?-->", "", page, flags=re.DOTALL)):
        sys.exit("build: index.html must not carry a <py-config> or <mpy-config>: boot.js puts data-page-config in as both")
    found = re.findall(r"data-page-config='([^']*)'", page)
    if len(found) > 1:
        sys.exit("build: index.html may carry one data-page-config, on boot.js's tag, in single quotes")
    try:
        plugins = json.loads(html.unescape(found[0])).get("plugins", []) if found else []
    except (ValueError, AttributeError):
        sys.exit("build: index.html's data-page-config must be a JSON object")
    if not isinstance(plugins, list) or not all(isinstance(name, str) for name in plugins):
        sys.exit("build: index.html's data-page-config plugins must be a list of names")
    return plugins


def pyscript_start_chunks() -> list[Path]:
    """PyScript's files that the page loads on every start: core.js and what it imports, and the
    plugins the page's configuration does not switch off (page_plugins; each plugin is a dynamic
    import in the core). The TOML parser is not among them: the page's configuration is JSON."""
    found: list[Path] = []

    def follow(name: str) -> None:
        path = PYSCRIPT / name
        if path in found or not path.is_file():
            return
        found.append(path)
        for imported in re.findall(r'from\s*"\./([\w.-]+\.js)"', path.read_text(encoding="utf-8")):
            follow(imported)

    follow("core.js")
    switched_off = {name[1:] for name in page_plugins() if name.startswith("!")}
    for chunk in found[1:]:
        text = chunk.read_text(encoding="utf-8")
        for plugin, name in re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./([\w.-]+\.js)"\)', text):
            if plugin not in switched_off:
                follow(name)
    if len(found) < 2:
        sys.exit("build: PyScript's core.js imports nothing this build understands: check pyscript_start_chunks")
    return found


PYTHON_WORKER_PRELUDE = ROOT / "scripts" / "python_worker.js"
PYSCRIPT_WORKER_CODE = 'new Blob(["/*@*/"+'


def pyscript_worker_chunk() -> Path:
    """The vendored core chunk that carries PyScript's worker code (as the string it makes a Blob of)."""
    chunks = [path for path in sorted(PYSCRIPT.glob("core-*.js")) if PYSCRIPT_WORKER_CODE in path.read_text(encoding="utf-8")]
    if len(chunks) != 1:
        sys.exit(f"build: PyScript's worker code ({PYSCRIPT_WORKER_CODE!r}) not found in one core chunk: check write_python_worker")
    return chunks[0]


def write_python_worker() -> str:
    """assets/build/python-worker.<hash>.js, the script of Python's worker, and its address on the
    site. PyScript's core carries its worker's code as a string and starts the worker from a Blob
    of it once the page has imported the core (PyWorker). boot.js makes the worker from this file
    instead, as soon as it runs (scripts/python_worker.js, the prelude: the start module imported
    at once, so the runtime's downloads begin then), and hands it to the core when the core asks
    for its worker. The code is the core's own, taken out of the vendored chunk here (Node reads
    the string literal); its imports of the core's chunks are made relative to this folder."""
    chunk = pyscript_worker_chunk()
    script = (
        "const fs=require('fs'),s=fs.readFileSync(process.argv[1],'utf8'),m=process.argv[2],"
        "a=s.indexOf(m)+m.length;let b=a;"
        "do{b=s.indexOf(\"'.replace(\",b+1)}while(b>0&&s[b-1]==='\\\\');"
        "if(b<0)process.exit(3);process.stdout.write(String((0,eval)(s.slice(a,b+1))));"
    )
    try:
        found = subprocess.run(["node", "-e", script, str(chunk), PYSCRIPT_WORKER_CODE], check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        sys.exit(f"build: PyScript's worker code could not be read from {chunk.name} ({exc})")
    code = found.stdout.decode("utf-8")
    if "addEventListener(\"message\"" not in code:
        sys.exit(f"build: what {chunk.name} carries is not PyScript's worker code: check write_python_worker")
    relative = os.path.relpath(PYSCRIPT, BUILD).replace(os.sep, "/")
    code = re.sub(r'import\((["\'])\./([\w.-]+\.js)\1\)', lambda m: f"import({m[1]}{relative}/{m[2]}{m[1]})", code)
    text = PYTHON_WORKER_PRELUDE.read_text(encoding="utf-8") + "/*@*/" + code
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    target = BUILD / f"python-worker.{digest}.js"
    for old in BUILD.glob("python-worker.*.js"):
        if old != target:
            old.unlink()
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return "./" + target.relative_to(ROOT).as_posix()


def worker_early_files(config: dict, stdlib: Path) -> list[list[str]]:
    """What our start module (ludothek.mjs, in Python's worker) asks for as it is evaluated, as
    [path on the site, how]: "fetch" at once (the runtime's WebAssembly and the standard library),
    "later" once those have arrived (the [files], which Python reads only after its own start). The
    lock file is not among them: it comes inside the start module (runtime_lock)."""
    runtime = config["interpreter"].rsplit("/", 1)[0] + "/"
    files = [[runtime + "pyodide.asm.wasm", "fetch"], ["./" + stdlib.relative_to(ROOT).as_posix(), "fetch"]]
    files += [[url, "later"] for url in config.get("files", {}) if not url.startswith("{")]
    return files


def start_preloads() -> list[list[str]]:
    """What boot.js asks for as the runtime starts, on the page: PyScript's chunks, which start
    the worker ("module"), and main.py ("fetch": PyScript reads it on the page and hands it to the
    worker before the worker starts the interpreter). The worker's own files are asked for by the
    worker (worker_early_files)."""
    preloads = [["./" + chunk.relative_to(ROOT).as_posix(), "module"] for chunk in pyscript_start_chunks()[1:]]
    preloads += [[python_main(), "fetch"]]
    return preloads


def python_main() -> str:
    """main.py's address on the site: what index.html names as Python's entry (boot.js's data-main)."""
    found = re.findall(r'data-main="([^"]+)"', PAGE_SOURCE.read_text(encoding="utf-8"))
    if len(found) != 1:
        sys.exit("build: index.html must name Python's entry once, as data-main=\"./py/main.py\" on boot.js's tag")
    return found[0]


def write_page(stdlib: Path, python_worker: str) -> Path:
    """The page as served: index.html with pyscript.toml's configuration inline on boot.js's tag
    (as JSON, which PyScript reads without a parser), and the start's files."""
    config = page_config()
    page = PAGE_SOURCE.read_text(encoding="utf-8")
    inline = html.escape(json.dumps(config, separators=(",", ":")), quote=True)
    page, count = re.subn(r'data-config="\./pyscript\.toml"', f'data-config="{inline}"', page)
    if count != 1:
        sys.exit("build: index.html must name its configuration once, as data-config=\"./pyscript.toml\" on boot.js's tag")
    preloads = html.escape(json.dumps(start_preloads(), separators=(",", ":")), quote=True)
    page, count = re.subn(
        r'<script src="\./assets/boot\.js"',
        f'<script src="./assets/boot.js" data-preload="{preloads}" data-worker="{html.escape(python_worker, quote=True)}"',
        page,
    )
    if count != 1:
        sys.exit('build: index.html must load boot.js once, as <script src="./assets/boot.js" ...>')
    target = BUILD / "index.html"
    target.write_text(page, encoding="utf-8")
    return target


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def site_paths(lazy: bool = False) -> dict[str, Path]:
    """The site's files by their path on the site, each with the file it is copied from: those
    the service worker precaches, or (lazy) PyScript's chunks that no start loads: published
    beside the others (a page that used them would find them) but cached only when fetched."""
    start_chunks = set(pyscript_start_chunks())
    files = {"index.html": BUILD / "index.html"}
    files.update({name: ROOT / name for name in APP_FILES})
    unused = {}
    files.update({path.relative_to(SITE_ROOT_FILES).as_posix(): path for path in sorted(SITE_ROOT_FILES.rglob("*")) if path.is_file()})
    for path in sorted((ROOT / "assets").rglob("*")):
        if not path.is_file() or path.name.endswith(PRECACHE_EXCLUDE_SUFFIXES) or path in (BUILD / "precache.js", BUILD / "index.html"):
            continue
        if SITE_ROOT_FILES in path.parents:
            continue
        if path in SITE_EXCLUDE_FILES:
            continue
        if path.parent == PYSCRIPT and path.suffix in (".js", ".css") and path not in start_chunks:
            unused[path.relative_to(ROOT).as_posix()] = path
        else:
            files[path.relative_to(ROOT).as_posix()] = path
    return unused if lazy else files


def write_precache() -> Path:
    """The service worker's list: `files` (all or nothing: the app runs offline from them),
    `optional` (the memory snapshot: kept when the browser gives the room; a start without it is
    the normal one) and `lazy` (cached when fetched)."""
    entries = {"./" + name: file_hash(path) for name, path in site_paths().items()}
    optional = {name: digest for name, digest in entries.items() if re.fullmatch(r"\./assets/build/snapshot\.[0-9a-f]+\.bin", name)}
    entries = {name: digest for name, digest in entries.items() if name not in optional}
    lazy = {"./" + name: file_hash(path) for name, path in site_paths(lazy=True).items()}
    version = hashlib.sha256(json.dumps([entries, optional, lazy], sort_keys=True).encode()).hexdigest()[:12]
    target = BUILD / "precache.js"
    manifest = {"version": version, "files": entries, "optional": optional, "lazy": lazy}
    text = f"// Generated by scripts/build.py from the files themselves: do not edit.\nself.LUDOTHEK_PRECACHE = {json.dumps(manifest, indent=1, sort_keys=True)};\n"
    target.write_text(text, encoding="utf-8")
    return target


def site_files() -> dict[str, Path]:
    """Every file the published site consists of, and nothing else (no tests, sources or tooling)."""
    return {**site_paths(), **site_paths(lazy=True), **{name: ROOT / name for name in SITE_EXTRA_FILES}}


def brotli_compress(paths: list[Path]) -> bool:
    """Write `<file>.br` beside each path with Node's built-in Brotli (Python's standard library
    has none); False when Node is not there, and the site goes out with gzip only."""
    script = (
        "const fs=require('fs'),z=require('zlib');"
        "for(const p of process.argv.slice(1)){fs.writeFileSync(p+'.br',z.brotliCompressSync(fs.readFileSync(p),"
        "{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_SIZE_HINT]:fs.statSync(p).size}}));}"
    )
    try:
        subprocess.run(["node", "-e", script, *map(str, paths)], check=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"build: no Brotli copies ({exc}); gzip only", file=sys.stderr)
        return False
    return True


def write_dist() -> Path:
    """dist/ brought up to date: the site's files at their paths, plus `.gz`/`.br` copies of the
    large text ones (only where smaller). Unchanged files keep their compressed copies, so a
    rebuild after editing Python compresses a few files, not the 13 MB runtime again."""
    wanted: set[Path] = set()
    changed = []
    for name, source in site_files().items():
        target = DIST / name
        wanted.add(target)
        compressible = source.suffix in COMPRESSIBLE_SUFFIXES and source.stat().st_size >= COMPRESS_MIN_BYTES
        if compressible:
            wanted.update(target.with_name(target.name + ext) for ext in (".gz", ".br"))
        if target.exists() and target.read_bytes() == source.read_bytes():
            # An unchanged file keeps its copies; one that lost both (a hand-edited dist/, an
            # interrupted build) is compressed again, or the server would send it plain for ever.
            copies = [target.with_name(target.name + ext) for ext in (".gz", ".br")]
            if compressible and not any(copy.exists() for copy in copies):
                changed.append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        for ext in (".gz", ".br"):
            target.with_name(target.name + ext).unlink(missing_ok=True)
        shutil.copy2(source, target)
        if compressible:
            changed.append(target)
    for path in changed:
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) < len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
    if changed and brotli_compress(changed):
        for path in changed:
            br = path.with_name(path.name + ".br")
            if br.exists() and br.stat().st_size >= path.stat().st_size:
                br.unlink()
    # Whatever is no longer part of the site goes (an old PyScript chunk, a removed asset).
    for path in sorted(DIST.rglob("*"), reverse=True):
        if path.is_file() and path not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return DIST


def main() -> None:
    # Builds started at once (the test command's parallel workers, a server beside the tests) take
    # turns: two writers of the same dist/ would leave a mix of both.
    lock_path = ROOT / ".cache" / "build.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build()


def build() -> None:
    vendor_runtime()
    package = pack_python()
    stdlib, later_stdlib = make_stdlib(package)
    split_package(package, later_stdlib=later_stdlib)
    write_start_module(make_snapshot(package, stdlib), stdlib, [name.removesuffix(".pyc") for name, _ in later_stdlib])
    join_game_styles()
    draw_static_pictures()
    draw_static_rules()
    link_rules_documents(write_page(stdlib, write_python_worker()))
    target = write_precache()
    count = target.read_text().count('": "')
    write_dist()
    print(f"build: runtime vendored, package packed, {count} files in the precache list, the site in dist/")


if __name__ == "__main__":
    main()
