"""The web seat between deals, in a real headless Chromium: who the next deal waits for, the count beside the
turns rather than over them, the focus after Next deal by keyboard, the turns kept across deals and each seat's
match margin so far."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_seat_page import open_table
from tests.web.webkit import Host, Page, browser

DEAL_SECONDS = 120.0
"""The longest the page may take to play one deal to its end, step by step (each step bounded too)."""

COVERS = """
const a = document.querySelector('[data-role=count]').getBoundingClientRect();
const b = document.querySelector('.turns').getBoundingClientRect();
return a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
"""
"""Whether the count's panel lies over the Turns panel."""


@pytest.fixture
def seated(server: ServerThread, tmp_path: Path) -> Iterator[tuple[Page, Host]]:
    """A two-deal Chinese Ten match: the page at seat 1, a scripted host who presses Next deal only when told."""
    with browser(tmp_path) as driver:
        client, link = open_table(server, "ten", 2, match="per-seat")
        host = Host(client)
        host.player.auto_next = False
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            yield page, host
        finally:
            host.stop()
            client.close()


def play_to(page: Page, states: tuple[str, ...]) -> None:
    """Play the page's seat by its buttons until it shows one of ``states``."""
    end = time.monotonic() + DEAL_SECONDS
    for _ in range(500):
        assert time.monotonic() < end, f"the page did not come to {states} in time"
        # never the page's step at a deal's end: it would press Next deal, which is the test's to press
        state = page.wait(lambda d: (s := page.look()["state"]) in (*states, "my-turn", "choosing") and s, what=str(states))
        if state in states:
            return
        page.step()
    raise AssertionError("too many steps")


def host_next(host: Host) -> None:
    """The host presses Next deal."""
    with host.lock:
        host.player.client.next_deal()


def text(page: Page, role: str) -> str:
    return str(page.driver.execute_script(f"return document.querySelector('[data-role={role}]').textContent"))


def test_the_count_names_who_the_next_deal_waits_for_beside_the_turns(seated: tuple[Page, Host]) -> None:
    page, host = seated
    play_to(page, ("deal-over",))
    assert text(page, "waiting") == "The table waits for you and Ann: press Next deal."
    assert text(page, "status") == text(page, "waiting"), "the status says the same, not 'Waiting…'"
    assert page.driver.execute_script(COVERS) is False, "the count lies over the Turns panel"
    page.find('[data-role="next"]').click()
    page.wait(lambda d: text(page, "waiting") == "Waiting for Ann to go on to the next deal.", what="the wait for Ann")
    host_next(host)
    play_to(page, ("match-over",))
    assert text(page, "status") == "The match is over."
    assert not page.driver.find_elements("css selector", '[data-role="waiting"]'), "at the match's end nothing waits"
    assert page.driver.execute_script(COVERS) is False, "the match's end lies over the Turns panel"


def test_next_deal_by_enter_keeps_the_focus_and_the_new_deal_gives_it_to_the_hand(seated: tuple[Page, Host]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    page, host = seated
    driver = page.driver
    play_to(page, ("deal-over",))
    driver.execute_script("document.querySelector('[data-role=next]').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    page.wait(lambda d: text(page, "waiting").startswith("Waiting for Ann"), what="the press taken")
    focused = "const e = document.activeElement; return e === document.body ? 'body' : (e.dataset.role || e.dataset.card || e.tagName)"
    assert driver.execute_script(focused) == "next", "the focus stays on the pressed button"
    host_next(host)
    page.wait(lambda d: page.look()["state"] != "deal-over", what="the next deal")
    in_hand = "return Boolean(document.activeElement.closest('[data-role=hand]'))"
    page.wait(lambda d: d.execute_script(in_hand), what="the focus in the hand")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.execute_script(focused) != "language", "the first Tab after the deal lands on the language list"


def test_the_arrows_on_the_language_list_switch_no_language(server: ServerThread, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(server.url + "/")
        page.wait(lambda d: page.find('[data-role="no-tables"]').is_displayed(), what="the front page")
        driver.execute_script("document.querySelector('[data-role=language]').focus()")
        for key in (Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.ARROW_RIGHT):
            ActionChains(driver).send_keys(key).perform()
        assert driver.execute_script("return [document.documentElement.lang, document.querySelector('[data-role=language]').value]") \
            == ["en", "en"]
        assert page.find('[data-role="no-tables"]').text.startswith("This browser has no seat"), "still in English"


def seat_figures(page: Page) -> Any:
    return page.driver.execute_script(
        "return [...document.querySelectorAll('.seat')].map((s) => [s.dataset.seat, s.querySelector('.figures').textContent])")


def test_the_turns_are_kept_across_deals_and_each_seat_shows_its_match_margin(seated: tuple[Page, Host]) -> None:
    page, host = seated
    play_to(page, ("deal-over",))
    first = [e.text for e in page.driver.find_elements("css selector", '[data-role="turns"] li')]
    totals = next(f for f in reversed(host.frames()) if f.get("type") == "deal_over")["totals"]
    page.find('[data-role="next"]').click()
    host_next(host)
    page.wait(lambda d: page.look()["state"] != "deal-over", what="the next deal")
    turns = page.driver.execute_script(
        "return [...document.querySelectorAll('[data-role=turns] li')].map((e) => [e.className, e.textContent])")
    assert [t for _kind, t in turns[:len(first)]] == first, "the first deal's turns stay"
    assert [t for kind, t in turns if kind == "deal"] == ["Deal 1 of 2 is dealt.", "Deal 2 of 2 is dealt."], turns
    for seat, figures in seat_figures(page):
        total = totals[int(seat)]
        shown = f"+{total}" if total > 0 else str(total)
        assert figures.endswith(f"match {shown}"), f"seat {seat}'s box reads {figures!r}, its margin is {total}"
