import json
import subprocess
import sys

import pytest

from chinese_ten.cli import main
from chinese_ten.records import record_of, replay
from chinese_ten.rules import RuleSet

from dealkit import build_deal


@pytest.fixture
def record_file(tmp_path):
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={1: ["7D"]})
    rec = record_of(deal)
    rec["turns"] = [{"seat": 1, "play": "7D", "take": "3H"}]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json(capsys, record_file):
    code, out, err = run(capsys, "replay", str(record_file), "--json")
    assert code == 0 and err == ""
    pos = json.loads(out)
    assert pos["points"] == [0, 20] and pos["to_move"] == 0
    assert pos["turns"][0]["flip_take"] == "QD"


def test_replay_text(capsys, record_file):
    code, out, _ = run(capsys, "replay", str(record_file))
    assert code == 0 and "to move: seat 0" in out and "margin -85" in out


def test_replay_reads_stdin(monkeypatch, capsys, record_file):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(record_file.read_text()))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["stock_left"] == 23


def test_advise_normal(capsys, record_file):
    code, out, _ = run(capsys, "advise", str(record_file), "--ai", "normal", "--json")
    advice = json.loads(out)
    assert code == 0 and advice["seat"] == 0 and set(advice) == {"seat", "play", "take"}


def test_simulate_json_has_the_contract_keys(capsys):
    code, out, _ = run(capsys, "simulate", "--seats", "3", "--deals", "5", "--players", "normal,random,random",
                       "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"seats", "deals", "players", "mean_margin", "ci95", "deals_per_second", "ms_per_decision"} <= set(data)
    assert data["players"] == ["normal", "random", "random"] and data["deals"] == 5


def test_simulate_duplicate_and_records(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "--deals", "3", "--players", "normal,random", "--duplicate",
                       "--records", str(tmp_path / "recs"), "--json")
    data = json.loads(out)
    assert code == 0 and data["deals"] == 6
    files = sorted((tmp_path / "recs").iterdir())
    assert len(files) == 6
    rec = json.loads(files[0].read_text())
    assert rec["format"] == "chinese-ten/deal-v1" and len(rec["turns"]) == 24 and "result" in rec
    code, out, _ = run(capsys, "replay", str(files[0]), "--json")
    assert json.loads(out)["margins"] == rec["result"]["margins"]


@pytest.mark.parametrize("argv,message", [
    (["simulate", "--bogus"], "unrecognized arguments: --bogus"),
    (["simulate", "--seats", "5"], "2, 3 or 4 seats"),
    (["simulate", "--players", "normal,wizard"], "unknown player 'wizard'"),
    (["simulate", "--players", "normal,normal,normal"], "3 players for 2 seats"),
    (["simulate", "--deals", "0"], "at least 1"),
    (["advise", "x.json"], "required: --ai"),
    (["advise", "missing.json", "--ai", "normal"], "no such file: missing.json"),
    (["replay", "/"], "is a folder"),
    (["frobnicate"], "invalid choice"),
])
def test_errors_are_one_line_with_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and err.startswith("chinese-ten: ")


def test_bad_record_error_names_the_turn(capsys, tmp_path, record_file):
    rec = json.loads(record_file.read_text())
    rec["turns"].append({"play": "7D"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and err == "chinese-ten: turn 2: 7D is not in seat 0's hand\n"


def test_advise_on_a_finished_deal_is_refused(capsys, tmp_path):
    code, _, _ = run(capsys, "simulate", "--deals", "1", "--records", str(tmp_path), "--json")
    path = next(tmp_path.glob("*.json"))
    code, _, err = run(capsys, "advise", str(path), "--ai", "normal")
    assert code == 2 and "over" in err


def test_the_installed_command_prints_no_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    proc = subprocess.run([sys.executable, "-m", "chinese_ten", "replay", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    assert "not valid JSON" in proc.stderr


def test_replay_of_a_record_with_rules_as_an_object_lists_every_option(capsys, tmp_path):
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={0: ["7D"]},
                      rules=RuleSet.of("classic", lead="dealer"))
    rec = record_of(deal)
    assert rec["rules"] == {"preset": "classic", "lead": "dealer"}
    rec["turns"] = [{"seat": 0, "play": "7D", "take": "3H"}]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(path), "--json")
    pos = json.loads(out)
    assert code == 0 and pos["rules"] == {"preset": "classic", "lead": "dealer"} and pos["to_move"] == 1
    assert pos["rule_options"] == {"lead": "dealer", "direction": "clockwise", "four_of_a_kind": "to-dealer",
                                   "scoring": "classic", "deal": "classic", "dead_layout": False,
                                   "next_dealer": "rotate", "win": "margin"}


@pytest.mark.parametrize("rules,message", [
    ("nope", "unknown rules 'nope'"), ({"preset": "classic", "lead": "left"}, "unknown value left"),
    ({"colour": 1}, "unknown rule option 'colour'"),
])
def test_replay_refuses_unknown_rules_in_one_line(capsys, record_file, rules, message):
    rec = json.loads(record_file.read_text())
    rec["rules"] = rules
    record_file.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_advise_decides_under_the_record_rules(capsys, tmp_path):
    rules = RuleSet.of("red-frog")
    deal = build_deal(3, ["9S", "2H", "6C", "JD"], hands={1: ["AS", "8H"]}, rules=rules)
    rec = record_of(deal)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "advise", str(path), "--ai", "normal", "--json")
    # A♠ (50) taking 9♠ (9) beats 8♥ taking 2♥, worth nothing under Red Frog
    assert code == 0 and json.loads(out) == {"seat": 1, "play": "AS", "take": "9S"}


@pytest.mark.parametrize("preset", ["classic", "taiwan", "target", "red-frog", "simplified", "play-red"])
def test_simulate_plays_every_preset_and_writes_its_rules(capsys, tmp_path, preset):
    code, out, err = run(capsys, "simulate", "--seats", "3", "--deals", "2", "--players", "hard,normal,easy",
                         "--think-ms", "2", "--rules", preset, "--records", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"] == preset and data["deals"] == 2
    for path in tmp_path.glob("*.json"):
        rec = json.loads(path.read_text())
        assert rec["rules"] == preset
        assert replay(rec).is_over


def test_simulate_rule_overrides_one_option(capsys, tmp_path):
    code, out, err = run(capsys, "simulate", "--seats", "2", "--deals", "1", "--rules", "taiwan",
                         "--rule", "direction=counter-clockwise", "--rule", "dead_layout=true",
                         "--records", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"] == {"preset": "taiwan", "direction": "counter-clockwise", "dead_layout": True}
    rec = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert rec["rules"] == data["rules"]


@pytest.mark.parametrize("argv,message", [
    (["--rules", "nope"], "unknown rules 'nope'"),
    (["--rule", "lead"], "KEY=VALUE"),
    (["--rule", "lead=left"], "unknown value left"),
    (["--rules", "play-red", "--seats", "4"], "not 4"),
])
def test_simulate_refuses_bad_rules_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, "simulate", "--deals", "1", *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_replay_echoes_the_record_rules_as_given(capsys, record_file):
    rec = json.loads(record_file.read_text())
    rec["rules"] = {"preset": "taiwan", "lead": "after-dealer"}
    record_file.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "replay", str(record_file), "--json")
    pos = json.loads(out)
    assert code == 0 and pos["rules"] == {"preset": "taiwan", "lead": "after-dealer"}
    assert pos["rule_options"]["lead"] == "after-dealer"
