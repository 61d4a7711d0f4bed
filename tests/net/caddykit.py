"""A real Caddy in front of a table server, on loopback, for the tests of serving on the internet.

Caddy (Debian's ``caddy`` package) serves ``https://127.0.0.1:PORT`` with a certificate from its own
local authority (``tls internal``) and passes every request to the table server behind it. Tests that
need it are skipped, with the reason, where the program is not installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.net.netkit import ServerThread, free_port

CADDY = shutil.which("caddy")
needs_caddy = pytest.mark.skipif(CADDY is None, reason="Caddy is not installed (Debian's caddy package; .ci/run installs it)")

GLOBAL_OPTIONS = """{
	admin off
	auto_https disable_redirects
	skip_install_trust
	local_certs
	servers {
		protocols h1 h2
	}
}
"""


class Caddy:
    """A Caddy process serving ``sites`` (Caddyfile site blocks, after the global ``options``) with its data under
    ``folder``; ready (its certificate made) when the constructor returns, stopped with :meth:`stop`."""

    def __init__(self, folder: Path, sites: str, timeout: float = 60.0, options: str = GLOBAL_OPTIONS,
                 env: dict[str, str] | None = None, ready: str = "certificate obtained successfully") -> None:
        """Caddy started with ``options`` and ``sites``, ``env`` added to its environment; ready once it logs
        ``ready``."""
        assert CADDY is not None
        self._ready_line = ready
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        config = folder / "Caddyfile"
        config.write_text(options + sites, encoding="utf-8")
        env = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config"),
               "PATH": "/usr/bin:/bin", **(env or {})}
        self.log: list[str] = []
        self._ready = threading.Event()
        self._process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"], env=env,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                         text=True, encoding="utf-8", errors="replace")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(timeout) or self._process.poll() is not None:
            self.stop()
            raise AssertionError("Caddy did not start:\n" + "\n".join(self.log[-20:]))

    def await_handshake(self, port: int, timeout: float = 30.0) -> None:
        """Return once a TLS handshake with ``127.0.0.1:port`` succeeds against the local authority: Caddy logs
        its certificate a moment before it serves it. Tries at most 200 times within ``timeout``."""
        context = ssl.create_default_context(cafile=str(self.root_certificate))
        refused = threading.Event()
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=timeout) as raw, \
                        context.wrap_socket(raw, server_hostname="127.0.0.1"):
                    return
            except (ssl.SSLError, OSError) as exc:
                last = exc
            refused.wait(timeout / 200)  # a pause between two handshakes, each of which is the event awaited
        raise AssertionError(f"Caddy never completed a TLS handshake on port {port}: {last}")

    def _read(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self.log.append(line.rstrip())
            if self._ready_line in line:
                self._ready.set()
        self._ready.set()  # it ended: the constructor's check reads the log

    @property
    def pid(self) -> int:
        """The Caddy process's id."""
        return self._process.pid

    @property
    def root_certificate(self) -> Path:
        """The local authority's certificate, which a client trusts to reach these sites."""
        return self.folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def stop(self) -> None:
        """End the process (within a bounded time) and its log reader."""
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(15)
        self._reader.join(15)


@contextmanager
def in_front_of(server: ServerThread, folder: Path) -> Iterator[tuple[Caddy, str]]:
    """A Caddy under ``folder`` passing ``https://127.0.0.1:PORT`` to ``server``, whose links are then made with
    that public address: the proxy and the address, ready for a handshake; the proxy stopped after."""
    port = free_port()
    behind = server.url.removeprefix("http://")
    caddy = Caddy(folder, f"https://127.0.0.1:{port} {{\n\ttls internal\n\treverse_proxy {behind}\n}}\n")
    try:
        caddy.await_handshake(port)
        public = f"https://127.0.0.1:{port}"
        server.server.public_url = public
        yield caddy, public
    finally:
        caddy.stop()


CLUSTER_FILE = Path(__file__).resolve().parents[2] / "packaging" / "server" / "Caddyfile.cluster"
"""The Caddyfile for several servers on one PostgreSQL, as shipped: the tests run it as it is."""


