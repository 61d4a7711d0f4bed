"""The review screen for a Go Fishing deal: the same screen as Chinese Ten's, stepped in step with Go
Fishing's engine at every seat count, a planted blunder marked with its reason and its options tagged on
the table, opened from a fishing count and from History with its review kept and read back."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from uiharness import play_until, press, run_frames

from chinese_ten.cards import ALL_CARDS, Card, parse_cards
from chinese_ten.engine.game import make_player
from chinese_ten.engine.streams import derive_seed
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.games.fishing.record import record_of, replay
from chinese_ten.games.fishing.review import REVIEW_SEED, REVIEW_TURNS, Review, review_record
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.i18n import _
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.scenes.review import (MARK_WORDS, ReviewScene, margin_text, open_review, option_tags,
                                          seat_names, turn_line)
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.table.review_table import ReviewTable

from conftest import QUICK


SMALL = 4_000
"""An evaluation effort small enough for a Go Fishing deal's review to take a second or two."""

KING_HANDS = ["KH KS QH 9H 8H", "KC 2S 3S 4S 5S"]
KING_LAYOUT = "KD 10S 3H 6C 7D"
"""Seat 1 leads holding a king with two kings' worth of sets in the layout (as the engine review's test plants it)."""


def fishing_record(seats: int, seed: int = 3) -> dict[str, Any]:
    """A whole Go Fishing deal of Easy players, as a record naming them (the person at seat 0)."""
    game = game_named("fishing")
    deal = FishingDeal.shuffled(seats, random.Random(derive_seed(seed, "fishing-review-scene")))
    players = [make_player(game, "easy") for _ in range(seats)]
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(players[seat].act(deal.observe(seat), rng))
    return record_of(deal, players=["you"] + ["easy"] * (seats - 1), deal_in_match=1)


def king_record() -> dict[str, Any]:
    """Seat 1 lays its king down beside the king it could take: a blunder."""
    hands = [parse_cards(h.split()) for h in KING_HANDS]
    layout = parse_cards(KING_LAYOUT.split())
    front = parse_cards(["2C", "2D", "2H"])
    rest = [c for c in ALL_CARDS if c not in {*front, *layout, *(c for h in hands for c in h)}]
    random.Random(5).shuffle(rest)
    rec = record_of(FishingDeal(hands, layout, front + rest, 0))
    rec["turns"] = [{"seat": 1, "play": "KC"}, {"seat": 0, "play": "KH", "take": [["KD"]]}]
    return rec


def assert_shows_position(table: ReviewTable, record: dict[str, Any], turns: int) -> None:
    """The review's picture is Go Fishing's replay of the record's first ``turns`` turns."""
    deal = replay({**record, "turns": record["turns"][:turns]})
    board = table.board
    assert table.at == turns and not table.busy
    assert sorted(board.slots.values()) == sorted(deal.layout), f"the layout after {turns} turns"
    assert [sorted(h) for h in board.hands] == [sorted(h) for h in deal.hands], f"the hands after {turns} turns"
    assert board.stock == deal.stock_left, f"the stock after {turns} turns"
    assert board.piles == [len(p) for p in deal.piles]
    assert board.points == list(deal.points)
    assert table.stock_shown() == deal.stock, "the stock's strip shows its cards in order, next first"


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_every_position_of_a_go_fishing_deal_matches_the_engine(app, seats: int) -> None:  # type: ignore[no-untyped-def]
    record = fishing_record(seats)
    scene = open_review(app, record, 0, review=Review(0, ()))
    assert scene is not None and app.top() is scene
    table = scene.table
    assert table.face_up == frozenset(range(seats)), "every hand face up"
    for turns in range(len(record["turns"]) + 1):
        scene.go(turns)
        scene.table.finish()
        assert_shows_position(table, record, turns)
    scene.go(0)
    press(app, pygame.K_RIGHT)
    assert table.busy, "a turn forward is played out as at the table"
    assert run_frames(app, lambda: not table.busy)
    assert_shows_position(table, record, 1)
    press(app, pygame.K_END)
    assert_shows_position(table, record, len(record["turns"]))
    app.frame(1 / 60, [])
    app.draw()


