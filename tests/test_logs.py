"""Tests for chinese_ten.logs: the log file and the crash report."""

from __future__ import annotations

import logging
import os
import re
import subprocess
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
    with pytest.raises(ValueError, match="empty name"):
        log_dir("")


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
    assert message == (
        "Chinese Ten hit an unexpected problem and has to close. "
        "The problem: ZeroDivisionError: the pile was empty"
    )
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


# --------------------------------------------------------------------------
# Two running copies
# --------------------------------------------------------------------------

HOLD_THE_LOG = """
import sys
from pathlib import Path
from chinese_ten.logs import setup_logging
print(setup_logging(Path(sys.argv[1])), flush=True)
sys.stdin.readline()
"""


def test_a_second_running_copy_writes_a_log_file_of_its_own(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    first = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOG, str(folder)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert first.stdout is not None
        assert first.stdout.readline().strip() == str(folder / LOG_FILENAME)
        assert setup_logging(folder) == folder / "chinese-ten-2.log"
        logging.getLogger(LOGGER_NAME).warning("from the second copy")
        flush()
        assert "from the second copy" in (folder / "chinese-ten-2.log").read_text("utf-8")
        assert "from the second copy" not in (folder / LOG_FILENAME).read_text("utf-8")
    finally:
        first.communicate("\n")
    # Once the first copy has closed, the usual file is free again.
    assert setup_logging(folder) == folder / LOG_FILENAME


def test_setting_up_again_keeps_the_same_file(tmp_path: Path) -> None:
    assert setup_logging(tmp_path) == tmp_path / LOG_FILENAME
    assert setup_logging(tmp_path) == tmp_path / LOG_FILENAME


LOG_MANY_LINES = """
import logging, sys
from pathlib import Path
from chinese_ten import logs
logs.MAX_LOG_BYTES = 10_000
logs.setup_logging(Path(sys.argv[1]))
log = logging.getLogger(logs.LOGGER_NAME)
print("ready", flush=True)
sys.stdin.readline()
for number in range(300):
    log.info("copy %s line %04d %s", sys.argv[2], number, "." * 40)
print("done", flush=True)
"""


def test_two_copies_logging_at_once_lose_no_lines_and_print_no_errors(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    copies = [
        subprocess.Popen(
            [sys.executable, "-c", LOG_MANY_LINES, str(folder), tag],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for tag in ("A", "B")
    ]
    errors = []
    try:
        for copy in copies:
            assert copy.stdout is not None and copy.stdout.readline().strip() == "ready"
        for copy in copies:
            assert copy.stdin is not None
            copy.stdin.write("go\n")
            copy.stdin.flush()
        for copy in copies:
            assert copy.stdout is not None and copy.stdout.readline().strip() == "done"
    finally:
        for copy in copies:
            errors.append(copy.communicate()[1])
    assert errors == ["", ""]
    assert len(list(folder.glob("*.log.*"))) >= 4, "the logs were rotated"
    text = "".join(path.read_text("utf-8") for path in folder.glob("chinese-ten*.log*"))
    for tag in ("A", "B"):
        numbers = sorted(int(n) for n in re.findall(rf"copy {tag} line (\d+)", text))
        assert numbers == list(range(300)), f"lines of copy {tag} were lost"


# --------------------------------------------------------------------------
# A log that can't be written
# --------------------------------------------------------------------------


@pytest.fixture
def full_log(tmp_path: Path) -> Path:
    """A log folder whose log file is a full disk."""
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / LOG_FILENAME).symlink_to("/dev/full")
    return folder


def test_crash_on_a_full_disk_says_the_log_could_not_be_written(
    full_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = setup_logging(full_log)
    assert path == full_log / LOG_FILENAME
    message = crash_report(caught(), path)
    assert message == (
        "Chinese Ten hit an unexpected problem and has to close. "
        f"The details could not be written to {path}. "
        "The problem: ZeroDivisionError: the pile was empty"
    )
    assert "Details were written" not in message


def test_a_full_disk_prints_one_line_and_no_logging_tracebacks(
    full_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging(full_log)
    log = logging.getLogger(LOGGER_NAME)
    for number in range(5):
        log.info("line %d", number)
    flush()
    err = capsys.readouterr().err
    assert "Logging error" not in err
    assert "Traceback" not in err
    assert err.count("Can't write the log file") == 1
    assert len(err.splitlines()) == 1


def test_crash_message_cuts_a_huge_error_short(tmp_path: Path) -> None:
    message = crash_report(ValueError("x" * 100_000), None)
    assert "ValueError: xxx" in message
    assert len(message) < 400
    assert "\n" not in message


def test_text_that_is_not_valid_unicode_still_reaches_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = setup_logging(tmp_path)
    assert path is not None
    # Kept from pytest's own capture of log records, whose report (sent between the test processes as UTF-8)
    # could not carry the lone surrogate; the game's log file is what is checked.
    monkeypatch.setattr(logging.getLogger(LOGGER_NAME), "propagate", False)
    logging.getLogger(LOGGER_NAME).info("a note with a lone surrogate \ud83c in it")
    flush()
    assert "a note with a lone surrogate \\ud83c in it" in path.read_text("utf-8")
    assert "Logging error" not in capsys.readouterr().err
