"""The turn clock in the web seat (NETWORK.md "The turn clock"): the seat whose decision is due shows its clock,
counted down in the page with the seconds in the last ten, and when a clock runs out the Turns list and the
status line say that a computer played for that seat, naming the card. On a real server's clock of 15 s, which the
server (for tests only) runs at :data:`~tests.web.conftest.CLOCK_SCALE` of its seconds: each decision really has
6 s, so the page shows the seconds from the start."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for
from tests.web.conftest import CLOCK_SCALE
from tests.web.webkit import Host, Page, browser

SECONDS = 15
RUN_OUT = SECONDS * CLOCK_SCALE * 3 + 30.0
"""Long enough for three seats' clocks to run out one after another on a busy machine."""


@pytest.mark.slow
def test_a_clock_runs_out_on_the_page_and_on_another_guest_and_the_page_tells_what_a_computer_played(
        quick_clock_server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client = TableClient.create(quick_clock_server.url, "Ann", game="ten", seats=3, match="one", clock=SECONDS)
        links = wait_for(client, "created")["links"]
        quiet = TableClient.join(links["2"], "Cy")  # seated, never deciding: its clock runs out
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(links["1"], "Bo")
            page.wait(lambda d: page.look()["state"] == "my-turn", timeout=RUN_OUT, what="the page's own move")
            clock = page.find('[data-role="me"] [data-role="clock"]')
            assert clock.is_displayed(), "the seat whose decision is due shows its clock"
            assert driver.execute_script(
                "return document.querySelectorAll('[data-role=clock]').length") == 1, "one clock, on the seat due"
            figure = page.wait(lambda d: d.execute_script(
                "const s = document.querySelector('[data-role=me] .clock .seconds'); return s && s.textContent"),
                timeout=SECONDS, what="the seconds shown in the last ten")
            assert 0 <= int(figure) <= SECONDS * CLOCK_SCALE
            mine = page.wait(lambda d: next((line for line in page.find('[data-role="turns"]').text.split("\n")
                                             if line.startswith("Your clock ran out")), None),
                             timeout=SECONDS * CLOCK_SCALE + 15, what="the page's clock to run out")
            assert re.fullmatch(r"Your clock ran out; a computer played .+ of \w+ for you\.", mine), mine
            assert not any(line.startswith("You played") for line in page.find('[data-role="turns"]').text.split("\n"))
            theirs = page.wait(lambda d: next((line for line in page.find('[data-role="turns"]').text.split("\n")
                                               if line.startswith("The clock ran out for Cy")), None),
                               timeout=RUN_OUT, what="the other guest's clock to run out")
            assert re.fullmatch(r"The clock ran out for Cy; a computer played .+ of \w+\.", theirs), theirs
            told = [e for f in host.frames() if f.get("type") == "update" for e in f.get("events", [])
                    if e.get("kind") == "timed_out"]
            assert {e["seat"] for e in told} >= {1, 2}, "the server told the clocks that ran out"
        finally:
            host.stop()
            client.close()
            quiet.close()
        assert page.log_errors() == []
