"""A real Caddy in front of a table server, on loopback, for the tests of serving on the internet.

Caddy (Debian's ``caddy`` package) serves ``https://127.0.0.1:PORT`` with a certificate from its own
local authority (``tls internal``) and passes every request to the table server behind it. Tests that
need it are skipped, with the reason, where the program is not installed.
"""

from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
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

    def __init__(self, folder: Path, sites: str, timeout: float = 60.0, options: str = GLOBAL_OPTIONS) -> None:
        assert CADDY is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        config = folder / "Caddyfile"
        config.write_text(options + sites, encoding="utf-8")
        env = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config"),
               "PATH": "/usr/bin:/bin"}
        self.log: list[str] = []
        self._ready = threading.Event()
        self._process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"], env=env,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                         text=True, encoding="utf-8", errors="replace")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(timeout) or self._process.poll() is not None:
            self.stop()
            raise AssertionError("Caddy did not make its certificate:\n" + "\n".join(self.log[-20:]))

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
            if "certificate obtained successfully" in line:
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
