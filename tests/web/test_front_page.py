"""The front page at ``/`` in a real browser with a fresh profile: Play the computer from one press to the seat's
first decision and on to the match's end, Open a table with a computer and a house rule and a second browser sitting
down from the host's panel of links (whose QR code reads as the link), a ``create`` the server refuses said in the
form, a remembered choice that no longer exists falling back to the default, and the link to the rules page in the
page's language."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_qr import decode
from tests.web.test_screens import shoot
from tests.web.webkit import Page, browser

STEPS = 400
"""More actions than a two-seat match of one deal takes (twelve cards each, a choice or two, the count)."""


def drawn_modules(svg: Any) -> list[list[bool]]:
    """The modules of a QR code as the page drew it (each dark one a unit square in its path, inside a quiet zone of 4)."""
    side = int(svg.get_attribute("data-modules"))
    path = svg.find_element("css selector", "path").get_attribute("d")
    grid = [[False] * side for _ in range(side)]
    for x, y in re.findall(r"M(\d+) (\d+)", path):
        grid[int(y) - 4][int(x) - 4] = True
    return grid


def front(page: Page, url: str) -> None:
    """Open the front page and wait until its form is drawn from the server's games."""
    page.driver.get(url + "/")
    page.wait(lambda d: page.find('[data-role="open-table"] [data-role="create"]').is_displayed(), what="the form")


