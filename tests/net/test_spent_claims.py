"""A link's claim once spent is told apart from a claim that names no seat, without the claim kept in clear:
its hash stays with the seat, through a restart from either kind of store, so a spent link is ``claimed`` (its
seat taken by its person, or given to a computer) and a mistyped one ``bad-token``."""

from __future__ import annotations

import pytest

from chinese_ten.net import protocol as p
from chinese_ten.net.tables import Refused, Table, restore
from tests.net.pgkit import open_store
from tests.net.tablekit import HandClock, Line


def refusal(table: Table, claim: str) -> str:
    """The code a ``hello`` with ``claim`` is refused with."""
    with pytest.raises(Refused) as refused:
        table.seat_of_claim(claim)
    return refused.value.code


def one_letter_wrong(claim: str) -> str:
    return claim[:3] + ("A" if claim[3] != "A" else "B") + claim[4:]


def test_spent_claims_stay_claimed_and_mistyped_ones_bad_across_a_restart(store_address: str) -> None:
    clock = HandClock()
    store = open_store(store_address)
    try:
        table, _token, claims = Table.open(p.Create(1, "Ann", "ten", 3, None, "one", {}, True), store, clock)
        table.take_claim(claims[1], "Bo", Line())
        table.fill(0, 2, "easy")
        assert refusal(table, claims[1]) == refusal(table, claims[2]) == "claimed"
        table.close()
        again = restore(store, table.id, clock)
        assert again is not None
        assert refusal(again, claims[1]) == "claimed", "a link spent by its person"
        assert refusal(again, claims[2]) == "claimed", "a link whose seat the host gave a computer"
        assert refusal(again, one_letter_wrong(claims[1])) == refusal(again, one_letter_wrong(claims[2])) == "bad-token"
        assert all(claim not in repr(store.load(table.id)) for claim in claims.values()), "no claim kept in clear"
        again.close()
    finally:
        store.close()


def test_an_open_claim_names_its_seat_and_a_mistyped_one_none(store_address: str) -> None:
    store = open_store(store_address)
    try:
        table, _token, claims = Table.open(p.Create(1, "Ann", "fishing", 2, None, "one", {}, True), store, HandClock())
        assert table.seat_of_claim(claims[1]) == 1
        assert refusal(table, one_letter_wrong(claims[1])) == "bad-token"
        assert refusal(table, "") == "bad-token"
        table.close()
    finally:
        store.close()
