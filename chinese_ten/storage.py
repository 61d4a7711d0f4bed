"""Files the game keeps for the person, written so that no crash, full disk
or second running copy can leave them half-written or lose them.

A file is replaced in one step: the new bytes go to a temporary file in the
same folder, are flushed to the disk, and the temporary file is renamed over
the old one.  A file that is a symbolic link is written through to its
target.  Temporary files left behind by a killed process are removed later,
and a damaged file is kept aside under a dated name instead of being lost.
A lock file lets two running copies take turns.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Final

__all__ = [
    "FileLock",
    "LOCK_WAIT_SECONDS",
    "REPLACE_DELAYS",
    "STALE_TEMP_SECONDS",
    "atomic_write",
    "clean_stale_temporaries",
    "locked",
    "move_aside",
    "resolve",
    "try_lock",
]

_log = logging.getLogger("chinese_ten.storage")

STALE_TEMP_SECONDS: Final[float] = 60.0
"""A temporary file of ours older than this was left by a process that died."""

REPLACE_DELAYS: Final[tuple[float, ...]] = (0.01, 0.02, 0.05, 0.1, 0.2, 0.4)
"""Pauses, in seconds, between attempts to rename over a file that another
program (a virus scanner, a search indexer, a sync client) briefly holds."""

LOCK_WAIT_SECONDS: Final[float] = 2.0
"""How long ``locked`` waits for another running copy to finish."""

_TEMP_SUFFIX: Final[str] = ".tmp"
_pause: Callable[[float], None] = time.sleep  # replaced in tests


APP_NAME: Final[str] = "ChineseTen"
"""The name the platform's per-user folders are made under."""


def user_folder(override: str | os.PathLike[str] | None, env: str, kind: str, option: str) -> Path:
    """One of the game's folders: ``override`` (the command line's ``option``), else the environment
    variable ``env``, else the platform's per-user folder of ``kind`` (``config``, ``data`` or ``log``).

    An empty name, given or in the environment, names no folder: ``ValueError`` says so. The folder is
    not created here.
    """
    if override is not None:
        if not os.fspath(override):
            raise ValueError(f"{option}: expected a folder, not an empty name")
        return Path(override).expanduser()
    from_env = os.environ.get(env)
    if from_env is not None:
        if not from_env:
            raise ValueError(f"{env} is set to an empty name; give it a folder or unset it")
        return Path(from_env).expanduser()
    import platformdirs

    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    return Path({"config": dirs.user_config_dir, "data": dirs.user_data_dir, "log": dirs.user_log_dir}[kind])


