"""A network seat's decision on its way to the server: the table waits for the answer. Go Fishing's table is
not at the deal's end meanwhile, no second card can be played, and a Chinese Ten capture choice sent is not
asked (nor sent) again."""

from __future__ import annotations

from typing import Any

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.games import game_named
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.ui.table.controller import SeatInfo, TableController

from conftest import QUICK
from remotekit import ScriptedSeat


class SlowSeat(ScriptedSeat):
    """A scripted seat whose decisions reach the session only when :meth:`answer` is called (the server's
    answer still on its way meanwhile)."""

    def __init__(self, session: TableSession, seat: int) -> None:
        super().__init__(session, seat, assists=False)
        self.outbox: list[str] = []

    def act(self, action: str) -> str:
        self.outbox.append(action)
        return f"a{len(self.outbox)}"

    def answer(self) -> None:
        for action in self.outbox:
            super().act(action)
        self.outbox.clear()


def _table(game: str, seats: int, seed: int) -> tuple[TableSession, SlowSeat, TableController]:
    kinds = [SeatKind.person()] + [SeatKind.remote() for _ in range(seats - 1)]
    session = TableSession(game_named(game), kinds, MatchLength.fixed(1), seed=seed)
    seat = SlowSeat(session, 0)
    infos = [SeatInfo("You" if s == 0 else f"P{s}", None if s == 0 else "person") for s in range(seats)]
    ctl = TableController(seats, follow=RemoteFollower(seat, seat.poll()), seat=0, infos=lambda: infos, pace=QUICK,
                          game=game)
    return session, seat, ctl


def _settle(ctl: TableController) -> None:
    for _ in range(100):
        ctl.update(1.0)
        ctl.skip()
        if not ctl.busy and not ctl.session.to_show:
            return
    raise AssertionError("the table did not settle")


def _others_move(session: TableSession) -> None:
    while not session.deal.is_over and session.to_act not in (None, 0):
        session.submit(session.to_act, session.deal.legal_actions()[0])
        session.advance(decisions=0)


def test_a_go_fishing_card_on_its_way_is_not_the_deals_end_and_no_second_card_goes() -> None:
    session, seat, ctl = _table("fishing", 2, 9)
    _settle(ctl)
    for _turn in range(40):
        _others_move(session)
        _settle(ctl)
        if session.deal.is_over:
            break
        assert ctl.person_to_play
        hand = list(ctl.view.hand)
        assert ctl.play(hand[0]) is None or ctl.offer is not None
        if ctl.offer is not None:
            assert ctl.take(0) is None
        assert len(seat.outbox) == 1
        _settle(ctl)
        assert not ctl.deal_finished, "the table took a card on its way for the deal's end"
        assert not ctl.person_to_play
        assert ctl.play(hand[-1]) is not None  # told to wait
        assert len(seat.outbox) == 1
        seat.answer()
        _settle(ctl)
    else:
        raise AssertionError("the deal did not end")
    _settle(ctl)
    assert ctl.deal_finished and ctl.finished_deal() is not None


def test_a_chinese_ten_capture_choice_on_its_way_is_not_asked_again() -> None:
    for seed in range(1, 60):
        session, seat, ctl = _table("ten", 2, seed)
        _settle(ctl)
        for _turn in range(40):
            _others_move(session)
            _settle(ctl)
            if session.deal.is_over:
                break
            if ctl.offer is not None:  # the rules ask this seat which card its card takes
                assert ctl.take(0) is None
                _settle(ctl)
                assert ctl.offer is None and ctl.person_choice is None, "the choice sent is asked again"
                assert seat.outbox and seat.outbox[-1].startswith("choose")
                return
            assert ctl.person_to_play
            card: Any = ctl.view.hand[0]
            assert ctl.play(card) is None
            _settle(ctl)
            if ctl.offer is None:
                seat.answer()
                _settle(ctl)
    raise AssertionError("no capture choice came in 59 deals")
