"""A finished deal's page in a real headless Chromium (NETWORK.md, "Watching and sharing a deal"): ``/d/TABLE/N``
steps through the deal forwards and back, by its buttons, the arrow keys and its slider, every hand face up, each
position the one the game's own replay of the record reaches, then the count with the record's points; its link is
shared from the page and from the seat's count; a deal that is not there is the styled page saying why."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.records import position_cards
from chinese_ten.games import GAMES
from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.webkit import STEP_SECONDS, Host, Page, browser

MATCH_SECONDS = 120.0
"""The longest the scripted match that makes the deal may take."""

STEPPED = """
const root = document.documentElement;
const cards = (css) => [...document.querySelectorAll(css)].map((e) => e.dataset.card);
const seats = [...document.querySelectorAll('[data-role="seats"] .seat')].sort((a, b) => a.dataset.seat - b.dataset.seat);
const count = document.querySelector('[data-role="count"]');
return {state: root.dataset.state, step: Number(root.dataset.step), steps: Number(root.dataset.steps),
        layout: cards('[data-role="layout"] [data-card]'),
        hands: seats.map((s) => [...s.querySelectorAll('[data-role="seat-hand"] [data-card]')].map((e) => e.dataset.card)),
        piles: seats.map((s) => Number((s.querySelector('[data-role="pile"]').textContent.match(/pile (\\d+)/) || [0, -1])[1])),
        count: count.hidden ? null : [...count.querySelectorAll("tr")].slice(1).map((r) => [...r.cells].map((c) => c.textContent)),
        at: document.querySelector('[data-role="step-at"]').textContent,
        share: (document.querySelector('[data-role="share-link"]') || {}).textContent || ""};
"""
"""The page's position as it shows it: each seat's hand and pile size, the layout, the step, the count's rows."""


def stepped(page: Page) -> dict[str, Any]:
    return page.driver.execute_script(STEPPED)  # type: ignore[no-any-return]


def engine_position(record: dict[str, Any], turns: int) -> dict[str, Any]:
    """Where the cards are after the record's first ``turns`` turns, by the game's own replay."""
    game = GAMES["fishing" if record["format"].endswith("fishing-v1") else "ten"]
    cut = {key: value for key, value in record.items() if key != "result"}
    cut["turns"] = record["turns"][:turns]
    return position_cards(game.replay(cut))


def assert_shows(page: Page, record: dict[str, Any], step: int) -> None:
    """The page shows step ``step`` of ``record``: each hand, the layout and each pile as the game replays them."""
    turns = len(record["turns"])
    page.wait(lambda d: stepped(page)["step"] == step, what=f"step {step}")
    shown = stepped(page)
    expected = engine_position(record, min(step, turns))
    assert shown["layout"] == expected["layout"], f"step {step}: layout {shown['layout']} not {expected['layout']}"
    assert [sorted(h) for h in shown["hands"]] == [sorted(h) for h in expected["hands"]], f"step {step}: hands"
    assert shown["piles"] == [len(p) for p in expected["piles"]], f"step {step}: piles {shown['piles']}"
    assert shown["state"] == ("count" if step > turns else "step")


def press(page: Page, role: str) -> None:
    page.find(f'[data-role="{role}"]').click()


