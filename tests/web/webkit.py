"""Helpers for the web seat's tests: a headless Chromium (Debian's ``chromium`` and ``chromium-driver``,
driven by selenium), a table with a scripted host, and the page's seat driven by its own buttons only."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.tables import Table
from tests.net.netkit import Player

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
STEP_SECONDS = 20.0
"""The longest the page may take to answer one step of the deal."""


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists() and shutil.which(path.name) is None:
            return f"{path} is not installed (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e .[test])"
    return None


def start_browser(profile: Path, width: int = 1280, height: int = 800, language: str = "en",
                  arguments: tuple[str, ...] = (), home: Path | None = None) -> Any:
    """A headless Chromium with a fresh profile, its window ``width`` × ``height``, preferring ``language``,
    with any further command-line ``arguments`` and, when given, ``home`` as its home folder (where Chromium on
    Linux reads the certificates a person trusts, ``.pki/nssdb``)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium"))
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
                     f"--user-data-dir={profile}", f"--window-size={width},{height}", f"--lang={language}",
                     # Loopback only: any other name fails at once. Without it the first tab's new-tab page waits
                     # about five seconds, in a third of starts, for a search engine's start page it cannot reach.
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", *arguments):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    env = None if home is None else {**os.environ, "HOME": str(home)}
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER if CHROMEDRIVER.exists()
                                                                     else shutil.which("chromedriver")), env=env))
    driver.set_script_timeout(STEP_SECONDS)
    return driver


IDLE_KEPT = 2
"""How many started browsers of one language a test process keeps idle between tests."""
_idle: dict[str, list[tuple[Any, Path]]] = {}
"""The browsers lent to tests one after another (:func:`browser`), idle now, by the language they prefer; each
with its profile folder."""


def _origins_visited(driver: Any) -> set[str]:
    """The origin of every page any of the browser's tabs has shown (each tab's history)."""
    origins: set[str] = set()
    for handle in driver.window_handles:
        driver.switch_to.window(handle)
        for entry in driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]:
            url = urlsplit(entry["url"])
            if url.scheme in ("http", "https") and url.netloc:
                origins.add(f"{url.scheme}://{url.netloc}")
    return origins


def _forget_everything(driver: Any) -> bool:
    """Leave the browser as a fresh profile would be for the next test: one new, empty tab (the others closed,
    with what a test set on them: emulated sizes, scripts run on every page), no connection open (a server the
    test stops waits for none, and the next test's pages open their own), and every origin's cookies, storage,
    caches and service workers, and the HTTP cache, gone. False when the browser could not be made so (it is to
    be closed)."""
    from selenium.common.exceptions import WebDriverException

    try:
        _forget_all_shown(driver)
    except WebDriverException:
        return False
    return True


def _forget_all_shown(driver: Any) -> None:
    origins = _origins_visited(driver)
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    sockets = driver.current_window_handle
    driver.get("chrome://net-internals/#sockets")
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(sockets)
    driver.execute_script("document.getElementById('sockets-view-flush-button').click();")
    for origin in sorted(origins):
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    driver.switch_to.window(sockets)
    driver.close()
    driver.switch_to.window(fresh)


def _quit(driver: Any, profile: Path) -> None:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def close_idle_browsers() -> None:
    """Close every idle browser this process keeps (at the end of its tests)."""
    for kept in _idle.values():
        while kept:
            _quit(*kept.pop())


def _lent(language: str) -> tuple[Any, Path]:
    """An idle browser preferring ``language`` still answering, or a new one."""
    kept = _idle.setdefault(language, [])
    while kept:
        driver, profile = kept.pop()
        try:
            driver.get_log("browser")  # what the last test's pages logged is not this test's
            return driver, profile
        except Exception:  # noqa: BLE001 - a browser gone since: start another
            shutil.rmtree(profile, ignore_errors=True)
    profile = Path(tempfile.mkdtemp(prefix="chromium-profile-"))
    return start_browser(profile, language=language), profile


