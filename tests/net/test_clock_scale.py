"""The turn clock's scale, a hook for tests only: a decision really has that fraction of the clock's seconds,
while ``state.clock`` still tells the table's seconds and the time really left."""

from __future__ import annotations

from chinese_ten.net.clock import TurnClock
from tests.net.tablekit import HandClock


def test_a_scaled_clock_runs_out_after_its_fraction_of_the_seconds_and_still_tells_the_tables_seconds() -> None:
    loop = HandClock()
    ran_out: list[int] = []
    clock = TurnClock(15, loop, lambda: 0.0, lambda seat: ran_out.append(seat) is None, scale=0.4)
    clock.follow(1, "first decision")
    assert clock.state() == {"seat": 1, "seconds": 15, "left": 6.0}
    loop.advance(5.9)
    assert ran_out == [], "not yet: 6 s of the 15 are given"
    loop.advance(0.2)
    assert ran_out == [1]


def test_an_unscaled_clock_gives_every_second() -> None:
    loop = HandClock()
    ran_out: list[int] = []
    clock = TurnClock(15, loop, lambda: 0.0, lambda seat: ran_out.append(seat) is None)
    clock.follow(1, "first decision")
    loop.advance(14.9)
    assert ran_out == []
    loop.advance(0.2)
    assert ran_out == [1]
