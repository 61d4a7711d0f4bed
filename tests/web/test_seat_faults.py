"""The web seat through a reload, a server killed and started again, and chat both ways (Chinese too);
and the leak check itself catches a hidden card."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.test_seat_page import open_table
from tests.web.webkit import Host, Page, browser, hidden_cards

ROOT = Path(__file__).resolve().parents[2]


def my_turn(page: Page) -> None:
    """Wait until the seat is to move (a card to play, or a choice of what it takes)."""
    page.wait(lambda d: page.look()["state"] in ("my-turn", "choosing"), what="the seat's move")


def test_the_page_reloaded_mid_deal_comes_back_to_the_same_hand(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client, link = open_table(server, "ten", 3)
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            page.step()
            my_turn(page)
            before = page.hand()
            assert "#" not in driver.current_url, "the spent claim stays out of the address"
            kept = driver.execute_script("return Object.entries(localStorage).filter(([k]) => k.startsWith('chinese-ten:seat:'))")
            assert len(kept) == 1 and server.url in kept[0][0], "the seat is kept per server and table"
            token = json.loads(kept[0][1])["token"]
            assert len(token) >= 20 and token not in driver.current_url
            driver.refresh()
            page.seated()
            my_turn(page)
            assert page.hand() == before
            assert page.find('[data-role="turns"]').text, "the list of turns comes back too"
        finally:
            host.stop()
            client.close()


def test_the_list_at_the_servers_root_leads_back_to_the_kept_seat(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client, link = open_table(server, "fishing", 2)
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            before = page.hand()
            driver.get(server.url + "/")
            page.wait(lambda d: page.find('[data-role="tables"] a').is_displayed(), what="the list of tables")
            page.find('[data-role="tables"] a').click()
            page.seated()
            assert page.hand() and set(page.hand()) <= set(before) | set(page.hand())
            assert driver.current_url.endswith(link.split("#")[0][len(server.url):])
        finally:
            host.stop()
            client.close()


def test_a_second_table_offers_the_name_given_once_and_a_third_takes_it_changed(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        first, link = open_table(server, "ten", 2)
        page.sit(link, "Bo")
        second, other = open_table(server, "fishing", 3)
        driver.get(other)
        page.wait(lambda d: page.find('[data-role="name-input"]').is_displayed(), what="the name offered again")
        assert page.find('[data-role="name-input"]').get_attribute("value") == "Bo", "the name given once is offered"
        page.find('[data-role="name-input"]').send_keys("\n")  # Enter keeps it
        page.seated()
        seats = wait_for(second, "presence", where=lambda f: f["seats"][1]["kind"] == "human")["seats"]
        assert seats[1]["name"] == "Bo"
        third, another = open_table(server, "ten", 2)
        page.sit(another, "Bob")
        seats = wait_for(third, "presence", where=lambda f: f["seats"][1]["kind"] == "human")["seats"]
        assert seats[1]["name"] == "Bob", "the name offered can be changed"
        assert driver.execute_script("return localStorage.getItem('chinese-ten:name')") == "Bob", "and is remembered so"
        first.close()
        second.close()
        third.close()


def test_a_link_whose_seat_is_taken_says_so_in_another_browser(server: ServerThread, tmp_path: Path) -> None:
    client, link = open_table(server, "ten", 2)
    with browser(tmp_path) as first:
        Page(first).sit(link, "Bo")
        with browser(tmp_path) as second:
            other = Page(second)
            second.get(link)
            other.wait(lambda d: other.find('[data-role="name-input"]').is_displayed(), what="the name to be asked")
            other.find('[data-role="name-input"]').send_keys("Eve")
            other.find('[data-role="join"]').click()
            other.wait(lambda d: "taken already" in other.find('[data-role="notice"]').text, what="the refusal told")
    client.close()


def serve(data: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    """``chinese-ten serve`` in a process of its own; its base URL once it says it is serving."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", str(port), "--data-dir", str(data)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("serving on "), line
    return process, line.split()[-1]


