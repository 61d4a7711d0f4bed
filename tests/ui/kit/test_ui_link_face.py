"""Table links are shown in a face that tells l, I and 1 apart, their table and claim in groups of four."""

from __future__ import annotations

import pygame

from chinese_ten.ui.kit.text import TextPainter, link_groups
from chinese_ten.ui.kit.theme import FontBook, classic_theme

LINK = "http://192.168.1.5:47110/t/xIl1Il1x#lIl1IlI1lIl1IlI1"


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_links_face_draws_l_capital_i_and_one_differently(window: pygame.Surface) -> None:
    fonts = FontBook()
    link = [_pixels(fonts.link(24).render(c, True, (0, 0, 0))) for c in "lI1"]
    assert len(set(link)) == 3
    assert fonts.link(24).size("l") == fonts.link(24).size("W"), "one width a character, as a link is copied"


def test_a_links_table_and_claim_are_grouped_by_four_and_nothing_is_added_to_it() -> None:
    groups = link_groups(LINK)
    assert groups == ["http://192.168.1.5:47110/t/", "xIl1", "Il1x", "#", "lIl1", "IlI1", "lIl1", "IlI1"]
    assert "".join(groups) == LINK
    assert link_groups("not a link") == ["not a link"]


def test_the_grouped_link_is_wider_than_its_characters_by_the_gaps(window: pygame.Surface) -> None:
    painter = TextPainter(FontBook(), classic_theme())
    drawn = painter.link(LINK, 20, (0, 0, 0))
    font = painter.fonts.link(20)
    assert drawn.get_width() > font.size(LINK)[0] + 5 * 2
