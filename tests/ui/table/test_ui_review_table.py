"""A record laid out for review: under every preset and seat count, each position shown, reached at once or
played turn by turn with the table's movements, is the engine's replay of the record to that turn."""

from __future__ import annotations

import random

import pytest

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.record import record_of, replay
from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.table.controller import seat_infos
from chinese_ten.ui.table.review_table import ReviewTable

CASES = [(name, seats) for name in PRESETS for seats in RuleSet.of(name).seat_counts()]


def random_record(rules: RuleSet, seats: int, seed: int) -> dict[str, object]:
    """A whole deal of random legal actions under ``rules``, as a record."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seats, seed, rules=rules)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return record_of(deal)


def picture(table: ReviewTable) -> tuple[object, ...]:
    """What the table shows, in a form two positions can be compared by."""
    b = table.board
    return (sorted(b.slots.values()), [sorted(h) for h in b.hands], b.stock, list(b.piles), list(b.points),
            sorted(b.resting))


@pytest.mark.parametrize(("preset", "seats"), CASES)
def test_every_position_is_the_engines_replay_however_it_is_reached(preset: str, seats: int) -> None:
    rules = RuleSet.of(preset)
    for seed in range(3):
        record = random_record(rules, seats, seed)
        table = ReviewTable(record, seat_infos(seats, "normal"), Pace())
        played: list[tuple[object, ...]] = [picture(table)]
        while table.forward():
            assert table.busy, "a turn forward is shown moving"
            table.finish()
            played.append(picture(table))
        assert table.at == table.last == len(record["turns"])  # type: ignore[arg-type]
        for turns in range(table.last, -1, -1):
            table.goto(turns)
            deal = replay({**record, "turns": record["turns"][:turns]})  # type: ignore[index]
            board = table.board
            assert sorted(board.slots.values()) == sorted(deal.layout), f"{preset}: the layout at turn {turns}"
            assert [sorted(h) for h in board.hands] == [sorted(h) for h in deal.hands]
            assert board.stock == deal.stock_left and table.stock_shown() == deal.stock
            assert board.piles == [len(p) for p in deal.piles] and board.points == list(deal.points)
            assert not board.resting, "no card is left in mid-air"
            assert picture(table) == played[turns], "a jump shows what playing through shows"


def test_back_from_the_start_and_on_from_the_end_do_nothing() -> None:
    record = random_record(RuleSet.of("classic"), 2, 1)
    table = ReviewTable(record, seat_infos(2, "normal"), Pace())
    assert not table.back() and table.at == 0
    table.goto(10_000)
    assert table.at == table.last
    assert not table.forward() and not table.busy
    assert table.back() and table.at == table.last - 1


def test_every_hand_is_face_up_and_turns_are_told_in_words() -> None:
    record = random_record(RuleSet.of("classic"), 3, 2)
    table = ReviewTable(record, seat_infos(3, "normal"), Pace())
    assert table.face_up == frozenset({0, 1, 2})
    first = table.turns[0]
    assert first.play.pretty in table.turn_words(1)
    assert table.turn_record(0) is None and table.turn_record(table.last + 1) is None


def test_a_go_fishing_refill_is_told_with_the_turn_of_the_seat_it_was_turned_up_for() -> None:
    from chinese_ten.games import game_named
    from chinese_ten.games.fishing.events import LayoutRefilled

    game = game_named("fishing")
    deal = game.deal(3, random.Random(11), 0, game.default_rules)
    rng = random.Random(11)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    table = ReviewTable(game.record_of(deal), seat_infos(3, "normal"), Pace())
    refilled = [k for k, events in enumerate(table.events, start=1)
                if any(isinstance(e, LayoutRefilled) for e in events) and k < table.last]
    assert refilled, "this deal refills the layout"
    for k in refilled:
        assert not table.turn_words(k).endswith("turned up for the layout."), "not with the turn before"
        assert table.turn_words(k + 1).split(". ")[0].endswith("turned up for the layout"), \
            "the next seat's turn begins with the refill made for it"
