"""A server out of file descriptors: ``chinese-ten serve`` started with a low ``RLIMIT_NOFILE``, held connections
taking every descriptor, more connections waiting. The log says so in one line, not a traceback per failed
accept; ``/metrics`` counts the failed tries; once the held connections close, the server serves again. And the
acceptor's pause and retries on a clock moved by hand."""

from __future__ import annotations

import errno
import logging
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from chinese_ten.net.accepting import RETRY_SECONDS, Acceptor
from chinese_ten.net.metrics import Metrics
from tests.net.tablekit import HandClock

DESCRIPTORS = 40
"""The server's descriptor limit: about 15 are its own at rest, the rest are for connections."""

CONNECTIONS = 60
"""The connections opened to it at once: more than it has descriptors for."""

GUARD = 60.0
"""Seconds before a wait is taken for a freeze (a quiet machine needs about one)."""


def _lowered() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """``chinese-ten serve`` on 127.0.0.1 and a free port, its descriptors limited: its port and its log."""
    log = tmp_path / "server.log"
    with log.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", "0",
                                 "--data-dir", str(tmp_path / "data")], stdout=subprocess.PIPE, stderr=err,
                                text=True, preexec_fn=_lowered, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        found = re.fullmatch(r"serving on http://127\.0\.0\.1:(\d+)", line)
        assert found, f"the server did not start: {line!r} {log.read_text()}"
        yield int(found.group(1)), log
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(GUARD)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(GUARD)


def _get(conn: socket.socket, path: str) -> str:
    """One keep-alive ``GET`` on an open connection: the whole answer, head and body."""
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, "the server closed the connection"
        data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"Content-Length: (\d+)", head).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        chunk = conn.recv(65536)
        assert chunk, "the server closed the connection"
        body += chunk
    return (head + b"\r\n\r\n" + body).decode()


def _figure(text: str, name: str) -> float:
    found = re.search(rf"^chinese_ten_{name} (\S+)$", text, re.MULTILINE)
    assert found, f"/metrics has no {name}"
    return float(found.group(1))


def _connect(port: int) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    return conn


def test_out_of_descriptors_the_log_says_so_once_and_the_server_serves_again(server: tuple[int, Path]) -> None:
    port, log = server
    with ExitStack() as stack:
        watch = stack.enter_context(_connect(port))
        assert "200 OK" in _get(watch, "/healthz")
        held = [stack.enter_context(_connect(port)) for _ in range(CONNECTIONS)]
        end = time.monotonic() + GUARD
        failures = 0.0
        while failures < 3:  # the first failed accept and two retries, paused all the while
            assert time.monotonic() < end, f"accepting never ran short: {log.read_text()[:2000]}"
            failures = _figure(_get(watch, "/metrics"), "accept_failures_total")
        figures = _get(watch, "/metrics")
        assert _figure(figures, "accept_paused") == 1 and _figure(figures, "accept_pauses_total") >= 1
        short = log.read_text()
        assert "out of system resource" not in short and "Traceback" not in short
        assert short.count("out of file descriptors") == _figure(figures, "accept_pauses_total")
        assert len(short.splitlines()) <= 3, short[:2000]
        for conn in held:
            conn.close()
    end = time.monotonic() + GUARD
    answer = ""
    while "200 OK" not in answer:  # the held connections' descriptors come back as the server sees them close
        assert time.monotonic() < end, f"the server never served again: {log.read_text()[:2000]}"
        with _connect(port) as again:
            try:
                answer = _get(again, "/metrics")
            except (AssertionError, OSError):
                continue
    assert _figure(answer, "accept_paused") == 0
    text = log.read_text()
    pauses = _figure(answer, "accept_pauses_total")
    assert text.count("out of file descriptors") == pauses and text.count("free again") == pauses, text[:2000]
    assert len(text.splitlines()) <= 2 * pauses + 1 and "Traceback" not in text, text[:2000]


class _Loop(HandClock):
    """A hand-moved clock with the loop's readers, as the acceptor uses them."""

    def __init__(self) -> None:
        super().__init__()
        self.readers: dict[int, object] = {}

    def add_reader(self, fd: int, callback: object, *args: object) -> None:
        self.readers[fd] = callback

    def remove_reader(self, fd: int) -> bool:
        return self.readers.pop(fd, None) is not None


class _Listening:
    """A listening socket whose ``accept()`` raises the errors it is given, one a call, then would block."""

    def __init__(self, errors: list[int]) -> None:
        self.errors = errors
        self.tries = 0

    def accept(self) -> tuple[socket.socket, object]:
        self.tries += 1
        if self.errors:
            code = self.errors.pop(0)
            raise OSError(code, os.strerror(code))
        raise BlockingIOError(errno.EAGAIN, "would block")

    def close(self) -> None:
        pass


class _Serving:
    def is_serving(self) -> bool:
        return True


def _acceptor(errors: list[int]) -> tuple[Acceptor, _Loop, _Listening, Metrics]:
    loop, listening, metrics = _Loop(), _Listening(errors), Metrics()
    acceptor = Acceptor(loop, _Serving(), lambda: None, metrics)  # type: ignore[arg-type, return-value]
    acceptor._listening = [(7, listening)]  # type: ignore[list-item]  # noqa: SLF001 - a socket of its own
    acceptor._watch()  # noqa: SLF001
    return acceptor, loop, listening, metrics


def test_a_shortage_is_one_line_however_long_and_one_more_when_it_ends(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="chinese_ten.net")
    acceptor, loop, listening, metrics = _acceptor([errno.EMFILE] * 20)
    acceptor._ready(listening)  # type: ignore[arg-type]  # noqa: SLF001 - the loop's call when one waits
    assert loop.readers == {} and metrics.accept_paused and listening.tries == 1
    loop.advance(RETRY_SECONDS * 10)
    assert listening.tries == 11 and metrics.accept_failures == 11 and loop.readers == {}
    loop.advance(RETRY_SECONDS * 10)
    assert listening.errors == [] and not metrics.accept_paused and 7 in loop.readers
    lines = [r.getMessage() for r in caplog.records if r.name == "chinese_ten.net"]
    assert len(lines) == 2 and "out of file descriptors" in lines[0] and "free again" in lines[1]
    assert metrics.accept_pauses == 1 and metrics.accept_failures == 20


def test_a_connections_own_network_error_passes_it_over_without_a_pause(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="chinese_ten.net")
    acceptor, loop, listening, metrics = _acceptor([errno.EPROTO, errno.ENETUNREACH])
    acceptor._ready(listening)  # type: ignore[arg-type]  # noqa: SLF001
    assert listening.tries == 3 and 7 in loop.readers and metrics.accept_failures == 0
    assert not [r for r in caplog.records if r.name == "chinese_ten.net"]
