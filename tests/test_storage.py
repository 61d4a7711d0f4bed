"""Tests for chinese_ten.storage: atomic replacement, links, kept-aside files,
stale temporary files and the lock two running copies share."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from chinese_ten import storage

HOUR_AGO = time.time() - 3600


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def age(path: Path, when: float = HOUR_AGO) -> None:
    os.utime(path, (when, when), follow_symlinks=False)


# --------------------------------------------------------------------------
# Atomic replacement
# --------------------------------------------------------------------------


def test_atomic_write_creates_the_folder_and_file(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "data.json"
    assert storage.atomic_write(path, b"first") is None
    assert path.read_bytes() == b"first"
    assert names(path.parent) == ["data.json"]


def test_atomic_write_replaces_with_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    storage.atomic_write(path, b"first")
    before = path.stat().st_ino
    storage.atomic_write(path, b"second")
    assert path.read_bytes() == b"second"
    assert path.stat().st_ino != before
    assert names(tmp_path) == ["data.json"]


def test_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    storage.atomic_write(path, b"old")

    def disk_full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        storage.atomic_write(path, b"new", keep_old=True)
    assert path.read_bytes() == b"old"
    assert names(tmp_path) == ["data.json"]


def test_keep_old_keeps_the_replaced_file_under_a_dated_name(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    path.write_bytes(b"damaged")
    kept = storage.atomic_write(path, b"repaired", keep_old=True)
    assert kept is not None and kept.parent == tmp_path
    assert kept.name.startswith("data.json.bad-")
    assert kept.read_bytes() == b"damaged"
    assert path.read_bytes() == b"repaired"


def test_keep_old_puts_the_old_file_back_when_the_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    path.write_bytes(b"damaged")

    def refuse(*_args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        storage.atomic_write(path, b"repaired", keep_old=True)
    assert names(tmp_path) == ["data.json"]
    assert path.read_bytes() == b"damaged"


def test_keep_old_replaces_nothing_when_the_old_file_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    path.write_bytes(b"damaged")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(PermissionError):
        storage.atomic_write(path, b"repaired", keep_old=True)
    assert names(tmp_path) == ["data.json"]
    assert path.read_bytes() == b"damaged"


# --------------------------------------------------------------------------
# A file another program holds for a moment (Windows)
# --------------------------------------------------------------------------


def held_by_another_program(times: int, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Make the next ``times`` renames fail as Windows does; returns the pauses taken."""
    real_replace = os.replace
    refusals = [times]
    pauses: list[float] = []

    def replace(source: str, target: object) -> None:
        if refusals[0] > 0:
            refusals[0] -= 1
            # What Windows raises for WinError 32 (the file is in use).
            raise PermissionError(13, "The process cannot access the file because "
                                      "it is being used by another process")
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(storage, "_pause", pauses.append)
    return pauses


def test_rename_is_retried_with_growing_pauses_while_the_file_is_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    storage.atomic_write(path, b"old")
    pauses = held_by_another_program(3, monkeypatch)
    storage.atomic_write(path, b"new")
    assert path.read_bytes() == b"new"
    assert len(pauses) == 3
    assert pauses == sorted(pauses) and pauses[0] < pauses[-1]
    assert names(tmp_path) == ["data.json"]


def test_rename_held_too_long_gives_up_briefly_and_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    storage.atomic_write(path, b"old")
    pauses = held_by_another_program(1000, monkeypatch)
    with pytest.raises(PermissionError):
        storage.atomic_write(path, b"new")
    assert path.read_bytes() == b"old"
    assert names(tmp_path) == ["data.json"]
    assert 0 < sum(pauses) <= 1.0


def test_other_errors_are_not_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "data.json"
    pauses: list[float] = []
    monkeypatch.setattr(storage, "_pause", pauses.append)

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError):
        storage.atomic_write(path, b"new")
    assert pauses == []


# --------------------------------------------------------------------------
# Symbolic links
# --------------------------------------------------------------------------


def test_writing_a_link_writes_through_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "real.json"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "data.json"
    link.symlink_to(target)
    storage.atomic_write(link, b"new")
    assert link.is_symlink()
    assert target.read_bytes() == b"new"
    assert names(tmp_path) == ["data.json", "elsewhere"]
    assert names(target.parent) == ["real.json"]


