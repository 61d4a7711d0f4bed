"""A decision asked for with its reason: the same action, and the figures of Hard's own search, in both games,
as plain data that crosses to the window, where the sentence is told in the language in force."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.judging import Figures, HintBasis, HintOption, points_text
from chinese_ten.engine.thinking import Explained, decide
from chinese_ten.games import game_named
from chinese_ten.games.fishing.players import hard as fishing_hard
from chinese_ten.games.ten.players import hard as ten_hard
from chinese_ten.i18n import use_language

from dealkit import build_deal
from games.fishing.kit import full_deal

THINK_MS = 20
"""A small effort, so the tests stay quick (the positions' gaps are wide)."""


def _ten_view() -> Any:
    """Seat 1 to lead holding 9H, a red ace in the layout: 9H taking it is by far the best (as the review's
    planted blunder)."""
    deal = build_deal(2, ["AH", "AS", "6C", "QS"], stock_top=["2D"],
                      hands={1: ["9H", "2C", "3C", "4S", "5S", "6S", "7S", "8S", "10S", "JC", "QC", "KC"],
                             0: ["9S", "9D"]})
    return deal.observe(1)


def _fishing_view() -> Any:
    """Seat 1 to lead holding a king, with two kings' worth of sets in the layout (the review's planted blunder)."""
    deal = full_deal(["KH KS QH 9H 8H", "KC 2S 3S 4S 5S"], "KD 10S 3H 6C 7D", "2C 2D 2H", rng=random.Random(5))
    return deal.observe(1)


def _spy(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, wrap: Any) -> list[Any]:
    seen: list[Any] = []
    real = getattr(owner, name)
    monkeypatch.setattr(owner, name, wrap(real, seen))
    return seen


def _check_basis(basis: HintBasis, totals: list[float], detail: list[list[float]], worlds: int, now: float) -> None:
    """The basis holds the search's own figures: the best option's and the next best's, per world."""
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    best, runner = basis.best, basis.runner
    assert runner is not None
    expected = [now + t / worlds for t in totals]
    measured = {(round(e, 9), Figures(d[0] / worlds, d[1] / worlds, d[2] / worlds)) for e, d in zip(expected, detail)}
    assert (round(best.expected, 9), best.figures) in measured and (round(runner.expected, 9), runner.figures) in measured
    assert best.expected == pytest.approx(expected[order[0]]) and runner.expected == pytest.approx(expected[order[1]])


def test_chinese_tens_hint_gives_the_same_card_and_the_figures_of_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def wrap(real: Any, seen: list[Any]) -> Any:
        def spy(view: Any, pos: Any, rng: Any, options: Any, source: str, worlds: int, detail: Any = None) -> Any:
            totals = real(view, pos, rng, options, source, worlds, detail)
            seen.append((list(totals), [list(d) for d in detail] if detail is not None else None, worlds))
            return totals
        return spy

    view = _ten_view()
    players = game_named("ten").players
    plain = decide(players, view, "hard", THINK_MS, 3)
    seen = _spy(monkeypatch, ten_hard, "option_totals", wrap)
    explained = decide(players, view, "hard", THINK_MS, 3, explain=True)
    assert isinstance(explained, Explained) and explained.action == plain, "explaining changes no decision"
    ((totals, detail, worlds),) = seen
    basis = explained.basis
    assert basis is not None and detail is not None
    _check_basis(basis, totals, detail, worlds, float(view.points[1] - view.tie_score))
    assert basis.best.play == "9H" and basis.best.take == (("AH",),) and basis.best.figures.now >= 20
    use_language("en")
    assert "9♥ taking A♥ would win " in basis.reason and points_text(basis.best.figures.now) in basis.reason


def test_go_fishings_hint_gives_the_same_card_and_the_figures_of_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def wrap(real: Any, seen: list[Any]) -> Any:
        def spy(self: Any, view: Any, options: Any, rng: Any, detail: Any = None) -> Any:
            totals = real(self, view, options, rng, detail)
            seen.append((list(totals), [list(d) for d in detail] if detail is not None else None,
                         self.worlds(view, len(options))))
            return totals
        return spy

    view = _fishing_view()
    players = game_named("fishing").players
    plain = decide(players, view, "hard", THINK_MS, 7)
    seen = _spy(monkeypatch, fishing_hard.HardPlayer, "evaluate", wrap)
    explained = decide(players, view, "hard", THINK_MS, 7, explain=True)
    assert isinstance(explained, Explained) and explained.action == plain, "explaining changes no decision"
    ((totals, detail, worlds),) = seen
    basis = explained.basis
    assert basis is not None and detail is not None
    _check_basis(basis, totals, detail, worlds, float(view.margins[1]))
    assert basis.best.play == "KC" and "KD" in {c for s in basis.best.take for c in s}
    use_language("en")
    assert basis.reason.startswith("K♣ taking ") and "K♦" in basis.reason


def test_the_basis_is_plain_data_and_crosses_a_process_boundary_unchanged() -> None:
    explained = decide(game_named("ten").players, _ten_view(), "hard", THINK_MS, 3, explain=True)
    assert pickle.loads(pickle.dumps(explained)) == explained
    basis = explained.basis
    assert basis is not None and isinstance(basis.best.play, str)
    assert all(isinstance(c, str) for s in basis.best.take for c in s)


def test_a_player_that_does_not_search_gives_its_decision_and_no_basis() -> None:
    view = _ten_view()
    players = game_named("ten").players
    explained = decide(players, view, "normal", None, 3, explain=True)
    assert explained == Explained(decide(players, view, "normal", None, 3), None)


def test_the_reason_is_told_in_the_language_in_force_from_the_same_figures() -> None:
    basis = decide(game_named("ten").players, _ten_view(), "hard", THINK_MS, 3, explain=True).basis
    assert basis is not None
    try:
        use_language("zh-Hans")
        chinese = basis.reason
    finally:
        use_language("en")
    assert chinese != basis.reason and points_text(basis.best.figures.now) in chinese and "9♥" in chinese


def test_a_lone_option_is_told_from_its_own_figures() -> None:
    figures = Figures(now=12.0, leaves=3.25, share=0.4)
    lone = HintBasis(HintOption.of(Card.parse("9H"), [[Card.parse("AH")]], 5.0, figures), None)
    use_language("en")
    assert lone.reason == ("9♥ taking A♥ is the only choice: on average it would win 12 this turn and leave the "
                           "next seat 3.2 to take at once.")
    other = HintBasis(HintOption.of(Card.parse("9H"), [], 5.0, Figures(4.0, 0.0, 0.0)), None)
    assert "would win 4 this turn" in other.reason and "leave the next seat 0 " in other.reason
