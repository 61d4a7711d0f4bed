"""The invariants every registered game keeps, checked through the game protocol alone (as OpenSpiel's
random simulation test runs over every registered game): random play ends at every seat count, results
add to zero, records round-trip, copies are independent, a view shows no card it must hide, and a
computer's decision depends on nothing its seat cannot see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import Card
from chinese_ten.engine.game import GameSpec, make_player
from chinese_ten.games import GAMES

CASES = [(name, seats) for name, spec in GAMES.items() for seats in spec.seat_counts]


def _random_turn(state: Any, rng: random.Random) -> None:
    forced = state.next_forced()
    state.apply(forced if forced is not None else rng.choice(list(state.legal_actions())))


def _play_randomly(spec: GameSpec, seats: int, seed: int) -> Any:
    rng = random.Random(seed)
    state = spec.deal(seats, random.Random(seed), seed % seats, spec.default_rules)
    for _ in range(2000):
        if state.is_over:
            break
        _random_turn(state, rng)
    return state


def _cards_in(value: object, found: set[Card]) -> set[Card]:
    """Every card a value holds, wherever it sits in it."""
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _cards_in(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _cards_in(key, found)
            _cards_in(item, found)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:  # type: ignore[attr-defined]
            _cards_in(getattr(value, name), found)
    return found


def _watched(spec: GameSpec, seats: int, seed: int, cut: int) -> tuple[Any, list[set[Card]]]:
    """A deal played at random for ``cut`` actions, with every card each seat has been shown: its own
    hand and the layout as dealt, the opening, and every event as the game told it to that seat."""
    rng = random.Random(seed)
    state = spec.deal(seats, random.Random(seed), seed % seats, spec.default_rules)
    record = spec.record_of(state)
    opening = list(getattr(state, "opening_events", ()))
    seen = [{Card.parse(c) for c in record["hands"][s]} | {Card.parse(c) for c in record["layout"]}
            | _cards_in(state.tell(opening, s), set()) for s in range(seats)]
    for _ in range(cut):
        if state.is_over:
            break
        forced = state.next_forced()
        events = state.apply(forced if forced is not None else rng.choice(list(state.legal_actions())))
        for s in range(seats):
            _cards_in(state.tell(events, s), seen[s])
    return state, seen


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_random_play_ends_with_results_that_add_to_zero(name: str, seats: int, seed: int) -> None:
    spec = GAMES[name]
    state = _play_randomly(spec, seats, seed)
    assert state.is_over and state.to_act is None and state.next_forced() is None
    assert list(state.legal_actions()) == []
    assert sum(state.returns()) == 0
    assert len(state.points) == seats


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 60))
def test_a_record_replays_to_the_same_position_and_a_copy_is_independent(name: str, seats: int, seed: int,
                                                                         cut: int) -> None:
    spec = GAMES[name]
    rng = random.Random(seed)
    state = spec.deal(seats, random.Random(seed), seed % seats, spec.default_rules)
    for _ in range(cut):
        if state.is_over:
            break
        _random_turn(state, rng)
    record = spec.record_of(state)
    assert record["format"] == spec.record_format
    again = spec.replay(json.loads(json.dumps(record)))
    assert spec.record_of(again) == record
    twin = state.copy()
    before = json.dumps(spec.record_of(state))
    while not twin.is_over:
        _random_turn(twin, rng)
    assert json.dumps(spec.record_of(state)) == before, "playing the copy on left the original as it was"


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 40))
def test_a_seats_view_holds_no_card_it_has_not_been_shown(name: str, seats: int, seed: int, cut: int) -> None:
    spec = GAMES[name]
    state, seen = _watched(spec, seats, seed, cut)
    for seat in range(seats):
        leaked = _cards_in(state.observe(seat), set()) - seen[seat]
        assert not leaked, f"seat {seat}'s view holds {sorted(map(str, leaked))}, never shown to it"


def _twin_record(record: dict[str, Any], unseen: set[Card], rng: random.Random) -> dict[str, Any] | None:
    """The record with two cards a seat was never shown swapped (wherever they lie: other hands, the stock);
    None when there are not two such cards."""
    hidden = sorted(unseen)
    if len(hidden) < 2:
        return None
    a, b = rng.sample(hidden, 2)
    names = {str(a): str(b), str(b): str(a)}
    twin = json.loads(json.dumps(record))
    twin["hands"] = [[names.get(c, c) for c in hand] for hand in twin["hands"]]
    twin["stock"] = [names.get(c, c) for c in twin["stock"]]
    return twin


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 30))
def test_a_computers_decision_depends_on_nothing_its_seat_cannot_see(name: str, seats: int, seed: int,
                                                                      cut: int) -> None:
    spec = GAMES[name]
    state, seen = _watched(spec, seats, seed, cut)
    record = spec.record_of(state)
    state = spec.replay(record)  # at the end of the last whole turn, which the record tells in full
    if state.is_over or state.next_forced() is not None:
        return
    seat = state.to_act
    every = {Card.parse(c) for hand in record["hands"] for c in hand} | {Card.parse(c) for c in record["stock"]}
    rng = random.Random(seed)
    twin_record = _twin_record(record, every - seen[seat], rng)
    if twin_record is None:
        return
    twin = spec.replay(twin_record)
    assert spec.record_of(twin) != record
    assert twin.observe(seat) == state.observe(seat), "the twin differs only in what the seat cannot see"
    for player in spec.players:
        think = 3 if player in ("hard", "expert") else None
        mine = make_player(spec, player, think).act(state.observe(seat), random.Random(seed))
        theirs = make_player(spec, player, think).act(twin.observe(seat), random.Random(seed))
        assert str(mine) == str(theirs), f"{player} peeked"
