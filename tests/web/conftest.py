"""What every browser test shares: a table server of its own on a thread, its tables in the test's folder; and the
browsers lent to the tests of one process (webkit's :func:`browser`), closed after the last."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.netkit import ServerThread
from tests.web.webkit import close_idle_browsers


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """A table server on loopback (a free port), stopped after the test."""
    running = ServerThread(tmp_path / "tables", pool=False)
    yield running
    running.stop()


CLOCK_SCALE = 0.4
"""The fraction of its seconds a turn clock really runs on :func:`quick_clock_server` (a server option for tests
only): a 15 s clock, the shortest the contract has, really gives 6 s."""


@pytest.fixture
def quick_clock_server(tmp_path: Path) -> Iterator[ServerThread]:
    """A table server like :func:`server` whose turn clocks really run :data:`CLOCK_SCALE` of their seconds."""
    running = ServerThread(tmp_path / "tables", pool=False, clock_scale=CLOCK_SCALE)
    yield running
    running.stop()


@pytest.fixture(scope="session", autouse=True)
def idle_browsers_closed() -> Iterator[None]:
    """The browsers lent to this process's tests are closed once they have all run."""
    yield
    close_idle_browsers()