def test_a_link_to_a_missing_file_creates_the_target(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    link = tmp_path / "data.json"
    link.symlink_to(target)
    storage.atomic_write(link, b"new")
    assert link.is_symlink()
    assert target.read_bytes() == b"new"


def test_a_link_to_a_folder_is_replaced_not_written_through(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    link = tmp_path / "data.json"
    link.symlink_to(folder)
    storage.atomic_write(link, b"new")
    assert not link.is_symlink()
    assert link.read_bytes() == b"new"
    assert folder.is_dir() and names(folder) == []


def test_moving_a_linked_file_aside_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "real.json"
    target.parent.mkdir()
    target.write_bytes(b"damaged")
    link = tmp_path / "data.json"
    link.symlink_to(target)
    kept = storage.atomic_write(link, b"repaired", keep_old=True)
    assert kept is not None and kept.parent == target.parent
    assert kept.read_bytes() == b"damaged"
    assert link.is_symlink() and link.read_bytes() == b"repaired"


# --------------------------------------------------------------------------
# Moving aside
# --------------------------------------------------------------------------


class _FixedClock(datetime):
    @classmethod
    def now(cls, tz: object = None) -> _FixedClock:  # type: ignore[override]
        return cls(2025, 3, 4, 5, 6, 7)


def test_move_aside_counts_up_when_the_name_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage, "datetime", _FixedClock)
    path = tmp_path / "data.db"
    path.write_bytes(b"one")
    assert storage.move_aside(path) == tmp_path / "data.db.bad-20250304-050607"
    path.write_bytes(b"two")
    assert storage.move_aside(path) == tmp_path / "data.db.bad-20250304-050607-2"
    assert (tmp_path / "data.db.bad-20250304-050607").read_bytes() == b"one"
    assert not path.exists()


def test_move_aside_of_a_missing_file_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        storage.move_aside(tmp_path / "nothing")


# --------------------------------------------------------------------------
# Temporary files left by a killed save
# --------------------------------------------------------------------------


def test_only_our_stale_temporaries_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    path.write_bytes(b"{}")
    stale = tmp_path / ".data.json.ab_cd123.tmp"
    fresh = tmp_path / ".data.json.zz9zz9zz.tmp"
    other_file = tmp_path / ".other.json.ab_cd123.tmp"
    not_like_ours = tmp_path / ".data.json.tmp"
    a_folder = tmp_path / ".data.json.folder12.tmp"
    for plain in (stale, fresh, other_file, not_like_ours):
        plain.write_bytes(b"partial")
    a_folder.mkdir()
    for old in (stale, other_file, not_like_ours, a_folder, path):
        age(old)

    removed = storage.clean_stale_temporaries(path)

    assert removed == [stale]
    assert names(tmp_path) == sorted(
        p.name for p in (path, fresh, other_file, not_like_ours, a_folder)
    )


def test_temporaries_are_cleaned_beside_a_links_target(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "real.json"
    target.parent.mkdir()
    target.write_bytes(b"{}")
    (tmp_path / "data.json").symlink_to(target)
    stale = target.parent / ".real.json.abcdefgh.tmp"
    stale.write_bytes(b"partial")
    age(stale)
    assert storage.clean_stale_temporaries(tmp_path / "data.json") == [stale]


def test_cleaning_a_missing_folder_does_nothing(tmp_path: Path) -> None:
    assert storage.clean_stale_temporaries(tmp_path / "missing" / "data.json") == []


# --------------------------------------------------------------------------
# The lock
# --------------------------------------------------------------------------


def test_lock_is_exclusive_until_released(tmp_path: Path) -> None:
    lock_path = tmp_path / "sub" / ".data.lock"
    first = storage.try_lock(lock_path)
    assert first is not None
    assert storage.try_lock(lock_path) is None
    first.release()
    first.release()  # a second release does nothing
    second = storage.try_lock(lock_path)
    assert second is not None
    second.release()


def test_locked_gives_up_with_timeout_error(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    with storage.locked(path), pytest.raises(TimeoutError), storage.locked(path, wait=0):
        pass
    with storage.locked(path, wait=0):
        pass


def test_locked_makes_threads_take_turns(tmp_path: Path) -> None:
    path = tmp_path / "counter"
    path.write_text("0")
    start = threading.Barrier(4)

    def add_many() -> None:
        start.wait()
        for _ in range(50):
            with storage.locked(path, wait=30):
                value = int(path.read_text())
                storage.atomic_write(path, str(value + 1).encode())

    threads = [threading.Thread(target=add_many) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert path.read_text() == "200"


def test_a_killed_holder_leaves_the_lock_free(tmp_path: Path) -> None:
    lock_path = tmp_path / ".data.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from chinese_ten import storage; "
         f"lock = storage.try_lock({str(lock_path)!r}); "
         "print('held' if lock else 'refused', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        assert storage.try_lock(lock_path) is None
    finally:
        holder.kill()
        holder.wait()
    lock = storage.try_lock(lock_path)
    assert lock is not None
    lock.release()
