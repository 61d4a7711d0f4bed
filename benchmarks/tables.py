"""The table server under load: many tables at once, and a restart with many kept tables.

Usage: python benchmarks/tables.py [--tables N] [--seats N] [--actions N] [--think S] [--kept N]
[--clients N] [--part load|idle|restart|gc|computers|review] [--through-proxy [--runs N]] [--ceiling N,N,...]
[--computer-tables N] [--computers N] [--strength S] [--reviews N]
[--store postgresql://USER@HOST:PORT/DB]

- load: one ``chinese-ten serve`` process; ``--tables`` tables (200 by default) of
  ``--seats`` people each (4), every seat a scripted random player on its own WebSocket
  connection, playing at once until each table has had ``--actions`` actions (60). The
  players run in ``--clients`` processes of their own (2), apart from the server's, each
  table's seats from its own loopback address (127.0.x.y), as people at different homes
  are counted by the server's per-address limits. A player waits a random 0 to
  2×``--think`` seconds (0.5 s on average) before each move, as a quick person does.
  Figures: the action's round trip, from sending ``act`` to its ``ack``, p50 and p99
  (target: p99 <= 50 ms); the server's resident memory per busy table, from its growth
  while the tables opened and played, measured with every table still open (target:
  <= 1 MB).
- idle: the same number of tables opened on a fresh server with every seat connected and
  nobody playing: the server's memory per idle table.
- restart: ``--kept`` tables (1,000) kept in ``tables.db``, each a deal under way; the
  server is stopped and started again. Figures: the time until it prints its
  ``serving on`` line, and until every kept table has answered its person's ``hello``
  with ``welcome`` over the network (target: <= 2 s), and the time this process takes
  to bring back every kept table from ``tables.db`` without the network (each match
  played forward to its kept position).

- gc (``--part gc``): the garbage collector's pauses while ``--tables`` tables of four people play
  12,000 actions in this process's children, with no network (the tables' own work, as the server's
  loop does it), with Python's collector as it starts and with the server's :func:`settle_memory`; the
  longest pause and the number of full collections, median of ``--runs`` runs each.

- computers (``--part computers``): ``--computer-tables`` Play the computer tables (100 by default), each one
  person and ``--computers`` computers (3) of ``--strength`` (hard), beside ``--tables`` tables of people as the
  load part plays them, on one server with its thinking pool, ``--runs`` times on a fresh server each. The person at
  a Play the computer table plays as the others do, and says ``next`` after each deal. Figures, each run's and
  their medians: the people's ack p99 (target: <= 50 ms; the person's at a computers' table apart), and each
  computer's move, from the update that says it is thinking (``state.thinking``) to the update of its move, p50,
  p99 and max (target: within 2 s); with the server's own counts of decisions the pool thought about and those
  its full queue handed to Normal (``/metrics``).

- review (``--part review``): ``--reviews`` finished deals (4), played first by a person against Normal, each
  asked for its review (``POST /d/TABLE/N/review``) just before ``--tables`` tables of people play as the load part
  plays them, ``--runs`` times on a fresh server each. The server judges the reviews one decision at a time in its
  thinking pool at the review's full effort, one after another, beside the tables. Figures, each run's and their
  medians: the people's ack p99 with a review running (target: <= 50 ms), and each review's seconds from asking
  to kept, with how many were kept while the tables played (a review still being made at the end ran beside the
  whole load).

- through the proxy (``--through-proxy``): the load part ``--runs`` times each way, alternating: straight to
  the server, and through a Caddy on loopback that ends TLS (its local authority's certificate, checked by
  every player) and passes the connections to the server, which counts limits by the address Caddy forwards
  (so every table's own address still counts, as it would on the internet). Figures: each run's, the medians
  side by side, and what the proxy adds to the ack p99 (target: <= 5 ms).
- ceiling (``--ceiling 200,400,...``): the load part on a fresh server at each number of tables in turn,
  until the ack p99 passes 50 ms: the most four-seat tables one server process holds within the target,
  and its memory per table there.

- store (``--store postgresql://...``): the load part on ``tables.db`` and then on that PostgreSQL database, in the
  same run, and on each the time from ``kill -9`` of the server holding 20 tables (one person and three computers
  each) to each table's next move: on ``tables.db`` the server is started again on its folder, on PostgreSQL a
  second server already running takes the tables as their people come back to it. Figures: each store's ack p50
  and p99 (target: p99 <= 50 ms on loopback, as SQLite) and the kill to the next move, p50 and max. Then three
  servers on the PostgreSQL database share 50 tables while each server in turn is stopped (SIGTERM) and started
  again, the people coming back to the next server: how many tables moved on after it, and the time from each
  close to the next step told, p50 and max.

Everything is written in a temporary folder; the server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parent.parent
SUBPROTOCOL = "chinese-ten.v1"
RATE_PER_SECOND = 20
"""The messages a connection may send in a second (``protocol.RATE_PER_SECOND``)."""


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _cpu_s(pid: int) -> float:
    """The CPU seconds a process has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(data: Path, *options: str) -> tuple[subprocess.Popen[str], str, float]:
    """A server on any free port (with ``options`` for ``serve``): the process, its WebSocket URL and the seconds
    until it was ready."""
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir", str(data),
                             *options],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    ready = time.perf_counter() - began
    if not line.startswith("serving on http://"):
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, "ws://" + line.removeprefix("serving on http://") + "/ws", ready


