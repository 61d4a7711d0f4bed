"""The README's pictures, made from the real game so they stay true.

``python tools/screenshots.py`` opens the window on SDL's dummy video driver (``--driver x11`` draws
through an X server instead), plays fixed seeds and writes small PNGs into ``docs/images/`` (``--out DIR``
chooses another folder): a four-seat table of Chinese Ten, a five-seat table of Chinese Go Fishing, the
review of a two-seat deal at its worst moment, and a network table with friends, hosted on a table server
inside this process on 127.0.0.1 and joined by a second window through its link. Each picture is made in
the normal look and in high contrast (``NAME.png`` and ``NAME-contrast.png``); ``--look normal`` or
``--look contrast`` makes one look only. Two more show the table server's own site as a person with only a
browser sees it, in a headless Chromium against a table server on 127.0.0.1, in the normal look: the front
page (Play the computer, Open a table) and a finished deal's page with its review shown. The local tables
and the review come from fixed seeds, so two runs
draw them alike; the network table is dealt by the server's own secret shuffle, as every network table is.
Each picture is written with at most 256 colours, a third of a true-colour file's size. Nothing is kept:
the settings and the data live in a temporary folder.

This is a maintainers' tool, not part of the game; ``tests/ui/test_screenshots.py`` checks that every
picture can be made.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
"""The source checkout this tool belongs to."""

if str(CHECKOUT) not in sys.path:  # run as a script from anywhere: the checkout's package
    sys.path.insert(0, str(CHECKOUT))

SIZE = (960, 600)
"""The window's size for every picture: the smallest the game supports, so the files stay small."""

LOOKS = ("normal", "contrast")
"""The two looks, the normal one first."""

WINDOW_PICTURES = ("ten", "fishing", "review", "friends")
"""The window's pictures, made in both looks."""

WEB_PICTURES = ("front", "deal")
"""The site's pictures in a browser, made in the normal look."""

PICTURES = WINDOW_PICTURES + WEB_PICTURES
"""The pictures made, by name."""

SECONDS = 60.0
"""The most a network picture waits for the table server's frames, however busy the machine."""


def _frames(app, count: int, dt: float = 1 / 30) -> None:  # type: ignore[no-untyped-def]
    for _ in range(count):
        app.frame(dt, [])


def _key(key: int):  # type: ignore[no-untyped-def]
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _settle(app, table, limit: int = 2000) -> None:  # type: ignore[no-untyped-def]
    """Run frames until nothing on ``table`` moves (bounded in frames)."""
    for _ in range(limit):
        app.frame(1 / 30, [])
        if not table.wants_frames():
            return


def _play_person_turns(app, turns: int, limit: int = 3000) -> None:  # type: ignore[no-untyped-def]
    """Play ``turns`` of the person's turns by keys (the first card, the first take) and stop when it is the
    person's turn again, everything settled."""
    import pygame

    from chinese_ten.ui.scenes.choice import ChoiceScene

    played = 0
    for _ in range(limit):
        top = app.top()
        table = app.table()
        if isinstance(top, ChoiceScene):
            app.frame(1 / 30, [_key(pygame.K_RETURN)])
        elif table is not None and table.ctl.person_to_play and not table.wants_frames():
            if played == turns:
                return
            app.frame(1 / 30, [_key(pygame.K_1)])
            played += 1
        else:
            app.frame(1 / 30, [])
    raise RuntimeError(f"the person's turn did not come back {turns} times in {limit} frames")


def _app(window, contrast: bool, folder: Path | None = None):  # type: ignore[no-untyped-def]
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App

    settings = Settings(high_contrast=contrast, animation_speed="fast", language="en", point_badges=True)
    app = App(window, settings, None, None, ComputerThinker(force_inline=True))
    if folder is not None:
        from chinese_ten.ui.hosting import Hosting
        from chinese_ten.ui.open_tables import OpenTables

        app.hosting = Hosting(folder, bind="127.0.0.1", port=0)
        app.open_tables = OpenTables(folder)
    return app


def _local_table(window, contrast: bool, game: str, seats: int, seed: int, turns: int):  # type: ignore[no-untyped-def]
    """An app at a local table of ``game`` after ``turns`` of the person's turns, at the person's turn."""
    from chinese_ten.ui.table.choreography import Pace
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.table.live import TableScene

    app = _app(window, contrast)
    pace = Pace(move=0.05, flip=0.05, glow=0.02, sweep=0.05, triple=0.05, pause=0.0)
    ctl = TableController(seats, "normal", "one", seed=seed, pace=pace, thinker=app.thinker, game=game)
    app.replace(TableScene(app, ctl))
    _play_person_turns(app, turns)
    _settle(app, app.table())
    return app


