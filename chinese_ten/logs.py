"""The game's log file and the plain-language crash report.

Problems are written to ``chinese-ten.log`` in the per-user log folder, with
the log rotated so it never grows without bound.  Each running copy of the
game has a log file of its own (a second copy writes ``chinese-ten-2.log``),
so copies never rotate each other's files.  Nothing here raises, and a log
that can't be written never prints a traceback: messages go to the terminal
instead, and a crash report says the details could not be kept.
"""

from __future__ import annotations

import logging
import platform
import sys
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import Final


from chinese_ten import storage
from chinese_ten.storage import user_folder

__all__ = [
    "LOGGER_NAME",
    "LOG_DIR_ENV",
    "LOG_FILENAME",
    "crash_report",
    "install_excepthook",
    "log_dir",
    "setup_logging",
]

LOGGER_NAME: Final[str] = "chinese_ten"
"""Name of the logger the whole game writes to (and its children)."""

LOG_DIR_ENV: Final[str] = "CHINESE_TEN_LOG_DIR"
"""Environment variable that chooses the log folder."""

LOG_FILENAME: Final[str] = "chinese-ten.log"
"""Name of the log file inside the log folder."""

MAX_LOG_BYTES: Final[int] = 1_000_000
"""Size at which the log file is rotated."""

LOG_BACKUPS: Final[int] = 3
"""How many rotated log files are kept."""

LOG_FILES: Final[int] = 9
"""How many copies of the game running at once get a log file of their own."""

_FORMAT: Final[str] = "%(asctime)s %(levelname)s %(name)s: %(message)s"

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
"""The shape of ``sys.excepthook``."""

# Handlers added by setup_logging, so a second call replaces rather than adds.
_our_handlers: list[logging.Handler] = []


def log_dir(override: str | None = None) -> Path:
    """The folder for the log file: ``override``, else the ``CHINESE_TEN_LOG_DIR`` environment variable,
    else the usual per-user log folder. An empty name is refused with ``ValueError``. The folder is not
    created here.
    """
    return user_folder(override, LOG_DIR_ENV, "log", "the log folder")


def _terminal_handler() -> logging.Handler:
    # A windowed program may have no stderr at all.
    if sys.stderr is None:
        return logging.NullHandler()
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter(_FORMAT))
    return handler


def _log_filename(number: int) -> str:
    """``chinese-ten.log`` for the first running copy, ``chinese-ten-N.log`` for others."""
    if number == 1:
        return LOG_FILENAME
    stem, dot, suffix = LOG_FILENAME.rpartition(".")
    return f"{stem}-{number}{dot}{suffix}"


class _LogFile(RotatingFileHandler):
    """The log file of this running copy: rotated, and quiet when it fails.

    Holds the lock that keeps other copies off this file until closed.  A
    record that can't be written is counted in ``failures`` instead of
    printing a traceback; the terminal hears of it once, in one line.
    """

    def __init__(self, path: Path, lock: storage.FileLock | None) -> None:
        super().__init__(path, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS,
                         encoding="utf-8", errors="backslashreplace")
        self._file_lock = lock
        self.failures = 0
        """How many records or flushes could not be written."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Count a failure to write; say so once on the terminal, in one line.

        Any other problem with a record (a message that can't be formatted)
        is left to the terminal's own handler, which sees the same record.
        """
        problem = sys.exc_info()[1]
        if isinstance(problem, OSError):
            self._failed(problem)

    def flush(self) -> None:
        """Flush, counting a failure instead of raising it."""
        try:
            super().flush()
        except Exception as problem:  # noqa: BLE001 - a full disk must not stop the game
            self._failed(problem)

    def _failed(self, problem: BaseException | None) -> None:
        self.failures += 1
        if self.failures == 1 and sys.stderr is not None:
            try:
                print(f"Can't write the log file {self.baseFilename} ({problem}); "
                      f"problems go to the terminal only.", file=sys.stderr)
            except Exception:  # noqa: BLE001 - nowhere left to say it
                pass

    def close(self) -> None:
        """Close the file and let another copy use it; never raises."""
        try:
            super().close()
        except Exception as problem:  # noqa: BLE001 - the last flush hit a full disk
            self._failed(problem)
        finally:
            if self._file_lock is not None:
                self._file_lock.release()
                self._file_lock = None


