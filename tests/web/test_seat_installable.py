"""The web seat is installable: a web app manifest with the game's own icon, and a service worker served from the
site's root that keeps only the page's own files (never a WebSocket or a table's data), so that with the server stopped
the front page and a seat's page still open from them and say plainly that the server cannot be reached."""

from __future__ import annotations

import json
import re
import signal
import urllib.request
from pathlib import Path

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.test_seat_faults import serve
from tests.web.webkit import Page, browser

OWN = re.compile(r"/(|web/[0-9a-f]{12}/[a-z_0-9]+\.(js|css)|web/texts/[A-Za-z-]+\.json|cards/[a-z-]+/[0-9A-Za-z]+\.svg|icon\.svg"
                 r"|manifest\.webmanifest|rules)")
"""The addresses of the page's own files (the page itself kept as the front page alone)."""


def fetched(server: ServerThread, path: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(server.url + path, timeout=30) as answer:  # noqa: S310 - loopback
        return str(answer.headers["Content-Type"]), answer.read()


def test_the_manifest_names_the_game_and_its_icon_and_the_page_links_it(server: ServerThread) -> None:
    kind, body = fetched(server, "/manifest.webmanifest")
    assert kind == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["name"] == "Chinese Ten" and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert [icon["src"] for icon in manifest["icons"]] == ["/icon.svg"]
    assert fetched(server, "/icon.svg")[0] == "image/svg+xml"
    assert b'<link rel="manifest" href="/manifest.webmanifest">' in fetched(server, "/t/k3m9x2p7")[1]
    kind, body = fetched(server, "/sw.js")
    assert kind.startswith("text/javascript") and b"fetch" in body


def test_the_service_worker_takes_the_page_and_keeps_only_the_pages_own_files(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client = TableClient.create(server.url, "Ann", game="ten", seats=2, match="one")
        link = wait_for(client, "created")["links"]["1"]
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            page.wait(lambda d: d.execute_script("return Boolean(navigator.serviceWorker.controller)"),
                      what="the service worker to take the page")
            driver.refresh()  # the page's files now pass through the worker, which keeps them
            page.seated()
            kept = driver.execute_async_script(
                "const done = arguments[0]; caches.open('chinese-ten-page').then((c) => c.keys())"
                ".then((keys) => done(keys.map((k) => new URL(k.url).pathname)));")
            assert "/" in kept and any(path.endswith("/main.js") for path in kept), kept
            assert all(OWN.fullmatch(path) for path in kept), f"the worker kept what is not the page's own: {kept}"
        finally:
            client.close()


def test_with_the_server_stopped_the_kept_page_opens_and_says_the_server_cannot_be_reached(tmp_path: Path) -> None:
    process, url = serve(tmp_path / "tables", 0)
    try:
        with browser(tmp_path) as driver:
            client = TableClient.create(url, "Ann", game="ten", seats=2, match="one")
            link = wait_for(client, "created")["links"]["1"]
            page = Page(driver)
            page.sit(link, "Bo")
            page.wait(lambda d: d.execute_script("return Boolean(navigator.serviceWorker.controller)"),
                      what="the service worker to take the page")
            driver.get(url + "/")  # the front page's own files pass through the worker, which keeps them
            page.wait(lambda d: page.find('[data-role="play-computer"]').is_displayed(), what="the front page")
            assert not page.find('[data-role="offline"]').is_displayed(), "no word of an outage while it is there"
            page.find('[data-role="rules-link"]').click()
            page.wait(lambda d: d.find_element("css selector", "h1").text == "How to play", what="the rules page")
            driver.back()
            page.wait(lambda d: page.find('[data-role="play-computer"]').is_displayed(), what="the front page again")
            client.close()
            process.send_signal(signal.SIGTERM)
            process.wait(10)
            driver.refresh()
            said = page.wait(lambda d: page.find('[data-role="offline"]').is_displayed()
                             and page.find('[data-role="offline"]').text, what="the front page to say it is offline")
            assert said.startswith("The server cannot be reached"), said
            assert page.find('[data-role="play-computer"]').is_displayed(), "the page itself, not the browser's error"
            page.find('[data-role="rules-link"]').click()  # read before the server stopped, so kept
            page.wait(lambda d: d.find_element("css selector", "h1").text == "How to play", what="the kept rules page")
            driver.get(link.split("#")[0])  # the seat kept in the browser, its server gone
            notice = page.wait(lambda d: page.find('[data-role="notice"]').is_displayed()
                               and page.find('[data-role="notice"]').text, what="the seat's page to say it is offline")
            assert notice.startswith("The server cannot be reached"), notice
    finally:
        process.kill()
        process.wait(10)
