"""Coming back after the turn clock ran out three times in a row (NETWORK.md "The turn clock"): the seat is away
while its page is still connected, the page says how to have it back, and the person's next tap sends the server a
message, so the seat is theirs again and their next decision is offered to them, not made by a computer. On a real
server's clock of 15 s, the shortest the contract has, which the server (for tests only) runs at
:data:`~tests.web.conftest.CLOCK_SCALE` of its seconds."""

from __future__ import annotations

from pathlib import Path

from chinese_ten.net.client import TableClient
from chinese_ten.net.clock import IN_A_ROW
from tests.net.netkit import ServerThread, wait_for
from tests.web.conftest import CLOCK_SCALE
from tests.web.webkit import Host, Page, browser

SECONDS = 15
AWAY_WITHIN = SECONDS * CLOCK_SCALE * IN_A_ROW + 30.0
"""Long enough for the page's clock to run out three times on a busy machine, the host's moves between."""


def test_a_seat_away_after_three_run_outs_is_the_persons_again_on_their_next_tap(
        quick_clock_server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        client = TableClient.create(quick_clock_server.url, "Ann", game="ten", seats=2, match="one", clock=SECONDS)
        created = wait_for(client, "created")
        host = Host(client)
        host.start()
        try:
            page = Page(driver)
            page.sit(created["links"]["1"], "Bo")
            seat = quick_clock_server.server.tables[created["table"]].seats[1]
            page.wait(lambda d: seat.away, timeout=AWAY_WITHIN, what="the seat to go away after three run-outs")
            with host.lock:  # the host holds its move meanwhile, so the deal waits for the person to come back
                hint = page.wait(lambda d: page.find('[data-role="missed"]').text, what="the page to say so")
                assert hint == "A computer is playing for you: tap or press any key to play again.", hint
                assert seat.outlet is not None, "the page is still connected while its seat is away"
                page.find('[data-role="missed"]').click()
                page.wait(lambda d: not seat.away, what="the server to hand the seat back")
            page.wait(lambda d: page.look()["state"] in ("my-turn", "choosing") or seat.away,
                      what="the person's next decision")
            assert page.look()["state"] in ("my-turn", "choosing"), "the next decision is the person's, not a computer's"
            assert not page.find('[data-role="missed"]').is_displayed(), "the page no longer says a computer plays"
            said = page.find('[data-role="last"]').text
            assert "message" not in said, f"the server's answer to the message that brought the seat back is not shown: {said}"
        finally:
            host.stop()
            client.close()
        assert page.log_errors() == []
