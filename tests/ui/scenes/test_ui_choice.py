"""The capture choice: the focus starts on the candidate worth most, so Enter by habit loses nothing."""

from __future__ import annotations

import pygame

from chinese_ten.ui.scenes.choice import ChoiceScene

from uiharness import play_until, press, run_frames


def _choice_listing_a_lesser_candidate_first(make_table, seeds):  # type: ignore[no-untyped-def]
    """Tables (from these seeds) whose first capture choice lists a lesser candidate first."""
    for seed in seeds:
        app, ctl, _table = make_table(seats=2, seed=seed, length="one")
        if not play_until(app, lambda: isinstance(app.top(), ChoiceScene) or ctl.match.is_over, limit=2000):
            continue
        if not isinstance(app.top(), ChoiceScene):
            continue
        _card, cands = ctl.person_choice
        if ctl.session.deal.points_of(cands[0]) < max(ctl.session.deal.points_of(c) for c in cands):
            yield app, ctl


def test_the_choice_opens_on_the_highest_scoring_candidate_and_enter_takes_it(make_table) -> None:  # type: ignore[no-untyped-def]
    checked = 0
    for app, ctl in _choice_listing_a_lesser_candidate_first(make_table, range(1, 60)):
        deal = ctl.session.deal
        card, cands = ctl.person_choice
        best = max(deal.points_of(c) for c in cands)
        choice = app.top()
        assert deal.points_of(choice.focused_card) == best
        before = deal.points[0]
        press(app, pygame.K_RETURN)
        assert run_frames(app, lambda: not ctl.busy)
        assert deal.points[0] == before + deal.points_of(card) + best
        checked += 1
        if checked == 3:
            break
    assert checked, "no deal offered a choice that lists a lesser candidate first"
