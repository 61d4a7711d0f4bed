"""The web seat says whose computer is thinking while the server's pool decides for it (``state.thinking``), in a real
headless Chromium; the pool is held by the test, so the page is read while the decision is surely still waiting."""

from __future__ import annotations

import queue
from pathlib import Path

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.net.test_thinking import GUARD_S, HeldPool, still_queue
from tests.web.webkit import Host, Page, browser


def test_the_page_says_the_computer_is_thinking_until_its_move_comes(tmp_path: Path) -> None:
    pool = HeldPool()
    server = ServerThread(tmp_path / "tables", pool=True)
    server.server._pool = still_queue(pool, bound=4)
    client = TableClient.create(server.url, "Ann", seats=3, match="one", computers={2: "hard"})
    host = Host(client)
    try:
        link = wait_for(client, "created", GUARD_S)["links"]["1"]
        host.start()
        with browser(tmp_path) as driver:
            page = Page(driver)
            page.sit(link, "Bo")
            page.wait(lambda d: page.look()["state"] == "my-turn", what="the seat's move")
            page.step()  # the page's move: seat 2, the Hard computer, is next
            for _ in range(3):  # a play owes at most its take's choice and the turned card's
                if page.look()["state"] != "choosing":
                    break
                page.step()
            future, fn, args = pool.handed.get(timeout=GUARD_S)
            status = page.find('[data-role="status"]')
            page.wait(lambda d: "is thinking" in status.get_attribute("textContent"), what="the thinking line")
            assert "Guest 2" in status.get_attribute("textContent")
            future.set_result(fn(*args))

            def moved(_driver: object) -> bool:
                """True once the thinking line is gone; a decision the move still owes (a take's choice, handed to
                the pool in its turn) is answered as it comes."""
                while True:
                    try:
                        owed, owed_fn, owed_args = pool.handed.get_nowait()
                    except queue.Empty:
                        break
                    owed.set_result(owed_fn(*owed_args))
                return "is thinking" not in page.find('[data-role="status"]').get_attribute("textContent")

            page.wait(moved, what="the computer's move")
    finally:
        host.stop()
        client.close()
        server.stop()
