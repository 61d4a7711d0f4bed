"""Watching a table in a real headless Chromium (NETWORK.md, "Watching and sharing a deal"): the page at ``/w/TABLE``
follows a whole match of both games from no seat, and after every update names no card any seat hides; the seats
and the watcher see how many watch; a table that may not be watched says so in a sentence."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.watchers import Watchers
from tests.net.netkit import ServerThread, wait_for
from tests.web.webkit import WATCH, Hidden, Host, Page, browser

MATCH_SECONDS = 240.0
"""The longest one watched match may take."""

WATCHED = """
const root = document.documentElement;
const text = (role) => { const e = document.querySelector(`[data-role="${role}"]`); return e && !e.hidden ? e.textContent : ""; };
return {state: root.dataset.state, seq: root.dataset.seq, seats: document.querySelectorAll('[data-role="seats"] .seat').length,
        me: document.querySelectorAll('[data-role="me"] .seat').length,
        hand: document.querySelectorAll('[data-role="hand"] [data-card]').length,
        next: Boolean(document.querySelector('[data-role="next"], [data-role="again"]')),
        chat: !document.querySelector('[data-role="chat-form"]').hidden, watchers: text("watchers"),
        count: text("count"), turns: document.querySelectorAll('[data-role="turns"] li').length,
        notice: document.querySelector('[data-view="notice"]').hidden ? "" : text("notice")};
"""


@contextmanager
def hidden_from_watchers(monkeypatch: pytest.MonkeyPatch, server: ServerThread) -> Iterator[Hidden]:
    """Note, as each numbered frame leaves for the watchers, every card a seat holds or the stock hides then."""
    found = Hidden(seat=-1)
    original = Watchers.push

    def push(self: Watchers, text: str) -> None:
        seq = json.loads(text).get("seq")
        for table in list(server.server.tables.values()):
            if table.watchers is self and table.started and isinstance(seq, int):
                deal = table.session.deal
                found.by_seq[seq] = {str(c) for hand in deal.hands for c in hand} | {str(c) for c in deal.stock}
        original(self, text)

    monkeypatch.setattr(Watchers, "push", push)
    yield found


def watched(page: Page) -> dict[str, Any]:
    return page.driver.execute_script(WATCHED)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game", "seats"), [("ten", 2), ("fishing", 3)])
def test_a_watcher_follows_a_whole_match_from_no_seat_and_never_sees_a_hidden_card(
        server: ServerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: int) -> None:
    with hidden_from_watchers(monkeypatch, server) as hidden, browser(tmp_path) as driver:
        host = TableClient.create(server.url, "Ann", game=game, seats=seats, match="one",
                                  computers={seat: "easy" for seat in range(2, seats)})
        created = wait_for(host, "created")
        page = Page(driver)
        driver.get(created["watch"])
        page.wait(lambda d: watched(page)["seats"] == seats and watched(page)["watchers"], what="the table to be watched")
        driver.execute_script(WATCH)
        guest = TableClient.join(created["links"]["1"], "Bo")  # the match starts once the watcher is there
        players = [Host(host, seed=3), Host(guest, seed=4)]
        for player in players:
            player.start()
        try:
            end = time.monotonic() + MATCH_SECONDS
            for _ in range(100_000):
                assert time.monotonic() < end, f"the watched match did not end in time: {watched(page)}"
                now = watched(page)
                page.check_no_hidden_card(hidden)
                assert now["hand"] == 0 and now["me"] == 0 and not now["chat"] and not now["next"], now
                if now["state"] == "match-over":
                    break
                page.wait(lambda d, seq=now["seq"]: watched(page)["seq"] != seq or watched(page)["state"] == "match-over",
                          what="the next frame")
            page.check_no_hidden_card(hidden)
            assert page.checked > 20, f"only {page.checked} frames were checked"
            final = watched(page)
            assert final["seats"] == seats and final["turns"] > 10
            assert final["watchers"] == "1 watching"
            assert "The match is over" in final["count"] and "Bo" in final["count"]
            presence = [f for f in players[0].frames() if f.get("type") == "presence"]
            assert any(f.get("watchers") == 1 for f in presence), "the host was never told of the watcher"
            assert int(final["seq"]) == max(f["seq"] for f in players[0].frames() if isinstance(f.get("seq"), int))
            assert not page.log_errors()
        finally:
            for player in players:
                player.stop()
            host.close()
            guest.close()


def test_a_table_opened_without_watchers_tells_the_watcher_so(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        host = TableClient.create(server.url, "Ann", seats=2, watchers=False, computers={1: "easy"})
        created = wait_for(host, "created")
        page = Page(driver)
        try:
            driver.get(f"{server.url}/w/{created['table']}")
            page.wait(lambda d: watched(page)["notice"], what="the page to say watching is off")
            assert watched(page)["notice"] == "The host has turned watching off at this table."
        finally:
            host.close()


def test_the_seat_is_told_how_many_watch(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as seat_driver, browser(tmp_path) as watch_driver:
        host = TableClient.create(server.url, "Ann", seats=2)
        created = wait_for(host, "created")
        seat = Page(seat_driver)
        try:
            seat.sit(created["links"]["1"], "Bo")
            assert watched(seat)["watchers"] == ""
            watch_driver.get(created["watch"])
            seat.wait(lambda d: watched(seat)["watchers"] == "1 watching", what="the seat to see one watching")
            watch_driver.get("about:blank")
            seat.wait(lambda d: watched(seat)["watchers"] == "", what="the seat to see no one watching")
        finally:
            host.close()


def test_watching_a_table_never_seen_is_the_page_saying_so(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        driver.get(f"{server.url}/w/nosuchtable")
        said = driver.find_element("css selector", '[data-role="not-found"]').text
        assert "There is no table nosuchtable here to watch" in said