class Cluster:
    """``count`` table servers (``chinese-ten serve`` processes, so that they can be killed) sharing the PostgreSQL
    ``store``, behind a Caddy running :data:`CLUSTER_FILE` on ``http://127.0.0.1:PORT`` (:attr:`public`)."""

    def __init__(self, folder: Path, store: str, count: int) -> None:
        self.folder = folder
        self.store = store
        self.ports = [free_port() for _ in range(count)]
        self.public = f"http://127.0.0.1:{free_port()}"
        self.processes: list[subprocess.Popen[str] | None] = [None] * count
        self.caddy: Caddy | None = None
        try:
            for index in range(count):
                self.spawn(index)  # all starting at once: each takes a second or two
            for index in range(count):
                self.serving(index)
            config = CLUSTER_FILE.read_text(encoding="utf-8").replace("{\n\tservers {", "{\n\tadmin off\n\tservers {", 1)
            self.caddy = Caddy(folder / "caddy", config, options="", ready="serving initial configuration", env={
                "CHINESE_TEN_SITE": self.public, "CHINESE_TEN_BIND": "127.0.0.1",
                "CHINESE_TEN_SERVERS": " ".join(f"127.0.0.1:{port}" for port in self.ports)})
        except BaseException:
            self.stop()
            raise

    def start(self, index: int) -> None:
        """Start server ``index`` on its port, returning once it says it serves."""
        self.spawn(index)
        self.serving(index)

    def spawn(self, index: int) -> None:
        """Start server ``index`` on its port (:meth:`serving` waits until it serves)."""
        log = open(self.folder / f"server{index}.log", "a", encoding="utf-8")  # noqa: SIM115 - the process holds it
        env = {**os.environ, "CHINESE_TEN_LOG_DIR": str(self.folder / "logs")}
        process = subprocess.Popen(
            [sys.executable, "-m", "chinese_ten", "serve", "--port", str(self.ports[index]), "--store", self.store,
             "--data-dir", str(self.folder / f"data{index}"), "--public-url", self.public, "--trust-proxy", "127.0.0.1"],
            stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL, text=True, env=env)
        log.close()
        self.processes[index] = process

    def serving(self, index: int) -> None:
        """Return once server ``index`` says it serves."""
        process = self.processes[index]
        assert process is not None and process.stdout is not None
        line = process.stdout.readline()  # the one line it prints once it serves
        assert line.startswith("serving on "), f"server {index} did not start: {self.log(index)[-800:]}"

    def log(self, index: int) -> str:
        """What server ``index`` wrote on stderr so far."""
        return (self.folder / f"server{index}.log").read_text(encoding="utf-8", errors="replace")

    def kill(self, index: int) -> None:
        """``kill -9`` server ``index``."""
        process = self.processes[index]
        assert process is not None
        process.kill()
        process.wait(30)

    def terminate(self, index: int) -> None:
        """SIGTERM server ``index`` (:meth:`ended` waits for it to end)."""
        process = self.processes[index]
        assert process is not None
        process.send_signal(signal.SIGTERM)

    def ended(self, index: int) -> int:
        """Wait for server ``index`` to end: its exit status."""
        process = self.processes[index]
        assert process is not None
        return process.wait(30)

    def kept(self, table_id: str) -> tuple[str | None, int]:
        """Who holds the table's lease (its name, or None) and the ``seq`` of its last kept step."""
        import psycopg

        with psycopg.connect(self.store) as db:
            row = db.execute("SELECT holder, seq FROM tables WHERE id = %s", (table_id,)).fetchone()
        assert row is not None
        return row[0], int(row[1])

    def holding(self, table_id: str) -> int | None:
        """The index of the server holding the table's lease now, or None."""
        holder, _seq = self.kept(table_id)
        if holder is None:
            return None
        pid = int(holder.split(":")[-2])
        return next((i for i, p in enumerate(self.processes) if p is not None and p.pid == pid), None)

    def stop(self) -> None:
        """Stop Caddy and every server still running."""
        if self.caddy is not None:
            self.caddy.stop()
        for process in self.processes:
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(30)
