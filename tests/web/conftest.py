"""What every browser test shares: a table server of its own on a thread, its tables in the test's folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.netkit import ServerThread


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """A table server on loopback (a free port), stopped after the test."""
    running = ServerThread(tmp_path / "tables", pool=False)
    yield running
    running.stop()