@contextmanager
def browser(tmp_path: Path, width: int = 1280, height: int = 800, language: str = "en",
            arguments: tuple[str, ...] = (), home: Path | None = None) -> Iterator[Any]:
    """A browser for one test (skipped, with the reason, where none can run), its window ``width`` × ``height``
    (:func:`start_browser`). One with further ``arguments`` or its own ``home`` is started for the test and closed
    after it; any other is lent, as a fresh profile would be (one empty tab, no cookies, storage or cache of any
    page shown before), from those this process started for earlier tests, and kept for later ones after a test
    that passed (closed after one that failed): a browser starts in 1.5–2 s and closes in about 1 s."""
    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    if arguments or home is not None:
        driver = start_browser(tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}", width, height,
                               language, arguments, home)
        try:
            yield driver
        finally:
            driver.quit()
        return
    if not _idle:
        atexit.register(close_idle_browsers)  # where no conftest closes them first
    driver, profile = _lent(language)
    passed = False
    try:
        driver.set_window_size(width, height)
        yield driver
        passed = True
    finally:
        kept = _idle.setdefault(language, [])
        if passed and len(kept) < IDLE_KEPT and _forget_everything(driver):
            kept.append((driver, profile))
        else:
            _quit(driver, profile)


class Host(threading.Thread):
    """A scripted host playing its seat on a thread of its own (netkit's :class:`Player`) until stopped."""

    def __init__(self, client: TableClient, seed: int = 1) -> None:
        super().__init__(daemon=True, name="scripted-host")
        self.player = Player(client, seed)
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def run(self) -> None:
        while not self.stopping.is_set():
            with self.lock:
                came = self.player.step()
            if not came:
                self.stopping.wait(0.005)  # nothing came: a short pause before polling again, as netkit's players do

    def frames(self) -> list[dict[str, Any]]:
        """Every frame the host has received so far."""
        with self.lock:
            return list(self.player.frames)

    def stop(self) -> None:
        self.stopping.set()
        self.join(10)


@dataclass
class Hidden:
    """For the browser's seat, what it could not know when each numbered frame left the server."""

    seat: int
    by_seq: dict[int, set[str]] = field(default_factory=dict)

    def note(self, table: Table, seat: int, text: str) -> None:
        if seat != self.seat or not table.started:
            return
        seq = json.loads(text).get("seq")
        if not isinstance(seq, int):
            return
        deal = table.session.deal
        hidden = {str(c) for s, hand in enumerate(deal.hands) if s != seat for c in hand}
        self.by_seq[seq] = hidden | {str(c) for c in deal.stock}


@contextmanager
def hidden_cards(monkeypatch: Any, seat: int) -> Iterator[Hidden]:
    """Note, as each frame leaves for ``seat``, the cards that seat may not know at that frame."""
    found = Hidden(seat)
    original = Table._deliver

    def deliver(self: Table, state: Any, text: str) -> None:
        found.note(self, state.seat, text)
        original(self, state, text)

    monkeypatch.setattr(Table, "_deliver", deliver)
    yield found


WATCH = """
if (!window.seenCards) {
  window.seenCards = [];
  const root = document.documentElement;
  const note = () => window.seenCards.push({seq: root.dataset.seq || "",
    cards: [...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card)});
  new MutationObserver(note).observe(root, {attributes: true, attributeFilter: ["data-seq"]});
  note();
}
"""
"""Installed in the page by the test (not part of it): after every numbered frame the page drew, the cards it names."""

LOOK = """
const root = document.documentElement;
const hand = [...document.querySelectorAll('[data-role="hand"] button[data-card]:enabled')].map((e) => e.dataset.card);
const choosers = [...document.querySelectorAll('[data-role="hand"] button[data-card][aria-haspopup]:enabled')]
  .map((e) => e.dataset.card);
const choice = [...document.querySelectorAll('[data-role="choice"] button[data-action]')].map((e) => e.dataset.action);
const next = document.querySelector('[data-role="next"]');
return {state: root.dataset.state, deal: root.dataset.deal, seq: root.dataset.seq, hand, choosers, choice,
        next: Boolean(next && !next.disabled && next.getAttribute("aria-disabled") !== "true")};
"""

