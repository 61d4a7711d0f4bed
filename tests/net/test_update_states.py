"""Each ``update``'s ``state`` is the seat's state just after that update's own events, never a later
step's: whole matches of both games, with people and a computer, each update's state compared with the
state the match replayed to just that step gives. On a table with a clock moved by hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.net import protocol as p
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table, rules_for
from chinese_ten.net.wire import common_state, state_json
from tests.net.tablekit import HandClock, Line


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    kept = SqliteStore(tmp_path / "tables.db")
    yield kept
    kept.close()


def play_match(store: SqliteStore, game: str) -> tuple[Table, dict[int, Line]]:
    """A three-seat match of ``game`` (a host, a guest and a Normal computer) played to its end by the
    people's first legal actions, each person ready for every next deal."""
    clock = HandClock()
    msg = p.Create(1, "Ann", game, 3, None, "per-seat", {2: "normal"}, True)
    table, _token, claims = Table.open(msg, store, clock, public_url="http://127.0.0.1:9")
    lines = {0: Line()}
    table.attach(0, lines[0])
    for seat, claim in claims.items():
        lines[seat] = Line()
        table.take_claim(claim, f"G{seat}", lines[seat])
    for _ in range(5_000):  # three deals of at most a few dozen steps each
        clock.run()
        if table.phase == "match_over":
            return table, lines
        if table.phase == "deal_over":
            for seat in lines:
                table.ready_next(seat)
            continue
        mover = table.session.to_act
        if mover in lines:
            table.act(mover, None, str(table.session.deal.legal_actions()[0]))
    raise AssertionError("the match never ended")


def replayed_states(table: Table, seat: int) -> list[tuple[int, dict[str, Any]]]:
    """The deal number and ``seat``'s state after each step of the table's match, replayed from its seed and
    its actions on a session of its own: as each deal was dealt, then after each action."""
    row = table.row
    replay = TableSession(table.game, [SeatKind.remote()] * len(table.seats), MatchLength.parse(row.match),
                          rules=rules_for(row.game, row.rules), seed=row.seed)
    found: list[tuple[int, dict[str, Any]]] = []

    def shown() -> None:
        state = state_json(replay, seat, playing=not replay.deal.is_over, common=common_state(replay))
        found.append((replay.deal_number, json.loads(p.dump(state))))

    for number, actions in enumerate(table.session.actions, start=1):
        if number > 1:
            assert replay.next_deal()
        shown()
        for text in actions:
            replay.deal.apply(table.game.parse_action(text))
            shown()
    return found


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_every_updates_state_is_the_match_replayed_to_just_that_step(store: SqliteStore, game: str) -> None:
    table, lines = play_match(store, game)
    for seat, line in lines.items():
        told = [(f["step"]["deal"], f["state"]) for f in line.of("update")]
        expected = replayed_states(table, seat)
        assert len(told) == len(expected) > 3 * 10
        for step, (got, wanted) in enumerate(zip(told, expected)):
            assert got == wanted, f"seat {seat}'s update {step} (deal {wanted[0]}) shows another step's state"


def test_a_played_cards_update_does_not_yet_show_the_card_turned_after_it(store: SqliteStore) -> None:
    table, lines = play_match(store, "ten")
    updates = lines[0].of("update")
    pairs = [(a, b) for a, b in zip(updates, updates[1:])
             if [e["kind"] for e in a["events"]][:1] == ["played"] and [e["kind"] for e in b["events"]][:1] == ["turned"]]
    assert pairs, "no played card was followed by a turned one"
    for played, turned in pairs:
        assert played["state"]["stock_left"] == turned["state"]["stock_left"] + 1
        card = turned["events"][0]["card"]
        assert card not in played["state"]["layout"]
