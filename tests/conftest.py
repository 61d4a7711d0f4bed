"""Fixtures for every test: the kept matches, the settings and the log live in private folders, never in the
person's nor in another test's (tests run side by side in several processes, see pyproject.toml); and
Hypothesis judges examples by their outcome, never by how fast a busy machine ran them."""

from __future__ import annotations

import compileall
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("chinese-ten", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("chinese-ten")


@pytest.fixture(scope="session")
def private_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of this test process under which every test's private folders are made."""
    return tmp_path_factory.mktemp("private")


@pytest.fixture(autouse=True)
def private_data_dir(private_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point ``CHINESE_TEN_DATA_DIR``, ``CHINESE_TEN_SETTINGS_DIR`` and ``CHINESE_TEN_LOG_DIR`` (for this process
    and its children) at fresh folders of this test's own. Their names are random: a numbered name (pytest's
    ``mktemp``) is found by reading the whole folder, which holds every earlier test's, so each took longer
    than the last: the folders of 1,300 tests (a process's share), with each test's own ``tmp_path``, took 8.7 s
    to make by numbered names and 1.0 s by random ones."""
    for variable, name in (("CHINESE_TEN_DATA_DIR", "data"), ("CHINESE_TEN_SETTINGS_DIR", "settings"),
                           ("CHINESE_TEN_LOG_DIR", "logs")):
        monkeypatch.setenv(variable, tempfile.mkdtemp(prefix=f"{name}-", dir=private_root))


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """Every test starts in English and leaves English behind: a test that chose another language (a window in
    Chinese, a pseudo-language run) never changes the words of the next test in its process."""
    from chinese_ten.i18n import use_language

    use_language("en")
    yield
    use_language("en")


def pytest_configure(config: pytest.Config) -> None:
    """Compile the game's modules once, before the test processes start: the many programs the tests run
    (servers, demos, the command line) then load them compiled instead of each compiling them again (as they
    would where ``PYTHONDONTWRITEBYTECODE`` is set, which stops Python writing what it compiles)."""
    if not hasattr(config, "workerinput"):  # the process that starts the others, or the only one
        compileall.compile_dir(Path(__file__).parent.parent / "chinese_ten", quiet=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked ``slow`` first (in their order, the others after in theirs): xdist hands tests out in
    this order, so the longest start while the short ones fill the other core, rather than one of them starting
    last and the run waiting on it alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
