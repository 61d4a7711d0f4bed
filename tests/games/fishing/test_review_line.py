"""Go Fishing's likely line after the best option: its seats are the ones that move next, its shares only
shrink, it names values a hidden card could have and never a suit, it is told in English and Chinese, kept
with the review, and tracing it leaves the search's figures as they were."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from chinese_ten import i18n
from chinese_ten.engine.judging import line_words
from chinese_ten.engine.streams import derive_seed
from chinese_ten.games.fishing.players.easy import EasyPlayer
from chinese_ten.games.fishing.players.hard import HardPlayer, options_of
from chinese_ten.games.fishing.record import record_of, replay
from chinese_ten.games.fishing.review import Review, ValueTurn, likely_line, review_record, value_line_from_json
from chinese_ten.games.fishing.rules import CARD_VALUE, LAYOUT_SIZE
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.fishing.view import FishingView

BUDGET = 30_000
"""A small evaluation effort: a whole deal reviewed in about a second."""


def easy_record(seats: int, seed: int) -> dict[str, Any]:
    """A whole Go Fishing deal of Easy players."""
    deal = FishingDeal.shuffled(seats, random.Random(derive_seed(seed, "fishing-line-test")))
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(EasyPlayer().act(deal.observe(seat), rng))
    return record_of(deal)


@pytest.fixture(scope="module", params=[2, 3])
def reviewed(request: pytest.FixtureRequest) -> tuple[dict[str, Any], Review]:
    """A two- and a three-seat deal, and seat 0's review of each, made once for the module."""
    record = easy_record(request.param, 7)
    return record, review_record(record, 0, budget=BUDGET)


def view_before(record: dict[str, Any], turn: int, seat: int) -> FishingView:
    """The seat's view just before turn ``turn`` of the record is played."""
    return replay({**record, "turns": record["turns"][:turn - 1]}).observe(seat)


def next_with_cards(seat: int, sizes: list[int]) -> int:
    """The first seat after ``seat`` whose hand holds a card."""
    n = len(sizes)
    s = (seat + 1) % n
    while sizes[s] == 0:
        s = (s + 1) % n
    return s


