"""Colours, fonts and sizes of the table, gathered so another theme can replace them.

A :class:`Theme` is plain data. :func:`classic_theme` is the felt table;
:func:`high_contrast_theme` is a flat dark table with white card faces, heavy
outlines and a two-tone focus ring. Every font the screens draw with comes from a
:class:`FontBook`, which alone chooses the font files.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from chinese_ten import i18n
from chinese_ten.assets import font_file, link_font_file

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """Every colour the table draws with, and the card style it asks for."""

    name: str
    felt: Colour
    felt_edge: Colour
    felt_flat: bool
    panel: Colour
    panel_line: Colour
    text: Colour
    text_dim: Colour
    text_on_light: Colour
    accent: Colour
    turn_ring: Colour
    """The ring round the seat to move, and the keyboard focus ring."""
    lesson_ring: Colour
    """The ring round the card Learn to play asks for: apart from the focus ring and the glows of takes
    and choices for every kind of colour vision."""
    chosen_ring: Colour
    """The ring and tag of the option a seat chose, in the review: apart from the focus ring's yellow and
    the best option's green (black words stand on it)."""
    take_glow: Colour
    choice_glow: Colour
    capture_glow: Colour
    badge: Colour
    badge_text: Colour
    button: Colour
    button_hover: Colour
    button_text: Colour
    toast: Colour
    gain: Colour
    loss: Colour
    shadow_alpha: int
    focus_width: int
    suit_ink: dict[str, Colour] = field(default_factory=dict)
    card_style: str = "classic"
    raised: Colour = (52, 74, 78)
    focus_inner: Colour = (20, 20, 20)
    button_edge: Colour | None = None
    card_face: Colour = (252, 250, 244)
    dim_alpha: int = 150

    def suit_colour(self, suit: str) -> Colour:
        """The ink of a suit symbol drawn inside text."""
        return self.suit_ink.get(suit, self.text)

    def text_pairs(self) -> list[tuple[str, Colour, Colour]]:
        """Every (where, text colour, background colour) combination the screens draw text in."""
        pairs = [
            ("table text", self.text, self.felt),
            ("table dim text", self.text_dim, self.felt),
            ("panel text", self.text, self.panel),
            ("panel dim text", self.text_dim, self.panel),
            ("panel accent", self.accent, self.panel),
            ("panel gain", self.gain, self.panel),
            ("panel loss", self.loss, self.panel),
            ("row text", self.text, self.raised),
            ("row dim text", self.text_dim, self.raised),
            ("row gain", self.gain, self.raised),
            ("row loss", self.loss, self.raised),
            ("turn box", self.text_on_light, self.turn_ring),
            ("button", self.button_text, self.button),
            ("button hover", self.button_text, self.button_hover),
            ("chosen button", self.text_on_light, self.accent),
            ("badge", self.badge_text, self.badge),
            ("review's chosen tag", (0, 0, 0), self.chosen_ring),
            ("toast", self.text, self.toast),
            ("toast accent", self.accent, self.toast),
            ("plate", self.text, (0, 0, 0)),
            ("plate dim", self.text_dim, (0, 0, 0)),
        ]
        pairs += [(f"suit {s} in text", ink, self.panel) for s, ink in sorted(self.suit_ink.items())]
        pairs += [(f"suit {s} in rows", ink, self.raised) for s, ink in sorted(self.suit_ink.items())]
        return pairs


_TWO_COLOUR = {"S": (20, 20, 24), "C": (20, 20, 24), "H": (200, 24, 30), "D": (200, 24, 30)}
_FOUR_COLOUR = {"S": (0, 0, 0), "H": (0xDD, 0x11, 0x00), "D": (0x22, 0x11, 0xAA), "C": (0x22, 0x77, 0x66)}
_PANEL_TWO = {"S": (235, 235, 240), "C": (235, 235, 240), "H": (255, 120, 110), "D": (255, 120, 110)}
# Suit inks in text for the four-colour deck: the card inks (see tools/cardart.py) lightened
# to read on the dark panels, keeping hearts and diamonds warm (red, orange) and clubs cool
# (blue) also for deuteranopes and protanopes; tests/ui/test_ui_colour_vision.py checks them.
_PANEL_FOUR = {"S": (235, 235, 240), "H": (255, 120, 110), "D": (255, 180, 60), "C": (120, 175, 255)}
_HC_TWO = {"S": (255, 255, 255), "C": (255, 255, 255), "H": (255, 130, 120), "D": (255, 130, 120)}
_HC_FOUR = {"S": (255, 255, 255), "H": (255, 130, 120), "D": (255, 190, 60), "C": (130, 180, 255)}


