"""What a network table's window says of its seats, from the server's seat list alone: who has still to
go on from a count."""

from __future__ import annotations

from chinese_ten.ui.network_names import waiting_next_words


def test_waiting_for_the_next_deal_names_who_has_not_gone_on() -> None:
    seats = [{"label": "host", "name": "Ann", "kind": "human", "online": True, "ready": True},
             {"label": "guest 1", "name": "Bo", "kind": "human", "online": True},
             {"label": "guest 2", "name": "", "kind": "human", "online": False},
             {"label": "guest 3", "name": "", "kind": "computer", "strength": "hard"}]
    assert waiting_next_words(seats, 0) == "Waiting for Bo, Guest 2 to go on to the next deal."
    seats[1]["ready"] = True
    assert waiting_next_words(seats, 0) == "Waiting for Guest 2 to go on to the next deal."
    assert waiting_next_words(seats, 2) == "Waiting for the others to go on to the next deal."  # only itself left


def test_a_server_that_names_nobody_ready_gets_the_general_line() -> None:
    seats = [{"label": "host", "name": "Ann", "kind": "human"}, {"label": "guest 1", "name": "Bo", "kind": "human"}]
    assert waiting_next_words(seats, 0) == "Waiting for the others to go on to the next deal."
