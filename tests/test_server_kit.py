"""The kit for running a table server on the internet (packaging/server/): the proxy's configurations are
valid Caddyfiles, every command line the kit runs is one the server takes, the container's image is pinned and
checks its health, the wheel is installed only when it is the one there, and what the docs promise of the
descriptor limit and of a power loss is what the unit and the store do."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.cli import build_parser
from chinese_ten.net.store_sqlite import CHECKPOINT_SECONDS, SqliteStore
from tests.kitrun import KIT
from tests.net.caddykit import CADDY, needs_caddy
from tests.net.netkit import ServerThread

DOCS = KIT.parent.parent / "docs" / "table-server.md"


def _serve_arguments(words: list[str]) -> dict[str, object]:
    assert words[0].endswith("chinese-ten") and words[1] == "serve", words
    return vars(build_parser().parse_args(words[1:]))


@needs_caddy
@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.shards"])
def test_each_caddyfile_of_the_kit_is_one_caddy_reads(name: str, tmp_path: Path) -> None:
    assert CADDY is not None
    done = subprocess.run([CADDY, "adapt", "--config", str(KIT / name), "--adapter", "caddyfile"], capture_output=True,
                          text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    config = json.loads(done.stdout)
    routes = json.dumps(config["apps"]["http"])
    assert "reverse_proxy" in routes
    assert "tables.example.org" in routes


def test_the_services_command_is_one_the_server_takes() -> None:
    unit = (KIT / "chinese-ten-server.service").read_text(encoding="utf-8")
    line = re.search(r"^ExecStart=(.+)$", unit, re.MULTILINE)
    assert line is not None
    args = _serve_arguments(shlex.split(line.group(1)))
    assert args["host"] == "127.0.0.1" and args["port"] == 47110
    assert str(args["data_dir"]) == "/var/lib/chinese-ten"
    assert args["public_url"] == "https://tables.example.org"
    assert "StateDirectory=chinese-ten" in unit and "DynamicUser=yes" in unit


def _container_runs() -> dict[str, dict[str, object]]:
    """Each ``run`` line the Containerfile shows, by its program and network, as the server takes its entry point
    followed by the line's options."""
    text = (KIT / "Containerfile").read_text(encoding="utf-8")
    entry = re.search(r"^ENTRYPOINT (\[.+\])$", text, re.MULTILINE)
    assert entry is not None
    runs = {}
    for line in re.findall(r"^#\s+((?:docker|podman) run .+?)$", text.replace("\\\n#", ""), re.MULTILINE):
        words = shlex.split(line)
        image = words.index("chinese-ten-server")
        network = "host" if "--network" in words and words[words.index("--network") + 1] == "host" else "published"
        runs[f"{words[0]} {network}"] = _serve_arguments(json.loads(entry.group(1)) + words[image + 1:])
    return runs


def test_the_containers_run_lines_trust_the_proxy_where_each_network_puts_it() -> None:
    runs = _container_runs()
    assert set(runs) == {"docker published", "podman published", "podman host"}
    for args in runs.values():
        assert args["port"] == 47110 and str(args["data_dir"]) == "/data"
        assert args["public_url"] == "https://tables.example.org"
    assert runs["docker published"]["trust_proxy"] == ["172.17.0.1"]  # Docker's default bridge's gateway
    assert runs["podman published"]["trust_proxy"] == ["10.88.0.1"]  # rootful Podman's default network's gateway
    assert runs["docker published"]["host"] == runs["podman published"]["host"] == "0.0.0.0"
    # On the host's network the server must not listen on every address of the host, and the proxy is on loopback.
    assert runs["podman host"]["host"] == "127.0.0.1" and runs["podman host"]["trust_proxy"] == ["127.0.0.1"]


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.shards"])
def test_the_servers_each_caddyfile_names_take_the_kits_options(name: str) -> None:
    text = (KIT / name).read_text(encoding="utf-8")
    commands = re.findall(r"^#\s+(chinese-ten serve .+?)(?<!\\)$", text.replace("\\\n#", ""), re.MULTILINE)
    assert commands
    for command in commands:
        args = _serve_arguments(shlex.split(command))
        assert args["public_url"] == "https://tables.example.org"


