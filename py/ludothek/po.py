"""Reading and writing gettext catalogs (.po) and compiling them to .mo bytes, in pure Python.

The app ships the .po files and compiles them in memory when a language is chosen, so the
standard library's `gettext.GNUTranslations` serves translations without a build step. The same
code is used by scripts/i18n.py to extract, merge and check catalogs.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from typing import TypedDict


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    def is_translated(self) -> bool:
        return all(self.msgstr) and "fuzzy" not in self.flags


def _unquote(text: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise ValueError(f"expected a quoted string, got {text!r}")
    value = ast.literal_eval(text)
    if not isinstance(value, str):  # '"a", "b"' is quoted at both ends too, and reads as a tuple
        raise ValueError(f"expected one quoted string, got {text!r}")
    return value


def _entry_of(current: Entry | None, keyword: str) -> Entry:
    """The entry a msgid_plural or msgstr line extends: the one its msgid started (a broken file
    may have none yet)."""
    if current is None:
        raise ValueError(f"{keyword} before any msgid")
    return current


def parse_po(text: str) -> list[Entry]:
    """Entries of a .po file (the header is the entry with msgid ''). Obsolete (#~) entries are dropped."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # the field that continuation lines extend
    done = False  # the current entry has its msgstr: the next comment or keyword starts a new one
    refs: list[str] = []
    flags: list[str] = []
    comments: list[str] = []

    def start() -> Entry:
        nonlocal current, done, refs, flags, comments
        if current is not None:
            entries.append(current)
        current = Entry("", references=refs, flags=flags, comments=comments)
        refs, flags, comments, done = [], [], [], False
        return current

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        try:
            if line.startswith("#"):
                if line.startswith("#:"):
                    refs.extend(line[2:].split())
                elif line.startswith("#,"):
                    flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
                else:
                    comments.append(line[2:].strip() if line.startswith("#.") else line[1:].strip())
                continue
            if line.startswith('"'):
                if current is None or target is None:
                    raise ValueError("a continuation line outside an entry")
                name, index = target
                if name == "msgstr":
                    current.msgstr[index] += _unquote(line)
                else:
                    setattr(current, name, getattr(current, name) + _unquote(line))
                continue
            keyword, _sep, rest = line.partition(" ")
            if keyword == "msgctxt":
                entry = start()
                entry.msgctxt = _unquote(rest)
                target = ("msgctxt", 0)
            elif keyword == "msgid":
                entry = current if (current is not None and target == ("msgctxt", 0)) else start()
                if entry is current and (refs or flags or comments):
                    entry.references += refs
                    entry.flags += flags
                    entry.comments += comments
                    refs, flags, comments = [], [], []
                entry.msgid = _unquote(rest)
                target = ("msgid", 0)
            elif keyword == "msgid_plural":
                entry = _entry_of(current, keyword)
                entry.msgid_plural = _unquote(rest)
                entry.msgstr = []
                target = ("msgid_plural", 0)
            elif keyword.startswith("msgstr["):
                entry = _entry_of(current, keyword)
                index = int(keyword[7:-1])
                while len(entry.msgstr) <= index:
                    entry.msgstr.append("")
                entry.msgstr[index] = _unquote(rest)
                target = ("msgstr", index)
                done = True
            elif keyword == "msgstr":
                _entry_of(current, keyword).msgstr = [_unquote(rest)]
                target = ("msgstr", 0)
                done = True
            else:
                raise ValueError(f"unknown keyword {keyword!r}")
        except (ValueError, SyntaxError, AttributeError) as exc:
            raise ValueError(f"line {number}: {exc}") from None
    del done
    if current is not None:
        entries.append(current)
    return entries


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def format_po(entries: list[Entry]) -> str:
    out = []
    for entry in entries:
        lines = [f"#. {c}" for c in entry.comments]
        if entry.references:
            lines.append("#: " + " ".join(entry.references))
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        if entry.msgctxt is not None:
            lines.append(f"msgctxt {_quote(entry.msgctxt)}")
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.msgid_plural is not None:
            lines.append(f"msgid_plural {_quote(entry.msgid_plural)}")
            for i, text in enumerate(entry.msgstr):
                lines.append(f"msgstr[{i}] {_quote(text)}")
        elif entry.msgid == "":
            lines.append('msgstr ""')
            lines.extend(_quote(part + "\n") for part in entry.msgstr[0].split("\n") if part)
        else:
            lines.append(f"msgstr {_quote(entry.msgstr[0])}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def compile_mo(entries: list[Entry]) -> bytes:
    """GNU .mo bytes for the translated entries (and the header), as msgfmt writes them."""
    table: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.is_translated():
            continue
        key = entry.msgid
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}\x04{key}"
        if entry.msgid_plural is not None:
            key = f"{key}\x00{entry.msgid_plural}"
            value = "\x00".join(entry.msgstr)
        else:
            value = entry.msgstr[0]
        table[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(table)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(table[k] + b"\x00" for k in keys)
    count = len(keys)
    header_size = 7 * 4
    id_table = header_size
    str_table = id_table + count * 8
    id_data = str_table + count * 8
    str_data = id_data + len(ids)
    offsets_ids, offsets_strs = [], []
    pos_id, pos_str = id_data, str_data
    for k in keys:
        offsets_ids += [len(k), pos_id]
        pos_id += len(k) + 1
        offsets_strs += [len(table[k]), pos_str]
        pos_str += len(table[k]) + 1
    return (
        struct.pack("<7I", 0x950412DE, 0, count, id_table, str_table, 0, 0)
        + struct.pack(f"<{2 * count}I", *offsets_ids)
        + struct.pack(f"<{2 * count}I", *offsets_strs)
        + ids
        + strs
    )


class CompiledCatalog(TypedDict):
    """A catalog as compile_json writes it (ludothek.json) and ludothek.i18n reads it: the plural
    rule, the singular messages and each plural message's forms, keyed as in a .mo."""

    plural: str
    messages: dict[str, str]
    plurals: dict[str, list[str]]


def compile_json(entries: list[Entry]) -> CompiledCatalog:
    """The translated entries as a plain table ({"plural": rule, "messages": {...}, "plurals":
    {...}}, keys as in a .mo: "context\x04msgid"), for ludothek.i18n to read without gettext."""
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    rule = ""
    for entry in entries:
        if not entry.msgid:
            for line in entry.msgstr[0].splitlines():
                if line.lower().startswith("plural-forms:"):
                    rule = line.split("plural=", 1)[-1].strip().rstrip(";").strip()
            continue
        if not entry.is_translated():
            continue
        key = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is not None:
            plurals[key] = list(entry.msgstr)
        else:
            messages[key] = entry.msgstr[0]
    return {"plural": rule, "messages": messages, "plurals": plurals}
