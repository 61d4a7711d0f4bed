import json
import os
import subprocess
import sys

import pytest

from chinese_ten.cli import main
from chinese_ten.games.ten.record import record_of, replay
from chinese_ten.games.ten.rules import RuleSet

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


@pytest.mark.parametrize("name", ["normal", "expert"])
def test_advise_answers_for_every_strength(capsys, record_file, name):
    code, out, _ = run(capsys, "advise", str(record_file), "--ai", name, "--think-ms", "5", "--json")
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


def test_a_folder_is_refused_as_a_folder_where_opening_it_is_permission_denied(capsys, tmp_path, monkeypatch):
    # Windows raises PermissionError (not IsADirectoryError) when asked to open a folder.
    def denied(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", denied)
    code, out, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and out == ""
    assert err == f"chinese-ten: {tmp_path} is a folder, not a record\n"


def test_an_unreadable_file_is_refused_with_the_reason(capsys, record_file, monkeypatch):
    def denied(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", denied)
    code, _, err = run(capsys, "replay", str(record_file))
    assert code == 2 and err == f"chinese-ten: cannot read {record_file}: Permission denied\n"


def test_reading_stdin_where_there_is_none_is_refused_in_one_line(capsys, monkeypatch):
    # The windowed Windows app starts with sys.stdin set to None.
    monkeypatch.setattr(sys, "stdin", None)
    code, out, err = run(capsys, "replay", "-")
    assert code == 2 and out == ""
    assert "no standard input" in err and err.count("\n") == 1


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


# ---------------------------------------------------------------- hostile input and broken surroundings

posix_only = pytest.mark.skipif(os.name != "posix", reason="special files and resource limits are POSIX")


@pytest.fixture
def env(tmp_path):
    """The environment for a command run in a child process: no window, the log in a private folder."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                CHINESE_TEN_LOG_DIR=str(tmp_path / "logs"), CHINESE_TEN_SETTINGS_DIR=str(tmp_path / "settings"))


def _memory_capped() -> None:
    """In the child: a regression that reads without end fails fast instead of filling the machine's memory."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def cli(env, *argv, timeout=60, **kwargs):
    """Run ``chinese-ten`` in a child process; a hang fails the test at ``timeout`` instead of blocking it."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "chinese_ten", *argv], env=env, text=True, timeout=timeout,
                          **kwargs)


def one_line_error(proc, message):
    """The command failed with status 2 and said only ``message`` (a part of it), on one line."""
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("chinese-ten: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr


@pytest.fixture
def demo_calls(monkeypatch):
    """Stands in for the window's demo, recording whether it was started."""
    import chinese_ten.ui.app as app

    calls = []
    monkeypatch.setattr(app, "run_demo", lambda args: calls.append(args) or 0)
    return calls


def test_demo_deals_beyond_a_match_is_an_argument_error(capsys, demo_calls):
    code, out, err = run(capsys, "demo", "--deals", "1001")
    assert code == 2 and out == "" and not demo_calls
    assert err == "chinese-ten: argument --deals: a match has 1 to 1000 deals, not 1001\n"


@pytest.mark.parametrize("argv,message", [
    (["--frame-stats", "{tmp}/missing/frames.json"], "the folder {tmp}/missing does not exist"),
    (["--frame-stats", "{tmp}"], "{tmp} is a folder; give a file name"),
    (["--frame-stats", ""], "argument --frame-stats: expected a file name"),
    (["--screenshot", "{tmp}/a-file"], "--screenshot: {tmp}/a-file is not a folder"),
    (["--screenshot", "{tmp}/a-file/shots"], "cannot make the folder {tmp}/a-file/shots"),
    (["--screenshot", ""], "argument --screenshot: expected a folder"),
])
def test_demo_refuses_unusable_paths_before_it_starts(capsys, demo_calls, tmp_path, argv, message):
    (tmp_path / "a-file").write_text("kept")
    tmp = str(tmp_path)
    code, out, err = run(capsys, "demo", *[a.format(tmp=tmp) for a in argv])
    assert code == 2 and out == "" and not demo_calls
    assert message.format(tmp=tmp) in err and err.count("\n") == 1
    assert (tmp_path / "a-file").read_text() == "kept"


def test_demo_makes_a_missing_screenshot_folder_and_starts(capsys, demo_calls, tmp_path):
    code, _, err = run(capsys, "demo", "--screenshot", str(tmp_path / "new" / "shots"),
                       "--frame-stats", str(tmp_path / "frames.json"))
    assert code == 0 and err == "" and len(demo_calls) == 1
    assert (tmp_path / "new" / "shots").is_dir()


@posix_only
def test_demo_frame_stats_on_a_full_disk_is_one_line(env):
    proc = cli(env, "demo", "--seats", "2", "--deals", "1", "--frame-stats", "/dev/full", timeout=180)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "chinese-ten: cannot write /dev/full: No space left on device\n"


_TERMINATED_ONCE_STARTED = """
import os, signal, sys
from chinese_ten.ui import app
start = app.App.start_match
def start_then_terminate(self):
    start(self)
    os.kill(os.getpid(), signal.SIGTERM)
app.App.start_match = start_then_terminate
from chinese_ten.cli import main
sys.exit(main(["demo", "--seats", "2", "--deals", "2", "--json"]))
"""


@posix_only
def test_a_demo_stopped_by_sigterm_does_not_report_success(env):
    proc = subprocess.run([sys.executable, "-c", _TERMINATED_ONCE_STARTED], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 130 and proc.stdout == ""
    assert proc.stderr == "chinese-ten: the demo was interrupted after 0 of 2 deals\n"


@pytest.mark.parametrize("where,message", [
    ("a-file", "a-file is not a folder"),
    (os.devnull, f"{os.devnull} is not a folder"),
    ("a-file/recs", "cannot make the folder"),
])
def test_simulate_refuses_a_records_place_that_is_not_a_folder(capsys, tmp_path, where, message):
    (tmp_path / "a-file").write_text("kept")
    code, out, err = run(capsys, "simulate", "--deals", "1", "--records", str(tmp_path / where))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
    assert (tmp_path / "a-file").read_text() == "kept"


def test_simulate_refuses_an_empty_records_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", "--deals", "1", "--records", "")
    assert code == 2 and "argument --records: expected a folder" in err
    assert list(tmp_path.iterdir()) == []


def _file_size_capped() -> None:
    """In the child: files cannot grow past 1 KB, as on a full disk (writes fail instead of stopping the process)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


@posix_only
def test_simulate_on_a_full_disk_says_so_and_leaves_no_broken_record(env, tmp_path):
    recs = tmp_path / "recs"
    proc = cli(env, "simulate", "--deals", "2", "--records", str(recs), preexec_fn=_file_size_capped)
    one_line_error(proc, f"cannot write the record {recs / 'deal-00000-0.json'}: File too large")
    assert list(recs.iterdir()) == []


@posix_only
@pytest.mark.parametrize("buffered", [True, False])
@pytest.mark.parametrize("argv", [["replay", "{record}"], ["simulate", "--deals", "1"]])
def test_output_to_a_full_disk_is_one_line(env, record_file, argv, buffered):
    if buffered:
        env.pop("PYTHONUNBUFFERED", None)
    else:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        proc = cli(env, *[a.format(record=record_file) for a in argv], stdout=full)
    assert proc.returncode == 2
    assert proc.stderr == "chinese-ten: cannot write the output: No space left on device\n"


@posix_only
def test_replay_with_standard_input_closed(env):
    proc = cli(env, "replay", "-", preexec_fn=lambda: os.close(0))
    one_line_error(proc, "there is no standard input to read the record from")


@posix_only
@pytest.mark.parametrize("command", [["replay"], ["advise", "--ai", "normal"]])
def test_a_pipe_is_refused_at_once_not_waited_on(env, tmp_path, command):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    proc = cli(env, command[0], str(fifo), *command[1:], timeout=30)
    one_line_error(proc, f"{fifo} is not a regular file")


@posix_only
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", [["replay"], ["advise", "--ai", "normal"]])
def test_an_endless_device_is_refused(env, device, command):
    proc = cli(env, command[0], device, *command[1:], timeout=30, preexec_fn=_memory_capped)
    one_line_error(proc, f"{device} is not a regular file")


@posix_only
def test_endless_standard_input_is_read_only_up_to_the_limit(env):
    with open("/dev/zero", "rb") as zero:
        proc = cli(env, "replay", "-", stdin=zero, timeout=30, preexec_fn=_memory_capped)
    one_line_error(proc, "standard input holds more than 1 MB; a deal record takes a few kilobytes")


def test_replay_refuses_an_empty_file_name(capsys):
    code, out, err = run(capsys, "replay", "")
    assert code == 2 and err == "chinese-ten: the record's file name is empty\n"


def test_a_record_with_a_byte_order_mark_is_read(capsys, tmp_path, record_file):
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + record_file.read_bytes())
    code, out, err = run(capsys, "replay", str(marked), "--json")
    assert code == 0 and err == "" and json.loads(out)["stock_left"] == 23


HUGE = 300_000


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "normal," + "x" * HUGE],
    ["simulate", "--seed", "9" * 5000],
    ["simulate", "--deals", "9" * 5000],
    ["simulate", "--deals", "-" + "9" * 4000],
    ["x" * HUGE],
    ["replay", "a.json", "--" + "y" * HUGE],
    ["replay", "missing-" + "z" * HUGE],
])
def test_a_huge_argument_gives_a_short_error(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert len(err) < 300 and "Exceeds the limit" not in err


@pytest.mark.parametrize("change", [
    lambda r: r["layout"].__setitem__(0, "Q" * HUGE),
    lambda r: r.update(format="f" * HUGE),
    lambda r: r.update(rules="r" * HUGE),
    lambda r: r.update(seats=[1] * HUGE),
    lambda r: r.update(dealer=10 ** 4000),
    lambda r: r["turns"].__setitem__(0, {"seat": 7 ** 4000, "play": "7D"}),
    lambda r: r["turns"].__setitem__(0, {"play": "7D", "flip": ["AH"] * HUGE}),
])
def test_a_huge_value_in_a_record_gives_a_short_error(capsys, tmp_path, record_file, change):
    rec = json.loads(record_file.read_text())
    change(rec)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < 300


def test_a_number_longer_than_python_reads_is_refused_in_words(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chinese-ten/deal-v1", "seats": ' + "9" * 5000 + "}")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and err == "chinese-ten: the record holds a number too long to read\n"


@pytest.fixture
def log_folder(tmp_path, monkeypatch):
    """The log goes to a private folder; the logging set up during the test is undone after it."""
    import logging

    from chinese_ten.logs import LOG_DIR_ENV, LOGGER_NAME

    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "logs"))
    logger = logging.getLogger(LOGGER_NAME)
    before = list(logger.handlers)
    yield tmp_path / "logs"
    for handler in list(logger.handlers):
        if handler not in before:
            logger.removeHandler(handler)
            handler.close()


def _boom(*args, **kwargs):
    raise RuntimeError("an engine fault")


@pytest.mark.parametrize("argv,target", [
    (["replay", "{record}"], "chinese_ten.games.ten.commands.position_of"),
    (["advise", "{record}", "--ai", "normal"], "chinese_ten.games.ten.commands.make_player"),
    (["simulate", "--deals", "1"], "chinese_ten.engine.simulate.simulate"),
])
def test_a_crash_in_a_subcommand_reaches_the_log(capsys, monkeypatch, log_folder, record_file, argv, target):
    from chinese_ten.logs import LOG_FILENAME

    monkeypatch.setattr(target, _boom)
    code, out, err = run(capsys, *[a.format(record=record_file) for a in argv])
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and str(log_folder / LOG_FILENAME) in err
    text = (log_folder / LOG_FILENAME).read_text()
    assert "Traceback" in text and "RuntimeError: an engine fault" in text


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


def test_review_json_shape(capsys, record_file):
    code, out, err = run(capsys, "review", str(record_file), "--seat", "1", "--seed", "3", "--json")
    assert code == 0 and err == ""
    got = json.loads(out)
    assert set(got) == {"seat", "decisions", "total_loss", "accuracy"} and got["seat"] == 1
    assert [d["kind"] for d in got["decisions"]] == ["play", "take"]
    for d in got["decisions"]:
        marked = {"reason"} if d["label"] != "best" else set()  # a reason for every decision not marked best
        assert set(d) == {"turn", "kind", "chosen", "best", "options", "loss", "label", "line"} | marked
        assert d["turn"] == 1 and isinstance(d["line"], list)
        assert d["label"] in ("best", "inaccuracy", "mistake", "blunder")
        assert all(set(o) == {"play", "take", "expected", "stderr"} for o in d["options"])
        assert all(o["stderr"] >= 0 for o in d["options"])
        assert set(d["chosen"]) == set(d["best"]) == {"play", "take"}
        values = {(o["play"], o["take"]): o["expected"] for o in d["options"]}
        assert d["options"][0]["expected"] == max(values.values())
        assert (d["best"]["play"], d["best"]["take"]) == (d["options"][0]["play"], d["options"][0]["take"])
    play, take = got["decisions"]
    assert play["chosen"] == {"play": "7D", "take": "3H"}
    assert take["chosen"] == {"play": "7D", "take": "3H"}
    assert {o["take"] for o in take["options"]} == {"3H", "3S"}
    assert got["total_loss"] == pytest.approx(play["loss"] + take["loss"], abs=0.11)
    assert isinstance(got["accuracy"], int) and 0 <= got["accuracy"] <= 100
    again = run(capsys, "review", str(record_file), "--seat", "1", "--seed", "3", "--json")[1]
    assert again == out, "the same seed gives the same review"


def test_review_in_words_names_every_decision(capsys, record_file):
    code, out, err = run(capsys, "review", str(record_file), "--seat", "1")
    assert code == 0 and err == ""
    assert "turn 1, play: 7D taking 3H" in out and "turn 1, take: 7D takes 3H" in out
    assert "accuracy" in out


def test_review_of_a_seat_with_no_decisions_yet(capsys, record_file):
    code, out, _ = run(capsys, "review", str(record_file), "--seat", "0", "--json")
    assert code == 0 and json.loads(out) == {"seat": 0, "decisions": [], "total_loss": 0, "accuracy": 100}


@pytest.mark.parametrize("argv, message", [
    (["--seat", "2"], "seat must be a seat from 0 to 1, not 2"),
    (["--seat", "x"], "expected a whole number"),
    ([], "--seat"),
])
def test_review_refuses_bad_arguments_in_one_line(capsys, record_file, argv, message):
    code, out, err = run(capsys, "review", str(record_file), *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_review_refuses_an_illegal_record_naming_the_turn(capsys, tmp_path, record_file):
    rec = json.loads(record_file.read_text())
    rec["turns"][0]["play"] = "AS"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, out, err = run(capsys, "review", str(bad), "--seat", "1")
    assert code == 2 and out == "" and err.startswith("chinese-ten: turn 1:") and err.count("\n") == 1
    code, _, err = run(capsys, "review", str(tmp_path / "missing.json"), "--seat", "1")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "env", "said"), [
    (["--settings-dir", "", "history"], {}, "--settings-dir: expected a folder, not an empty name"),
    (["stats"], {"CHINESE_TEN_LOG_DIR": ""}, "CHINESE_TEN_LOG_DIR is set to an empty name"),
    (["history"], {"CHINESE_TEN_SETTINGS_DIR": ""}, "CHINESE_TEN_SETTINGS_DIR is set to an empty name"),
])
def test_an_empty_folder_name_for_settings_or_logs_is_refused_in_one_line(capsys, monkeypatch, argv, env,  # type: ignore[no-untyped-def]
                                                                          said) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err


@pytest.mark.parametrize("argv", [
    ["simulate", "--deal", "5", "--dea", "3"],
    ["simulate", "--seat", "3", "--deals", "1"],
    ["replay", "x.json", "--js"],
    ["--data", "somewhere", "history"],
])
def test_an_option_is_taken_only_by_its_whole_name(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and err.count("\n") == 1
    assert "unrecognized arguments" in err or "invalid choice: 'somewhere'" in err


def test_simulate_deal_plays_that_deal_number_once_unless_told_more(capsys, tmp_path):
    code, out, err = run(capsys, "simulate", "--deal", "4554451136184853", "--players", "random",
                         "--records", str(tmp_path / "one"), "--json")
    assert code == 0 and not err and json.loads(out)["deals"] == 1
    (record,) = [json.loads(p.read_text()) for p in (tmp_path / "one").iterdir()]
    assert record["deal_number"] == 4554451136184853
    code, out, _ = run(capsys, "simulate", "--deal", "77", "--deals", "3", "--players", "random", "--seed", "2",
                       "--records", str(tmp_path / "three"), "--json")
    numbers = sorted(json.loads(p.read_text())["deal_number"] for p in (tmp_path / "three").iterdir())
    assert code == 0 and json.loads(out)["deals"] == 3 and 77 in numbers and len(set(numbers)) == 3
    code, _, err = run(capsys, "simulate", "--deal", "-1")
    assert code == 2 and "a deal number is a whole number from 0" in err
