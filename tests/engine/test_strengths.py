"""The one list of computer strengths: each game offers those its players have, in the list's order, and a
table's computers are named and grouped one way everywhere."""

from __future__ import annotations

import pytest

from chinese_ten.engine.strengths import (LABELS, MIXED, ORDER, key_strengths, kind_of, offered, per_seat,
                                          strength_label, strengths_label, table_key)
from chinese_ten.games import GAMES, any_strengths
from chinese_ten.games.fishing import players as fishing_players
from chinese_ten.games.ten import players as ten_players
from chinese_ten.i18n import use_language
from chinese_ten.net import protocol
from chinese_ten.settings import STRENGTHS


def test_every_game_offers_the_strengths_its_registry_has_in_the_lists_order() -> None:
    assert offered(ten_players.PLAYERS) == ten_players.STRENGTHS and ten_players.STRENGTHS[:3] == ("easy", "normal", "hard")
    assert offered(fishing_players.PLAYERS) == fishing_players.STRENGTHS
    assert all(spec.strengths == offered(spec.players) for spec in GAMES.values())
    assert offered(["hard", "random", "expert", "easy"]) == ("easy", "hard"), "random and expert are no strengths"
    assert set(ORDER) <= set(LABELS)


def test_the_settings_and_the_network_read_the_same_list() -> None:
    assert STRENGTHS == protocol.STRENGTHS == any_strengths()
    with pytest.raises(protocol.BadMessage, match=r"strength is easy, normal(,| or) "):
        protocol.parse_message('{"type": "fill", "seat": 1, "strength": "brutal"}')


def test_one_strength_or_each_ones_fills_every_computer() -> None:
    assert per_seat("hard", 3) == ("hard",) * 3
    assert per_seat(("easy", "hard"), 3) == ("easy", "hard", "hard")
    assert per_seat(("easy", "hard", "normal"), 2) == ("easy", "hard")
    assert per_seat((), 2) == ("normal", "normal")


def test_a_tables_kind_is_its_one_strength_its_mix_in_seat_order_or_a_large_mix() -> None:
    assert kind_of(("hard", "hard")) == table_key(("hard", "hard")) == "hard"
    assert kind_of(("normal", "hard")) == MIXED and table_key(("normal", "hard")) == "normal,hard"
    assert table_key(("hard", "normal")) != table_key(("normal", "hard")), "seat order matters"
    assert table_key(("easy", "hard", "normal", "easy")) == MIXED
    assert key_strengths("normal,hard") == ("normal", "hard")


def test_strengths_are_named_in_the_language_in_force() -> None:
    use_language("en")
    assert strengths_label(("normal", "hard", "easy")) == "Normal · Hard · Easy"
    assert strengths_label(("hard",) * 7) == "Hard"
    assert strengths_label(("easy", "hard", "normal", "easy")) == "Mixed" == strength_label(MIXED)
    assert strength_label("unknown") == "unknown", "a strength of a newer version is shown as kept"
    try:
        use_language("zh-Hans")
        assert strength_label("hard") == "困难"
    finally:
        use_language("en")
