"""Entry point of the frozen app: the same as the ``chinese-ten`` command.

PyInstaller runs this file as ``__main__`` inside the bundle. The table runs its
computer players in a worker process, and a frozen app must let such a process
start as a worker rather than as a second copy of the game: that is what
``multiprocessing.freeze_support()`` does, so it comes first.
"""

import multiprocessing
import os
import sys


def _streams_for_windowed_app() -> None:
    """Give a windowed app (no console on Windows) somewhere to write.

    Without a console ``sys.stdout`` and ``sys.stderr`` are ``None``; anything that
    writes to them directly would fail, so they go to the null device instead.
    """
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - kept open for the whole run


if __name__ == "__main__":
    multiprocessing.freeze_support()
    _streams_for_windowed_app()

    from chinese_ten.cli import main

    sys.exit(main())
