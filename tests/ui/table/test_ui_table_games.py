"""The window finds each game's table adapter through the games' registry: a game it does not know, or one
registered without an adapter, is refused in one line, never dealt on another game's table."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator

import pytest

from chinese_ten.engine.game import GameSpec
from chinese_ten.games import GAMES, register_game
from chinese_ten.games.fishing.events import CapturedSets
from chinese_ten.ui.table import presenters
from chinese_ten.ui.table.games import has_table, record_game, table_game
from chinese_ten.ui.table.games.fishing import FishingTable
from chinese_ten.ui.table.games.ten import TenTable


@pytest.fixture
def bare() -> Iterator[GameSpec]:
    """A game registered for one test with no adapter in the window (Go Fishing's rules under another name)."""
    spec = register_game(dataclasses.replace(GAMES["fishing"], name="bare", record_format="chinese-ten/bare-v1"))
    try:
        yield spec
    finally:
        GAMES.pop(spec.name, None)
        presenters.gathered()


def test_every_registered_game_has_its_own_adapter() -> None:
    assert isinstance(table_game("ten"), TenTable) and isinstance(table_game("fishing"), FishingTable)
    assert all(has_table(name) for name in GAMES)
    assert record_game({"format": GAMES["fishing"].record_format}) is table_game("fishing")


def test_each_adapter_finds_its_games_review_and_keeps_its_own_ways() -> None:
    for name in GAMES:
        review = importlib.import_module(table_game(name).review_module)
        assert callable(review.review_record) and review.REVIEW_TURNS > 0
    ten, fishing = table_game("ten"), table_game("fishing")
    assert (ten.lists_options, ten.points_at_piles, ten.reviewable) == (False, False, True)
    assert (fishing.lists_options, fishing.points_at_piles, fishing.reviewable) == (True, True, True)


def test_a_game_not_registered_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"^unknown game 'chess' \(known: ten, fishing\)$"):
        table_game("chess")
    assert not has_table("chess")


def test_a_registered_game_without_an_adapter_is_refused_not_dealt_on_chinese_tens_table(bare: GameSpec) -> None:
    assert not has_table("bare")
    with pytest.raises(ValueError) as problem:
        table_game("bare")
    assert "'bare' has no table in the window" in str(problem.value) and "\n" not in str(problem.value)
    with pytest.raises(ValueError):
        record_game({"format": "chinese-ten/bare-v1"})


def test_the_presenters_are_gathered_again_when_the_registry_changes(bare: GameSpec) -> None:
    from chinese_ten.ui.table.games.fishing import PRESENTERS as FISHING_ROWS

    rows = presenters.gathered()
    assert set(FISHING_ROWS) <= set(rows), "a game without an adapter adds no rows and breaks none"
    saved = dict(GAMES)
    GAMES.pop("fishing")
    try:
        assert CapturedSets not in presenters.gathered(), "a game taken out of the registry takes its rows with it"
    finally:
        GAMES.clear()
        GAMES.update(saved)
    assert CapturedSets in presenters.gathered()