def finished_deal(server: ServerThread, game: str, seats: int) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A one-deal match played out by a scripted host and Easy computers: its table, the deal's record as
    ``deal_over`` told it, and every frame the host had."""
    client = TableClient.create(server.url, "Ann", game=game, seats=seats, match="one",
                                computers={seat: "easy" for seat in range(1, seats)})
    created = wait_for(client, "created")
    host = Host(client)
    host.start()
    try:
        end = time.monotonic() + MATCH_SECONDS
        for _ in range(100_000):
            frames = host.frames()
            over = [f for f in frames if f.get("type") == "deal_over"]
            if over:
                return created["table"], over[0]["record"], frames
            assert time.monotonic() < end, "the deal did not end in time"
            host.stopping.wait(0.05)  # the host's own thread plays; this only reads what it was told
        raise AssertionError("too many rounds")
    finally:
        host.stop()
        client.close()


@pytest.mark.parametrize(("game", "seats"), [("ten", 2), ("fishing", 3)])
def test_the_deal_page_steps_forward_and_back_to_the_count_and_matches_its_record(
        server: ServerThread, tmp_path: Path, game: str, seats: int) -> None:
    table, record, _frames = finished_deal(server, game, seats)
    turns = len(record["turns"])
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{server.url}/d/{table}/1")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
        assert stepped(page)["steps"] == turns + 1
        assert stepped(page)["share"] == f"{server.url}/d/{table}/1"
        assert all(len(hand) for hand in stepped(page)["hands"]), "every hand is face up as dealt"
        for step in range(turns + 1):
            assert_shows(page, record, step)
            press(page, "step-forward")
        assert_shows(page, record, turns + 1)
        count = stepped(page)["count"]
        assert [int(row[2]) for row in count] == record["result"]["points"]
        for step in range(turns, -1, -1):
            press(page, "step-back")
            assert_shows(page, record, step)
        assert driver.execute_script('return document.querySelector(\'[data-role="step-back"]\').disabled')
        assert driver.find_elements("css selector", 'section[data-role="review"]'), "the review's place is left"
        assert not page.log_errors()


def test_the_arrow_keys_and_the_slider_step_through_the_deal(server: ServerThread, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    table, record, _frames = finished_deal(server, "ten", 2)
    turns = len(record["turns"])
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{server.url}/d/{table}/1")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
        body = page.find("body")
        body.send_keys(Keys.ARROW_RIGHT)
        assert_shows(page, record, 1)
        body.send_keys(Keys.ARROW_RIGHT)
        body.send_keys(Keys.ARROW_RIGHT)
        assert_shows(page, record, 3)
        body.send_keys(Keys.ARROW_LEFT)
        assert_shows(page, record, 2)
        body.send_keys(Keys.END)
        assert_shows(page, record, turns + 1)
        assert stepped(page)["at"] == "The count"
        slider = page.find('[data-role="step-slider"]')
        slider.send_keys(Keys.HOME)
        assert_shows(page, record, 0)
        for _ in range(5):
            slider.send_keys(Keys.ARROW_RIGHT)
        assert_shows(page, record, 5)
        assert stepped(page)["at"] == f"Turn 5 of {turns}"
        driver.execute_script('const s = document.querySelector(\'[data-role="step-slider"]\'); s.value = "12";'
                              's.dispatchEvent(new Event("input"));')
        assert_shows(page, record, 12)


def test_the_seats_count_shares_the_deals_link(server: ServerThread, tmp_path: Path) -> None:
    client = TableClient.create(server.url, "Ann", seats=2, match="one")
    created = wait_for(client, "created")
    host = Host(client)
    host.start()
    try:
        with browser(tmp_path) as driver:
            page = Page(driver)
            page.sit(created["links"]["1"], "Bo")
            end = time.monotonic() + MATCH_SECONDS
            for _ in range(2_000):
                assert time.monotonic() < end, "the match did not end in time"
                if page.step() == "match-over":
                    break
            link = page.wait(lambda d: d.execute_script(
                'const e = document.querySelector(\'[data-role="count"] [data-role="share-link"]\'); return e && e.textContent;'),
                timeout=STEP_SECONDS, what="the deal's link on the count")
            assert link == f"{server.url}/d/{created['table']}/1"
            assert page.find('[data-role="count"] [data-role="share-copy"]').text == "Copy the deal's link"
            driver.get(link)
            page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
    finally:
        host.stop()
        client.close()


@pytest.mark.parametrize(("address", "said"), [
    ("/d/nosuchtable/1", "There is no table nosuchtable here"),
    ("/d/{table}/7", "Table {table} has no deal 7."),
])
def test_a_deal_that_is_not_there_is_the_styled_page_saying_why(
        server: ServerThread, tmp_path: Path, address: str, said: str) -> None:
    client = TableClient.create(server.url, "Ann", seats=2, match="one", computers={1: "easy"})
    table = wait_for(client, "created")["table"]
    try:
        with browser(tmp_path) as driver:
            driver.get(server.url + address.format(table=table))
            text = driver.find_element("css selector", '[data-role="not-found"]').text
            assert said.format(table=table) in text
            color = driver.execute_script('return getComputedStyle(document.querySelector(".panel")).borderTopStyle')
            assert color == "solid", "the page has the site's look"
    finally:
        client.close()