def test_a_planted_go_fishing_blunder_shows_its_mark_its_reason_and_its_options_on_the_table(app) -> None:  # type: ignore[no-untyped-def]
    record = king_record()
    review = review_record(record, 1, budget=30_000)
    (blunder,) = review.decisions
    assert blunder.label == "blunder"
    scene = open_review(app, record, 1, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    assert scene.shown_judgement() == blunder, "the decision of the coming turn is shown"
    assert _(MARK_WORDS["blunder"]) in scene.words
    assert blunder.reason is not None and blunder.reason in scene.words, "the reason is told in the panel"
    assert review.worst() == (blunder,)
    tags = option_tags(blunder, scene.game, (1, 1, 1), (2, 2, 2), (3, 3, 3))
    king = Card.parse("KC")
    assert tags[king] == (f"{_('Chosen')} {margin_text(blunder.chosen.expected)} / {_('Best')} "
                          f"{margin_text(blunder.best.expected)}", (2, 2, 2)), "one king, two families: both margins"
    for c in (c for s in blunder.best.take for c in s):
        assert tags[c] == (_("Best"), (3, 3, 3)), "every card of the best sets is ringed as the best's"

    others = {o.play for o in blunder.options} - {king}
    assert others and all(c in tags and tags[c][1] == (1, 1, 1) for c in others), "every other card carries its margin"
    for card in others:  # each other card's tag is its best family's margin
        best_of_card = max(o.expected for o in blunder.options if o.play == card)
        assert tags[card][0] == margin_text(best_of_card)
    rings: list[Any] = []
    scene.painter.ring = lambda surface, rect, colour, width: rings.append(colour)  # type: ignore[method-assign]
    app.draw()
    assert len(rings) >= 1 + len(blunder.best.take) + len(others)
    press(app, pygame.K_w)
    assert scene.table.at == blunder.turn - 1
    app.draw()
    # the list of turns tells each turn's capture, or its card joining the layout
    assert turn_line(scene.table.events[0]) == "K♣ to the layout"
    assert turn_line(scene.table.events[1]) == "K♥ took K♦"


def test_a_set_taken_by_both_the_chosen_and_the_best_family_says_so_in_the_chosen_colour() -> None:
    from chinese_ten.games.fishing.review import Choice, Judgement
    from chinese_ten.ui.table.games.fishing import TABLE as FISHING

    ace, ace2, two, queen = (Card.parse(c) for c in ("AS", "AD", "2D", "QD"))
    best = Choice(ace, ((ace2,), (two, queen)), 112.0)
    mine = Choice(ace, ((ace2,),), 25.8)
    other = Choice(queen, (), 3.0)
    d = Judgement(4, mine, best, (best, mine, other), 920 / 210)
    assert d.label == "blunder"
    tags = option_tags(d, FISHING, (1, 1, 1), (2, 2, 2), (3, 3, 3))
    assert tags[ace] == (f"{_('Chosen')} +25.8 / {_('Best')} +112.0", (2, 2, 2))
    assert tags[ace2] == (f"{_('Chosen')}/{_('Best')}", (2, 2, 2))
    assert tags[two] == (_("Best"), (3, 3, 3)) and tags[queen] == (_("Best"), (3, 3, 3))


def test_the_go_fishing_analysis_runs_in_the_window_and_fills_in_the_marks(app) -> None:  # type: ignore[no-untyped-def]
    record = king_record()
    scene = ReviewScene(app, record, 1, budget=SMALL)
    assert scene.budget == SMALL and scene.analysing
    app.push(scene)
    assert run_frames(app, lambda: scene.review is not None or not scene.analysing, limit=100_000)
    assert scene.review is not None and isinstance(scene.review, Review)
    assert scene.turn_mark(1) is not None
    press(app, pygame.K_s)
    assert scene.seat == 0 and scene.analysing, "S judges the next seat"
    assert run_frames(app, lambda: scene.review is not None or not scene.analysing, limit=100_000)
    assert scene.review is not None and [d.turn for d in scene.review.decisions] == [2]
    assert ReviewScene(app, record, 1, review=Review(1, ())).budget == REVIEW_TURNS, "Go Fishing's own effort"


def test_eight_seats_are_named_by_the_rings_compass_points() -> None:
    record = fishing_record(8)
    names = [i.name for i in seat_names(record)]
    assert names == [_("You"), _("South-west"), _("West"), _("North-west"), _("North"), _("North-east"),
                     _("East"), _("South-east")]
    assert all(i.player == "easy" for i in seat_names(record)[1:])
    assert len(seat_names({**record, "players": None})) == 8
    with pytest.raises(ValueError, match="from 2 to 8"):
        seat_names({**record, "seats": 9})


def test_a_go_fishing_count_offers_the_review_and_it_opens(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(2, "easy", "one", seed=5, pace=QUICK, thinker=app.thinker, game="fishing")
    app.replace(TableScene(app, ctl))
    assert play_until(app, lambda: isinstance(app.top(), CountScene), limit=20_000)
    count = app.top()
    assert any(b.action == "review" for b in count.buttons), "the count offers the review"
    press(app, pygame.K_r)
    review = app.top()
    try:
        assert isinstance(review, ReviewScene)
        assert review.record["format"] == "chinese-ten/fishing-v1"
        assert review.record["turns"] == [t.to_json() for t in ctl.session.deal.turns]
        assert review.seat == 0 and review.analysing
        app.frame(1 / 60, [])
        app.draw()
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_ESCAPE)
        assert app.top() is count
    finally:
        if review.analysis is not None:
            review.analysis.close()


def test_a_kept_go_fishing_review_opens_from_history_at_once_and_a_malformed_one_is_made_again(
        window: pygame.Surface, tmp_path: Path) -> None:
    record = king_record()
    opened = open_store(tmp_path)
    setup = MatchSetup(seats=2, strength="easy", players=("easy", "you"), person=True, rules="classic",
                       preset="classic", length={"kind": "fixed", "deals": 1}, total_deals=1, seed="6",
                       game="fishing")
    match_id = opened.store.begin(setup, {})
    opened.store.finish_deal(match_id, 1, record, [0, 0], 0.0, [0, 0], {})
    opened.store.finish_match(match_id, "won")
    keeper = Keeper(opened)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True), keeper)
    try:
        review = review_record(record, 1, budget=SMALL)
        keeper.keep_review((match_id, 1), review, REVIEW_SEED, REVIEW_TURNS)
        assert keeper.kept_review((match_id, 1), 1, REVIEW_SEED, REVIEW_TURNS) == review, "read back equal"
        app.open_history()
        history = app.top()
        assert isinstance(history, HistoryScene)
        app.frame(1 / 60, [])
        press(app, pygame.K_r)
        scene = app.top()
        assert isinstance(scene, ReviewScene) and scene.kept == (match_id, 1) and scene.seat == 1
        app.frame(1 / 60, [])
        assert scene.review == review and not scene.analysing, "kept: no work again"
        app.draw()
        press(app, pygame.K_ESCAPE)
        assert app.top() is history
        opened.store._db.execute("UPDATE analyses SET review = ?", ('{"seat": 1, "decisions": 3}',))
        assert keeper.kept_review((match_id, 1), 1, REVIEW_SEED, REVIEW_TURNS) is None, "refused, made again"
    finally:
        keeper.close()


