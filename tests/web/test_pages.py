"""The web seat's files as the server answers them: the contract's headers, nothing inline, the card
pictures, the page's texts from the game's catalogs, and nothing outside the page's own files."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from chinese_ten.net.page import page_for, version
from chinese_ten.web import WEB_ROOT, marked_texts, marked_texts_of, static_file
from messages_tool import messages
from tests.net.netkit import ServerThread

PATHS = ["/", "/t/k3m9x2p7", "/web/main.js", "/web/style.css", "/web/texts/zh-Hans.json", "/cards/classic/7D.svg",
         "/cards/high-contrast-four-colour/back.svg", "/icon.svg"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("pages"), pool=False)
    yield running
    running.stop()


@pytest.mark.parametrize("path", PATHS)
def test_every_file_carries_the_contracts_headers(server: ServerThread, path: str) -> None:
    with urllib.request.urlopen(server.url + path, timeout=30) as answer:  # noqa: S310 - loopback
        body = answer.read()
        assert answer.status == 200
        assert answer.headers["Content-Security-Policy"] == "default-src 'self'; frame-ancestors 'none'"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert int(answer.headers["Content-Length"]) == len(body) > 0


@pytest.mark.parametrize(("path", "kind"), [("/web/main.js", "text/javascript"), ("/web/style.css", "text/css"),
                                            ("/t/k3m9x2p7", "text/html"), ("/cards/classic/QS.svg", "image/svg+xml")])
def test_each_file_has_its_content_type(path: str, kind: str) -> None:
    answer = page_for(path)
    assert answer is not None and answer.headers["Content-Type"].startswith(kind)


@pytest.mark.parametrize("path", ["/t/k3m9x2p7/x", "/web/../net/page.py", "/web/__init__.py", "/web/.hidden.js",
                                  "/web/nothing.js", "/cards/classic/1D.svg", "/cards/../icon.svg", "/cards/plain/7D.svg",
                                  "/web/texts/fr.json", "/ws", "/healthz", "/favicon.ico"])
def test_no_other_path_is_a_page(path: str) -> None:
    assert page_for(path) is None


@pytest.mark.parametrize("path", ["/t/abc", "/t/", "/t/no%20such", "/t/" + "x" * 65])
def test_an_address_no_table_can_have_is_the_page_answered_not_found(path: str) -> None:
    answer = page_for(path)
    assert answer is not None and answer.status_code == 404  # the policy headers are the front's (test_http_answers)
    assert b'/main.js"' in answer.body and b"<title>Chinese Ten</title>" in answer.body


def test_the_seat_page_names_its_table_and_offers_the_game_link() -> None:
    answer = page_for("/t/k3m9x2p7")
    assert answer is not None
    page = answer.body.decode()
    assert "<title>Chinese Ten · k3m9x2p7</title>" in page and "chinese-ten://" in page


def test_the_seat_page_of_an_open_table_names_its_game_and_another_page_names_none() -> None:
    games = {"k3m9x2p7": "fishing"}
    fishing = page_for("/t/k3m9x2p7", games.get).body.decode()  # type: ignore[union-attr]
    assert "<title>Chinese Go Fishing · k3m9x2p7</title>" in fishing and '<html lang="en" data-game="fishing"' in fishing
    unknown = page_for("/t/zzzzzzzz", games.get).body.decode()  # type: ignore[union-attr]
    assert "<title>Chinese Ten · zzzzzzzz</title>" in unknown and "data-game" not in unknown
    assert "data-game" not in page_for("/", games.get).body.decode()  # type: ignore[union-attr]


def test_the_page_has_nothing_inline() -> None:
    html = (WEB_ROOT / "index.html").read_text(encoding="utf-8")
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html)), "every script is a file"
    assert "<style" not in html and not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html), "no event handler attributes"
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", html), "nothing fetched from elsewhere"


def test_every_module_the_page_imports_is_served() -> None:
    for script in WEB_ROOT.glob("*.js"):
        for name in re.findall(r'from "\./([\w.-]+)"', script.read_text(encoding="utf-8")):
            assert static_file(name) is not None, f"{script.name} imports {name}, which is not served"


def test_the_pages_texts_come_translated_from_the_games_catalogs() -> None:
    answer = page_for("/web/texts/zh-Hans.json")
    assert answer is not None
    import json

    table = json.loads(answer.body)
    assert table["Sit down"] == "入座" and table["{rank} of {suit}"] == "{suit}{rank}"
    traditional = json.loads(page_for("/web/texts/zh-Hant.json").body)  # type: ignore[union-attr]
    assert traditional["hearts"] == "紅心"
    assert set(table) <= set(marked_texts())


def test_the_catalog_tool_extracts_the_pages_texts_with_their_places() -> None:
    wanted = {m.msgid: m.places for m in messages.extract()}
    for text in marked_texts():
        assert text in wanted
    assert any(place.startswith("chinese_ten/web/index.html:") for place in wanted["Sit down"])
    assert any(place.startswith("chinese_ten/web/words.js:") for place in wanted["{who} to move."])


def test_script_marks_are_found_in_both_forms_and_nothing_else() -> None:
    source = 'a = _("One");\nb = format("{n} two", { n });\nc = x._("not"); d = reformat("not");\ne = _("say \\"hi\\"")'
    assert marked_texts_of(source) == [("One", 1), ("{n} two", 2), ('say "hi"', 4)]
    assert marked_texts_of('<b data-text="Tom &amp; Ann">x</b>', html=True) == [("Tom & Ann", 1)]


def test_the_server_answers_the_seat_page_with_its_headers_and_refuses_unknown_paths(server: ServerThread) -> None:
    with urllib.request.urlopen(server.url + "/t/k3m9x2p7", timeout=5) as answer:  # noqa: S310 - loopback
        assert answer.headers["X-Frame-Options"] == "DENY"
        assert f'src="/web/{version()}/main.js"'.encode() in answer.read()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.url + "/web/secret.py", timeout=5)  # noqa: S310
    assert refused.value.code == 404
