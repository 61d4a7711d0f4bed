"""Text is drawn with the bundled font at its real pixel size, legible at the smallest size,
and the font and text caches stay bounded however often the window is resized."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from chinese_ten import assets
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.help import TABS, HelpScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.kit import font_px
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.ui.kit.theme import MIN_TEXT_PX, FontBook, classic_theme, text_px
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import run_frames


def _ink_columns(surf: pygame.Surface, threshold: int = 60) -> list[bool]:
    """For each column of a rendered line, whether any pixel in it is inked."""
    w, h = surf.get_size()
    return [any(surf.get_at((x, y)).a > threshold for y in range(h)) for x in range(w)]


def _gaps(columns: list[bool]) -> list[int]:
    """Widths of the blank runs between inked columns."""
    gaps, run, seen_ink = [], 0, False
    for inked in columns:
        if inked:
            if seen_ink and run:
                gaps.append(run)
            run, seen_ink = 0, True
        else:
            run += 1
    return gaps


def _glyph_height(font: pygame.font.Font, text: str) -> int:
    return font.render(text, True, (255, 255, 255)).get_bounding_rect(min_alpha=60).height


def test_the_bundled_font_and_its_licence_ship_in_assets() -> None:
    folder = assets.assets_root() / "fonts"
    for name in assets.FONT_FILES.values():
        assert assets.font_file(name == assets.FONT_FILES[True]).name == name
        assert (folder / name).stat().st_size > 100_000
    licence = (folder / "NotoSans-LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "PERMISSION & CONDITIONS" in licence and "DISCLAIMER" in licence


def test_text_is_drawn_at_its_real_pixel_size(window: pygame.Surface) -> None:
    fonts = FontBook()
    for size in (MIN_TEXT_PX, 16, 24, 40):
        cap = _glyph_height(fonts.get(size), "H")
        # a capital is about 0.71 of the em; pygame's built-in font drew about half of that
        assert cap >= round(size * 0.68), (size, cap)


def test_words_keep_their_space_and_letters_their_gaps_at_the_smallest_size(window: pygame.Surface) -> None:
    painter = TextPainter(FontBook(), classic_theme())
    white = (255, 255, 255)
    spaced = _gaps(_ink_columns(painter.line("for earlier", MIN_TEXT_PX, white)))
    assert max(spaced) >= 3, f"the space between words is {max(spaced)} px"
    # "Tie score": the only wide gap is the one between the words, never inside "score"
    gaps = _gaps(_ink_columns(painter.line("Tie score", MIN_TEXT_PX, white)))
    assert max(gaps) >= 3 and sorted(gaps)[-2] < max(gaps)
    # separate letters stay separate: "illi" has four strokes with a blank column between each
    assert len(_gaps(_ink_columns(painter.line("illi", MIN_TEXT_PX, white), threshold=110))) == 3
    # every character of a word has its own width, so "core" is wider than "ore" by a letter
    narrow = painter.width("ore", MIN_TEXT_PX)
    assert painter.width("core", MIN_TEXT_PX) - narrow >= MIN_TEXT_PX // 3


def test_no_size_helper_goes_under_the_minimum() -> None:
    assert font_px(1, 0.1) == MIN_TEXT_PX
    assert text_px(10, 0.5) == MIN_TEXT_PX
    assert text_px(40, 1.0) == 30
    fonts = FontBook()
    pygame.font.init()
    assert fonts.get(3).get_height() == fonts.get(MIN_TEXT_PX).get_height()


def _every_screen(app: App) -> None:
    """Draw every screen the app has once: start, settings, help pages, a table, menu and count."""
    app.push(StartScene(app))
    app.frame(1 / 60)
    app.push(SettingsScene(app))
    app.frame(1 / 60)
    app.pop(app.top())
    for tab in range(len(TABS)):
        app.push(HelpScene(app, tab))
        app.frame(1 / 60)
        app.pop(app.top())
    app.start_match()
    app.frame(1 / 60)
    app.push(MenuScene(app))
    app.frame(1 / 60)
    app.pop(app.top())


def _a_whole_deal(app: App) -> None:
    """A computers' deal played to its count."""
    app.start_match()
    assert run_frames(app, lambda: isinstance(app.top(), CountScene), limit=20000)
    app.frame(1 / 60)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_every_screen_draws_text_no_smaller_than_the_minimum(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                                            window: pygame.Surface) -> None:
    used: set[int] = set()
    real_get = FontBook.get

    def recording_get(self: FontBook, px: int, bold: bool = False, language: str | None = None) -> pygame.font.Font:
        font = real_get(self, px, bold, language)
        used.add(font.point_size)
        return font

    monkeypatch.setattr(FontBook, "get", recording_get)
    surface = pygame.display.set_mode(size)
    app = App(surface, Settings(computers=3), None, None, ComputerThinker(force_inline=True))
    demo = App(surface, Settings(), None, DemoOptions(seats=4, deals=1, seed=5), ComputerThinker(force_inline=True))
    try:
        _every_screen(app)
        _a_whole_deal(demo)
    finally:
        app.thinker.shutdown()
        demo.thinker.shutdown()
    assert used and min(used) >= MIN_TEXT_PX, sorted(used)


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_font_and_text_caches_stay_bounded_over_hundreds_of_window_sizes(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.push(HelpScene(app, 1))
    sizes = [(960 + (i * 37) % 960, 600 + (i * 23) % 480) for i in range(300)]
    app.frame(1 / 60)
    files_before = _open_files()
    most = 0
    for i, size in enumerate(sizes):
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        app.draw()
        if i == len(sizes) // 2:
            app.pop(app.top())  # the start screen's own sizes too
        most = max(most, len(app.kit.fonts))
    painter = app.kit.text
    assert most <= 48, f"{most} fonts kept"
    assert len(painter) <= 1500 and painter.cached_bytes <= 24 * 1024 * 1024
    assert _open_files() - files_before <= 2, "a font opened per size keeps its file open"


def test_every_character_the_screens_write_is_in_the_bundled_font(window: pygame.Surface) -> None:
    import re

    from chinese_ten.ui.kit.text import SUIT_CHARS

    package = Path(__file__).resolve().parents[3] / "chinese_ten"
    written: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        for literal in re.findall(r'"(?:[^"\\\n]|\\.)*"', path.read_text(encoding="utf-8")):
            # Chinese is drawn with the Chinese fonts (tests/ui/test_ui_i18n.py checks those)
            written |= {ch for ch in literal if ord(ch) > 127 and ch not in SUIT_CHARS and not "\u2e80" <= ch <= "\uffef"}
    font = FontBook().get(24)
    missing_box = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGBA")
    missing = sorted(ch for ch in written
                     if pygame.image.tobytes(font.render(ch, True, (255, 255, 255)), "RGBA") == missing_box)
    assert written and not missing, f"drawn as an empty box: {missing}"


def test_fitting_gives_the_largest_size_at_which_every_text_fits_and_stops_at_the_smallest(window) -> None:  # type: ignore[no-untyped-def]
    painter = TextPainter(FontBook(), classic_theme())
    texts = ["North +12", "Deal 3: South-west −40 · North-east +25"]
    size = painter.fitting(texts, 30, 300)
    assert size < 30 and max(painter.width(t, size) for t in texts) <= 300
    assert max(painter.width(t, size + 1) for t in texts) > 300, "one size larger would not fit"
    assert painter.fitting(texts, 30, 10_000) == 30
    assert painter.fitting(texts, 30, 5, smallest=12) == 12


def test_a_wrapped_line_never_breaks_inside_a_number_with_a_decimal_point(window) -> None:  # type: ignore[no-untyped-def]
    painter = TextPainter(FontBook(), classic_theme())
    text = "Deal 1: You -123.5 · West +17.5 · North-west +17.5 · East +1"
    for width in range(40, painter.width(text, 16), 5):
        lines = painter.wrap(text, 16, width)
        assert " ".join(lines) == text, (width, lines)
        words = text.split(" ")
        assert all(word in words for line in lines for word in line.split(" ")), (width, lines)


@pytest.mark.parametrize("language", ["en", "zh-Hans", "zh-Hant"])
def test_a_name_in_any_script_is_drawn_with_a_font_that_has_its_letters(window: pygame.Surface,
                                                                         language: str) -> None:
    painter = TextPainter(FontBook(), classic_theme())
    box = painter.line("\ue000", 24, (255, 255, 255), language=language)  # no font has it: the missing-glyph box

    def pixels(surf: pygame.Surface) -> bytes:
        return pygame.image.tobytes(surf, "RGBA")

    for name in ("明", "張", "Ann", "Ёлка"):  # in one bundled font or another, whatever the language in use
        shown = painter.line(name[0], 24, (255, 255, 255), language=language)
        assert shown.get_size() != box.get_size() or pixels(shown) != pixels(box), (name, language)
    runs = painter.cover.runs("Ann 小明 said hi", False, "en")
    assert runs[0] == ("en", "Ann ") and runs[-1] == ("en", "said hi") and runs[1][0] != "en"
    assert painter.width("Ann 張", 24, language="en") == sum(
        painter.font(face, 24).size(part)[0] for face, part in painter.cover.runs("Ann 張", False, "en"))


def test_a_width_kept_is_the_width_measured_and_the_kept_widths_stay_bounded(window: pygame.Surface) -> None:
    from chinese_ten.ui.kit.text import WIDTHS_KEPT

    painter = TextPainter(FontBook(), classic_theme())
    texts = [f"West took 3♦ and {n} (+{n % 40})" for n in range(WIDTHS_KEPT + 500)]
    first = [painter.width(t, 18) for t in texts[:50]]
    for text in texts:
        painter.width(text, 18, language="zh-Hans")
    painter.width("Wide words 3♦", 18)
    assert len(painter._widths) == WIDTHS_KEPT
    fresh = TextPainter(FontBook(), classic_theme())
    assert first == [fresh.width(t, 18) for t in texts[:50]]  # the same figures, whether kept or dropped since
    for size, bold in ((30, False), (18, True)):  # a width kept at one size or weight is not given for another
        assert painter.width("Wide words 3♦", size, bold) == TextPainter(FontBook(), classic_theme()).width(
            "Wide words 3♦", size, bold)


def test_a_wrap_kept_is_the_wrap_made_and_the_kept_wraps_stay_bounded(window: pygame.Surface) -> None:
    from chinese_ten.i18n import use_language
    from chinese_ten.ui.kit.text import WRAPS_KEPT

    painter = TextPainter(FontBook(), classic_theme())
    texts = [f"West played 7♦ and took 3♣ with it, turn {n}, and the stock turned a queen" for n in range(WRAPS_KEPT + 40)]
    first = [painter.wrap(t, 18, 200) for t in texts[:20]]
    assert all(len(lines) >= 2 for lines in first), "each text needs more than one line at 200 px"
    for text in texts:
        painter.wrap(text, 18, 200)
    assert len(painter._wraps) == WRAPS_KEPT
    fresh = TextPainter(FontBook(), classic_theme())
    assert first == [fresh.wrap(t, 18, 200) for t in texts[:20]]  # the same lines, whether kept or dropped since
    kept = painter.wrap(texts[-1], 18, 200)
    kept.append("changed by its caller")
    assert painter.wrap(texts[-1], 18, 200) == fresh.wrap(texts[-1], 18, 200), "a caller's change is not kept"
    assert painter.wrap(texts[-1], 18, 400) == fresh.wrap(texts[-1], 18, 400) != kept[:-1], "another width wraps anew"
    use_language("zh-Hans")
    words = "西家出了方块七，吃了梅花三，翻开的牌是一张皇后，它也进了牌桌"
    assert painter.wrap(words, 18, 120) == TextPainter(FontBook(), classic_theme()).wrap(words, 18, 120)
