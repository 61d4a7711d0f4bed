"""A network table's window keeps pace with the server: with more than one of the others' moves waiting to be
shown it shows them quicker, and at its own pace again once it has caught up."""

from __future__ import annotations

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.table.choreography import catch_up, pace_for

from remotekit import ScriptedSeat


def test_catching_up_shares_one_moves_time_among_the_moves_waiting() -> None:
    normal = pace_for("normal")
    assert catch_up(normal, 0) == normal and catch_up(normal, 1) == normal
    assert catch_up(normal, 3).move == normal.move / 3 and catch_up(normal, 3).pause == normal.pause / 3


def test_a_window_behind_the_server_plays_the_waiting_moves_quicker_until_it_has_caught_up(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.remote import RemoteTableScene

    session = TableSession(game_named("fishing"), [SeatKind.person()] + [SeatKind.remote()] * 4, MatchLength.fixed(1),
                           seed=4)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    app = App(window, Settings(animation_speed="normal"), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    normal = pace_for("normal")
    moves = 0
    while moves < 3:  # three of the others' moves come at once, while the window shows none of them
        mover = session.to_act
        assert mover is not None
        session.submit(mover, session.deal.legal_actions()[0])
        session.advance(decisions=0)
        moves += mover != 0
    app.frame(0.0, [])
    assert follower.behind >= 2
    assert scene.ctl.pace.move < normal.move
    paces = []
    for _ in range(2000):  # the window shows what came, and no more comes
        app.frame(1 / 60, [])
        paces.append(scene.ctl.pace.move)
        if follower.behind == 0 and not scene.ctl.busy:
            break
    else:
        raise AssertionError("the window did not catch up")
    assert min(paces) < normal.move and scene.ctl.pace == normal
