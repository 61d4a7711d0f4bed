"""A review's likely line after the best option and the standard errors of its figures: the line's turns are
continuations the deal allows, their shares are fractions of the worlds, ``review --json`` prints both, and
a review kept before either was measured still reads."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cards import Card
from chinese_ten.cli import main
from chinese_ten.engine.judging import LineTurn, line_words, standard_error
from chinese_ten.games.ten.record import deal_of, replay
from chinese_ten.games.ten.review import Choice, Judgement, Review, likely_line, review_record
from chinese_ten.games.ten.rules import CARD_PARTNER
from chinese_ten.games.ten.turns import take_json

import dealkit

BUDGET = 20_000
"""A small evaluation effort: a whole two-seat deal reviewed in about a second."""


def played_record(seats: int = 2, seed: int = 5) -> dict[str, Any]:
    """A whole deal of Easy at seat 0 against Normal, as a record naming its players."""
    return dealkit.played_record(seats, seed, "review-line-test")


@pytest.fixture(scope="module")
def reviewed() -> tuple[dict[str, Any], Review]:
    """A two-seat deal and seat 0's review of it, made once for the module."""
    record = played_record()
    return record, review_record(record, 0, budget=BUDGET)


def _view_before(record: dict[str, Any], turn: int, seat: int) -> Any:
    """The seat's view just before turn ``turn`` of the record is played."""
    deal = replay({**record, "turns": record["turns"][:turn - 1]})
    return deal.view(seat)