def _open_log_file(folder: Path) -> _LogFile:
    """The first log file in ``folder`` that no other running copy is using.

    Raises ``OSError`` or ``ValueError`` when the folder can't be used, and
    ``OSError`` when every log file is taken.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, LOG_FILES + 1):
        path = folder / _log_filename(number)
        try:
            lock = storage.try_lock(folder / f".{path.name}.lock")
        except OSError:
            # No lock file can be made (a full disk, say): use the first log
            # file unguarded rather than none at all.
            return _LogFile(folder / LOG_FILENAME, None)
        if lock is None:
            continue
        try:
            return _LogFile(path, lock)
        except BaseException:
            lock.release()
            raise
    raise OSError(f"{LOG_FILES} running copies already use the log files in {folder}")


def setup_logging(folder: Path | None = None) -> Path | None:
    """Send the game's log to a file in ``folder``; never raises.

    Uses ``log_dir()`` when no folder is given.  The file is
    ``chinese-ten.log``, or ``chinese-ten-2.log`` and so on when other running
    copies of the game already use the earlier ones.  Information, warnings
    and errors go to the file (rotated at about 1 MB, three old files kept);
    warnings and errors also go to the terminal when there is one.  Returns
    the log file's path, or None when the folder can't be created or written,
    in which case the terminal is the only destination.  Calling it again
    replaces the previous setup.
    """
    logger = logging.getLogger(LOGGER_NAME)
    for old in _our_handlers:
        logger.removeHandler(old)
        try:
            old.close()
        except Exception:  # closing a broken stream must not stop setup
            pass
    _our_handlers.clear()
    logger.setLevel(logging.INFO)

    terminal = _terminal_handler()
    logger.addHandler(terminal)
    _our_handlers.append(terminal)

    try:
        target = Path(folder) if folder is not None else log_dir()
        file_handler = _open_log_file(target)
    except (OSError, ValueError) as problem:
        logger.warning("Can't write a log file (%s); logging to the terminal only.", problem)
        return None
    file_handler.setLevel(logging.INFO)
    file_handler.setFormatter(logging.Formatter(_FORMAT))
    logger.addHandler(file_handler)
    _our_handlers.append(file_handler)
    return Path(file_handler.baseFilename)


def _log_failures(log_path: Path | None) -> int | None:
    """How often writing to the log file at ``log_path`` failed; None if it is not ours."""
    if log_path is None:
        return None
    for handler in _our_handlers:
        if isinstance(handler, _LogFile) and Path(handler.baseFilename) == Path(log_path).absolute():
            return handler.failures
    return None


def _game_version() -> str:
    # The package's own attribute: a frozen app carries no package metadata.
    from chinese_ten import __version__

    return __version__


_LONGEST_ERROR: Final[int] = 200
"""Characters of an error's text shown to the person when the log missed it."""


def _error_line(exc: BaseException) -> str:
    """``Type: message`` on one short line."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= _LONGEST_ERROR else text[: _LONGEST_ERROR - 3] + "..."


def crash_report(exc: BaseException, log_path: Path | None) -> str:
    """Log ``exc`` with its traceback and return what to tell the person.

    The returned text is plain language, without the traceback, and names
    the log file when the details reached it.  When they could not be
    written there (no log file, a full disk), it says so and ends with the
    error itself on one line.  Never raises.
    """
    before = _log_failures(log_path)
    try:
        logger = logging.getLogger(LOGGER_NAME)
        logger.critical(
            "Unexpected problem; the game has to close "
            "(Chinese Ten %s, Python %s, %s).",
            _game_version(),
            platform.python_version(),
            platform.platform(),
            exc_info=(type(exc), exc, exc.__traceback__),
        )
        for handler in logger.handlers:
            handler.flush()
    except Exception:  # the report must reach the person even if logging fails
        pass
    after = _log_failures(log_path)
    message = "Chinese Ten hit an unexpected problem and has to close."
    if log_path is not None and before is not None and after == before:
        return message + f" Details were written to {log_path}."
    try:
        error = _error_line(exc)
    except Exception:  # noqa: BLE001 - an exception whose text can't be made
        error = type(exc).__name__
    if log_path is not None:
        return message + f" The details could not be written to {log_path}. The problem: {error}"
    return message + f" The problem: {error}"


def install_excepthook(log_path: Path | None) -> ExceptHook:
    """Make uncaught exceptions go to the log, with a plain message on stderr.

    Ctrl+C (``KeyboardInterrupt``) is passed to the previous hook unchanged.
    Returns the previous ``sys.excepthook`` so it can be put back.
    """
    previous: ExceptHook = sys.excepthook

    def report_uncaught(
        exc_type: type[BaseException],
        exc: BaseException,
        traceback: TracebackType | None,
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            previous(exc_type, exc, traceback)
            return
        if exc.__traceback__ is None and traceback is not None:
            exc = exc.with_traceback(traceback)
        message = crash_report(exc, log_path)
        if sys.stderr is not None:
            try:
                print(message, file=sys.stderr)
            except Exception:
                pass

    sys.excepthook = report_uncaught
    return previous
