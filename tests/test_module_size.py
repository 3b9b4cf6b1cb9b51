"""Readable pieces (issue 35): no module of the package over 600 lines, unless it is one thing that
would be worse split and its docstring says so in a paragraph beginning "Over 600 lines:"; no
function or method over 80 lines. Read from the source, as tests/test_layers.py reads the layers."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "ludothek"
MOST_MODULE_LINES = 600
MOST_FUNCTION_LINES = 80
REASON = "Over 600 lines:"


def too_long_modules(root: Path = PACKAGE) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MOST_MODULE_LINES and REASON not in (ast.get_docstring(ast.parse(text)) or ""):
            found.append(f"{path.relative_to(root).as_posix()}: {lines} lines")
    return found


def too_long_functions(root: Path = PACKAGE) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MOST_FUNCTION_LINES:
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno} {node.name}: {length} lines")
    return found


def test_no_module_is_over_600_lines_without_its_reason():
    assert too_long_modules() == []


def test_no_function_is_over_80_lines():
    assert too_long_functions() == []


def test_the_checks_find_what_they_forbid(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_FUNCTION_LINES))
    (tmp_path / "long_function.py").write_text(f'"""A module."""\n\n\ndef f():\n{body}\n')
    (tmp_path / "long_module.py").write_text('"""A module."""\n' + "x = 1\n" * MOST_MODULE_LINES)
    (tmp_path / "long_with_reason.py").write_text('"""A module.\n\nOver 600 lines: one table."""\n' + "x = 1\n" * MOST_MODULE_LINES)
    assert too_long_functions(tmp_path) == ["long_function.py:4 f: 81 lines"]
    assert too_long_modules(tmp_path) == [f"long_module.py: {MOST_MODULE_LINES + 1} lines"]
