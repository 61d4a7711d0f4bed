"""The web seat's figures in a headless Chromium on loopback (NETWORK.md, "The web seat").

- the first view: the bytes the server sent on the wire (every HTTP answer, headers and all, and the
  WebSocket's frames, counted by a relay in front of the server) from opening a seat's link to the hand
  shown, in a fresh profile (the page, its style and modules, its texts and the card pictures), against
  60 KB; and the HTTP part as the page's resource timing counts it, file by file;
- a second visit: the same, for the same table's page opened again in the same browser (which comes back
  to the seat by its kept token), against 5 KB;
- link to hand: from opening a link (the browser's name already given once, offered again and kept by a press
  of Join as soon as it is shown) to the last picture of the hand arriving, by the page's own resource timing;
  the median of ``--runs`` tables, against 1 s;
- the front page's first view: the bytes on the wire, through the same relay, from opening the server's
  front page (``/``) in a fresh profile to its form drawn from the server's games and every picture loaded;
- Play the computer: in a fresh profile each time (a new browser), from opening the front page to the
  computer's first move shown after pressing Play the computer. The person leads, so the page plays its first
  card by its button as soon as it is offered (a choice of what it takes, the first offered) and the time
  ends when the page shows the computer's move: the seat's turn offered again, or the deal's count. The
  median of ``--runs``, against 1 s; the part up to the person's first decision is printed beside it.
  Each time includes Selenium's own round trips (about 20 ms a wait);
- long tasks while cards move: Chromium's performance timeline (``longtask`` entries) over a whole
  match of Go Fishing at 6 seats played by the page's buttons, with the frame intervals of
  ``requestAnimationFrame`` meanwhile and the page's own ``draw`` measures (drawing the table again
  from one server frame, the cards' slides set going included); a long task is one over 50 ms.

    nice python benchmarks/web.py              # about half a minute here
    nice python benchmarks/web.py --runs 20
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chinese_ten.net.client import TableClient  # noqa: E402
from tests.net.netkit import ServerThread, wait_for  # noqa: E402
from tests.web.webkit import Host, Page, browser_missing, start_browser  # noqa: E402

HAND_SHOWN = """
const done = arguments[arguments.length - 1];
const ready = () => {
  const cards = [...document.querySelectorAll('[data-role="hand"] [data-card] img')];
  return cards.length && cards.every((img) => img.complete && img.naturalWidth) ? cards : null;
};
const finish = (cards) => {
  const names = new Set(cards.map((img) => img.src));
  const entries = performance.getEntriesByType("resource");
  const nav = performance.getEntriesByType("navigation")[0];
  const shown = Math.max(...entries.filter((e) => names.has(e.name)).map((e) => e.responseEnd), 0);
  const bytes = entries.reduce((sum, e) => sum + e.transferSize, nav ? nav.transferSize : 0);
  const socket = entries.length;
  done({shown, bytes, files: socket + 1});
};
const found = ready();
if (found) finish(found);
else new MutationObserver((_m, observer) => { const c = ready(); if (c) { observer.disconnect(); finish(c); } })
  .observe(document.body, {subtree: true, childList: true, attributes: true});
const poll = setInterval(() => { const c = ready(); if (c) { clearInterval(poll); finish(c); } }, 20);
"""

TIMELINE = """
window.longTasks = [];
window.frames = [];
window.watchFrom = performance.now();
new PerformanceObserver((list) => window.longTasks.push(...list.getEntries()
  .filter((e) => e.startTime >= window.watchFrom).map((e) => e.duration)))
  .observe({type: "longtask", buffered: true});
let last = performance.now();
const frame = (now) => { window.frames.push(now - last); last = now; requestAnimationFrame(frame); };
requestAnimationFrame(frame);
"""


class CountingRelay:
    """A relay on loopback in front of the server that counts the bytes it passes to the browser: every
    connection's, HTTP and WebSocket alike, as they cross the wire."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.sent = 0
        """Bytes passed from the server to the browser so far."""
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                browser, _ = self.listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._pump, args=(browser, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, browser, True), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, counted: bool) -> None:
        try:
            while data := source.recv(65536):
                if counted:
                    with self._lock:
                        self.sent += len(data)
                sink.sendall(data)
        except OSError:
            pass  # the other side closed
        finally:
            source.close()
            sink.close()

    def close(self) -> None:
        self.listener.close()


def table(server: ServerThread, game: str, seats: int) -> tuple[TableClient, str]:
    host = TableClient.create(server.url, "Ann", game=game, seats=seats, match="one",
                              computers={seat: "easy" for seat in range(2, seats)})
    return host, wait_for(host, "created")["links"]["1"]


FRONT_DRAWN = """
const done = arguments[arguments.length - 1];
const ready = () => {
  const create = document.querySelector('[data-role="open-table"] [data-role="create"]');
  return create && create.offsetParent !== null && [...document.images].every((img) => img.complete);
};
const poll = setInterval(() => { if (ready()) { clearInterval(poll); done(true); } }, 10);
"""


def front_first_view(relay: CountingRelay, profile: Path) -> int:
    """The bytes the server sends, through ``relay``, for the front page's first view in a fresh profile."""
    driver = start_browser(profile)
    try:
        relay.sent = 0
        driver.get(relay.url + "/")
        driver.execute_async_script(FRONT_DRAWN)
        return relay.sent
    finally:
        driver.quit()


