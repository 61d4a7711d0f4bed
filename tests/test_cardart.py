"""Tests for the card artwork generator and the committed SVG files."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardart_tool import cardart

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SVG = "{http://www.w3.org/2000/svg}"
ALLOWED_TAGS = {"svg", "g", "path", "rect", "circle", "polygon", "ellipse", "line", "polyline"}
RED_SUITS = ("H", "D")
BLACK_SUITS = ("S", "C")
PIP_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


@pytest.fixture(scope="module")
def expected() -> dict[str, str]:
    return cardart.expected_files()


# --- the files on disk are exactly the generator's output -------------------


def test_committed_assets_match_the_generator(expected: dict[str, str]) -> None:
    stale = [
        rel
        for rel, text in expected.items()
        if not (ASSETS / rel).is_file() or (ASSETS / rel).read_bytes() != text.encode("utf-8")
    ]
    assert not stale, f"run `python tools/cardart.py`; out of date: {stale[:10]}"
    extra = sorted(
        p.relative_to(ASSETS).as_posix()
        for p in (ASSETS / "cards").rglob("*")
        if p.is_file() and p.relative_to(ASSETS).as_posix() not in expected
    )
    assert not extra, f"files under assets/cards that the generator does not write: {extra}"


def test_check_command_accepts_the_committed_files() -> None:
    assert cardart.main(["--check"]) == 0


def test_check_command_reports_a_changed_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written = cardart.write_all(tmp_path)
    assert len(written) == len(cardart.expected_files())
    assert cardart.main(["--check", "--root", str(tmp_path)]) == 0
    (tmp_path / "cards" / "classic" / "7C.svg").write_text("<svg/>")
    (tmp_path / "cards" / "classic" / "QH.svg").unlink()
    assert cardart.main(["--check", "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "cards/classic/7C.svg" in out
    assert "cards/classic/QH.svg" in out


def test_output_is_deterministic(expected: dict[str, str]) -> None:
    assert cardart.expected_files() == expected


def test_file_layout(expected: dict[str, str]) -> None:
    assert cardart.STYLES == ("classic", "four-colour", "high-contrast", "high-contrast-four-colour")
    assert len(cardart.CARD_CODES) == 52
    assert {"AS", "10H", "QD", "7C", "KC", "2S"} <= set(cardart.CARD_CODES)
    for style in cardart.STYLES:
        names = {rel.removeprefix(f"cards/{style}/") for rel in expected if rel.startswith(f"cards/{style}/")}
        faces = {f"{code}.svg" for code in cardart.CARD_CODES}
        assert names == faces | {"back.svg"} | {f"small/{face}" for face in faces}
    assert len(expected) == 4 * (53 + 52) + 1
    assert "icon.svg" in expected


# --- every document is small, clean SVG -------------------------------------


def test_every_svg_is_well_formed_and_free_of_text(expected: dict[str, str]) -> None:
    for rel, text in expected.items():
        root = ET.fromstring(text)
        assert root.tag == SVG + "svg", rel
        if rel.startswith("cards/"):
            assert root.get("viewBox") == "0 0 250 350", rel
        else:
            assert root.get("viewBox") == "0 0 256 256", rel
        tags = {el.tag.removeprefix(SVG) for el in root.iter()}
        assert "text" not in tags, rel
        assert tags <= ALLOWED_TAGS, (rel, tags - ALLOWED_TAGS)
        assert len(text.encode("utf-8")) < 20_000, rel


def test_numbers_are_compact(expected: dict[str, str]) -> None:
    long_decimal = re.compile(r"\d\.\d{3,}")
    for rel, text in expected.items():
        assert not long_decimal.search(text), rel


def test_faces_are_distinct_within_each_style(expected: dict[str, str]) -> None:
    for style in cardart.STYLES:
        docs = [text for rel, text in expected.items() if rel.startswith(f"cards/{style}/")]
        assert len(docs) == 53 + 52
        assert len(set(docs)) == 53 + 52, style


def test_public_functions_agree_with_the_file_map(expected: dict[str, str]) -> None:
    assert cardart.card_svg("10H", "classic") == expected["cards/classic/10H.svg"]
    assert cardart.card_svg("10H", "classic", small=True) == expected["cards/classic/small/10H.svg"]
    assert cardart.back_svg("four-colour") == expected["cards/four-colour/back.svg"]
    assert cardart.icon_svg() == expected["icon.svg"]


@pytest.mark.parametrize(("code", "style"), [("1H", "classic"), ("AX", "classic"), ("back", "classic"), ("AS", "neon")])
def test_unknown_codes_and_styles_are_rejected(code: str, style: str) -> None:
    with pytest.raises(ValueError):
        cardart.card_svg(code, style)


def test_unknown_style_for_back_is_rejected() -> None:
    with pytest.raises(ValueError):
        cardart.back_svg("neon")


def _luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("style", ["high-contrast", "high-contrast-four-colour"])
def test_high_contrast_styles_have_a_thick_border_and_strong_ink(style: str) -> None:
    for code in cardart.CARD_CODES:
        root = ET.fromstring(cardart.card_svg(code, style))
        frame = root.find(SVG + "rect")
        assert frame is not None
        assert frame.get("fill") == "#FFFFFF"
        assert float(frame.get("stroke-width", "0")) >= 6
        if code[:-1] not in PIP_RANKS:
            continue
        colours = {el.get(attr) for el in root.iter() for attr in ("fill", "stroke")} - {None, "none", "#FFFFFF"}
        for colour in colours:
            assert _contrast(str(colour), "#FFFFFF") >= 4.5, (code, colour)


# --- rasterised with pygame, the cards look the way they should -------------


@pytest.fixture(scope="module")
def pygame_mod():  # type: ignore[no-untyped-def]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pg = pytest.importorskip("pygame")
    if not hasattr(pg.image, "load_sized_svg"):
        pytest.skip("this pygame cannot rasterise SVG")
    return pg


def _pixels(pg, path: Path) -> list[tuple[int, int, int, int]]:  # type: ignore[no-untyped-def]
    surface = pg.image.load_sized_svg(str(path), (100, 140))
    assert surface.get_size() == (100, 140)
    data = pg.image.tobytes(surface, "RGBA")
    return list(zip(data[0::4], data[1::4], data[2::4], data[3::4]))


def _inked(pixels: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int]]:
    """Opaque pixels that are clearly not the pale card face."""
    return [(r, g, b) for r, g, b, a in pixels if a > 200 and min(r, g, b) < 170]


def _reddish(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 150 and g < 90 and b < 100


@pytest.mark.parametrize("style", cardart.STYLES)
def test_rasterised_cards_are_not_blank(pygame_mod, style: str) -> None:  # type: ignore[no-untyped-def]
    for code in [*cardart.CARD_CODES, "back"]:
        pixels = _pixels(pygame_mod, ASSETS / "cards" / style / f"{code}.svg")
        assert sum(1 for p in pixels if p[3] > 200) > 0.9 * len(pixels), code
        assert len(_inked(pixels)) > 150, code


def test_classic_red_suits_are_red_and_black_suits_are_not(pygame_mod) -> None:  # type: ignore[no-untyped-def]
    for code in cardart.CARD_CODES:
        inked = _inked(_pixels(pygame_mod, ASSETS / "cards" / "classic" / f"{code}.svg"))
        red = sum(1 for p in inked if _reddish(p))
        if code[-1] in RED_SUITS:
            assert red > 100, code
        else:
            assert red == 0, code


@pytest.mark.parametrize("style", ["high-contrast", "high-contrast-four-colour"])
def test_high_contrast_border_is_pure_black(pygame_mod, style: str) -> None:  # type: ignore[no-untyped-def]
    for code in ("AS", "7H", "10D", "KC", "back"):
        pixels = _pixels(pygame_mod, ASSETS / "cards" / style / f"{code}.svg")
        left_edge = [pixels[y * 100 + 1] for y in range(20, 120)]
        top_edge = [pixels[1 * 100 + x] for x in range(20, 80)]
        assert all(p == (0, 0, 0, 255) for p in left_edge + top_edge), code


@pytest.mark.parametrize("style", ["four-colour", "high-contrast-four-colour"])
def test_four_colour_hearts_are_red_diamonds_orange_and_clubs_blue(pygame_mod, style: str) -> None:  # type: ignore[no-untyped-def]
    for rank in PIP_RANKS:
        means = {}
        for suit in "HDC":
            pixels = _pixels(pygame_mod, ASSETS / "cards" / style / f"{rank}{suit}.svg")
            inked = [p for p in _inked(pixels) if max(p) < 230]
            assert inked, (rank, suit)
            means[suit] = [sum(p[i] for p in inked) / len(inked) for i in range(3)]
        (hr, hg, hb), (dr, dg, db), (cr, cg, cb) = means["H"], means["D"], means["C"]
        assert hr > 2 * max(hg, hb), (rank + "H", means["H"])
        assert dr > dg > db and dg > 0.35 * dr, (rank + "D is orange", means["D"])
        assert cb > max(cr, cg), (rank + "C", means["C"])
        spade = _inked(_pixels(pygame_mod, ASSETS / "cards" / style / f"{rank}S.svg"))
        assert all(max(p) - min(p) < 40 for p in spade), rank + "S"


def test_icon_rasterises(pygame_mod) -> None:  # type: ignore[no-untyped-def]
    for size in (32, 256):
        surface = pygame_mod.image.load_sized_svg(str(ASSETS / "icon.svg"), (size, size))
        assert surface.get_size() == (size, size)
        data = pygame_mod.image.tobytes(surface, "RGBA")
        reds = sum(1 for i in range(0, len(data), 4) if _reddish((data[i], data[i + 1], data[i + 2])))
        assert reds > size  # the red ten shows even at 32 px


def test_the_generator_is_a_build_tool_outside_the_installed_package() -> None:
    import importlib.util
    import subprocess
    import sys

    assert importlib.util.find_spec("chinese_ten.cardart") is None
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, str(root / "tools" / "cardart.py"), "--check"], cwd="/",
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _fills(svg: str) -> set[str]:
    return {m.upper() for m in re.findall(r'fill="(#[0-9A-Fa-f]{6})"', svg)}


@pytest.mark.parametrize("style", ["classic", "high-contrast"])
@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_court_cards_of_two_suits_sharing_an_ink_wear_different_colours(style: str, rank: str) -> None:
    # with two inks, K♣ and K♠ (and K♦ and K♥) differ by their garments, not by the small suit alone
    for first, second in (("C", "S"), ("D", "H")):
        a = _fills(cardart.card_svg(rank + first, style))
        b = _fills(cardart.card_svg(rank + second, style))
        assert a - b and b - a, f"{rank}{first} and {rank}{second} are drawn in the same colours"


def test_the_corner_suit_is_large_enough_to_read_on_a_small_card() -> None:
    # at 960×600 a hand card is about 90 pixels tall: a corner suit of 40 units is over 10 of them
    for style in ("classic", "four-colour", "high-contrast", "high-contrast-four-colour"):
        assert cardart._style(style).index_suit / cardart.HEIGHT * 90 >= 10


@pytest.mark.parametrize("style", cardart.STYLES)
def test_a_small_cards_index_suit_is_drawn_larger(pygame_mod, style: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    def ink_under_the_rank(doc: str) -> int:  # at the size of a count's pile card in a small window
        path = tmp_path / "card.svg"
        path.write_text(doc)
        surface = pygame_mod.image.load_sized_svg(str(path), (30, 42))
        face = surface.get_at((15, 3))
        return sum(1 for x in range(1, 12) for y in range(9, 19)
                   if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], face[:3])) > 150)

    for code in ("9D", "9H", "7S", "7C"):
        full, small = ink_under_the_rank(cardart.card_svg(code, style)), ink_under_the_rank(
            cardart.card_svg(code, style, small=True))
        assert small > 1.3 * full, f"{code}: the small card's index suit shows larger ({small} against {full})"
