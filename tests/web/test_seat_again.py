"""Playing again in the web seat (NETWORK.md "Playing again"): at the match's end the page offers Play again, a
new table and the person's tables, names who has asked for another match, and the second match starts on the
same page once every person has asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_seat_page import seated_guest, play_to_the_end
from tests.web.webkit import browser, hidden_cards


def test_play_again_from_the_page_and_the_host_starts_the_second_match_on_the_same_page(
        server: ServerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hidden_cards(monkeypatch, seat=1) as hidden, browser(tmp_path) as driver:
        with seated_guest(server, driver) as (page, client, host):
            play_to_the_end(page, host, hidden)
            ways = driver.execute_script(
                "return ['again', 'new-table', 'your-tables'].map((r) => {"
                " const e = document.querySelector(`[data-role=${r}]`); return e && [e.tagName, e.textContent,"
                " e.getAttribute('href')]; });")
            assert ways == [["BUTTON", "Play again", None], ["A", "New table", "/"], ["A", "Your tables", "/"]]
            page.wait(lambda d: host.player.done, what="the host to see the match's end")
            with host.lock:
                client.again()
            wanting = '[data-role="wanting-again"]'
            page.wait(lambda d: page.find(wanting).text == "Asked to play again: Ann", what="the host named as asking")
            assert page.look()["state"] == "match-over", "one person asking does not start the match"
            page.find('[data-role="again"]').click()
            page.wait(lambda d: page.look()["state"] in ("my-turn", "waiting") and len(page.hand()) > 0,
                      what="the second match dealt on the page")
            assert not page.find('[data-role="count"]').is_displayed(), "the first match's count is put away"
            dealt = [line for line in page.find('[data-role="turns"]').text.split("\n") if line.endswith(" is dealt.")]
            assert len(dealt) == 2, f"the Turns list tells both matches' deals: {dealt}"
        assert page.log_errors() == []
