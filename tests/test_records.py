import copy
import io
import json
import os
import random
import re

import pytest

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.engine.records import MAX_RECORD_BYTES, RecordError, parse_record, read_record_file, read_record_stream
from chinese_ten.games.ten.record import FORMAT, position_of, record_of, replay

from dealkit import build_deal


def _played(seed: int = 3, seats: int = 2, turns: int = 24) -> Deal:
    deal = Deal.from_seed(seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_plays()))
        while deal.phase is not Phase.PLAY and not deal.is_over:
            if deal.phase is Phase.CHOOSE:
                deal.choose(rng.choice(deal.pending.candidates))
            else:
                deal.flip()
    return deal


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_written_record_replays_to_the_same_deal(seats):
    deal = _played(seed=seats, seats=seats)
    again = replay(json.loads(json.dumps(record_of(deal))))
    assert position_of(again) == position_of(deal)


def test_worked_turn_record_and_replay_output():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={1: ["7D"]})
    record = record_of(deal)
    record["turns"] = [{"seat": 1, "play": "7♦", "take": "3h", "flip": "QS"}]
    pos = position_of(replay(record))
    assert pos["turns"] == [{"seat": 1, "play": "7D", "take": "3H", "flip": "QS", "flip_take": "QD"}]
    assert pos["points"] == [0, 20] and pos["margins"] == [-105, -85]
    assert pos["layout"] == ["3S", "6C"] and pos["stock_left"] == 23
    assert pos["complete"] is False and pos["to_move"] == 0
    assert set(pos) == {"seats", "dealer", "rules", "rule_options", "complete", "to_move", "hands", "layout", "stock_left",
                        "piles", "points", "margins", "turns"}


def test_absent_take_takes_the_highest_scoring_candidate():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={1: ["7D"]})
    record = record_of(deal)
    record["turns"] = [{"play": "7D"}]
    assert replay(record).turns[0].take[0] == deal.candidates("7D")[1]  # 3H, the red one


def test_triple_take_may_be_a_list_or_left_out():
    deal = build_deal(2, ["KS", "KH", "KD", "4C"], hands={1: ["KC"]})
    record = record_of(deal)
    record["turns"] = [{"play": "KC", "take": ["KD", "KS", "KH"]}]
    assert len(replay(record).turns[0].take) == 3
    record["turns"] = [{"play": "KC"}]
    out = position_of(replay(record))
    assert sorted(out["turns"][0]["take"]) == ["KD", "KH", "KS"]


def test_extra_keys_are_kept_and_ignored_and_defaults_apply():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"])
    record = record_of(deal, result={"note": "x"})
    del record["rules"], record["dealer"]
    record["comment"] = "hello"
    assert replay(record).dealer == 0


def _record():
    return record_of(build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={1: ["7D", "9C"]}))


@pytest.mark.parametrize("mutate,message", [
    (lambda r: r.update(format="chinese-ten/deal-v2"), "format must be"),
    (lambda r: r.update(seats=5), "seats must be one of 2, 3, 4"),
    (lambda r: r.update(rules="frog"), "unknown rules"),
    (lambda r: r.update(dealer=2), "dealer must be a seat from 0 to 1"),
    (lambda r: r.update(hands="nope"), "hands must be a list of 2 lists"),
    (lambda r: r["layout"].append("ZZ"), "layout: not a card"),
    (lambda r: r["stock"].__setitem__(0, "7D"), "7D is dealt twice"),
    (lambda r: r["stock"].pop(), "the deal is missing"),
    (lambda r: r.update(turns={}), "turns must be a list"),
    (lambda r: r.update(turns=[{"play": "AS"}]), "turn 1: AS is not in seat 1's hand"),
    (lambda r: r.update(turns=[{"seat": 0, "play": "7D"}]), "turn 1: it is seat 1's turn, not seat 0's"),
    (lambda r: r.update(turns=[{"play": "7D", "take": "6C"}]), "turn 1: 6C is not a card 7D can take"),
    (lambda r: r.update(turns=[{"play": "9C", "take": "3S"}]), "turn 1: 9C takes nothing"),
    (lambda r: r.update(turns=[{"play": "7D", "flip": "AH"}]), "turn 1: the flip must be the top of the stock, QS"),
    (lambda r: r.update(turns=[{"play": "7D", "flip_take": "3S"}]), "turn 1: 3S is not a card QS can take"),
    (lambda r: r.update(turns=[{"take": "3H"}]), "turn 1: the turn has no play"),
    (lambda r: r.update(turns=["7D"]), "turn 1: a turn must be a JSON object"),
    (lambda r: r.update(turns=[{"play": 7}]), "turn 1: play must be a card"),
])
def test_every_kind_of_bad_record_is_refused_in_one_line(mutate, message):
    record = _record()
    mutate(record)
    with pytest.raises(RecordError) as err:
        replay(record)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_more_turns_than_the_deal_has():
    deal = _played(seed=1)
    record = record_of(deal)
    record["turns"].append(dict(record["turns"][0]))
    with pytest.raises(RecordError, match="turn 25: the deal is over after 24 turns"):
        replay(record)


