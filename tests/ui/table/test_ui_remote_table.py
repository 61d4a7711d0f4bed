"""A table fed by a network seat shows what a local table from the same seat shows, holds no card that
seat could not know, and has no take-backs or hints with other people at the table."""

from __future__ import annotations

from typing import Any

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.games import game_named
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.ui.table.controller import SeatInfo, TableController

from conftest import QUICK
from remotekit import ScriptedSeat


def _infos(seats: int) -> list[SeatInfo]:
    return [SeatInfo("You" if s == 0 else f"P{s}", None if s == 0 else "person") for s in range(seats)]


def _pair(game: str, seats: int, seed: int, assists: bool = True) -> tuple[TableSession, ScriptedSeat,
                                                                           TableController, TableController]:
    spec = game_named(game)
    kinds = [SeatKind.person()] + [SeatKind.remote() for _ in range(seats - 1)]
    session = TableSession(spec, kinds, MatchLength.fixed(1), seed=seed)
    seat = ScriptedSeat(session, 0, assists=assists)
    local = TableController(seats, follow=session, seat=0, infos=lambda: _infos(seats), pace=QUICK, game=game)
    remote = TableController(seats, follow=RemoteFollower(seat, seat.poll()), seat=0, infos=lambda: _infos(seats),
                             pace=QUICK, game=game)
    return session, seat, local, remote


def _settle(ctl: TableController) -> None:
    """Let the table take in and show everything told so far (bounded)."""
    for _ in range(200):
        ctl.update(1.0)
        ctl.skip()
        if not ctl.busy and ctl.session.to_act is None and not getattr(ctl.session, "_held", None):
            return
        if not ctl.busy and ctl.session.to_act is not None and not hasattr(ctl.session, "_held"):
            return
    raise AssertionError("the table did not settle")


def _board(ctl: TableController) -> Any:
    b = ctl.board
    return (b.hands, b.slots, b.stock, b.piles, b.points, b.resting)


def _view(view: Any) -> Any:
    fields = dict(vars(view)) if hasattr(view, "__dict__") else {k: getattr(view, k) for k in view.__dataclass_fields__}
    fields["piles"] = tuple(sorted(p) for p in fields["piles"])
    return fields


def _known(ctl: TableController, seen_hidden: set[Card], hidden: set[Card]) -> None:
    board = ctl.board
    for s, hand in enumerate(board.hands):
        if s != ctl.local:
            assert all(c is None for c in hand), f"seat {s}'s hand is face up on a remote table"
    shown = {c for c in board.slots.values()} | {c for h in board.hands for c in h if c is not None}
    assert not (shown & hidden), f"the board shows cards the seat cannot know: {shown & hidden}"
    view = ctl.view
    assert not (set(view.hand) & hidden) and not (set(view.layout) & hidden) and not (view.seen & hidden)


def _hidden(session: TableSession, seat: int) -> set[Card]:
    deal = session.deal
    out = {Card.parse(str(c)) for s, h in enumerate(deal.hands) if s != seat for c in h}
    return out | {Card.parse(str(c)) for c in deal.stock}


@pytest.mark.parametrize(("game", "seats", "seed"), [("ten", 2, 3), ("ten", 3, 11), ("ten", 4, 5), ("fishing", 2, 9),
                                                     ("fishing", 5, 4)])
def test_a_remote_seat_shows_what_a_local_one_shows(game: str, seats: int, seed: int) -> None:
    session, seat, local, remote = _pair(game, seats, seed)
    for _turn in range(400):
        # what has happened reaches both tables; each shows it all
        remote.session.receive()
        local._follow()
        _settle(local)
        _settle(remote)
        assert _board(remote) == _board(local)
        assert _view(remote.view) == _view(local.view)
        _known(remote, set(), _hidden(session, 0))
        if session.deal.is_over:
            break
        mover = session.to_act
        if mover is None:
            session.advance(decisions=0)
            continue
        if mover == 0:
            assert remote.person_to_play or remote.offer is not None
            assert local.person_to_play or local.offer is not None
            if remote.offer is not None:
                assert remote.take(0) is None
            else:
                legal = remote.session.observe(0)
                card = sorted(legal.hand, key=lambda c: (c.rank, c.suit))[0]
                assert remote.play(card) is None
                if remote.offer is not None:
                    assert remote.take(0) is None
        else:
            action = session.deal.legal_actions()[0]
            session.submit(mover, action)
            session.advance(decisions=0)
    else:
        raise AssertionError("the deal did not end")
    remote.session.receive()
    local._follow()
    _settle(local)
    _settle(remote)
    assert remote.deal_finished and local.deal_finished
    assert remote.finished_deal() is not None
    remote.record_deal()
    local.record_deal()
    assert remote.match.totals == local.match.totals
    assert remote.match.is_over
    assert not remote.next_deal()


