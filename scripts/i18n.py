#!/usr/bin/env python3
"""Translation catalogs: extract the interface's strings, merge them into each language, check.

    python3 scripts/i18n.py update     # write locale/ludothek.pot and merge it into every <lang>.po
    python3 scripts/i18n.py check      # list strings without a translation (exit 1 if any)

Strings are found in py/ludothek by reading the code (ast): the literal arguments of `_()`,
`N_()`, `ngettext()`, `pgettext()`, and of `Level(number, name, description)` (the computer
players' level names, which the ai layer defines without importing the translation module).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "ludothek"
LOCALE = PACKAGE / "locale"
sys.path.insert(0, str(ROOT / "py"))

from ludothek.i18n import LANGUAGES, DEFAULT_LANGUAGE  # noqa: E402
from ludothek.po import Entry, format_po, parse_po  # noqa: E402

HEADER = "Content-Type: text/plain; charset=UTF-8\nLanguage: {lang}\nPlural-Forms: nplurals=2; plural=(n != 1);\n"


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract() -> list[Entry]:
    found: dict[tuple[str | None, str], Entry] = {}
    problems = []
    for path in sorted(p for p in PACKAGE.rglob("*.py") if p.name not in ("i18n.py", "po.py")):
        rel = path.relative_to(ROOT / "py").as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else None
            args = node.args
            entries: list[Entry] = []
            if name in ("_", "N_") and args:
                text = _literal(args[0])
                if text is None:
                    if name == "N_" or not isinstance(args[0], (ast.Name, ast.Subscript, ast.Attribute, ast.Call)):
                        problems.append(f"{rel}:{node.lineno}: {name}() needs a string literal")
                    continue
                entries.append(Entry(text))
            elif name == "ngettext" and len(args) >= 2:
                one, many = _literal(args[0]), _literal(args[1])
                if one is None or many is None:
                    problems.append(f"{rel}:{node.lineno}: ngettext() needs string literals")
                    continue
                entries.append(Entry(one, msgid_plural=many, msgstr=["", ""]))
            elif name == "pgettext" and len(args) >= 2:
                context, text = _literal(args[0]), _literal(args[1])
                if context is None or text is None:
                    problems.append(f"{rel}:{node.lineno}: pgettext() needs string literals")
                    continue
                entries.append(Entry(text, msgctxt=context))
            elif name == "Level" and len(args) >= 3:
                entries.extend(Entry(t) for t in (_literal(args[1]), _literal(args[2])) if t)
            for entry in entries:
                if not entry.msgid:
                    continue
                kept = found.setdefault(entry.key, entry)
                kept.references.append(f"{rel}:{node.lineno}")
    if problems:
        raise SystemExit("i18n: strings that cannot be extracted:\n" + "\n".join(problems))
    return sorted(found.values(), key=lambda e: (e.references[0].split(":")[0], int(e.references[0].split(":")[1])))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "ludothek.po"


def merge(template: list[Entry], language: str) -> tuple[list[Entry], int]:
    path = po_path(language)
    old = {e.key: e for e in parse_po(path.read_text(encoding="utf-8"))} if path.exists() else {}
    merged = [Entry("", msgstr=[HEADER.format(lang=language)])]
    missing = 0
    for entry in template:
        previous = old.get(entry.key)
        msgstr = list(previous.msgstr) if previous and previous.msgid_plural == entry.msgid_plural else ["", ""] if entry.msgid_plural else [""]
        new = Entry(
            entry.msgid, entry.msgid_plural, entry.msgctxt, msgstr, list(entry.references), [f for f in (previous.flags if previous else []) if f == "fuzzy"]
        )
        missing += not new.is_translated()
        merged.append(new)
    return merged, missing


def update() -> int:
    template = extract()
    LOCALE.mkdir(parents=True, exist_ok=True)
    pot = [Entry("", msgstr=[HEADER.format(lang="")])] + [
        Entry(e.msgid, e.msgid_plural, e.msgctxt, ["", ""] if e.msgid_plural else [""], e.references) for e in template
    ]
    (LOCALE / "ludothek.pot").write_text(format_po(pot), encoding="utf-8")
    total_missing = 0
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        merged, missing = merge(template, language)
        po_path(language).parent.mkdir(parents=True, exist_ok=True)
        po_path(language).write_text(format_po(merged), encoding="utf-8")
        print(f"i18n: {language}: {len(template)} strings, {missing} without translation")
        total_missing += missing
    return total_missing


def missing_translations(language: str) -> list[str]:
    """Interface strings that `language` does not translate (from the code, not the catalog)."""
    template = extract()
    path = po_path(language)
    have = {e.key: e for e in parse_po(path.read_text(encoding="utf-8"))} if path.exists() else {}
    return [e.msgid for e in template if e.key not in have or not have[e.key].is_translated()]


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
        return 0
    if command == "check":
        bad = 0
        for language in LANGUAGES:
            if language == DEFAULT_LANGUAGE:
                continue
            missing = missing_translations(language)
            for text in missing:
                print(f"{language}: missing: {text!r}")
            bad += len(missing)
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
