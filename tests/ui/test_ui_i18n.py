"""Every screen in every language: the fonts hold every character, no label outgrows its box, and
no text reaches the screen without going through the catalogs."""

from __future__ import annotations

import functools
import gettext
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, where the tool's loader lives
from messages_tool import marked_messages, messages  # noqa: E402

from chinese_ten import assets, i18n  # noqa: E402
from chinese_ten.i18n import LANGUAGE_NAMES, LANGUAGES, _
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import review_record
from chinese_ten.settings import Settings
from chinese_ten.ui.kit import shortcuts
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.help import TABS, HelpScene
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.stakes import ConfirmScene
from chinese_ten.ui.scenes.review import ReviewScene
from chinese_ten.ui.scenes.rules import RulesScene
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button
from chinese_ten.ui.scenes.settings import SETTING_ROWS, SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import StatsScene
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.ui.kit.theme import FontBook, classic_theme
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import run_frames


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.use_language("en")


def _catalog_characters(code: str) -> set[str]:
    po = messages.LOCALE / code / "LC_MESSAGES" / "chinese-ten.po"
    _, translated = messages.read_po(po.read_text(encoding="utf-8"), str(po))
    return {ch for m in translated for text in m.strings for ch in text if not ch.isspace()}


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
def test_every_character_a_catalog_uses_is_in_its_languages_font(code: str, window: pygame.Surface) -> None:
    wanted = _catalog_characters(code) | set(LANGUAGE_NAMES[code]) | set("0123456789+-×÷·")
    for bold in (False, True):
        font = pygame.font.Font(str(assets.font_file(bold, code)), 24)
        lacking = sorted(ch for ch, m in zip(sorted(wanted), font.metrics("".join(sorted(wanted)))) if m is None)
        assert not lacking, f"{assets.font_file(bold, code).name} has no glyph for {''.join(lacking)}"


def test_each_chinese_font_is_its_own_regional_face() -> None:
    # the same character, drawn in Simplified and in Traditional fonts, is told apart by the face's name
    names = {code: pygame.font.Font(str(assets.font_file(False, code)), 20).name for code in ("zh-Hans", "zh-Hant")}
    assert names["zh-Hans"].endswith("SC") and names["zh-Hant"].endswith("TC"), names


def test_the_font_follows_the_language_in_use(window: pygame.Surface) -> None:
    fonts = FontBook()
    i18n.use_language("zh-Hant")
    hant = fonts.get(20)
    i18n.use_language("en")
    assert fonts.get(20) is not hant
    assert fonts.get(20, language="zh-Hant") is hant
    assert fonts.get(20).name == "Noto Sans"


def test_the_fonts_licence_ships_whole_beside_them() -> None:
    licence = (assets.assets_root() / "fonts" / "NotoSansCJK-LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    assert "5) The Font Software, modified or unmodified" in licence and licence.rstrip().endswith("FONT SOFTWARE.")


# ---------------------------------------------------------------------- every screen


