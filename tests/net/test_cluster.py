"""Several table servers on one PostgreSQL behind a real Caddy running ``packaging/server/Caddyfile.cluster``:
scripted seats play whole matches of both games while the server holding a table is killed (``kill -9``) at random
moments, while every server is stopped (SIGTERM) and started again in turn, and while PostgreSQL itself is
restarted under them. Every seat plays on through another server; nothing acknowledged is lost; each seat's
numbered frames come in order, with no gap and no repeat on a connection and never going back across one."""

from __future__ import annotations

import random
from fractions import Fraction
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.scores import check_result
from chinese_ten.net.client import TableClient
from tests.net.caddykit import Cluster, needs_caddy
from tests.net.netkit import Player, play_until, wait_for
from tests.net.pgkit import Postgres

pytestmark = needs_caddy

KILL_TO_MOVE_SECONDS = 20.0
"""The longest a table may go without a move after the server holding it is killed."""


@pytest.fixture
def cluster_of(tmp_path: Path, pg_database: str) -> Iterator[Any]:
    made: list[Cluster] = []

    def make(count: int) -> Cluster:
        made.append(Cluster(tmp_path, pg_database, count))
        return made[-1]
    try:
        yield make
    finally:
        for cluster in made:
            cluster.stop()


class Table:
    """One table's scripted seats, opened through the proxy, every person a :class:`Player`."""

    def __init__(self, public: str, game: str, seats: int, computers: dict[int, str], match: str, seed: int) -> None:
        host = TableClient.create(public, "Ann", game=game, seats=seats, computers=computers, match=match)
        created = wait_for(host, "created")
        self.id: str = created["table"]
        self.players = [Player(host, seed)]
        for seat, link in sorted(created["links"].items()):
            self.players.append(Player(TableClient.join(link, f"Guest{seat}"), seed + int(seat)))

    @property
    def done(self) -> bool:
        """Every person saw the match end."""
        return all(p.done for p in self.players)

    def latest_seq(self) -> int:
        """The latest move (or deal's end) any of its seats was told."""
        return max((f["seq"] for p in self.players for f in p.frames
                    if f.get("type") in ("update", "deal_over", "match_over") and "seq" in f), default=0)

    def close(self) -> None:
        for player in self.players:
            player.client.close()


def play(tables: list[Table], until: Any, timeout: float) -> None:
    """Step every table's players until ``until()``, within ``timeout`` seconds."""
    play_until([p for t in tables for p in t.players], until, timeout)


def check_told_in_order(player: Player) -> None:
    """The seat's numbered frames: one more each on a connection (no gap, no repeat), and a new connection's
    ``welcome`` never behind anything told or acknowledged before (nothing acknowledged was lost)."""
    last: int | None = None
    for frame in player.frames:
        kind = frame.get("type")
        if kind == "welcome":
            assert last is None or frame["seq"] >= last, f"welcome at {frame['seq']} after {last} was told"
            for missed in frame.get("missed") or []:
                assert last is None or missed["seq"] == last + 1
                last = missed["seq"]
            last = frame["seq"]
        elif kind in ("update", "deal_over", "match_over"):
            assert last is not None and frame["seq"] == last + 1, f"seq {frame['seq']} after {last}"
            last = frame["seq"]
        elif kind == "ack":
            assert last is not None and frame["seq"] <= last


def check_finished(table: Table) -> None:
    """Every seat saw the match end with a result that adds up, and was told everything in order."""
    for player in table.players:
        check_told_in_order(player)
        records = [f["record"] for f in player.frames if f["type"] == "deal_over"]
        assert records
        for record in records:
            result = record["result"]
            check_result(result, result["points"], [Fraction(m) for m in result["margins_exact"]])
    ends = {tuple(next(f for f in p.frames if f["type"] == "match_over")["totals"]) for p in table.players}
    assert len(ends) == 1


