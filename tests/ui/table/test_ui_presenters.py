"""One table says how each event is presented: the log, the movement, the sound and the review's list of
turns all read their column of it."""

from __future__ import annotations

import typing

import pytest

from chinese_ten.cards import Card
from chinese_ten.games.ten import events
from chinese_ten.games.ten.events import Captured, JoinedLayout, Played, TripleCaptured, Turned
from chinese_ten.ui.kit.sound import effect_for
from chinese_ten.ui.scenes.review import turn_line
from chinese_ten.ui.table import presenters
from chinese_ten.ui.table.choreography import Choreographer, Pace
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.presenters import NOTHING, PRESENTERS, Presenter, Showing, presenter_for

SEVEN = Card.parse("7D")
THREE = Card.parse("3H")


def test_every_event_a_deal_emits_has_a_row() -> None:
    from chinese_ten.games.fishing.events import Dealt, FishingEvent

    fishing = set(typing.get_args(FishingEvent)) - {Dealt}  # the deal lays the board; it is never shown
    kinds = set(typing.get_args(events.Event)) | {TripleCaptured} | fishing
    assert kinds == set(PRESENTERS)


def test_a_subclass_without_a_row_of_its_own_takes_its_parents() -> None:
    class Loud(Played):
        pass

    assert presenter_for(Loud(0, SEVEN)) is PRESENTERS[Played]
    assert presenter_for(TripleCaptured(0, SEVEN, (THREE,), 1, "play")) is PRESENTERS[TripleCaptured]
    assert presenter_for(object()) is NOTHING


def test_the_log_the_movement_the_sound_and_the_review_all_read_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    moved: list[object] = []

    def move(stage: object, ev: object, showing: Showing) -> float | None:
        moved.append(ev)
        return None

    row = Presenter(tell=lambda names, ev: (f"{names[ev.seat]} bowed", "entry"), move=move,
                    sound=lambda ev: "match-won", review=lambda ev: "a bow")
    monkeypatch.setitem(presenters.PRESENTERS, Played, row)
    played = Played(0, SEVEN)
    narration = Narration(["You", "West"])
    narration.add(played)
    assert narration.entries == ["You bowed"]
    assert effect_for(played) == "match-won"
    assert turn_line([played]) == "a bow"
    assert Choreographer(Narration(["You", "West"]), Pace(), frozenset({0})).steps_for([played]) == []
    assert moved == [played]


def test_the_reviews_turn_line_names_the_cards_of_a_turn_with_no_capture_or_landing() -> None:
    assert turn_line([Played(0, SEVEN), Turned(0, THREE)]) == f"{SEVEN.pretty}, {THREE.pretty}"
    line = turn_line([Played(0, SEVEN), Captured(0, SEVEN, (THREE,), 0, "play"), Turned(0, THREE),
                      JoinedLayout(0, THREE, "flip")])
    assert line == f"{SEVEN.pretty} took {THREE.pretty} · turned {THREE.pretty} to the layout"
