"""Translations: catalogs parse and compile, German covers every interface string, and a German
screen shows no untranslated English."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from ludothek import i18n
from ludothek.po import Entry, compile_mo, format_po, parse_po

import i18n as i18n_tool  # scripts/i18n.py (pytest.ini puts scripts/ on the path)

ROOT = Path(__file__).resolve().parent.parent


class TestCatalogFormat:
    def test_po_round_trip_and_mo_compile(self):
        entries = [
            Entry("", msgstr=["Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"]),
            Entry("Red", msgstr=["Rot"]),
            Entry("{n} stone", "{n} stones", msgstr=["{n} Stein", "{n} Steine"]),
            Entry('Say "hi"\n', msgstr=['Sag "hallo"\n']),
            Entry("Untranslated"),
        ]
        again = parse_po(format_po(entries))
        assert [(e.msgid, e.msgid_plural, e.msgstr) for e in again] == [(e.msgid, e.msgid_plural, e.msgstr) for e in entries]
        catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(again)))
        assert catalog.gettext("Red") == "Rot"
        assert catalog.ngettext("{n} stone", "{n} stones", 1) == "{n} Stein"
        assert catalog.ngettext("{n} stone", "{n} stones", 3) == "{n} Steine"
        assert catalog.gettext('Say "hi"\n') == 'Sag "hallo"\n'
        assert catalog.gettext("Untranslated") == "Untranslated"

    def test_bad_po_says_where(self):
        with pytest.raises(ValueError, match="line 2"):
            parse_po('msgid "a"\nmsgstr unquoted\n')

    @pytest.mark.parametrize("line", ['msgstr "x"', 'msgid_plural "x"', 'msgstr[0] "x"'])
    def test_a_translation_before_any_msgid_is_refused_with_its_reason(self, line):
        with pytest.raises(ValueError, match="line 2: .* before any msgid"):
            parse_po(f"# a comment\n{line}\n")


class TestLanguages:
    def test_every_interface_string_has_a_german_translation(self):
        assert i18n_tool.missing_translations("de") == []

    def test_catalog_in_the_repository_is_up_to_date_with_the_code(self):
        in_code = {(e.msgctxt, e.msgid) for e in i18n_tool.extract()}
        path = i18n_tool.po_path("de")
        in_catalog = {e.key for e in parse_po(path.read_text(encoding="utf-8"))[1:]}
        assert in_code <= in_catalog, "run: python3 scripts/i18n.py update"

    def test_switching_language(self):
        try:
            assert i18n.set_language("de") == "de"
            assert i18n._("Red") == "Rot"
            assert i18n.ngettext("{n} move", "{n} moves", 2) == "{n} Züge"
            assert i18n.set_language("fr") == "en"
            assert i18n._("Red") == "Red"
        finally:
            i18n.set_language("en")

    @pytest.mark.parametrize("prefs,expected", [(["de-AT", "en"], "de"), (["fr", "en-GB"], "en"), ([], "en"), (["it"], "en")])
    def test_language_from_the_browser(self, prefs, expected):
        assert i18n.pick_language(prefs) == expected
