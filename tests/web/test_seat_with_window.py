"""A browser seat and a game window at one table: the window (the real app on the dummy video driver) hosts
through its own table server on 127.0.0.1, its lobby's Copy hands out the link, a headless Chromium opens
that link and plays its seat with the page's own buttons while the window plays its own; both reach the
count and the match's end, their totals agree, and the page never names a card its seat may not know."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the window tests' kit (netwindow, uiharness)

import pygame  # noqa: E402
import pytest  # noqa: E402

import netwindow  # noqa: E402
from chinese_ten.engine.thinking import ComputerThinker  # noqa: E402
from chinese_ten.settings import Settings  # noqa: E402
from chinese_ten.ui.app import App, open_window  # noqa: E402
from chinese_ten.ui.hosting import Hosting  # noqa: E402
from chinese_ten.ui.open_tables import OpenTables  # noqa: E402
from chinese_ten.ui.scenes.friends import FriendsScene  # noqa: E402
from chinese_ten.ui.scenes.lobby import LobbyScene  # noqa: E402
from chinese_ten.ui.scenes.match import MatchScene  # noqa: E402
from chinese_ten.ui.table.remote import RemoteTableScene  # noqa: E402
from netwindow import NetWindow  # noqa: E402
from tests.web.test_seat_page import MATCH_SECONDS, count_rows, play_to_the_end  # noqa: E402
from tests.web.webkit import STEP_SECONDS, Hidden, Page, browser, hidden_cards  # noqa: E402
from uiharness import click_event  # noqa: E402


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    """A 1280×800 display surface on the dummy driver, silent (as the window tests' own fixture)."""
    from chinese_ten.ui.kit.sound import SoundPlayer

    monkeypatch.setattr(SoundPlayer, "_open", lambda self: False)
    surface = open_window((1280, 800))
    yield surface
    pygame.display.quit()


class BrowserSeat(threading.Thread):
    """The browser's seat, played on a thread of its own: it sits by ``link`` and plays with the page's buttons
    until the match is over, checking the page's cards after every frame it drew."""

    def __init__(self, page: Page, link: str, hidden: Hidden) -> None:
        super().__init__(daemon=True, name="browser-seat")
        self.page = page
        self.link = link
        self.hidden = hidden
        self.steps: dict[str, int] = {}
        self.failure: BaseException | None = None
        self.finished = threading.Event()

    def run(self) -> None:
        try:
            self.page.sit(self.link, "Bo")
            self.page.check_no_hidden_card(self.hidden)
            self.steps = play_to_the_end(self.page, None, self.hidden)
        except BaseException as exc:  # told to the test's own thread
            self.failure = exc
        finally:
            self.finished.set()


def host_from_the_window(app: App, game: str, seats: int, guests: list[str | None]) -> LobbyScene:
    """Host a one-deal table from the window's Play with friends, as the person does."""
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.game = game
    friends.seats = seats
    friends.length = "one"
    friends.guests[:len(guests)] = guests
    friends.name.text = "Ann"
    friends._fix()
    friends.act("host")
    lobby = app.top()
    assert isinstance(lobby, LobbyScene), friends.message
    return lobby


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats"), [("ten", 2), ("fishing", 3)])
def test_a_browser_seat_and_a_window_play_one_match_to_the_same_totals(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: int) -> None:
    copied: list[str] = []
    monkeypatch.setattr("chinese_ten.ui.scenes.lobby.copy_text", lambda text: copied.append(text) or True)
    monkeypatch.setattr(netwindow, "QUIET_SECONDS", STEP_SECONDS)  # the browser's step may take as long as the page's
    app = App(window, Settings(animation_speed="fast"), None, None, ComputerThinker(force_inline=True))
    app.hosting = Hosting(tmp_path / "window", bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(tmp_path / "window")
    with hidden_cards(monkeypatch, seat=1) as hidden, browser(tmp_path) as driver:
        lobby = host_from_the_window(app, game, seats, [None] + ["easy"] * (seats - 2))
        assert app.hosting.server is not None and app.hosting.server.url.startswith("http://127.0.0.1:")
        net = NetWindow(app, app.hosting.server, lobby.client, threading.Event())  # type: ignore[arg-type]
        lobby.client.on_frame = net.waker
        monkeypatch.setattr("chinese_ten.ui.table.remote.wake_window", net.waker)
        seat: BrowserSeat | None = None
        try:
            net.run(lambda: 1 in lobby.links and bool(lobby.copy_buttons.get(1) and lobby.copy_buttons[1].rect.width),
                    play=False, frames=5_000)
            assert set(lobby.links) == {1}, "one link, for the browser's seat; none for a computer's"
            app.frame(1 / 60, [click_event(lobby.copy_buttons[1].rect.center)])
            assert copied == [lobby.links[1]], "Copy hands out the seat's link"
            link = copied[0]
            assert link.startswith(app.hosting.server.url + "/t/") and "#" in link

            seat = BrowserSeat(Page(driver), link, hidden)
            seat.start()
            net.run(lambda: isinstance(app.top(), MatchScene) or seat.failure is not None)
            assert seat.failure is None, seat.failure
            assert seat.finished.wait(MATCH_SECONDS), "the browser did not reach the match's end"
            assert seat.failure is None, seat.failure
            table = app.table()
            assert isinstance(table, RemoteTableScene)
            assert net.counts == 1 and net.results == 1, "the window showed the count and the match's result"
            follower = table.follower
            assert follower.totals is not None and follower.totals == list(table.ctl.match.totals)
            assert follower.record is not None
            page = seat.page
            assert page.look()["state"] == "match-over"
            rows = count_rows(page)
            assert len(rows) == seats, f"the page's count has a row per seat: {rows}"
            assert [float(r[3]) for r in rows] == [float(t) for t in follower.totals], "the totals agree"
            assert [int(r[2]) for r in rows] == follower.record["result"]["points"], "the deal's points agree"
            assert seat.steps.get("my-turn", 0) > 0, "the browser played its cards"
            assert net.keys > 0, "the window played its cards"
            assert page.checked > 0
            assert page.log_errors() == []
        finally:
            app.show("start")  # the table closes its connection
            lobby.client.close(wait=5.0)
            app.hosting.stop()
            if seat is not None:
                seat.join(MATCH_SECONDS)  # bounded: with the server gone, the page's next wait fails within its step