@pytest.mark.parametrize("seats, contrast", [(2, False), (8, True), (4, False)])
def test_the_go_fishing_review_draws_at_small_and_large_sizes_in_both_looks(seats: int, contrast: bool) -> None:
    from chinese_ten.ui.app import open_window

    record = fishing_record(seats)
    review = review_record(record, 0, budget=SMALL)
    surface = open_window((960, 600))
    sentinel = (255, 0, 255)
    try:
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        scene = open_review(app, record, 0, review=review)
        assert scene is not None
        worst = review.worst()
        for size in ((960, 600), (1920, 1080)):
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.surface = surface
            for position in (0, worst[0].turn - 1 if worst else 1, len(record["turns"])):
                scene.go(position)
                app.frame(1 / 60, [])
                surface.fill(sentinel)
                app.draw()
                unpainted = pygame.mask.from_threshold(surface, sentinel, (1, 1, 1, 255)).count()
                assert unpainted == 0, f"every pixel is painted at {size}"
                tags = scene.tag_rects
                overlaps = sum(1 for i, a in enumerate(tags) for b in tags[i + 1:] if a.colliderect(b))
                assert overlaps == 0, f"the options' tags stand clear of each other at {size}"
            buttons = scene.buttons()
            assert all(surface.get_rect().contains(b.rect) for b in buttons), f"the buttons stay in at {size}"
    finally:
        pygame.display.quit()


def test_under_the_reason_a_go_fishing_review_draws_the_likely_line_in_values(app) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.review import then_words

    record = king_record()
    review = review_record(record, 1, budget=30_000)
    (blunder,) = review.decisions
    assert blunder.line and blunder.reason is not None
    scene = open_review(app, record, 1, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    app.draw()
    then = then_words(blunder, scene.table.names)
    first = blunder.line[0]
    assert then.startswith(f"Then likely: {scene.table.names[first.seat]} plays a"), then
    assert not any(s in then for s in "♠♥♦♣"), "a hidden card's suit is never named"
    assert then in scene.words and scene.words.index(then) == scene.words.index(blunder.reason) + 1, \
        "the line stands under the reason"
