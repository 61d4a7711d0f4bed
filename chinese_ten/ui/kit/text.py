"""Text with suit symbols drawn as shapes, wrapped and cached.

pygame's default font has no suit glyphs, so ``♠ ♥ ♦ ♣`` inside a string are
drawn here as small vector shapes in the suit's ink.

Text the person or a friend typed (a name, a chat line, a table's name) may be in any script whatever
the language in use: a character the language's font lacks is drawn with the first font that has it,
the other languages' bundled fonts first, then a Chinese font of the system's (the bundled Chinese fonts
hold only the characters the game's own texts use).
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Sequence

import pygame

import io
import logging
from pathlib import Path

from chinese_ten import i18n
from chinese_ten.assets import LANGUAGE_FONT_FILES, font_file
from chinese_ten.ui.kit.theme import MIN_TEXT_PX, Colour, FontBook, Theme

_log = logging.getLogger("chinese_ten.ui")

SYSTEM_FACE = "system"
"""The face of a system font found for characters no bundled font has."""

SYSTEM_FONT_NAMES = ("notosanscjksc,notosanscjktc,notosanscjk,sourcehansanssc,sourcehansans,microsoftyahei,"
                     "microsoftjhenghei,pingfangsc,pingfangtc,hiraginosansgb,wenquanyimicrohei,wenquanyizenhei,"
                     "droidsansfallbackfull,droidsansfallback,simhei,arialunicodems")
"""The system fonts looked for, in order, when no bundled font has a character: fonts with Chinese."""

SUIT_CHARS: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
"""Suit symbols found in text, and the suit letter each stands for."""

_SUPER = 4


def _heart(size: int) -> list[tuple[float, float]]:
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((size / 2 + x * size / 34, size * 0.46 - y * size / 34))
    return pts


def suit_shape(suit: str, size: int, colour: Colour) -> pygame.Surface:
    """A suit symbol ``size`` pixels square, smoothed, on a transparent surface."""
    big = max(4, size) * _SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = colour
    if suit == "H":
        pygame.draw.polygon(surf, c, _heart(big))
    elif suit == "D":
        pygame.draw.polygon(surf, c, [(big / 2, big * 0.04), (big * 0.86, big / 2),
                                      (big / 2, big * 0.96), (big * 0.14, big / 2)])
    elif suit == "S":
        pts = [(x, big - y) for x, y in _heart(big)]
        pts = [(x, y - big * 0.12) for x, y in pts]
        pygame.draw.polygon(surf, c, pts)
        pygame.draw.polygon(surf, c, [(big / 2, big * 0.6), (big * 0.3, big * 0.97), (big * 0.7, big * 0.97)])
    else:
        r = big * 0.2
        pygame.draw.circle(surf, c, (big / 2, big * 0.26), r)
        pygame.draw.circle(surf, c, (big * 0.27, big * 0.58), r)
        pygame.draw.circle(surf, c, (big * 0.73, big * 0.58), r)
        pygame.draw.rect(surf, c, (big * 0.38, big * 0.4, big * 0.24, big * 0.2))
        pygame.draw.polygon(surf, c, [(big / 2, big * 0.5), (big * 0.3, big * 0.97), (big * 0.7, big * 0.97)])
    return pygame.transform.smoothscale(surf, (max(4, size), max(4, size)))


def _surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def suit_px(size: int) -> int:
    """The size of a suit symbol inside text of ``size`` pixels: as tall as a capital letter."""
    return max(MIN_TEXT_PX * 3 // 4, round(size * 0.74))


_CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_OPENING = "\u201c\u2018\uff08\u300a\u300c\u300e\u3010\u3014\u3008(["
"""Punctuation that never ends a line: it stays with what follows (“ ‘ （ 《 「 『 【 〔 〈)."""
_NO_LINE_START = ("\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u201d\u2019\u300b"
                  "\u3011\u3015\u3009\u2026\u00b7\u30fb)].,;:!?%")
"""Punctuation that never starts a line: it stays with what comes before (、。，：；！？）」』”’》】〕〉…·
and the closing bracket, full stop, comma and the like of other scripts)."""
_CJK_CHAR = re.compile(f"[{_CJK}]")
_OPEN_RE, _CLOSE_RE = re.escape(_OPENING), re.escape(_NO_LINE_START)
_WORD = f"[^ {_CJK}{_OPEN_RE}{_CLOSE_RE}]"
_BREAKS = re.compile(f"[{_OPEN_RE}]*(?:(?![{_OPEN_RE}{_CLOSE_RE}])[{_CJK}]|{_WORD}(?:{_WORD}|[{_CLOSE_RE}](?={_WORD}))*)"
                     f"[{_CLOSE_RE}]*| +|[{_OPEN_RE}{_CLOSE_RE}]+")
"""Pieces a line may break between: a Chinese character or a run of other letters, with the opening
punctuation before it and the closing punctuation after it; or spaces. Punctuation inside a run
("+17.5", "1:30") belongs to the run."""


CJK_WORDS: frozenset[str] = frozenset({
    "座位", "画面", "畫面", "桌面", "牌堆", "设置", "設定", "比赛", "比賽", "得分", "统计", "統計", "历史", "歷史",
    "记录", "紀錄", "开始", "開始", "选项", "選項", "玩家", "电脑", "電腦", "获胜", "獲勝", "赢家", "贏家",
    "均分", "净分", "淨分", "规则", "規則", "菜单", "選單", "继续", "繼續", "提示", "暂停", "暫停", "退出",
})
"""Chinese words of the game's texts a line never breaks inside (a line may break between any other two
Chinese characters)."""


def _lone_character(line: str) -> bool:
    """True when ``line`` is one Chinese character, with any punctuation that follows it."""
    pieces = break_pieces(line)
    return len(pieces) == 1 and len(pieces[0]) <= 3 and bool(_CJK_CHAR.match(pieces[0])) and \
        len(pieces[0].rstrip(_NO_LINE_START)) == 1


def break_pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces, and between Chinese characters outside the words
    of :data:`CJK_WORDS`.

    >>> break_pieces("Deal 1 of 4")
    ['Deal', ' ', '1', ' ', 'of', ' ', '4']
    >>> break_pieces("第1局，共4局。打出4♠，留在桌面")
    ['第', '1', '局，', '共', '4', '局。', '打', '出', '4♠，', '留', '在', '桌面']
    >>> break_pieces("took 3♦ (+10). Turned")
    ['took', ' ', '3♦', ' ', '(+10).', ' ', 'Turned']
    >>> break_pieces("“学习玩法”会（以后）")
    ['“学', '习', '玩', '法”', '会', '（以', '后）']
    >>> break_pieces("You -123.5 · West +17.5.")
    ['You', ' ', '-123.5', ' ', '·', ' ', 'West', ' ', '+17.5.']
    """
    pieces: list[str] = []
    for piece in _BREAKS.findall(text):
        if pieces and pieces[-1] and piece and pieces[-1][-1] + piece[0] in CJK_WORDS:
            pieces[-1] += piece
        else:
            pieces.append(piece)
    return pieces


