"""The turn clock at a network table in the window: the ring on the seat whose decision is due, counted down from
the state's ``clock.left`` on the window's own clock (driven here, not waited for), the seconds shown in the last
ten, and a ``timed_out`` update told in the log before the move a computer made."""

from __future__ import annotations

from typing import Any

import pygame

from chinese_ten.engine.session import SeatKind

from remotekit import ScriptedSeat


class ClockedSeat(ScriptedSeat):
    """A scripted seat whose states carry a turn clock, and whose next update may say a clock ran out."""

    clock: dict[str, Any] | None = None
    ran_out: int | None = None

    def _state(self) -> dict[str, Any]:
        return {**super()._state(), "clock": self.clock}

    def poll(self) -> list[dict[str, Any]]:
        out = super().poll()
        for frame in out:
            if frame["type"] == "update" and self.ran_out is not None:
                frame["events"] = [{"kind": "timed_out", "seat": self.ran_out}, *frame["events"]]
                self.ran_out = None
        return out


def _clocked_table(window: pygame.Surface) -> Any:
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.engine.session import TableSession
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.games import game_named
    from chinese_ten.net.follower import RemoteFollower
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.table.remote import RemoteTableScene

    session = TableSession(game_named("ten"), [SeatKind.remote(), SeatKind.person()], MatchLength.fixed(1), seed=3,
                           leader=0)
    scripted = ClockedSeat(session, 1, assists=False)
    scripted.clock = {"seat": 0, "seconds": 15, "left": 14.8}
    follower = RemoteFollower(scripted, scripted.poll())
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    return scene, scripted


def _settle(scene: Any) -> None:
    for _ in range(600):  # the deal's movements, a bound well past them
        scene.app.frame(1 / 30, [])
        if not scene.ctl.busy and not scene.follower.to_show:
            return
    raise AssertionError("the table did not settle")


def test_a_15_second_clock_counts_down_on_the_seat_due_with_its_seconds_in_the_last_ten(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    scene, _scripted = _clocked_table(window)
    now = [500.0]
    scene.clock = lambda: now[0]
    drawn: list[Any] = []
    import chinese_ten.ui.table.remote as remote

    real = remote.draw_clock
    monkeypatch.setattr(remote, "draw_clock", lambda s, kit, centre, r, reading: drawn.append((centre, reading))
                        or real(s, kit, centre, r, reading))
    _settle(scene)
    assert scene.ctl.shown_turn == 0
    shown = scene.clock_shown()
    assert shown is not None and shown.seat == 0 and shown.seconds == 15 and shown.left == 14.8
    assert shown.figures == ""  # more than ten seconds left: the ring alone
    drawn.clear()
    scene.app.frame(1 / 30, [])
    assert drawn and drawn[-1][1].left == 14.8
    plate = next(p.plate for p in scene.geom().seats if p.seat == 0)
    centre = drawn[-1][0]
    assert abs(centre[1] - plate.centery) <= 1  # beside the host's plate, not the person's
    now[0] += 6.0
    scene.app.frame(1 / 30, [])
    reading = drawn[-1][1]
    assert abs(reading.left - 8.8) < 1e-6 and reading.figures == "9" and 0.58 < reading.fraction < 0.59
    assert scene.due_in() is not None
    pixel = scene.app.surface.get_at(centre)
    assert pixel != scene.app.surface.get_at((centre[0] + 40, centre[1] + 40))  # the ring is on the table
    now[0] += 30.0
    scene.app.frame(1 / 30, [])
    assert drawn[-1][1].left == 0.0 and drawn[-1][1].figures == "0"


def test_no_clock_is_shown_while_no_decision_is_timed(window) -> None:  # type: ignore[no-untyped-def]
    scene, scripted = _clocked_table(window)
    scripted.clock = None
    scene.follower._state = {**scene.follower._state, "clock": None}
    _settle(scene)
    assert scene.clock_shown() is None and scene.turn_clock.due_in() is None


def test_a_timed_out_update_is_told_in_the_log_before_the_computers_move(window) -> None:  # type: ignore[no-untyped-def]
    scene, scripted = _clocked_table(window)
    _settle(scene)
    session = scripted.session
    action = session.deal.legal_actions()[0]
    scripted.ran_out = 0
    scripted.clock = None
    session.submit(0, action)
    session.advance(decisions=0)
    for _ in range(600):  # the move's movement, a bound well past it
        scene.app.frame(1 / 30, [])
        if scene.ctl.shown_turn == 1 and not scene.ctl.busy:
            break
    entries = scene.ctl.narration.entries
    card = str(action).split()[1]
    from chinese_ten.cards import Card

    words = f"The clock ran out for P0 (host); a computer played {Card.parse(card).pretty}."
    said = [i for i, e in enumerate(entries) if e == words]
    assert said, entries
    assert len(entries) > said[0] + 1 and "P0 (host)" in entries[said[0] + 1]  # the move itself follows
    assert scene.clock_shown() is None  # nobody's clock runs in the state that came with the move


def test_the_run_out_line_names_the_card_in_each_language_and_the_persons_own_clock_as_theirs() -> None:
    from chinese_ten.cards import Card
    from chinese_ten.i18n import use_language
    from chinese_ten.ui.table.turn_clock import ran_out_text

    seven = Card.parse("7C")
    try:
        use_language("zh-Hans")
        assert ran_out_text("Bo", seven, False) == "Bo的时间到了；电脑替其出了7♣。"
        assert ran_out_text("Bo", seven, True) == "你的时间到了；电脑替你出了7♣。"
        use_language("zh-Hant")
        assert ran_out_text("Bo", None, False) == "Bo的時間到了；電腦替其做了決定。"
    finally:
        use_language("en")
    assert ran_out_text("Bo", seven, False) == "The clock ran out for Bo; a computer played 7♣."


def test_the_card_a_computer_played_for_a_run_out_seat_is_its_played_event_and_none_for_a_choice() -> None:
    from chinese_ten.cards import Card
    from chinese_ten.games.ten.events import Captured, Played
    from chinese_ten.net.follower import played_card

    seven, three = Card.parse("7C"), Card.parse("3H")
    assert played_card([Played(seat=1, card=seven)], 1) == seven
    assert played_card([Played(seat=0, card=seven)], 1) is None
    assert played_card([Captured(seat=1, card=seven, taken=(three,), points=0, source="play")], 1) is None
