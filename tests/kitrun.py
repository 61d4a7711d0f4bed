"""Running the kit of packaging/server/ as an operator would, on loopback: its Caddyfiles made to serve
``https://127.0.0.1:PORT`` with Caddy's local authority, and the table servers its own command lines name."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests.net.caddykit import Caddy

KIT = Path(__file__).resolve().parent.parent / "packaging" / "server"

TEST_OPTIONS = "\tadmin off\n\tauto_https disable_redirects\n\tskip_install_trust\n\tlocal_certs\n"
"""What a test adds to a kit Caddyfile's global options: no admin port, no redirect from port 80 (a free
port is not at hand for it) and no change to the machine's trusted authorities."""

PAGES = "/etc/caddy/chinese-ten"
"""Where the kit's Caddyfiles read the page a seat's link shows while its server is down."""


def loopback_caddyfile(text: str, site: str, ports: dict[int, int], pages: Path) -> str:
    """A kit Caddyfile's ``text`` serving ``site`` (its own name or address replaced), with each port of
    ``ports`` replaced by the one it maps to, its pages read from ``pages`` and the test's global options."""
    assert text.startswith("#") and "\n{\n\tservers {\n" in text, "the kit's Caddyfile opens with its global options"
    text = text.replace("\n{\n\tservers {\n", "\n{\n" + TEST_OPTIONS + "\tservers {\n\t\tprotocols h1 h2\n", 1)
    text = re.sub(r"^tables\.example\.org \{$", site + " {", text, flags=re.MULTILINE)
    for kit_port, port in ports.items():
        text = text.replace(f"127.0.0.1:{kit_port}", f"127.0.0.1:{port}")
    return text.replace(PAGES, str(pages))


def start_caddy(folder: Path, text: str, port: int) -> Caddy:
    """Caddy serving the Caddyfile ``text`` (global options included) on ``port``, ready for a handshake."""
    caddy = Caddy(folder, text, options="")
    try:
        caddy.await_handshake(port)
    except BaseException:
        caddy.stop()
        raise
    return caddy


def kit_commands(name: str) -> list[list[str]]:
    """The ``chinese-ten serve`` command lines a kit file's comments give, as words."""
    text = (KIT / name).read_text(encoding="utf-8").replace("\\\n#", "")
    return [shlex.split(c) for c in re.findall(r"^#\s+(chinese-ten serve .+?)$", text, re.MULTILINE)]


def option(words: list[str], name: str) -> str:
    """The value given to the option ``name`` in ``words`` (the last one, as the server takes it)."""
    values = [words[i + 1] for i, word in enumerate(words[:-1]) if word == name]
    assert values, f"{name} is not in {words}"
    return values[-1]


def with_option(words: list[str], name: str, value: str) -> list[str]:
    """``words`` with the value of ``name`` replaced (every time it is given)."""
    return [value if i > 0 and words[i - 1] == name else word for i, word in enumerate(words)]


def start_server(words: list[str], log: Path) -> tuple[subprocess.Popen[str], int]:
    """Run a ``chinese-ten serve`` command line (its program as this interpreter's module when it names the bare
    ``chinese-ten``), stderr to ``log``; the process and the port it bound, once it says it serves."""
    program = [sys.executable, "-m", "chinese_ten"] if words[0] == "chinese-ten" else [words[0]]
    with open(log, "a", encoding="utf-8") as errors:
        process = subprocess.Popen(program + words[1:], stdout=subprocess.PIPE, stderr=errors, stdin=subprocess.DEVNULL,
                                   text=True, env={**os.environ, "CHINESE_TEN_LOG_DIR": str(log.parent)})
    assert process.stdout is not None
    line = process.stdout.readline()  # the one line it prints when it is ready (empty when it stopped)
    if not line.startswith("serving on http://127.0.0.1:"):
        end(process)
        raise AssertionError(f"the server did not start: {line!r}, {log.read_text(encoding='utf-8')[-2000:]}")
    return process, int(line.rsplit(":", 1)[1])


def end(process: subprocess.Popen[str]) -> None:
    """Stop a server process (SIGKILL: what it keeps is on disk) and wait for it, bounded."""
    if process.poll() is None:
        process.kill()
    process.wait(30)