def ten_table(window, contrast: bool):  # type: ignore[no-untyped-def]
    """Chinese Ten at four seats, a few turns in."""
    return _local_table(window, contrast, "ten", 4, seed=2024, turns=2)


def fishing_table(window, contrast: bool):  # type: ignore[no-untyped-def]
    """Chinese Go Fishing at five seats round its ring, a few turns in."""
    return _local_table(window, contrast, "fishing", 5, seed=7, turns=2)


def review(window, contrast: bool):  # type: ignore[no-untyped-def]
    """The review of a two-seat deal of Easy against Normal, at the person's worst moment."""
    import random

    import pygame

    from chinese_ten.engine.streams import derive_seed
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.games.ten.players import make_player, next_action
    from chinese_ten.games.ten.record import record_of
    from chinese_ten.games.ten.review import review_record
    from chinese_ten.ui.scenes.review import open_review

    deal = Deal.from_seed(2, derive_seed(5, "screenshots"))
    players = [make_player("easy"), make_player("normal")]
    rng = random.Random(5)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(next_action(players[seat], deal.view(seat), rng))
    record = record_of(deal, players=["you", "normal"], deal_in_match=1)
    app = _app(window, contrast)
    scene = open_review(app, record, 0, review=review_record(record, 0, budget=6_000))
    if scene is None:
        raise RuntimeError("the review did not open")
    app.frame(1 / 30, [_key(pygame.K_w)])  # the worst moment
    _settle(app, scene)
    return app


def friends(window, contrast: bool, folder: Path):  # type: ignore[no-untyped-def]
    """A three-seat network table: the host, a friend who joined by the link and a computer, a few turns in
    and a line of chat, seen from the host's window."""
    import pygame

    from chinese_ten.ui.scenes.choice import ChoiceScene
    from chinese_ten.ui.scenes.friends import FriendsScene
    from chinese_ten.ui.scenes.lobby import LobbyScene
    from chinese_ten.ui.table.remote import RemoteTableScene

    host, guest = _app(window, contrast, folder / "host"), _app(window, contrast, folder / "guest")
    apps = [host, guest]

    def pump(until: Callable[[], bool], act: Callable[[object], None] | None = None) -> None:
        deadline = time.monotonic() + SECONDS
        for _ in range(100_000):
            for app in apps:
                app.frame(1 / 30, [])
                if act is not None:
                    act(app)
            if until():
                return
            if time.monotonic() > deadline:
                break
            _wait_for_frames(apps)
        raise RuntimeError("the network table did not get there in time")

    host.show("friends")
    scene = host.top()
    assert isinstance(scene, FriendsScene)
    scene.seats = 3
    scene.length = "one"
    scene.guests[:2] = [None, "normal"]
    scene.name.text = "Ann"
    scene._fix()
    scene.act("host")
    lobby = host.top()
    if not isinstance(lobby, LobbyScene):
        raise RuntimeError(f"the table was not hosted: {scene.message}")
    pump(lambda: 1 in lobby.links)
    link = lobby.links[1]
    guest.show("friends")
    joining = guest.top()
    assert isinstance(joining, FriendsScene)
    joining.link.text = link
    joining.name.text = "Bo"
    joining.act("join")
    pump(lambda: all(isinstance(app.top(), RemoteTableScene) for app in apps))
    plays = {"host": 0}

    def play(app) -> None:  # type: ignore[no-untyped-def]
        top = app.top()
        table = app.table()
        if isinstance(top, ChoiceScene):
            app.frame(1 / 30, [_key(pygame.K_RETURN)])
        elif isinstance(top, RemoteTableScene) and table is not None and table.ctl.person_to_play \
                and not table.wants_frames():
            if app is host:
                if plays["host"] >= 2:
                    return
                plays["host"] += 1
            app.frame(1 / 30, [_key(pygame.K_1)])

    def host_waits() -> bool:
        table = host.table()
        return plays["host"] >= 2 and table is not None and table.ctl.person_to_play and not table.wants_frames()

    pump(host_waits, play)
    table = guest.table()
    if table is not None and hasattr(table, "client"):
        table.client.chat("nice take")
    pump(lambda: _chat_seen(host))
    host_table = host.table()
    _settle(host, host_table)
    return host, guest


