"""The command line with Go Fishing records and ``simulate --game fishing`` (INTERFACE.md)."""

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli import main
from chinese_ten.games.fishing.record import record_of

from .kit import full_deal

HANDS = ["2C 4C 6C 7C 8H", "9S 8C 10C JC QC", "KC 2D 9D 6D 7D"]
LAYOUT = "5D 4H 9C KD 3C"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, record: dict[str, Any], name: str = "deal.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def record(*turns: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    rec = record_of(full_deal(HANDS, LAYOUT, "QS AH AD AC", rng=rng))
    rec["turns"] = list(turns)
    return rec


def test_replay_json_prints_the_fishing_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, record({"seat": 1, "play": "9S", "take": [["4H", "5D"], [], ["9C"]]}, {"play": "2D"}))
    code, out, err = run(capsys, "replay", path, "--json")
    assert code == 0 and err == ""
    pos = json.loads(out)
    assert set(pos) == {"game", "seats", "dealer", "complete", "to_move", "hands", "layout", "stock_left", "piles",
                        "points", "margins", "turns"}
    assert pos["game"] == "fishing" and pos["to_move"] == 0 and pos["complete"] is False
    assert pos["points"] == [0, 40, 0] and pos["margins"] == [-13.3, 26.7, -13.3]
    assert pos["turns"] == [{"seat": 1, "play": "9S", "take": [["4H", "5D"], ["9C"]]}, {"seat": 2, "play": "2D"}]
    assert pos["layout"] == ["KD", "3C", "AH", "AD", "AC", "2D"]  # seat 1 drew QS; the refill came after


def test_replay_reads_a_fishing_record_from_standard_input(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(record()).encode("utf-8"))))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["game"] == "fishing" and json.loads(out)["to_move"] == 1


def test_replay_in_words_names_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "replay", write(tmp_path, record()))
    assert code == 0 and out.startswith("Chinese Go Fishing, 3 seats, dealer 0, 0 turns played")
    assert "to move: seat 1" in out


@pytest.mark.parametrize(("turns", "message"), [
    ([{"play": "10C"}, {"play": "9D", "take": [["5D", "3C"]]}], "turn 2: 5D + 3C make 8, not 9"),
    ([{"play": "10C"}, {"play": "2D"}, {"play": "2C"}, {"play": "9S", "take": [["9C"], ["9C"]]}],
     "turn 4: 9C is taken twice"),
    ([{"play": "7D"}], "turn 1: 7D is not in seat 1's hand"),
])
def test_an_illegal_record_is_refused_in_one_line_with_status_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                turns: list[dict[str, Any]], message: str) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, record(*turns)))
    assert code == 2 and out == ""
    assert err == f"chinese-ten: {message}\n"


def test_a_chinese_ten_record_still_replays_as_chinese_ten(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "simulate", "--deals", "1", "--records", str(tmp_path / "ten"))
    assert code == 0
    (path,) = (tmp_path / "ten").iterdir()
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and "game" not in json.loads(out) and json.loads(out)["rules"] == "classic"


def test_advise_prints_the_decision_with_its_sets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, record())
    code, out, err = run(capsys, "advise", path, "--ai", "normal", "--json")
    assert code == 0 and err == ""
    # the queen's 3 + 4 + 5 (60 points with the queen) beats the nine's 5 + 4 and 9 (40)
    assert json.loads(out) == {"seat": 1, "play": "QC", "take": [["3C", "4H", "5D"]]}
    code, out, _ = run(capsys, "advise", path, "--ai", "normal")
    assert out == "seat 1: play QC take 3C+4H+5D\n"


@pytest.mark.parametrize("name", ["hard"])
def test_advise_decides_from_the_seats_view_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  name: str) -> None:
    answers = set()
    for shuffle in range(3):
        path = write(tmp_path, record({"play": "10C"}, rng=random.Random(shuffle)), f"d{shuffle}.json")
        code, out, _ = run(capsys, "advise", path, "--ai", name, "--seed", "7", "--think-ms", "5", "--json")
        assert code == 0
        answers.add(out)
    assert len(answers) == 1


def test_advise_on_a_finished_deal_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = full_deal(HANDS, LAYOUT)
    deal.play_out_random(random.Random(1))
    code, out, err = run(capsys, "advise", write(tmp_path, record_of(deal)), "--ai", "easy")
    assert code == 2 and "over" in err and out == ""


def test_simulate_fishing_at_eight_seats_writes_records_with_results(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    folder = tmp_path / "recs"
    code, out, err = run(capsys, "simulate", "--game", "fishing", "--seats", "8", "--deals", "2", "--players",
                         "normal,easy,random,normal,easy,random,normal,hard", "--think-ms", "2",
                         "--records", str(folder), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "fishing" and data["seats"] == 8 and data["deals"] == 2
    assert {"mean_margin", "ci95", "deals_per_second", "ms_per_decision"} <= set(data)
    files = sorted(folder.iterdir())
    assert len(files) == 2
    for path in files:
        rec = json.loads(path.read_text(encoding="utf-8"))
        assert rec["format"] == "chinese-ten/fishing-v1" and "result" in rec
        code, out, _ = run(capsys, "replay", str(path), "--json")
        pos = json.loads(out)
        assert code == 0 and pos["complete"] and pos["margins"] == rec["result"]["margins"]


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--game", "fishing", "--seats", "9"], "2 to 8 seats"),
    (["simulate", "--seats", "5"], "2, 3 or 4 seats"),
    (["simulate", "--game", "fishing", "--rules", "taiwan"], "Chinese Go Fishing has none"),
    (["simulate", "--game", "poker"], "invalid choice"),
])
def test_simulate_refuses_seats_and_options_the_game_does_not_have(capsys: pytest.CaptureFixture[str],
                                                                   argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_the_installed_command_simulates_fishing(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "chinese_ten", "simulate", "--game", "fishing", "--seats", "4",
                           "--deals", "20", "--players", "random", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["seats"] == 4 and data["deals"] == 20 and data["mean_margin"]["random"] == 0
