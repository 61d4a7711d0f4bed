"""The table session: the authority that plays computers from their views and tells each seat only
what it may know."""

from __future__ import annotations

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession, Update
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.deal import Action
from chinese_ten.games.ten.events import Dealt, Redealt
from chinese_ten.games.ten.rules import RuleSet


def _session(seats: int, kinds: list[SeatKind] | None = None, rules: str = "classic", seed: int = 4,
             length: str = "one") -> TableSession:
    kinds = kinds or [SeatKind.computer("normal")] * seats
    return TableSession(TEN, kinds, MatchLength.parse(length), rules=RuleSet.of(rules), seed=seed,
                        thinker=ComputerThinker(force_inline=True))


def _cards_named(update: Update) -> set[Card]:
    """Every card an update names, wherever it sits in its events."""
    named: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, Card):
            named.add(value)
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:  # type: ignore[attr-defined]
                walk(getattr(value, name))

    for event in update.events:
        walk(event)
    return named


def _play_out(session: TableSession) -> None:
    for _ in range(500):
        if session.deal.is_over:
            return
        assert session.advance(), "computers in every seat always move the deal on"
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize(("seats", "rules"), [(2, "classic"), (3, "target"), (4, "red-frog"), (2, "simplified"),
                                              (3, "play-red"), (4, "taiwan")])
def test_no_update_names_a_card_of_another_hand_before_it_is_played(seats: int, rules: str) -> None:
    session = _session(seats, rules=rules)
    _play_out(session)
    for seat in range(seats):
        updates = session.updates(seat)
        assert [u.number for u in updates] == list(range(len(updates)))
        for update in updates:
            named = _cards_named(update)
            # what the seat may know up to this update: its own cards, and every card that has lain face up
            dealt = [e for e in session.updates(seat)[0].events if isinstance(e, Dealt)][0]
            hidden = {c for s, hand in enumerate(session.deal.initial[0]) if s != seat for c in hand}
            hidden -= {c for u in updates[: update.number + 1] if u.kind == "moved" for e in u.events
                       if type(e).__name__ in ("Played", "Turned") for c in [e.card]}
            # a layout thrown in lay face up before the cards were dealt again: it says nothing of where they went
            thrown = {c for e in update.events if type(e).__name__ == "ThrownIn" for c in e.layout}
            leaked = named & hidden - set(dealt.layout) - thrown
            assert not leaked, f"update {update.number} told seat {seat} a hidden card"


def test_a_seat_is_told_its_own_cards_and_the_backs_of_the_others() -> None:
    session = _session(3, rules="simplified", length="one")
    _play_out(session)
    for seat in range(3):
        dealt = session.updates(seat)[0].events[0]
        assert isinstance(dealt, Dealt)
        assert dealt.hands[seat] == session.deal.initial[0][seat]
        assert all(c is None for s, hand in enumerate(dealt.hands) if s != seat for c in hand)
        redeals = [e for u in session.updates(seat) for e in u.events if isinstance(e, Redealt)]
        assert redeals, "simplified deals again when the hands are empty"
        for ev in redeals:
            assert all(c is not None for c in ev.hands[seat])
            assert all(c is None for s, hand in enumerate(ev.hands) if s != seat for c in hand)


def test_a_computer_match_in_a_session_plays_what_the_same_seeds_always_play() -> None:
    first, second = _session(4, seed=9), _session(4, seed=9)
    _play_out(first)
    _play_out(second)
    assert first.actions == second.actions and first.deal.exact_margins == second.deal.exact_margins


def test_submit_refuses_another_seats_turn_a_computers_seat_and_an_illegal_play_changing_nothing() -> None:
    session = _session(2, [SeatKind.person(), SeatKind.computer("normal")])
    assert session.to_act == session.deal.to_move
    mover = session.to_act
    assert mover is not None
    other = 1 - mover
    before = session.progress()
    hand = session.deal.hand(mover)
    with pytest.raises(IllegalMove):
        session.submit(other, Action.play(session.deal.hand(other)[0]))
    stranger = next(c for c in session.deal.hand(other))
    if session.kinds[mover].kind == "person":
        with pytest.raises(IllegalMove):
            session.submit(mover, Action.play(stranger))
    assert session.progress() == before and session.deal.hand(mover) == hand


def test_the_session_waits_for_the_person_and_plays_the_computer_itself() -> None:
    session = _session(2, [SeatKind.person(), SeatKind.computer("normal")])
    for _ in range(100):
        if session.deal.is_over:
            break
        session.advance()
        if session.deal.is_over:
            break
        assert session.to_act == 0, "the session moves on until the person's decision"
        assert session.advance() is False, "nothing moves while the person decides"
        session.submit(0, session.deal.legal_actions()[0])
    assert session.deal.is_over


def test_take_back_rewinds_to_before_the_persons_last_play_and_the_same_replies_follow() -> None:
    session = _session(2, [SeatKind.person(), SeatKind.computer("normal")], seed=12)
    session.advance()
    for _ in range(3):
        session.submit(0, session.deal.legal_actions()[-1])
        session.advance()
    played = list(session.actions[-1])
    start, _draws = session.last_play_of(0)  # type: ignore[misc]
    assert session.take_back(0)
    assert session.actions[-1] == played[:start]
    assert session.practice
    assert session.updates(0)[-1].kind == "rewound"
    session.advance()
    session.submit(0, Action.parse(played[start]))
    session.advance()
    assert session.actions[-1] == played, "the same play meets the same replies"


def test_a_kept_session_resumes_at_the_same_position_with_the_same_future() -> None:
    session = _session(3, [SeatKind.computer("easy"), SeatKind.person(), SeatKind.computer("normal")], seed=5,
                       length="per-seat")
    for _ in range(4):
        session.advance()
        session.submit(1, session.deal.legal_actions()[0])
    session.advance()
    kept = session.progress()
    again = _session(3, [SeatKind.computer("easy"), SeatKind.person(), SeatKind.computer("normal")], seed=5,
                     length="per-seat")
    again.resume(kept)
    assert again.actions == session.actions and again.progress() == kept
    for s in (session, again):
        s.submit(1, s.deal.legal_actions()[0])
        s.advance()
    assert again.actions == session.actions


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_a_go_fishing_session_tells_each_seat_only_its_own_cards_and_its_own_draws(seats: int) -> None:
    from chinese_ten.games.fishing import SPEC as FISHING
    from chinese_ten.games.fishing.events import Dealt as FishingDealt, Drew

    session = TableSession(FISHING, [SeatKind.computer("normal")] * seats, MatchLength.parse("one"), seed=3,
                           thinker=ComputerThinker(force_inline=True))
    _play_out(session)
    hands = session.deal.initial[0]
    for seat in range(seats):
        updates = session.updates(seat)
        dealt = updates[0].events[0]
        assert isinstance(dealt, FishingDealt)
        assert dealt.hands[seat] == hands[seat]
        assert all(c is None for s, hand in enumerate(dealt.hands) if s != seat for c in hand)
        draws = [e for u in updates for e in u.events if isinstance(e, Drew)]
        assert draws, "every deal draws from the stock"
        assert all((e.card is not None) == (e.seat == seat) for e in draws)