HIT = """
return [...document.querySelectorAll('[data-role="hand"] button[data-card]')].map((e) => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const owner = hit && hit.closest("[data-card], [data-role], [data-view]");
  return `${e.dataset.card}${e.disabled ? " (disabled)" : ""} at ${Math.round(r.left)},${Math.round(r.top)}: ` +
    (hit === e || e.contains(hit) ? "itself" : owner ? owner.outerHTML.slice(0, 80) : String(hit && hit.tagName));
});
"""
"""What a click at the centre of each card of the hand would land on: the card itself, or what covers it."""


FITS = """
const bad = [];
const width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > width + 1) bad.push(`the page is ${document.documentElement.scrollWidth} wide in ${width}`);
for (const role of ["hand", "status", "layout", "seats", "chat-input"]) {
  for (const e of document.querySelectorAll(`[data-role="${role}"], [data-role="${role}"] > *`)) {
    const r = e.getBoundingClientRect();
    const out = r.width && (r.left < -1 || r.right > width + 1);
    if (out && !e.classList.contains("moving")) bad.push(`${role} ${e.className} runs from ${r.left} to ${r.right} in ${width}`);
  }
}
const height = document.documentElement.clientHeight;
if (width >= 760) {  // a desktop's window: the hand in view without scrolling, the layout in one row however long
  for (const e of document.querySelectorAll('[data-role="hand"] [data-card]')) {
    const r = e.getBoundingClientRect();
    const below = r.bottom > height + 1 && !e.classList.contains("moving");
    if (below) bad.push(`${e.dataset.card} in the hand ends at ${r.bottom} below ${height}`);
  }
  const rows = new Set([...document.querySelectorAll('[data-role="layout"] [data-card]')].map((e) => e.offsetTop));
  if (rows.size > 1) bad.push(`the layout runs to ${rows.size} rows`);
}
for (const e of document.querySelectorAll(".seat .name, [data-role=status], [data-role=count] td")) {
  if (e.scrollWidth > e.clientWidth + 2 && getComputedStyle(e).textOverflow !== "ellipsis") bad.push(`cut: ${e.textContent}`);
}
for (const e of document.querySelectorAll(".seat .detail span, .seat .figures span, [data-role=count] td.who")) {
  const box = e.closest(".seat, td").getBoundingClientRect();
  const r = e.getBoundingClientRect();
  if (!r.width) continue;
  const words = document.createRange();
  words.selectNodeContents(e);
  const lines = new Set([...words.getClientRects()].map((line) => Math.round(line.top)));
  if (lines.size > 1) bad.push(`wrapped: ${e.textContent}`);
  if (r.right > box.right + 1 || r.left < box.left - 1) bad.push(`cut by its box: ${e.textContent}`);
}
return bad;
"""
"""What on the page is out of its place: run off the window, below it on a desktop, a layout in rows, words cut
without an ellipsis, a seat's phrase or a name in the count wrapped or cut by its box."""


