"""The web seat's links gone wrong or used twice, and its name: a claim cut short, mistyped or spent, an address that
cannot be a table, one seat open in two tabs, the name's limit, and the list of this browser's tables at ``/``."""

from __future__ import annotations

import time
from pathlib import Path


from chinese_ten.net.client import TableClient
from chinese_ten.net.protocol import NAME_LIMIT
from tests.net.netkit import ServerThread, wait_for
from tests.web.test_seat_page import open_table
from tests.web.webkit import Host, Page, browser


def notice(page: Page) -> str:
    """The notice the page shows instead of a table, once it shows one."""
    page.wait(lambda d: page.find('[data-view="notice"]').is_displayed() and page.find('[data-role="notice"]').text,
              what="a notice")
    return str(page.find('[data-role="notice"]').text)


def test_a_claim_cut_short_or_mistyped_at_a_real_table_says_the_link_is_wrong(server: ServerThread, tmp_path: Path) -> None:
    client, link = open_table(server, "ten", 3, match="one")
    base, claim = link.split("#")
    changed = claim[:5] + ("A" if claim[5] != "A" else "B") + claim[6:]
    with browser(tmp_path) as driver:
        page = Page(driver)
        for wrong in (claim[:-1], changed):
            driver.get("about:blank")  # the next link differs in its claim only: it is loaded anew, not scrolled to
            driver.get(f"{base}#{wrong}")
            page.wait(lambda d: page.find('[data-role="name-input"]').is_displayed(), what="the name to be asked")
            page.find('[data-role="name-input"]').send_keys("Eve\n")
            said = notice(page)
            assert "taken" not in said, f"a link with a wrong claim reads: {said!r}"
            if wrong == claim[:-1]:
                assert "not whole" in said
            else:
                assert "This link is not right: check it letter by letter" in said
        driver.get("about:blank")
        page.sit(link, "Bo")  # the seat the wrong links missed is still free for its own link
        assert page.hand()
    client.close()


SPENT_WORDS = {"en": "This link's seat has been taken already", "zh-Hans": "这个链接的座位已经有人坐了",
               "zh-Hant": "這個連結的座位已經有人坐了"}
MISTYPED_WORDS = {"en": "This link is not right: check it letter by letter, or ask for it again.",
                  "zh-Hans": "这个链接不对：请逐个字母核对", "zh-Hant": "這個連結不對：請逐個字母核對"}


def test_a_spent_link_says_its_seat_is_taken_and_the_same_link_one_letter_wrong_says_it_is_not_right(
        server: ServerThread, tmp_path: Path) -> None:
    client, link = open_table(server, "fishing", 3, match="one")
    guest = TableClient.join(link, "Bo")
    wait_for(guest, "welcome")  # the link's claim is spent
    base, claim = link.split("#")
    mistyped = claim[:9] + ("x" if claim[9] != "x" else "y") + claim[10:]
    with browser(tmp_path) as driver:
        page = Page(driver)
        for wrong, words in ((claim, SPENT_WORDS), (mistyped, MISTYPED_WORDS)):
            driver.get("about:blank")
            driver.get(f"{base}#{wrong}")
            page.wait(lambda d: page.find('[data-role="name-input"]').is_displayed(), what="the name to be asked")
            page.find('[data-role="name-input"]').send_keys("Eve\n")
            said = notice(page)
            assert words["en"] in said, f"the link reads: {said!r}"
            for language in ("zh-Hans", "zh-Hant", "en"):
                driver.execute_script("const s = document.querySelector('[data-role=language]'); "
                                      f"s.value = '{language}'; s.dispatchEvent(new Event('change'));")
                page.wait(lambda d, w=words[language]: w in page.find('[data-role="notice"]').text,
                          what=f"the notice in {language}")
    guest.close()
    client.close()


def test_an_address_no_table_can_have_gets_the_notice_of_a_table_that_is_gone(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(server.url + "/t/nosuchtable1#abc")
        page.wait(lambda d: page.find('[data-role="name-input"]').is_displayed(), what="the name to be asked")
        page.find('[data-role="name-input"]').send_keys("Eve\n")
        gone = notice(page)
        style = "return getComputedStyle(document.querySelector('[data-view=notice]')).borderTopStyle"
        styled = driver.execute_script(style)
        driver.get(server.url + "/t/xyz")
        assert notice(page) == gone and "no such table" in gone
        assert driver.execute_script(style) == styled == "solid", "both are the page's own notice"
        assert driver.title == "Chinese Ten"
        driver.execute_script("const s = document.querySelector('[data-role=language]'); s.value = 'zh-Hant';"
                              "s.dispatchEvent(new Event('change'));")
        page.wait(lambda d: page.find('[data-role="notice"]').text != gone, what="the notice in Chinese")
        assert "牌桌" in page.find('[data-role="notice"]').text, "a language switch says the notice again in Chinese"


def test_a_seat_opened_in_a_second_tab_can_be_taken_back_in_the_first(server: ServerThread, tmp_path: Path) -> None:
    client, link = open_table(server, "ten", 2)
    with browser(tmp_path) as driver:
        page = Page(driver)
        page.sit(link, "Bo")
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(link.split("#")[0])
        page.seated()
        second = driver.current_window_handle
        driver.switch_to.window(first)
        assert "another window" in notice(page)
        button = page.find('[data-role="notice-action"]')
        assert button.is_displayed() and button.text == "Play here again"
        assert driver.execute_script("return document.activeElement.dataset.role") == "notice-action", "Enter takes it back"
        button.click()
        page.seated()
        assert page.hand(), "the first tab plays the seat again"
        driver.switch_to.window(second)
        assert "another window" in notice(page), "the second tab is told in its turn"
    client.close()


def test_the_name_field_takes_as_much_as_the_server_keeps(server: ServerThread, tmp_path: Path) -> None:
    client, link = open_table(server, "ten", 2)
    with browser(tmp_path) as driver:
        page = Page(driver)
        long_name = "Bartholomew Fitzwilliam-Hargreaves the Third"  # 44 characters
        page.sit(link, long_name)
        taken = long_name[:NAME_LIMIT]
        seats = wait_for(client, "presence", where=lambda f: f["seats"][1]["kind"] == "human")["seats"]
        assert seats[1]["name"] == taken
        assert page.find('[data-role="name-input"]').get_attribute("maxlength") == str(NAME_LIMIT)
        assert driver.execute_script("return localStorage.getItem('chinese-ten:name')") == taken, "the name kept is the one shown"
    client.close()


def test_the_list_of_tables_names_the_people_and_the_progress_and_puts_a_finished_match_last(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        going, link = open_table(server, "fishing", 3, match="one")
        page.sit(link, "Bo")
        done, other = open_table(server, "ten", 2, match="one")
        host = Host(done)
        host.start()
        try:
            page.sit(other, "Bo")
            end = time.monotonic() + 120
            while page.step() != "match-over":
                assert time.monotonic() < end, "the match did not end in time"
        finally:
            host.stop()
        driver.get(server.url + "/")
        page.wait(lambda d: page.find('[data-role="tables"] li').is_displayed(), what="the list of tables")
        rows = [e.text for e in driver.find_elements("css selector", '[data-role="tables"] li')]
        assert rows == ["Chinese Go Fishing with Ann, Guest 2 · Easy Deal 1 of 1 Forget",
                        "Chinese Ten with Ann Match over Forget"], rows
        assert page.find('[data-role="tables"] li:last-child').get_attribute("class") == "over"
        going.close()
        done.close()
