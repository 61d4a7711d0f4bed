"""The catalog tool: extraction, the .mo writer, and the committed catalogs kept complete and in step."""

from __future__ import annotations

import gettext
import io

import pytest
from messages_tool import marked_messages, messages


def test_every_message_has_a_translation_in_both_chinese_catalogs() -> None:
    wanted = list(marked_messages())
    pos = messages.po_files()
    assert {p.parent.parent.name for p in pos} == {"zh-Hans", "zh-Hant"}
    for po in pos:
        lacking = messages.missing(po, wanted)
        assert not lacking, f"{po.parent.parent.name} lacks translations (python tools/messages.py missing): {lacking}"


def test_translations_keep_every_placeholder_of_their_message() -> None:
    import re

    for po in messages.po_files():
        _, have = messages.read_po(po.read_text(encoding="utf-8"), str(po))
        for m in have:
            fields = set(re.findall(r"\{\w*\}", m.msgid))
            for text in m.strings:
                assert set(re.findall(r"\{\w*\}", text)) == fields, (po.parent.parent.name, m.msgid, text)


def test_the_committed_mo_files_match_their_po_sources() -> None:
    assert messages.main(["compile", "--check"]) == 0


def test_the_committed_template_holds_every_marked_message() -> None:
    _, template = messages.read_po(messages.POT.read_text(encoding="utf-8"), str(messages.POT))
    assert [m.key for m in template] == [m.key for m in marked_messages()], "run: python tools/messages.py extract"


def test_extraction_finds_underscore_n_underscore_and_ngettext_with_their_places() -> None:
    source = ('x = _("Play")\ny = N_("Quit")\nz = ngettext("{n} card", "{n} cards", 2)\n'
              'w = _(NAME)\nv = other("not a message")\n')
    found = messages.extract_source(source, "demo.py")
    assert [(m.msgid, m.plural, m.places) for m in found] == [
        ("Play", None, ["demo.py:1"]), ("Quit", None, ["demo.py:2"]), ("{n} card", "{n} cards", ["demo.py:3"])]


def test_a_plural_message_built_at_run_time_is_refused_with_its_place() -> None:
    with pytest.raises(messages.CatalogError, match="demo.py:2: ngettext"):
        messages.extract_source("a = 1\nb = ngettext(one, many, 3)\n", "demo.py")


def test_the_mo_writer_round_trips_through_gettext() -> None:
    po = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
          'msgid "Play"\nmsgstr "开始"\n\n#, fuzzy\nmsgid "Quit"\nmsgstr "退出"\n\n'
          'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "one {n}"\nmsgstr[1] "many {n}"\n\n'
          'msgid "Say \\"hi\\"\\n"\nmsgstr ""\n"line one "\n"line two"\n\nmsgid "Untranslated"\nmsgstr ""\n')
    header, parsed = messages.read_po(po, "test.po")
    catalog = gettext.GNUTranslations(io.BytesIO(messages.mo_bytes(header, parsed)))
    assert catalog.gettext("Play") == "开始"
    assert catalog.gettext("Quit") == "Quit"  # fuzzy entries are left out
    assert catalog.ngettext("{n} card", "{n} cards", 1) == "one {n}"
    assert catalog.ngettext("{n} card", "{n} cards", 4) == "many {n}"
    assert catalog.gettext('Say "hi"\n') == "line one line two"
    assert catalog.gettext("Untranslated") == "Untranslated"


def test_check_reports_a_stale_mo(tmp_path, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "chinese-ten.po").write_text('msgid "Play"\nmsgstr "Go"\n', encoding="utf-8")
    monkeypatch.setattr(messages, "LOCALE", tmp_path)
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    monkeypatch.setattr(messages, "po_files", lambda locale=tmp_path: sorted(tmp_path.glob("*/LC_MESSAGES/*.po")))
    assert messages.main(["compile", "--check"]) == 1
    assert "differs from its .po" in capsys.readouterr().err
    assert messages.main(["compile"]) == 0
    assert messages.main(["compile", "--check"]) == 0


def test_a_po_file_with_an_unknown_keyword_is_refused_with_its_line() -> None:
    with pytest.raises(messages.CatalogError, match="bad.po:2: unknown keyword"):
        messages.read_po('msgid "a"\nmsgtxt "b"\n', "bad.po")


def test_merge_keeps_translations_adds_new_texts_untranslated_and_drops_old_ones() -> None:
    po = ('# a catalog\nmsgid ""\nmsgstr ""\n"Language: xx\\n"\n\nmsgid "Play"\nmsgstr "Go"\n\n'
          'msgid "Gone"\nmsgstr "Away"\n\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} x"\n')
    wanted = [messages.Message("Play"), messages.Message("{n} card", "{n} cards"), messages.Message("New")]
    merged = messages.merge(po, "xx.po", wanted)
    assert merged.startswith("# a catalog\n")
    header, have = messages.read_po(merged, "xx.po")
    assert header == "Language: xx\n"
    assert [(m.msgid, m.strings[0]) for m in have] == [("Play", "Go"), ("{n} card", "{n} x"), ("New", "")]
    assert messages.merge(merged, "xx.po", wanted) == merged
