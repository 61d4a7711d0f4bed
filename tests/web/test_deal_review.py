"""The review on a finished deal's page, in real Chromium: "Review this deal" asks the server, the page follows
its place in the queue behind a review another asked for first, then shows every seat's decisions, each marked
with its words, the best option, the points lost and the reason, and an evaluation graph drawn as SVG. The
server's thinking pool here is held by the test, so the queue stands still until the test judges its
decisions, and every wait is for an event."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.i18n import catalog
from chinese_ten.net.reviews import ReviewDesk
from tests.net.netkit import ServerThread
from tests.net.test_thinking import HeldPool, still_queue
from tests.net.test_reviews import finished_match
from tests.web.webkit import Page, browser

QUICK = 2000
"""A review's effort per decision here (the game's fewest worlds)."""


class Held:
    """A server over a finished two-seat match whose reviews are judged only when the test says."""

    def __init__(self, folder: Path) -> None:
        self.table, _records = finished_match(folder, "ten", 2)
        self.pool = HeldPool()
        self.queue = still_queue(self.pool)
        self.server = ServerThread(folder, pool=False)
        self.server.call(self._hold)

    def _hold(self) -> None:
        self.desk.pool = lambda: self.queue
        self.desk.budget = QUICK

    @property
    def desk(self) -> ReviewDesk:
        desk = self.server.server.reviews
        assert desk is not None
        return desk

    def state(self, number: int) -> str | None:
        """Where deal ``number``'s review stands, as the server's loop sees it."""
        found = self.server.call(lambda: self.desk.status(self.table, number))
        return None if found is None else str(found["state"])

    def judge_until_done(self, number: int) -> None:
        """Judge the decisions handed to the pool, one by one, until deal ``number``'s review is kept."""
        for _ in range(10_000):
            if self.state(number) == "done":
                return
            self.pool.finish_next()
        raise AssertionError("the review never finished")

    def stop(self) -> None:
        self.server.stop()
        self.queue.shutdown()


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Held]:
    (tmp_path / "tables").mkdir()
    made = Held(tmp_path / "tables")
    yield made
    made.stop()


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_a_review_asked_for_on_the_page_waits_behind_another_and_is_shown(held: Held, tmp_path: Path,
                                                                          language: str) -> None:
    ask = urllib.request.Request(f"{held.server.url}/d/{held.table}/1/review", method="POST", data=b"")
    with urllib.request.urlopen(ask, timeout=30) as answer:
        assert answer.status == 202 and json.loads(answer.read())["state"] == "making"
    words = catalog(language).gettext
    with browser(tmp_path, language=language) as driver:
        page = Page(driver)
        driver.get(f"{held.server.url}/d/{held.table}/2")
        button = page.wait(lambda d: next((b for b in d.find_elements("css selector", "[data-role=review-ask]")
                                           if b.is_displayed()), None), what="the button asking for the review")
        assert button.text == words("Review this deal")
        button.click()
        queued = words("In the queue, position {position}").format(position=1)
        page.wait(lambda d: d.find_element("css selector", "[data-role=review-status]").text == queued,
                  what=f"the page to say {queued!r}")
        assert held.state(2) == "queued"
        held.judge_until_done(1)
        held.judge_until_done(2)
        page.wait(lambda d: d.find_element("css selector", "[data-role=review]").get_attribute("data-state") == "done",
                  what="the review to be shown")
        shown = driver.execute_script("""
            return [...document.querySelectorAll('[data-role=review-seat]')].map((seat) => ({
              seat: seat.dataset.seat,
              dots: seat.querySelectorAll('[data-role=review-graph] circle').length,
              line: seat.querySelector('[data-role=review-graph] polyline').getAttribute('points'),
              decisions: [...seat.querySelectorAll('[data-role=review-decision]')].map((item) => ({
                label: item.dataset.label, mark: item.querySelector('[data-role=review-mark]').textContent,
                best: item.querySelector('[data-role=review-best]')?.textContent || null,
                reason: item.querySelector('[data-role=review-reason]')?.textContent || null,
              })),
            }));""")
        assert page.log_errors() == []
    kept = held.server.call(lambda: held.desk.store.review(held.table, 2))
    assert [seat["seat"] for seat in shown] == ["0", "1"]
    marks = {label: words(label.capitalize()) for label in ("best", "inaccuracy", "mistake", "blunder")}
    for seat, said in zip(kept["seats"], shown):
        assert [d["label"] for d in said["decisions"]] == [d["label"] for d in seat["decisions"]]
        turns = {d["turn"] for d in seat["decisions"]}
        assert said["dots"] == len(turns) + 1, "a dot a turn the seat decided in, and the deal's end"
        assert len(said["line"].split()) == len(turns) + 1
        for decision in said["decisions"]:
            assert decision["mark"] == marks[decision["label"]]
            assert (decision["best"] is None) == (decision["label"] == "best")
            assert (decision["reason"] is None) == (decision["label"] == "best")


def test_a_review_asked_for_too_often_says_when_it_may_be_asked_again_and_offers_the_button_again(
        held: Held, tmp_path: Path) -> None:
    def strict() -> None:
        held.desk.per_hour = 0

    held.server.call(strict)
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{held.server.url}/d/{held.table}/1")
        button = page.wait(lambda d: next((b for b in d.find_elements("css selector", "[data-role=review-ask]")
                                           if b.is_displayed()), None), what="the button asking for the review")
        button.click()
        page.wait(lambda d: d.find_element("css selector", "[data-role=review]").get_attribute("data-state")
                  == "too-often", what="the refusal")
        said = driver.find_element("css selector", "[data-role=review-status]").text
        assert said.startswith("This address has asked for 0 reviews in the last hour") and "60 minutes" in said
        assert button.is_displayed() and button.is_enabled()
    assert held.state(1) is None and held.pool.handed.empty()
