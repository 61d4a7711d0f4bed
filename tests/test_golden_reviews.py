"""The first and last seats' reviews of the golden deals of both games says, byte for byte, what it said when they were
kept (``tests/golden/reviews.py``): reshaping the reviews' code changes no mark, option, reason or line."""

from __future__ import annotations

import json

import pytest

from tests.golden import reviews

DEALS = reviews.records()


def _kept(name: str) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(reviews.HERE.glob(f"{name}-seat*.json"))}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DEALS))
def test_the_reviews_of_a_golden_deal_are_the_kept_ones_byte_for_byte(name: str) -> None:
    kept = _kept(name)
    made = reviews.reviewed(name, DEALS[name])
    assert sorted(made) == sorted(kept)
    for file, text in kept.items():
        assert made[file] == text, f"{file} differs from its golden review"


def test_the_golden_reviews_cover_both_games_every_seat_count_and_every_kind_of_decision() -> None:
    seats = {(name.split("-")[0], len(deal["hands"])) for name, deal in DEALS.items()}
    assert {s for g, s in seats if g == "ten"} == {2, 3, 4}
    assert {s for g, s in seats if g == "fishing"} == set(range(2, 9))
    said = [json.loads(text) for name in DEALS for text in _kept(name).values()]
    assert len(said) == 2 * len(DEALS), "the first and the last seat of every deal"
    decisions = [d for s in said for d in s["printed"]["decisions"]]
    assert {d["kind"] for d in decisions} == {"play", "take", "flip_take"}
    assert {d["label"] for d in decisions} == {"best", "inaccuracy", "mistake", "blunder"}
    assert sum(1 for d in decisions if "reason" in d) >= 20, "many reasons are compared"
    assert all(s["exact_reads_back_equal"] for s in said)
