"""The guided first deal's script, played through the engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.events import Captured, JoinedLayout
from chinese_ten.games.ten.record import FORMAT, record_of, replay
from chinese_ten.games.ten.review import REVIEW_SEED, REVIEW_TURNS, review_record
from chinese_ten.games.ten.rules import CLASSIC
from chinese_ten.games.ten.tutorial import CONCEPTS, COUNT, FREE, LESSONS, PERSON, RECORD, WATCH, Guide, Lesson


def lesson_for(concept: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.concept == concept)


def positions() -> Iterator[tuple[Deal, dict]]:  # type: ignore[type-arg]
    """The guided deal before each turn of its record, with that turn."""
    deal = Guide().new_deal()
    for turn in RECORD["turns"]:
        yield deal, turn
        deal = replay({**RECORD, "turns": RECORD["turns"][:len(deal.turns) + 1]})


def before(turn: int) -> Deal:
    """The guided deal at the start of turn ``turn`` (1 for the first)."""
    return replay({**RECORD, "turns": RECORD["turns"][:turn - 1]})


def test_the_record_is_a_classic_two_seat_deal_that_replays_to_its_end() -> None:
    deal = replay(RECORD)
    assert RECORD["format"] == FORMAT
    assert deal.rules == CLASSIC and deal.seats == 2
    assert deal.is_over
    assert record_of(deal)["turns"] == RECORD["turns"]


def test_the_person_leads_and_the_guided_turns_are_theirs() -> None:
    deal = Guide().new_deal()
    assert deal.to_move == PERSON
    for lesson in LESSONS:
        assert before(lesson.turn).to_move == PERSON, lesson.concept


def test_the_script_teaches_every_concept_in_order() -> None:
    taught = [lesson.concept for lesson in LESSONS] + [COUNT.concept]
    assert taught == list(CONCEPTS)
    assert [lesson.turn for lesson in LESSONS] == sorted(lesson.turn for lesson in LESSONS)


def test_every_suggested_play_is_legal_at_its_step_and_is_what_the_record_plays() -> None:
    for lesson in LESSONS:
        deal = before(lesson.turn)
        assert lesson.suggested is not None
        legal = deal.legal_actions()
        card = lesson.suggested.card
        assert any(a.card == card and (lesson.suggested.take is None or a.take == lesson.suggested.take)
                   for a in legal), lesson.concept
        turn = RECORD["turns"][lesson.turn - 1]
        assert Card.parse(turn["play"]) == card
        if lesson.suggested.take is not None:
            assert Card.parse(turn["take"]) == lesson.suggested.take[0]


def test_each_guided_text_names_its_suggested_card() -> None:
    for lesson in LESSONS:
        assert lesson.suggested is not None and lesson.suggested.card is not None
        assert lesson.suggested.card.pretty in lesson.text, lesson.concept
        if lesson.suggested.take is not None:
            assert lesson.suggested.take[0].pretty in lesson.choice_text


def test_making_ten_takes_the_partner_that_sums_to_ten() -> None:
    lesson = lesson_for("ten")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    events = deal.apply(lesson.suggested)  # type: ignore[arg-type]
    taken = next(e for e in events if isinstance(e, Captured))
    assert len(taken.taken) == 1 and card.rank + taken.taken[0].rank == 10
    assert card.rank <= 9


def test_a_king_takes_only_its_own_rank() -> None:
    lesson = lesson_for("own-rank")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    assert card.rank_name == "K"
    assert [c.rank_name for c in deal.candidates(card)] == ["K"]
    assert any(c.rank_name != "K" for c in deal.layout)
    # the king it takes is the one the person's own turned card left on the layout, as the text says
    taken = deal.candidates(card)[0]
    shown = RECORD["turns"][lesson.turn - 3]
    assert shown["seat"] == PERSON and shown["flip"] == str(taken) and shown["flip_take"] is None
    assert taken.pretty in lesson.text


def test_the_compulsory_capture_step_has_a_card_that_cannot_be_laid_down_without_taking() -> None:
    lesson = lesson_for("compulsory")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    assert deal.candidates(card)
    # the rules offer no way to play it that takes nothing
    assert all(a.take for a in deal.legal_actions() if a.card == card)
    events = deal.copy().apply(Action.play(card))
    assert any(isinstance(e, Captured) for e in events)
    assert not any(isinstance(e, JoinedLayout) for e in events)
    # the classic rules let any card be played: the other cards are refused by the guide, not the rules
    others = [c for c in deal.hand(PERSON) if c != card]
    assert {a.card for a in deal.legal_actions()} >= set(others)
    guide = Guide()
    for other in others:
        assert guide.refusal(deal, Action.play(other)), other
    assert guide.refusal(deal, Action.play(card)) is None


def test_the_turned_card_step_lays_a_card_down_and_the_turned_card_takes_it_for_the_person() -> None:
    lesson = lesson_for("turned")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    assert not deal.candidates(card)
    played = deal.apply(lesson.suggested)  # type: ignore[arg-type]
    assert any(isinstance(e, JoinedLayout) and e.card == card for e in played)
    assert deal.phase is Phase.FLIP
    turned = deal.apply(Action.flip())
    capture = next(e for e in turned if isinstance(e, Captured))
    assert capture.seat == PERSON and capture.source == "flip" and capture.taken == (card,)
    assert capture.points > 0


def test_the_choice_step_offers_takes_of_different_points_and_only_the_suggested_one() -> None:
    lesson = lesson_for("choice")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    candidates = deal.candidates(card)
    assert len(candidates) >= 2 and deal.choice_matters(card)
    points = {c: deal.points_of(c) for c in candidates}
    wanted = lesson.suggested.take[0]  # type: ignore[index]
    assert points[wanted] == max(points.values()) > min(points.values())
    deal.apply(Action.play(card))
    assert deal.phase is Phase.CHOOSE
    guide = Guide()
    assert guide.suggested(deal) == wanted
    for other in candidates:
        refused = guide.refusal(deal, Action.choose(other))
        assert (refused is None) == (other == wanted)
    assert guide.words(deal)[1] == lesson.choice_text


def test_the_scoring_step_takes_two_red_cards_worth_their_face_values() -> None:
    lesson = lesson_for("scoring")
    deal = before(lesson.turn)
    card = lesson.suggested.card  # type: ignore[union-attr]
    events = deal.apply(lesson.suggested)  # type: ignore[arg-type]
    capture = next(e for e in events if isinstance(e, Captured))
    assert capture.points == 10
    assert all(c.is_red for c in (card, *capture.taken))
    # the black cards the text calls worthless at two seats are
    assert deal.points_of(Card.parse("AS")) == deal.points_of(Card.parse("AC")) == 0
    assert deal.points_of(Card.parse("AH")) == 20 and deal.tie_score == 105


def test_every_guided_decision_is_a_best_move_by_the_reviews_own_judgement() -> None:
    # the review the window makes of the lesson's deal: the same seed and effort, up to the last guided turn
    # (a decision is judged from what the seat saw then, so the later turns change none of these marks)
    last = max(lesson.turn for lesson in LESSONS)
    review = review_record({**RECORD, "turns": RECORD["turns"][:last]}, PERSON, seed=REVIEW_SEED,
                           budget=REVIEW_TURNS)
    guided = {lesson.turn for lesson in LESSONS}
    judged = [d for d in review.decisions if d.turn in guided]
    assert {d.turn for d in judged} == guided
    assert [(d.turn, d.kind, d.label) for d in judged if d.label != "best"] == []
    # the guided choice is about the better take: its take is the review's best, worth more than the other
    lesson = lesson_for("choice")
    take = next(d for d in judged if d.turn == lesson.turn and d.kind == "take")
    assert take.best.take == lesson.suggested.take  # type: ignore[union-attr]
    assert take.best.expected > take.options[-1].expected
    play = next(d for d in judged if d.turn == lesson.turn and d.kind == "play")
    assert play.chosen.play == lesson.suggested.card and play.label == "best"  # type: ignore[union-attr]


def test_the_count_is_said_once_the_deal_is_over() -> None:
    guide = Guide()
    assert guide.lesson(replay(RECORD)) is COUNT
    assert "105" in COUNT.text and "210" in COUNT.text


def test_the_guide_says_watch_on_the_other_seats_turn_and_any_card_after_the_guided_turns() -> None:
    guide = Guide()
    assert guide.lesson(before(2)) is WATCH
    after = max(lesson.turn for lesson in LESSONS) + 2
    deal = before(after)
    assert guide.lesson(deal) is FREE
    assert guide.suggested(deal) is None
    assert all(guide.refusal(deal, a) is None for a in deal.legal_actions())


def test_the_other_seats_moves_follow_the_record() -> None:
    guide = Guide()
    deal = guide.new_deal()
    while not deal.is_over:
        if deal.phase is Phase.FLIP:
            deal.apply(Action.flip())
        elif deal.to_move == PERSON and deal.phase is Phase.PLAY:
            lesson = guide.lesson(deal)
            turn = RECORD["turns"][deal.turn_number - 1]
            deal.apply(lesson.suggested or Action.play(turn["play"], turn["take"]))
        elif deal.pending is not None and deal.pending.seat == PERSON:
            deal.apply(Action.choose(guide.suggested(deal)))  # type: ignore[arg-type]
        else:
            deal.apply(guide.computer_action(deal))
    assert record_of(deal)["turns"] == RECORD["turns"]


def test_the_other_seat_still_plays_when_the_person_leaves_the_script() -> None:
    guide = Guide()
    deal = before(max(lesson.turn for lesson in LESSONS) + 2)
    while not deal.is_over:
        if deal.phase is Phase.FLIP:
            deal.apply(Action.flip())
        elif deal.to_move == PERSON:
            deal.apply(deal.legal_actions()[-1])
        else:
            deal.apply(guide.computer_action(deal))
    assert sum(deal.points) == 210


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.concept)
def test_guided_steps_refuse_other_cards_with_a_gentle_reason(lesson: Lesson) -> None:
    deal = before(lesson.turn)
    guide = Guide()
    other = next(c for c in deal.hand(PERSON) if c != lesson.suggested.card)  # type: ignore[union-attr]
    reason = guide.refusal(deal, Action.play(other))
    assert reason is not None and lesson.suggested.card.pretty in reason  # type: ignore[union-attr]
