"""The frames a table server sends in a scripted match, for the golden digests.

Every random thing a table draws (its id, the seat claims and tokens, the seed of its shuffles) and
the wall clock are fixed here, and every seat is a person who plays a seeded random choice of the actions offered, so
the same match sends the same frames, byte for byte, on every run.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from chinese_ten.net import protocol as p
from chinese_ten.net import tables
from chinese_ten.net.store_sqlite import SqliteStore
from tests.net.tablekit import HandClock


class Outlet:
    """A seat's connection that keeps every frame's text as it was sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def push(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str = "") -> None:
        self.texts.append(f"close {code} {reason}")


@contextmanager
def fixed_chance(seed: int) -> Iterator[None]:
    """Table ids, secrets, shuffle seeds and the wall clock, the same on every run."""
    counter = itertools.count()
    with mock.patch.object(tables, "new_table_id", lambda: "golden"), \
            mock.patch.object(tables, "new_secret", lambda: f"secret-{next(counter):04d}"), \
            mock.patch.object(tables.secrets, "randbits", lambda bits: seed), \
            mock.patch.object(tables, "clock_wall", lambda: 1_800_000_000.0):
        yield


def scripted_match(folder: Path, game: str, seats: int, match: str, rules: Any = None, seed: int = 7) -> list[str]:
    """Every frame each seat was sent in a match where every seat plays a legal action of a seeded random choice and asks for
    the next deal at once; seat by seat, each frame's text prefixed by its seat."""
    store = SqliteStore(folder / "tables.db")
    rng = random.Random(seed)
    try:
        with fixed_chance(seed):
            clock = HandClock()
            create = p.Create(1, "Ann", game, seats, rules, match, {}, True)
            table, _token, claims = tables.Table.open(create, store, clock, public_url="http://127.0.0.1:9")
            outlets = {0: Outlet()}
            table.attach(0, outlets[0])
            for seat, claim in sorted(claims.items()):
                outlets[seat] = Outlet()
                table.take_claim(claim, f"G{seat}", outlets[seat])
            for _ in range(100_000):
                clock.run()
                if table.phase == "playing":
                    mover = table.session.to_act
                    if mover is None:
                        clock.advance(5.0)  # the rules' own step (a turned stock card) comes on the table's clock
                    else:
                        table.act(mover, None, str(rng.choice(table.session.deal.legal_actions())))
                elif table.phase == "deal_over":
                    for seat in range(seats):
                        table.ready_next(seat)
                else:
                    break
            else:
                raise AssertionError("the scripted match never ended")
            table.close()
    finally:
        store.close()
    return [f"{seat} {text}" for seat, outlet in sorted(outlets.items()) for text in outlet.texts]
