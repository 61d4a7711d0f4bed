"""A newcomer's walk through docs/table-server.md: from a clean copy of this tree, the docs' own install commands
run in their order (``sudo`` dropped, the machine's folders under the test's own, a free port for 47110 and
``127.0.0.1:PORT`` for the server's name), then the installed unit's server behind the installed Caddyfile,
with Caddy's local authority, and a match played to its end over ``https://`` through it."""

from __future__ import annotations

import re
import shlex
import shutil
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from chinese_ten.net.tls import CA_FILE_VARIABLE
from tests.kitrun import KIT, PAGES, end, loopback_caddyfile, start_caddy, start_server
from tests.net.caddykit import free_port, needs_caddy
from tests.net.netkit import play_a_match

pytestmark = [needs_caddy, pytest.mark.slow]

ROOT = KIT.parent.parent
DOCS = ROOT / "docs" / "table-server.md"
STEP_SECONDS = 900
"""The longest one of the docs' commands may take (building the wheel and installing it fetch packages)."""


def _install_block() -> list[str]:
    """The lines of the docs' first ``sh`` block after the section on serving on the internet."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.index("**On the internet, behind a TLS proxy.**")
    block = re.search(r"^```sh\n(.*?)^```$", text[section:], re.MULTILINE | re.DOTALL)
    assert block is not None
    return block.group(1).splitlines()


def _clone(folder: Path) -> Path:
    """The files a clone of this tree would hold (those git tracks, and new ones it does not ignore), copied."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True, timeout=60).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    return folder


def test_the_docs_install_steps_build_the_wheel_and_name_the_server_before_it_starts() -> None:
    lines = _install_block()
    starts = next(i for i, line in enumerate(lines) if "enable --now" in line)
    builds = next(i for i, line in enumerate(lines) if "pip wheel" in line and "packaging/server/dist" in line)
    names = next(i for i, line in enumerate(lines) if line.startswith("sed -i") and "chinese-ten-server.service" in line)
    installs = next(i for i, line in enumerate(lines) if "install-wheel.sh" in line)
    assert builds < installs < starts and names < starts
    assert "Caddyfile" in lines[names]


def test_a_newcomer_following_the_docs_plays_a_match_over_https_through_the_kits_caddy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clone = _clone(tmp_path / "clone")
    machine = tmp_path / "machine"  # stands for /: /opt, /etc, /var/lib
    for folder in ("etc/systemd/system", "var/lib/chinese-ten"):
        (machine / folder).mkdir(parents=True)
    port, server_port = free_port(), free_port()
    public = f"https://127.0.0.1:{port}"
    script = ["set -eu"]
    for line in _install_block():
        if line.startswith("sudo apt-get install"):
            continue  # Caddy is here (needs_caddy), and the interpreter is this one
        if "systemctl" in line:
            continue  # started below, as the unit and Caddy's service would start them
        line = re.sub(r"^name=\S+", f"name=127.0.0.1:{port}", line)
        line = re.sub(r"(^|&& )sudo ", r"\1", line)
        line = re.sub(r"(^|&& )python3 ", rf"\g<1>{shlex.quote(sys.executable)} ", line)
        for place in ("/opt/", "/etc/"):
            line = line.replace(" " + place, f" {machine}{place}")
        script.append(line)
    done = subprocess.run(["sh", "-c", "\n".join(script)], cwd=clone, capture_output=True, text=True, timeout=STEP_SECONDS)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheels = list((clone / "packaging" / "server" / "dist").glob("chinese_ten-*.whl"))
    assert len(wheels) == 1
    venv_python = machine / "opt" / "chinese-ten" / "bin" / "python"
    assert subprocess.run([str(venv_python), "-c", "import pygame"], capture_output=True, timeout=60).returncode != 0

    unit = (machine / "etc" / "systemd" / "system" / "chinese-ten-server.service").read_text(encoding="utf-8")
    exec_start = re.search(r"^ExecStart=(.+)$", unit, re.MULTILINE)
    assert exec_start is not None
    command = exec_start.group(1).replace("/opt/", f"{machine}/opt/").replace("/var/lib/", f"{machine}/var/lib/")
    words = shlex.split(command.replace("--port 47110", f"--port {server_port}"))
    assert f"--public-url {public}" in command
    server, _ = start_server(words, tmp_path / "server.log")
    caddy = None
    try:
        installed = (machine / "etc" / "caddy" / "Caddyfile").read_text(encoding="utf-8")
        assert f"\n127.0.0.1:{port} {{\n" in installed
        pages = machine / PAGES.lstrip("/")
        assert (pages / "table-down.html").is_file()
        caddy = start_caddy(tmp_path / "caddy", loopback_caddyfile(installed, f"127.0.0.1:{port}", {47110: server_port},
                                                                    pages), port)
        said = re.search(r"Debian's\s+Caddy keeps at `(/var/lib/caddy/\.local/share/)(caddy/pki/[^`]+)`",
                         DOCS.read_text(encoding="utf-8"))
        assert said is not None and caddy.root_certificate.as_posix().endswith("/" + said.group(2))
        monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
        context = ssl.create_default_context(cafile=str(caddy.root_certificate))
        with urllib.request.urlopen(public + "/healthz", context=context, timeout=30) as answer:
            assert answer.read() == b"ok\n"
        players = play_a_match(public, (11, 12), timeout=120)
        for player in players:
            assert player.errors == []
            assert [f for f in player.frames if f.get("type") == "match_over"]
    finally:
        if caddy is not None:
            caddy.stop()
        end(server)