def _pieces(text: str) -> list[tuple[str, str]]:
    """Split text into ('t', words) and ('s', suit letter) pieces."""
    out: list[tuple[str, str]] = []
    buf = ""
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                out.append(("t", buf))
                buf = ""
            out.append(("s", SUIT_CHARS[ch]))
        else:
            buf += ch
    if buf:
        out.append(("t", buf))
    return out


LINK_GROUP = 4
"""How many characters of a link's table and claim are shown together."""


def link_groups(link: str) -> list[str]:
    """A table link in the pieces it is shown in: its base up to ``/t/``, then the table's name and the
    claim in groups of :data:`LINK_GROUP`, the ``#`` between them alone; a text that is no table link whole.

    >>> link_groups("http://192.168.1.5:47110/t/cH95nkGng0VM#AbIl1dEf")
    ['http://192.168.1.5:47110/t/', 'cH95', 'nkGn', 'g0VM', '#', 'AbIl', '1dEf']
    """
    base, sep, rest = link.rpartition("/t/")
    if not sep:
        return [link]
    table, mark, claim = rest.partition("#")

    def grouped(code: str) -> list[str]:
        return [code[i:i + LINK_GROUP] for i in range(0, len(code), LINK_GROUP)]

    return [base + sep, *grouped(table), *([mark, *grouped(claim)] if mark else [])]


