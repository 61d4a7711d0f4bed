"""Small card faces: below a height the renderer draws each face from its small artwork, whose larger index
suit keeps ♦ from ♥ and ♠ from ♣ on the count's piles at a ring of eight in a small window."""

from __future__ import annotations

import pygame

from chinese_ten import assets
from chinese_ten.cards import Card
from chinese_ten.ui.kit import cardimages
from chinese_ten.ui.kit.cardimages import SMALL_FACE_PX, CardImages


def test_a_face_drawn_small_comes_from_its_small_artwork_and_a_large_one_from_the_full(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    asked: list[tuple[str, bool]] = []
    source = cardimages._svg_source

    def recording(code: str, style: str, small: bool = False) -> object | None:
        asked.append((code, small))
        return source(code, style, small)

    monkeypatch.setattr(cardimages, "_svg_source", recording)
    images = CardImages("classic")
    small = images.face(Card.parse("9D"), (30, SMALL_FACE_PX - 22))
    large = images.face(Card.parse("9D"), (60, 84))
    images.back((30, 42))
    assert asked == [("9D", True), ("9D", False), ("back", False)]
    drawn = pygame.image.load_sized_svg(str(assets.card_file("9D", "classic", small=True)), small.get_size())
    assert pygame.image.tobytes(small, "RGBA") == pygame.image.tobytes(drawn, "RGBA"), "the small artwork"
    assert large.get_size() == (60, 84)


def test_every_style_has_a_small_face_for_every_card() -> None:
    for style in assets.STYLES:
        for code in assets.CARD_CODES:
            assert assets.card_file(code, style, small=True).parent.name == "small"
    assert assets.card_file("back", "classic", small=True).parent.name == "classic", "one back at every size"
