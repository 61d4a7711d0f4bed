"""The four-colour deck keeps hearts and diamonds warm and spades and clubs cool, and all four
suits apart, for normal vision and for deuteranopia and protanopia.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes,
"A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 2009),
severity 1.0, applied to linear sRGB; distances are CIELAB (D65) Euclidean distances.
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import pytest

from chinese_ten.ui.kit.theme import Colour, classic_theme, high_contrast_theme

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, which loads tools/cardart.py
from cardart_tool import cardart  # noqa: E402

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Simulation matrices (linear RGB in, linear RGB out) for each kind of vision."""

RED_GREEN = ("normal", "protanopia", "deuteranopia")
"""The kinds of vision for which warm and cool must still read as warm and cool."""


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(colour: Colour, vision: str) -> tuple[float, float, float]:
    """The linear RGB a person with ``vision`` perceives for an sRGB colour."""
    lin = [_linear(c) for c in colour]
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3))  # type: ignore[return-value]


def lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65 white) of a linear sRGB colour."""
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(colour: Colour, vision: str) -> tuple[float, float, float]:
    """CIELAB of what a person with ``vision`` sees."""
    return lab(simulate(colour, vision))


def distance(a: Colour, b: Colour, vision: str) -> float:
    """How far apart two colours look to a person with ``vision`` (CIELAB ΔE*ab)."""
    return math.dist(seen(a, vision), seen(b, vision))


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two colours."""
    def lum(c: Colour) -> float:
        r, g, bl = (_linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(text: str) -> Colour:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


CARD_INKS = {style: {s: _rgb(h) for s, h in cardart.suit_inks(style).items()}
             for style in ("four-colour", "high-contrast-four-colour")}
TEXT_INKS = {"classic panel": classic_theme(True).suit_ink, "high-contrast panel": high_contrast_theme(True).suit_ink}


def test_the_simulation_keeps_greys_and_confuses_red_with_green() -> None:
    for vision in MACHADO:
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert distance(grey, grey, "normal") == 0
            assert math.dist(seen(grey, vision), seen(grey, "normal")) < 1.5, (vision, grey)
    red, green = (200, 40, 40), (60, 140, 40)
    assert distance(red, green, "normal") > 60
    for vision in ("protanopia", "deuteranopia"):
        assert distance(red, green, vision) < distance(red, green, "normal") / 3, vision


@pytest.mark.parametrize("where, inks", [*CARD_INKS.items(), *TEXT_INKS.items()])
@pytest.mark.parametrize("vision", RED_GREEN)
def test_hearts_and_diamonds_look_warm_and_clubs_cool(where: str, inks: dict[str, Colour], vision: str) -> None:
    b_star = {suit: seen(ink, vision)[2] for suit, ink in inks.items()}
    assert b_star["H"] > 10 and b_star["D"] > 10, (where, vision, b_star)
    assert b_star["C"] < -10, (where, vision, b_star)
    _l, a, b = seen(inks["S"], vision)
    assert math.hypot(a, b) < 5, "spades stay a neutral black or white"


@pytest.mark.parametrize("where, inks, least", [
    ("four-colour", CARD_INKS["four-colour"], 30),
    ("high-contrast-four-colour", CARD_INKS["high-contrast-four-colour"], 25),
    *((w, i, 25) for w, i in TEXT_INKS.items()),
])
def test_every_pair_of_suits_stays_apart(where: str, inks: dict[str, Colour], least: float) -> None:
    close = [(vision, a, b, round(distance(inks[a], inks[b], vision), 1))
             for vision in RED_GREEN for a, b in itertools.combinations("SHDC", 2)
             if distance(inks[a], inks[b], vision) < least]
    assert not close, (where, close)
    for a, b in itertools.combinations("SHDC", 2):
        assert distance(inks[a], inks[b], "tritanopia") >= 20, (where, a, b)


@pytest.mark.parametrize("style", CARD_INKS)
def test_every_suit_ink_stands_out_on_the_card_face(style: str) -> None:
    face = _rgb(cardart.face_colour(style))
    for suit, ink in CARD_INKS[style].items():
        assert contrast(ink, face) >= 3, (style, suit)


def test_the_text_inks_are_the_card_inks_lightened_not_other_hues() -> None:
    for inks in TEXT_INKS.values():
        for suit in "HDC":
            card_hue = math.atan2(*reversed(seen(CARD_INKS["four-colour"][suit], "normal")[1:]))
            text_hue = math.atan2(*reversed(seen(inks[suit], "normal")[1:]))
            turn = abs((math.degrees(card_hue - text_hue) + 180) % 360 - 180)
            assert turn < 30, (suit, turn)


@pytest.mark.parametrize("theme", [classic_theme(), high_contrast_theme()], ids=lambda t: t.name)
def test_the_lessons_ring_stands_apart_from_the_focus_ring_and_the_glows_for_every_vision(theme: object) -> None:
    from chinese_ten.ui.kit.theme import Theme

    assert isinstance(theme, Theme)
    ring = theme.lesson_ring
    near = [(vision, name, round(distance(ring, other, vision), 1)) for vision in MACHADO
            for name, other in (("focus ring", theme.turn_ring), ("take glow", theme.take_glow),
                                ("choice glow", theme.choice_glow))
            if distance(ring, other, vision) < 30]
    assert not near, near
    assert contrast(ring, theme.felt) >= 3 and contrast(ring, theme.panel) >= 3
