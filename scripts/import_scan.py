"""The modules a Python source's import statements name, read with `ast` (no import runs).

Used by scripts/build.py (the package's imports: the snapshot's modules, the standard library
the site ships) and by scripts/stdlib.mjs, which runs this file inside Pyodide to follow the
standard library's own imports. Standard library only: it runs in both Pythons."""

from __future__ import annotations

import ast


def imported_names(source: str | bytes, module: str, is_package: bool, *, at_import_only: bool = False) -> set[str]:
    """Every module name an import statement of `source` (the text of `module`) may name, anywhere
    in it, inside functions too: `import a.b` names a.b; `from a import b` names a and a.b (b may
    be a submodule). Relative imports are made absolute from `module` (a package when `is_package`).
    `at_import_only`: only the statements that run when the module is imported (not those in
    functions, nor under `if TYPE_CHECKING:`)."""
    package = module if is_package else module.rpartition(".")[0]
    named: set[str] = set()
    tree = ast.parse(source)
    for node in _statements_run_at_import(tree) if at_import_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            named.add(base)
            named.update(f"{base}.{alias.name}" for alias in node.names)
    return named


def _statements_run_at_import(tree: ast.AST):
    """The nodes of a module that run when it is imported: its body, into classes, branches and
    `try`, but not into functions (they run when called) or `if TYPE_CHECKING:` blocks."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                pending.extend(child.orelse)
                continue
            pending.append(child)
