"""The review's option tags: every card sharing an option carries its margin, no tag covers another or a
card's point badge, and the chosen option's ring stands apart from the keyboard focus ring in both looks."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.ten.review import Choice, Judgement
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, open_window
from chinese_ten.ui.kit.theme import classic_theme, high_contrast_theme
from chinese_ten.ui.scenes.review import ReviewScene, margin_text, open_review, option_tags
from chinese_ten.ui.table.games.ten import TABLE as TEN
from chinese_ten.ui.table.geometry import hand_rects
from chinese_ten.ui.table.tags import place_tags

from test_fishing_review_scene import fishing_record
from test_review_scene import played_record

SMALL = 3_000
"""An evaluation effort small enough for a whole deal's review to take a second or two."""


@pytest.fixture(scope="module")
def reviews() -> dict[str, tuple[dict[str, Any], Any]]:
    """Seat 0's review of a Chinese Ten deal at two and four seats and of a Go Fishing deal at two and eight."""
    from chinese_ten.games.fishing.review import review_record as fishing_review
    from chinese_ten.games.ten.review import review_record as ten_review

    made: dict[str, tuple[dict[str, Any], Any]] = {}
    for seats in (2, 4):
        record = played_record(seats)
        made[f"ten{seats}"] = record, ten_review(record, 0, budget=SMALL)
    for seats in (2, 8):
        record = fishing_record(seats)
        made[f"fishing{seats}"] = record, fishing_review(record, 0, budget=SMALL)
    return made


def test_a_card_of_one_rank_and_points_with_the_judged_one_carries_the_same_margin() -> None:
    two_h, two_d, two_s, king = (Card.parse(c) for c in ("2H", "2D", "2S", "KC"))
    points = {two_h: 2, two_d: 2, two_s: 0, king: 0}.get
    best = Choice(king, (), 2.7)
    mine = Choice(two_h, (), -1.8)
    black = Choice(two_s, (), -0.4)
    d = Judgement(4, "play", mine, best, (best, black, mine), 1.0)
    tags = option_tags(d, TEN, (1, 1, 1), (2, 2, 2), (3, 3, 3), (two_h, two_d, two_s, king),
                       lambda c: points(c, 0))
    assert tags[two_d] == (margin_text(-1.8), (1, 1, 1)), "the red two judged under 2♥ shows 2♥'s margin"
    assert tags[two_s] == (margin_text(-0.4), (1, 1, 1)), "the black two, worth nothing, is an option of its own"
    assert tags[two_h] == (f"Chosen {margin_text(-1.8)}", (2, 2, 2))


@pytest.mark.parametrize("which", ["ten2", "ten4", "fishing2", "fishing8"])
def test_every_card_in_the_judged_hand_carries_a_tag_at_each_play(reviews, which: str) -> None:  # type: ignore[no-untyped-def]
    record, review = reviews[which]
    surface = open_window((960, 600))
    try:
        app = App(surface, Settings(), None, None, ComputerThinker(force_inline=True))
        scene = open_review(app, record, 0, review=review)
        assert scene is not None
        plays = [d for d in review.decisions if d.kind == "play" and len(d.options) > 1]
        assert plays, "the deal has plays with a choice"
        for d in plays:
            scene.go(d.turn - 1)
            app.frame(1 / 60, [])
            tags = option_tags(d, scene.game, (1, 1, 1), (2, 2, 2), (3, 3, 3), scene.sharing(d),
                               scene.table.points_of)
            hand = scene.table.board.open_hand(0)
            untagged = [c.pretty for c in hand if c not in tags]
            assert not untagged, f"turn {d.turn}: every card in hand is an option or shares one"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("which", ["ten2", "ten4", "fishing2", "fishing8"])