def test_three_servers_play_matches_of_both_games_on_through_five_kill_9s_of_the_one_holding_a_table(
        cluster_of: Any) -> None:
    cluster: Cluster = cluster_of(3)
    rng = random.Random(50)
    restarting: list[int] = []
    ten = Table(cluster.public, "ten", 2, {}, "per-seat", 11)
    fishing = Table(cluster.public, "fishing", 3, {2: "easy"}, "one", 12)
    tables = [ten, fishing]
    waits: list[float] = []
    try:
        for _ in range(5):
            seq = ten.latest_seq()
            moves = rng.randint(2, 5)  # a random moment: a few moves after the last recovery
            play(tables, lambda: ten.latest_seq() >= seq + moves or ten.done, 30)
            assert not ten.done, "the match ended before five kills"
            while len(restarting) > 1:  # every server but the one killed last is serving again: two at least
                cluster.serving(restarting.pop(0))
            holder = cluster.holding(ten.id)
            assert holder is not None
            killed = time.monotonic()
            cluster.kill(holder)
            seq = cluster.kept(ten.id)[1]  # the last step the killed server kept: the next is another's
            play(tables, lambda: ten.latest_seq() > seq, KILL_TO_MOVE_SECONDS + 10)
            waits.append(time.monotonic() - killed)
            assert cluster.holding(ten.id) not in (None, holder)
            cluster.spawn(holder)  # coming back while play goes on
            restarting.append(holder)
        play(tables, lambda: all(t.done for t in tables), 60)
    finally:
        for table in tables:
            table.close()
    print(f"kill to next move: {', '.join(f'{w:.2f} s' for w in waits)}")
    assert max(waits) <= KILL_TO_MOVE_SECONDS
    for table in tables:
        check_finished(table)


def test_a_rolling_sigterm_restart_of_three_servers_moves_every_table_on_at_once(cluster_of: Any) -> None:
    cluster: Cluster = cluster_of(3)
    tables = [Table(cluster.public, game, 2, {}, "one", 20 + n)
              for n, game in enumerate(["ten", "fishing"] * 2)]
    longest = 0.0

    def all_moved() -> Any:
        seqs = [t.latest_seq() for t in tables]
        return lambda: all(t.latest_seq() > s or t.done for t, s in zip(tables, seqs, strict=True))
    try:
        for index in range(3):
            play(tables, all_moved(), 30)
            if index:
                cluster.serving(index - 1)  # the one stopped before serves again before the next stops
            moved = all_moved()
            stopped = time.monotonic()
            cluster.terminate(index)
            playing = [t for t in tables if not t.done]
            play(tables, moved, 30)
            longest = max(longest, time.monotonic() - stopped if playing else 0.0)
            process = cluster.processes[index]
            assert process is not None
            play(tables, lambda: process.poll() is not None, 30)  # play goes on while it ends
            assert cluster.ended(index) == 0
            cluster.spawn(index)
        cluster.serving(2)
        play(tables, lambda: all(t.done for t in tables), 60)
        closes = [f.get("code") for t in tables for p in t.players for f in p.frames if f.get("type") == "connection"
                  and f.get("status") == "lost"]
        assert 1012 in closes
    finally:
        for table in tables:
            table.close()
    print(f"longest wait for a move after a SIGTERM: {longest:.2f} s")
    assert longest <= 10.0
    for table in tables:
        check_finished(table)


def test_postgresql_restarted_under_two_servers_is_unavailable_meanwhile_and_play_goes_on(
        cluster_of: Any, postgres: Postgres) -> None:
    cluster: Cluster = cluster_of(2)
    tables = [Table(cluster.public, "ten", 2, {}, "per-seat", 31), Table(cluster.public, "fishing", 2, {1: "easy"},
                                                                          "one", 32)]
    try:
        seqs = [t.latest_seq() for t in tables]
        play(tables, lambda: all(t.latest_seq() >= s + 3 for t, s in zip(tables, seqs, strict=True)), 30)
        postgres.restart()
        play(tables, lambda: all(t.done for t in tables), 60)
    finally:
        for table in tables:
            table.close()
    for table in tables:
        check_finished(table)
        for player in table.players:  # a move made while PostgreSQL was away was unavailable, and made again
            assert {e["code"] for e in player.errors} <= {"unavailable", "not-your-turn"}
    print("refused while PostgreSQL was away:", [e["code"] for t in tables for p in t.players for e in p.errors])
    for index in range(2):
        assert "Traceback" not in cluster.log(index)
