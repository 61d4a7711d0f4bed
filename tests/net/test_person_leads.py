"""Against computers the person leads the first deal (RULES.md; NETWORK.md "The front page", Play the computer): a
table whose every seat but the host's is a computer is dealt so that seat 0 plays first, whoever the rules say leads
(the seat after the dealer, or the dealer) and whichever way play goes round, at both games. Over the wire: the
host's ``welcome`` and the first card played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for

TABLES = [
    ("ten", 2, "classic", 1),
    ("ten", 4, "classic", 3),
    ("ten", 3, "taiwan", 0),
    ("ten", 3, {"preset": "classic", "direction": "counter-clockwise"}, 1),
    ("fishing", 6, None, 5),
]
"""The game, seats, rules and the dealer that lets seat 0 lead under them."""


@pytest.mark.parametrize(("game", "seats", "rules", "dealer"), TABLES)
def test_the_person_against_computers_leads_the_first_deal(tmp_path: Path, game: str, seats: int, rules: Any,
                                                           dealer: int) -> None:
    server = ServerThread(tmp_path / "tables", pool=False)
    client = TableClient.create(server.url, "Ann", game=game, seats=seats, rules=rules, match="one",
                                computers={seat: "easy" for seat in range(1, seats)})
    try:
        state = wait_for(client, "welcome")["state"]
        assert (state["dealer"], state["to_move"], state["turn"]) == (dealer, 0, 0), state
        assert state["legal"], "the person's first decision is offered at once"
        client.act(state["legal"][0])
        update = wait_for(client, "update", where=lambda f: any(e.get("kind") == "played" for e in f["events"]))
        played = [e for e in update["events"] if e.get("kind") == "played"]
        assert played[0]["seat"] == 0, f"the first card played is the person's: {played[0]}"
    finally:
        client.close()
        server.stop()
