"""``kill -9``: the moves of a server's last two seconds (not yet copied out of the write-ahead log) come back
after a restart, exactly at the last acknowledged move; with the ``-wal`` file deleted too, the server comes
back at a position it really had (never a damaged or a later one), or refuses in one line; and matches
started before the kill finish after it."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, free_port, play_until, wait_for
from tests.net.test_faults import _start


def _quick_moves(client: TableClient, moves: int) -> dict[str, Any]:
    """Play ``moves`` of the host's moves against a computer, each once its ack is in: the last ack."""
    ack: dict[str, Any] = {}
    for _ in range(moves):
        while not (client.state or {}).get("legal"):
            wait_for(client, "update", where=lambda f: bool(f["state"]["legal"]) or f["state"]["hand"] == [])
            if not (client.state or {}).get("hand"):
                return ack
        ident = client.act(client.state["legal"][0])  # type: ignore[index]
        ack = wait_for(client, "ack", where=lambda f: f.get("id") == ident)
    return ack


def _checkpoint(db: Path) -> None:
    """Copy the whole write-ahead log into the database file now, from another connection."""
    other = sqlite3.connect(db)
    try:
        busy, _log, _copied = other.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
        assert busy == 0
    finally:
        other.close()


@pytest.mark.parametrize("delete_wal", [False, True])
def test_the_moves_of_the_last_two_seconds_before_kill_9(tmp_path: Path, delete_wal: bool) -> None:
    port = free_port()
    proc, url = _start(tmp_path, port)
    try:
        host = TableClient.create(url, "Ann", seats=2, match="one", computers={1: "easy"})
        created = wait_for(host, "created")
        wait_for(host, "welcome")
        _quick_moves(host, 2)
        _checkpoint(tmp_path / "tables.db")
        kept_turn = (host.state or {})["turn"]
        ack = _quick_moves(host, 4)  # made one after another and killed at once: inside the checkpoint's two seconds
        told_turn, told_seq = (host.state or {})["turn"], ack["seq"]
        proc.kill()  # SIGKILL
        proc.wait(10)
        seen: list[dict[str, Any]] = []
        wait_for(host, "connection", where=lambda f: f["status"] == "lost", seen=seen)
        told_seq = max([told_seq] + [f["seq"] for f in seen if "seq" in f])
        told_turn = max([told_turn] + [f["state"]["turn"] for f in seen if f.get("state")])
        host.close()
        if delete_wal:
            for extra in ("-wal", "-shm"):
                (tmp_path / ("tables.db" + extra)).unlink(missing_ok=True)
        proc, url = _start(tmp_path, port) if not delete_wal else _start_or_refused(tmp_path, port)
        if proc is None:
            return  # refused in one line: a killed checkpoint left the file damaged without its log
        back = TableClient.rejoin(url, created["table"], created["token"])
        welcome = wait_for(back, "welcome", timeout=20)
        if delete_wal:
            assert kept_turn <= welcome["state"]["turn"] <= told_turn and welcome["seq"] <= told_seq
        else:
            # everything told is kept (a step kept as the server died may not have been told yet)
            assert welcome["state"]["turn"] >= told_turn and welcome["seq"] >= told_seq
        player = Player(back, 3)
        player.state = welcome["state"]
        play_until([player], lambda: player.done, 60)  # the match finishes after the kill
        assert any(f["type"] == "match_over" for f in player.frames)
        back.close()
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(15) == 0


def _start_or_refused(data: Path, port: int) -> tuple[subprocess.Popen[str] | None, str]:
    """The server started again, or None when it refused the file in one line (status 1)."""
    import os
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", str(port), "--data-dir", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline().strip()
    if line:
        assert line == f"serving on http://127.0.0.1:{port}"
        return proc, line.removeprefix("serving on ")
    err = proc.stderr.read()
    assert proc.wait(10) == 1 and err.count("\n") == 1 and "damaged" in err
    return None, ""


@pytest.mark.parametrize(("game", "seats"), [("fishing", 3), ("ten", 4)])
def test_a_match_of_people_finishes_after_a_kill_9_and_restart(tmp_path: Path, game: str, seats: int) -> None:
    port = free_port()
    proc, url = _start(tmp_path, port)
    clients: list[TableClient] = []
    try:
        host = TableClient.create(url, "Ann", game=game, seats=seats, match="one",
                                  computers={s: "easy" for s in range(2, seats)})
        clients.append(host)
        clients.append(TableClient.join(wait_for(host, "created")["links"]["1"], "Bo"))
        players = [Player(c, 21 + i) for i, c in enumerate(clients)]
        play_until(players, lambda: all(sum(f["type"] == "update" for f in p.frames) >= 6 for p in players), 30)
        proc.kill()
        proc.wait(10)
        proc, url = _start(tmp_path, port)
        for p in players:
            p.waiting = False  # an act sent as the server died is never answered; the welcome tells where it is
        play_until(players, lambda: all(p.done for p in players), 90)
        overs = [[f for f in p.frames if f["type"] == "match_over"] for p in players]
        assert overs[0] and overs[0][-1]["totals"] == overs[1][-1]["totals"]
    finally:
        for c in clients:
            c.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
