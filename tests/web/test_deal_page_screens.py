"""A finished deal's page, /replay and the watch page at every size, in both looks and three languages: nothing
runs off the window or is cut (test_screens' checks); with ``CHINESE_TEN_WEB_SHOTS=DIR`` each screen is kept to be
looked at."""

from __future__ import annotations

import os
from pathlib import Path

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.test_deal_page import finished_deal, press, stepped
from tests.web.test_screens import shoot
from tests.web.webkit import Host, Page, browser


def shots() -> Path | None:
    kept = os.environ.get("CHINESE_TEN_WEB_SHOTS")
    folder = Path(kept) if kept else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_deal_page_fits_every_size_in_both_looks_and_three_languages(server: ServerThread, tmp_path: Path) -> None:
    folder = shots()
    problems: list[str] = []
    table, _record, _frames = finished_deal(server, "fishing", 4)
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{server.url}/d/{table}/1")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
        problems += shoot(page, "deal-dealt", folder)
        for _ in range(6):
            press(page, "step-forward")
        page.wait(lambda d: stepped(page)["step"] == 6, what="turn 6")
        problems += shoot(page, "deal-turn", folder)
        press(page, "step-last")
        page.wait(lambda d: stepped(page)["count"] is not None, what="the count")
        problems += shoot(page, "deal-count", folder)
        driver.get(f"{server.url}/replay")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "open", what="/replay")
        problems += shoot(page, "replay", folder)
    assert problems == []


def test_the_watch_page_fits_every_size_in_both_looks_and_three_languages(server: ServerThread, tmp_path: Path) -> None:
    folder = shots()
    host = TableClient.create(server.url, "Ann", game="ten", seats=4, match="one", computers={2: "easy", 3: "easy"})
    created = wait_for(host, "created")
    guest = TableClient.join(created["links"]["1"], "Bo")  # sits, and never plays: the table waits for its move
    player = Host(host)
    player.start()
    try:
        with browser(tmp_path) as driver:
            page = Page(driver)
            driver.get(created["watch"])
            page.wait(lambda d: d.execute_script(
                "return document.querySelector('.seat[data-seat=\"1\"]')?.classList.contains('to-move')"), what="Bo's move")
            assert shoot(page, "watch", folder) == []
    finally:
        player.stop()
        host.close()
        guest.close()