def _every_screen(size: tuple[int, int], settings: Settings, seen: list[object] | None = None) -> None:
    """Start, settings and its rules page, statistics, history, each help page, a table, its menu and question,
    a count, the review of its deal and a match's end."""
    surface = pygame.display.set_mode(size)
    app = App(surface, settings.replace(computers=3), None, None, ComputerThinker(force_inline=True))
    demo = App(surface, settings, None, DemoOptions(seats=4, deals=1, seed=5), ComputerThinker(force_inline=True))
    try:
        for scene in (StartScene(app), SettingsScene(app), RulesScene(app), StatsScene(app), HistoryScene(app),
                      *(HelpScene(app, t) for t in range(len(TABS)))):
            app.push(scene)
            app.frame(1 / 60)
            if seen is not None:
                seen.append(scene)
            app.pop(scene)
        app.push(StartScene(app))
        app.frame(1 / 60)
        app.start_match()
        app.frame(1 / 60)
        table = app.table()
        assert table is not None
        table.set_paused(True)
        app.frame(1 / 60)
        table.set_paused(False)
        for scene in (MenuScene(app), ConfirmScene(app, "new"), SettingsScene(app)):
            app.push(scene)
            app.frame(1 / 60)
            if seen is not None:
                seen.append(scene)
        demo.start_match()
        assert run_frames(demo, lambda: isinstance(demo.top(), CountScene), dt=0.05, limit=20000)  # a movement a frame
        demo.frame(1 / 60)
        ctl = demo.table().ctl  # type: ignore[union-attr]
        record = record_of(ctl.session.deal, players=[i.player or "you" for i in ctl.infos], deal_in_match=1)
        review = ReviewScene(demo, record, 0, review=review_record(record, 0, budget=2_000))
        demo.push(review)
        for position in (0, review.review.decisions[0].turn - 1, review.table.last):  # type: ignore[union-attr]
            review.go(position)
            demo.frame(1 / 60)
        if seen is not None:
            seen.append(review)
        demo.pop(review)
        assert run_frames(demo, lambda: isinstance(demo.top(), MatchScene), limit=2000)
        demo.frame(1 / 60)
        if seen is not None:
            seen.append(demo.table())
    finally:
        app.thinker.shutdown()
        demo.thinker.shutdown()


