"""The web seat while its server is down, in a real headless Chromium: the outage is said on the table, no seat
reads online, nothing can be pressed, and the page says when the server is back."""

from __future__ import annotations

import signal
from pathlib import Path

from chinese_ten.net.client import TableClient
from tests.net.netkit import wait_for
from tests.web.test_seat_faults import my_turn, serve
from tests.web.webkit import Host, Page, browser

SEEN = """
const outage = document.querySelector('[data-role=outage]');
return {outage: outage.hidden ? null : outage.textContent, kind: outage.dataset.kind,
        status: document.querySelector('[data-role=status]').textContent,
        enabled: document.querySelectorAll('[data-role=hand] button:enabled, [data-role=choice] button:enabled').length,
        online: [...document.querySelectorAll('.seat')].filter((s) => s.dataset.presence === 'online'
          || / online/.test(s.textContent)).length};
"""
"""What the page shows of the server's reach: its outage line, its status, the buttons it takes, seats said online."""


def test_a_server_outage_is_said_on_the_table_which_takes_no_press_until_it_is_back(tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        process, url = serve(tmp_path / "tables", 0)
        port = int(url.rsplit(":", 1)[1])
        client = TableClient.create(url, "Ann", game="fishing", seats=2, match="one")
        link = wait_for(client, "created")["links"]["1"]
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            my_turn(page)
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
            seen = driver.execute_script(SEEN)
            assert seen["outage"] == "The server is back: play on." and seen["kind"] == "back"
            assert seen["enabled"] > 0
            page.step()  # and play goes on
        finally:
            host.stop()
            client.close()
            process.kill()
            process.wait(10)
