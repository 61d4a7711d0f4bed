"""Whole matches from the front page in headless Chromium with fresh profiles, by the page's buttons alone: Play the
computer at Chinese Ten with 4 seats and at Go Fishing with 6; a table opened from the form with two computers and a
house rule, a second browser taking its link, both playing the match to its end and then Play again from both, and
the second match dealt. After every frame a page draws, it names no card its seat could not know then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_front_page import choose, front
from tests.web.webkit import Hidden, Page, browser, hidden_cards

STEPS = 600
"""More of one page's actions than a one-deal match takes (a card, a choice or the count each)."""


def can_act(page: Page) -> bool:
    """Whether the page can do something now (:meth:`Page.step` would not wait), or its match is over."""
    seen = page.look()
    return bool(seen["state"] == "match-over" or (seen["state"] == "my-turn" and seen["hand"])
                or (seen["state"] == "choosing" and seen["choice"]) or (seen["state"] == "deal-over" and seen["next"]))


def play_out(pages: list[tuple[Page, Hidden]]) -> None:
    """Play every page's seat by its buttons until each page shows the match's end, checking after every frame
    that no page names a card its seat could not know."""
    first = pages[0][0]
    for _ in range(STEPS * len(pages)):
        if all(page.look()["state"] == "match-over" for page, _hidden in pages):
            break
        first.wait(lambda d: any(can_act(page) for page, _hidden in pages), what="a page able to act")
        for page, hidden in pages:
            if page.look()["state"] != "match-over" and can_act(page):
                page.step()
            page.check_no_hidden_card(hidden)
    for page, hidden in pages:
        page.check_no_hidden_card(hidden)
        assert page.look()["state"] == "match-over", f"the match ends within {STEPS} actions a page"
        assert page.checked > 0, "frames were checked"
        assert page.log_errors() == []


def opened_table(page: Page, server: ServerThread) -> Any:
    """The table the page was sent to once it opened one, when the page sits at it."""
    page.wait(lambda d: d.current_url.startswith(server.url + "/t/"), what="the new table's address")
    page.seated()
    return server.server.tables[page.driver.current_url.rsplit("/", 1)[1]]


@pytest.mark.parametrize(("game", "seats"), [("ten", 4), ("fishing", 6)])
def test_play_the_computer_plays_a_whole_match_from_the_front_pages_button(
        server: ServerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: int) -> None:
    with hidden_cards(monkeypatch, seat=0) as hidden, browser(tmp_path) as driver:
        page = Page(driver)
        front(page, server.url)
        choose(page, "game", game)
        choose(page, "seats", seats)
        for seat in range(1, seats):
            choose(page, "seat-kind", "easy", seat=seat)
        choose(page, "match", "one")
        page.find('[data-role="play-computer"]').click()
        table = opened_table(page, server)
        assert (table.game.name, [s.kind for s in table.seats]) == (game, ["human"] + ["computer"] * (seats - 1))
        play_out([(page, hidden)])


def test_a_table_opened_from_the_form_is_played_out_by_two_browsers_and_played_again(
        server: ServerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hidden_cards(monkeypatch, seat=0) as host_hidden, hidden_cards(monkeypatch, seat=1) as guest_hidden, \
            browser(tmp_path) as host_driver, browser(tmp_path) as guest_driver:
        host = Page(host_driver)
        front(host, server.url)
        choose(host, "seats", 4)
        choose(host, "seat-kind", "person", seat=1)
        choose(host, "seat-kind", "easy", seat=2)
        choose(host, "seat-kind", "easy", seat=3)
        choose(host, "match", "one")
        option = host.find('[data-role="rule-option"]')
        rule = option.get_attribute("data-option")
        values = host_driver.execute_script("return [...arguments[0].options].map((o) => o.value);", option)
        choose(host, f'rule-option"][data-option="{rule}', json.loads(values[1]))
        host.find('[data-role="create"]').click()
        table = opened_table(host, server)
        assert [s.kind for s in table.seats] == ["human", "empty", "computer", "computer"]
        assert table.row.rules[rule] == json.loads(values[1]), f"the house rule chosen is played: {table.row.rules}"
        link = host.wait(lambda d: d.find_element("css selector", '[data-role="link"][data-seat="1"]').text,
                         what="the seat's link in the host's panel")
        guest = Page(guest_driver)
        guest.sit(link, "Bo")
        pages = [(host, host_hidden), (guest, guest_hidden)]
        play_out(pages)
        for page, _hidden in pages:
            page.find('[data-role="again"]').click()
        for page, _hidden in pages:
            page.wait(lambda d, page=page: page.look()["state"] != "match-over" and len(page.hand()) > 0,
                      what="the second match dealt on both pages")
        assert table.row.matches == 1 and table.phase == "playing", "the second match is under way at the same table"
