"""The web seat fits every screen from a phone held upright to a wide desktop, in both looks and the three
languages: nothing runs off the side, the hand and the table's words are in view (on a desktop without scrolling,
the layout in one row however long it grows). Set
``CHINESE_TEN_WEB_SHOTS`` to a folder to keep a picture of each."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


from tests.net.netkit import ServerThread
from tests.web.test_seat_page import open_table
from tests.web.webkit import FITS, Host, Page, browser

SIZES = [(360, 640), (1366, 657), (1280, 800), (1920, 1080)]
"""A phone held upright, a laptop's screen less the browser's own bars, a small desktop window, a wide desktop."""
LOOKS = ["normal", "high-contrast"]
LANGUAGES = ["en", "zh-Hans", "zh-Hant"]


def show(page: Page, width: int, height: int, look: str, language: str) -> None:
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    page.driver.execute_script(
        "const s = document.querySelector('[data-role=language]'); if (s.value !== arguments[0]) {"
        " s.value = arguments[0]; s.dispatchEvent(new Event('change')); }"
        "const c = document.querySelector('[data-role=contrast]'); if (c.checked !== arguments[1]) c.click();",
        language, look == "high-contrast")
    page.wait(lambda d: d.execute_script("return document.documentElement.lang") == language, what="the language")


def shoot(page: Page, scene: str, folder: Path | None) -> list[str]:
    problems: list[str] = []
    for language in LANGUAGES:  # the language outermost: a switch fetches its texts and draws the page again
        for look in LOOKS:
            for width, height in SIZES:
                show(page, width, height, look, language)
                page.still()
                problems += [f"{scene} {width}x{height} {look} {language}: {p}" for p in page.driver.execute_script(FITS)]
                if folder is not None:
                    page.driver.save_screenshot(str(folder / f"{scene}-{width}x{height}-{look}-{language}.png"))
    return problems


@pytest.mark.slow
def test_the_table_fits_every_size_in_both_looks_and_three_languages(server: ServerThread, tmp_path: Path) -> None:
    kept = os.environ.get("CHINESE_TEN_WEB_SHOTS")
    folder = Path(kept) if kept else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with browser(tmp_path) as driver:
        client, link = open_table(server, "fishing", 6, match="one")
        client.chat("Hello from the host — 你好！")
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            # Laid out at rest, as the check judges it: every size's cards in place at once, not slid there.
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
            page.driver.get(link)
            page.wait(lambda d: page.look()["state"] == "joining", what="the name to be asked")
            problems += shoot(page, "join", folder)
            show(page, 1280, 800, "normal", "en")
            page.sit(link, "Bo")
            page.wait(lambda d: page.look()["state"] == "my-turn", what="the seat's move")
            page.driver.execute_script("document.querySelector('[data-role=hand] button:enabled').focus()")
            problems += shoot(page, "play", folder)
            chose = False
            for _ in range(400):
                if page.step() == "match-over":
                    break
                if not chose and page.look()["state"] == "choosing":
                    chose = True
                    problems += shoot(page, "choice", folder)
            problems += shoot(page, "end", folder)
        finally:
            host.stop()
            client.close()
    assert problems == []


def test_eight_seats_show_every_computer_and_its_strength_whole_on_a_laptop_and_a_phone(server: ServerThread,
                                                                                        tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client, link = open_table(server, "fishing", 8, match="one")
        page = Page(driver)
        page.sit(link, "Bo")
        page.wait(lambda d: page.look()["deal"], what="the deal")
        boxes = "return [...document.querySelectorAll('.seat[data-presence=computer]')].map((e) => e.textContent)"
        for width, height in ((1280, 800), (360, 640)):
            show(page, width, height, "normal", "en")
            page.still()
            assert driver.execute_script(FITS) == [], f"at {width}x{height}"
            computers = driver.execute_script(boxes)
            assert len(computers) == 6
            for seat, text in zip(range(2, 8), computers, strict=True):
                assert text.count(f"Guest {seat}") == 1 and "Easy" in text, f"a computer's box reads {text!r}"
        client.close()


def test_the_list_of_tables_fits_a_phone(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(server.url + "/")
        page.wait(lambda d: page.find('[data-role="no-tables"]').is_displayed(), what="the empty list")
        show(page, 360, 640, "normal", "zh-Hans")
        assert page.find('[data-role="no-tables"]').text == "这个浏览器在这里没有座位。打开座位的链接即可入座。"
        assert driver.execute_script(FITS) == []




def test_the_card_style_switches_change_the_pictures(server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client, link = open_table(server, "ten", 2)
        page = Page(driver)
        page.sit(link, "Bo")
        pictures = "return [...document.querySelectorAll('[data-role=hand] img')].map((i) => i.getAttribute('src'))"
        page.wait(lambda d: d.execute_script(pictures), what="the hand")
        assert all(src.startswith("/cards/classic/") for src in driver.execute_script(pictures))
        page.find('[data-role="four-colour"]').click()
        assert all(src.startswith("/cards/four-colour/") for src in driver.execute_script(pictures))
        page.find('[data-role="contrast"]').click()
        assert all(src.startswith("/cards/high-contrast-four-colour/") for src in driver.execute_script(pictures))
        assert driver.execute_script("return document.documentElement.dataset.look") == "high-contrast"
        client.close()
