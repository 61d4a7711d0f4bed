"""A finished deal's review over HTTP on a real server and its real thinking pool: ``POST /d/TABLE/N/review``
asks, ``GET /d/TABLE/N/review.json`` follows it to the review, kept; the wrong method, a deal not there and an
address asking too often are each told in one JSON answer, with ``Retry-After`` for the last."""

from __future__ import annotations

import json
import logging
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from chinese_ten.i18n import catalog
from tests.net.netkit import ServerThread
from tests.net.test_reviews import finished_match

WAIT = 120.0
"""The longest a review is followed: a few seconds of judging at this effort, but the machine may be busy."""

QUICK = 2000
"""A review's effort per decision here (the game's fewest worlds)."""


@dataclass
class Served:
    """A server over a data folder holding a finished two-seat match."""

    server: ServerThread
    table: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("tables")
    table, _records = finished_match(folder, "ten", 2)
    server = ServerThread(folder)

    def quick() -> None:
        assert server.server.reviews is not None
        server.server.reviews.budget = QUICK

    server.call(quick)
    yield Served(server, table)
    server.stop()


class Kept(logging.Handler):
    """What learns from the server's log that a deal's review is kept (the line it writes then)."""

    def __init__(self, table: str, number: int) -> None:
        super().__init__(logging.INFO)
        self.line = f"deal {number} of table {table} reviewed"
        self.done = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith(self.line):
            self.done.set()


def call(server: ServerThread, method: str, path: str, language: str = "en") -> tuple[int, dict[str, str], Any]:
    """The status, headers and JSON body of a ``method`` request of ``path`` (no body)."""
    request = urllib.request.Request(server.url + path, method=method, data=b"" if method == "POST" else None,
                                     headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), json.loads(refused.read())


def test_a_review_asked_for_is_followed_to_the_review_and_kept(served: Served) -> None:
    path = f"/d/{served.table}/1/review"
    status, _headers, body = call(served.server, "GET", path + ".json")
    assert (status, body["state"]) == (200, "not-asked")
    kept = Kept(served.table, 1)
    log = logging.getLogger("chinese_ten.net")
    level = log.level
    log.setLevel(logging.INFO)
    log.addHandler(kept)
    try:
        status, _headers, body = call(served.server, "POST", path)
        assert status == 202 and body["state"] == "making" and body["total"] > 0
        status, _headers, body = call(served.server, "GET", path + ".json")
        assert status == 200 and body["state"] in ("making", "done")
        assert kept.done.wait(WAIT), f"the review was not made in {WAIT} s"
    finally:
        log.removeHandler(kept)
        log.setLevel(level)
    status, _headers, body = call(served.server, "GET", path + ".json?lang=zh-Hant")
    assert (status, body["state"]) == (200, "done")
    assert [seat["seat"] for seat in body["seats"]] == [0, 1]
    assert all(seat["decisions"] and seat["evaluation"] for seat in body["seats"])
    marks = {catalog("zh-Hant").gettext(word) for word in ("Best", "Inaccuracy", "Mistake", "Blunder")}
    assert {d["mark"] for s in body["seats"] for d in s["decisions"]} <= marks, "told in the language asked for"
    status, _headers, again = call(served.server, "POST", path, "zh-Hant")
    assert status == 200 and again["seats"] == body["seats"], "asked again, the kept review is told at once"


def test_the_wrong_method_at_a_reviews_address_is_refused_saying_which_it_takes(served: Served) -> None:
    status, headers, _body = call(served.server, "GET", f"/d/{served.table}/1/review")
    assert (status, headers["Allow"]) == (405, "POST")
    status, headers, _body = call(served.server, "POST", f"/d/{served.table}/1/review.json")
    assert (status, headers["Allow"]) == (405, "GET, HEAD")


@pytest.mark.parametrize(("table", "number", "code"), [("k3m9x2p7", 1, "no-table"), (None, 9, "out-of-range")])
def test_a_review_of_a_deal_that_is_not_there_is_a_404_saying_why(served: Served, table: str | None, number: int,
                                                                   code: str) -> None:
    status, _headers, body = call(served.server, "POST", f"/d/{table or served.table}/{number}/review")
    assert (status, body["code"]) == (404, code) and body["error"]


def test_an_address_asking_too_often_is_refused_with_when_it_may_ask_again(served: Served) -> None:
    def strict() -> None:
        assert served.server.server.reviews is not None
        served.server.server.reviews.per_hour = 0

    served.server.call(strict)
    status, headers, body = call(served.server, "POST", f"/d/{served.table}/2/review")
    assert status == 429 and 0 < int(headers["Retry-After"]) <= 3600
    assert body["code"] == "too-often" and "hour" in body["error"]