@pytest.mark.parametrize("platform", ["linux", "darwin"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_no_button_label_outgrows_its_button_at_960x600(code: str, platform: str, monkeypatch: pytest.MonkeyPatch,
                                                        window: pygame.Surface) -> None:
    monkeypatch.setattr(shortcuts, "PLATFORM", platform)  # a Mac names the help and full-screen keys its own way
    too_wide: list[str] = []
    names: set[str] = set()
    drawn = 0
    real_draw = Button.draw

    def measuring_draw(self: Button, surface: pygame.Surface, kit, size: int, hover: bool = False) -> None:  # type: ignore[no-untyped-def]
        nonlocal drawn
        real_draw(self, surface, kit, size, hover)
        label = self.label if self.language else shortcuts.keyboard_words(_(self.label))
        width = kit.text.width(label, size, bold=True, language=self.language)
        drawn += 1
        names.add(self.label)
        if width > self.rect.width - 8:
            too_wide.append(f"{label!r}: {width} px in a {self.rect.width} px button")

    monkeypatch.setattr(Button, "draw", measuring_draw)
    _every_screen((960, 600), Settings(language=code, allow_takebacks=True))  # the Take back button too
    assert drawn > 50 and not too_wide, too_wide
    assert "Take back (Backspace)" in names


@pytest.mark.parametrize("platform", ["linux", "darwin"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_setting_and_start_screen_row_labels_fit_beside_their_rows_at_960x600(code: str, platform: str,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           window: pygame.Surface) -> None:
    monkeypatch.setattr(shortcuts, "PLATFORM", platform)
    size = (960, 600)
    surface = pygame.display.set_mode(size)
    app = App(surface, Settings(language=code), None, None, ComputerThinker(force_inline=True))
    unit = ui_scale(size)
    settings = SettingsScene(app)
    box = settings.box(size)
    room = settings.rows[0][0].rect.left - (box.left + round(30 * unit))
    for _key, label, _choices in SETTING_ROWS:
        assert app.kit.text.width(shortcuts.keyboard_words(_(label)), font_px(23, unit), bold=True) < room, label
    start = StartScene(app)
    start.place(size)
    for (key, label, _choices), row in zip(start.options, start.rows):
        if key == "game":  # the games' buttons carry no label beside them
            continue
        assert app.kit.text.width(_(label), font_px(26, unit), bold=True) < row[0].rect.left - round(18 * unit), label
    for i, name in enumerate(TABS):
        help_scene = HelpScene(app, i)
        help_scene.place(size)
        assert app.kit.text.width(_(name), font_px(22, unit), bold=True) < help_scene.tabs[i].rect.width - 8
    app.thinker.shutdown()


@pytest.mark.parametrize("code", LANGUAGES)
def test_panel_headings_fit_the_side_panel_at_960x600(code: str, make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4)
    app.change_settings(language=code)
    app.surface = pygame.display.set_mode((960, 600))
    geom = scene.geom()
    text = app.kit.text
    pad = max(10, round(16 * geom.unit))
    inner = geom.panel.width - 2 * pad
    from chinese_ten.ui.table.panel import turn_text

    assert text.width(_("Deal {number} of {total}").format(number=12, total=12), geom.font(34), bold=True) <= inner
    assert text.width(turn_text(ctl), geom.font(20), bold=True) <= inner - pad
    assert text.width(_("Dealer: {name}").format(name=_("North")), geom.font(20)) <= inner
    for name in (_("You"), _("West"), _("North"), _("East")):
        assert text.width(name, geom.font(20), bold=True) < 0.40 * inner - text.width("99", geom.font(20))
    ctl.stop()


# ---------------------------------------------------------------------- a pseudo-language


def _pseudo(text: str) -> str:
    """Latin letters made full-width, placeholders kept: any plain letter left on screen was never translated."""
    parts = re.split(r"(\{\w*\})", text)
    return "".join(p if p.startswith("{") else "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c
                                                        for c in p) for p in parts)


@functools.cache
def _marked() -> frozenset[str]:
    """Every message marked for translation in the sources, read once a test process (each change of language
    makes a catalog anew)."""
    return frozenset(m.msgid for m in marked_messages())


class Pseudo(gettext.NullTranslations):
    """Translates exactly the messages the catalogs hold, each into the pseudo-language."""

    def __init__(self) -> None:
        super().__init__()
        self.known = _marked()

    def gettext(self, message: str) -> str:
        return _pseudo(message) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        chosen = singular if n == 1 else plural
        return _pseudo(chosen) if singular in self.known else chosen


CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]|\b[AJQK]\b")
"""A card written as rank and suit, or a rank alone (the card-values sheet's "2 to K"): the same in every
language."""


@pytest.mark.slow
@pytest.mark.parametrize("look", [Settings(), Settings(high_contrast=True, four_colour=True)])
def test_a_pseudo_language_run_shows_no_untranslated_text_on_any_screen(look: Settings, monkeypatch: pytest.MonkeyPatch,
                                                                        window: pygame.Surface) -> None:
    drawn: set[str] = set()
    real_line = TextPainter.line

    def recording_line(self: TextPainter, text: str, *args, **kwargs) -> pygame.Surface:  # type: ignore[no-untyped-def]
        if not kwargs.get("language"):
            drawn.add(text)
        return real_line(self, text, *args, **kwargs)

    monkeypatch.setattr(TextPainter, "line", recording_line)
    monkeypatch.setattr(i18n, "catalog", lambda code: Pseudo())
    seen: list[object] = []
    _every_screen((1280, 800), look.replace(language="zh-Hans"), seen)
    assert len(seen) >= 9
    untranslated = sorted(t for t in drawn if re.search(r"[A-Za-z]", CARD.sub("", t)))
    assert len(drawn) > 150 and not untranslated, untranslated


# ---------------------------------------------------------------------- choosing the language


def test_the_app_shows_the_language_its_settings_ask_for(window: pygame.Surface) -> None:
    app = App(window, Settings(language="zh-Hant"), None, None, ComputerThinker(force_inline=True))
    assert i18n.language() == "zh-Hant" and _("Settings") == "設定"
    app.thinker.shutdown()


def test_choosing_a_language_in_settings_changes_every_word_at_once(window: pygame.Surface) -> None:
    app = App(window, Settings(language="en"), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60)
    row = [key for key, _label, _choices in SETTING_ROWS].index("language")
    settings.choose(row, [v for _t, v in SETTING_ROWS[row][2]].index("zh-Hans"))
    assert app.settings.language == "zh-Hans" and i18n.language() == "zh-Hans"
    assert pygame.display.get_caption()[0] == "捡红点 Chinese Ten"
    assert app.kit.fonts.get(20).name.endswith("SC")
    app.frame(1 / 60)
    settings.choose(row, 0)
    assert app.settings.language == "system" and i18n.language() == i18n.system_language()
    app.thinker.shutdown()


def test_each_language_name_is_written_in_its_own_font(window: pygame.Surface) -> None:
    app = App(window, Settings(language="en"), None, None, ComputerThinker(force_inline=True))
    settings = SettingsScene(app)
    names = {b.label: b.language for b in settings.rows[-1]}
    assert names == {"System": None, "English": "en", "简体中文": "zh-Hans", "繁體中文": "zh-Hant"}
    app.thinker.shutdown()


def test_chinese_paragraphs_wrap_between_characters_within_their_width(window: pygame.Surface) -> None:
    i18n.use_language("zh-Hans")
    painter = TextPainter(FontBook(), classic_theme())
    text = _("A card always takes exactly one card, and must take when it can. If two cards could be taken and "
             "they score differently, you pick; otherwise the game picks for you.")
    lines = painter.wrap(text, 16, 200)
    assert len(lines) > 2 and "".join(lines) == text
    assert all(painter.width(line, 16) <= 200 for line in lines)
    assert not any(line[0] in "，。、：；" for line in lines)


@pytest.mark.parametrize("code, word", [("zh-Hans", "座位"), ("zh-Hant", "畫面"), ("zh-Hans", "画面")])
def test_chinese_lines_never_break_inside_a_word(code: str, word: str, window: pygame.Surface) -> None:
    i18n.use_language(code)
    painter = TextPainter(FontBook(), classic_theme())
    text = f"请回到你的{word}上再来一次。"
    for width in range(painter.width(text[:3], 16), painter.width(text, 16), 4):
        lines = painter.wrap(text, 16, width)
        assert "".join(lines) == text
        assert not any(line.endswith(word[0]) and following.startswith(word[1])
                       for line, following in zip(lines, lines[1:])), (width, lines)


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
def test_no_wrapped_chinese_line_starts_with_closing_or_ends_with_opening_punctuation(code: str,
                                                                                     window: pygame.Surface) -> None:
    i18n.use_language(code)
    painter = TextPainter(FontBook(), classic_theme())
    po = messages.LOCALE / code / "LC_MESSAGES" / "chinese-ten.po"
    _, translated = messages.read_po(po.read_text(encoding="utf-8"), str(po))
    texts = [t for m in translated for t in m.strings if len(t) > 12 and "{" not in t]
    assert len(texts) > 50
    closing, opening = "、。，：；！？）」』”’》】…", "“‘（《「『【"
    for text in texts:
        for width in (90, 130, 170):
            lines = painter.wrap(text, 16, width)
            for line, following in zip(lines, lines[1:]):
                assert following[0] not in closing, (text, lines)
                assert line[-1] not in opening, (text, lines)


def test_no_wrapped_english_line_starts_with_a_full_stop_comma_or_closing_bracket(window: pygame.Surface) -> None:
    painter = TextPainter(FontBook(), classic_theme())
    texts = ["West played 7♥ and took 3♦ (+10). Turned J♦, which joined the layout.",
             "North played J♣ and took J♦ (+10); turned K♣ (the last), which joined the layout!"]
    for text in texts:
        for width in range(60, painter.width(text, 16), 7):
            lines = painter.wrap(text, 16, width)
            assert " ".join(lines).replace("  ", " ") == text or "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert not any(line[0] in ".,;:!?)" for line in lines[1:]), (width, lines)


def test_a_chinese_character_is_never_left_alone_on_the_last_line(window: pygame.Surface) -> None:
    i18n.use_language("zh-Hant")
    painter = TextPainter(FontBook(), classic_theme())
    text = "北家和南家打完了這一局，你贏。"
    lines = painter.wrap(text, 16, painter.width(text[:-2], 16))
    assert "".join(lines) == text
    assert lines[-1] != "贏。" and lines[-1].endswith("你贏。"), lines


def test_switching_the_language_mid_match_retells_seat_names_and_the_log(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.controller import seat_infos
    from chinese_ten.ui.table.narration import Narration

    app, ctl, scene = make_table(seats=2, person=False)
    assert run_frames(app, lambda: len(ctl.narration.entries) >= 3)
    app.change_settings(language="zh-Hans")
    assert ctl.names == [info.name for info in seat_infos(2, "normal", person=False)]
    assert not any(name in ("North", "South", "You") for name in ctl.names)
    again = Narration(ctl.names)
    for event in ctl.narration.shown:
        again.add(event)
    assert ctl.narration.entries == again.entries
    english = ("played", "took", "Turned", "North", "South", "You")
    assert not [entry for entry in ctl.narration.entries if any(word in entry for word in english)]
    # the log goes on in the new language, with no line half in each
    count = len(ctl.narration.entries)
    assert run_frames(app, lambda: len(ctl.narration.entries) > count + 1)
    assert not [entry for entry in ctl.narration.entries if any(word in entry for word in english)]
    ctl.stop()


def _drawn_as_a_box(font: pygame.font.Font, ch: str) -> bool:
    """True when ``font`` has no glyph for ``ch`` and draws its box (the glyph of a private-use character,
    which no font of the game holds); the font's metrics of such a character are the box's, not None."""
    def picture(text: str) -> bytes:
        return pygame.image.tobytes(font.render(text, True, (255, 255, 255), (0, 0, 0)), "RGB")

    return picture(ch) == picture("\ue000")


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
def test_every_character_drawn_on_every_screen_has_a_glyph_in_its_font(code: str, window: pygame.Surface,
                                                                      tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.matchstore import open_store
    from chinese_ten.ui.keeper import Keeper
    from chinese_ten.ui.kit.text import _pieces
    from uiharness import play_until, press

    drawn: set[tuple[str, bool, str]] = set()
    real_line = TextPainter.line

    def recording_line(self: TextPainter, text: str, size: int, colour: object, bold: bool = False,
                       suit_ink: object = None, language: str | None = None) -> pygame.Surface:
        drawn.add((text, bold, language or i18n.language()))
        return real_line(self, text, size, colour, bold, suit_ink, language)  # type: ignore[arg-type]

    monkeypatch.setattr(TextPainter, "line", recording_line)
    _every_screen((1280, 800), Settings(language=code))
    # Statistics and History with a kept match, so that the chart and the list are drawn too
    surface = pygame.display.set_mode((1280, 800))
    app = App(surface, Settings(language=code, computers=1, match_length="one", animation_speed="instant"), None,
              None, ComputerThinker(force_inline=True), Keeper(open_store(tmp_path)))
    try:
        app.push(StartScene(app))
        press(app, pygame.K_RETURN)
        assert play_until(app, lambda: isinstance(app.top(), MatchScene), limit=2000)
        for scene in (StatsScene(app), HistoryScene(app)):
            app.push(scene)
            app.frame(1 / 60)
            app.pop(scene)
    finally:
        app.keeper.close()  # type: ignore[union-attr]
        app.thinker.shutdown()
    i18n.use_language(code)
    chart = _("Your margin in the last {n} deals").split("{n}")[0]
    assert any(text.startswith(chart) for text, _bold, _lang in drawn), "the chart was drawn"
    written: dict[tuple[bool, str], set[str]] = {}  # each character once a font, however many texts hold it
    for text, bold, lang in drawn:
        for kind, value in _pieces(text):
            if kind == "t":
                written.setdefault((bold, lang), set()).update(ch for ch in value if not ch.isspace())
    lacking: dict[str, set[str]] = {}
    for (bold, lang), chars in written.items():
        font = pygame.font.Font(str(assets.font_file(bold, lang)), 24)
        for ch in chars:
            if _drawn_as_a_box(font, ch):
                lacking.setdefault(f"{assets.font_file(bold, lang).name}", set()).add(ch)
    assert not lacking, {name: "".join(sorted(chars)) for name, chars in lacking.items()}
