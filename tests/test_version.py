"""The game's version is written once, in ``chinese_ten.__version__``, and read from there."""

from __future__ import annotations

import importlib.metadata
import logging
import re
import tomllib
from pathlib import Path

import pytest

import chinese_ten
from chinese_ten import logs

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_a_dotted_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", chinese_ten.__version__)


def test_pyproject_reads_the_version_from_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "chinese_ten/__init__.py"


def test_the_installed_metadata_carries_the_package_version() -> None:
    assert importlib.metadata.version("chinese-ten") == chinese_ten.__version__


def test_a_crash_report_names_the_version_without_package_metadata(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # A frozen app has no package metadata: looking it up fails there.
    def no_metadata(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", no_metadata)
    with caplog.at_level(logging.CRITICAL, logger=logs.LOGGER_NAME):
        logs.crash_report(RuntimeError("boom"), None)
    assert f"Chinese Ten {chinese_ten.__version__}," in caplog.text
    assert "unknown" not in caplog.text
