"""The language in use: catalogs read from the assets, the system's language, the setting and --language."""

from __future__ import annotations

import argparse
import gettext
from pathlib import Path

import pytest

from chinese_ten import i18n
from chinese_ten.cli import build_parser, look_overrides, main
from chinese_ten.settings import LANGUAGE_CHOICES, SettingError, Settings


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.use_language("en")


@pytest.mark.parametrize("tag, expected", [
    ("zh_CN.UTF-8", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"),
    ("zh", "zh-Hans"), ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.Big5", "zh-Hant"), ("zh_MO", "zh-Hant"),
    ("zh-Hant", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("zh-Hans-HK", "zh-Hans"), ("en_GB.UTF-8", "en"),
    ("en", "en"), ("fr_FR.UTF-8", None), ("C", None), ("POSIX", None), ("", None),
])
def test_a_locale_name_or_language_tag_maps_to_the_language_shown(tag: str, expected: str | None) -> None:
    assert i18n.language_for(tag) == expected


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh-Hans"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:zh_HK:en"}, "zh-Hant"),
    ({"LANG": "C.UTF-8", "LANGUAGE": "zh_CN"}, "en"),  # LANGUAGE counts only under a real locale
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_linux_reads_language_then_lc_all_lc_messages_and_lang(env: dict[str, str], expected: str) -> None:
    assert i18n.system_language(env=env, platform="linux") == expected


@pytest.mark.parametrize("langid, expected", [
    (0x0804, "zh-Hans"), (0x1004, "zh-Hans"), (0x0404, "zh-Hant"), (0x0C04, "zh-Hant"), (0x1404, "zh-Hant"),
    (0x0409, "en"), (0x0809, "en"), (0x040C, "en"),
])
def test_windows_reads_the_user_interface_language(langid: int, expected: str) -> None:
    assert i18n.system_language(env={"LANG": "zh_CN"}, platform="win32", windows_langid=lambda: langid) == expected


@pytest.mark.parametrize("output, expected", [
    ('(\n    "zh-Hant-TW",\n    "en-GB"\n)\n', "zh-Hant"),
    ('(\n    "zh-Hans-CN"\n)\n', "zh-Hans"),
    ('(\n    "fr-FR",\n    "zh-Hant-HK"\n)\n', "zh-Hant"),
    ('(\n    "en-US",\n    "zh-Hans"\n)\n', "en"),
    ('(\n    "fr-FR"\n)\n', "en"),
])
def test_macos_reads_the_first_known_of_the_preferred_languages(output: str, expected: str) -> None:
    assert i18n.system_language(env={}, platform="darwin", apple_languages=lambda: output) == expected


def test_a_system_that_cannot_be_asked_reads_as_english() -> None:
    def broken() -> int:
        raise OSError("no kernel32 here")

    assert i18n.system_language(env={}, platform="win32", windows_langid=broken) == "en"


@pytest.mark.parametrize("code, words", [
    ("zh-Hans", "捡红点 Chinese Ten"), ("zh-Hant", "撿紅點 Chinese Ten"), ("en", "Chinese Ten"),
])
def test_each_language_reads_its_catalog_from_the_assets(code: str, words: str) -> None:
    i18n.use_language(code)
    assert i18n.language() == code
    assert i18n._("Chinese Ten") == words


def test_a_message_no_catalog_has_shows_as_written() -> None:
    i18n.use_language("zh-Hans")
    assert i18n._("a text nobody marked") == "a text nobody marked"


def test_chinese_has_one_form_for_every_number() -> None:
    i18n.use_language("zh-Hant")
    assert i18n.ngettext("{count} card", "{count} cards", 1) == i18n.ngettext("{count} card", "{count} cards", 5)
    i18n.use_language("en")
    assert i18n.ngettext("{count} card", "{count} cards", 1) == "{count} card"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.use_language("fr")
    assert i18n.language() == "en"


def test_given_translations_replace_the_catalog() -> None:
    class Loud(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return message.upper()

    i18n.use_language("en", Loud())
    assert i18n._("Play") == "PLAY"


def test_the_setting_allows_system_and_each_language_and_defaults_to_the_system() -> None:
    assert LANGUAGE_CHOICES == ("system", "en", "zh-Hans", "zh-Hant")
    assert Settings().language == "system"
    assert Settings(language="zh-Hant").language == "zh-Hant"
    with pytest.raises(SettingError, match="language must be one of"):
        Settings(language="zh_TW")
    assert i18n.shown_language("zh-Hans") == "zh-Hans"


def test_settings_from_a_file_keep_a_good_language_and_reject_a_bad_one() -> None:
    settings, rejected = Settings.from_mapping({"language": "zh-Hant", "volume": 50})
    assert settings.language == "zh-Hant" and not rejected
    settings, rejected = Settings.from_mapping({"language": "klingon"})
    assert settings.language == "system" and rejected == ("language",)


@pytest.mark.parametrize("argv, expected", [
    (["--language", "zh-Hans"], {"language": "zh-Hans"}),
    (["demo", "--language", "zh-Hant", "--size", "960x600"], {"language": "zh-Hant", "window_size": (960, 600)}),
    (["--language", "en", "demo"], {"language": "en"}),
])
def test_language_is_a_look_option_for_one_run(argv: list[str], expected: dict[str, object]) -> None:
    assert look_overrides(build_parser().parse_args(argv)) == expected


@pytest.mark.parametrize("argv", [["--language", "fr"], ["demo", "--language", "zh_CN"], ["--language", ""]])
def test_an_unknown_language_on_the_command_line_is_one_line_and_exit_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten: argument --language:") and "zh-Hant" in err


def test_demo_help_names_the_language_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "--help"])
    assert "--language CODE" in capsys.readouterr().out
    assert isinstance(build_parser(), argparse.ArgumentParser)


@pytest.mark.parametrize("code, name, not_name", [("zh-Hans", "捡红点", "拣红点"), ("zh-Hant", "撿紅點", "揀紅點")])
def test_each_chinese_catalog_writes_the_games_name_one_way(code: str, name: str, not_name: str) -> None:
    po = Path(__file__).resolve().parent.parent / "assets" / "locale" / code / "LC_MESSAGES" / "chinese-ten.po"
    text = po.read_text(encoding="utf-8")
    assert name in text and not_name not in text


def test_the_chinese_example_count_names_the_players_first_then_the_points() -> None:
    from chinese_ten.games.ten.helppages import example_text

    i18n.use_language("zh-Hans")
    try:
        text = example_text()
    finally:
        i18n.use_language("en")
    assert "计" not in text.split("时，")[-1][:1], text
    assert "4人时计" in text and "人时 " not in text, text
