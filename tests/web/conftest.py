"""Fixtures for the web seat's tests: the browsers kept between them are closed when the test process ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.web.webkit import quit_kept_browsers


@pytest.fixture(scope="session", autouse=True)
def close_kept_browsers() -> Iterator[None]:
    """Quit the browsers :func:`tests.web.webkit.browser` kept, once every test of this process has run."""
    yield
    quit_kept_browsers()
