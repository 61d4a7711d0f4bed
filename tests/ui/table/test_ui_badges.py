"""A card's point badge leaves its face readable: at every card size a table, an open hand or the count draws
at 960×600 and 1920×1080, the badge stands on the card clear of both index corners (where its rank and suit
are drawn), and a card too small for any badge clear of them gets none."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from chinese_ten.ui.table.geometry import CARD_RATIO, hand_rects, open_rects, table_geometry
from chinese_ten.ui.table.painter import SMALLEST_BADGE, index_corners

POINTS = (5, 10, 20, 30, 40, 50)
"""Every number a badge shows in either game."""


def card_sizes(size: tuple[int, int]) -> set[tuple[int, int]]:
    """Every face-up card's size the table draws in a window of ``size``: hands, open hands, the layout, and
    the count's rows (whose cards are as tall as a row allows: swept from the smallest to a hand card's)."""
    sizes: set[tuple[int, int]] = set()
    for seats in range(2, 9):
        for open_hands in (False, True):
            geom = table_geometry(size, seats, 20, open_hands=open_hands)
            sizes |= {hand_rects(geom, 5)[0].size, geom.slots[0].size, geom.small_card, geom.hand_card}
            sizes |= {open_rects(geom, place.seat, 4)[0].size for place in geom.seats[1:]}
    tallest = max(h for _w, h in sizes)
    sizes |= {(round(h * CARD_RATIO), h) for h in range(16, tallest + 1)}
    return {(w, h) if h >= w else (h, w) for w, h in sizes}


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_no_point_badge_covers_a_cards_index_corner(make_table, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    _app, _ctl, scene = make_table(seats=2)
    painter = scene.painter
    badged = 0
    for card in sorted(card_sizes(size)):
        rect = Rect((37, 23), card)
        for points in POINTS:
            badge = painter.badge_rect(rect, points)
            if not badge.width:
                assert card[1] < 40, f"a {card} card is big enough for a badge of {points}"
                continue
            badged += 1
            assert rect.contains(badge), f"the badge of a {card} card leaves it"
            for corner in index_corners(rect):
                assert not badge.colliderect(corner), f"the badge {badge} of a {card} card covers {corner}"
            assert badge.height >= SMALLEST_BADGE - 1
    assert badged, "badges are drawn"


def test_a_badge_drawn_on_a_card_lies_where_badge_rect_says(make_table) -> None:  # type: ignore[no-untyped-def]
    _app, _ctl, scene = make_table(seats=2)
    from chinese_ten.cards import Card

    surface = pygame.Surface((200, 200))
    rect = Rect(20, 20, 40, 56)
    card = Card.parse("KH")
    scene.painter.card(surface, card, rect, shadow=False)
    plain = pygame.image.tobytes(surface, "RGB")
    surface.fill((0, 0, 0))
    scene.painter.card(surface, card, rect, shadow=False, badge_points=40)
    badge = scene.painter.badge_rect(rect, 40)
    changed = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y))[:3] != tuple(plain[3 * (y * 200 + x):3 * (y * 200 + x) + 3])]
    assert changed and all(badge.collidepoint(p) for p in changed), "the badge is drawn where it is said to be"


@pytest.mark.parametrize("game, seats", [("ten", 4), ("fishing", 2), ("fishing", 8)])
def test_no_badge_drawn_on_a_table_or_its_count_covers_an_index_corner(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch, game: str, seats: int) -> None:
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.scenes.count import CountScene
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.table.live import TableScene
    from chinese_ten.ui.table.painter import TablePainter

    from conftest import QUICK
    from uiharness import run_frames

    drawn: list[tuple[Rect, Rect]] = []
    card = TablePainter.card

    def recording(self: TablePainter, surface: pygame.Surface, face: object, rect: Rect, shadow: bool = True,
                  badge_points: int = 0, turned: bool = False) -> None:
        card(self, surface, face, rect, shadow, badge_points, turned)  # type: ignore[arg-type]
        if face is not None and badge_points and not turned:
            drawn.append((Rect(rect), self.badge_rect(rect, badge_points)))

    monkeypatch.setattr(TablePainter, "card", recording)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(seats, "easy", "one", seed=3, pace=QUICK, person=False, thinker=app.thinker, game=game)
    app.replace(TableScene(app, ctl))
    for size in [(960, 600), (1920, 1080)]:  # the table as dealt
        app.surface = pygame.Surface(size)
        app.draw()
    assert run_frames(app, lambda: isinstance(app.top(), CountScene), limit=40000), "the deal reaches its count"
    for size in [(960, 600), (1920, 1080)]:
        app.surface = pygame.Surface(size)
        before = len(drawn)
        app.draw()
        assert len(drawn) > before, f"the count at {size} draws cards with badges"
    for rect, badge in drawn:
        if badge.width:
            assert rect.contains(badge), f"a badge leaves its {rect.size} card"
            assert not any(badge.colliderect(c) for c in index_corners(rect)), \
                f"the badge {badge} covers an index corner of the {rect.size} card at {rect}"
