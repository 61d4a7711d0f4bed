"""A table server on a thread of its own: how the window's "Play with friends" hosts inside the game
(and how the tests run one)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chinese_ten.net.server import TableServer


class BackgroundServer:
    """A :class:`TableServer` running on a thread of its own (for the window's "Play with friends", which
    hosts inside the game, and for tests): started at once, stopped with :meth:`stop`."""

    def __init__(self, data_dir: Path, *, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        """Start serving ``data_dir``'s tables on ``host`` and ``port`` (0: any free port); waits until it is ready
        (``OSError`` when the address cannot be bound; what :class:`TableServer` raises when the folder cannot
        be served)."""
        self.server = TableServer(data_dir, host=host, port=port, **options)
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._main, name="chinese-ten-table-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(30):
            raise OSError("the table server did not start")
        if self._failed is not None:
            raise self._failed

    def _main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            try:
                await self.server.start()
            except BaseException as exc:
                self._failed = exc
                self.server.release()
                self._ready.set()
                return
            self._ready.set()
            await self._stop.wait()
            await self.server.close()

        asyncio.run(main())

    @property
    def url(self) -> str:
        """``http://ADDR:PORT``, the base of its links."""
        return self.server.base_url

    def call(self, function: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``function`` on the server's loop (where every table lives) and return what it returns."""
        loop = self._loop
        if loop is None:
            raise RuntimeError("the server is not running")
        done: dict[str, Any] = {}
        finished = threading.Event()

        def run() -> None:
            try:
                done["value"] = function()
            except BaseException as exc:  # noqa: BLE001 - handed back to the caller
                done["error"] = exc
            finished.set()

        loop.call_soon_threadsafe(run)
        if not finished.wait(timeout):
            raise TimeoutError("the server's loop did not answer")
        if "error" in done:
            raise done["error"]
        return done.get("value")

    def stop(self, wait: float = 10.0) -> None:
        """Stop serving and wait (at most ``wait`` seconds) for the thread to end."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(wait)
