"""The table server's ``/replay`` in a real headless Chromium: a record file the game wrote (``simulate --records``,
through the records writer) opened from the visitor's disk is stepped through as a finished deal's page is, and a
file that is no record, or a damaged one, is named in one sentence while the deal shown stays as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.test_deal_page import assert_shows, press, stepped
from tests.web.webkit import Page, browser


def game_record(folder: Path, game: str, seats: int) -> Path:
    """A record file written by the game itself for one deal of ``game``."""
    players = ",".join(["easy"] * seats)
    subprocess.run([sys.executable, "-m", "chinese_ten", "simulate", "--game", game, "--seats", str(seats), "--deals", "1",
                    "--players", players, "--seed", "7", "--records", str(folder)], check=True, capture_output=True, timeout=120)
    return next(folder.glob("*.json"))


def choose(page: Page, path: Path) -> None:
    page.find('[data-role="replay-file"]').send_keys(str(path))


def refusal(page: Page) -> str:
    return page.driver.execute_script(  # type: ignore[no-any-return]
        'const e = document.querySelector(\'[data-role="replay-error"]\'); return e.hidden ? "" : e.textContent;')


@pytest.mark.parametrize(("game", "seats"), [("ten", 3), ("fishing", 4)])
def test_replay_opens_a_record_file_the_game_wrote_and_steps_through_it(
        server: ServerThread, tmp_path: Path, game: str, seats: int) -> None:
    path = game_record(tmp_path / "records", game, seats)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{server.url}/replay")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "open", what="the page")
        assert not page.find('[data-view="table"]').is_displayed()
        choose(page, path)
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
        assert stepped(page)["steps"] == len(record["turns"]) + 1
        assert_shows(page, record, 0)
        for step in range(1, 6):
            press(page, "step-forward")
            assert_shows(page, record, step)
        press(page, "step-last")
        assert_shows(page, record, len(record["turns"]) + 1)
        assert [int(row[2]) for row in stepped(page)["count"]] == record["result"]["points"]
        assert stepped(page)["share"] == "", "a deal from a file has no link to share"
        assert not page.log_errors()


def test_replay_names_a_file_that_is_no_record_or_is_damaged_and_keeps_the_deal_shown(
        server: ServerThread, tmp_path: Path) -> None:
    path = game_record(tmp_path / "records", "ten", 2)
    record = json.loads(path.read_text(encoding="utf-8"))
    text = tmp_path / "notes.json"
    text.write_text("these are my notes, not a deal\n", encoding="utf-8")
    other = tmp_path / "settings.json"
    other.write_text(json.dumps({"volume": 3}), encoding="utf-8")
    damaged = tmp_path / "damaged.json"
    broken = json.loads(json.dumps(record))
    broken["turns"][4]["play"] = broken["turns"][2]["play"]  # a card played twice
    damaged.write_text(json.dumps(broken), encoding="utf-8")
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**record, "stock": record["stock"][1:]}), encoding="utf-8")
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(f"{server.url}/replay")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "open", what="the page")
        choose(page, path)
        press_to = 3
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "step", what="the deal")
        for _ in range(press_to):
            press(page, "step-forward")
        assert_shows(page, record, press_to)
        before = stepped(page)
        for bad, said in [
            (text, "notes.json is not a deal record: it is not a JSON file of one."),
            (other, "settings.json: This file is not a deal record of Chinese Ten or Chinese Go Fishing."),
            (damaged, f"damaged.json: This record is damaged: turn 5 plays {broken['turns'][4]['play']}, which its seat "
                      "does not hold."),
            (short, "short.json: This record is damaged: it does not hold each of the 52 cards once."),
        ]:
            choose(page, bad)
            page.wait(lambda d, said=said: refusal(page) == said, what=f"the refusal of {bad.name}: {said}")
            assert stepped(page) == before, "a refused file changes nothing else"
        choose(page, path)
        page.wait(lambda d: refusal(page) == "" and stepped(page)["step"] == 0, what="the good file again")
