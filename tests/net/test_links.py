"""Table links: the forms the game reads (``http(s)://`` and its own ``chinese-ten://``) and the one it writes."""

from __future__ import annotations

import pytest

from chinese_ten.net.links import LinkError, app_link, is_app_link, parse_link

CLAIM = "Qm4R" * 6


@pytest.mark.parametrize(("text", "base"), [
    (f"chinese-ten://192.168.1.20:47110/t/k3m9x2p7#{CLAIM}", "https://192.168.1.20:47110"),
    (f"chinese-ten://192.168.1.20:47110/t/k3m9x2p7?http#{CLAIM}", "http://192.168.1.20:47110"),
    (f"CHINESE-TEN://tables.example.org/games/t/k3m9x2p7#{CLAIM}", "https://tables.example.org/games"),
    (f"  http://127.0.0.1:5/t/k3m9x2p7#{CLAIM}\n", "http://127.0.0.1:5"),
])
def test_every_form_of_a_link_names_its_server_table_and_claim(text: str, base: str) -> None:
    link = parse_link(text)
    assert (link.base, link.table, link.claim) == (base, "k3m9x2p7", CLAIM)


@pytest.mark.parametrize("base", ["http://192.168.1.20:47110", "https://tables.example.org/games"])
def test_the_games_own_link_reads_back_as_the_link_it_was_made_from(base: str) -> None:
    link = parse_link(f"{base}/t/k3m9x2p7#{CLAIM}")
    made = app_link(link)
    assert made.startswith("chinese-ten://") and is_app_link(made)
    assert parse_link(made) == link


@pytest.mark.parametrize("text", ["chinese-ten://host/t/k3m9x2p7", "chinese-ten://host/k3m9x2p7#" + CLAIM,
                                  "chinese-ten:///t/k3m9x2p7#" + CLAIM])
def test_an_app_link_missing_a_part_is_refused(text: str) -> None:
    assert is_app_link(text)
    with pytest.raises(LinkError):
        parse_link(text)


@pytest.mark.parametrize("text", ["replay", "game.json", "http://x/t/abcd#" + CLAIM, "C:\\Games\\ct", "--size"])
def test_only_the_games_own_scheme_is_an_app_link(text: str) -> None:
    assert not is_app_link(text)