class GlyphCover:
    """Which font draws each character: the language's own when it has the glyph, else the first of the
    other bundled fonts, then the system's Chinese font, that has it (a character none has stays with the
    language's font)."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, bool], object | None] = {}
        self._has: dict[tuple[str, bool, str], bool] = {}
        self._system_path: Path | None | bool = False
        """The system font's file; None when there is none; False until looked for."""

    def system_path(self) -> Path | None:
        """The system's Chinese font file, looked for once (None when the system has none)."""
        if self._system_path is False:
            found: str | None = None
            try:
                found = pygame.font.match_font(SYSTEM_FONT_NAMES)
            except (OSError, pygame.error, RuntimeError, ValueError) as exc:
                _log.info("no system font looked up: %s", exc)
            self._system_path = Path(found) if found else None
        return self._system_path if isinstance(self._system_path, Path) else None

    def _face(self, face: str, bold: bool) -> object | None:
        key = (face, bold)
        if key not in self._faces:
            import pygame.freetype

            path = self.system_path() if face == SYSTEM_FACE else font_file(bold, face)
            try:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                self._faces[key] = None if path is None else pygame.freetype.Font(str(path), 16)
            except (OSError, pygame.error, RuntimeError) as exc:
                _log.info("the font %s cannot be read: %s", path, exc)
                self._faces[key] = None
        return self._faces[key]

    def has(self, face: str, bold: bool, ch: str) -> bool:
        """True when ``face`` (a language's bundled font, or the system's) has a glyph for ``ch``."""
        key = (face, bold, ch)
        known = self._has.get(key)
        if known is None:
            font = self._face(face, bold)
            known = font is not None and font.get_metrics(ch)[0] is not None  # type: ignore[attr-defined]
            self._has[key] = known
        return known

    def runs(self, text: str, bold: bool, language: str) -> list[tuple[str, str]]:
        """``text`` cut into runs, each with the face that draws it (see the class)."""
        if text.isascii() or not text:
            return [(language, text)]
        chain = [language, *(code for code in LANGUAGE_FONT_FILES if code != language), SYSTEM_FACE]
        out: list[tuple[str, str]] = []
        for ch in text:
            face = language
            if not ch.isspace() and not self.has(language, bold, ch):
                face = next((f for f in chain[1:] if self.has(f, bold, ch)), language)
            if ch.isspace() and out:
                face = out[-1][0]  # a space goes with what it follows
            if out and out[-1][0] == face:
                out[-1] = (face, out[-1][1] + ch)
            else:
                out.append((face, ch))
        return out


WIDTHS_KEPT = 1024
"""How many measured widths a painter keeps (some 370 KB when all are sentences of a turn's length: 1.5 MB measured for 4,096)."""

WRAPS_KEPT = 64
"""How many wrapped texts a painter keeps, as their lines: enough for the newest turns of the table's log, whose
pictures are drawn again as each turns from the newest to an older one's colour."""