def choose(page: Page, role: str, value: object, seat: int | None = None) -> None:
    """Pick ``value`` in the form's select ``role`` (a seat's kind with ``seat``), as a person would, and wait until
    the form is drawn again with it."""
    where = f'[data-role="{role}"]' + (f'[data-seat="{seat}"]' if seat is not None else "")
    page.driver.execute_script(
        "const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        where, json.dumps(value))
    page.wait(lambda d: page.find(where).get_attribute("value") == json.dumps(value), what=f"{role} to read {value}")


def test_play_the_computer_from_a_fresh_profile_reaches_the_first_decision_and_plays_the_match_out(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        front(page, server.url)
        assert page.find('[data-role="front-picture"] [data-card]').is_displayed(), "the table's picture is drawn"
        assert page.find('[data-role="no-tables"]').is_displayed(), "a fresh profile has no tables"
        choose(page, "match", "one")
        page.find('[data-role="play-computer"]').click()
        page.wait(lambda d: d.current_url.startswith(server.url + "/t/"), what="the new table's address")
        page.seated()
        table = driver.current_url.rsplit("/", 1)[1]
        seats = [seat.kind for seat in server.server.tables[table].seats]
        assert seats == ["human", "computer"], f"one person and one computer, not {seats}"
        states = []
        for _ in range(STEPS):
            states.append(page.step())
            if states[-1] == "match-over":
                break
        assert states[0] == "my-turn" or "my-turn" in states, "the person was offered a decision"
        assert states[-1] == "match-over", f"the match ends within {STEPS} actions"
        front(page, server.url)
        rows = [e.text for e in driver.find_elements("css selector", '[data-role="tables"] li')]
        assert len(rows) == 1 and "Match over" in rows[0], f"the finished table is listed as over: {rows}"
        page.find('[data-role="tables"] [data-role="forget"]').click()
        page.wait(lambda d: page.find('[data-role="no-tables"]').is_displayed(), what="the table forgotten")


def test_a_table_opened_with_a_computer_and_a_house_rule_seats_a_friend_from_the_hosts_link(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as host_driver, browser(tmp_path) as guest_driver:
        host = Page(host_driver)
        front(host, server.url)
        choose(host, "seats", 3)
        kinds = host_driver.find_elements("css selector", '[data-role="seat-kind"]')
        assert [k.get_attribute("data-seat") for k in kinds] == ["0", "1", "2"], "one seat kind per seat"
        choose(host, "seat-kind", "hard", seat=2)
        choose(host, "seat-kind", "person", seat=1)
        options = host_driver.find_elements("css selector", '[data-role="rule-option"]')
        rule = None
        if options:  # the server lists the game's house rules: take the second value of the first
            rule = options[0].get_attribute("data-option")
            values = host_driver.execute_script(
                "return [...arguments[0].options].map((o) => o.value);", options[0])
            choose(host, f'rule-option"][data-option="{rule}', json.loads(values[1]))
        host.find('[data-role="host-name"]').send_keys("Ann")
        host.find('[data-role="create"]').click()
        host.wait(lambda d: d.current_url.startswith(server.url + "/t/"), what="the host's table")
        host.seated()
        table = host_driver.current_url.rsplit("/", 1)[1]
        opened = server.server.tables[table]
        assert [s.kind for s in opened.seats] == ["human", "empty", "computer"]
        assert opened.seats[2].strength == "hard" and opened.seats[0].name == "Ann"
        link = host.wait(lambda d: d.find_element("css selector", '[data-role="link"][data-seat="1"]').text,
                         what="the seat's link in the host's panel")
        assert link.startswith(f"{server.url}/t/{table}#"), link
        watch = host.find('[data-role="watch-link"]').text
        assert watch == f"{server.url}/w/{table}", "the panel offers the table's watch link"
        code = host.find('[data-role="qr"][data-seat="1"]')
        assert decode(drawn_modules(code)) == link, "the panel's QR code reads as the seat's link"
        host_driver.refresh()
        host.seated()
        assert host.wait(lambda d: d.find_element("css selector", '[data-role="link"][data-seat="1"]').text) == link, \
            "the panel survives a reload"
        guest = Page(guest_driver)
        guest.sit(link, "Bo")
        host.wait(lambda d: "Bo" in d.find_element("css selector", '[data-role="host"] li').get_attribute("textContent"),
                  what="the host's panel to show Bo in seat 2")


def test_a_refused_create_is_said_in_the_form_and_opens_nothing(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "tables", pool=False, tables_per_hour=0)
    try:
        with browser(tmp_path, language="zh-CN") as driver:
            page = Page(driver)
            front(page, server.url)
            page.find('[data-role="create"]').click()
            said = page.wait(lambda d: d.find_element("css selector", '[data-role="create-refused"]').text,
                             what="the refusal in the form")
            assert "太多" in said, f"the refusal is said in the page's language: {said!r}"
            assert driver.current_url == server.url + "/" and not server.server.tables, "nothing was opened"
    finally:
        server.stop()


def test_a_remembered_choice_that_no_longer_exists_falls_back_to_the_default_without_a_word(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        front(page, server.url)
        driver.execute_script("localStorage.setItem('chinese-ten:front-choice', JSON.stringify("
                              "{game: 'chess', seats: 9, rules: 'gone', match: 'forever', clock: 7}));")
        front(page, server.url)
        read = {role: page.find(f'[data-role="{role}"]').get_attribute("value") for role in ("game", "seats", "match", "clock")}
        assert read == {"game": '"ten"', "seats": "2", "match": '"one"', "clock": "null"}, read
        assert not page.find('[data-role="create-refused"]').is_displayed()


def test_the_front_page_fits_every_size_in_both_looks_and_three_languages(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        front(page, server.url)
        folder = os.environ.get("CHINESE_TEN_WEB_SHOTS")
        assert shoot(page, "front", Path(folder) if folder else None) == []
        assert page.find('[data-role="play-computer"]').text == "和電腦玩", "the last language shown is Traditional"


def test_the_host_gives_an_empty_seat_to_a_computer_from_the_panel_and_the_deal_starts(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        host = Page(driver)
        front(host, server.url)
        choose(host, "seat-kind", "person", seat=1)
        host.find('[data-role="create"]').click()
        host.wait(lambda d: d.current_url.startswith(server.url + "/t/"), what="the host's table")
        host.seated()
        assert host.look()["state"] == "waiting" and not host.hand(), "no deal while a seat is empty"
        host.wait(lambda d: d.find_element("css selector", '[data-role="fill"][data-seat="1"]').is_displayed(),
                  what="the panel's button for the empty seat")
        host.find('[data-role="fill"][data-seat="1"]').click()
        host.wait(lambda d: host.hand(), what="the deal to start once the computer sits down")
        table = driver.current_url.rsplit("/", 1)[1]
        assert [s.kind for s in server.server.tables[table].seats] == ["human", "computer"]
        assert not driver.find_elements("css selector", '[data-role="fill"]'), "no seat is left to fill"


def test_a_preset_played_with_its_own_match_length_offers_that_length_alone(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        front(page, server.url)
        presets = driver.execute_script("const s = document.querySelector('[data-role=rules]');"
                                        "return s ? [...s.options].map((o) => JSON.parse(o.value)) : [];")
        if "target" not in presets:
            pytest.skip("this server lists no house-rule presets (/games.json)")
        choose(page, "rules", "target")
        offered = driver.execute_script("return [...document.querySelector('[data-role=match]').options].map((o) => o.value);")
        assert offered == ['"one"'], f"Target is played one deal at a time, not {offered}"
        choose(page, "rules", "classic")
        assert len(driver.find_elements("css selector", '[data-role="match"] option')) == 4


def test_the_front_pages_rules_link_opens_the_rules_page_in_the_pages_language_fitting_a_phone(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path, width=360, height=640, language="zh-TW") as driver:
        page = Page(driver)
        front(page, server.url)
        page.find('[data-role="rules-link"]').click()
        page.wait(lambda d: d.current_url == server.url + "/rules?lang=zh-Hant", what="the rules page in 繁體")
        assert page.find("h1").text == "玩法說明"
        assert [e.text for e in driver.find_elements("css selector", "main h2")] == ["撿紅點 Chinese Ten", "中式釣魚"]
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        page.find('[data-role="front-link"]').click()
        page.wait(lambda d: page.find('[data-role="play-computer"]').is_displayed(), what="the front page again")
