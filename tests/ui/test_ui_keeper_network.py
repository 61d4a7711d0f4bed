"""The deals of a network table are kept in History as this window saw them end: in a match of its own for
the table and the person's seat, with the deal's record as the table told it and the outcome once told."""

from __future__ import annotations

from pathlib import Path

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.games import game_named
from chinese_ten.matchstore import open_store
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.ui.keeper import Keeper, network_outcome

from remotekit import ScriptedSeat


def _play_deal(session: TableSession, follower: RemoteFollower | None = None) -> None:
    """Every seat plays its first legal action until the deal is over; the follower shows all of it."""
    for _ in range(500):
        if follower is not None:
            follower.receive()
            while follower.advance():
                pass
        if session.deal.is_over:
            if follower is None or follower.deal.is_over:
                return
            continue
        if session.to_act is None:
            session.advance(decisions=0)
            continue
        session.submit(session.to_act, session.deal.legal_actions()[0])
        session.advance(decisions=0)
    raise AssertionError("the deal did not end")


def test_a_match_joined_at_its_second_deal_keeps_that_deal_and_says_one_is_missing(tmp_path: Path) -> None:
    session = TableSession(game_named("ten"), [SeatKind.remote(), SeatKind.remote()], MatchLength.fixed(2), seed=5)
    _play_deal(session)  # the first deal ends before this window comes to the table
    assert session.next_deal()
    seat = ScriptedSeat(session, 1)
    follower = RemoteFollower(seat, seat.poll())
    assert follower.table == "t" and follower.deal_number == 2
    keeper = Keeper(open_store(tmp_path))
    from chinese_ten.ui.table.controller import TableController

    ctl = TableController(2, follow=follower, seat=1, game="ten")
    keeper.watch_network(ctl, follower)
    _play_deal(session, follower)
    follower.record_deal()  # the table shows the deal's end
    assert keeper.last_deal() is not None
    (kept,) = keeper.history()
    assert kept.setup.network == "t" and kept.setup.person_seat == 1 and kept.state == "playing"
    assert kept.setup.names == ("P0", "P1") and kept.setup.players == ("person", "you")
    (deal,) = kept.deals
    assert deal.number == 2 and kept.missed == 1
    assert deal.record["deal_number"] == session.shuffle_number and deal.record["deal_in_match"] == 2
    assert list(deal.margins) == [float(m) for m in session.deal.returns()]
    assert keeper.last_deal() == (kept.id, 2)
    follower._take([{"type": "match_over", "seq": 99, "places": [2, 1], "totals": [-4, 4]}])
    keeper.keep_network(follower)  # the places came: the outcome, and still the one deal
    (ended,) = keeper.history()
    assert ended.state == "finished" and ended.outcome == "won" and len(ended.deals) == 1
    stats = keeper.statistics()
    assert stats is not None and stats.overall.matches == 0 and stats.network == 1
    keeper.close()


def test_the_outcome_follows_the_places() -> None:
    assert network_outcome([1, 2, 3], 0) == "won"
    assert network_outcome([1, 1, 3], 1) == "shared"
    assert network_outcome([1, 2, 2], 2) == "lost"
    assert network_outcome(None, 0) is None


def test_a_deal_played_by_link_is_in_history_and_its_review_opens_from_the_persons_seat(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import pygame

    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.hosting import Hosting
    from chinese_ten.ui.open_tables import OpenTables
    from chinese_ten.ui.scenes.count import CountScene
    from chinese_ten.ui.scenes.history import HistoryScene, match_line, seat_names
    from chinese_ten.ui.scenes.match import MatchScene
    from chinese_ten.ui.scenes.review import ReviewScene
    from chinese_ten.ui.table.remote import RemoteTableScene
    from test_ui_friends import _host, _join, play_person, pump
    from uiharness import key_event

    def app_at(folder: Path) -> App:
        app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True),
                  keeper=Keeper(open_store(folder)))
        app.hosting = Hosting(folder, bind="127.0.0.1", port=0)
        app.open_tables = OpenTables(folder)
        return app

    host, guest = app_at(tmp_path / "host"), app_at(tmp_path / "guest")
    apps = [host, guest]
    try:
        lobby = _host(host, 3, [None, "normal"])
        assert pump([host], lambda: 1 in lobby.links)
        _join(guest, lobby.links[1])
        assert pump(apps, lambda: all(isinstance(a.top(), RemoteTableScene) for a in apps))
        assert pump(apps, lambda: all(isinstance(a.top(), (CountScene, MatchScene)) for a in apps), act=play_person)
        for app in apps:
            app.frame(1 / 30, [key_event(pygame.K_RETURN)])
        assert pump(apps, lambda: all(isinstance(a.top(), MatchScene) for a in apps))
        for app, seat in ((host, 0), (guest, 1)):
            app.keeper.last_deal()  # the saves asked for are written
            (kept,) = app.keeper.history()
            assert kept.setup.network and kept.setup.person_seat == seat and kept.state == "finished"
            assert kept.outcome in ("won", "shared", "lost") and len(kept.deals) == 1 and kept.missed == 0
            assert "deal_number" in kept.deals[0].record
            assert seat_names(kept)[:2] == ["Ann (host)", "Bo (guest 1)"]  # as every window names them
            assert "with friends" in match_line(kept)
        guest.show("history")
        history = guest.top()
        assert isinstance(history, HistoryScene) and history.matches[0].setup.network
        guest.frame(1 / 30, [])
        history.review()
        review = guest.top()
        assert isinstance(review, ReviewScene) and review.seat == 1
        assert guest.keeper.statistics().overall.matches == 0  # type: ignore[union-attr]
    finally:
        for app in apps:
            app.show("start")
            app.hosting.stop()
            app.keeper.close()


def test_a_computer_at_a_network_table_is_kept_by_its_strength_not_the_servers_name() -> None:
    from chinese_ten.ui.keeper import network_setup

    session = TableSession(game_named("ten"), [SeatKind.remote(), SeatKind.remote(), SeatKind.remote()],
                           MatchLength.fixed(1), seed=5)
    seat = ScriptedSeat(session, 1)
    follower = RemoteFollower(seat, seat.poll())
    follower.seats_list = [{"label": "host", "name": "Ann", "kind": "human", "online": True},
                           {"label": "guest 1", "name": "Bo", "kind": "human", "online": True},
                           {"label": "guest 2", "name": "Computer (hard)", "kind": "computer", "online": False,
                            "strength": "hard"}]
    setup = network_setup(follower)
    assert setup is not None
    assert setup.players == ("person", "you", "hard") and setup.names == ("Ann", "Bo", "")