def test_every_line_follows_the_seats_in_order_with_shares_that_only_shrink(reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    deal = deal_of(record)
    rules = deal.rules
    lined = [d for d in review.decisions if d.line]
    assert lined, "a deal's decisions have lines"
    for d in lined:
        assert len(d.line) <= 2
        seat = review.seat
        for t in d.line:
            seat = rules.next_seat(seat, deal.seats)
            assert t.seat == seat, f"turn {d.turn}: the line's turns are the seats after the judged one"
        shares = [t.share for t in d.line]
        assert all(0 < s <= 1 for s in shares) and shares == sorted(shares, reverse=True), shares


def test_a_lines_cards_are_ones_the_seat_could_not_rule_out_and_each_take_pairs_its_card(reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    for d in review.decisions:
        if d.kind != "play" or not d.line:
            continue
        view = _view_before(record, d.turn, review.seat)
        for t in d.line:
            if t.seat == review.seat:  # two seats: the seat's own next card, from what it keeps
                assert t.play in view.hand and t.play != d.best.play
            else:
                assert t.play not in view.hand and t.play not in view.seen, f"turn {d.turn}: {t.play} is known elsewhere"
            for (taken,) in t.take:
                assert taken >> 2 == CARD_PARTNER[t.play], f"turn {d.turn}: {t.play} cannot take {taken}"
                assert taken not in view.hand or taken == d.best.play, "only the card laid can come from the hand"


def test_a_line_read_from_the_deals_own_world_is_the_turns_the_deal_resolves() -> None:
    # the deal's real continuation is one of the worlds a review could sample: read as a line, its takes must
    # be the ones the engine resolves for those cards on that layout
    record = played_record(2, 11)
    turns = replay(record).turns
    checked = 0
    for number in range(1, len(turns) - 2):
        mine, *after = turns[number - 1:number + 2]
        view = _view_before(record, number, mine.seat)
        way = [int(mine.flip) if mine.flip is not None else -1]
        for t in after:
            way += [t.seat, int(t.play), int(t.flip) if t.flip is not None else -1]
        take = mine.take[0] if len(mine.take) == 1 else None
        line = likely_line(view, int(mine.play), take, Counter({tuple(way): 2}))
        assert [(t.seat, t.play) for t in line] == [(t.seat, t.play) for t in after]
        assert all(t.share == 1.0 for t in line)
        mine_json = {"seat": mine.seat, "play": str(mine.play), "take": take_json(mine.take),
                     "flip": None if mine.flip is None else str(mine.flip)}
        line_json = [{"seat": t.seat, "play": str(t.play), "take": take_json(tuple(c for s in t.take for c in s)),
                      "flip": None if a.flip is None else str(a.flip)} for t, a in zip(line, after)]
        resolved = replay({**record, "turns": [*record["turns"][:number - 1], mine_json, *line_json]}).turns
        assert [r.take for r in resolved[number:]] == [tuple(c for s in t.take for c in s) for t in line], number
        checked += 1
    assert checked > 10


def test_the_review_json_carries_each_decisions_line_and_each_options_stderr(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the deal's first six turns (a partial record reviews as a whole one does): three decisions of the seat
    # at the command's full effort prove the form as well as the whole deal's thirteen did, in a quarter of the time
    record = played_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({**record, "turns": record["turns"][:6]}), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    decisions = data["decisions"]
    assert len(decisions) >= 3 and all(isinstance(d["line"], list) for d in decisions)
    turns = [t for d in decisions for t in d["line"]]
    assert turns and all(set(t) == {"seat", "play", "take", "share"} for t in turns)
    assert all(0 <= t["share"] <= 1 and t["share"] == round(t["share"], 2) for t in turns)
    assert all(t["take"] is None or isinstance(t["take"], (str, list)) for t in turns)
    spread = [o for d in decisions for o in d["options"] if "stderr" in o]
    assert spread and all(o["stderr"] >= 0 for o in spread)


def test_a_review_kept_before_lines_and_stderrs_reads_with_none(reviewed) -> None:  # type: ignore[no-untyped-def]
    _record, review = reviewed
    kept = review.to_json(exact=True)
    for d in kept["decisions"]:
        d.pop("line")
        for o in (d["chosen"], d["best"], *d["options"]):
            o.pop("stderr", None)
    old = Review.from_json(json.loads(json.dumps(kept)))
    assert all(d.line == () and d.best.stderr is None and d.loss_stderr is None and not d.uncertain
               for d in old.decisions)
    assert [d.label for d in old.decisions] == [d.label for d in review.decisions]
    again = Review.from_json(json.loads(json.dumps(review.to_json(exact=True))))
    assert again == review, "the exact form keeps the lines and the stderrs"


def _judgement(chosen: float, best: float, err: float) -> Judgement:
    mine = Choice(Card.parse("3H"), (), chosen, stderr=err)
    top = Choice(Card.parse("KH"), (Card.parse("KC"),), best, stderr=err)
    return Judgement(4, "play", mine, top, (top, mine))


def test_a_loss_within_twice_the_combined_stderr_is_uncertain_and_a_larger_one_is_not() -> None:
    close = _judgement(0.0, 2.5, 1.0)  # combined 1.41: 2.5 is under 2.83
    assert close.loss_stderr == pytest.approx(2 ** 0.5) and close.uncertain
    assert not _judgement(0.0, 3.0, 1.0).uncertain
    assert not _judgement(2.5, 2.5, 1.0).uncertain, "the best option itself is not in doubt"


def test_the_standard_error_is_that_of_the_mean() -> None:
    values = [1.0, 2.0, 3.0, 6.0]
    got = standard_error(sum(values), sum(v * v for v in values), len(values))
    mean = sum(values) / 4
    assert got == pytest.approx((sum((v - mean) ** 2 for v in values) / 3 / 4) ** 0.5)
    assert standard_error(5.0, 25.0, 1) is None


def test_a_line_is_told_by_seat_name_card_take_and_share() -> None:
    line = (LineTurn(1, Card.parse("9C"), ((Card.parse("AH"),),), 0.62), LineTurn(2, Card.parse("5D"), (), 0.4))
    assert line_words(line, ["South", "West", "North"]) == "West 9♣ takes A♥ (62%) · North 5♦ (40%)"
    assert LineTurn.from_json(line[0].to_json(single=True)) == line[0]
    assert line[0].to_json(single=True)["take"] == "AH" and line[0].to_json()["take"] == [["AH"]]