def resolve(path: Path) -> Path:
    """The file ``path`` stands for: the target of a symbolic link, else itself.

    Writing to the result keeps a link in place and updates what it points
    to.  A link to something that is not a regular file (a folder, a device)
    or that points in a circle is taken as it is, so it is never written
    through.  A link to a missing file stands for that file.
    """
    path = Path(path)
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        return target
    except OSError:
        return path
    return target if stat.S_ISREG(mode) else path


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def atomic_write(path: Path, data: bytes, *, keep_old: bool = False) -> Path | None:
    """Replace the file at ``path`` with ``data`` in one step.

    Creates the folder if needed.  Either the new bytes are all in place, or
    the previous file is left exactly as it was and ``OSError`` is raised; no
    temporary file is left behind.  With ``keep_old``, the file being replaced
    is first kept under a dated name (see ``move_aside``), and its new path is
    returned; if it cannot be kept, nothing is replaced.  A rename refused
    because another program holds the file is tried again for a moment.
    """
    target = resolve(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(
        prefix=_temp_prefix(target), suffix=_TEMP_SUFFIX, dir=target.parent
    )
    kept: Path | None = None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_old and os.path.lexists(target):
            kept = move_aside(target)
        _replace(temp_name, target)
    except BaseException:
        if kept is not None:
            _put_back(kept, target)
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    _sync_folder(target.parent)
    return kept


def _replace(source: str, target: Path) -> None:
    """``os.replace``, tried again while another program holds the file."""
    for delay in REPLACE_DELAYS:
        try:
            os.replace(source, target)
            return
        except PermissionError as problem:  # Windows: WinError 5 or 32
            _log.info("%s is held by another program (%s); trying again", target, problem)
            _pause(delay)
    os.replace(source, target)


def _put_back(kept: Path, target: Path) -> None:
    """Undo ``move_aside`` after a failed replace, so the old file stays in use."""
    if os.path.lexists(target):
        return
    try:
        os.rename(kept, target)
    except OSError as problem:
        _log.warning("Could not put %s back as %s: %s", kept, target, problem)


def _sync_folder(folder: Path) -> None:
    """Make a rename itself durable where the system allows it."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(folder_fd)
    except OSError:
        pass
    finally:
        os.close(folder_fd)


def move_aside(path: Path) -> Path:
    """Rename a file (or what it links to) to a free ``<name>.bad-<date>-<time>`` name.

    The file is kept in its own folder, never deleted; a counter is added
    when the dated name is taken.  Returns the new path; raises ``OSError``
    when the file cannot be renamed.
    """
    source = resolve(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{source.name}.bad-{stamp}"
    for counter in range(1, 1000):
        kept = source.with_name(base if counter == 1 else f"{base}-{counter}")
        if os.path.lexists(kept):
            continue
        try:
            os.rename(source, kept)
        except FileExistsError:  # Windows, if the name was taken meanwhile
            continue
        _log.warning("Moved damaged file %s to %s", source, kept)
        return kept
    raise FileExistsError(f"no free name to keep {source} aside")


def clean_stale_temporaries(path: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove temporary files that ``atomic_write`` left for ``path`` when killed.

    Only regular files named as ``atomic_write`` names them, and only those
    unchanged for ``older_than`` seconds (a running copy's save takes far
    less), are removed.  Returns what was removed; never raises.
    """
    target = resolve(path)
    pattern = re.compile(re.escape(_temp_prefix(target)) + r"[A-Za-z0-9_]{8}" + re.escape(_TEMP_SUFFIX))
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError as problem:
            _log.info("Could not remove %s: %s", entry.path, problem)
            continue
        removed.append(Path(entry.path))
    if removed:
        _log.info("Removed %d unfinished temporary file(s) beside %s", len(removed), target)
    return removed


# --------------------------------------------------------------------------
# Taking turns with another running copy
# --------------------------------------------------------------------------


class FileLock:
    """An exclusive lock on a lock file, held until ``release``.

    The operating system drops it when the process ends, however it ends,
    so a killed copy never leaves the file locked.
    """

    def __init__(self, descriptor: int, path: Path) -> None:
        self._descriptor: int | None = descriptor
        self.path: Path = path
        """The lock file."""

    def release(self) -> None:
        """Let the next copy in; calling it again does nothing."""
        descriptor, self._descriptor = self._descriptor, None
        if descriptor is None:
            return
        try:
            _unlock(descriptor)
        except OSError:
            pass
        finally:
            os.close(descriptor)


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int) -> bool:
        os.lseek(descriptor, 0, os.SEEK_SET)
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)


def try_lock(lock_path: Path) -> FileLock | None:
    """Take the lock at ``lock_path`` if no one holds it, else return None.

    Creates the lock file (and its folder) when missing; raises ``OSError``
    when that is impossible.
    """
    lock_path = Path(lock_path)
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    try:
        taken = _lock(descriptor)
    except BaseException:
        os.close(descriptor)
        raise
    if not taken:
        os.close(descriptor)
        return None
    return FileLock(descriptor, lock_path)


@contextmanager
def locked(path: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[FileLock]:
    """Hold the lock that guards ``path`` (``.<name>.lock`` beside it).

    Waits up to ``wait`` seconds for another running copy to let go, then
    raises ``TimeoutError`` (an ``OSError``).
    """
    target = resolve(path)
    lock_path = target.with_name(f".{target.name}.lock")
    deadline = time.monotonic() + wait
    delay = 0.005
    while True:
        lock = try_lock(lock_path)
        if lock is not None:
            break
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{target} is being written by another running copy")
        _pause(delay)
        delay = min(delay * 2, 0.01)  # often enough that a copy saving again and again cannot starve this one
    try:
        yield lock
    finally:
        lock.release()


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction on ``db``, taking the write lock at once: committed when the block ends,
    rolled back (and the error raised again) when it fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
