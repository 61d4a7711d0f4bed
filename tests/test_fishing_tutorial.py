"""Go Fishing's guided first deal: its record and script, played through the engine."""

from __future__ import annotations

import pytest

from chinese_ten.games import game_named
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.events import CapturedSets, Drew, JoinedLayout, LayoutRefilled
from chinese_ten.games.fishing.record import FORMAT, replay, turn_action
from chinese_ten.games.fishing.review import review_record
from chinese_ten.games.fishing.rules import CARD_VALUE
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.fishing.tutorial import (COUNT, ENDING, FREE, PERSON, RECORD, REFUSED, REFUSED_SETS, STEPS,
                                               WATCH, Guide, Step, turn_number)


def before(turn: int) -> FishingDeal:
    """The guided deal just before turn ``turn`` (1 for the first)."""
    return replay({**RECORD, "turns": RECORD["turns"][:turn - 1]})


def step_for(concept: str) -> Step:
    return next(step for step in STEPS if step.concept == concept)


def recorded(turn: int) -> FishingAction:
    deal = before(turn)
    return turn_action(deal, RECORD["turns"][turn - 1])


def test_the_registry_offers_each_games_own_lesson() -> None:
    assert isinstance(game_named("fishing").lesson(), Guide)  # type: ignore[misc]
    assert game_named("ten").lesson is not None and game_named("ten").lesson is not Guide


def test_the_record_is_a_two_seat_go_fishing_deal_whose_guided_turns_replay() -> None:
    assert RECORD["format"] == FORMAT and RECORD["seats"] == 2
    deal = replay(RECORD)
    assert len(deal.turns) == len(RECORD["turns"]) and not deal.is_over
    assert Guide().new_deal().to_act == PERSON


def test_the_script_teaches_sums_the_refill_sets_scoring_and_laying_down_on_the_persons_turns() -> None:
    assert [s.concept for s in STEPS] == ["sums", "refill", "sets", "scoring", "lay-down"]
    for step in STEPS:
        assert RECORD["turns"][step.turn - 1]["seat"] == PERSON
        assert Guide().guided(before(step.turn))


def test_each_guided_text_names_the_card_to_play() -> None:
    for step in STEPS:
        assert recorded(step.turn).card.pretty in step.text, step.concept


def test_the_sums_step_takes_cards_that_add_up_to_the_cards_value() -> None:
    step = step_for("sums")
    action = recorded(step.turn)
    (only,) = action.sets
    assert len(only) == 2 and sum(CARD_VALUE[c] for c in only) == CARD_VALUE[action.card] == 9


def test_the_refill_step_plays_the_card_drawn_last_turn_onto_cards_the_refill_turned() -> None:
    step = step_for("refill")
    deal = before(1)
    events = deal.apply(recorded(1))
    drawn = next(e.card for e in events if isinstance(e, Drew))
    refilled = [c for e in events if isinstance(e, LayoutRefilled) for c in e.cards]
    assert drawn == recorded(step.turn).card and len(refilled) == 2
    for card in (drawn, *refilled):
        assert card.pretty in step.text
    deal = before(step.turn)
    assert len(deal.layout) == 5 and len(deal.hand(PERSON)) == 5


def test_the_sets_step_takes_two_disjoint_sets_and_is_a_choice_of_several_ways() -> None:
    step = step_for("sets")
    action = recorded(step.turn)
    assert len(action.sets) == 2 and step.choice_text
    deal = before(step.turn)
    ways = [a for a in deal.legal_actions() if a.card == action.card and a.sets]
    assert len(ways) == 3, "one set, the other, or both"
    assert all(sum(CARD_VALUE[c] for c in s) == 13 for s in action.sets)


def test_the_scoring_step_wins_the_points_its_words_give() -> None:
    step = step_for("scoring")
    deal = before(step.turn)
    events = deal.apply(recorded(step.turn))
    captured = next(e for e in events if isinstance(e, CapturedSets))
    assert captured.points == 90 and "= 90" in step.text


def test_the_lay_down_step_has_no_card_that_can_take_and_the_card_joins_the_layout() -> None:
    step = step_for("lay-down")
    deal = before(step.turn)
    assert all(not a.sets for a in deal.legal_actions())
    events = deal.apply(recorded(step.turn))
    assert any(isinstance(e, JoinedLayout) for e in events)


@pytest.mark.slow
def test_every_guided_play_is_a_best_move_by_the_reviews_own_judgement() -> None:
    review = review_record(RECORD, PERSON)
    guided = {step.turn for step in STEPS}
    judged = [d for d in review.decisions if d.turn in guided]
    assert {d.turn for d in judged} == guided
    assert [(d.turn, d.label) for d in judged if d.label != "best"] == []


def test_the_guide_refuses_another_card_and_another_way_of_taking_with_a_reason() -> None:
    guide = Guide()
    step = step_for("sets")
    deal = before(step.turn)
    wanted = recorded(step.turn)
    other = next(c for c in deal.hand(PERSON) if c != wanted.card)
    assert guide.refusal(deal, FishingAction(other)) == REFUSED.format(card=wanted.card.pretty)
    fewer = FishingAction(wanted.card, wanted.sets[:1])
    refused = guide.refusal(deal, fewer)
    assert refused is not None and refused.startswith("Not that way") and REFUSED_SETS.split("{")[0] in refused
    assert guide.refusal(deal, wanted) is None
    assert guide.refusal(deal, FishingAction(wanted.card, tuple(reversed(wanted.sets)))) is None


def test_the_guide_says_watch_any_card_the_choice_and_the_count_where_they_belong() -> None:
    guide = Guide()
    assert guide.words(before(2)) == WATCH
    step = step_for("sets")
    assert guide.words(before(step.turn), choosing=True) == (step.title, step.choice_text)
    after = before(len(RECORD["turns"]) + 1)
    after.apply(guide.computer_action(after))
    assert guide.words(after) == FREE and guide.suggested(after) is None and not guide.guided(after)
    while not after.is_over:
        after.apply(guide.computer_action(after) if after.to_act != PERSON else after.legal_actions()[0])
    assert guide.words(after) == COUNT and guide.ending() == ENDING


def test_the_other_seat_plays_the_record_then_on_its_own_when_the_record_is_done() -> None:
    guide = Guide()
    deal = guide.new_deal()
    turns = 0
    while not deal.is_over:
        turns += 1
        assert turns < 60, "a deal has at most 52 turns"
        if deal.to_act == PERSON:
            action = guide.action(deal) or deal.legal_actions()[-1]
        else:
            action = guide.computer_action(deal)
            if turn_number(deal) <= len(RECORD["turns"]):
                assert action.canonical() == recorded(turn_number(deal)).canonical()
        deal.apply(action)
    assert sum(deal.returns()) == 0 and guide.step_number(deal) == len(STEPS)