def test_no_take_backs_or_hints_with_other_people() -> None:
    _session, _seat, _local, remote = _pair("ten", 2, 3, assists=False)
    _settle(remote)
    assert not remote.assists
    assert remote.take_back() == "Take-backs are off at a table with other people."
    assert remote.ask_hint() == "Hints are off at a table with other people."


def test_plates_name_the_seats_as_the_server_lists_them() -> None:
    from chinese_ten.ui.table.remote import network_infos

    _session, _seat, _local, remote = _pair("ten", 4, 5)
    follower = remote.session
    assert isinstance(follower, RemoteFollower)
    follower.seats_list = [{"label": "host", "name": "Ann", "kind": "human", "online": True},
                           {"label": "guest 1", "name": "Bo", "kind": "human", "online": False},
                           {"label": "guest 2", "name": "Normal", "kind": "computer", "online": False},
                           {"label": "guest 3", "name": "Cy", "kind": "away", "online": False}]
    infos = network_infos(follower)
    assert [(i.name, i.mark, i.notice) for i in infos] == [
        ("Ann (host)", "", False), ("Bo (guest 1)", "offline", True), ("Normal (guest 2)", "Computer", False),
        ("Cy (guest 3)", "Away · a computer plays", True)]
    assert infos[0].is_person and not any(i.is_person for i in infos[1:])


def test_a_computer_the_server_names_with_its_strength_is_named_by_its_label_and_strength() -> None:
    from chinese_ten.ui.table.remote import network_infos

    _session, _seat, _local, remote = _pair("ten", 3, 5)
    follower = remote.session
    assert isinstance(follower, RemoteFollower)
    follower.seats_list = [{"label": "host", "name": "Ann", "kind": "human", "online": True},
                           {"label": "guest 1", "name": "Computer (hard)", "kind": "computer", "online": False,
                            "strength": "hard"},
                           {"label": "guest 2", "name": "Computer (odd)", "kind": "computer", "online": False,
                            "strength": "odd"}]
    infos = network_infos(follower)
    assert (infos[1].name, infos[1].player, infos[1].mark) == ("Guest 1 · Hard", "hard", "Computer")
    assert (infos[2].name, infos[2].player) == ("Computer (odd) (guest 2)", "computer")  # a strength unknown here


def test_every_seat_names_each_seat_the_same_way_whatever_its_own_seat() -> None:
    from chinese_ten.ui.table.remote import network_infos

    listed = [{"label": "host", "name": "Ann", "kind": "human", "online": True},
              {"label": "guest 1", "name": "Bo", "kind": "human", "online": True},
              {"label": "guest 2", "name": "Computer (hard)", "kind": "computer", "online": False, "strength": "hard"},
              {"label": "guest 3", "name": "Computer (easy)", "kind": "computer", "online": False, "strength": "easy"}]
    seen = []
    for own in range(2):
        session = TableSession(game_named("ten"), [SeatKind.person()] + [SeatKind.remote()] * 3, MatchLength.fixed(1),
                               seed=5)
        follower = RemoteFollower(ScriptedSeat(session, own))
        follower.seats_list = listed
        seen.append([i.name for i in network_infos(follower)])
    assert seen[0] == seen[1] == ["Ann (host)", "Bo (guest 1)", "Guest 2 · Hard", "Guest 3 · Easy"]


def test_the_hint_button_is_greyed_at_a_table_with_other_people(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.table.live import TableScene

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    for assists in (False, True):
        _session, _seat, _local, remote = _pair("ten", 2, 3, assists=assists)
        _settle(remote)
        scene = TableScene(app, remote)
        app.replace(scene)
        app.frame(1 / 60, [])
        assert scene.hint_button.enabled is assists
        assert scene.pause_button.enabled