class TextPainter:
    """Renders and caches lines and paragraphs of text that may hold suit symbols.

    The cache is bounded both in entries and in pixel bytes, least recently used
    dropped first, so resizing the window through many sizes cannot grow it.
    """

    def __init__(self, fonts: FontBook, theme: Theme, limit: int = 1500,
                 max_bytes: int = 24 * 1024 * 1024, widths: int = WIDTHS_KEPT) -> None:
        """A painter using ``fonts`` and the suit inks of ``theme``, keeping at most ``limit`` pictures of text
        (``max_bytes`` of pixels) and ``widths`` measured widths."""
        self.fonts = fonts
        self.theme = theme
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._limit = limit
        self._max_bytes = max_bytes
        self._bytes = 0
        self.cover = GlyphCover()
        """Which font draws each character of the text."""
        self._system_fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._widths: OrderedDict[tuple[str, int, bool, str], int] = OrderedDict()
        """Measured widths, least recently used dropped first past ``widths`` of them (a font is the same file at
        a size, weight and language for the whole run, so a width once measured stays true)."""
        self._widths_kept = widths
        self._wraps: OrderedDict[tuple[str, int, int, bool, str], tuple[str, ...]] = OrderedDict()
        """Texts wrapped, as their lines, least recently used dropped first past :data:`WRAPS_KEPT` (they are
        wrapped by the widths above, which stay true)."""

    def __len__(self) -> int:
        """How many rendered pieces are kept now."""
        return len(self._cache)

    @property
    def cached_bytes(self) -> int:
        """Pixel bytes held by the kept pieces."""
        return self._bytes

    def set_theme(self, theme: Theme) -> None:
        """Use another theme's suit inks from now on."""
        self.theme = theme
        self._cache.clear()
        self._bytes = 0

    def _get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
        return hit

    def _remember(self, key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
        old = self._cache.pop(key, None)
        if old is not None:
            self._bytes -= _surface_bytes(old)
        self._cache[key] = surf
        self._bytes += _surface_bytes(surf)
        while len(self._cache) > 1 and (len(self._cache) > self._limit or self._bytes > self._max_bytes):
            _, dropped = self._cache.popitem(last=False)
            self._bytes -= _surface_bytes(dropped)
        return surf

    def suit(self, suit: str, size: int, colour: Colour | None = None) -> pygame.Surface:
        """A cached suit shape."""
        ink = colour if colour is not None else self.theme.suit_colour(suit)
        key = ("suit", suit, size, ink)
        hit = self._get(key)
        return hit if hit is not None else self._remember(key, suit_shape(suit, size, ink))

    def font(self, face: str, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``face`` (a language's bundled font, or :data:`SYSTEM_FACE`) at ``size`` pixels."""
        if face != SYSTEM_FACE:
            return self.fonts.get(size, bold, face)
        key = (max(MIN_TEXT_PX, int(size)), bold)
        font = self._system_fonts.get(key)
        if font is None:
            path = self.cover.system_path()
            if path is None:
                return self.fonts.get(size, bold)
            font = pygame.font.Font(io.BytesIO(path.read_bytes()), key[0])
            font.bold = bold
            self._system_fonts[key] = font
            while len(self._system_fonts) > 16:
                self._system_fonts.popitem(last=False)
        return font

    def _runs(self, text: str, size: int, bold: bool, language: str) -> list[tuple[pygame.font.Font, str]]:
        """``text`` (no suits) as runs of the fonts that draw them."""
        return [(self.font(face, size, bold), part) for face, part in self.cover.runs(text, bold, language)]

    def width(self, text: str, size: int, bold: bool = False, language: str | None = None) -> int:
        """The width in pixels ``line`` would take."""
        language = language or i18n.language()
        key = (text, int(size), bold, language)
        known = self._widths.get(key)
        if known is not None:
            self._widths.move_to_end(key)
            return known
        font_size = max(MIN_TEXT_PX, int(size))
        total = 0
        for kind, value in _pieces(text):
            if kind == "t":
                total += sum(font.size(part)[0] for font, part in self._runs(value, size, bold, language))
            else:
                total += suit_px(font_size) + 2
        self._widths[key] = total
        if len(self._widths) > self._widths_kept:
            self._widths.popitem(last=False)
        return total

    def cut(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """``text`` as it fits ``width`` pixels at ``size``: whole, or cut short with "…"."""
        while len(text) > 1 and self.width(text, size, bold) > width:
            text = text[:-2].rstrip() + "…"
        return text

    def fitting(self, texts: Sequence[str], size: int, width: float, bold: bool = False, smallest: int = 10) -> int:
        """The largest size from ``size`` down to ``smallest`` at which every one of ``texts`` is at most ``width``
        pixels wide (``smallest`` when even that is too wide)."""
        while size > smallest and max((self.width(text, size, bold) for text in texts), default=0) > width:
            size -= 1
        return size

    def link(self, link: str, size: int, colour: Colour) -> pygame.Surface:
        """A table link as it is shown to be copied by hand, cached: in the links' face, where l, I and 1
        differ, its table and claim in groups of four (:func:`link_groups`) a little apart. The gaps are
        drawn, not written: nothing is added to the link."""
        key = ("link", link, size, colour)
        hit = self._get(key)
        if hit is not None:
            return hit
        font = self.fonts.link(size)
        parts = [font.render(group, True, colour) for group in link_groups(link)]
        gap = max(2, round(font.get_height() * 0.3))
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
        surf = pygame.Surface((max(1, width), font.get_linesize()), pygame.SRCALPHA)
        x = 0
        for p in parts:
            surf.blit(p, (x, 0))
            x += p.get_width() + gap
        return self._remember(key, surf)

    def line(self, text: str, size: int, colour: Colour, bold: bool = False,
             suit_ink: dict[str, Colour] | None = None, language: str | None = None) -> pygame.Surface:
        """One line of text with suits drawn inline, cached; in the font of the language in use
        (or of ``language``)."""
        inks = tuple(sorted(suit_ink.items())) if suit_ink else None
        language = language or i18n.language()
        key = ("line", text, size, colour, bold, inks, language)
        hit = self._get(key)
        if hit is not None:
            return hit
        font = self.fonts.get(size, bold, language)
        font_size = max(MIN_TEXT_PX, int(size))
        pieces = [(kind, value, self._runs(value, size, bold, language) if kind == "t" else [])
                  for kind, value in _pieces(text)]
        used = [font, *(f for _k, _v, runs in pieces for f, _part in runs)]
        baseline = max(f.get_ascent() for f in used)  # one baseline, whichever fonts the line needs
        height = max(font.get_linesize(), baseline + max(-f.get_descent() for f in used))
        parts: list[tuple[pygame.Surface, int]] = []
        for kind, value, runs in pieces:
            if kind == "t":
                parts += [(f.render(part, True, colour), baseline - f.get_ascent()) for f, part in runs]
            else:
                ink = (suit_ink or {}).get(value) or self.theme.suit_colour(value)
                glyph = self.suit(value, suit_px(font_size), ink)
                cell = pygame.Surface((glyph.get_width() + 2, height), pygame.SRCALPHA)
                cell.blit(glyph, (1, baseline - glyph.get_height()))
                parts.append((cell, 0))
        width = sum(p.get_width() for p, _y in parts) or 1
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        x = 0
        for p, y in parts:
            surf.blit(p, (x, y))
            x += p.get_width()
        return self._remember(key, surf)

    def wrap(self, text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
        """The text broken into lines no wider than ``max_width``, at spaces and between Chinese characters."""
        key = (text, int(size), max_width, bold, i18n.language())
        known = self._wraps.get(key)
        if known is not None:
            self._wraps.move_to_end(key)
            return list(known)
        lines = self._wrapped(text, size, max_width, bold)
        self._wraps[key] = tuple(lines)
        if len(self._wraps) > WRAPS_KEPT:
            self._wraps.popitem(last=False)
        return lines

    def _wrapped(self, text: str, size: int, max_width: int, bold: bool) -> list[str]:
        lines: list[str] = []
        cur = ""
        for piece in break_pieces(text):
            trial = cur + piece
            if cur.strip() and not piece.isspace() and self.width(trial.rstrip(), size, bold) > max_width:
                lines.append(cur.rstrip())
                cur = piece
            else:
                cur = trial if cur or not piece.isspace() else ""
        if cur.strip():
            lines.append(cur.rstrip())
        if len(lines) >= 2 and _lone_character(lines[-1]):
            # a Chinese character alone on the last line ("贏。") takes the one before it along
            before = break_pieces(lines[-2])
            if len(before) >= 2 and not before[-1].isspace() and _CJK_CHAR.match(before[-1]):
                lines[-2] = "".join(before[:-1]).rstrip()
                lines[-1] = before[-1] + lines[-1]
        return lines or [""]

    def paragraph(self, text: str, size: int, colour: Colour, max_width: int,
                  bold: bool = False) -> pygame.Surface:
        """Text wrapped to ``max_width`` as one cached surface."""
        key = ("para", text, size, colour, max_width, bold, i18n.language())
        hit = self._get(key)
        if hit is not None:
            return hit
        lines = [self.line(t, size, colour, bold) for t in self.wrap(text, size, max_width, bold)]
        height = sum(s.get_height() for s in lines)
        surf = pygame.Surface((max(1, max(s.get_width() for s in lines)), max(1, height)), pygame.SRCALPHA)
        y = 0
        for s in lines:
            surf.blit(s, (0, y))
            y += s.get_height()
        return self._remember(key, surf)
