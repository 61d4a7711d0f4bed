"""Leaving and coming back in the web seat: a page navigated away on its move lets its seat go, so the seat is away
within the server's ``--away-after`` and a computer plays it; coming back, the page says what was played in the
person's place and tells those moves as a computer's, never as "You played"."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_seat_page import seated_guest
from tests.web.webkit import STEP_SECONDS, Host, Page, browser

AWAY_AFTER = 2.0
SLACK = 4.0
"""How late past ``--away-after`` the seat may be seen away on a busy machine (the page's leaving and the frame)."""


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[ServerThread]:
    """A table server whose disconnected seats go away after :data:`AWAY_AFTER` seconds."""
    running = ServerThread(tmp_path / "tables", pool=False, away_after=AWAY_AFTER)
    yield running
    running.stop()


def presence_of(host: Host, seat: int) -> list[str]:
    """Each kind the host was told for ``seat`` in a presence frame, in order."""
    return [str(f["seats"][seat]["kind"]) for f in host.frames() if f.get("type") == "presence"]


def played_by(host: Host, seat: int) -> int:
    """How many cards the host has seen ``seat`` play."""
    return sum(1 for f in host.frames() if f.get("type") == "update" for e in f.get("events", [])
               if e.get("kind") == "played" and e.get("seat") == seat)


def yours(page: Page) -> list[str]:
    """The lines of the page's Turns list that say the person played a card."""
    return [line for line in page.find('[data-role="turns"]').text.split("\n") if line.startswith("You played")]


def wait(condition: Any, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, f"waiting for {what} for {timeout} s"
        time.sleep(0.05)  # polling the host's frames, kept by its own thread


def test_a_page_left_on_its_move_goes_away_in_time_and_coming_back_tells_what_a_computer_played(
        quick_server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        with seated_guest(quick_server, driver) as (page, client, host):
            for _ in range(10):  # a few decisions of its own, until one is a card played
                if yours(page):
                    break
                page.step()
            played = yours(page)
            assert played, "the page played a card"
            page.wait(lambda d: page.look()["state"] in ("my-turn", "choosing"), what="the page's decision due")
            mine = played_by(host, 1)
            left = time.monotonic()
            driver.get(quick_server.url + "/")
            wait(lambda: "away" in presence_of(host, 1), AWAY_AFTER + SLACK, "the seat to go away")
            assert time.monotonic() - left <= AWAY_AFTER + SLACK
            wait(lambda: played_by(host, 1) >= mine + 2, STEP_SECONDS, "a computer to play twice for the seat")
            driver.back()
            page.wait(lambda d: page.find('[data-role="missed"]').is_displayed(), what="what was missed to be told")
            said = page.find('[data-role="missed"]').text
            told = re.fullmatch(r"While you were away a computer played (\d+) turns for you\.", said)
            assert told and int(told.group(1)) >= 2, said
            turns = page.find('[data-role="turns"]').text.split("\n")
            theirs_told = [line for line in turns if line.startswith("A computer played")]
            assert yours(page) == played, f"only the cards the person played are told as theirs: {turns}"
            assert len(theirs_told) >= 2, f"the computer's cards are told as its: {turns}"
        assert page.log_errors() == []