class Page:
    """The web seat in a browser, read and played by its buttons and hooks (NETWORK.md's data-role,
    data-card, data-action and data-state)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.checked = 0
        self.asked: list[str] = []
        """The page's heading and the join panel's, as shown while it asked for a name (:meth:`sit`)."""

    def wait(self, condition: Callable[[Any], Any], timeout: float = STEP_SECONDS, what: str = "the page") -> Any:
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(condition)
        except TimeoutException:
            last = [e.text for e in self.driver.find_elements("css selector", "[data-role=last]")]
            raise AssertionError(f"waiting for {what} for {timeout} s; the page: {self.look()}, "
                                 f"its last turn: {last!r}, its title: {self.driver.title!r}, what a click on "
                                 f"each hand card meets: {self.driver.execute_script(HIT)}, "
                                 f"its console's errors: {self.log_errors()}") from None

    def still(self) -> None:
        """Wait until nothing on the page moves (no card sliding, none flying to a pile): what a person judges the
        layout by, not a card caught half-way through its slide from where the window's previous size had it."""
        self.wait(lambda d: d.execute_script("return !document.getAnimations().length && !document.querySelector('.ghost')"),
                  what="the cards to come to rest")

    def look(self) -> dict[str, Any]:
        """The page's state, its playable cards, its choices and whether it offers the next deal."""
        return self.driver.execute_script(LOOK)  # type: ignore[no-any-return]

    def find(self, css: str) -> Any:
        return self.driver.find_element("css selector", css)

    def sit(self, link: str, name: str) -> None:
        """Open a seat's link, give the name and sit down; returns once the table is shown."""
        self.driver.get(link)
        self.wait(lambda d: self.look()["state"] == "joining" and self.find('[data-role="name-input"]').is_displayed(),
                  what="the name to be asked")
        self.asked = self.headings()
        field_ = self.find('[data-role="name-input"]')
        field_.clear()
        field_.send_keys(name)
        self.find('[data-role="join"]').click()
        self.seated()

    def headings(self) -> list[str]:
        """The page's heading and the join panel's, as the page writes them now."""
        return self.driver.execute_script(  # type: ignore[no-any-return]
            'return [document.querySelector("header h1"), document.querySelector(\'[data-view="join"] h2\')]'
            '.map((e) => e.textContent);')

    def seated(self) -> None:
        """Wait until the page sits at its table (welcomed and connected)."""
        self.wait(lambda d: self.look()["state"] not in ("joining", "reconnecting"), what="the seat to be taken")
        self.driver.execute_script(WATCH)

    def hand(self) -> list[str]:
        """Every card in the seat's hand, as the page shows it."""
        return self.driver.execute_script(  # type: ignore[no-any-return]
            'return [...document.querySelectorAll(\'[data-role="hand"] [data-card]\')].map((e) => e.dataset.card);')

    def step(self) -> str:
        """Wait until the page can do something or the match is over, then do one thing with its buttons:
        play a card (one that opens a choice of what it takes, when there is one), take a choice or go on to
        the next deal. Returns the page's state it acted in."""
        def ready(_driver: Any) -> dict[str, Any] | None:
            seen = self.look()
            state = seen["state"]
            if state == "match-over" or (state == "my-turn" and seen["hand"]) or (state == "choosing" and seen["choice"]) \
                    or (state == "deal-over" and seen["next"]):
                return seen
            return None

        seen = self.wait(ready, what="a move, a choice, the next deal or the match's end")
        state = seen["state"]
        if state == "match-over":
            return str(state)
        if state == "my-turn":
            card = (seen["choosers"] or seen["hand"])[0]
            css = f'[data-role="hand"] button[data-card="{card}"]'
        elif state == "choosing":
            css = f'[data-role="choice"] button[data-action="{seen["choice"][-1]}"]'
        else:
            css = '[data-role="next"]'
        def moved(_driver: Any) -> bool:
            now = self.look()
            return bool(now["seq"] != seen["seq"] or now["state"] != state)

        for _ in range(2):  # a press on a card still sliding into place may land beside it: once more, at most
            self.press(css, moved)
            try:
                self.wait(moved, timeout=STEP_SECONDS / 2, what="the page to move on after its action")
                return str(state)
            except AssertionError:
                pass
        self.wait(moved, what="the page to move on after its action")
        return str(state)

    def press(self, css: str, done: Callable[[Any], bool]) -> None:
        """Click the element ``css`` names, found anew when the page drew itself again between finding and
        clicking it (a frame from the server may come at any moment); nothing when ``done`` already holds."""
        from selenium.common.exceptions import StaleElementReferenceException

        for _ in range(10):
            if done(self.driver):
                return
            try:
                self.find(css).click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{css} was drawn anew ten times in a row before it could be clicked")

    def seen_cards(self) -> list[dict[str, Any]]:
        """The cards the page named after each frame it drew since last asked."""
        return self.driver.execute_script(  # type: ignore[no-any-return]
            "const seen = window.seenCards || []; window.seenCards = []; return seen;")

    def check_no_hidden_card(self, hidden: Hidden) -> None:
        """No card the page named after any frame was one its seat could not know at that frame."""
        for seen in self.seen_cards():
            if not seen["seq"]:
                continue
            secret = hidden.by_seq.get(int(seen["seq"]), set())
            named = set(seen["cards"]) & secret
            assert not named, f"after frame {seen['seq']} the page names {sorted(named)}, which its seat may not know"
            self.checked += 1

    def log_errors(self) -> list[str]:
        """The browser console's errors (a table's WebSocket path refused, a picture missing, a script failing)."""
        return [e["message"] for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
