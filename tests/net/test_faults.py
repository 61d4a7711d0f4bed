"""Faults: the server killed mid-deal and started again, and a person dropped on their move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, ServerThread, free_port, play_until, wait_for

KEYS = ("hand", "layout", "turn", "to_move", "legal", "hand_sizes", "stock_left", "points", "deal", "totals")


def _start(data: Path, port: int, *extra: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", str(port), "--data-dir", str(data),
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line == f"serving on http://127.0.0.1:{port}", line + (proc.stderr.read() if proc.poll() is not None else "")
    return proc, line.removeprefix("serving on ")


def _step_until(players: list[Player], moves: int, timeout: float = 20) -> None:
    """Let the scripted people play until ``moves`` updates have reached every one."""
    play_until(players, lambda: all(sum(f["type"] == "update" for f in p.frames) >= moves for p in players), timeout)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_port_zero_prints_the_real_port_and_a_signal_stops_it_with_0(tmp_path: Path, stop: signal.Signals) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line.startswith("serving on http://127.0.0.1:") and not line.endswith(":0")
    proc.send_signal(stop)
    assert proc.wait(15) == 0


def test_a_server_killed_mid_deal_brings_every_seat_back_where_it_was(tmp_path: Path) -> None:
    port = free_port()
    proc, url = _start(tmp_path, port)
    clients: list[TableClient] = []
    try:
        host = TableClient.create(url, "Ann", seats=3, match="one")
        clients.append(host)
        links = wait_for(host, "created")["links"]
        clients += [TableClient.join(links[s], f"G{s}") for s in ("1", "2")]
        players = [Player(c, 11 + i) for i, c in enumerate(clients)]
        _step_until(players, 9)
        for i, p in enumerate(players):
            p.acting = False
            p.client.chat(f"sync {i}")  # after its last action on the same connection, so told after it
        play_until(players, lambda: all({f.get("text") for f in p.frames if f["type"] == "chat"} >= {"sync 0", "sync 1", "sync 2"}
                                        for p in players), 10)
        before = [{k: p.state[k] for k in KEYS} for p in players if p.state]
        assert len(before) == 3 and before[0]["turn"] >= 3
        proc.kill()  # SIGKILL: no chance to tidy up
        proc.wait(10)
        for c in clients:
            wait_for(c, "connection", where=lambda f: f["status"] == "lost")
        proc, url = _start(tmp_path, port)
        after = []
        for c in clients:
            welcome = wait_for(c, "welcome", timeout=20)
            after.append({k: welcome["state"][k] for k in KEYS})
            assert "token" not in welcome and welcome["story"]
        assert after == before
        for p in players:
            p.acting = True
            p.state = {**(p.client.state or {})}
        play_until(players, lambda: all(p.done for p in players), 30)
    finally:
        for c in clients:
            c.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0


def test_a_person_dropped_on_their_move_is_played_for_and_gets_the_seat_back(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False, away_after=0.3)
    try:
        host = TableClient.create(server.url, "Ann", seats=2, match="one")
        link = wait_for(host, "created")["links"]["1"]
        guest = TableClient.join(link, "Bo")
        welcome = wait_for(guest, "welcome")
        token, table = welcome["token"], welcome["table"]
        host_player = Player(host, 5)
        guest_player = Player(guest, 6, act=False)  # the guest never moves: its move is the one it is dropped on
        state = welcome["state"]
        if state["to_move"] != 1:  # the host plays once, so it is the guest's move
            play_until([host_player, guest_player], lambda: bool(guest.state and guest.state["legal"]), 10)
        guest.close()
        seen: list[dict[str, Any]] = []
        presence = wait_for(host, "presence", where=lambda f: f["seats"][1]["kind"] == "away", timeout=30, seen=seen)
        assert presence["seats"][1]["online"] is False
        played = wait_for(host, "update", where=lambda f: f["step"]["by"] == 1, timeout=30, seen=seen)
        assert played["events"][0]["kind"] == "played"
        back = TableClient.rejoin(server.url, table, token)
        welcome = wait_for(back, "welcome")
        assert welcome["seat"] == 1 and welcome["seats"][1]["kind"] == "human"
        assert wait_for(host, "presence", where=lambda f: f["seats"][1]["kind"] == "human")["seats"][1]["online"]
        returned = Player(back, 7)
        returned.state = welcome["state"]
        host_player.acting = True
        host_player.state = host.state  # frames read by the waits above never reached the scripted player
        host_player.waiting = False
        play_until([host_player, returned], lambda: host_player.done and returned.done, 30)
        assert any(f["type"] == "ack" for f in returned.frames)
        host.close()
        back.close()
    finally:
        server.stop()


def test_a_short_drop_comes_back_with_the_missed_frames_and_the_same_updates(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False, away_after=30)
    try:
        host = TableClient.create(server.url, "Ann", seats=2, match="one", computers={1: "easy"})
        player = Player(host, 3)
        play_until([player], lambda: sum(f["type"] == "update" for f in player.frames) >= 6, 10)
        player.acting = False
        table, token, last = host.table, host.token, host.last_seq
        host.close()
        assert table and token and last
        server_table = server.server.tables[table]
        back = TableClient.rejoin(server.url, table, token, last_seq=last - 2)
        welcome = wait_for(back, "welcome")
        # from the frame after last_seq to the newest (the computer may have replied after the host stopped reading)
        assert [f["seq"] for f in welcome["missed"]] == list(range(last - 1, welcome["seq"] + 1))
        told = server.call(lambda: server_table.session.updates(0))
        rebuilt = back.updates(welcome)[0]
        assert rebuilt.kind == "rewound"
        assert list(rebuilt.events) == [e for u in told for e in u.events]
        for frame in welcome["missed"]:
            update = back.updates(frame)[0]
            assert update.events == told[-1 - (welcome["seq"] - frame["seq"])].events
        back.close()
    finally:
        server.stop()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_thinking_process_ends_with_a_killed_server(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc")
    port = free_port()
    proc, url = _start(tmp_path, port)
    try:
        host = TableClient.create(url, "Ann", seats=2, match="one", computers={1: "hard"})
        wait_for(host, "created")
        player = Player(host, 9)
        play_until([player], lambda: any(f["type"] == "update" and f["step"]["by"] == 1 for f in player.frames), 60)
        workers = _children(proc.pid)
        assert workers
        host.close()
    finally:
        proc.kill()
        proc.wait(10)
    end = time.monotonic() + 15
    while any(_alive(w) for w in workers):
        assert time.monotonic() < end, "a thinking process outlived the killed server"
        time.sleep(0.05)


def test_a_hard_computer_thinks_in_the_pool_and_the_logs_hold_no_secret(tmp_path: Path) -> None:
    port = free_port()
    proc, url = _start(tmp_path, port, "--away-after", "30")
    try:
        host = TableClient.create(url, "Ann", seats=2, match="one", computers={1: "hard"})
        created = wait_for(host, "created")
        player = Player(host, 9)
        play_until([player], lambda: sum(1 for f in player.frames if f["type"] == "update"
                                          and f["step"]["by"] == 1) >= 2, 60)
        host.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    assert proc.stderr is not None
    log = proc.stderr.read()
    assert "created" in log and created["token"] not in log
    assert all(link.split("#")[1] not in log for link in created["links"].values())