def play_the_computer(server: ServerThread, profile: Path) -> tuple[float, float, float]:
    """Seconds from opening the front page in a fresh profile to its form drawn, to the person's first decision
    offered, and to the computer's first move shown after the person's first card (the module's docstring says
    how)."""
    driver = start_browser(profile)
    try:
        page = Page(driver)
        started = time.monotonic()
        driver.get(server.url + "/")
        driver.execute_async_script(FRONT_DRAWN)
        drawn = time.monotonic()
        page.find('[data-role="play-computer"]').click()
        page.seated()
        page.wait(lambda d: page.look()["state"] == "my-turn" and page.look()["hand"], what="the first decision")
        offered = time.monotonic()
        acted = page.step()
        while page.look()["state"] == "choosing" and acted != "match-over":
            acted = page.step()
        page.wait(lambda d: page.look()["state"] in ("my-turn", "deal-over", "match-over"),
                  what="the computer's move")
        return drawn - started, offered - started, time.monotonic() - started
    finally:
        driver.quit()


def join_as_before(page: Page, link: str) -> None:
    """Open a seat's link in a browser that gave its name at an earlier table, and keep the name it offers
    again by pressing Join as soon as it is shown."""
    page.driver.get(link)
    page.wait(lambda d: page.look()["state"] == "joining" and page.find('[data-role="join"]').is_displayed(),
              what="the name to be offered")
    page.find('[data-role="join"]').click()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="tables opened for the link-to-hand time")
    args = parser.parse_args(argv)
    missing = browser_missing()
    if missing:
        print(f"web: {missing}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        server = ServerThread(work / "tables", pool=False, tables_per_hour=1000)  # a table a run and more
        driver = start_browser(work / "profile")
        try:
            page = Page(driver)
            relay = CountingRelay(server.server.port)
            host, link = table(server, "ten", 2)
            page.sit(link.replace(server.url, relay.url, 1), "Bo")
            first = driver.execute_async_script(HAND_SHOWN)
            wire = relay.sent
            driver.get("about:blank")
            relay.sent = 0
            driver.get(relay.url + link[len(server.url):].split("#", 1)[0])
            page.seated()
            second = driver.execute_async_script(HAND_SHOWN)
            again = relay.sent
            front_bytes = front_first_view(relay, work / "front-profile")
            relay.close()
            host.close()
            print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 minutes) on "
                  f"{os.cpu_count()} cores")
            print(f"the front page's first view: {front_bytes / 1024:.1f} KB on the wire")
            plays = [play_the_computer(server, work / f"play-{n}") for n in range(args.runs)]
            drawn = [front for front, _, _ in plays]
            firsts = [first for _, first, _ in plays]
            shown = [move for _, _, move in plays]
            print(f"Play the computer, front page to the computer's first move shown: median "
                  f"{statistics.median(shown) * 1000:.0f} ms, worst {max(shown) * 1000:.0f} ms over {len(shown)} fresh "
                  f"profiles (target: median at most 1000 ms); of it to the front page drawn: median "
                  f"{statistics.median(drawn) * 1000:.0f} ms, and to the person's first decision: median "
                  f"{statistics.median(firsts) * 1000:.0f} ms")
            print(f"first view: {wire / 1024:.1f} KB on the wire (target: at most 60 KB); of it HTTP "
                  f"{first['bytes'] / 1024:.1f} KB in {first['files']} files by the page's resource timing")
            print(f"second visit: {again / 1024:.1f} KB on the wire (target: at most 5 KB); of it HTTP "
                  f"{second['bytes'] / 1024:.1f} KB by the page's resource timing, {second['files']} files asked for "
                  f"or taken from the cache")
            host, link = table(server, "ten", 2)
            page.sit(link, "Bo")  # the name, given once at the server's own address (the relay's is another origin)
            host.close()
            times = []
            for _ in range(args.runs):
                host, link = table(server, "ten", 2)
                join_as_before(page, link)
                times.append(driver.execute_async_script(HAND_SHOWN)["shown"])
                host.close()
            print(f"link to hand: median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms "
                  f"over {len(times)} tables (target: median at most 1000 ms)")
            client, link = table(server, "fishing", 6)
            scripted = Host(client)
            scripted.start()
            join_as_before(page, link)
            page.seated()
            driver.execute_script(TIMELINE)
            started = time.monotonic()
            steps = 0
            while page.step() != "match-over" and steps < 500:
                steps += 1
            scripted.stop()
            client.close()
            tasks = driver.execute_script("return window.longTasks")
            draws = sorted(driver.execute_script(
                "return performance.getEntriesByName('draw').filter((e) => e.startTime >= window.watchFrom)"
                ".map((e) => e.duration)"))
            frames = sorted(driver.execute_script("return window.frames"))
            p95 = frames[int(len(frames) * 0.95)] if frames else 0.0
            print(f"a Go Fishing match at 6 seats, {steps} moves by the page in {time.monotonic() - started:.1f} s: "
                  f"{len(tasks)} long tasks (longest {max(tasks, default=0):.0f} ms; target: none over 50 ms); "
                  f"frames: median {statistics.median(frames) if frames else 0:.1f} ms, 95th percentile {p95:.1f} ms, "
                  f"longest {frames[-1] if frames else 0:.1f} ms over {len(frames)} frames; the page's drawing of a frame from "
                  f"the server: median {statistics.median(draws) if draws else 0:.1f} ms, longest {max(draws, default=0):.1f} ms")
        finally:
            driver.quit()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
