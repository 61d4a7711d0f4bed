"""``GET /games.json?lang=…``: every registered game's options for the web page's forms, in the page's language,
read from each game's own options data."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from chinese_ten.games import GAMES, game_named
from chinese_ten.i18n import catalog
from tests.net.netkit import ServerThread
from tests.net.test_http import exchange, request, responses


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("games"), pool=False)
    yield running
    running.stop()


def _get(server: ServerThread, target: str) -> tuple[int, dict[str, str], bytes]:
    return responses(exchange(server, request("GET", target, "Connection: close")), [False])[0]


def test_every_game_and_its_options_come_in_chinese_with_titles_and_help_translated(server: ServerThread) -> None:
    status, headers, body = _get(server, "/games.json?lang=zh-Hans")
    assert status == 200 and headers["content-type"].startswith("application/json")
    data = json.loads(body)
    assert data["language"] == "zh-Hans"
    assert [g["name"] for g in data["games"]] == list(GAMES)
    words = catalog("zh-Hans").gettext
    ten = data["games"][0]
    spec = game_named("ten")
    assert ten["title"] == words(spec.title) != spec.title
    assert [o["name"] for o in ten["options"]] == list(spec.options.names)
    for shown, option in zip(ten["options"], spec.options.options):
        assert shown["title"] == words(option.title) != option.title
        assert shown["help"] == words(option.help) != option.help
        assert [v["value"] for v in shown["values"]] == list(option.values) and shown["default"] == option.values[0]
    presets = {p["name"]: p for p in ten["presets"]}
    assert presets["red-frog"]["title"] == "红蛙黑蛙" and presets["taiwan"]["title"] == "台湾"
    assert presets["target"]["options"] == {"direction": "counter-clockwise", "four_of_a_kind": "refill",
                                            "win": "target"}
    fishing = data["games"][1]
    assert fishing["options"] == [] and fishing["presets"] == [] and fishing["seat_counts"] == list(range(2, 9))


def test_english_is_the_default_and_an_unknown_language_is_not_found(server: ServerThread) -> None:
    status, _headers, body = _get(server, "/games.json")
    assert status == 200
    assert json.loads(body)["games"][0]["presets"][0]["title"] == "Classic"
    status, _headers, body = _get(server, "/games.json?lang=xx")
    assert status == 404
