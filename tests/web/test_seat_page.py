"""The web seat in a real headless Chromium: a browser guest and a scripted host play whole matches of both
games using only the page's buttons, and the page never names a card its seat may not know."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.webkit import FITS, Host, Page, browser, hidden_cards

MATCH_SECONDS = 240.0
"""The longest one match may take, step by step (each step is bounded too)."""


def open_table(server: ServerThread, game: str, seats: int, match: str = "one") -> tuple[TableClient, str]:
    """A table with the scripted host at seat 0, the browser's seat 1 kept for a person, Easy computers beyond."""
    host = TableClient.create(server.url, "Ann", game=game, seats=seats, match=match,
                              computers={seat: "easy" for seat in range(2, seats)})
    created = wait_for(host, "created")
    return host, created["links"]["1"]


@contextmanager
def seated_guest(server: ServerThread, driver: Any, game: str = "ten", seats: int = 2) -> Iterator[tuple[Page, TableClient, Host]]:
    """The browser seated as Bo at seat 1 of a new table (:func:`open_table`) whose scripted host plays on its own
    thread: the page, the host's connection and its thread, stopped and closed after."""
    client, link = open_table(server, game, seats)
    host = Host(client)
    host.start()
    try:
        page = Page(driver)
        page.sit(link, "Bo")
        yield page, client, host
    finally:
        host.stop()
        client.close()


def count_cards(page: Page) -> list[list[str]]:
    return page.driver.execute_script(  # type: ignore[no-any-return]
        'return [...document.querySelectorAll(\'[data-role="count"] tr\')].slice(1)'
        '.map((r) => [...r.querySelectorAll("[data-card]")].map((c) => c.dataset.card));')


def count_rows(page: Page) -> list[list[str]]:
    return page.driver.execute_script(  # type: ignore[no-any-return]
        'return [...document.querySelectorAll(\'[data-role="count"] tr\')].slice(1)'
        '.map((r) => [...r.cells].map((c) => c.textContent));')


def play_to_the_end(page: Page, host: Host, hidden: Any) -> dict[str, int]:
    """Play the page's seat by its buttons until the match is over, checking its cards after every frame."""
    done: dict[str, int] = {}
    end = time.monotonic() + MATCH_SECONDS
    for _ in range(2_000):
        assert time.monotonic() < end, "the match did not end in time"
        state = page.step()
        page.check_no_hidden_card(hidden)
        done[state] = done.get(state, 0) + 1
        if state == "match-over":
            return done
    raise AssertionError("too many steps")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats", "match"), [
    ("ten", 2, "per-seat"), ("ten", 3, "one"), ("ten", 4, "one"),
    ("fishing", 2, "per-seat"), ("fishing", 5, "one"), ("fishing", 8, "one"),
])
def test_a_browser_guest_plays_a_whole_match_with_the_pages_buttons(
        server: ServerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: int, match: str) -> None:
    with hidden_cards(monkeypatch, seat=1) as hidden, browser(tmp_path) as driver:
        client, link = open_table(server, game, seats, match)
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            done = play_to_the_end(page, host, hidden)
            host_over = next(f for f in reversed(host.frames()) if f.get("type") == "match_over") \
                if host.player.done else wait_for(client, "match_over")
            values = next(f for f in host.frames() if f.get("type") == "welcome")["values"]
            last_deal = next(f for f in reversed(host.frames()) if f.get("type") == "deal_over")
        finally:
            host.stop()
            client.close()
        name = {"ten": "Chinese Ten", "fishing": "Chinese Go Fishing"}[game]
        assert page.asked == [name, f"A seat at a {name} table"], "the page names another game than its table's"
        assert page.headings()[0] == name and driver.title == f"{name} · {client.table}"
        assert done.get("my-turn", 0) > 0, "the page never played a card"
        if (game, seats) == ("ten", 2):
            assert done.get("choosing", 0) > 0, "the page never offered a choice of what a card takes"
        if match == "per-seat":
            assert done.get("deal-over", 0) >= 1, "the page never went on to a next deal"
        rows = count_rows(page)
        assert len(rows) == seats
        assert [float(r[3]) for r in rows] == [float(t) for t in host_over["totals"]]
        assert [int(r[2]) for r in rows] == last_deal["record"]["result"]["points"]
        for seat, cards in enumerate(count_cards(page)):
            assert all(values[c] for c in cards), f"seat {seat}'s count shows a card that scores nothing: {cards}"
            assert sum(values[c] for c in cards) == last_deal["record"]["result"]["points"][seat], \
                f"seat {seat}'s scoring cards do not add up to its points"
        assert page.checked > 0
        assert page.log_errors() == []