def test_the_lines_seats_are_the_ones_that_move_next_and_the_shares_only_shrink(reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    lined = [d for d in review.decisions if d.line]
    assert len(lined) >= len(review.decisions) - 2, "every decision with a choice has a line"
    for d in lined:
        assert 1 <= len(d.line) <= 2
        shares = [t.share for t in d.line]
        assert all(0 < s <= 1 for s in shares) and shares == sorted(shares, reverse=True), (d.turn, shares)
        view = view_before(record, d.turn, review.seat)
        sizes = list(view.hand_sizes)
        sizes[review.seat] -= 1 if view.stock_left == 0 else 0  # the seat draws at once while the stock lasts
        exact = view.stock_left == 0 or view.stock_left > 2 * (LAYOUT_SIZE + 1)  # no hand can empty on the way
        first = d.line[0]
        assert first.seat == next_with_cards(review.seat, sizes), f"turn {d.turn}: the seat after the judged one"
        if len(d.line) == 2 and exact:
            sizes[first.seat] -= 1 if view.stock_left == 0 else 0
            assert d.line[1].seat == next_with_cards(first.seat, sizes), f"turn {d.turn}: then the seat after that"


def test_the_values_played_are_ones_an_unseen_or_own_card_has_and_each_take_sums_to_them(reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    checked = 0
    for d in review.decisions:
        view = view_before(record, d.turn, review.seat)
        unseen = {CARD_VALUE[c] for c in view.unseen}
        own = {CARD_VALUE[c] for c in view.hand}
        for t in d.line:
            could = unseen | own if t.seat == review.seat else unseen
            assert t.play in could, f"turn {d.turn}: seat {t.seat} cannot hold a {t.play}"
            assert list(t.take) == sorted(t.take) and sum(t.take) % t.play == 0, f"turn {d.turn}: {t}"
            assert set(t.take) <= unseen | own | {CARD_VALUE[c] for c in view.layout}
            checked += 1
    assert checked > 5


def test_the_line_is_the_commonest_turn_among_the_worlds_that_followed_it_so_far() -> None:
    nine = (1, 9, ((4, 1), (5, 1)))
    ways = Counter({(nine, (2, 13, ())): 5, (nine, (2, 2, ())): 3, ((1, 6, ()), (2, 13, ())): 4})
    line = likely_line(ways)
    assert line == (ValueTurn(1, 9, (4, 5), 8 / 12), ValueTurn(2, 13, (), 5 / 12))
    assert likely_line(Counter({(nine,): 1})) == (), "one world is no likelihood"
    assert likely_line(Counter({(): 4})) == (), "a deal that ends first has no line"


def test_a_line_is_told_by_seat_value_values_taken_and_share_in_english_and_chinese() -> None:
    line = (ValueTurn(1, 9, (2, 3, 4), 0.37), ValueTurn(2, 13, (), 0.12), ValueTurn(0, 14, (4, 10), 0.05),
            ValueTurn(0, 8, (8,), 0.05))
    assert line_words(line, ["South", "West", "North"]) == (
        "West plays a 9, taking 2, 3 and 4 (37%) · North plays a K (12%) · South plays an A, taking 4 and 10 (5%)"
        " · South plays an 8, taking 8 (5%)")
    try:
        i18n.use_language("zh-Hans")
        assert line_words(line[:2], ["南", "西", "北"]) == "西出一张9，吃2、3和4（37%） · 北出一张K（12%）"
        i18n.use_language("zh-Hant")
        assert line_words(line[:2], ["南", "西", "北"]) == "西出一張9，吃2、3和4（37%） · 北出一張K（12%）"
    finally:
        i18n.use_language("en")


def test_a_turn_prints_values_in_rank_notation_and_reads_back_from_either_form() -> None:
    turn = ValueTurn(1, 14, (4, 10), 0.123456)
    assert turn.to_json() == {"seat": 1, "play": "A", "take": ["4", "10"], "share": 0.12}
    assert ValueTurn.from_json(turn.to_json(exact=True)) == turn
    assert ValueTurn.from_json({"seat": 2, "play": "K", "take": [], "share": 1}) == ValueTurn(2, 13, (), 1.0)
    for bad in ({"seat": 1, "play": "9C", "take": [], "share": 0.5}, {"seat": 1, "play": "9", "take": ["5H"],
                                                                     "share": 0.5},
                {"seat": 1, "play": "9", "take": [], "share": 2}, {"seat": -1, "play": "9", "take": [], "share": 0}):
        with pytest.raises(ValueError):
            ValueTurn.from_json(bad)
    assert value_line_from_json(None) == ()


def test_a_review_keeps_its_lines_and_one_kept_before_lines_still_reads(reviewed) -> None:  # type: ignore[no-untyped-def]
    _record, review = reviewed
    again = Review.from_json(json.loads(json.dumps(review.to_json(exact=True))))
    assert again == review and any(d.line for d in again.decisions), "the exact form keeps the lines"
    kept = review.to_json(exact=True)
    for d in kept["decisions"]:
        d.pop("line")
    old = Review.from_json(json.loads(json.dumps(kept)))
    assert all(d.line == () for d in old.decisions)
    assert [d.label for d in old.decisions] == [d.label for d in review.decisions]
    printed = Review.from_json(json.loads(json.dumps(review.to_json())))
    assert [[(t.seat, t.play, t.take) for t in d.line] for d in printed.decisions] == \
        [[(t.seat, t.play, t.take) for t in d.line] for d in review.decisions]


def test_tracing_the_line_leaves_the_searchs_figures_unchanged_and_counts_every_world() -> None:
    record = easy_record(3, 11)
    view = view_before(record, 5, replay({**record, "turns": record["turns"][:4]}).to_act or 0)
    options = options_of(view)
    hard = HardPlayer()
    plain = hard.evaluate(view, options, random.Random(3))
    ways: list[Counter[Any]] = []
    traced = hard.evaluate(view, options, random.Random(3), lines=ways)
    assert traced == plain
    worlds = hard.worlds(view, len(options))
    assert len(ways) == len(options) and all(sum(w.values()) == worlds for w in ways)
    assert all(len(path) == 2 for w in ways for path in w), "mid-deal, every world has two more turns"