def address_of(table: int) -> str:
    """The loopback address table number ``table``'s seats connect from (one per table)."""
    return f"127.0.{1 + table // 250}.{1 + table % 250}"


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(30)


CA_FILE: str | None = None
"""The authority a ``wss://`` URL's certificate is checked against (a client process's ``--ca``)."""


async def _open(url: str, source: str = "127.0.0.1") -> ClientConnection:
    context = ssl.create_default_context(cafile=CA_FILE) if url.startswith("wss://") else None
    return await connect(url, subprotocols=[SUBPROTOCOL], compression=None, proxy=None, max_size=2 ** 20,  # type: ignore[list-item]
                         open_timeout=60, ping_interval=None, local_addr=(source, 0), ssl=context)


async def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] == kind:
            return frame


sent_at: list[float] = []
"""When each acknowledged action was sent (``perf_counter``), in the order of the acks."""


class ComputerMoves:
    """How long each computer took to move, as a person at its table sees it: from the first update saying that
    seat is thinking (``state.thinking``) to the update of its move."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self._since: dict[int, float] = {}

    def seen(self, frame: dict[str, Any]) -> None:
        """Note one ``update`` as it arrives."""
        now = time.perf_counter()
        by = frame.get("step", {}).get("by")
        if by in self._since and frame.get("step", {}).get("kind") == "moved":
            self.seconds.append(now - self._since.pop(by))
        thinking = frame["state"].get("thinking")
        if thinking is not None and thinking not in self._since:
            self._since[thinking] = now


async def _person(ws: ClientConnection, first: dict[str, Any] | None, rng: random.Random, think: float,
                  budget: list[int], acks: list[float], sent_list: list[float] = sent_at,
                  moves: ComputerMoves | None = None) -> None:
    """Play random legal moves until the table's action budget is spent (timing the computers' moves in
    ``moves``, when given)."""
    state = first
    for _ in range(100_000):
        if budget[0] <= 0:
            return
        if state and state.get("legal"):
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if budget[0] <= 0:
                return
            budget[0] -= 1
            ident = f"a{budget[0]}"
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "id": ident, "action": rng.choice(state["legal"])}))
            while True:
                frame = json.loads(await ws.recv())
                if frame["type"] == "update":
                    state = frame["state"]
                    if moves is not None:
                        moves.seen(frame)
                elif frame["type"] in ("ack", "error") and frame.get("id") == ident:
                    if frame["type"] == "ack":
                        acks.append(time.perf_counter() - sent)
                        sent_list.append(sent)
                    break
                elif frame["type"] == "deal_over":
                    await ws.send('{"type": "next"}')
            continue
        frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if frame["type"] == "update":
            state = frame["state"]
            if moves is not None:
                moves.seen(frame)
        elif frame["type"] == "deal_over":
            await ws.send('{"type": "next"}')
        elif frame["type"] == "match_over":
            return


async def _table(url: str, seats: int, actions: int, think: float, seed: int, acks: list[float]) -> list[ClientConnection]:
    rng = random.Random(seed)
    source = address_of(seed)
    host = await _open(url, source)
    await host.send(json.dumps({"type": "create", "version": 1, "name": "Host", "seats": seats, "match": "six"}))
    created = await _until(host, "created")
    await _until(host, "welcome")
    guests = []
    for seat in range(1, seats):
        ws = await _open(url, source)
        table, claim = created["links"][str(seat)].rsplit("/t/", 1)[1].split("#")
        await ws.send(json.dumps({"type": "hello", "version": 1, "table": table, "claim": claim, "name": f"G{seat}"}))
        guests.append((ws, await _until(ws, "welcome")))
    budget = [actions]
    everyone = [(host, None), *guests]
    await asyncio.gather(*(_person(ws, w["state"] if w else None, random.Random(rng.random()), think, budget, acks)
                           for ws, w in everyone))
    return [ws for ws, _ in everyone]


COMPUTER_TABLES_FROM = 25_000
"""The first number of the Play the computer tables (each table's number names its loopback address)."""


async def _computer_table(url: str, computers: int, strength: str, actions: int, think: float, seed: int,
                          acks: list[float], moves: ComputerMoves) -> list[ClientConnection]:
    """A Play the computer table: one person and ``computers`` computers of ``strength``, the person making
    ``actions`` decisions."""
    ws = await _open(url, address_of(seed))
    await ws.send(json.dumps({"type": "create", "version": 1, "name": "P", "seats": 1 + computers, "match": "six",
                              "computers": {str(seat): strength for seat in range(1, 1 + computers)}}))
    await _until(ws, "created")
    welcome = await _until(ws, "welcome")
    await _person(ws, welcome["state"], random.Random(seed), think, [actions], acks, [], moves)
    return [ws]


async def play_share(url: str, first: int, count: int, seats: int, actions: int, think: float,
                     idle: bool, computer_tables: tuple[int, int] = (0, 0), computers: int = 3,
                     strength: str = "hard") -> None:
    """A client process's share of the tables (numbers ``first`` on), and of the Play the computer tables (the
    first number and how many, in ``computer_tables``): played (or, ``idle``, only opened), then its figures on one
    line of stdout; the connections stay open until a line comes on stdin."""
    moves = ComputerMoves()
    their_acks: list[float] = []
    acks: list[float] = []
    lags: list[float] = []
    done = asyncio.Event()

    async def watch_lag() -> None:  # how late this process's own loop runs: part of every round trip measured
        while not done.is_set():
            asked = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - asked - 0.01)

    watcher = asyncio.create_task(watch_lag())
    began = time.perf_counter()
    plays = 0 if idle else actions
    alone = max(1, plays // (1 + computers))  # a person's share of a table's actions
    computer_first, computer_count = computer_tables
    results = await asyncio.gather(*(_table(url, seats, plays, think, n, acks) for n in range(first, first + count)),
                                   *(_computer_table(url, computers, strength, alone, think, COMPUTER_TABLES_FROM + n,
                                                     their_acks, moves)
                                     for n in range(computer_first, computer_first + computer_count)))
    elapsed = time.perf_counter() - began
    done.set()
    await watcher
    print(json.dumps({"acks": acks, "sent": [t - began for t in sent_at], "seconds": elapsed, "lags": lags,
                      "cpu": time.process_time(), "their_acks": their_acks, "moves": moves.seconds}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for group in results:
        for ws in group:
            await ws.close()


def load(url: str, pid: int, tables: int, seats: int, actions: int, think: float, clients: int,
         idle: bool = False, ca: Path | None = None, computer_tables: int = 0, computers: int = 3,
         strength: str = "hard") -> dict[str, Any]:
    """The tables played (or opened, ``idle``) by ``clients`` processes, beside ``computer_tables`` Play the
    computer tables; the figures, with the server's memory measured while every table is still open."""
    before = _rss_kib(pid)
    cpu_before = _cpu_s(pid)
    began = time.perf_counter()
    shares = [(k * tables // clients, (k + 1) * tables // clients - k * tables // clients) for k in range(clients)]
    theirs = [(k * computer_tables // clients, (k + 1) * computer_tables // clients - k * computer_tables // clients)
              for k in range(clients)]
    workers = [subprocess.Popen([sys.executable, __file__, "--worker", url, "--first", str(first), "--tables",
                                 str(count), "--seats", str(seats), "--actions", str(actions), "--think", str(think),
                                 "--computers", str(computers), "--strength", strength,
                                 "--computer-first", str(their_first), "--computer-tables", str(their_count)]
                                + (["--part", "idle"] if idle else []) + (["--ca", str(ca)] if ca else []),
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
               for (first, count), (their_first, their_count) in zip(shares, theirs)]
    found = []
    for worker in workers:
        assert worker.stdout is not None
        line = worker.stdout.readline()
        if not line:
            raise RuntimeError("a client process failed")
        found.append(json.loads(line))
    elapsed = time.perf_counter() - began
    after = _rss_kib(pid)
    server_cpu = _cpu_s(pid) - cpu_before
    for worker in workers:
        worker.communicate("done\n", timeout=60)
    out: dict[str, Any] = {"tables": tables, "seats": seats, "connections": tables * seats, "client_processes": clients,
                           "seconds": round(elapsed, 1), "server_cpu_share": round(server_cpu / elapsed, 2),
                           "rss_before_mb": round(before / 1024, 1), "rss_after_mb": round(after / 1024, 1),
                           "mb_per_table": round((after - before) / 1024 / tables, 3)}
    if idle:
        return out
    acks = [a for f in found for a in f["acks"]]
    late = [a for f in found for a, t in zip(f["acks"], f["sent"]) if t > 10]
    lags = [x for f in found for x in f["lags"]]
    out.update({"actions": len(acks), "ack_p50_ms": round(1000 * statistics.median(acks), 2),
                "ack_p99_ms": round(1000 * _percentile(acks, 0.99), 2), "ack_max_ms": round(1000 * max(acks), 2),
                "ack_p99_ms_after_first_10s": round(1000 * _percentile(late or [0.0], 0.99), 2),
                "players_loop_lag_p99_ms": round(1000 * _percentile(lags, 0.99), 2),
                "players_cpu_share": round(sum(f["cpu"] for f in found) / elapsed, 2)})
    if computer_tables:
        moves = [m for f in found for m in f["moves"]]
        theirs = [a for f in found for a in f["their_acks"]]
        out.update({"computer_tables": computer_tables, "computers_each": computers, "strength": strength,
                    "computer_moves": len(moves), "computer_move_p50_ms": round(1000 * statistics.median(moves), 1),
                    "computer_move_p99_ms": round(1000 * _percentile(moves, 0.99), 1),
                    "computer_move_max_ms": round(1000 * max(moves), 1),
                    "their_person_ack_p99_ms": round(1000 * _percentile(theirs, 0.99), 2)})
    return out


def _thinking_counts(url: str) -> dict[str, int]:
    """The server's counts of decisions its pool thought about and its full queue refused (``/metrics``)."""
    base = url.replace("ws://", "http://", 1).removesuffix("/ws")
    with urllib.request.urlopen(base + "/metrics", timeout=30) as answer:
        text = answer.read().decode("utf-8")
    counts = {}
    for line in text.splitlines():
        for name in ("thinking_served_total", "thinking_refused_total"):
            if line.startswith(f"chinese_ten_{name} "):
                counts[name.removeprefix("thinking_").removesuffix("_total")] = int(float(line.split()[1]))
    return counts


COMPUTER_KEYS = ("ack_p50_ms", "ack_p99_ms", "their_person_ack_p99_ms", "computer_move_p50_ms",
                 "computer_move_p99_ms", "computer_move_max_ms", "server_cpu_share")
"""The figures of the computers part whose medians over the runs are printed."""


def computers_beside_people(tables: int, seats: int, actions: int, think: float, clients: int, runs: int,
                            computer_tables: int, computers: int, strength: str) -> dict[str, Any]:
    """The people's tables and the Play the computer tables played together ``runs`` times, a fresh server each
    time: every run's figures (with the server's thinking counts) and their medians."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            proc, url, _ = start_server(Path(tmp) / str(run))
            try:
                figures = load(url, proc.pid, tables, seats, actions, think, clients, computer_tables=computer_tables,
                               computers=computers, strength=strength)
                figures["thinking"] = _thinking_counts(url)
                found.append(figures)
            finally:
                stop_server(proc)
    return {"runs": found, "medians": {key: statistics.median(r[key] for r in found) for key in COMPUTER_KEYS},
            "decisions_refused_to_normal": [r["thinking"].get("refused", 0) for r in found],
            "decisions_thought_in_pool": [r["thinking"].get("served", 0) for r in found]}


async def finished_deals(url: str, count: int) -> str:
    """A two-seat table of a person (random legal moves) against Normal, a match of six deals played until ``count``
    (six at most) are over: its id (its deals are ``/d/TABLE/1`` on)."""
    ws = await _open(url, address_of(COMPUTER_TABLES_FROM - 1))
    await ws.send(json.dumps({"type": "create", "version": 1, "name": "P", "seats": 2, "match": "six",
                              "computers": {"1": "normal"}}))
    table = str((await _until(ws, "created"))["table"])
    state = (await _until(ws, "welcome"))["state"]
    rng, over, sent, last = random.Random(count), 0, 0, state
    while over < count:
        if state.get("legal"):
            await asyncio.sleep(1.5 / RATE_PER_SECOND)  # within a connection's rate, against a computer at once
            sent += 1  # each act its own id: a repeated one is taken for the same act sent again
            await ws.send(json.dumps({"type": "act", "id": f"d{sent}", "action": rng.choice(state["legal"])}))
            last, state = state, {}
        frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if frame["type"] == "update":
            state = frame["state"]
        elif frame["type"] == "error" and frame.get("id") == f"d{sent}":
            state = last  # refused (too quick after all): the same choice is made again
        elif frame["type"] == "deal_over":
            over += 1
            if over < count:
                await ws.send('{"type": "next"}')
    await ws.close()
    return table


def _review_state(base: str, method: str, table: str, number: int) -> dict[str, Any]:
    """Deal ``number``'s review as the server tells it: asked for (``POST``) or read (``GET``)."""
    path = f"{base}/d/{table}/{number}/review" + (".json" if method == "GET" else "")
    request = urllib.request.Request(path, method=method, data=b"" if method == "POST" else None)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def _follow_reviews(base: str, table: str, reviews: int, asked: float, kept: dict[int, float],
                    stop: threading.Event) -> None:
    """Read each review's state as the page does, every half second until ``stop``, noting in ``kept`` the seconds
    from ``asked`` until each was kept."""
    while not stop.wait(0.5):
        for number in range(1, reviews + 1):
            if number not in kept and _review_state(base, "GET", table, number)["state"] == "done":
                kept[number] = time.perf_counter() - asked


REVIEW_KEYS = ("ack_p50_ms", "ack_p99_ms", "server_cpu_share")
"""The figures of the review part whose medians over the runs are printed."""


def review_beside_people(tables: int, seats: int, actions: int, think: float, clients: int, runs: int,
                         reviews: int) -> dict[str, Any]:
    """The people's tables played while the server makes ``reviews`` reviews, ``runs`` times, a fresh server each
    time: every run's figures (with each review's seconds and how many were kept during the play) and their
    medians."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            proc, url, _ = start_server(Path(tmp) / str(run))
            base = url.replace("ws://", "http://", 1).removesuffix("/ws")
            try:
                table = asyncio.run(finished_deals(url, reviews))
                asked = time.perf_counter()
                for number in range(1, reviews + 1):
                    _review_state(base, "POST", table, number)
                kept: dict[int, float] = {}
                stop = threading.Event()
                follower = threading.Thread(target=_follow_reviews, args=(base, table, reviews, asked, kept, stop),
                                            daemon=True)
                follower.start()
                figures = load(url, proc.pid, tables, seats, actions, think, clients)
                stop.set()
                follower.join()
                states = [_review_state(base, "GET", table, n)["state"] for n in range(1, reviews + 1)]
                figures.update({"reviews_asked": reviews, "reviews_kept_during_play": len(kept),
                                "review_seconds": [round(kept[n], 1) for n in sorted(kept)],
                                "review_running_at_end": "making" in states})
                found.append(figures)
            finally:
                stop_server(proc)
    return {"runs": found, "medians": {key: statistics.median(r[key] for r in found) for key in REVIEW_KEYS}}


async def keep(url: str, kept: int) -> list[tuple[str, str]]:
    """``kept`` tables, each a deal under way (a two-seat table against Normal, three moves made)."""
    found = []
    for n in range(kept):
        ws = await _open(url, address_of(n))
        await ws.send(json.dumps({"type": "create", "version": 1, "name": "P", "seats": 2, "computers": {"1": "normal"}}))
        created = await _until(ws, "created")
        state = (await _until(ws, "welcome"))["state"]
        rng = random.Random(n)
        for _ in range(3):
            while not state["legal"]:
                state = (await _until(ws, "update"))["state"]
            await ws.send(json.dumps({"type": "act", "id": "x", "action": rng.choice(state["legal"])}))
            while True:
                frame = json.loads(await ws.recv())
                if frame["type"] == "update":
                    state = frame["state"]
                if frame["type"] == "ack":
                    break
        found.append((created["table"], created["token"]))
        await ws.close()
    return found


async def come_back(url: str, kept: list[tuple[str, str]]) -> float:
    began = time.perf_counter()
    semaphore = asyncio.Semaphore(100)

    async def one(number: int, table: str, token: str) -> None:
        async with semaphore:
            ws = await _open(url, address_of(number))
            await ws.send(json.dumps({"type": "hello", "version": 1, "table": table, "token": token}))
            welcome = await _until(ws, "welcome")
            # three actions made: at least two whole turns (a capture's choice is part of its turn)
            assert welcome["state"]["turn"] >= 2, welcome["state"]
            await ws.close()

    await asyncio.gather(*(one(n, t, k) for n, (t, k) in enumerate(kept)))
    return time.perf_counter() - began


def restore_everything(data: Path) -> tuple[int, float]:
    """Every kept table brought back in this process, without the network: how many, and the seconds it took."""
    sys.path.insert(0, str(ROOT))
    from chinese_ten.net.server import TableServer

    async def run() -> tuple[int, float]:
        server = TableServer(data, port=0, pool=False)
        server.loop = asyncio.get_running_loop()
        began = time.perf_counter()
        count = server.restore_all()
        took = time.perf_counter() - began
        await server.close()
        return count, took

    return asyncio.run(run())


GC_PROBE = r"""
import gc, json, random, sys, tempfile, time
from pathlib import Path
from chinese_ten.net import protocol as p
from chinese_ten.net.server import settle_memory
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table

class Handle:
    def cancel(self): pass

class Clock:
    def __init__(self): self.soon = []
    def time(self): return 0.0
    def call_soon(self, callback): self.soon.append(callback); return Handle()
    call_soon_threadsafe = call_soon
    def call_later(self, delay, callback): return Handle()
    def run(self):
        while self.soon: self.soon.pop(0)()

class Outlet:
    def push(self, text): pass
    def close(self, code, reason=""): pass

settled, count = sys.argv[1] == "settled", int(sys.argv[2])
pauses = {0: [], 1: [], 2: []}
began = [0.0]
def timed(phase, info):
    if phase == "start": began[0] = time.perf_counter()
    else: pauses[info["generation"]].append(time.perf_counter() - began[0])
if settled:
    settle_memory()
gc.callbacks.append(timed)
clock, store = Clock(), SqliteStore(Path(tempfile.mkdtemp()) / "tables.db")
tables = []
for _ in range(count):
    table, _token, claims = Table.open(p.Create(version=1, name="H", seats=4, match="six"), store, clock, pool=None)
    table.attach(0, Outlet())
    for seat, claim in claims.items():
        table.take_claim(claim, f"G{seat}", Outlet())
    tables.append(table)
clock.run()
rng, acts = random.Random(1), 0
while acts < 12000:
    for table in tables:
        if table.phase == "deal_over":
            for seat in range(4): table.ready_next(seat)
            clock.run()
        mover = table.session.to_act
        if mover is not None:
            table.act(mover, "x", str(rng.choice(table.session.deal.legal_actions())))
            acts += 1
        clock.run()
every = [t for generation in pauses.values() for t in generation]
print(json.dumps({"longest_ms": 1000 * max(every), "full": len(pauses[2]), "collections": len(every)}))
"""


def gc_pauses(tables: int, runs: int) -> dict[str, Any]:
    """The collector's longest pause and full collections while the tables play, as Python starts and settled."""
    out: dict[str, Any] = {}
    for mode in ("as started", "settled"):
        found = []
        for _ in range(runs):
            text = subprocess.run([sys.executable, "-c", GC_PROBE, mode.split()[-1], str(tables)], cwd=ROOT, check=True,
                                  capture_output=True, text=True, timeout=900).stdout
            found.append(json.loads(text.strip().splitlines()[-1]))
        out[mode] = {"longest_pause_ms": round(statistics.median(f["longest_ms"] for f in found), 1),
                     "full_collections": statistics.median(f["full"] for f in found),
                     "collections": statistics.median(f["collections"] for f in found),
                     "runs_longest_ms": [round(f["longest_ms"], 1) for f in found]}
    return out


def through_proxy(tables: int, seats: int, actions: int, think: float, clients: int, runs: int) -> dict[str, Any]:
    """The load part ``runs`` times each way, alternating: straight to the server (``ws://``), and through a Caddy
    on loopback that ends TLS with its local authority's certificate (``wss://``) and passes each connection to
    a server that trusts its ``X-Forwarded-For``; every figure of each run, and the medians side by side."""
    sys.path.insert(0, str(ROOT))
    from tests.net.caddykit import CADDY, Caddy
    from tests.net.netkit import free_port

    if CADDY is None:
        raise SystemExit("tables.py: --through-proxy needs Caddy (Debian's caddy package)")
    found: dict[str, list[dict[str, Any]]] = {"direct": [], "through_proxy": []}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            for way in found:
                proc, url, _ = start_server(Path(tmp) / f"{way}-{run}", "--trust-proxy", "127.0.0.1")
                caddy = None
                try:
                    ca = None
                    if way == "through_proxy":
                        port = free_port()
                        behind = url.removeprefix("ws://").removesuffix("/ws")
                        caddy = Caddy(Path(tmp) / f"caddy-{run}",
                                      f"https://127.0.0.1:{port} {{\n\ttls internal\n\treverse_proxy {behind}\n}}\n")
                        caddy.await_handshake(port)
                        url, ca = f"wss://127.0.0.1:{port}/ws", caddy.root_certificate
                    proxy_cpu = _cpu_s(caddy.pid) if caddy else 0.0
                    figures = load(url, proc.pid, tables, seats, actions, think, clients, ca=ca)
                    if caddy is not None:
                        figures["proxy_cpu_share"] = round((_cpu_s(caddy.pid) - proxy_cpu) / figures["seconds"], 2)
                    found[way].append(figures)
                finally:
                    if caddy is not None:
                        caddy.stop()
                    stop_server(proc)
    keys = ("ack_p50_ms", "ack_p99_ms", "ack_p99_ms_after_first_10s", "server_cpu_share", "players_cpu_share")
    medians = {way: {key: round(statistics.median(r[key] for r in results), 2) for key in keys}
               for way, results in found.items()}
    return {"runs": found, "medians": medians,
            "proxy_adds_p99_ms": round(medians["through_proxy"]["ack_p99_ms"] - medians["direct"]["ack_p99_ms"], 2),
            "proxy_adds_p99_ms_each_run": [round(p["ack_p99_ms"] - d["ack_p99_ms"], 2)
                                           for d, p in zip(found["direct"], found["through_proxy"])]}


def ceiling(steps: list[int], seats: int, actions: int, think: float, clients: int) -> dict[str, Any]:
    """The load part on a fresh server at each number of tables in ``steps``, stopping after the first whose ack p99
    passes 50 ms: every step's figures and the most tables that stayed within it."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        for tables in steps:
            proc, url, _ = start_server(Path(tmp) / str(tables))
            try:
                found.append(load(url, proc.pid, tables, seats, actions, think, clients))
            finally:
                stop_server(proc)
            if found[-1]["ack_p99_ms"] > 50:
                break
    within = [f for f in found if f["ack_p99_ms"] <= 50]
    return {"steps": found, "most_tables_within_50_ms": max((f["tables"] for f in within), default=0)}


KILL_TABLES = 20
"""How many tables are played when their server is killed (``--store``): one person and three computers each."""


async def _start_play(url: str, seed: int) -> tuple[str, str, int]:
    """A table of one person and three Easy computers opened at ``url`` and played a few moves on: its id, the
    person's token and the latest ``seq`` the person was told (the connection is left open, to die with the
    server)."""
    rng = random.Random(seed)
    ws = await _open(url, address_of(seed))
    await ws.send(json.dumps({"type": "create", "version": 1, "name": "P", "seats": 4, "match": "six",
                              "computers": {"1": "easy", "2": "easy", "3": "easy"}}))
    created = await _until(ws, "created")
    frame = await _until(ws, "welcome")
    seq, state = frame["seq"], frame["state"]
    for _ in range(1000):
        if seq >= 6:
            break
        if state.get("legal"):
            await ws.send(json.dumps({"type": "act", "id": "x", "action": rng.choice(state["legal"])}))
        frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if frame["type"] == "update":
            seq, state = frame["seq"], frame["state"]
    _kept_connections.append(ws)
    return created["table"], created["token"], seq


_kept_connections: list[ClientConnection] = []


async def _next_move(url: str, table: str, token: str, told: int, killed: float, seed: int) -> float:
    """The person of ``table`` connecting again at ``url`` (every 50 ms until a server answers) and playing on until
    a step after ``told`` is told: the seconds since ``killed``."""
    rng = random.Random(seed)
    for _ in range(1200):  # 60 s of tries at most
        try:
            ws = await _open(f"{url}/{table}", address_of(seed))
        except (OSError, InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.05)
            continue
        try:
            await ws.send(json.dumps({"type": "hello", "version": 1, "table": table, "token": token,
                                      "last_seq": told}))
            for _ in range(1000):
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] in ("update", "deal_over") and frame["seq"] > told:
                    return time.perf_counter() - killed
                if frame["type"] == "welcome" and frame["phase"] == "deal_over":
                    await ws.send('{"type": "next"}')
                state = frame.get("state") if frame["type"] in ("welcome", "update") else None
                if state and state.get("legal"):
                    await ws.send(json.dumps({"type": "act", "id": "y", "action": rng.choice(state["legal"])}))
        except ConnectionClosed:
            await asyncio.sleep(0.05)
        finally:
            await ws.close()
    raise RuntimeError(f"table {table} never moved again")


def kill_to_next_move(store: str | None, data: Path) -> dict[str, Any]:
    """:data:`KILL_TABLES` tables played on a server that is then killed (``kill -9``): on SQLite, the server is
    started again on its folder and port; on the PostgreSQL ``store``, a second server already running takes the
    tables. The seconds from the kill to each table's next move, p50 and max."""
    options = ("--store", store) if store else ()
    first, url, _ = start_server(data / "first", *options)
    other: subprocess.Popen[str] | None = None
    try:
        if store:
            other, other_url, _ = start_server(data / "second", *options)
        started = asyncio.run(_started(url))
        first.kill()
        killed = time.perf_counter()
        first.wait(30)
        _kept_connections.clear()
        if not store:
            port = url.rsplit(":", 1)[1].split("/")[0]
            first, other_url, _ = start_server(data / "first", "--port", port)
        waits = asyncio.run(_all_moved(other_url, started, killed))
    finally:
        for proc in (first, other):
            if proc is not None and proc.poll() is None:
                stop_server(proc)
    return {"kill_tables": len(waits), "kill_to_next_move_p50_s": round(statistics.median(waits), 3),
            "kill_to_next_move_max_s": round(max(waits), 3)}


async def _started(url: str) -> list[tuple[str, str, int]]:
    return list(await asyncio.gather(*(_start_play(url, n) for n in range(KILL_TABLES))))


async def _all_moved(url: str, started: list[tuple[str, str, int]], killed: float) -> list[float]:
    return list(await asyncio.gather(*(_next_move(url, table, token, told, killed, n)
                                       for n, (table, token, told) in enumerate(started))))


ROLLING_TABLES = 50
"""How many tables play through a rolling restart of three servers on PostgreSQL (``--store``)."""


async def _rolling_person(urls: list[str], table: str, token: str, told: int, seed: int, stop: asyncio.Event,
                          waits: list[float], moved: dict[str, int]) -> None:
    """A table's person playing on until ``stop``, connecting again to the next server after any close (as a proxy
    would send it to a live one): each time from a close to the next step told goes to ``waits``, and the latest
    ``seq`` told to ``moved``."""
    rng = random.Random(seed)
    k = seed % len(urls)
    closed_at: float | None = None
    for _ in range(100_000):
        if stop.is_set():
            return
        try:
            ws = await _open(f"{urls[k]}/{table}", address_of(seed))
        except (OSError, InvalidHandshake, TimeoutError):
            k = (k + 1) % len(urls)
            await asyncio.sleep(0.05)
            continue
        try:
            await ws.send(json.dumps({"type": "hello", "version": 1, "table": table, "token": token,
                                      "last_seq": told}))
            while not stop.is_set():
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                if frame["type"] in ("update", "deal_over", "match_over") and frame["seq"] > told:
                    told = moved[table] = frame["seq"]
                    if closed_at is not None:
                        waits.append(time.perf_counter() - closed_at)
                        closed_at = None
                if frame["type"] == "deal_over" or (frame["type"] == "welcome" and frame["phase"] == "deal_over"):
                    await ws.send('{"type": "next"}')
                state = frame.get("state") if frame["type"] in ("welcome", "update") else None
                if state and state.get("legal"):
                    await asyncio.sleep(rng.uniform(0, 0.4))
                    await ws.send(json.dumps({"type": "act", "id": "r", "action": rng.choice(state["legal"])}))
        except ConnectionClosed:
            closed_at = closed_at or time.perf_counter()
            k = (k + 1) % len(urls)
        finally:
            await ws.close()


async def _rolling(procs: list[subprocess.Popen[str]], urls: list[str], data: Path, store: str) -> dict[str, Any]:
    """:data:`ROLLING_TABLES` tables opened across the servers and played while each server in turn is stopped
    (SIGTERM) and started again on its port."""
    started = list(await asyncio.gather(*(_start_play(urls[n % len(urls)], n) for n in range(ROLLING_TABLES))))
    for ws in _kept_connections:
        await ws.close()
    _kept_connections.clear()
    stop = asyncio.Event()
    waits: list[float] = []
    moved: dict[str, int] = {}
    people = [asyncio.create_task(_rolling_person(urls, table, token, told, n, stop, waits, moved))
              for n, (table, token, told) in enumerate(started)]
    await asyncio.sleep(3)  # play first
    for index, url in enumerate(urls):
        await asyncio.to_thread(stop_server, procs[index])
        port = url.rsplit(":", 1)[1].split("/")[0]
        procs[index] = (await asyncio.to_thread(start_server, data / f"rolling{index}", "--store", store,
                                                "--port", port))[0]
        await asyncio.sleep(3)  # play on before the next
    before = dict(moved)
    await asyncio.sleep(3)
    stop.set()
    await asyncio.gather(*people)
    return {"rolling_tables": len(started), "moved_after_the_last_restart": sum(
                1 for table, seq in moved.items() if seq > before.get(table, 0)),
            "rolling_waits": len(waits), "rolling_wait_p50_s": round(statistics.median(waits or [0.0]), 3),
            "rolling_wait_max_s": round(max(waits or [0.0]), 3)}


def rolling_restart(store: str, data: Path) -> dict[str, Any]:
    """The rolling restart of three servers on the PostgreSQL ``store`` while :data:`ROLLING_TABLES` tables play:
    how many moved on after it, and the time from each close to the next step told, p50 and max."""
    procs: list[subprocess.Popen[str]] = []
    urls: list[str] = []
    try:
        for index in range(3):
            proc, url, _ = start_server(data / f"rolling{index}", "--store", store)
            procs.append(proc)
            urls.append(url)
        return asyncio.run(_rolling(procs, urls, data, store))
    finally:
        for proc in procs:
            if proc.poll() is None:
                stop_server(proc)


def against_sqlite(store: str, tables: int, seats: int, actions: int, think: float, clients: int) -> dict[str, Any]:
    """The load part and the kill to the next move, on ``tables.db`` and on the PostgreSQL ``store``, one after the
    other in this run."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, options in (("sqlite", ()), ("postgresql", ("--store", store))):
            proc, url, _ = start_server(Path(tmp) / kind, *options)
            try:
                figures = load(url, proc.pid, tables, seats, actions, think, clients)
            finally:
                stop_server(proc)
            figures.update(kill_to_next_move(store if kind == "postgresql" else None, Path(tmp) / f"{kind}-kill"))
            out[kind] = figures
        out["postgresql"].update(rolling_restart(store, Path(tmp)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--actions", type=int, default=60, help="actions per table")
    parser.add_argument("--think", type=float, default=0.5, help="a player's mean pause before a move, in seconds")
    parser.add_argument("--kept", type=int, default=1000)
    parser.add_argument("--part", choices=("load", "idle", "restart", "gc", "computers", "review"),
                        help="measure only this part (load, idle and restart by default)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each case for --part gc, computers, review and --through-proxy")
    parser.add_argument("--reviews", type=int, default=4, help="finished deals reviewed beside the tables, for "
                        "--part review")
    parser.add_argument("--computer-tables", type=int, default=100,
                        help="Play the computer tables beside the people's, for --part computers")
    parser.add_argument("--computers", type=int, default=3, help="computers at each Play the computer table")
    parser.add_argument("--strength", default="hard", help="the strength of those computers")
    parser.add_argument("--clients", type=int, default=2, help="processes the players run in")
    parser.add_argument("--through-proxy", action="store_true",
                        help="the load part directly and through Caddy with TLS, side by side in one run")
    parser.add_argument("--ceiling", metavar="N,N,...",
                        help="the load part at each number of tables, in order, until ack p99 passes 50 ms")
    parser.add_argument("--store", metavar="postgresql://USER@HOST:PORT/DB",
                        help="the load part and the kill to the next move on this PostgreSQL and on tables.db")
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--ca", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--computer-first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        global CA_FILE
        CA_FILE = args.ca
        asyncio.run(play_share(args.worker, args.first, args.tables, args.seats, args.actions, args.think,
                               args.part == "idle", (args.computer_first, args.computer_tables), args.computers,
                               args.strength))
        return 0
    out: dict[str, Any] = {"cpus": os.cpu_count(), "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}
    if args.store:
        out["store"] = against_sqlite(args.store, args.tables, args.seats, args.actions, args.think, args.clients)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    if args.through_proxy:
        out["through_proxy"] = through_proxy(args.tables, args.seats, args.actions, args.think, args.clients,
                                             args.runs)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    if args.ceiling:
        out["ceiling"] = ceiling([int(n) for n in args.ceiling.split(",")], args.seats, args.actions, args.think,
                                 args.clients)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    if args.part == "computers":
        out["computers"] = computers_beside_people(args.tables, args.seats, args.actions, args.think, args.clients,
                                                   args.runs, args.computer_tables, args.computers, args.strength)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    if args.part == "review":
        if not 1 <= args.reviews <= 6:
            parser.error("--reviews is from 1 to 6 (the deals of one match, and an address's reviews in an hour)")
        out["review"] = review_beside_people(args.tables, args.seats, args.actions, args.think, args.clients,
                                             args.runs, args.reviews)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    if args.part == "gc":
        out["gc"] = gc_pauses(args.tables, args.runs)
        out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=2))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.part in (None, "load"):
            proc, url, _ = start_server(Path(tmp) / "load")
            try:
                out["load"] = load(url, proc.pid, args.tables, args.seats, args.actions, args.think, args.clients)
            finally:
                stop_server(proc)
        if args.part in (None, "idle"):
            proc, url, _ = start_server(Path(tmp) / "idle")
            try:
                out["idle"] = load(url, proc.pid, args.tables, args.seats, 0, args.think, args.clients, idle=True)
            finally:
                stop_server(proc)
        if args.part in ("load", "idle"):
            out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
            print(json.dumps(out, indent=2))
            return 0
        data = Path(tmp) / "kept"
        proc, url, _ = start_server(data)
        try:
            kept = asyncio.run(keep(url, args.kept))
        finally:
            stop_server(proc)
        proc, url, ready = start_server(data)
        try:
            back = asyncio.run(come_back(url, kept))
        finally:
            stop_server(proc)
        count, restored = restore_everything(data)
        out["restart"] = {"kept_tables": len(kept), "ready_s": round(ready, 3), "all_back_s": round(ready + back, 3),
                          "restore_all_in_process_s": round(restored, 3), "restored": count,
                          "db_mb": round((data / "tables.db").stat().st_size / 2 ** 20, 2)}
    out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
