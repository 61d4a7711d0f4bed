"""The table site's rules page (``GET /rules``): every registered game's rules and card values from its pages of
Help, in the language the query names (or the browser's), with the headers of every other page; a language the
program does not speak is not found."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from html.parser import HTMLParser

import pytest

from chinese_ten.games import GAMES
from chinese_ten.i18n import LANGUAGES, catalog
from chinese_ten.net.httpfront import SECURITY_HEADERS
from tests.net.netkit import ServerThread


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("rules"), pool=False)
    yield running
    running.stop()


def fetched(server: ServerThread, path: str, **headers: str) -> tuple[Message, str]:
    request = urllib.request.Request(server.url + path, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
        return answer.headers, answer.read().decode("utf-8")


class Words(HTMLParser):
    """The page's text, its headings by level and the addresses it names."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.headings: dict[str, list[str]] = {}
        self.addresses: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if re.fullmatch(r"h[1-4]", tag):
            self._in = tag
            self.headings.setdefault(tag, []).append("")
        self.addresses += [value for name, value in attrs if name in ("href", "src") and value]

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in:
            self.headings[self._in][-1] += data


def read(body: str) -> Words:
    words = Words()
    words.feed(body)
    return words


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_page_shows_every_games_rules_and_values_in_the_language_asked_for(server: ServerThread,
                                                                                      code: str) -> None:
    headers, body = fetched(server, f"/rules?lang={code}")
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    for name, value in SECURITY_HEADERS:
        assert headers[name] == value, f"{name} as on every page"
    assert headers["Cache-Control"] == "no-cache"
    words = read(body)
    says = catalog(code).gettext
    assert f'<html lang="{code}">' in body
    assert words.headings["h2"] == [says(spec.title) for spec in GAMES.values()], "every game, in the registry's order"
    assert words.headings["h3"] == [says("Rules"), says("Card values")] * len(GAMES)
    assert says("The idea") in words.headings["h4"], "the window's Help, head by head"
    text = "".join(words.text)
    assert says("Points each card scores, by the number of players. Every card not listed scores nothing.") in text
    if code != "en":
        assert "The idea" not in text and "Points each card scores" not in text, "nothing left in English"
    for address in words.addresses:  # the style, script, icon and card pictures are all there
        if address.startswith("/") and not address.startswith("/rules"):
            with urllib.request.urlopen(server.url + address, timeout=30) as answer:  # noqa: S310 - loopback
                assert answer.status == 200, address


def test_without_a_query_the_rules_page_is_in_the_browsers_language(server: ServerThread) -> None:
    _headers, body = fetched(server, "/rules", **{"Accept-Language": "fr-FR,zh-TW;q=0.8,en;q=0.5"})
    assert '<html lang="zh-Hant">' in body, "the first of the browser's languages the program speaks"
    _headers, body = fetched(server, "/rules", **{"Accept-Language": "fr-FR"})
    assert '<html lang="en">' in body, "English when it speaks none of them"


def test_a_language_the_program_does_not_speak_is_not_found(server: ServerThread) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetched(server, "/rules?lang=fr")
    assert refused.value.code == 404
