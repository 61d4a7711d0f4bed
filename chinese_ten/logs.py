"""The game's log file and the plain-language crash report.

Problems are written to ``chinese-ten.log`` in the per-user log folder, with
the log rotated so it never grows without bound.  Nothing here raises: when
the folder can't be used, messages go to the terminal instead.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import Final

import platformdirs

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

_FORMAT: Final[str] = "%(asctime)s %(levelname)s %(name)s: %(message)s"

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
"""The shape of ``sys.excepthook``."""

# Handlers added by setup_logging, so a second call replaces rather than adds.
_our_handlers: list[logging.Handler] = []


def log_dir(override: str | None = None) -> Path:
    """The folder for the log file.

    ``override`` wins, then the ``CHINESE_TEN_LOG_DIR`` environment variable,
    then the usual per-user log folder.  An empty value counts as not given.
    The folder is not created here.
    """
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(LOG_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.PlatformDirs("ChineseTen", appauthor=False).user_log_dir)


def _terminal_handler() -> logging.Handler:
    # A windowed program may have no stderr at all.
    if sys.stderr is None:
        return logging.NullHandler()
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter(_FORMAT))
    return handler


def setup_logging(folder: Path | None = None) -> Path | None:
    """Send the game's log to ``chinese-ten.log`` in ``folder``; never raises.

    Uses ``log_dir()`` when no folder is given.  Information, warnings and
    errors go to the file (rotated at about 1 MB, three old files kept);
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
        target.mkdir(parents=True, exist_ok=True)
        path = target / LOG_FILENAME
        file_handler = RotatingFileHandler(
            path, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except (OSError, ValueError) as problem:
        logger.warning("Can't write a log file (%s); logging to the terminal only.", problem)
        return None
    file_handler.setLevel(logging.INFO)
    file_handler.setFormatter(logging.Formatter(_FORMAT))
    logger.addHandler(file_handler)
    _our_handlers.append(file_handler)
    return path


def _game_version() -> str:
    # The package's own attribute: a frozen app carries no package metadata.
    from . import __version__

    return __version__


def crash_report(exc: BaseException, log_path: Path | None) -> str:
    """Log ``exc`` with its traceback and return what to tell the person.

    The returned text is plain language, without the traceback, and names
    the log file when there is one.  Never raises.
    """
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
    message = "Chinese Ten hit an unexpected problem and has to close."
    if log_path is not None:
        message += f" Details were written to {log_path}."
    return message


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