@pytest.mark.parametrize("contrast", [False, True])
def test_the_tags_never_overlap_and_leave_the_hand_s_point_badges_in_sight(reviews, which: str,  # type: ignore[no-untyped-def]
                                                                           contrast: bool) -> None:
    record, review = reviews[which]
    surface = open_window((960, 600))
    try:
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        scene = open_review(app, record, 0, review=review)
        assert scene is not None
        for size in ((960, 600), (1920, 1080)):
            app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            shown = 0
            for d in review.decisions:
                scene.go(d.turn - 1)
                app.frame(1 / 60, [])
                app.draw()
                tags = scene.tag_rects
                shown += bool(tags)
                geom = scene.geom()
                assert all(geom.table.contains(t) for t in tags), f"turn {d.turn}: the tags stay on the table"
                pairs = [(a, b) for i, a in enumerate(tags) for b in tags[i + 1:] if a.colliderect(b)]
                assert not pairs, f"turn {d.turn} at {size}: tags overlap: {pairs}"
                hand = scene.table.board.open_hand(0)
                rects = hand_rects(geom, len(hand))
                for i, (card, rect) in enumerate(zip(hand, rects)):
                    badge = scene.painter.badge_rect(rect, scene.table.points_of(card))
                    if i + 1 < len(rects):
                        badge = badge.clip(Rect(rect.left, rect.top, rects[i + 1].left - rect.left, rect.height))
                    if badge.width and badge.height:
                        covered = [t for t in tags if t.colliderect(badge)]
                        assert not covered, f"turn {d.turn} at {size}: a tag covers {card.pretty}'s points"
            assert shown, "some decision's tags were drawn"
    finally:
        pygame.display.quit()


boxes = st.builds(lambda x, y, w, h: (x, y, w, h), st.integers(0, 600), st.integers(0, 400),
                  st.integers(20, 90), st.integers(14, 26))


@settings(max_examples=60, deadline=None)
@given(wanted=st.lists(boxes, min_size=1, max_size=24), clear=st.lists(boxes, max_size=20),
       seed=st.integers(0, 10))
def test_placed_tags_stand_inside_the_table_and_clear_of_each_other(wanted, clear, seed: int) -> None:  # type: ignore[no-untyped-def]
    random.Random(seed).shuffle(wanted)
    bounds = (0, 0, 700, 430)
    spots = place_tags(tuple(wanted), tuple(clear), bounds)
    assert len(spots) == len(wanted)
    rects = [Rect(s) for s in spots]
    assert [r.size for r in rects] == [Rect(w).size for w in wanted], "a tag keeps its size"
    assert all(Rect(bounds).contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_a_tag_with_room_where_it_wants_to_be_stays_there() -> None:
    assert place_tags(((10, 10, 30, 20),), (), (0, 0, 100, 100)) == ((10, 10, 30, 20),)
    moved = place_tags(((10, 40, 30, 20), (10, 40, 30, 20)), (), (0, 0, 100, 100))
    assert moved[0] == (10, 40, 30, 20) and moved[1] != moved[0], "the second tag finds a place of its own"


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


@pytest.mark.parametrize("theme", [classic_theme(), high_contrast_theme(), high_contrast_theme(True)],
                         ids=lambda t: t.name + ("-four" if "four" in t.card_style else ""))
def test_the_chosen_ring_is_a_colour_apart_from_the_focus_ring(theme) -> None:  # type: ignore[no-untyped-def]
    assert _distance(theme.chosen_ring, theme.turn_ring) > 150, "the chosen ring is not the focus ring's yellow"
    assert _distance(theme.chosen_ring, theme.accent) > 150


@pytest.mark.parametrize("contrast", [False, True])
def test_the_review_rings_a_chosen_inaccuracy_apart_from_the_focus_ring(reviews, contrast: bool) -> None:  # type: ignore[no-untyped-def]
    record, review = reviews["ten2"]
    short = [d for d in review.decisions if d.label != "best"]
    assert short, "the deal has a decision short of the best"
    surface = open_window((960, 600))
    try:
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        scene = open_review(app, record, 0, review=review)
        assert isinstance(scene, ReviewScene)
        focus = app.kit.theme.turn_ring
        for d in short:
            scene.go(d.turn - 1)
            app.frame(1 / 60, [])
            rings: list[tuple[Rect, tuple[int, int, int]]] = []
            scene.painter.ring = lambda surface, rect, colour, width=None: rings.append((rect, colour))  # type: ignore[method-assign]
            app.draw()
            del scene.painter.ring
            mine = set(scene.game.option_cards(d.chosen, d.kind)) - set(scene.game.option_cards(d.best, d.kind))
            where = [scene._card_rect(card, scene.geom())[0] for card in mine]
            colours = [colour for rect, colour in rings if rect in where]
            assert colours, f"turn {d.turn}: the chosen cards are ringed"
            assert all(c == app.kit.theme.chosen_ring for c in colours), "in the chosen option's own colour"
            assert all(_distance(c, focus) > 100 for c in colours), f"a {d.label}'s ring is not the focus ring's yellow"
    finally:
        pygame.display.quit()
