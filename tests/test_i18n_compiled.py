"""The compiled catalogs the page reads (ludothek.json, written into the package by
scripts/build.py) answer exactly as gettext does with the .po they come from."""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludothek import i18n  # noqa: E402
from ludothek.po import compile_json, compile_mo, parse_po  # noqa: E402

LOCALES = sorted((ROOT / "py" / "ludothek" / "locale").glob("*/LC_MESSAGES/ludothek.po"))


@pytest.mark.parametrize("po", LOCALES, ids=lambda path: path.parts[-3])
def test_the_compiled_catalog_answers_as_gettext(po):
    entries = parse_po(po.read_text(encoding="utf-8"))
    reference = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    table = compile_json(entries)
    assert table["plural"] in i18n._ONE_OR_MORE
    compiled = i18n._Catalog(table)
    asked = 0
    for entry in entries[1:]:
        if entry.msgid_plural is not None:
            for n in (0, 1, 2, 5, 21):
                if entry.msgctxt is None:
                    assert compiled.ngettext(entry.msgid, entry.msgid_plural, n) == reference.ngettext(entry.msgid, entry.msgid_plural, n)
                    asked += 1
        elif entry.msgctxt is not None:
            assert compiled.pgettext(entry.msgctxt, entry.msgid) == reference.pgettext(entry.msgctxt, entry.msgid)
            asked += 1
        else:
            assert compiled.gettext(entry.msgid) == reference.gettext(entry.msgid)
            asked += 1
    assert asked > 50
    assert compiled.gettext("not a message of Ludothek") == "not a message of Ludothek"
    assert compiled.ngettext("one thing", "{n} things", 3) == "{n} things"


def test_the_package_carries_the_compiled_catalogs(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build

    monkeypatch.setattr(build, "BUILD", tmp_path)
    import zipfile

    names = zipfile.ZipFile(build.pack_python()).namelist()
    for po in LOCALES:
        assert str(po.relative_to(ROOT / "py").with_suffix(".json")) in names


def test_a_compiled_catalog_beside_the_po_is_used(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "ludothek.json").write_text('{"plural": "(n != 1)", "messages": {"Play": "Spielen!"}, "plurals": {}}')
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})
    saved = i18n.language()
    try:
        i18n.set_language("de")
        assert i18n._("Play") == "Spielen!"
    finally:
        i18n.set_language(saved)


def test_a_line_of_two_quoted_strings_is_refused():
    # Quoted at both ends, it once read as a tuple and became an entry's msgid.
    with pytest.raises(ValueError, match="one quoted string"):
        parse_po('msgid "a", "b"\nmsgstr "x"\n')