SEEN = """
const outage = document.querySelector('[data-role=outage]');
return {outage: outage.hidden ? null : outage.textContent, kind: outage.dataset.kind,
        status: document.querySelector('[data-role=status]').textContent,
        enabled: document.querySelectorAll('[data-role=hand] button:enabled, [data-role=choice] button:enabled').length,
        online: [...document.querySelectorAll('.seat')].filter((s) => s.dataset.presence === 'online'
          || / online/.test(s.textContent)).length};
"""
"""What the page shows of the server's reach: its outage line, its status, the buttons it takes, seats said online."""


@pytest.mark.slow
def test_the_page_says_the_server_is_down_takes_no_press_and_goes_on_once_it_is_back(tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        process, url = serve(tmp_path / "tables", 0)
        port = int(url.rsplit(":", 1)[1])
        client = TableClient.create(url, "Ann", game="ten", seats=2, match="one")
        link = wait_for(client, "created")["links"]["1"]
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            page.step()
            my_turn(page)
            before = page.hand()
            assert driver.execute_script(SEEN)["online"] == 2, "both seats read online while the server is there"
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            page.wait(lambda d: page.look()["state"] == "reconnecting", what="the page to see the server gone")
            seen = driver.execute_script(SEEN)
            assert seen["outage"] and "cannot be reached" in seen["outage"] and seen["kind"] == "lost", seen
            assert "cannot be reached" in seen["status"], "the status no longer says it is this seat's move"
            assert seen["enabled"] == 0, "a card can be pressed while nothing can be sent"
            assert seen["online"] == 0, "a seat still reads online"
            process, _url = serve(tmp_path / "tables", port)
            my_turn(page)
            assert page.hand() == before
            seen = driver.execute_script(SEEN)
            assert seen["outage"] == "The server is back: play on." and seen["kind"] == "back" and seen["enabled"] > 0
            for _ in range(200):
                if page.step() == "match-over":
                    break
            assert page.look()["state"] == "match-over"
        finally:
            host.stop()
            client.close()
            process.kill()
            process.wait(10)


def test_chat_goes_both_ways_in_chinese_too(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client, link = open_table(server, "ten", 2)
        page = Page(driver)
        page.sit(link, "小明")
        client.chat("你好，朋友！ nice take")
        page.wait(lambda d: "你好，朋友！ nice take" in page.find('[data-role="chat-log"]').text, what="the host's line")
        field = page.find('[data-role="chat-input"]')
        field.send_keys("繁體也行：好牌")
        field.send_keys("\n")
        said = wait_for(client, "chat", where=lambda f: f.get("seat") == 1)
        assert said["text"] == "繁體也行：好牌" and said["name"] == "小明"
        page.wait(lambda d: "小明: 繁體也行：好牌" in page.find('[data-role="chat-log"]').text, what="the page's own line")
        driver.refresh()
        page.seated()
        page.wait(lambda d: page.find('[data-role="chat-log"]').text.count("\n") == 1, what="the chat told again")
        assert page.find('[data-role="chat-log"]').text == "Ann: 你好，朋友！ nice take\n小明: 繁體也行：好牌"
        client.close()


def test_a_table_without_chat_offers_no_chat(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        host = TableClient.create(server.url, "Ann", seats=2, chat=False)
        link = wait_for(host, "created")["links"]["1"]
        page = Page(driver)
        page.sit(link, "Bo")
        assert not page.find('[data-role="chat-input"]').is_enabled()
        host.close()


def test_the_hidden_card_check_catches_a_card_of_another_hand(server: ServerThread, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with hidden_cards(monkeypatch, seat=1) as hidden, browser(tmp_path) as driver:
        client, link = open_table(server, "ten", 2)
        page = Page(driver)
        page.sit(link, "Bo")
        dealt = wait_for(client, "update", where=lambda f: bool(f.get("state") and f["state"]["hand"]))
        secret = dealt["state"]["hand"][0]
        page.check_no_hidden_card(hidden)
        driver.execute_script("const e = document.createElement('span'); e.dataset.card = arguments[0];"
                              "document.body.append(e); const r = document.documentElement; r.dataset.seq = r.dataset.seq;",
                              secret)
        with pytest.raises(AssertionError, match=secret):
            page.check_no_hidden_card(hidden)
        client.close()
