"""How Go Fishing's events reach the table: the log's words, the movement and its pace, the sound."""

from __future__ import annotations

from collections import deque

from chinese_ten.cards import Card
from chinese_ten.games.fishing.events import (CapturedSets, DealOver, Dealt, Drew, JoinedLayout, LayoutRefilled,
                                             PassedOver, Played)
from chinese_ten.ui.kit.sound import effect_for
from chinese_ten.ui.table.animation import finish_steps
from chinese_ten.ui.table.choreography import Choreographer, Pace
from chinese_ten.ui.table.games.fishing import TABLE as FISHING
from chinese_ten.ui.table.narration import Narration

c = Card.parse
PACE = Pace(move=1.0, flip=0.5, glow=0.2, sweep=0.8, triple=1.0, pause=0.0)


class _Shown:
    """A board with its queue of movements, as the table keeps them."""

    def __init__(self) -> None:
        dealt = Dealt(((c("9S"), c("KD"), c("2C"), c("3C"), c("AC")), (None,) * 5),
                      (c("9C"), c("5D"), c("4H"), c("QH"), c("10S")), 37)
        self.board = FISHING.board(dealt, ())
        self.narration = Narration(["You", "North"])
        self.choreo = Choreographer(self.narration, PACE, frozenset({0}))
        self.queue: deque[object] = deque()
        self.current = None

    def show(self, events: list[object]) -> list[object]:
        steps = [factory(self.board) for factory in self.choreo.steps_for(events)]  # type: ignore[arg-type]
        for step in steps:
            if step.on_end is not None:
                step.on_end(self.board)
        return steps


def test_a_capture_sweeps_its_sets_to_the_pile_with_its_points_and_the_draw_flies_face_up_to_the_hand() -> None:
    shown = _Shown()
    nine = c("9S")
    steps = shown.show([Played(0, nine), CapturedSets(0, nine, ((c("9C"),), (c("5D"), c("4H"))), 40),
                        Drew(0, c("7H"))])
    assert shown.narration.entries == [f"You played {nine.pretty} and took 9♣, 5♦+4♥ (+40). You drew 7♥."]
    labels = [label.text for step in steps for label in step.labels]  # type: ignore[attr-defined]
    assert "+40" in labels
    board = shown.board
    assert sorted(board.slots.values()) == sorted([c("QH"), c("10S")])
    assert board.piles[0] == 4 and board.points[0] == 40 and board.stock == 36
    assert c("7H") in board.hands[0] and nine not in board.hands[0] and len(board.hands[0]) == 5
    assert board.hands[0] == sorted(board.hands[0], key=lambda x: (x.rank, x.suit))  # type: ignore[union-attr]
    assert effect_for(Played(0, nine)) == "lay" and effect_for(CapturedSets(0, nine, ((c("9C"),),), 20)) == "capture-scoring"


def test_another_seats_draw_stays_face_down_and_a_refill_turns_its_cards_one_after_another() -> None:
    shown = _Shown()
    steps = shown.show([Played(1, c("8H")), JoinedLayout(1, c("8H")), Drew(1, None),
                        LayoutRefilled(0, (c("JD"), c("6C")))])
    sprites = [s for step in steps for s in step.sprites]  # type: ignore[attr-defined]
    drawn = [s for s in sprites if s.dst.kind == "hand"]
    assert drawn and all(s.card is None and s.back for s in drawn)
    turned = [s for s in sprites if s.src.kind == "stock" and s.dst.kind == "slot"]
    assert [s.card for s in turned] == [c("JD"), c("6C")] and turned[0].window[0] < turned[1].window[0]
    assert shown.board.hands[1] == [None] * 5 and shown.board.stock == 37 - 1 - 2
    assert {c("8H"), c("JD"), c("6C")} <= set(shown.board.slots.values())
    assert shown.narration.entries == ["North played 8♥, which joined the layout. North drew a card.",
                                       "J♦, 6♣ turned up for the layout."], "the refill is the next seat's"
    shown.show([Played(0, c("9S")), JoinedLayout(0, c("9S"))])
    assert shown.narration.entries[1:] == ["J♦, 6♣ turned up for the layout. You played 9♠, which joined the "
                                           "layout."], "the refill begins the turn of the seat it was for"
    assert shown.narration.turns_before(2) == 2
    shown.narration.note(lambda: "Hint: play 9♠.")
    assert shown.narration.turns_before(3) == 2, "a hint is not a turn"


def test_a_seat_passed_over_is_noted_but_not_every_seat_at_the_end() -> None:
    shown = _Shown()
    steps = shown.show([PassedOver(1)])
    assert shown.narration.entries == ["North has no cards: passed over."]
    assert any(step.labels for step in steps)  # type: ignore[attr-defined]
    shown = _Shown()
    shown.show([PassedOver(0), PassedOver(1), DealOver((0, 0), (0, 0))])  # type: ignore[arg-type]
    assert shown.narration.entries == ["The deal is over."]


def test_finish_steps_settles_a_fishing_turn_at_once() -> None:
    shown = _Shown()
    shown.queue.extend(shown.choreo.steps_for([Played(0, c("2C")), JoinedLayout(0, c("2C")), Drew(0, c("8D"))]))
    assert finish_steps(shown)  # type: ignore[arg-type]
    assert c("2C") in shown.board.slots.values() and c("8D") in shown.board.hands[0]