def classic_theme(four_colour: bool = False) -> Theme:
    """The green felt table."""
    return Theme(
        name="classic",
        felt=(22, 96, 64),
        felt_edge=(10, 52, 36),
        felt_flat=False,
        panel=(18, 30, 34),
        panel_line=(52, 74, 78),
        text=(236, 240, 236),
        text_dim=(160, 180, 172),
        text_on_light=(24, 28, 30),
        accent=(244, 196, 82),
        turn_ring=(255, 214, 102),
        lesson_ring=(240, 135, 135),
        chosen_ring=(125, 200, 255),
        take_glow=(255, 226, 120),
        choice_glow=(120, 220, 255),
        capture_glow=(255, 236, 140),
        badge=(250, 204, 64),
        badge_text=(40, 28, 0),
        button=(40, 120, 90),
        button_hover=(58, 150, 112),
        button_text=(250, 250, 245),
        toast=(30, 30, 36),
        gain=(140, 235, 150),
        loss=(255, 150, 140),
        shadow_alpha=70,
        focus_width=3,
        suit_ink=dict(_PANEL_FOUR if four_colour else _PANEL_TWO),
        card_style="four-colour" if four_colour else "classic",
    )


def high_contrast_theme(four_colour: bool = False) -> Theme:
    """A flat dark table with white text and heavy outlines."""
    return Theme(
        name="high-contrast",
        felt=(12, 20, 16),
        felt_edge=(12, 20, 16),
        felt_flat=True,
        panel=(0, 0, 0),
        panel_line=(255, 255, 255),
        text=(255, 255, 255),
        text_dim=(220, 220, 220),
        text_on_light=(0, 0, 0),
        accent=(255, 221, 0),
        turn_ring=(255, 221, 0),
        lesson_ring=(255, 100, 100),
        chosen_ring=(0, 200, 255),
        take_glow=(255, 221, 0),
        choice_glow=(0, 200, 255),
        capture_glow=(255, 255, 255),
        badge=(255, 221, 0),
        badge_text=(0, 0, 0),
        button=(0, 0, 0),
        button_hover=(60, 60, 60),
        button_text=(255, 255, 255),
        toast=(0, 0, 0),
        gain=(120, 255, 120),
        loss=(255, 140, 140),
        shadow_alpha=0,
        focus_width=4,
        suit_ink=dict(_HC_FOUR if four_colour else _HC_TWO),
        card_style="high-contrast-four-colour" if four_colour else "high-contrast",
        raised=(38, 38, 38),
        focus_inner=(0, 0, 0),
        button_edge=(255, 255, 255),
        card_face=(255, 255, 255),
        dim_alpha=190,
    )


def theme_for(high_contrast: bool, four_colour: bool) -> Theme:
    """The theme the settings ask for."""
    return high_contrast_theme(four_colour) if high_contrast else classic_theme(four_colour)


MIN_TEXT_PX = 12
"""The smallest text drawn anywhere, in pixels of the font's em: below it letters blur together."""

TEXT_SCALE = 0.75
"""Pixels of em per layout point: a font of ``points`` at 1280×800 is ``points × 0.75`` pixels."""


def text_px(points: float, unit: float) -> int:
    """The pixel size of text given as ``points`` at 1280×800, in a window scaled by ``unit``."""
    return max(MIN_TEXT_PX, round(points * unit * TEXT_SCALE))


class FontBook:
    """The game's bundled font at any pixel size, the sizes in use kept ready.

    Each font file is read into memory once; fonts made from it hold no open file.
    At most ``keep`` sizes are kept, the least recently used dropped first, so a
    window resized through hundreds of sizes keeps only those it draws with now.
    """

    def __init__(self, keep: int = 48) -> None:
        """An empty book; fonts are made on first use."""
        self._files: dict[tuple[bool, str], bytes] = {}
        self._fonts: OrderedDict[tuple[int, bool, str], pygame.font.Font] = OrderedDict()
        self._keep = keep

    def __len__(self) -> int:
        """How many fonts are kept now."""
        return len(self._fonts)

    def _file(self, bold: bool, language: str) -> bytes:
        data = self._files.get((bold, language))
        if data is None:
            data = font_file(bold, language).read_bytes()
            self._files[(bold, language)] = data
        return data

    def link(self, size: int) -> pygame.font.Font:
        """The face table links are shown in (l, I and 1 told apart), at ``size`` pixels."""
        key = (max(MIN_TEXT_PX, int(size)), False, "link")
        font = self._fonts.get(key)
        if font is None:
            data = self._files.get((False, "link"))
            if data is None:
                data = self._files[(False, "link")] = link_font_file().read_bytes()
            font = self._fonts[key] = pygame.font.Font(io.BytesIO(data), key[0])
            if len(self._fonts) > self._keep:
                self._fonts.popitem(last=False)
        return font

    def get(self, size: int, bold: bool = False, language: str | None = None) -> pygame.font.Font:
        """The font at ``size`` pixels (never under :data:`MIN_TEXT_PX`), bold or regular, for the
        language in use (or for ``language``)."""
        key = (max(MIN_TEXT_PX, int(size)), bold, language or i18n.language())
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(io.BytesIO(self._file(bold, key[2])), key[0])
            self._fonts[key] = font
            if len(self._fonts) > self._keep:
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font
