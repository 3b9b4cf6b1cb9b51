"""The browser tests' waits read only what is there, read from their source (tests/browser,
tests/engines).

A condition that page.wait_for_function (or a frame's) polls is evaluated in the current document
as soon as it exists: after a reload, a navigation or a goto at "commit" that document has no root
element and no body at first, and a condition that reads document.body.dataset there throws, which
ends the wait with the error instead of waiting on. CI saw it once, on a busy machine, where the
same test passed six times alone (issue 55). So every condition of such a wait that reads the body,
the root element or the focused element guards it first (`!!document.body && ...`, as the browser
tests' conftest.wait_for does for every condition given to it), and no condition of either reads a
member of an element it looks up (querySelector, getElementById) that may not be drawn yet.

The waits of tests/engines (engine_drivers.Tab.wait_for) evaluate their condition again after an
error, so they need no guard; their conditions are not checked here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SOURCES = sorted([*(TESTS / "browser").glob("*.py"), *(TESTS / "engines").glob("*.py")])

# A member of the body, the root element or the focused element: none while a new document starts.
READ = re.compile(r"document\.(body|documentElement|activeElement)\.")
# A member of an element looked up by the condition: none while it is not drawn.
LOOKUP = re.compile(r"\.(querySelector|getElementById)\(")


def guarded(text: str, start: int, element: str) -> bool:
    """Whether the condition makes sure of the element (or of the body, which has the root element
    above it and is the focus at least) before the read at `start`."""
    before = text[:start]
    return any(re.search(rf"(!!\s*document\.{name}\b|document\.{name}\s*&&)", before) for name in {element, "body"})


def unguarded_reads(text: str) -> list[str]:
    return [text[match.start() : match.end() + 20] for match in READ.finditer(text) if not guarded(text, match.start(), match.group(1))]


def looked_up_members(text: str) -> list[str]:
    """Lookups whose result is dereferenced at once (`document.querySelector('#x').value`)."""
    found = []
    for match in LOOKUP.finditer(text):
        depth, index = 0, match.end() - 1
        for index in range(match.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            if depth == 0:
                break
        if text[index + 1 : index + 2] == "." and text[index + 1 : index + 4] != "...":
            found.append(text[match.start() : index + 20])
    return found


class Strings:
    """The text of a string expression of a module, as far as it can be told from the source: its
    literals, f-strings, concatenations and `.replace` calls, and the names bound to such text
    (anywhere in the module). What cannot be told reads as nothing."""

    def __init__(self, tree: ast.Module):
        self.names: dict[str, ast.expr] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.names[node.targets[0].id] = node.value

    def text(self, node: ast.expr | None, seen: frozenset[str] = frozenset()) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return "".join(self.text(part, seen) for part in node.values)
        if isinstance(node, ast.FormattedValue):
            return self.text(node.value, seen)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.text(node.left, seen) + self.text(node.right, seen)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace":
            return self.text(node.func.value, seen)
        if isinstance(node, ast.Name) and node.id in self.names and node.id not in seen:
            return self.text(self.names[node.id], seen | {node.id})
        return ""


def conditions(path: Path) -> list[tuple[int, str, str]]:
    """Every wait's condition in the file: (line, how it waits, its text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    strings = Strings(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "wait_for_function":
            given = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "expression"), None)
            found.append((node.lineno, "wait_for_function", strings.text(given)))
        elif isinstance(node.func, ast.Name) and node.func.id == "wait_for" and len(node.args) >= 2:
            found.append((node.lineno, "wait_for", strings.text(node.args[1])))
    return found


def test_the_sources_have_waits_to_check():
    waits = [(path, wait) for path in SOURCES for wait in conditions(path)]
    assert len(waits) > 50, "the checker no longer finds the browser tests' waits"
    assert any(how == "wait_for" for _path, (_line, how, _text) in waits)


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_wait_reads_what_a_new_document_lacks(path):
    wrong = []
    for line, how, text in conditions(path):
        if how == "wait_for_function":
            wrong += [f"{path.name}:{line}: {read!r} unguarded" for read in unguarded_reads(text)]
        wrong += [f"{path.name}:{line}: {member!r}: the element may not be drawn yet" for member in looked_up_members(text)]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize(
    "condition",
    [
        "document.documentElement.dataset.pythonWorker === 'early'",  # what CI's run failed on
        "Number(document.body.dataset.moves) >= 2",
        "document.activeElement.id === 'main'",
        "window.ready || document.body.dataset.swRegistered",
    ],
)
def test_the_check_refuses_an_unguarded_read(condition):
    assert unguarded_reads(condition)


@pytest.mark.parametrize(
    "condition",
    [
        "arg => !!document.body && !!(document.documentElement.dataset.pythonWorker === 'early')",  # conftest.wait_for's
        "document.activeElement && document.activeElement.id === 'main'",
        "!!document.activeElement && !!document.activeElement.closest('#board')",
        "navigator.serviceWorker.controller !== null",
        "document.querySelectorAll('iframe').length === 2",
    ],
)
def test_the_check_takes_a_guarded_read(condition):
    assert unguarded_reads(condition) == [] and looked_up_members(condition) == []


def test_the_check_refuses_a_member_of_an_element_looked_up():
    assert looked_up_members("document.querySelector('#board [data-target]:not([aria-disabled=true])').dataset.x === '1'")
    assert looked_up_members("document.getElementById('toast').textContent.includes('x')")
    assert not looked_up_members("document.querySelector('#extra .mops-flip') !== null")
    assert not looked_up_members("document.querySelector('#extra .mops-flip') !== null")


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_conftest_is_imported_only_at_the_top_of_a_module(source: Path) -> None:
    """`conftest` names tests/browser's and tests/engines' in turn: imported at a module's top it is
    the one of the module's own folder, imported inside a test it is whichever was loaded last (the
    worst-links test of test_hostile.py read tests/engines' in CI's full run and failed)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    inner = [
        node.lineno
        for function in ast.walk(tree)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom)
        and node.module == "conftest"
        or isinstance(node, ast.Import)
        and any(alias.name == "conftest" for alias in node.names)
    ]
    assert not inner, f"{source.name} imports conftest inside a function at lines {inner}"
