"""Tests for chinese_ten.logs: the log file and the crash report."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs
import pytest

from chinese_ten.logs import (
    LOG_DIR_ENV,
    LOG_FILENAME,
    LOGGER_NAME,
    crash_report,
    install_excepthook,
    log_dir,
    setup_logging,
)


@pytest.fixture(autouse=True)
def _private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Keep every test away from the real folders, and undo logging setup."""
    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "env-logs"))
    monkeypatch.setenv("CHINESE_TEN_SETTINGS_DIR", str(tmp_path / "env-settings"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    logger = logging.getLogger(LOGGER_NAME)
    before = list(logger.handlers)
    level = logger.level
    yield
    for handler in list(logger.handlers):
        if handler not in before:
            logger.removeHandler(handler)
            handler.close()
    logger.setLevel(level)


def flush() -> None:
    for handler in logging.getLogger(LOGGER_NAME).handlers:
        handler.flush()


def fail_deep_inside() -> None:
    raise ZeroDivisionError("the pile was empty")


def caught() -> BaseException:
    try:
        fail_deep_inside()
    except ZeroDivisionError as exc:
        return exc
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------
# Where the log lives
# --------------------------------------------------------------------------


def test_log_dir_override_wins(tmp_path: Path) -> None:
    assert log_dir(str(tmp_path / "option")) == tmp_path / "option"


def test_log_dir_env_next(tmp_path: Path) -> None:
    assert log_dir() == tmp_path / "env-logs"
    assert log_dir("") == tmp_path / "env-logs"


def test_log_dir_platform_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOG_DIR_ENV, raising=False)
    expected = platformdirs.PlatformDirs("ChineseTen", appauthor=False).user_log_dir
    assert log_dir() == Path(expected)


# --------------------------------------------------------------------------
# Setting up
# --------------------------------------------------------------------------


def test_setup_logging_writes_to_file(tmp_path: Path) -> None:
    folder = tmp_path / "logs" / "nested"
    path = setup_logging(folder)
    assert path == folder / LOG_FILENAME
    logging.getLogger(f"{LOGGER_NAME}.engine").warning("a warning for the record")
    logging.getLogger(f"{LOGGER_NAME}.ui").error("an error for the record")
    flush()
    text = path.read_text("utf-8")
    assert "a warning for the record" in text
    assert "an error for the record" in text


def test_setup_logging_rotates(tmp_path: Path) -> None:
    path = setup_logging(tmp_path)
    assert path is not None
    rotating = [
        h for h in logging.getLogger(LOGGER_NAME).handlers if isinstance(h, RotatingFileHandler)
    ]
    assert len(rotating) == 1
    assert 0 < rotating[0].maxBytes <= 5_000_000
    assert rotating[0].backupCount >= 1


def test_setup_logging_uses_log_dir_by_default(tmp_path: Path) -> None:
    path = setup_logging()
    assert path == tmp_path / "env-logs" / LOG_FILENAME
    assert path.exists()


def test_setup_logging_twice_does_not_duplicate(tmp_path: Path) -> None:
    setup_logging(tmp_path / "first")
    path = setup_logging(tmp_path / "second")
    assert path is not None
    logging.getLogger(LOGGER_NAME).warning("only once")
    flush()
    assert path.read_text("utf-8").count("only once") == 1
    assert "only once" not in (tmp_path / "first" / LOG_FILENAME).read_text("utf-8")


def test_unwritable_log_folder_returns_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    assert setup_logging(blocker / "logs") is None
    assert setup_logging(blocker) is None
    # Logging still works, to the terminal only.
    logging.getLogger(LOGGER_NAME).error("still heard")
    assert "still heard" in capsys.readouterr().err
    message = crash_report(caught(), None)
    assert message == "Chinese Ten hit an unexpected problem and has to close."
    assert blocker.read_text() == "not a folder"


def test_no_terminal_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", None)
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    assert setup_logging(blocker / "logs") is None
    logging.getLogger(LOGGER_NAME).error("nowhere to go")
    assert crash_report(caught(), None).startswith("Chinese Ten hit")


# --------------------------------------------------------------------------
# Crash reports
# --------------------------------------------------------------------------


def test_crash_report_names_the_log_and_records_traceback(tmp_path: Path) -> None:
    path = setup_logging(tmp_path)
    assert path is not None
    message = crash_report(caught(), path)
    assert message == (
        "Chinese Ten hit an unexpected problem and has to close. "
        f"Details were written to {path}."
    )
    text = path.read_text("utf-8")
    assert "Traceback (most recent call last)" in text
    assert "fail_deep_inside" in text
    assert "ZeroDivisionError: the pile was empty" in text


def test_crash_report_without_log_file() -> None:
    message = crash_report(caught(), None)
    assert "Details" not in message
    assert message.startswith("Chinese Ten hit an unexpected problem")
    assert message.count("\n") <= 1


def test_excepthook_logs_uncaught_exceptions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    path = setup_logging(tmp_path)
    install_excepthook(path)
    exc = caught()
    sys.excepthook(type(exc), exc, exc.__traceback__)
    flush()
    assert path is not None
    text = path.read_text("utf-8")
    assert "fail_deep_inside" in text
    err = capsys.readouterr().err
    assert f"Details were written to {path}." in err


def test_excepthook_leaves_ctrl_c_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda t, e, tb: seen.append(t))
    path = setup_logging(tmp_path)
    previous = install_excepthook(path)
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    assert seen == [KeyboardInterrupt]
    flush()
    assert path is not None
    assert "KeyboardInterrupt" not in path.read_text("utf-8")
    assert previous is not sys.excepthook
