"""docs/benchmarks.md is what bench/run_all.py writes from docs/benchmarks.json (so the next
`scripts/bench` keeps its sections), and every command it gives is one its script's argparse takes."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "benchmarks.md"
PYTHON = ".venv/bin/python "

# Runs in a process of its own: each script's module is loaded (not run) and its main() called with
# the command's arguments, parse_args stopping it once they are parsed. Prints the refusals.
PARSE_ONLY = """
import argparse, contextlib, importlib.util, io, json, sys
from pathlib import Path

class Parsed(Exception):
    pass

parse_args = argparse.ArgumentParser.parse_args

def parse_only(self, args=None, namespace=None):
    parse_args(self, args, namespace)
    raise Parsed

argparse.ArgumentParser.parse_args = parse_only
modules, refused = {}, []
for script, args in json.loads(sys.argv[1]):
    if script not in modules:
        spec = importlib.util.spec_from_file_location("bench_" + Path(script).stem, script)
        modules[script] = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modules[script])
    sys.argv = [script, *args]
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            modules[script].main()
        refused.append([script, args, "main() ran without parsing its arguments"])
    except Parsed:
        pass
    except SystemExit:
        refused.append([script, args, errors.getvalue().strip()])
print(json.dumps(refused))
"""


def load_doc_module():
    spec = importlib.util.spec_from_file_location("benchmarks_doc", ROOT / "bench" / "benchmarks_doc.py")
    assert spec and spec.loader
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_the_file_is_what_run_all_writes_from_the_json():
    raw = json.loads((ROOT / "docs" / "benchmarks.json").read_text(encoding="utf-8"))
    assert DOC.read_text(encoding="utf-8") == load_doc_module().render(raw)


def commands(text: str) -> list[list[tuple[str, list[str]]]]:
    """Every command the file gives, each as the ways to read it, (script, arguments): a line of a code
    block or a code span that runs a script with arguments is one; a span of flags alone is a command
    of its section with those flags added (bench/run_all.py's in the file's head)."""
    found = []
    for section in text.split("\n## "):
        lines = [line[4:] for line in section.splitlines() if line.startswith("    ")]
        spans = re.findall(r"`([^`]+)`", " ".join(section.split()))
        runs = lines + [span for span in spans if span.startswith((PYTHON, "scripts/bench")) or re.match(r"bench/\w+\.py ", span)]
        whole = []
        for run in runs:
            words = shlex.split(run.removeprefix(PYTHON))
            # scripts/bench passes its arguments to bench/run_all.py.
            whole.append(("bench/run_all.py" if words[0] == "scripts/bench" else words[0], words[1:]))
        found += [[command] for command in whole]
        flags = [shlex.split(span) for span in spans if span.startswith("--")]
        found += [[(script, args + added) for script, args in whole or [("bench/run_all.py", [])]] for added in flags]
    return found


def test_every_command_in_the_file_is_taken_by_its_script():
    found = commands(DOC.read_text(encoding="utf-8"))
    assert [("bench/startup.py", ["--lighthouse", "--runs", "5"])] in found
    assert [(".ci/run", [])] in found and (ROOT / ".ci" / "run").is_file()
    checked = [ways for ways in found if ways != [(".ci/run", [])]]
    assert all(script.startswith("bench/") and (ROOT / script).is_file() for ways in checked for script, _ in ways)
    refused = {(script, tuple(args)): why for script, args, why in run_parse_only([way for ways in checked for way in ways])}
    not_taken = [[refused[(script, tuple(args))] for script, args in ways] for ways in checked if all((s, tuple(a)) in refused for s, a in ways)]
    assert not_taken == []


def run_parse_only(pairs: list[tuple[str, list[str]]]) -> list:
    done = subprocess.run([sys.executable, "-c", PARSE_ONLY, json.dumps(pairs)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])
