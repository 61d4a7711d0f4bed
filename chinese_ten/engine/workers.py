"""Worker processes of the window: started fresh, linked by one pipe, ended with the game however it ends.

Work that is CPU-bound Python (Hard's thinking, the review of a deal) runs in
a process of its own so the drawing loop keeps its frames: a thread would hold
the interpreter's lock.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

SHUTDOWN_WAIT_S = 0.5
"""How long stopping a worker waits for it to end by itself before killing it."""


def start_worker(target: Callable[..., object], args: tuple[Any, ...], name: str) -> tuple[BaseProcess, Connection]:
    """A new worker process running ``target(conn, *args)``, and the game's end of its pipe ``conn``.

    Raises ``OSError`` or ``RuntimeError`` when no process can be started.
    """
    ctx = multiprocessing.get_context("spawn")
    ours, theirs = ctx.Pipe()
    process = ctx.Process(target=target, args=(theirs, *args), name=name, daemon=True)
    try:
        process.start()
    finally:
        theirs.close()
    return process, ours


def _exit_when_parent_ends() -> None:
    """In the worker: end this process at once when the game's process is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(0)


def watch_parent() -> None:
    """In the worker: end it as soon as the game's process ends (closed, crashed or killed), even mid-work."""
    threading.Thread(target=_exit_when_parent_ends, name="parent-watch", daemon=True).start()


def stop_worker(process: BaseProcess | None, conn: Connection | None, wait: float = SHUTDOWN_WAIT_S) -> None:
    """Ask the worker to end (``None`` down the pipe), close the pipe, and kill it if it has not ended within ``wait``."""
    if conn is not None:
        try:
            conn.send(None)
        except (OSError, ValueError):
            pass
        conn.close()
    if process is not None:
        process.join(wait)
        if process.is_alive():
            process.kill()
            process.join(SHUTDOWN_WAIT_S)
