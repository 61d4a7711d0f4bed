"""A finished deal by link: ``/d/TABLE/N.json`` is the record exactly as ``deal_over`` sent it, and a 404 saying
why before the deal is over, for a table never seen, a number out of range and a deal past its 30 days; the
deal's page and the watch page; finished deals kept 30 days past their table's expiry (the clock handed in)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.deals import find_deal
from chinese_ten.net.store import DEALS_KEPT_SECONDS, EXPIRY_SECONDS
from chinese_ten.net.store_sqlite import SqliteStore
from tests.net.netkit import ServerThread
from tests.net.test_watchers import greedy, open_table, play_to_the_end

WAIT = 30.0
"""The longest an answer is waited for: it comes in milliseconds, but the machine may be busy."""


@dataclass
class Kept:
    """A server over a data folder holding a finished match and a table in the middle of its first deal."""

    server: ServerThread
    finished: str
    records: list[dict[str, Any]]
    playing: str


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kept]:
    folder = tmp_path_factory.mktemp("tables")
    store = SqliteStore(folder / "tables.db")
    table, clock, lines = open_table(store, "ten", 2)
    play_to_the_end(table, clock, lines)
    records = [f["record"] for f in lines[0].frames if f["type"] == "deal_over"]
    table.close()
    other, clock, _lines = open_table(store, "fishing", 3)
    clock.run()
    other.act(other.session.to_act or 0, None, greedy(other))
    other.close()
    store.close()
    server = ServerThread(folder, pool=False)
    yield Kept(server, table.id, records, other.id)
    server.stop()


def get(server: ServerThread, path: str, language: str = "en") -> tuple[int, str, bytes]:
    """The status, content type and body of a GET of ``path``."""
    request = urllib.request.Request(server.url + path, headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read()


def test_each_finished_deal_is_its_record_exactly_as_deal_over_sent_it(kept: Kept) -> None:
    assert len(kept.records) == 2
    for number, record in enumerate(kept.records, start=1):
        status, kind, body = get(kept.server, f"/d/{kept.finished}/{number}.json")
        assert (status, kind.split(";")[0]) == (200, "application/json")
        assert json.loads(body) == record


@pytest.mark.parametrize(("which", "number", "code"), [("playing", 1, "not-over"), ("playing", 2, "not-over"),
                                                       ("finished", 3, "out-of-range"), ("finished", 0, "out-of-range"),
                                                       ("nowhere", 1, "no-table")])
def test_a_deal_that_is_not_there_is_a_404_saying_why(kept: Kept, which: str, number: int, code: str) -> None:
    table = {"playing": kept.playing, "finished": kept.finished, "nowhere": "k3m9x2p7"}[which]
    status, _kind, body = get(kept.server, f"/d/{table}/{number}.json")
    assert status == 404 and json.loads(body)["code"] == code
    status, kind, page = get(kept.server, f"/d/{table}/{number}")
    assert (status, kind.split(";")[0]) == (404, "text/html") and b'data-role="not-found"' in page
    assert table.encode() in page


def test_the_not_found_page_speaks_the_browsers_language(kept: Kept) -> None:
    _status, _kind, english = get(kept.server, f"/d/{kept.playing}/1")
    _status, _kind, chinese = get(kept.server, f"/d/{kept.playing}/1", "zh-CN,zh;q=0.9")
    assert b"is not over yet" in english and b"is not over yet" not in chinese and '尚未'.encode() in chinese


def test_a_finished_deals_page_reads_its_record_from_beside_it(kept: Kept) -> None:
    status, kind, page = get(kept.server, f"/d/{kept.finished}/2")
    assert (status, kind.split(";")[0]) == (200, "text/html")
    assert b"/deal.js" in page and b'data-role="deal-result"' in page


def test_the_watch_page_is_the_seat_page_watching_and_an_unknown_table_is_a_styled_404(kept: Kept) -> None:
    status, _kind, page = get(kept.server, f"/w/{kept.playing}")
    assert status == 200 and b"<html lang=\"en\" data-watch" in page and b"/main.js" in page
    status, _kind, page = get(kept.server, "/w/k3m9x2p7")
    assert status == 404 and b'data-role="not-found"' in page


def test_finished_deals_outlive_their_table_by_30_days_and_then_say_so(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    table, clock, lines = open_table(store, "ten", 2)
    play_to_the_end(table, clock, lines)
    record = next(f["record"] for f in lines[0].frames if f["type"] == "deal_over")
    table.close()
    last = table.row.last_action
    assert store.expire(last + EXPIRY_SECONDS / 2) == []
    removed = last + EXPIRY_SECONDS + 60
    assert store.expire(removed) == [table.id] and store.load(table.id) is None
    assert find_deal(store, None, table.id, 1, removed + 1) == record
    assert find_deal(store, None, table.id, 9, removed + 1) == "out-of-range"
    assert find_deal(store, None, table.id, 1, removed + DEALS_KEPT_SECONDS - 60) == record
    later = removed + DEALS_KEPT_SECONDS + 60
    assert find_deal(store, None, table.id, 1, later) == "gone"  # past its 30 days, before the sweep too
    store.expire(later)
    assert find_deal(store, None, table.id, 1, later) == "gone"
    assert find_deal(store, None, "k3m9x2p7", 1, later) == "no-table"
    store.close()