def _chat_seen(app) -> bool:  # type: ignore[no-untyped-def]
    chat = getattr(app.table(), "chat", None)
    return chat is not None and bool(chat.lines())


def _wait_for_frames(apps: Sequence[object], timeout: float = 0.01) -> None:
    """Wait (at most ``timeout``) for a frame to reach any window's connection: the server's thread
    answers meanwhile, and the loop that calls this checks what it waits for."""
    for app in apps:
        client = getattr(app.table() or app.top(), "client", None)  # type: ignore[attr-defined]
        if client is None:
            continue
        queue = client.frames
        with queue.not_empty:
            if queue.not_empty.wait_for(lambda queue=queue: len(queue.queue) > 0, timeout=timeout / len(apps)):
                return


# ---------------------------------------------------------------------- the site in a browser

REVIEW_EFFORT = 2000
"""The deal page's review's effort per decision: the fewest worlds the game allows, so the picture comes quickly."""


DEAL_TURNS = 6
"""How many turns into the deal its page is stepped for the picture."""


def _site_front(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """The front page of a fresh profile, its form drawn from the server's games and its picture's cards loaded."""
    page.driver.get(url + "/")
    page.wait(lambda d: page.find('[data-role="open-table"] [data-role="create"]').is_displayed(), what="the form")
    page.wait(lambda d: d.execute_script("return [...document.images].every((i) => i.complete)"), what="the pictures")
    page.still()


def _site_deal(page, server, table: str) -> None:  # type: ignore[no-untyped-def]
    """The first deal's page of a finished match with its review asked for by the button and shown, the review in
    view."""
    def quick() -> None:
        desk = server.server.reviews
        if desk is not None:
            desk.budget = REVIEW_EFFORT

    server.call(quick)
    page.driver.get(f"{server.url}/d/{table}/1")
    button = page.wait(lambda d: next((b for b in d.find_elements("css selector", "[data-role=review-ask]")
                                       if b.is_displayed()), None), what="the button asking for the review")
    button.click()
    page.wait(lambda d: d.find_element("css selector", "[data-role=review]").get_attribute("data-state") == "done",
              timeout=SECONDS, what="the review to be shown")
    for _ in range(DEAL_TURNS):  # a few turns in, as the arrow keys step
        page.driver.find_element("css selector", "body").send_keys("\ue014")
    page.driver.execute_script(
        "const first = document.querySelector('[data-role=review-decision]');"
        "(first || document.querySelector('[data-role=review]')).scrollIntoView({block: 'end'});")
    page.still()


def site(out: Path, names: Sequence[str], folder: Path) -> list[Path]:
    """Write the site's pictures ``names`` (of :data:`WEB_PICTURES`) into ``out``: a headless Chromium with a
    fresh profile, its page 960 × 600, against a table server on 127.0.0.1 serving ``folder``."""
    import pygame

    from tests.net.netkit import ServerThread
    from tests.net.test_reviews import finished_match
    from tests.web.webkit import Page, browser_missing, start_browser

    missing = browser_missing()
    if missing:
        raise RuntimeError(f"the site's pictures need a browser: {missing}")
    (folder / "tables").mkdir(parents=True, exist_ok=True)
    table = finished_match(folder / "tables", "ten", 2)[0] if "deal" in names else ""
    server = ServerThread(folder / "tables")
    driver = start_browser(folder / "profile", *SIZE)
    written: list[Path] = []
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": SIZE[0], "height": SIZE[1], "deviceScaleFactor": 1, "mobile": False})
        page = Page(driver)
        for name in names:
            if name == "front":
                _site_front(page, server.url)
            else:
                _site_deal(page, server, table)
            shot = folder / f"{name}-shot.png"
            driver.save_screenshot(str(shot))
            path = out / f"{name}.png"
            save_png(pygame.image.load(str(shot)), path)
            written.append(path)
    finally:
        driver.quit()
        server.stop()
    return written


# ---------------------------------------------------------------------- small PNGs

PALETTE = 256
"""The most colours a picture keeps: an indexed PNG is a third the size of a true-colour one."""


def _median_cut(counts: dict[bytes, int], boxes: int) -> list[list[bytes]]:
    """Split the colours of ``counts`` into at most ``boxes`` groups, each time halving the group with the
    most pixels along its widest channel at the pixels' median."""
    groups = [list(counts)]
    while len(groups) < boxes:
        weights = [sum(counts[c] for c in g) if len(g) > 1 else -1 for g in groups]
        i = max(range(len(groups)), key=weights.__getitem__)
        if weights[i] < 0:
            break
        group = groups.pop(i)
        spans = [max(c[k] for c in group) - min(c[k] for c in group) for k in range(3)]
        channel = spans.index(max(spans))
        group.sort(key=lambda c: c[channel])
        half, seen, cut = weights[i] / 2, 0, 0
        while cut < len(group) - 1 and seen < half:
            seen += counts[group[cut]]
            cut += 1
        cut = max(cut, 1)
        groups += [group[:cut], group[cut:]]
    return groups


def save_png(surface, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Write ``surface`` as an indexed PNG of at most :data:`PALETTE` colours (median cut, each colour
    standing for its group's pixel-weighted mean)."""
    import struct
    import zlib
    from collections import Counter

    import pygame

    width, height = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    pixels = [raw[i:i + 3] for i in range(0, len(raw), 3)]
    counts = Counter(pixels)
    palette: list[bytes] = []
    index: dict[bytes, int] = {}
    for n, group in enumerate(_median_cut(dict(counts), PALETTE)):
        total = sum(counts[c] for c in group)
        palette.append(bytes(round(sum(c[k] * counts[c] for c in group) / total) for k in range(3)))
        for colour in group:
            index[colour] = n
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        rows += bytes(index[c] for c in pixels[y * width:(y + 1) * width])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
                     + chunk(b"PLTE", b"".join(palette)) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
                     + chunk(b"IEND", b""))


@contextmanager
def _window() -> Iterator[object]:
    import pygame

    from chinese_ten.ui.app import open_window

    surface = open_window(SIZE)
    try:
        yield surface
    finally:
        pygame.display.quit()


def make(out: Path, looks: Sequence[str] = LOOKS, pictures: Sequence[str] = PICTURES) -> list[Path]:
    """Write every picture in every look into ``out`` (the window's on the video driver ``SDL_VIDEODRIVER``
    names; the site's in the normal look only, when it is among ``looks``); returns the files written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for look in looks:
        contrast = look == "contrast"
        suffix = "-contrast" if contrast else ""
        web = [name for name in pictures if name in WEB_PICTURES]
        if web and not contrast:
            with tempfile.TemporaryDirectory(prefix="chinese-ten-shots-") as tmp:
                written += site(out, web, Path(tmp))
        for name in pictures:
            if name in WEB_PICTURES:
                continue
            with _window() as window, tempfile.TemporaryDirectory(prefix="chinese-ten-shots-") as tmp:
                folder = Path(tmp)
                if name == "friends":
                    host, guest = friends(window, contrast, folder)
                    try:
                        host.frame(0.0, [])  # the host's window drawn last, on the one surface
                        path = out / f"{name}{suffix}.png"
                        save_png(window, path)
                    finally:
                        for app in (host, guest):
                            app.show("start")
                            app.hosting.stop()
                else:
                    app = {"ten": ten_table, "fishing": fishing_table, "review": review}[name](window, contrast)
                    app.frame(0.0, [])
                    path = out / f"{name}{suffix}.png"
                    save_png(window, path)
                    scene = app.top()
                    analysis = getattr(scene, "analysis", None)
                    if analysis is not None:
                        analysis.close()
                written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """The command: make the pictures and say where they went."""
    parser = argparse.ArgumentParser(description="Make the README's pictures from the real game.")
    parser.add_argument("--out", type=Path, default=CHECKOUT / "docs" / "images", help="the folder to write into")
    parser.add_argument("--look", choices=("both",) + LOOKS, default="both", help="which look to draw")
    parser.add_argument("--only", choices=PICTURES, action="append", help="make only this picture (repeatable)")
    parser.add_argument("--driver", choices=("dummy", "x11"), default="dummy", help="SDL's video driver")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="chinese-ten-shots-home-") as home:
        for var, sub in (("CHINESE_TEN_SETTINGS_DIR", "settings"), ("CHINESE_TEN_DATA_DIR", "data"),
                         ("CHINESE_TEN_LOG_DIR", "logs")):
            os.environ[var] = str(Path(home) / sub)
        looks = LOOKS if args.look == "both" else (args.look,)
        written = make(args.out, looks, tuple(args.only or PICTURES))
    total = sum(p.stat().st_size for p in written)
    for path in written:
        print(f"{path} {path.stat().st_size // 1024} KB")
    print(f"{len(written)} pictures, {total // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
