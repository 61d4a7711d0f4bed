"""The kit for running a table server on the internet (packaging/server/): the proxy's configurations are
valid Caddyfiles, and every command line the kit runs is one the server takes."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from chinese_ten.cli import build_parser
from tests.net.caddykit import CADDY, needs_caddy

KIT = Path(__file__).resolve().parent.parent / "packaging" / "server"


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


def test_the_containers_command_with_the_documented_options_is_one_the_server_takes() -> None:
    text = (KIT / "Containerfile").read_text(encoding="utf-8")
    entry = re.search(r"^ENTRYPOINT (\[.+\])$", text, re.MULTILINE)
    assert entry is not None
    run = re.search(r"chinese-ten-server \\\n#\s+(.+)$", text, re.MULTILINE)
    assert run is not None, "the Containerfile shows how to run it with its options"
    args = _serve_arguments(json.loads(entry.group(1)) + shlex.split(run.group(1)))
    assert args["host"] == "0.0.0.0" and args["port"] == 47110 and str(args["data_dir"]) == "/data"
    assert args["public_url"] == "https://tables.example.org"


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.shards"])
def test_the_servers_each_caddyfile_names_take_the_kits_options(name: str) -> None:
    text = (KIT / name).read_text(encoding="utf-8")
    commands = re.findall(r"^#\s+(chinese-ten serve .+?)(?<!\\)$", text.replace("\\\n#", ""), re.MULTILINE)
    assert commands
    for command in commands:
        args = _serve_arguments(shlex.split(command))
        assert args["public_url"] == "https://tables.example.org"