def test_the_container_starts_from_a_pinned_image_and_has_a_healthcheck() -> None:
    text = (KIT / "Containerfile").read_text(encoding="utf-8")
    assert re.search(r"^FROM python:3\.11\.\d+-slim-[a-z]+@sha256:[0-9a-f]{64}$", text, re.MULTILINE), "one image, by digest"
    assert re.search(r"^USER chinese-ten$", text, re.MULTILINE) and "--uid 10001" in text
    assert "pygame" not in re.sub(r"^#.*$", "", text, flags=re.MULTILINE)  # the server's wheel goes in through the script
    assert re.search(r"^RUN sh /tmp/install-wheel\.sh python /tmp/dist ", text, re.MULTILINE)


def _healthcheck(port: int) -> int:
    """The exit status of the Containerfile's HEALTHCHECK command, run here against ``port``."""
    text = (KIT / "Containerfile").read_text(encoding="utf-8").replace("\\\n", "")
    check = re.search(r"^HEALTHCHECK .*? CMD (\[.+\])$", text, re.MULTILINE)
    assert check is not None
    words = [sys.executable if w == "python" else w.replace(":47110/", f":{port}/") for w in json.loads(check.group(1))]
    return subprocess.run(words, capture_output=True, timeout=60).returncode


def test_the_containers_healthcheck_passes_while_the_server_answers_and_fails_when_it_does_not(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "tables", pool=False)
    try:
        port = int(server.url.rsplit(":", 1)[1])
        assert _healthcheck(port) == 0
    finally:
        server.stop()
    assert _healthcheck(port) != 0


def _install(folder: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run install-wheel.sh for ``folder`` with an interpreter that only notes that it was run."""
    noted = tmp_path / "ran"
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\necho \"$@\" >> {shlex.quote(str(noted))}\n", encoding="utf-8")
    python.chmod(0o755)
    done = subprocess.run(["sh", str(KIT / "install-wheel.sh"), str(python), str(folder)], capture_output=True, text=True,
                          timeout=60)
    return done, noted


def test_installing_from_a_folder_of_two_wheels_stops_with_one_line_and_installs_nothing(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    for version in ("1.4.0", "1.5.0"):
        (dist / f"chinese_ten-{version}-py3-none-any.whl").write_bytes(b"")
    done, noted = _install(dist, tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "2 chinese_ten wheels" in done.stderr and "remove all but" in done.stderr
    assert not noted.exists()


def test_installing_from_a_folder_without_a_wheel_says_how_to_build_it(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    done, noted = _install(dist, tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and f"pip wheel --no-deps -w {dist} ." in done.stderr
    assert not noted.exists()


def test_the_unit_raises_the_descriptor_limit_and_the_docs_say_how_many_connections_it_holds() -> None:
    unit = (KIT / "chinese-ten-server.service").read_text(encoding="utf-8")
    limit = re.search(r"^LimitNOFILE=(\d+)$", unit, re.MULTILINE)
    assert limit is not None and int(limit.group(1)) >= 4096  # the default 1,024 is about the 1,000 connections sized
    docs = DOCS.read_text(encoding="utf-8")
    assert f"`LimitNOFILE={limit.group(1)}`" in docs
    held = re.search(r"a process holds\s+about ([\d,]+) connections", docs)
    assert held is not None and int(held.group(1).replace(",", "")) < int(limit.group(1))


def test_the_docs_say_what_a_power_loss_can_take_back_as_the_store_writes(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    try:
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    finally:
        store.close()
    docs = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "`synchronous=NORMAL`" in docs
    assert f"every {CHECKPOINT_SECONDS:g} seconds" in docs and f"the last {CHECKPOINT_SECONDS:g} seconds" in docs


def test_a_server_that_cannot_write_its_data_folder_says_so_in_one_line_naming_the_fix(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    folder = tmp_path / "tables"
    folder.mkdir()
    command = [sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir", str(folder)]
    uid = os.getuid()
    if uid == 0:  # root writes anywhere: the server runs as nobody, as a container's user meets a root-owned mount
        setpriv = shutil.which("setpriv")
        assert setpriv is not None, "util-linux's setpriv runs the server as another user"
        uid = 65534
        command = [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", *command]
    else:
        folder.chmod(0o555)
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"the data folder {folder} cannot be used" in done.stderr
    assert f"chown {uid} {folder}" in done.stderr
    assert not any(folder.iterdir())


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.shards"])
def test_each_caddyfile_lets_the_outage_page_run_its_one_script_and_nothing_else(name: str) -> None:
    page = (KIT / "table-down.html").read_text(encoding="utf-8")
    [script] = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policies = re.findall(r'header Content-Security-Policy "([^"]+)"', (KIT / name).read_text(encoding="utf-8"))
    assert policies == [f"default-src 'none'; script-src 'sha256-{digest}'; frame-ancestors 'none'"]
