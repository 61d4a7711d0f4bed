"""A table session started from a deal record's position: the same position, seen from a seat, played on to
the end."""

from __future__ import annotations


import pytest

from dealkit import random_finished_deal

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.positions import record_position
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named


def _finished_record(name: str, seats: int, seed: int) -> dict:
    return game_named(name).record_of(random_finished_deal(name, seats, seed))


def _session_at(name: str, record: dict, turns: int, seat: int) -> TableSession:
    game = game_named(name)
    position = record_position(game, record, turns)
    kinds = [SeatKind.person() if s == seat else SeatKind.computer("easy") for s in range(record["seats"])]
    session = TableSession(game, kinds, MatchLength.fixed(1), rules=position.rules,
                           thinker=ComputerThinker(force_inline=True), first_deal=position.start)
    session.resume(position.progress)
    return session


@pytest.mark.parametrize(("name", "seats"), [("ten", 2), ("ten", 4), ("fishing", 3)])
def test_a_session_from_a_records_position_stands_where_the_record_does(name: str, seats: int) -> None:
    record = _finished_record(name, seats, 7)
    game = game_named(name)
    for turns in (0, 3, len(record["turns"]) // 2, len(record["turns"]) - 1):
        session = _session_at(name, record, turns, 1)
        wanted = game.replay({**record, "turns": record["turns"][:turns]})
        assert session.deal.points == wanted.points
        assert session.deal.to_act == wanted.to_act
        assert str(session.observe(1)) == str(wanted.observe(1))
        assert session.practice and session.shuffle_number is None


@pytest.mark.parametrize(("name", "seats"), [("ten", 3), ("fishing", 4)])
def test_a_session_from_a_records_position_plays_the_rest_to_the_end(name: str, seats: int) -> None:
    record = _finished_record(name, seats, 11)
    turns = len(record["turns"]) // 2
    session = _session_at(name, record, turns, 0)
    for _ in range(2000):
        if session.deal.is_over:
            break
        session.advance()
        if session.to_act == 0:
            session.submit(0, session.deal.legal_actions()[0])
    assert session.deal.is_over
    kept = game_named(name).record_of(session.deal)
    assert kept["turns"][:turns] == record["turns"][:turns] and kept["hands"] == record["hands"]
    session.record_deal()
    assert session.match.is_over


def test_a_position_past_the_records_turns_is_refused_in_one_line() -> None:
    record = _finished_record("ten", 2, 3)
    with pytest.raises(ValueError, match="the position must be after 0 to"):
        record_position(game_named("ten"), record, len(record["turns"]) + 1)
