"""The wire forms: events read back equal to what the seat was told, states holding only the seat's
knowledge, messages checked, links taken apart, and the store keeping secrets only as hashes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.net import protocol as p
from chinese_ten.net.links import LinkError, app_link, make_link, parse_link, ws_url
from chinese_ten.net.store import SeatRow, TableRow, secret_hash
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import places_of
from chinese_ten.net.wire import events_from_json, events_json, state_json, story_events


@pytest.mark.parametrize(("game", "seats"), [("ten", 2), ("ten", 4), ("fishing", 3), ("fishing", 8)])
def test_every_update_reads_back_as_the_events_the_seat_was_told(game: str, seats: int) -> None:
    session = TableSession(game_named(game), [SeatKind.computer("random")] * seats, MatchLength.parse("one"),
                           seed=seats, thinker=ComputerThinker(force_inline=True))
    session.advance()
    assert session.deal.is_over
    for seat in range(seats):
        for update in session.updates(seat):
            text = json.dumps(events_json(game, update.events))
            assert events_from_json(game, json.loads(text)) == update.events
        state = state_json(session, seat)
        assert state["hand"] == [] and state["legal"] == []
        assert len(story_events(session, seat)) == sum(len(u.events) for u in session.updates(seat))


def test_a_state_holds_the_seats_own_hand_and_legal_actions_only_on_its_move() -> None:
    session = TableSession(game_named("ten"), [SeatKind.remote(), SeatKind.remote()], MatchLength.parse("one"), seed=3,
                           thinker=ComputerThinker(force_inline=True))
    mover = session.to_act
    assert mover is not None
    for seat in (0, 1):
        state = state_json(session, seat)
        assert state["hand"] == [str(c) for c in sorted(session.deal.hand(seat))]
        assert bool(state["legal"]) == (seat == mover)
        assert set(state) >= {"game", "seats", "seat", "dealer", "rules", "deal", "deals", "turn", "to_move", "hand",
                              "hand_sizes", "layout", "stock_left", "pile_sizes", "points", "totals", "pending", "legal"}


def test_messages_are_checked() -> None:
    assert p.parse_message('{"type": "act", "id": "a5", "action": "play 7D", "extra": 1}') == p.Act("a5", "play 7D")
    created = p.parse_message(json.dumps({"type": "create", "version": 1, "name": "Ann\x00", "computers": {"2": "hard"}}))
    assert isinstance(created, p.Create) and created.name == "Ann" and created.computers == {2: "hard"}
    assert p.parse_message('{"type": "chat", "text": "a\\u0007b"}') == p.Chat("ab")
    for bad in ("[]", "{", '{"type": "act"}', '{"type": "hello", "table": "t"}', '{"type": "fill", "seat": true}',
                '{"type": "create", "computers": {"1": "genius"}}', '{"type": "create", "match": "forever"}', b"{}"):
        with pytest.raises(p.BadMessage):
            p.parse_message(bad)


def test_links_are_made_and_read_back() -> None:
    link = make_link("http://192.168.1.20:47110", "k3m9x2p7", "Qm4R" * 6)
    assert link == "http://192.168.1.20:47110/t/k3m9x2p7#" + "Qm4R" * 6
    parsed = parse_link(link)
    assert (parsed.base, parsed.table, parsed.claim) == ("http://192.168.1.20:47110", "k3m9x2p7", "Qm4R" * 6)
    assert parsed.ws_url == "ws://192.168.1.20:47110/ws"
    assert ws_url("https://tables.example.org/") == "wss://tables.example.org/ws"
    assert parse_link(app_link(parsed)) == parsed
    assert parse_link("chinese-ten://tables.example.org/t/abcd1234#" + "x" * 22).base == "https://tables.example.org"
    for bad in ("", "ftp://x/t/abcd1234#" + "x" * 22, "http://x/t/abcd1234", "http://x/abcd1234#" + "x" * 22,
                "http://x/t/abcd1234#short"):
        with pytest.raises(LinkError):
            parse_link(bad)


def test_places_share_a_tie() -> None:
    assert places_of((5, 5, -10)) == [1, 1, 3]  # type: ignore[arg-type]
    assert places_of((12, -12)) == [1, 2]  # type: ignore[arg-type]


def test_the_store_keeps_tokens_and_claims_only_as_hashes_and_expires_old_tables(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    token, claim = "T0ken-secret-value-123456", "Cl4im-secret-value-654321"
    store.create(TableRow("tbl1", "ten", 2, "classic", "one", True, 42, {}, 0, (), 1000.0, 1000.0),
                 [SeatRow(0, "Ann", "human", token_hash=secret_hash(token)),
                  SeatRow(1, "Guest 1", "empty", claim_hash=secret_hash(claim))])
    store.save_position("tbl1", {"deals": [[]]}, 3, [1], 2000.0)
    row, seats = store.load("tbl1") or (None, [])
    assert row is not None and row.seq == 3 and row.ready == (1,) and seats[1].claim_hash == secret_hash(claim)
    store.close()
    raw = b"".join(f.read_bytes() for f in tmp_path.iterdir())
    assert token.encode() not in raw and claim.encode() not in raw
    store = SqliteStore(tmp_path / "tables.db")
    assert store.expire(2000.0 + 47 * 3600) == []
    assert store.expire(2000.0 + 49 * 3600) == ["tbl1"]
    assert store.load("tbl1") is None
    store.close()
