"""The web seat's words, read from its own modules in a real headless Chromium: what it says of this seat's own
turns, and how it tells a take and its points, the same way wherever a take is told."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.webkit import Page, browser

IMPORT = """
const done = arguments[arguments.length - 1];
Promise.all([import("/web/words.js"), import("/web/table.js"), import("/web/actions.js")])
  .then(([words, table, actions]) => { window.modules = { words, table, actions }; done(true); })
  .catch((error) => done(String(error)));
"""

EVERY_EVENT = [
    {"kind": "dealt"}, {"kind": "played", "card": "7D", "took": []}, {"kind": "played", "card": "7D", "took": ["3H"]},
    {"kind": "turned", "card": "8C"}, {"kind": "captured", "card": "9S", "sets": [["5D", "4H"], ["9C"]], "points": 10},
    {"kind": "choice", "card": "5H"}, {"kind": "dealer_sweep", "cards": ["4S", "4H", "4D", "4C"]},
    {"kind": "drawn", "card": "2S"}, {"kind": "drawn", "card": None}, {"kind": "passed"},
]
"""One event of every kind the page tells, each made by the seat that reads it."""

SEATS = [{"kind": "human", "name": "Ann", "label": "host"}, {"kind": "human", "name": "Bo", "label": "guest 1"},
         {"kind": "computer", "strength": "hard", "label": "guest 2"}]


@pytest.fixture
def modules(server: ServerThread, tmp_path: Path) -> Iterator[Any]:
    """A browser on the server's front page with the seat's word modules loaded as ``window.modules``."""
    with browser(tmp_path) as driver:
        page = Page(driver)
        driver.get(server.url + "/")
        page.wait(lambda d: d.execute_script("return document.documentElement.dataset.state") == "waiting",
                  what="the front page")
        assert driver.execute_async_script(IMPORT) is True
        yield driver


def model(game: str, **more: Any) -> dict[str, Any]:
    """A seat's model as the page keeps it: seat 1 of three, in deal 1 of 2."""
    return {"seat": 1, "seats": SEATS, "game": game, "connected": True, "welcomed": True, "readySent": False,
            "dealOver": None, "matchOver": None, "choice": None, "values": None,
            "state": {"game": game, "deal": 1, "deals": 2, "seats": 3, "legal": [], "pending": None, "to_move": 0}, **more}


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_the_seats_own_turns_read_you_with_the_verbs_of_you(modules: Any, game: str) -> None:
    texts = modules.execute_script(
        "return arguments[1].map((e) => window.modules.words.eventText(arguments[0], { seat: 1, ...e }))",
        model(game), EVERY_EVENT)
    said = [t for t in texts if t]
    assert said, "the page told none of the events"
    wrong = [t for t in said if re.search(r"\bYou (has|is|chooses|draws|plays|takes|turns|was)\b", t)]
    assert wrong == [], f"the page says of this seat: {wrong}"
    assert "You have no cards: passed over." in texts
    others = modules.execute_script(
        "return window.modules.words.eventText(arguments[0], { kind: 'passed', seat: 0 })", model(game))
    assert others == "Ann has no cards and is passed over."


def test_a_takes_points_are_those_of_every_card_it_puts_in_the_pile(modules: Any) -> None:
    seat = model("ten", values={"8D": 10, "2D": 0, "AD": 0}, state={**model("ten")["state"],
                                                                    "legal": ["play 8D take 2D", "play AD"], "to_move": 1})
    text = modules.execute_script("return window.modules.table.pointedText(arguments[0], '8D')", seat)
    assert text == "8 of diamonds takes 2 of diamonds (10 points in all)."


def test_a_go_fishing_take_names_its_sets_one_way_wherever_it_is_told(modules: Any) -> None:
    values = {"9S": 0, "5D": 5, "4H": 0, "9C": 0, "AD": 20, "6H": 0, "8H": 0, "AH": 20}
    seat = model("fishing", values=values, state={**model("fishing")["state"], "to_move": 1,
                                                  "legal": ["play 9S take 9C", "play 9S take 5D+4H 9C"]})
    pointed = modules.execute_script("return window.modules.table.pointedText(arguments[0], '9S')", seat)
    assert pointed == ("9 of spades takes 9 of clubs (0 points in all) or "
                       "5 of diamonds + 4 of hearts, 9 of clubs (5 points in all).")
    told = modules.execute_script(
        "return window.modules.words.eventText(arguments[0], arguments[1])", seat,
        {"kind": "captured", "seat": 0, "card": "9S", "sets": [["5D", "4H"], ["9C"]], "points": 5})
    assert told == "Ann played 9 of spades and took 5 of diamonds + 4 of hearts, 9 of clubs."
    assert "·" not in pointed + told
    played = modules.execute_script(
        "return window.modules.words.eventText(arguments[0], arguments[1])", seat,
        {"kind": "played", "seat": 0, "card": "9S", "took": ["5D", "4H", "9C"]})
    assert played == "", "the play is told once, by its capture"


def test_the_capture_choices_buttons_show_the_points_of_each_take(modules: Any) -> None:
    values = {"8D": 10, "2D": 0, "2H": 0, "AH": 20, "9H": 0}
    texts = modules.execute_script(
        "const a = window.modules.actions; const v = arguments[0];"
        "return [a.choiceText(a.parseAction('choose 2D'), v, '8D'), a.choiceText(a.parseAction('play 9H take AH+8D'), v, '9H'),"
        " a.choiceText(a.parseAction('play 9H'), v, '9H')]", values)
    assert texts == ["Take 2 of diamonds (10 points in all)", "Take Ace of hearts + 8 of diamonds (30 points in all)",
                     "Take nothing: lay it on the layout"]


def test_the_status_at_the_count_names_who_has_not_pressed_next_and_at_the_match_end_nobody(modules: Any) -> None:
    seats = [{**SEATS[0]}, {**SEATS[1]}, {**SEATS[2]}, {"kind": "human", "name": "Cy", "label": "guest 3"}]
    over = {"type": "deal_over", "totals": [1, -1, 0, 0]}
    status = "return window.modules.words.turnText(arguments[0])"
    first = modules.execute_script(status, model("ten", seats=seats, dealOver=over))
    assert first == "The table waits for you and Ann, Cy: press Next deal."
    seats[0]["ready"] = True
    pressed = modules.execute_script(status, model("ten", seats=seats, dealOver=over, readySent=True))
    assert pressed == "Waiting for Cy to go on to the next deal."
    at_end = modules.execute_script(status, model("ten", seats=seats, dealOver=over, matchOver={"places": [1, 2, 3, 4]}))
    assert at_end == "The match is over."
    assert not any(text.startswith("Waiting…") for text in (first, pressed, at_end))
