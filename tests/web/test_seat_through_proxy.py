"""The browser seat through a real TLS proxy: Caddy with its own local authority (``tls internal``) in front of a
table server, all on loopback. Chromium trusts that authority (its root imported into a fresh NSS database in
the browser's own home folder; no certificate error is ignored), opens the seat's
``https://127.0.0.1:PORT/t/TABLE#CLAIM`` link, connects over ``wss://`` and plays a one-deal match with a
scripted host; a browser that does not trust the authority never reaches the page."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.tls import CA_FILE_VARIABLE
from tests.net.caddykit import Caddy, in_front_of, needs_caddy
from tests.net.netkit import ServerThread, wait_for
from tests.web.test_seat_page import count_rows, play_to_the_end
from tests.web.webkit import Host, Page, browser, hidden_cards

pytestmark = needs_caddy


CERTUTIL = shutil.which("certutil")
needs_certutil = pytest.mark.skipif(CERTUTIL is None, reason="certutil is not installed (Debian's libnss3-tools package)")


def trusting_home(root: Path, folder: Path) -> Path:
    """A home folder whose fresh NSS database (``.pki/nssdb``, where Chromium on Linux reads the authorities a
    person trusts) trusts ``root`` to name web sites, and nothing else besides the system's own."""
    assert CERTUTIL is not None
    database = folder / ".pki" / "nssdb"
    database.mkdir(parents=True)
    for command in (["-N", "--empty-password"], ["-A", "-n", "caddy-local-authority", "-t", "C,,", "-i", str(root)]):
        subprocess.run([CERTUTIL, "-d", f"sql:{database}", *command], check=True, capture_output=True, timeout=30)
    return folder


@pytest.fixture
def proxied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Caddy, str]]:
    """A table server behind Caddy (its links made with the public https address); the scripted host trusts
    Caddy's authority too."""
    server = ServerThread(tmp_path / "tables", pool=False)
    try:
        with in_front_of(server, tmp_path / "caddy") as (caddy, public):
            monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
            yield caddy, public
    finally:
        server.stop()


@pytest.mark.slow
@needs_certutil
def test_a_browser_seat_plays_a_match_through_the_proxy_over_tls(
        proxied: tuple[Caddy, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    caddy, public = proxied
    home = trusting_home(caddy.root_certificate, tmp_path / "home")
    with hidden_cards(monkeypatch, seat=1) as hidden, browser(tmp_path, home=home) as driver:
        client = TableClient.create(public, "Ann", game="ten", seats=2, match="one")
        assert client.url.startswith("wss://127.0.0.1:")
        link = wait_for(client, "created", timeout=30)["links"]["1"]
        assert link.startswith(public + "/t/") and "#" in link
        host = Host(client, seed=3)
        host.start()
        try:
            page = Page(driver)
            page.sit(link, "Bo")
            assert driver.current_url.startswith(public + "/t/")
            done = play_to_the_end(page, host, hidden)
            over = wait_for(client, "match_over", timeout=30) if not host.player.done else \
                next(f for f in reversed(host.frames()) if f.get("type") == "match_over")
            seated = driver.execute_script("return Object.keys(localStorage).filter((k) => k.startsWith('chinese-ten:seat:'))")
        finally:
            host.stop()
            client.close()
        assert done.get("my-turn", 0) > 0, "the page played its cards"
        rows = count_rows(page)
        assert [float(r[3]) for r in rows] == [float(t) for t in over["totals"]], "the page's totals are the server's"
        assert len(seated) == 1 and public in seated[0], "the seat is kept under the public https address"
        assert page.checked > 0
        assert page.log_errors() == []
        assert host.player.errors == []


def test_a_browser_that_does_not_trust_the_proxys_authority_never_reaches_the_page(
        proxied: tuple[Caddy, str], tmp_path: Path) -> None:
    _, public = proxied
    client = TableClient.create(public, "Ann", game="ten", seats=2, match="one")
    try:
        link = wait_for(client, "created", timeout=30)["links"]["1"]
        with browser(tmp_path) as driver:
            from selenium.common.exceptions import WebDriverException

            try:
                driver.get(link)
            except WebDriverException as exc:  # some versions refuse the navigation outright
                assert "CERT" in str(exc).upper()
            else:
                page = Page(driver)
                page.wait(lambda d: d.execute_script("return document.readyState") == "complete", what="the refusal")
                assert page.driver.execute_script("return document.documentElement.dataset.state") is None, \
                    "the page of an untrusted certificate ran"
                assert driver.find_elements("css selector", '[data-role="name-input"]') == []
                assert "Chinese Ten" not in driver.title
    finally:
        client.close()