def test_later_turn_is_named():
    deal = _played(seed=2, turns=5)
    record = record_of(deal)
    record["turns"][3]["play"] = record["turns"][0]["play"]
    with pytest.raises(RecordError, match=r"^turn 4: "):
        replay(record)


@pytest.mark.parametrize("text,message", [
    ("", "not valid JSON"), ("{", "not valid JSON"), ("[1]", "must be a JSON object"), ("[" * 100000, "nested too deeply"),
])
def test_unreadable_text(text, message):
    with pytest.raises(RecordError, match=message):
        parse_record(text)


def test_record_of_a_fresh_deal_is_a_valid_deal_v1():
    rec = record_of(Deal.from_seed(4, seed=1, dealer=3))
    assert rec["format"] == FORMAT and rec["dealer"] == 3 and rec["turns"] == []
    assert len(rec["hands"]) == 4 and all(len(h) == 6 for h in rec["hands"])
    back = replay(copy.deepcopy(rec))
    assert back.hands == Deal.from_seed(4, seed=1, dealer=3).hands


def test_a_byte_order_mark_before_the_record_is_allowed():
    record = _record()
    assert parse_record("\ufeff" + json.dumps(record)) == record


@pytest.mark.parametrize("seat", [True, 1.0, "1", [1]])
def test_a_turn_seat_must_be_a_whole_number(seat):
    record = _record()
    record["turns"] = [{"seat": seat, "play": "7D"}]
    with pytest.raises(RecordError, match=r"^turn 1: seat must be a seat number, not "):
        replay(record)


def test_a_huge_value_is_shown_cut_short():
    record = _record()
    record["layout"][0] = "Q" * 100_000
    with pytest.raises(RecordError) as err:
        replay(record)
    assert str(err.value).startswith("layout: not a card: 'QQQQ") and len(str(err.value)) < 80


def test_reading_a_record_file(tmp_path):
    path = tmp_path / "deal.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_record()).encode("utf-8"))
    assert read_record_file(path) == _record()


@pytest.mark.parametrize("make,message", [
    (lambda p: p.mkdir(), "is a folder, not a record"),
    (lambda p: None, "no such file: "),
    (lambda p: p.write_bytes(b"\xff{}"), "is not UTF-8 text (byte 1 cannot be read)"),
    (lambda p: (p.touch(), os.truncate(p, MAX_RECORD_BYTES + 1)), "holds more than 1 MB; a deal record takes a few"),
])
def test_unreadable_record_files_are_refused_in_one_line(tmp_path, make, message):
    path = tmp_path / "deal.json"
    make(path)
    with pytest.raises(RecordError, match=re.escape(message)):
        read_record_file(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="is not a regular file"):
        read_record_file(fifo)


def test_an_empty_file_name_is_not_the_current_folder():
    with pytest.raises(RecordError, match="the record's file name is empty"):
        read_record_file("")


class _Endless(io.RawIOBase):
    """A stream that never ends, remembering how much was asked of it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b"0" * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_an_endless_stream_is_read_only_just_past_the_limit():
    stream = _Endless()
    with pytest.raises(RecordError, match="standard input holds more than 1 MB"):
        read_record_stream(io.BufferedReader(stream))
    assert stream.given <= MAX_RECORD_BYTES + 1 + io.DEFAULT_BUFFER_SIZE


def test_a_record_with_a_dead_layout_is_refused_under_that_option():
    from chinese_ten.games.ten.rules import RuleSet

    deal = build_deal(2, ["JS", "JH", "JD", "2C"])
    record = record_of(deal)
    record["rules"] = {"preset": "classic", "dead_layout": True}
    with pytest.raises(RecordError, match="dead"):
        replay(record)
    record["rules"] = {"preset": "classic", "next_dealer": "lowest", "win": "target"}
    assert replay(record).rules == RuleSet.of("classic", next_dealer="lowest", win="target")


def test_a_record_under_play_red_sizes_must_deal_them():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"])
    record = record_of(deal)
    record["rules"] = "play-red"
    with pytest.raises(RecordError, match="the rules deal 10"):
        replay(record)
