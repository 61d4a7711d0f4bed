"""Fixtures for every test: the kept matches live in a private folder, never in the person's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point ``CHINESE_TEN_DATA_DIR`` (for this process and its children) at a fresh folder."""
    monkeypatch.setenv("CHINESE_TEN_DATA_DIR", str(tmp_path_factory.mktemp("data")))