def test_a_card_is_played_by_keyboard_alone(server: ServerThread, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with browser(tmp_path) as driver:
        client, link = open_table(server, "fishing", 2)
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            page.wait(lambda d: page.look()["state"] == "my-turn", what="the seat's move")
            assert driver.title == f"Chinese Go Fishing · {client.table}", "the title names the table's own game"
            in_hand = "return Boolean(document.activeElement.closest('[data-role=hand]'))"
            for _ in range(60):
                if driver.execute_script(in_hand):
                    break
                ActionChains(driver).send_keys(Keys.TAB).perform()
            assert driver.execute_script(in_hand), "Tab reaches the hand"
            first = driver.execute_script("return document.activeElement.dataset.card")
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            chosen = driver.execute_script("return document.activeElement.dataset.card")
            playable = page.look()["hand"]
            assert chosen == playable[(playable.index(first) + 1) % len(playable)], "the arrow moves along the hand"
            client.chat("a line that draws the page again")
            page.wait(lambda d: "draws the page again" in page.find('[data-role="chat-log"]').text, what="the chat line")
            assert driver.execute_script("return document.activeElement.dataset.card") == chosen, "a redraw keeps the focus"
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            page.wait(lambda d: page.look()["state"] == "choosing" or chosen not in page.hand(), what="the card played")
            if page.look()["state"] == "choosing":
                ActionChains(driver).send_keys(Keys.ENTER).perform()  # the choice's first button has the focus
            page.wait(lambda d: chosen not in page.hand(), what="the card to leave the hand")
        finally:
            host.stop()
            client.close()


def test_a_card_pointed_at_shows_and_says_what_it_takes(server: ServerThread, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    with browser(tmp_path) as driver:
        client, link = open_table(server, "fishing", 2)
        host = Host(client)
        host.start()
        page = Page(driver)
        page.sit(link, "Bo")
        page.wait(lambda d: page.look()["state"] == "my-turn", what="the seat's move")
        marked = "return [...document.querySelectorAll('[data-role=layout] .takes')].map((e) => e.getAttribute('aria-label'))"
        legal = server.call(lambda: [str(a) for a in next(iter(server.server.tables.values())).session.deal.legal_actions()])
        hand_top = "return document.querySelector('[data-role=hand]').getBoundingClientRect().top"
        still = driver.execute_script(hand_top)
        for card in page.look()["hand"]:
            ActionChains(driver).move_to_element(page.find(f'[data-role="hand"] [data-card="{card}"]')).perform()
            takes = {c for a in legal if a.startswith(f"play {card} take ") for s in a.split()[3:] for c in s.split("+")}
            names = driver.execute_script(marked)
            shown = {e.get_attribute("data-card") for e in driver.find_elements("css selector", "[data-role=layout] .takes")}
            assert shown == takes, f"{card} marks {shown}, its plays take {takes}"
            status = page.find('[data-role="status"]').get_attribute("textContent")
            assert all(name in status for name in names), (names, status)
            assert driver.execute_script(hand_top) == still, f"pointing at {card} moved the hand"
            if not takes:
                assert "takes nothing" in status
        driver.execute_script("document.querySelector('[data-role=status]').textContent = arguments[0]",
                              " or ".join(["9♠ takes 2♥ 3♦ 4♣ (2 points)"] * 30))
        assert driver.execute_script(hand_top) == still, "the longest words for a card pointed at moved the hand"
        assert driver.execute_script(FITS) == [], "they are cut with an ellipsis, all else in its place"
        host.stop()
        client.close()
