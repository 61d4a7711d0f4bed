"""The capture choice: the focus starts on the candidate worth most, so Enter by habit loses nothing."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.choice_scene import ChoiceScene

from uiharness import play_until, press, run_frames


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_the_choice_opens_on_the_highest_scoring_candidate_and_enter_takes_it(make_table, seed: int) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=2, seed=seed, length="one")
    deal = ctl.deal
    assert play_until(app, lambda: isinstance(app.top(), ChoiceScene))
    card, cands = ctl.person_choice
    best = max(deal.points_of(c) for c in cands)
    assert deal.points_of(cands[0]) < best, "this deal lists a lesser candidate first"
    choice = app.top()
    assert deal.points_of(choice.focused_card) == best
    before = deal.points[0]
    press(app, pygame.K_RETURN)
    assert run_frames(app, lambda: not ctl.busy)
    assert deal.points[0] == before + deal.points_of(card) + best
